"""The answer to a symptom descriptor intent: how long, when, how bad, where, what shape, colour or smell.

:class:`DescriptorHandler` says the asked descriptors of the symptoms the question is about,
each with its template variant, and offers the symptom's other descriptors as extras.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, Sequence

from tod.patient.acts import Fill, Statement
from tod.patient.facts import field_texts
from tod.patient.handlers.not_applicable import NotApplicable
from tod.patient.handlers.not_sure import NotSure
from tod.patient.handlers.statements import StatementMaker
from tod.patient.handlers.targets import SymptomTargets
from tod.patient.state import DialogueState
from tod.patient.templates import join_items
from tod.records.model import SYMPTOM_DESCRIPTORS

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule

#: Descriptors said with a template variant of their own ("the rash has been spreading to my
#: arms", not "it was spreading"); the others use their intent's "present" variant.
_DESCRIPTOR_VARIANT: Mapping[str, str] = MappingProxyType({"course": "course"})


def _descriptor_variant(name: str) -> str:
    """The template variant that says the descriptor ``name`` ("course", else "present")."""
    return _DESCRIPTOR_VARIANT.get(name, "present")


def _unrecorded_variant(fields: Sequence[str]) -> str:
    """The variant that says the asked ``fields`` are not recorded: that of their own variant
    when all share one ("course_not_recorded": "I haven't kept track of whether it comes and
    goes."), else "not_recorded"."""
    variants = {_descriptor_variant(f) for f in fields}
    return f"{variants.pop()}_not_recorded" if len(variants) == 1 and "present" not in variants else "not_recorded"


def _descriptor_groups(paths: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Descriptor paths grouped by the template variant that says them, in order."""
    groups: dict[str, list[str]] = {}
    for path in paths:
        groups.setdefault(_descriptor_variant(path.rsplit(".", 1)[-1]), []).append(path)
    return list(groups.items())


#: A descriptor intent whose own fields are empty answered from another descriptor, when the
#: question asks for the field it stands in for: when a symptom began (onset), by how long it
#: has lasted (duration); never how it goes (course) by how long.
_DESCRIPTOR_FALLBACK: Mapping[str, tuple[str, str]] = MappingProxyType(
    {"ask_symptom_description_time": ("onset", "duration")})


#: The words that ask for one descriptor of its intent rather than another: "constant, or does
#: it come and go?" asks the course, "when did it start?" the onset.
_FIELD_QUESTION: Mapping[str, re.Pattern[str]] = MappingProxyType({
    "course": re.compile(r"\b(?:constant|continuous|all the time|comes? and go|coming and going|intermittent"
                         r"|on and off|off and on|getting (?:better|worse)|improv|worsen|pattern|how often)", re.IGNORECASE),
    "onset": re.compile(r"\b(?:when did|start|began|begin|onset|sudden|gradual|c[ao]me on)", re.IGNORECASE),
})


def asked_fields(fields: Sequence[str], text: str) -> tuple[str, ...]:
    """The descriptor ``fields`` of an intent that the question ``text`` asks for
    (:data:`_FIELD_QUESTION`): those whose words it holds when it holds words of some but not
    all of them ("is it constant?" asks the course of a time question, never its onset), else
    all of them."""
    named = tuple(f for f in fields if f in _FIELD_QUESTION and _FIELD_QUESTION[f].search(text))
    return named if named and len(named) < len([f for f in fields if f in _FIELD_QUESTION]) else tuple(fields)


class DescriptorHandler(SymptomTargets):
    """Answers the symptom descriptor intents (rule kind "descriptor").

    Args:
        say, not_sure, not_applicable: as for every handler.
        descriptor_intents: symptom descriptor -> the intent that asks about it ("texture" ->
            the shape intent).
    """

    def __init__(self, say: StatementMaker, not_sure: NotSure, not_applicable: NotApplicable, *,
                 descriptor_intents: Mapping[str, str]) -> None:
        super().__init__(say, not_sure, not_applicable)
        self._descriptor_intents = descriptor_intents

    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """The asked descriptors of each symptom the question is about (up to k), a symptom's
        own empty descriptor answered from its fallback (unless the question asks for another
        descriptor of the intent only: :func:`asked_fields`) or "not recorded"; extras: its
        other descriptors not yet revealed."""
        fields = asked_fields(rule.symptom_fields, self.lookup.turn_text)
        targets, statements = self.targets(queries, rule.symptom_fields)
        extras: list[Statement] = []
        for index in targets[: self.lookup.max_facts]:
            symptom = self.lookup.case.symptoms[index]
            paths = [f"symptoms[{index}].{name}" for name in fields if getattr(symptom, name)]
            fills = {"symptom": self.symptom_fill(index)}
            stands_for, fallback = _DESCRIPTOR_FALLBACK.get(intent, (None, None))
            fallback = fallback if stands_for in fields else None
            if not paths and fallback and getattr(symptom, fallback):
                # "recent, or for a long time?" with no onset recorded: how long it has lasted
                path = f"symptoms[{index}].{fallback}"
                value = Fill(self.lookup.lay(field_texts(self.lookup.case, path)[0]), (path,))
                statements.append(Statement(self._descriptor_intents[fallback], "present", "present",
                                            {**fills, "value": value}, items=1))
                continue
            if not paths:
                statements.append(Statement(intent, _unrecorded_variant(fields), "not_recorded", fills))
                continue
            for variant, group in _descriptor_groups(paths):
                value = Fill(join_items([self.lookup.lay(field_texts(self.lookup.case, p)[0]) for p in group]), tuple(group))
                statements.append(Statement(intent, variant, "present", {**fills, "value": value}, items=1))
        room = self.lookup.max_facts - sum(s.items for s in statements)
        if targets and room > 0:
            extras = self._other_descriptors(targets[0], exclude=intent, state=state)[:room]
        return statements, extras

    def _other_descriptors(self, index: int, *, exclude: str, state: DialogueState) -> list[Statement]:
        symptom = self.lookup.case.symptoms[index]
        found = []
        for name in SYMPTOM_DESCRIPTORS:
            other = self._descriptor_intents[name]
            path = f"symptoms[{index}].{name}"
            if other == exclude or not getattr(symptom, name) or state.is_revealed(path):
                continue
            value = Fill(self.lookup.lay(field_texts(self.lookup.case, path)[0]), (path,))
            found.append(Statement(other, _descriptor_variant(name), "present",
                                   {"symptom": self.symptom_fill(index), "value": value}, items=1))
        return found
