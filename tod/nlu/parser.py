"""The NLU stage as one object: intent classifier + slot model -> :class:`TurnParse`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, Sequence

from tod.nlu.checkpoint import CheckpointError, read_manifest
from tod.nlu.intent_classifier import IntentClassifier
from tod.nlu.questions import question_focus
from tod.nlu.slot_t5 import T5SlotTracker
from tod.nlu.slot_tagger import SlotTagger
from tod.nlu.types import TurnParse
from tod.text import replace_lone_surrogates
from tod.weights import cast_weights, check_dtype


class SlotModel(Protocol):
    """Anything that returns slot dicts for texts (the tagger or the T5 tracker)."""

    def predict(self, texts: Sequence[str], *, batch_size: int = 16) -> list[dict[str, list[str]]]:
        """Slot dicts of each text."""
        ...


class NLUParser:
    """Parses doctor turns with a trained intent classifier and slot model.

    Semantics: the models read the turn's question focus (:func:`question_focus`: its
    question sentences), so statements, advice and offered diagnoses yield nothing. A turn
    with an empty focus (no question sentence; also empty or whitespace-only text) parses
    to no intent without running the models. A turn for which no intent reaches its
    threshold asks nothing, so its slots are dropped as well (the guide: no question, no
    slot). Slot values are verbatim substrings of the turn. Lone surrogates reach the
    models as U+FFFD (see :func:`tod.text.replace_lone_surrogates`).
    """

    def __init__(self, intents: IntentClassifier, slots: SlotModel) -> None:
        self.intents = intents
        self.slots = slots

    def parse(self, text: str) -> TurnParse:
        """Parse one doctor turn."""
        return self.parse_batch([text])[0]

    def parse_batch(self, texts: Sequence[str], *, batch_size: int = 16) -> list[TurnParse]:
        """Parse many turns (batched through both models)."""
        texts = list(texts)
        focus = [question_focus(replace_lone_surrogates(t)) for t in texts]
        live = [i for i, f in enumerate(focus) if f]
        parses = [TurnParse(text=t) for t in texts]
        if not live:
            return parses
        live_texts = [focus[i] for i in live]
        intents = self.intents.predict(live_texts, batch_size=batch_size)
        slots = self.slots.predict(live_texts, batch_size=batch_size)
        for i, found, named in zip(live, intents, slots):
            parses[i] = TurnParse(text=texts[i], intents=found, slots=named if found else {})
        return parses


def load_parser(checkpoint_dir: str | Path, *, dtype: str | None = None) -> NLUParser:
    """Load the NLU checkpoint written by ``python -m tod.train``.

    ``dtype`` runs both models in another weight type (:data:`tod.weights.DTYPES`; ``None``
    keeps the trained float32): ``qint8`` is about twice as fast on a CPU, at a measured
    cost in accuracy (eval/README.md, the NLU benchmark's ``--nlu-dtype``).

    Raises:
        CheckpointError: a missing or incomplete folder, a label-schema mismatch, or weights
            that cannot be read (e.g. a truncated file), naming the path.
        ValueError: an unknown ``dtype``.
    """
    check_dtype(dtype, what="load_parser")
    directory = Path(checkpoint_dir)
    manifest = read_manifest(directory)
    slot_class: Any = SlotTagger if manifest["slot_model"] == "tagger" else T5SlotTracker
    models = []
    for part, kind in (("intent", IntentClassifier), ("slots", slot_class)):
        try:
            models.append(kind.load(directory / part))
        except Exception as exc:  # noqa: BLE001 - safetensors, torch and json raise unrelated types
            raise CheckpointError(f"{directory / part}: cannot load model weights "
                                  f"({type(exc).__name__}: {' '.join(str(exc).split())[:200]})") from None
    if dtype is not None:
        for model in models:
            model.model = cast_weights(model.model, dtype)
    return NLUParser(*models)
