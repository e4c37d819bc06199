"""Multi-label intent classifier: any HF encoder + sigmoid outputs, thresholds per intent.

A turn whose probabilities are all below their intent's threshold has no intent: a turn
with no question. The thresholds and the token limit are saved with the model
(``thresholds.json``), so a loaded classifier decides as it did when it was trained.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import numpy as np
import torch
from transformers import AutoModelForSequenceClassification

from tod.nlu.encoders import BATCH_TEXTS, encoded_batches, load_tokenizer
from tod.schema import INTENTS

THRESHOLDS_FILE = "thresholds.json"


def decide_intents(probs: np.ndarray, thresholds: np.ndarray) -> list[tuple[str, ...]]:
    """Each row's intents whose probability reaches their threshold, in schema order."""
    return [tuple(INTENTS[j] for j in np.flatnonzero(row >= thresholds)) for row in probs]


class IntentClassifier:
    """A trained classifier with its tokenizer and per-intent thresholds."""

    def __init__(self, model: Any, tokenizer: Any, thresholds: np.ndarray, *, max_length: int) -> None:
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.thresholds = np.asarray(thresholds, dtype=np.float64)
        self.max_length = max_length

    @torch.inference_mode()
    def predict_proba(self, texts: Sequence[str], *, batch_size: int = BATCH_TEXTS) -> np.ndarray:
        """Sigmoid probabilities (len(texts) x 29), computed in batches of similar length.
        Texts longer than ``max_length`` tokens are truncated with a logged warning."""
        probs = np.zeros((len(texts), len(INTENTS)))
        for batch in encoded_batches(self.tokenizer, texts, max_length=self.max_length, batch_size=batch_size,
                                     device=self.model.device, what="intent classifier"):
            probs[batch.indices] = torch.sigmoid(self.model(**batch.inputs).logits).float().cpu().numpy()
        return probs

    def decode(self, probs: np.ndarray) -> list[tuple[str, ...]]:
        """Intents whose probability reaches their threshold, in schema order."""
        return decide_intents(probs, self.thresholds)

    def predict(self, texts: Sequence[str], *, batch_size: int = BATCH_TEXTS) -> list[tuple[str, ...]]:
        """The intents of each text."""
        return self.decode(self.predict_proba(texts, batch_size=batch_size))

    def save(self, directory: str | Path) -> None:
        """Write model, tokenizer and thresholds to ``directory``."""
        directory = Path(directory)
        self.model.save_pretrained(directory)
        self.tokenizer.save_pretrained(directory)
        payload = {"intents": list(INTENTS), "thresholds": self.thresholds.tolist(), "max_length": self.max_length}
        (directory / THRESHOLDS_FILE).write_text(json.dumps(payload, indent=2))

    @classmethod
    def load(cls, directory: str | Path) -> "IntentClassifier":
        """Load a classifier written by :meth:`save`."""
        directory = Path(directory)
        payload = json.loads((directory / THRESHOLDS_FILE).read_text())
        model = AutoModelForSequenceClassification.from_pretrained(directory)
        return cls(model, load_tokenizer(str(directory)), np.array(payload["thresholds"]),
                   max_length=int(payload["max_length"]))

