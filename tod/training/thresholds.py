"""Per-intent decision thresholds tuned on validation probabilities."""

from __future__ import annotations

import numpy as np
from sklearn.metrics import fbeta_score

THRESHOLD_GRID = np.round(np.arange(0.05, 0.96, 0.05), 2)
MIN_POSITIVES_TO_TUNE = 5


def tune_thresholds(probs: np.ndarray, gold: np.ndarray, *, beta: float = 1.0) -> np.ndarray:
    """Per-intent thresholds maximising F-beta on ``(probs, gold)`` (``beta`` > 1 favours
    recall); 0.5 for intents with fewer than :data:`MIN_POSITIVES_TO_TUNE` positives. Ties
    keep the threshold closest to 0.5."""
    thresholds = np.full(probs.shape[1], 0.5)
    order = sorted(THRESHOLD_GRID, key=lambda t: abs(t - 0.5))
    for j in range(probs.shape[1]):
        if gold[:, j].sum() < MIN_POSITIVES_TO_TUNE:
            continue
        scores = [(fbeta_score(gold[:, j], probs[:, j] >= t, beta=beta, zero_division=0), t) for t in order]
        thresholds[j] = max(scores, key=lambda s: s[0])[1]
    return thresholds


def tune_shared_threshold(probs: np.ndarray, gold: np.ndarray, *, beta: float = 1.0) -> np.ndarray:
    """One threshold for every intent, maximising the micro F-beta of ``(probs, gold)``
    (ties keep the value closest to 0.5). Far fewer choices than one per intent, so it
    overfits a small validation set less."""
    order = sorted(THRESHOLD_GRID, key=lambda t: abs(t - 0.5))
    scores = [(fbeta_score(gold, probs >= t, beta=beta, average="micro", zero_division=0), t) for t in order]
    return np.full(probs.shape[1], max(scores, key=lambda s: s[0])[1])
