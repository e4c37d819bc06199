"""Generative slot tracker (MMD-Eval style): T5 reads ``"track slots: <turn>"`` and writes the
linearised slot list (:mod:`tod.nlu.linearize`).

Generated values are kept only when they occur in the turn (case-insensitively, and with the
spaces a subword tokenizer's decoding puts around punctuation ignored: "x - ray" finds "X-ray")
and are then copied verbatim from it, so the tracker cannot invent values. The tokenizer is saved with the
model: a pretrained T5's, or one learnt from the training corpus for a T5 trained from scratch.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Sequence

import torch
from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

from tod.nlu.encoders import warn_if_truncated
from tod.nlu.linearize import parse_linearized

PREFIX = "track slots: "
SETTINGS_FILE = "t5_tracker.json"


def value_pattern(value: str) -> str:
    """A regex finding ``value`` in a text whatever the spacing around its punctuation: words
    stay separated by white space, punctuation may or may not be."""
    tokens = re.findall(r"\w+|[^\w\s]", value)
    pattern = ""
    for previous, token in zip([None] + tokens, tokens):
        if previous is not None:
            pattern += r"\s+" if previous[-1].isalnum() and token[0].isalnum() else r"\s*"
        pattern += re.escape(token)
    return pattern


def ground_values(text: str, slots: dict[str, list[str]]) -> dict[str, list[str]]:
    """Keep generated values that occur in ``text`` and copy them verbatim from it."""
    grounded: dict[str, list[str]] = {}
    for name, values in slots.items():
        for value in values:
            pattern = value_pattern(value)
            match = re.search(pattern, text, re.IGNORECASE) if pattern else None
            if match and match.group(0) not in grounded.get(name, []):
                grounded.setdefault(name, []).append(match.group(0))
    return grounded


class T5SlotTracker:
    """A trained generative tracker with its tokenizer."""

    def __init__(self, model: Any, tokenizer: Any, *, max_source_length: int, max_target_length: int) -> None:
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.max_source_length = max_source_length
        self.max_target_length = max_target_length

    @torch.inference_mode()
    def generate_raw(self, texts: Sequence[str], *, batch_size: int = 32) -> list[str]:
        """The linearised outputs, before grounding (for ROUGE of values)."""
        sources = [PREFIX + t for t in texts]
        warn_if_truncated(self.tokenizer, sources, self.max_source_length, what="T5 slot tracker")
        outputs: list[str] = []
        for start in range(0, len(sources), batch_size):
            enc = self.tokenizer(sources[start:start + batch_size], truncation=True,
                                 max_length=self.max_source_length, padding=True, return_tensors="pt")
            enc.pop("token_type_ids", None)
            ids = self.model.generate(**enc.to(self.model.device), max_new_tokens=self.max_target_length, num_beams=1, do_sample=False)
            outputs += self.tokenizer.batch_decode(ids, skip_special_tokens=True)
        return outputs

    def predict(self, texts: Sequence[str], *, batch_size: int = 32) -> list[dict[str, list[str]]]:
        """Slot dicts of each text, grounded in the text."""
        texts = list(texts)
        raw = self.generate_raw(texts, batch_size=batch_size)
        return [ground_values(t, parse_linearized(r)) for t, r in zip(texts, raw)]

    def save(self, directory: str | Path) -> None:
        """Write model, tokenizer and settings to ``directory``."""
        directory = Path(directory)
        self.model.save_pretrained(directory)
        self.tokenizer.save_pretrained(directory)
        (directory / SETTINGS_FILE).write_text(json.dumps(
            {"prefix": PREFIX, "max_source_length": self.max_source_length,
             "max_target_length": self.max_target_length}))

    @classmethod
    def load(cls, directory: str | Path) -> "T5SlotTracker":
        """Load a tracker written by :meth:`save`."""
        directory = Path(directory)
        settings = json.loads((directory / SETTINGS_FILE).read_text())
        return cls(AutoModelForSeq2SeqLM.from_pretrained(directory), AutoTokenizer.from_pretrained(directory),
                   max_source_length=settings["max_source_length"], max_target_length=settings["max_target_length"])

