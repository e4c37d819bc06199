"""Extractive slot tagger: BIO token classification on a pretrained encoder.

Trained on gold slot values placed as character spans (:mod:`tod.nlu.spans`): every sub-word
token inside a span gets B- (first) or I- (rest) of its slot. Decoding joins a B- token with
the following I- tokens of the same slot, widens the span to whole words and copies the text:
slot values are always verbatim substrings of the turn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import torch
from transformers import AutoModelForTokenClassification

from tod.nlu.encoders import BATCH_TEXTS, EncodedBatch, encoded_batches, load_tokenizer
from tod.nlu.spans import TAGS, Span, spans_to_slots

SETTINGS_FILE = "tagger.json"


def decode_tags(text: str, offsets: Sequence[tuple[int, int]], tag_ids: Sequence[int]) -> list[Span]:
    """Character spans from predicted tags.

    A span starts at a B- tag, or at an I- tag after an O; it goes on over the following
    I- tags and over a B- tag inside the same word, whatever their slot, and stops at an O
    or a line break. Its slot is the one most of its tokens carry (the first on a tie), so
    "blood pressure" tagged B-medical_examination I-past_diagnosis stays one value. Spans
    widen to whole words.
    """
    spans: list[tuple[int, int, list[str]]] = []
    current: list[Any] | None = None
    for (start, end), tag_id in zip(offsets, tag_ids):
        if start == end:
            continue
        tag = TAGS[tag_id]
        if tag == "O":
            current = None
            continue
        prefix, slot = tag.split("-", 1)
        gap = text[current[1]:start] if current is not None else None
        continues = gap is not None and not gap.strip() and "\n" not in gap and (prefix == "I" or gap == "")
        if continues:
            current[1] = end  # type: ignore[index]
            current[2].append(slot)  # type: ignore[index]
        else:
            current = [start, end, [slot]]
            spans.append(current)  # type: ignore[arg-type]
    return [_widen(text, s, e, max(votes, key=votes.count)) for s, e, votes in spans]


def batch_slots(batch: EncodedBatch, tag_ids: Sequence[Sequence[int]]) -> list[dict[str, list[str]]]:
    """Slot dicts of a padded batch (encoded with offsets): each text's tags (``tag_ids``, by
    token) decoded over its real tokens, with :func:`decode_tags`."""
    mask = batch.inputs["attention_mask"].tolist()
    return [spans_to_slots(text, decode_tags(text, offs[:sum(m)], tags[:sum(m)]))
            for text, offs, tags, m in zip(batch.texts, batch.offsets or [], tag_ids, mask)]


def _widen(text: str, start: int, end: int, slot: str) -> Span:
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "-'") and text[start].isalnum():
        start -= 1
    while end < len(text) and (text[end].isalnum() or text[end] in "-'") and text[end - 1].isalnum():
        end += 1
    return start, end, slot


class SlotTagger:
    """A trained BIO tagger with its tokenizer."""

    def __init__(self, model: Any, tokenizer: Any, *, max_length: int) -> None:
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.max_length = max_length

    @torch.inference_mode()
    def predict(self, texts: Sequence[str], *, batch_size: int = BATCH_TEXTS) -> list[dict[str, list[str]]]:
        """Slot dicts of each text (values copied verbatim from it), computed in batches of
        similar length."""
        results: list[dict[str, list[str]]] = [{} for _ in texts]
        for batch in encoded_batches(self.tokenizer, texts, max_length=self.max_length, batch_size=batch_size,
                                     device=self.model.device, what="slot tagger", offsets=True):
            tags = self.model(**batch.inputs).logits.argmax(-1).tolist()
            for i, slots in zip(batch.indices, batch_slots(batch, tags)):
                results[i] = slots
        return results

    def save(self, directory: str | Path) -> None:
        """Write model, tokenizer and settings to ``directory``."""
        directory = Path(directory)
        self.model.save_pretrained(directory)
        self.tokenizer.save_pretrained(directory)
        (directory / SETTINGS_FILE).write_text(json.dumps({"tags": list(TAGS), "max_length": self.max_length}))

    @classmethod
    def load(cls, directory: str | Path) -> "SlotTagger":
        """Load a tagger written by :meth:`save`."""
        directory = Path(directory)
        settings = json.loads((directory / SETTINGS_FILE).read_text())
        model = AutoModelForTokenClassification.from_pretrained(directory)
        return cls(model, load_tokenizer(str(directory)), max_length=int(settings["max_length"]))

