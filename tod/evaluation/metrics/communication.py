"""Communication depth (MMD-Eval Table 4) and question types (MMD-Eval Table 15).

Per consultation, over the doctor turns of the interview (closing answers excluded):

* ``turns``: number of doctor turns;
* ``avg_response_words``: mean whitespace-separated words per doctor turn;
* ``questions``: questions asked = the number of intents parsed from all doctor turns (a
  turn asking about smoking and alcohol counts two);
* ``questions_per_turn``: ``questions / turns``;
* ``examinations_ordered``: tests and examinations ordered from the examiner (each order
  of each turn); ``requests`` = ``questions + examinations_ordered``, everything the
  doctor asked for, and ``requests_per_turn``;
* ``repeated_question_rate``: share of questions that repeat a question of an earlier
  turn. A question is its intent plus the values the turn names in the slot that intent
  is about (``ask_symptom_duration`` with ``symptom: [cough]``); "how long the cough?" and
  "how long the fever?" differ, "any other symptoms?" asked twice repeats;
* ``intent_counts`` / ``family_counts``: questions per intent and per
  :data:`~tod.schema.labels.INTENT_FAMILIES` family (only non-zero entries; an intent
  outside the schema counts under ``other``).

Rates with a zero denominator are ``None``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from tod.evaluation.metrics.base import EvalItem, MetricContext, register
from tod.evaluation.transcript import Turn
from tod.schema.labels import INTENT_FAMILIES, INTENT_SLOT


def question_keys(turn: Turn) -> list[tuple[str, frozenset[str]]]:
    """The questions of one turn: ``(intent, normalised values of the intent's slot)``."""
    keys = []
    for intent in turn.intents:
        slot = INTENT_SLOT.get(intent)
        values = turn.slots.get(slot, []) if slot else []
        keys.append((intent, frozenset(" ".join(v.lower().split()) for v in values)))
    return keys


def communication_of(turns: Sequence[Turn]) -> dict[str, Any]:
    """The communication metrics of one interview (see the module docstring)."""
    seen: set[tuple[str, frozenset[str]]] = set()
    repeated = 0
    intents: Counter[str] = Counter()
    for turn in turns:
        keys = question_keys(turn)
        repeated += sum(1 for key in keys if key in seen)
        seen.update(keys)
        intents.update(turn.intents)
    questions = sum(intents.values())
    ordered = sum(len(t.orders) for t in turns)
    families: Counter[str] = Counter()
    for intent, count in intents.items():
        families[INTENT_FAMILIES.get(intent, "other")] += count
    n = len(turns)
    return {
        "turns": n,
        "avg_response_words": sum(len(t.doctor.split()) for t in turns) / n if n else None,
        "questions": questions,
        "questions_per_turn": questions / n if n else None,
        "examinations_ordered": ordered,
        "requests": questions + ordered,
        "requests_per_turn": (questions + ordered) / n if n else None,
        "repeated_question_rate": repeated / questions if questions else None,
        "intent_counts": dict(intents),
        "family_counts": dict(families),
    }


@register("communication")
def communication(items: Sequence[EvalItem], context: MetricContext) -> list[dict[str, Any]]:
    """Communication metrics of each item's interview turns (closing answers left out);
    reading conditions (no interview) get ``None`` rates and zero counts."""
    return [communication_of([t for t in item.transcript.turns if t.phase == "interview"]) for item in items]
