"""Surface noise for generated turns: typos outside slot values, lowercasing, dropped
punctuation, and span-safe text edits (used also by :mod:`tod.training.corpus.speech`).

Every edit keeps the slot spans exact: an edit never touches a slot value and spans after
an edit are shifted by its length change.
"""

from __future__ import annotations

import random
import re

from tod.training.corpus.template import Piece, TemplateError

_WORD = re.compile(r"[A-Za-z]{4,}")


def outside_spans(piece: Piece, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (or, when empty, the point ``start``) lies outside every
    slot span; a point at a span's edge is outside."""
    if start == end:
        return not any(s.start < start < s.end for s in piece.spans)
    return not any(start < s.end and s.start < end for s in piece.spans)


def edit(piece: Piece, start: int, end: int, new: str) -> Piece:
    """Replace ``text[start:end]`` by ``new``; the range must lie outside every slot span."""
    if not outside_spans(piece, start, end):
        raise TemplateError(f"edit {start}:{end} of {piece.text!r} would touch a slot value")
    delta = len(new) - (end - start)
    spans = tuple(s.shifted(delta) if s.start >= end else s for s in piece.spans)
    return Piece(piece.text[:start] + new + piece.text[end:], piece.intents, spans)


def lower_first(piece: Piece) -> Piece:
    """Lowercase the first letter after a lead-in ("Also, have you..."), not "I" or acronyms."""
    text = piece.text
    first = text.split(" ", 1)[0]
    if first in ("I", "I'd", "I'm", "I've") or not text[:1].isupper() or text[1:2].isupper():
        return piece
    return piece.with_text(text[0].lower() + text[1:])


def lowercase(piece: Piece) -> Piece:
    """The piece with all text lowercased (spans keep their offsets)."""
    return Piece(piece.text.lower(), piece.intents, piece.spans)


def _typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(word) - 1)
    op = rng.choice(("drop", "double", "swap"))
    if op == "drop":
        return word[:i] + word[i + 1 :]
    if op == "double":
        return word[:i] + word[i] + word[i:]
    return word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :]


def add_typos(piece: Piece, rng: random.Random, count: int) -> Piece:
    """Misspell up to ``count`` words that lie outside every slot span."""
    words = [m for m in _WORD.finditer(piece.text) if outside_spans(piece, m.start(), m.end())]
    chosen = sorted(rng.sample(words, min(count, len(words))), key=lambda m: m.start(), reverse=True)
    for match in chosen:
        piece = edit(piece, match.start(), match.end(), _typo(match.group(), rng))
    return piece


def drop_final_question_mark(piece: Piece) -> Piece:
    """Remove a question mark that ends the text (slot spans never include it)."""
    if not piece.text.endswith("?"):
        return piece
    return Piece(piece.text[:-1], piece.intents, piece.spans)


def drop_commas(piece: Piece) -> Piece:
    """Remove every comma outside the slot values (unpunctuated typing)."""
    for index in reversed([i for i, c in enumerate(piece.text) if c == "," and outside_spans(piece, i, i + 1)]):
        piece = edit(piece, index, index + 1, "")
    return piece
