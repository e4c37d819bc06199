"""The answer to a symptom descriptor intent: how long, when, how bad, where, what shape, colour or smell.

:class:`DescriptorHandler` says the asked descriptors of the symptoms the question is about,
each with its template variant, and offers the symptom's other descriptors as extras.
"""

from __future__ import annotations

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


def _descriptor_groups(paths: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Descriptor paths grouped by the template variant that says them, in order."""
    groups: dict[str, list[str]] = {}
    for path in paths:
        groups.setdefault(_descriptor_variant(path.rsplit(".", 1)[-1]), []).append(path)
    return list(groups.items())


#: A descriptor intent whose own fields are empty answered from another descriptor: when
#: a symptom began, by how long it has lasted.
_DESCRIPTOR_FALLBACK: Mapping[str, str] = MappingProxyType({"ask_symptom_description_time": "duration"})


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
        own empty descriptor answered from its fallback or "not recorded"; extras: its other
        descriptors not yet revealed."""
        targets, statements = self.targets(queries, rule.symptom_fields)
        extras: list[Statement] = []
        for index in targets[: self.lookup.max_facts]:
            symptom = self.lookup.case.symptoms[index]
            paths = [f"symptoms[{index}].{name}" for name in rule.symptom_fields if getattr(symptom, name)]
            fills = {"symptom": self.symptom_fill(index)}
            fallback = _DESCRIPTOR_FALLBACK.get(intent)
            if not paths and fallback and getattr(symptom, fallback):
                # "recent, or for a long time?" with no onset recorded: how long it has lasted
                path = f"symptoms[{index}].{fallback}"
                value = Fill(self.lookup.lay(field_texts(self.lookup.case, path)[0]), (path,))
                statements.append(Statement(self._descriptor_intents[fallback], "present", "present",
                                            {**fills, "value": value}, items=1))
                continue
            if not paths:
                statements.append(Statement(intent, "not_recorded", "not_recorded", fills))
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
