"""Information coverage: how much of the record the doctor elicited.

The record's facts are :func:`~tod.records.model.iter_fact_paths` of its case (each with a
family: demographics, symptoms, symptom_details, history, social, sexual_reproductive,
examinations). A fact is elicited when its exact path was disclosed: by the patient (it is
in the transcript's ``revealed`` paths or in the provenance of a patient reply) or by the
examiner (a test the doctor ordered returned it: the ``paths`` of a turn's orders). Disclosing
``symptoms[0].duration`` does not count ``symptoms[0]`` (each path is its own fact).

* ``coverage``: elicited facts / facts (``None`` for a record without facts, and for the
  reading conditions, where the doctor was given the facts rather than asking for them);
* ``coverage_by_family``: the same ratio per family present in the record;
* ``facts`` / ``facts_elicited``: the counts.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from tod.evaluation.metrics.base import EvalItem, MetricContext, register
from tod.records.model import iter_fact_paths


def coverage_of(item: EvalItem) -> dict[str, Any]:
    """The coverage metrics of one consultation (see the module docstring)."""
    facts = list(iter_fact_paths(item.record.case))
    transcript = item.transcript
    if transcript.condition != "dialogue" or not facts:
        return {"coverage": None, "coverage_by_family": {}, "facts": len(facts), "facts_elicited": None}
    disclosed = set(transcript.revealed).union(*(turn.provenance for turn in transcript.turns))
    disclosed.update(path for turn in transcript.turns for order in turn.orders for path in order.get("paths", ()))
    total: Counter[str] = Counter(family for _, family in facts)
    elicited: Counter[str] = Counter(family for path, family in facts if path in disclosed)
    count = sum(elicited.values())
    return {
        "coverage": count / len(facts),
        "coverage_by_family": {family: elicited[family] / n for family, n in total.items()},
        "facts": len(facts),
        "facts_elicited": count,
    }


@register("coverage")
def coverage(items: Sequence[EvalItem], context: MetricContext) -> list[dict[str, Any]]:
    """Information coverage per item."""
    return [coverage_of(item) for item in items]
