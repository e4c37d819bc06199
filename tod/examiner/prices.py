"""The price table of the cost ledger (``prices.yaml``): a USD price per test category
(the catalog's test keys), a per-visit and a per-question cost.

:meth:`PriceTable.load` checks the file against the catalog: a category of the catalog
without a price, a price that is missing, not a number or negative, or a category the
catalog does not know is an error naming the file and the category.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from tod.examiner.catalog import Catalog, default_catalog, read_yaml

#: The price table shipped with tod.
DEFAULT_PRICES = Path(__file__).with_name("prices.yaml")


class PriceError(ValueError):
    """A price table that is not as documented, or a price asked for an unknown category."""


@dataclass(frozen=True)
class PriceTable:
    """Prices in ``currency``: ``per_visit`` (once per consultation), ``per_question`` (per
    interview turn that asks the patient something) and ``categories`` (test key -> price)."""

    currency: str
    per_visit: float
    per_question: float
    categories: Mapping[str, float]
    path: str = ""

    def price(self, category: str) -> float:
        """The price of one order of ``category``.

        Raises:
            PriceError: ``category`` is not in the table.
        """
        try:
            return self.categories[category]
        except KeyError:
            raise PriceError(f"{self.path or 'price table'}: no price for test category {category!r}") from None

    @classmethod
    def load(cls, path: str | Path = DEFAULT_PRICES, catalog: Catalog | None = None) -> "PriceTable":
        """Read and check a price table against ``catalog`` (default: the shipped one).

        Raises:
            PriceError: naming the file and the field or category.
        """
        path = Path(path)
        catalog = catalog or default_catalog()
        data = read_yaml(path, "the price table", PriceError)
        if not isinstance(data, dict) or not isinstance(data.get("categories"), dict):
            raise PriceError(f"{path}: expected a mapping with 'currency', 'per_visit', 'per_question' and 'categories'")
        unknown_keys = set(data) - {"currency", "per_visit", "per_question", "categories"}
        if unknown_keys:
            raise PriceError(f"{path}: unknown fields {sorted(unknown_keys)}")
        prices: dict[str, float] = {}
        for category, entry in data["categories"].items():
            if category not in catalog.tests:
                raise PriceError(f"{path}: categories.{category}: not a test category of the catalog")
            value = entry.get("price") if isinstance(entry, dict) else entry
            prices[str(category)] = _amount(path, f"categories.{category}.price", value)
        missing = [k for k in catalog.tests if k not in prices]
        if missing:
            raise PriceError(f"{path}: categories: no price for {', '.join(missing)}")
        return cls(
            currency=str(data.get("currency") or "USD"),
            per_visit=_amount(path, "per_visit", data.get("per_visit")),
            per_question=_amount(path, "per_question", data.get("per_question")),
            categories=prices,
            path=str(path),
        )


def _amount(path: Path, where: str, value: Any) -> float:
    """A price: a finite number >= 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise PriceError(f"{path}: {where}: expected a number, got {value!r}")
    if value < 0:
        raise PriceError(f"{path}: {where}: a price cannot be negative ({value})")
    return float(value)


@lru_cache(maxsize=1)
def default_prices() -> PriceTable:
    """The shipped price table (loaded once per process)."""
    return PriceTable.load()
