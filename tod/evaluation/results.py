"""Score a run's transcripts and build ``results.json``.

Only ``ok`` consultations are scored; failed ones are counted and listed with their
reasons (a doctor that fails often is not rewarded by a smaller denominator: the failure
rate stands next to every score). Run-level values:

* ``metrics``: the mean of each per-consultation scalar over the consultations where it is
  defined (``avg_response_words`` is therefore the mean of per-consultation means);
* ``ci95``: bootstrap intervals for :data:`MAIN_METRICS`;
* ``question_types``: counts and shares of all questions by intent (all 29, zeros
  included) and by family (shares are ``None`` when no question was asked);
* ``coverage_by_family``: mean per-family coverage over consultations whose record has the
  family;
* ``departments``: per-department top-1 accuracy and count, and robustness ``S``;
* ``tests_by_category``: orders per test category over all consultations, and the price
  table's currency, visit and question costs (``costs``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Sequence

from tod.evaluation.metrics import EvalItem, MetricContext, score_items
from tod.evaluation.metrics.bootstrap import bootstrap_table
from tod.evaluation.metrics.robustness import accuracy_by_department, department_robustness
from tod.evaluation.transcript import Transcript
from tod.records.model import Record
from tod.schema.labels import INTENT_FAMILIES, INTENTS

#: Per-consultation scalars averaged into ``metrics`` (in this order).
SCALAR_METRICS: tuple[str, ...] = (
    "top1",
    "top3",
    "mcq_correct",
    "coverage",
    "turns",
    "questions",
    "questions_per_turn",
    "examinations_ordered",
    "requests",
    "requests_per_turn",
    "avg_response_words",
    "repeated_question_rate",
    *(f"{kind}_{field}" for kind in ("rouge1", "rouge2", "rougeL", "bertscore") for field in ("diagnosis", "basis", "treatment", "avg")),
    "cost",
    "test_cost",
    "tests_ordered",
    "tests_with_result",
    "tests_wasted",
    "tests_repeated",
)
#: The metrics that get bootstrap confidence intervals.
MAIN_METRICS: tuple[str, ...] = (
    "top1", "top3", "mcq_correct", "coverage", "turns", "questions", "avg_response_words",
    "repeated_question_rate", "rougeL_avg", "bertscore_avg", "cost", "tests_ordered", "tests_wasted",
)


def _mean(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return sum(present) / len(present) if present else None


def _shares(counts: Counter[str], names: Sequence[str]) -> dict[str, dict[str, float | int]]:
    total = sum(counts.values())
    return {n: {"count": counts[n], "share": counts[n] / total if total else None} for n in names}


def _costs(context: MetricContext) -> dict[str, Any]:
    """The price table's currency and fixed costs (what a cost in the results is made of)."""
    table = context.price_table
    return {"currency": table.currency, "per_visit": table.per_visit, "per_question": table.per_question,
            "prices": context.prices or "tod/examiner/prices.yaml"}


def build_results(
    records: Sequence[Record],
    transcripts: Sequence[Transcript],
    context: MetricContext,
    *,
    bootstrap_resamples: int = 1000,
    seed: int = 0,
) -> dict[str, Any]:
    """The results of a run: ``transcripts`` scored against ``records`` (matched by id;
    transcripts of records not in ``records`` are ignored, records without a transcript
    are counted as ``missing``)."""
    by_id = {r.id: r for r in records}
    transcripts = [t for t in transcripts if t.record_id in by_id]
    ok = [t for t in transcripts if t.status == "ok"]
    failed = [t for t in transcripts if t.status != "ok"]
    items = [EvalItem(by_id[t.record_id], t) for t in ok]
    scores = score_items(items, context)

    per_consultation = [
        {"record_id": item.record.id, "department": item.record.department, "status": "ok", **score}
        for item, score in zip(items, scores)
    ]
    per_consultation += [
        {"record_id": t.record_id, "department": t.department, "status": "failed", "error": t.error} for t in failed
    ]
    intents: Counter[str] = Counter()
    families: Counter[str] = Counter()
    family_coverage: dict[str, list[float]] = defaultdict(list)
    categories: Counter[str] = Counter()
    for score in scores:
        categories.update(score["tests_by_category"])
        intents.update(score["intent_counts"])
        families.update(score["family_counts"])
        for family, value in score["coverage_by_family"].items():
            family_coverage[family].append(value)
    family_names = list(dict.fromkeys(INTENT_FAMILIES.values())) + sorted(set(families) - set(INTENT_FAMILIES.values()))
    department_top1 = accuracy_by_department((item.record.department, s["top1"]) for item, s in zip(items, scores))
    department_n = Counter(item.record.department for item in items)
    return {
        "counts": {
            "records": len(records),
            "ok": len(ok),
            "failed": len(failed),
            "missing": len(records) - len(transcripts),
        },
        "failures": [{"record_id": t.record_id, "error": t.error} for t in failed],
        "metrics": {name: _mean([s.get(name) for s in scores]) for name in SCALAR_METRICS},
        "ci95": bootstrap_table(
            {name: [s.get(name) for s in scores] for name in MAIN_METRICS}, resamples=bootstrap_resamples, seed=seed
        ),
        "question_types": {
            "total": sum(intents.values()),
            "intents": _shares(intents, list(INTENTS)),
            "families": _shares(families, family_names),
        },
        "coverage_by_family": {family: _mean(values) for family, values in sorted(family_coverage.items())},
        "departments": {
            "top1": department_top1,
            "n": dict(sorted(department_n.items())),
            "robustness_S": department_robustness(department_top1),
        },
        "tests_by_category": dict(categories.most_common()),
        "costs": _costs(context) if any(s["cost"] is not None for s in scores) else None,
        "metric_settings": context.settings(),
        "per_consultation": per_consultation,
    }
