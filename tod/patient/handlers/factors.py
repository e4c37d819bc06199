"""The answer to the factors intent: what makes the patient's symptoms worse or better.

:class:`FactorHandler` says the recorded aggravating and relieving factors of the symptoms the
question is about, up to k, a factor that starts a clause ("after sex") with a variant of its own.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from tod.patient.acts import Statement
from tod.patient.handlers.targets import SymptomTargets
from tod.patient.state import DialogueState

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule

#: The answer variant of each factor field ("worse with walking", "better lying still").
_FACTOR_VARIANTS: Mapping[str, str] = MappingProxyType({"aggravating_factors": "worse", "relieving_factors": "better"})

#: Words a factor may start with that take no "with" ("after sex", "when lying down").
_CLAUSE_STARTS = frozenset("after before when while during on in at if whenever upon by from without once".split())


def _starts_clause(text: str) -> bool:
    """Whether a factor starts with a preposition or conjunction ("after sex")."""
    return text.split(" ", 1)[0].lower() in _CLAUSE_STARTS

class FactorHandler(SymptomTargets):
    """Answers the factors intent (rule kind "factors")."""

    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """What makes each symptom the question is about worse or better, up to k factors in all;
        "not recorded" for a symptom with none."""
        targets, statements = self.targets(queries, rule.symptom_fields)
        budget = self.lookup.max_facts
        for index in targets:
            symptom = self.lookup.case.symptoms[index]
            fills = {"symptom": self.symptom_fill(index)}
            said = False
            for name in rule.symptom_fields:
                paths = [f"symptoms[{index}].{name}[{j}]" for j in range(len(getattr(symptom, name)))][:budget]
                budget -= len(paths)
                said = said or bool(paths)
                clauses = [p for p in paths if _starts_clause(self.say.phrase(p).text)]
                for variant, group in ((_FACTOR_VARIANTS[name], [p for p in paths if p not in clauses]),
                                       (f"{_FACTOR_VARIANTS[name]}_when", clauses)):
                    if group:
                        statements.append(Statement(intent, variant, "present", {**fills, "items": self.say.items(group)}, items=len(group)))
            if not said:
                statements.append(Statement(intent, "not_recorded", "not_recorded", fills))
            if budget <= 0:
                break
        return statements, []
