"""The NLU stage as one object: a joint intent-and-slot model, or an intent classifier and a
slot model -> :class:`TurnParse`."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, Sequence

from tod.nlu.checkpoint import CheckpointError, read_manifest
from tod.nlu.encoders import BATCH_TEXTS
from tod.nlu.intent_classifier import IntentClassifier
from tod.nlu.joint_model import JointIntentSlotModel
from tod.nlu.questions import question_focus
from tod.nlu.slot_t5 import T5SlotTracker
from tod.nlu.slot_tagger import SlotTagger
from tod.nlu.types import TurnParse, TurnPredictions
from tod.text import replace_lone_surrogates
from tod.weights import cast_weights, check_dtype


class SlotModel(Protocol):
    """Anything that returns slot dicts for texts (the tagger or the T5 tracker)."""

    def predict(self, texts: Sequence[str], *, batch_size: int = BATCH_TEXTS) -> list[dict[str, list[str]]]:
        """Slot dicts of each text."""
        ...


class TurnModel(Protocol):
    """The models behind the parser: intents and slots of texts (question foci), in one call."""

    def predict(self, texts: Sequence[str], *, batch_size: int = BATCH_TEXTS) -> TurnPredictions:
        """Intent probabilities, intents and slots of each text."""
        ...

    def cast(self, dtype: str) -> None:
        """Run in another weight type (:data:`tod.weights.DTYPES`)."""
        ...


class PairedModels:
    """A :class:`TurnModel` made of two models, each with its own encoder: an intent
    classifier and a slot model (the tagger or the T5 tracker)."""

    def __init__(self, intents: IntentClassifier, slots: SlotModel) -> None:
        self.intents = intents
        self.slots = slots

    def predict(self, texts: Sequence[str], *, batch_size: int = BATCH_TEXTS) -> TurnPredictions:
        """Both models' predictions of ``texts``."""
        probs = self.intents.predict_proba(texts, batch_size=batch_size)
        return TurnPredictions(probs=probs, intents=self.intents.decode(probs),
                               slots=self.slots.predict(texts, batch_size=batch_size))

    def cast(self, dtype: str) -> None:
        """Run both models in another weight type (:func:`tod.weights.cast_weights`)."""
        for model in (self.intents, self.slots):
            model.model = cast_weights(model.model, dtype)  # type: ignore[attr-defined]


class NLUParser:
    """Parses doctor turns with a trained :class:`TurnModel` (a joint intent-and-slot model,
    or an intent classifier paired with a slot model).

    Semantics: the model reads the turn's question focus (:func:`question_focus`: its
    question sentences), so statements, advice and offered diagnoses yield nothing. A turn
    with an empty focus (no question sentence; also empty or whitespace-only text) parses
    to no intent without running the model. A turn for which no intent reaches its
    threshold asks nothing, so its slots are dropped as well (the guide: no question, no
    slot). Slot values are verbatim substrings of the turn. Lone surrogates reach the
    model as U+FFFD (see :func:`tod.text.replace_lone_surrogates`).
    """

    def __init__(self, model: TurnModel) -> None:
        self.model = model

    def parse(self, text: str) -> TurnParse:
        """Parse one doctor turn."""
        return self.parse_batch([text])[0]

    def parse_batch(self, texts: Sequence[str], *, batch_size: int = BATCH_TEXTS) -> list[TurnParse]:
        """Parse many turns (batched through the model)."""
        texts = list(texts)
        focus = [question_focus(replace_lone_surrogates(t)) for t in texts]
        live = [i for i, f in enumerate(focus) if f]
        parses = [TurnParse(text=t) for t in texts]
        if not live:
            return parses
        predicted = self.model.predict([focus[i] for i in live], batch_size=batch_size)
        for i, found, named in zip(live, predicted.intents, predicted.slots):
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
    part = directory / "intent"
    try:
        if manifest["slot_model"] == "joint":
            part = directory / "joint"
            model: TurnModel = JointIntentSlotModel.load(part)
        else:
            intents = IntentClassifier.load(part)
            part = directory / "slots"
            model = PairedModels(intents, (SlotTagger if manifest["slot_model"] == "tagger" else T5SlotTracker).load(part))
    except Exception as exc:  # noqa: BLE001 - safetensors, torch and json raise unrelated types
        raise CheckpointError(f"{part}: cannot load model weights "
                              f"({type(exc).__name__}: {' '.join(str(exc).split())[:200]})") from None
    if dtype is not None:
        model.cast(dtype)
    return NLUParser(model)
