"""Bootstrap confidence intervals for per-consultation metrics.

Percentile bootstrap: resample the consultations with replacement ``resamples`` times,
take the mean each time, and report the ``(1 - confidence) / 2`` and
``(1 + confidence) / 2`` quantiles. Seeded, so a rerun gives the same intervals.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np


def bootstrap_ci(
    values: Sequence[float], *, resamples: int = 1000, confidence: float = 0.95, seed: int = 0
) -> dict[str, float | int | None]:
    """``{"mean", "low", "high", "n"}`` for ``values`` (``None``s removed beforehand by the
    caller). An empty sequence gives ``None`` bounds; one value gives a zero-width interval.
    """
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, data.size, size=(resamples, data.size))].mean(axis=1)
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [alpha, 1.0 - alpha])
    return {"mean": float(data.mean()), "low": float(low), "high": float(high), "n": int(data.size)}


def bootstrap_table(
    columns: Mapping[str, Sequence[float | None]], *, resamples: int = 1000, confidence: float = 0.95, seed: int = 0
) -> dict[str, dict[str, float | int | None]]:
    """:func:`bootstrap_ci` for each named column (``None`` entries dropped); column ``i``
    uses seed ``seed + i`` so columns are independent but reproducible."""
    return {
        name: bootstrap_ci([v for v in values if v is not None], resamples=resamples, confidence=confidence, seed=seed + i)
        for i, (name, values) in enumerate(columns.items())
    }
