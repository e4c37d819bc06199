"""What passes between the patient's stages, and the interfaces of the stages.

One doctor turn flows through :class:`~tod.patient.agent.PatientAgent` as::

    TurnParse --Policy--> IntentAnswer (Statements with Fills) --Renderer--> Rendering (Parts)
        --> provenance guard --> optional polish --> dialogue manager --> PatientReply

* :class:`~tod.nlu.types.TurnParse` (the NLU's output): intents and slot values.
* :class:`IntentAnswer` (the policy's output): per asked intent, what to say as
  :class:`Statement` objects, each a template section/variant, an outcome, and
  :class:`Fill` texts with the record paths they state. The policy never chooses words.
* :class:`Rendering` (the renderer's output): the reply as template :class:`Part` objects,
  the record paths it states and those it volunteered. The guard checks the parts, polish
  is handed their fills (:attr:`Rendering.facts`).

A stage is replaceable on its own: anything with the methods of :class:`Policy` or
:class:`Renderer` can be given to the agent (the defaults are
:class:`~tod.patient.policy.RecordPolicy` and :class:`~tod.patient.nlg.TemplateRenderer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Mapping, Protocol, Sequence

from tod.nlu.types import TurnParse
from tod.patient.state import DialogueState, QuestionKey
from tod.patient.templates import Part, compose, fact_fills

Outcome = Literal["present", "denied", "not_recorded"]


@dataclass(frozen=True)
class Fill:
    """Text for one template placeholder and the record paths it states (``()`` for the
    doctor's own words); ``items``: the texts a list fill joins, when they are kept (the
    doctor's items a "not sure" echoes), so fills can be merged item by item."""

    text: str
    paths: tuple[str, ...] = ()
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Statement:
    """One thing to say: template ``section``/``variant`` with ``fills``.

    ``paths`` are facts the statement states without a fill (a blanket denial such as
    "No, I don't smoke" states ``social.tobacco``). ``items`` counts the facts stated, for
    the per-intent limit.
    """

    section: str
    variant: str
    outcome: Outcome
    fills: Mapping[str, Fill] = field(default_factory=dict)
    paths: tuple[str, ...] = ()
    items: int = 0
    #: whether the statement answers an item the doctor named; one that does not (the rest of
    #: the patient's symptoms for "any other symptoms?") never opens with "Yes"
    named: bool = True

    @property
    def all_paths(self) -> tuple[str, ...]:
        """Every record path behind the statement, fills included, in order, no duplicates."""
        found = list(self.paths)
        for fill in self.fills.values():
            found.extend(fill.paths)
        return tuple(dict.fromkeys(found))


@dataclass(frozen=True)
class IntentAnswer:
    """The policy's answer to one asked intent.

    ``repeated``: the question was answered before and this answer states nothing new.
    ``extras``: statements a volunteering persona may add (related, unrevealed facts).
    """

    intent: str
    key: QuestionKey
    statements: tuple[Statement, ...]
    extras: tuple[Statement, ...] = ()
    repeated: bool = False

    @property
    def paths(self) -> tuple[str, ...]:
        """The record paths behind the statements (extras excluded)."""
        return tuple(dict.fromkeys(p for s in self.statements for p in s.all_paths))


@dataclass(frozen=True)
class Rendering:
    """A rendered reply: its parts, the record paths it states, and which of those were
    volunteered (stated without being asked)."""

    parts: tuple[Part, ...]
    provenance: tuple[str, ...]
    volunteered: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The reply text of the parts."""
        return compose(self.parts)

    @property
    def facts(self) -> list[str]:
        """The texts of the parts' record and {asked} placeholders: what a rewrite must keep."""
        return fact_fills(self.parts)


class Policy(Protocol):
    """Stage 2: decides which record facts answer a turn (never the words)."""

    def handles(self, intent: str) -> bool:
        """Whether the policy answers ``intent`` (others are reported as unknown)."""
        ...

    def answer(self, parse: TurnParse, state: DialogueState) -> list[IntentAnswer]:
        """One answer per distinct handled intent of ``parse``, in order; ``state`` is read,
        never changed."""
        ...


class Renderer(Protocol):
    """Stage 3: words the policy's answers and the fixed utterances as template parts."""

    def opening(self, text: str) -> Part:
        """The record's opening statement, verbatim."""
        ...

    def fixed(self, section: str, variant: str) -> Part:
        """An utterance with no record content ("closing"/"common" variants)."""
        ...

    def answers(self, answers: Sequence[IntentAnswer]) -> Rendering:
        """The reply to a turn's answers."""
        ...
