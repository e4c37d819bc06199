"""Consultation metrics: one module per family, registered in :data:`METRICS`.

* :mod:`.communication`: communication depth and question types;
* :mod:`.coverage`: information coverage of the record;
* :mod:`.text_similarity`: ROUGE and BERTScore of the closing answers;
* :mod:`.diagnosis`: top-1 / top-3 and multiple-choice accuracy;
* :mod:`.cost`: the cost ledger (tests ordered, wasted, repeated, cost per consultation);
* :mod:`.robustness` and :mod:`.bootstrap`: run-level statistics over the per-item values.
"""

from __future__ import annotations

from typing import Any, Sequence

from tod.evaluation.metrics import communication, cost, coverage, diagnosis, text_similarity  # noqa: F401  (registers)
from tod.evaluation.metrics.base import METRICS, EvalItem, MetricContext, register


def score_items(
    items: Sequence[EvalItem], context: MetricContext, families: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """Run the metric ``families`` (default: all registered) and merge their per-item dicts.

    Raises:
        KeyError: for a family name that is not registered.
    """
    names = list(METRICS) if families is None else list(families)
    unknown = [n for n in names if n not in METRICS]
    if unknown:
        raise KeyError(f"unknown metric families {unknown}; registered: {list(METRICS)}")
    merged: list[dict[str, Any]] = [{} for _ in items]
    for name in names:
        for target, values in zip(merged, METRICS[name](items, context), strict=True):
            target.update(values)
    return merged


__all__ = ["METRICS", "EvalItem", "MetricContext", "register", "score_items"]
