"""The answers to the demographic intents: age, sex, weight and height.

:class:`DemographicHandler` says the recorded age or sex; :class:`WeightHandler` the recorded
measurements and weight changes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tod.patient.acts import Fill, Statement
from tod.patient.facts import field_texts, resolve_optional
from tod.patient.handlers.base import AnswerHandler
from tod.patient.state import DialogueState

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule

#: The words that ask for one body measurement (a body mass index asks for both).
_MEASURE_CUES = {
    "weight": re.compile(r"\b(?:weigh|heav|bmi\b|body mass)", re.IGNORECASE),
    "height": re.compile(r"\b(?:height|tall|bmi\b|body mass)", re.IGNORECASE),
}


def asked_measures(text: str) -> list[str]:
    """The measurements ("weight", "height") a doctor's turn asks for by name, both when it
    names neither ("your measurements?")."""
    return [name for name, cue in _MEASURE_CUES.items() if cue.search(text)] or list(_MEASURE_CUES)


class DemographicHandler(AnswerHandler):
    """Answers the age and sex intents (rule kinds "age", "sex")."""

    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """Age or sex, in the placeholder named by the rule's kind ({age}, {sex}), as a person
        says it ("52 years old", "a man": the last of :func:`field_texts`)."""
        path = rule.fields[0]
        if resolve_optional(self.lookup.case, path) is None:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        spoken = Fill(field_texts(self.lookup.case, path)[-1], (path,))
        return [Statement(intent, "present", "present", {rule.kind: spoken}, items=1)], []


class WeightHandler(AnswerHandler):
    """Answers the weight intent (rule kind "weight")."""

    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """One statement per recorded measurement the turn asks for (:func:`asked_measures`;
        its variant is the field name, "weight" or "height"), then, when the weight is asked,
        the recorded weight changes ("weight loss, about 9 kg in 3 months"): a patient who lost
        weight never says they cannot tell about their weight. A height asked for and not
        recorded is one the patient does not know ("height_not_recorded"), never answered with
        the weight."""
        asked = asked_measures(self.lookup.turn_text)
        fields = rule.fields
        statements = [
            Statement(intent, path.split(".")[-1], "present", {"items": self.say.phrase(path)}, items=1)
            for path in fields
            if not path.endswith("[*]") and path.split(".")[-1] in asked and resolve_optional(self.lookup.case, path)
        ]
        if "weight" in asked:
            hits, _ = self.lookup.match(["weight"], [f for f in fields if f.endswith("[*]")])
            changes = self.lookup.by_status(hits)[0]
            if changes:
                statements.append(Statement(intent, "change", "present", {"items": self.say.items(changes)}, items=len(changes)))
        if asked == ["height"] and not statements:
            return [Statement(intent, "height_not_recorded", "not_recorded")], []
        return statements or [Statement(intent, "not_recorded", "not_recorded")], []
