"""Intents and slots from one encoder: a multi-label intent head and a BIO tag head.

One forward pass of a pretrained encoder (any HF ``AutoModel``) feeds two linear heads: the
intent head reads the mean of the turn's token vectors (the pooling MiniLM was pretrained
with), the tag head reads each token's vector. Against the two separate models
(:class:`~tod.nlu.intent_classifier.IntentClassifier` + :class:`~tod.nlu.slot_tagger.SlotTagger`)
it halves the encoder work of a parse and of training. Intents are decided by thresholds
saved with the model; tags are decoded as the tagger decodes them
(:func:`~tod.nlu.slot_tagger.batch_slots`), so slot values are verbatim substrings.

Saved folder: the encoder (``save_pretrained``: ``config.json`` + weights), the tokenizer,
``heads.safetensors`` (both heads) and ``joint.json`` (intent names, tag names, thresholds,
token limit).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import numpy as np
import torch
from safetensors.torch import load_file, save_file
from torch import nn
from transformers import AutoModel

from tod.nlu.encoders import BATCH_TEXTS, encoded_batches, load_tokenizer
from tod.nlu.intent_classifier import decide_intents
from tod.nlu.slot_tagger import batch_slots
from tod.nlu.spans import TAGS
from tod.nlu.types import TurnPredictions
from tod.schema import INTENTS
from tod.weights import cast_weights

SETTINGS_FILE = "joint.json"
HEADS_FILE = "heads.safetensors"
IGNORE = -100


class IntentSlotNetwork(nn.Module):
    """Encoder + intent head (mean-pooled) + tag head (per token).

    ``forward`` returns ``{"loss", "intent_logits", "tag_logits"}``; the loss (when both
    ``intent_labels``, a multi-hot float matrix, and ``labels``, tag ids with -100 where
    ignored, are given) is the intents' binary cross-entropy plus ``slot_loss_weight`` times
    the tags' cross-entropy.
    """

    def __init__(self, encoder: Any, *, slot_loss_weight: float = 1.0) -> None:
        super().__init__()
        self.encoder = encoder
        hidden = encoder.config.hidden_size
        self.dropout = nn.Dropout(getattr(encoder.config, "hidden_dropout_prob", 0.1))
        self.classifier = nn.Linear(hidden, len(INTENTS))
        self.tagger = nn.Linear(hidden, len(TAGS))
        self.slot_loss_weight = slot_loss_weight

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor,
                token_type_ids: torch.Tensor | None = None, intent_labels: torch.Tensor | None = None,
                labels: torch.Tensor | None = None) -> dict[str, torch.Tensor | None]:
        """Logits of both heads, and the joint loss when both label kinds are given."""
        extra = {"token_type_ids": token_type_ids} if token_type_ids is not None else {}
        tokens = self.encoder(input_ids=input_ids, attention_mask=attention_mask, **extra).last_hidden_state
        mask = attention_mask.unsqueeze(-1).to(tokens.dtype)
        pooled = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        intent_logits = self.classifier(self.dropout(pooled))
        tag_logits = self.tagger(self.dropout(tokens))
        loss = None
        if intent_labels is not None and labels is not None:
            intent_loss = nn.functional.binary_cross_entropy_with_logits(intent_logits.float(), intent_labels.float())
            tag_loss = nn.functional.cross_entropy(tag_logits.float().view(-1, len(TAGS)), labels.view(-1),
                                                   ignore_index=IGNORE)
            loss = intent_loss + self.slot_loss_weight * tag_loss
        return {"loss": loss, "intent_logits": intent_logits, "tag_logits": tag_logits}

    def heads_state(self) -> dict[str, torch.Tensor]:
        """The two heads' weights (the encoder is saved on its own)."""
        return {f"{name}.{key}": value.contiguous() for name in ("classifier", "tagger")
                for key, value in getattr(self, name).state_dict().items()}


class JointIntentSlotModel:
    """A trained :class:`IntentSlotNetwork` with its tokenizer and intent thresholds."""

    def __init__(self, network: IntentSlotNetwork, tokenizer: Any, thresholds: np.ndarray, *, max_length: int) -> None:
        self.network = network.eval()
        self.tokenizer = tokenizer
        self.thresholds = np.asarray(thresholds, dtype=np.float64)
        self.max_length = max_length

    @property
    def device(self) -> torch.device:
        """Where the network's weights are (inputs are moved there)."""
        return next(self.network.parameters()).device

    @torch.inference_mode()
    def predict(self, texts: Sequence[str], *, batch_size: int = BATCH_TEXTS) -> TurnPredictions:
        """Intent probabilities, decided intents and slot dicts of each text, from one encoder
        pass per batch of similar-length texts. Texts longer than ``max_length`` tokens are
        truncated with a logged warning."""
        probs = np.zeros((len(texts), len(INTENTS)))
        slots: list[dict[str, list[str]]] = [{} for _ in texts]
        for batch in encoded_batches(self.tokenizer, texts, max_length=self.max_length, batch_size=batch_size,
                                     device=self.device, what="joint NLU model", offsets=True):
            out = self.network(**batch.inputs)
            probs[batch.indices] = torch.sigmoid(out["intent_logits"]).float().cpu().numpy()
            for i, named in zip(batch.indices, batch_slots(batch, out["tag_logits"].argmax(-1).tolist())):
                slots[i] = named
        return TurnPredictions(probs=probs, intents=decide_intents(probs, self.thresholds), slots=slots)

    def cast(self, dtype: str) -> None:
        """Run in another weight type (:func:`tod.weights.cast_weights`)."""
        self.network = cast_weights(self.network, dtype)

    def save(self, directory: str | Path) -> None:
        """Write encoder, heads, tokenizer and settings to ``directory``."""
        directory = Path(directory)
        self.network.encoder.save_pretrained(directory)
        self.tokenizer.save_pretrained(directory)
        save_file(self.network.heads_state(), str(directory / HEADS_FILE))
        payload = {"intents": list(INTENTS), "tags": list(TAGS), "thresholds": self.thresholds.tolist(),
                   "max_length": self.max_length}
        (directory / SETTINGS_FILE).write_text(json.dumps(payload, indent=2))

    @classmethod
    def load(cls, directory: str | Path) -> "JointIntentSlotModel":
        """Load a model written by :meth:`save`."""
        directory = Path(directory)
        settings = json.loads((directory / SETTINGS_FILE).read_text())
        network = IntentSlotNetwork(AutoModel.from_pretrained(directory))
        heads = load_file(str(directory / HEADS_FILE))
        for name in ("classifier", "tagger"):  # strict: a missing or misshapen head raises
            getattr(network, name).load_state_dict({key.split(".", 1)[1]: value for key, value in heads.items()
                                                    if key.startswith(f"{name}.")})
        return cls(network, load_tokenizer(str(directory)), np.array(settings["thresholds"]),
                   max_length=int(settings["max_length"]))
