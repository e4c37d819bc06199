"""Department robustness (MAQuE): how evenly a doctor performs across departments.

``S = 1 - sigma / max(mu + sigma, eps)`` where ``mu`` and ``sigma`` are the mean and the
population standard deviation of the per-department top-1 accuracies. ``S = 1`` when
every department has the same accuracy (including all zero, where ``sigma = 0``); ``S``
falls towards 0 as accuracy varies between departments. With no department
scored, S is ``None``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Mapping

import numpy as np

EPS = 1e-8


def accuracy_by_department(pairs: Iterable[tuple[str, float]]) -> dict[str, float]:
    """Mean score per department from ``(department, score)`` pairs, departments sorted."""
    scores: dict[str, list[float]] = defaultdict(list)
    for department, score in pairs:
        scores[department].append(score)
    return {d: float(np.mean(scores[d])) for d in sorted(scores)}


def department_robustness(accuracies: Mapping[str, float], eps: float = EPS) -> float | None:
    """S over the per-department accuracies (``None`` for no departments)."""
    if not accuracies:
        return None
    values = np.array(list(accuracies.values()), dtype=float)
    mu, sigma = float(values.mean()), float(values.std(ddof=0))
    return 1.0 - sigma / max(mu + sigma, eps)
