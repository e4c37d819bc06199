"""Surface noise for generated turns: typos outside slot values, lowercasing.

Every edit keeps the slot spans exact: a typo never touches a slot value and spans after
an edit are shifted by its length change.
"""

from __future__ import annotations

import random
import re

from tod.training.corpus.template import Piece

_WORD = re.compile(r"[A-Za-z]{4,}")


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
    words = [
        m for m in _WORD.finditer(piece.text)
        if not any(m.start() < s.end and s.start < m.end() for s in piece.spans)
    ]
    chosen = sorted(rng.sample(words, min(count, len(words))), key=lambda m: m.start(), reverse=True)
    text, spans = piece.text, list(piece.spans)
    for match in chosen:
        new = _typo(match.group(), rng)
        delta = len(new) - len(match.group())
        text = text[: match.start()] + new + text[match.end() :]
        spans = [s.shifted(delta) if s.start >= match.end() else s for s in spans]
    return Piece(text, piece.intents, tuple(spans))


def drop_final_question_mark(piece: Piece) -> Piece:
    """Remove a question mark that ends the text (slot spans never include it)."""
    if not piece.text.endswith("?"):
        return piece
    return Piece(piece.text[:-1], piece.intents, piece.spans)
