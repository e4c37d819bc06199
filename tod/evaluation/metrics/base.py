"""What a metric scores, the settings metrics share, and the metric registry.

A metric family is a function ``(items, context) -> one dict per item`` registered with
:func:`register` next to its definition; :func:`tod.evaluation.metrics.score_items` runs
the registered families and merges their dicts. Families score a whole batch at once so
that model-based scores (BERTScore, embeddings) batch their forward passes. A value of
``None`` means "not applicable to this item" and is skipped by averages.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Sequence

from tod.evaluation.transcript import Transcript
from tod.records.model import Record


@dataclass(frozen=True)
class EvalItem:
    """A successful consultation with the record it was run on."""

    record: Record
    transcript: Transcript


@dataclass
class MetricContext:
    """Settings and shared models for the metrics.

    Args:
        encoder_path: sentence encoder for synonym and multiple-choice matching
            (``None`` = the bundled all-MiniLM-L6-v2).
        bertscore_model: encoder for BERTScore (``None`` = the bundled MiniLM).
        bertscore_layers: which hidden layer BERTScore uses (5 of MiniLM's 6, by analogy
            with bert-score's choice for the 6-layer DistilBERT).
        bertscore: False skips BERTScore (its values are then ``None``).
        match_threshold: cosine similarity at or above which a predicted diagnosis matches
            an alias of the reference (see :mod:`tod.evaluation.metrics.diagnosis`).
        device: torch device for the encoders.
        prices: price table file of the cost ledger (``None`` = the shipped
            ``tod/examiner/prices.yaml``).
    """

    encoder_path: str | None = None
    bertscore_model: str | None = None
    bertscore_layers: int = 5
    bertscore: bool = True
    match_threshold: float = 0.8
    device: str = "cpu"
    prices: str | None = None

    @cached_property
    def price_table(self) -> Any:
        """The :class:`~tod.examiner.prices.PriceTable` (loaded and checked on first use)."""
        from tod.examiner.prices import PriceTable, default_prices

        return default_prices() if self.prices is None else PriceTable.load(self.prices)

    @cached_property
    def encoder(self) -> Any:
        """The :class:`~tod.text_encoder.SentenceEncoder` (loaded on first use, and shared
        with every other context of the same path and device in this process)."""
        from tod.text_encoder import shared_encoder

        return shared_encoder(self.encoder_path, device=self.device)

    @cached_property
    def bert_scorer(self) -> Any:
        """A ``bert_score.BERTScorer`` on the local encoder (loaded on first use; F1 is not
        rescaled, since baselines exist only for hub models)."""
        from bert_score import BERTScorer

        from tod.local_models import minilm_path

        return BERTScorer(
            model_type=str(self.bertscore_model or minilm_path()),
            num_layers=self.bertscore_layers,
            device=self.device,
        )

    def settings(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict (for manifests and results)."""
        return {
            "encoder_path": self.encoder_path,
            "bertscore_model": self.bertscore_model,
            "bertscore_layers": self.bertscore_layers,
            "bertscore": self.bertscore,
            "match_threshold": self.match_threshold,
            "prices": self.prices,
        }


MetricFamily = Callable[[Sequence[EvalItem], MetricContext], list[dict[str, Any]]]

#: Registered metric families by name, in registration order.
METRICS: dict[str, MetricFamily] = {}


def register(name: str) -> Callable[[MetricFamily], MetricFamily]:
    """Decorator: add a metric family to :data:`METRICS` under ``name``."""

    def add(function: MetricFamily) -> MetricFamily:
        if name in METRICS:
            raise ValueError(f"metric family {name!r} is registered twice")
        METRICS[name] = function
        return function

    return add
