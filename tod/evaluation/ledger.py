"""The cost ledger of one consultation: what the doctor ordered and what it cost.

Computed from a transcript alone (its turns' ``orders``) and a price table
(:class:`tod.examiner.prices.PriceTable`), so replaying a logged consultation gives the
same ledger. Over the interview turns:

* ``tests_ordered``: orders (an unknown test included);
* ``tests_with_result``: orders that returned a recorded result;
* ``tests_wasted``: orders without one (not recorded, or an unknown test);
* ``tests_repeated``: orders of a test (and body region) already ordered in an earlier turn;
* ``questions``: interview turns that asked the patient something (any parsed intent);
* ``cost``: ``per_visit`` + ``per_question`` x questions + the price of every order
  (repeats charged again; an unknown test is charged nothing);
* ``by_category``: orders per test category (``unknown`` for unknown tests).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tod.evaluation.transcript import Transcript
from tod.examiner.prices import PriceTable

UNKNOWN_CATEGORY = "unknown"


@dataclass(frozen=True)
class Ledger:
    """The ledger of one consultation (see the module docstring)."""

    tests_ordered: int = 0
    tests_with_result: int = 0
    tests_wasted: int = 0
    tests_repeated: int = 0
    questions: int = 0
    test_cost: float = 0.0
    cost: float = 0.0
    by_category: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "tests_ordered": self.tests_ordered,
            "tests_with_result": self.tests_with_result,
            "tests_wasted": self.tests_wasted,
            "tests_repeated": self.tests_repeated,
            "questions": self.questions,
            "test_cost": self.test_cost,
            "cost": self.cost,
            "by_category": dict(self.by_category),
        }


def order_key(order: dict[str, Any]) -> tuple[str, str]:
    """What makes two logged orders the same: the test and region, or an unknown test's text."""
    test = order.get("test") or "unknown:" + " ".join(str(order.get("text", "")).lower().split())
    return (test, order.get("region") or "")


def ledger_of(transcript: Transcript, prices: PriceTable) -> Ledger:
    """The ledger of a dialogue transcript (see the module docstring).

    Raises:
        tod.examiner.prices.PriceError: an order of a category the price table lacks.
    """
    interview = [t for t in transcript.turns if t.phase == "interview"]
    seen: set[tuple[str, str]] = set()
    categories: Counter[str] = Counter()
    ordered = with_result = repeated = 0
    test_cost = 0.0
    for turn in interview:
        keys = [order_key(o) for o in turn.orders]
        repeated += sum(1 for k in keys if k in seen)
        seen.update(keys)
        for order in turn.orders:
            ordered += 1
            with_result += order.get("status") == "result"
            category = order.get("category")
            categories[category or UNKNOWN_CATEGORY] += 1
            if category:
                test_cost += prices.price(category)
    questions = sum(1 for t in interview if t.intents)
    return Ledger(
        tests_ordered=ordered,
        tests_with_result=with_result,
        tests_wasted=ordered - with_result,
        tests_repeated=repeated,
        questions=questions,
        test_cost=round(test_cost, 2),
        cost=round(prices.per_visit + prices.per_question * questions + test_cost, 2),
        by_category=dict(sorted(categories.items())),
    )
