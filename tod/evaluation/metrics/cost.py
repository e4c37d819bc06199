"""Cost (SDBench-style): what the doctor's consultation cost under the run's price table.

Per dialogue consultation, from :func:`tod.evaluation.ledger.ledger_of`: ``cost`` (USD,
visit + questions + tests), ``test_cost``, ``tests_ordered``, ``tests_with_result``,
``tests_wasted``, ``tests_repeated`` and ``tests_by_category``. The reading conditions
(no interview, nothing ordered) get ``None`` values and no categories.
"""

from __future__ import annotations

from typing import Any, Sequence

from tod.evaluation.ledger import ledger_of
from tod.evaluation.metrics.base import EvalItem, MetricContext, register

COST_FIELDS: tuple[str, ...] = ("cost", "test_cost", "tests_ordered", "tests_with_result", "tests_wasted", "tests_repeated")


def cost_of(item: EvalItem, context: MetricContext) -> dict[str, Any]:
    """The cost metrics of one consultation (see the module docstring)."""
    if item.transcript.condition != "dialogue":
        return {**dict.fromkeys(COST_FIELDS), "tests_by_category": {}}
    ledger = ledger_of(item.transcript, context.price_table).to_json()
    return {**{name: ledger[name] for name in COST_FIELDS}, "tests_by_category": ledger["by_category"]}


@register("cost")
def cost(items: Sequence[EvalItem], context: MetricContext) -> list[dict[str, Any]]:
    """Cost metrics per item."""
    return [cost_of(item, context) for item in items]
