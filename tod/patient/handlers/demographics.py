"""The answers to the demographic intents: age, sex, weight and height.

:class:`DemographicHandler` says the recorded age or sex; :class:`WeightHandler` the recorded
measurements and weight changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tod.patient.acts import Fill, Statement
from tod.patient.facts import field_texts, resolve_optional
from tod.patient.handlers.base import AnswerHandler
from tod.patient.state import DialogueState

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule


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
        """One statement per recorded measurement (its variant is the field name, "weight" or
        "height"), then the recorded weight changes ("weight loss, about 9 kg in 3 months"):
        a patient who lost weight never says they cannot tell about their weight."""
        fields = rule.fields
        statements = [
            Statement(intent, path.split(".")[-1], "present", {"items": self.say.phrase(path)}, items=1)
            for path in fields
            if not path.endswith("[*]") and resolve_optional(self.lookup.case, path)
        ]
        hits, _ = self.lookup.match(["weight"], [f for f in fields if f.endswith("[*]")])
        changes = self.lookup.by_status(hits)[0]
        if changes:
            statements.append(Statement(intent, "change", "present", {"items": self.say.items(changes)}, items=len(changes)))
        return statements or [Statement(intent, "not_recorded", "not_recorded")], []
