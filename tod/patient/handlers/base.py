"""The one interface of an answer handler: an asked intent's named items -> statements.

Each kind of answer of :data:`~tod.patient.policy.INTENT_RULES` ("list", "symptoms",
"descriptor", ...) has one handler; the policy gives it the intent, its rule (the record
fields it reads), the doctor's named items and the dialogue state, and gets back the
statements that answer the intent and the extras a volunteering persona may add.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Sequence

from tod.patient.acts import Fill, Statement
from tod.patient.facts import field_texts
from tod.patient.handlers.not_applicable import NotApplicable
from tod.patient.handlers.not_sure import OWN_BODY, NotSure
from tod.patient.handlers.statements import StatementMaker
from tod.patient.state import DialogueState

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule

#: The path of what eases a symptom ("symptoms[0].relieving_factors[1]"): its symptom's index.
_EASED_PATH = re.compile(r"^symptoms\[(\d+)\]\.relieving_factors\[\d+\]$")
#: The path of how a symptom looks or smells ("symptoms[1].color"): its symptom's index and its field.
_LOOK_PATH = re.compile(r"^symptoms\[(\d+)\]\.(color|shape|texture|smell)$")
#: The descriptor intent that says each such field ("It's red.").
_LOOK_INTENT = {"color": "ask_symptom_description_color", "shape": "ask_symptom_description_shape",
                "texture": "ask_symptom_description_shape", "smell": "ask_symptom_description_smell"}


class AnswerHandler(ABC):
    """Answers one kind of intent from one case's record.

    Args:
        say: the statement maker of the case (its record lookup included).
        not_sure: the "not sure" answers of the case.
        not_applicable: what cannot apply to the patient.
    """

    def __init__(self, say: StatementMaker, not_sure: NotSure, not_applicable: NotApplicable) -> None:
        self.say = say
        self.lookup = say.lookup
        self.not_sure = not_sure
        self.not_applicable = not_applicable

    @abstractmethod
    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """The statements that answer ``intent`` about the doctor's named items ``queries``
        (none: a general question) from the fields of its ``rule``, and the extras a
        volunteering persona may add."""

    def symptom_fill(self, index: int) -> Fill:
        """The name of the symptom at ``index`` in lay words, with its path."""
        return Fill(self.lookup.lay(self.lookup.case.symptoms[index].name), (f"symptoms[{index}]",))

    def said_members(self, intent: str, paths: Sequence[str]) -> list[Statement]:
        """The recorded members of a family the doctor named
        (:meth:`~tod.patient.record_lookup.RecordLookup.recorded_members`), said instead of a
        denial: whole facts with the honest link (``present_maybe``: "Well, I've had acid
        reflux, if that's what you mean."), a remedy recorded as easing a symptom as what eases it
        ("What helps the back pain? Ibuprofen."), how a symptom looks as its descriptor ("The
        rash? Red." to "redness?", :meth:`~tod.patient.record_lookup.RecordLookup.described`);
        nothing when ``paths`` is empty."""
        section = intent if intent in OWN_BODY else "common"
        statements = self.say.maybe(section, [p for p in paths if not _EASED_PATH.match(p) and not _LOOK_PATH.match(p)])
        for path in paths:
            if found := _EASED_PATH.match(path):
                fills = {"symptom": self.symptom_fill(int(found.group(1))), "items": self.say.items([path])}
                statements.append(Statement("ask_symptom_factors", "better", "present", fills, items=1))
            elif found := _LOOK_PATH.match(path):
                value = Fill(self.lookup.lay(field_texts(self.lookup.case, path)[0]), (path,))
                fills = {"symptom": self.symptom_fill(int(found.group(1))), "value": value}
                statements.append(Statement(_LOOK_INTENT[found.group(2)], "present", "present", fills, items=1))
        return statements
