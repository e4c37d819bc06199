"""Slot values as character spans (for the extractive tagger) and BIO tag names.

Annotations give slot values as strings copied from the turn, not offsets. A value is placed
at its occurrences inside question sentences (those ending in "?" or starting with a
question word); if it occurs in none, at its last occurrence. Longer values are placed first
and spans never overlap.
"""

from __future__ import annotations

import re

from tod.schema import SLOTS

#: BIO tag names in a fixed order: "O", then "B-slot", "I-slot" for every slot.
TAGS: tuple[str, ...] = ("O",) + tuple(f"{p}-{s}" for s in SLOTS for p in ("B", "I"))
TAG_TO_ID: dict[str, int] = {t: i for i, t in enumerate(TAGS)}

_SENTENCE = re.compile(r"[^.!?\n]*[.!?]?", re.S)
_QUESTION_START = re.compile(
    r"^\W*(\d+[.)]\s*)?(have|has|had|do|does|did|are|is|was|were|can|could|would|will|any|how|what|when|where|"
    r"which|who|why|tell|describe|please|may)\b",
    re.I,
)

Span = tuple[int, int, str]


def question_regions(text: str) -> list[tuple[int, int]]:
    """Character ranges of sentences that ask something."""
    regions = []
    for match in _SENTENCE.finditer(text):
        sentence = match.group(0)
        if sentence.strip() and (sentence.rstrip().endswith("?") or _QUESTION_START.match(sentence)):
            regions.append((match.start(), match.end()))
    return regions


def locate_slot_spans(text: str, slots: dict[str, list[str]]) -> list[Span]:
    """``(start, end, slot)`` spans for the slot values of a turn, sorted by start."""
    low = text.lower()
    regions = question_regions(text)
    taken: list[Span] = []
    pairs = sorted(((s, v) for s, vs in slots.items() for v in vs), key=lambda p: -len(p[1]))
    for slot, value in pairs:
        needle = value.lower()
        starts = [m.start() for m in re.finditer(re.escape(needle), low)]
        free = [i for i in starts if all(i + len(needle) <= a or i >= b for a, b, _ in taken)]
        if not free:
            continue
        in_questions = [i for i in free if any(a <= i < b for a, b in regions)]
        for start in in_questions or free[-1:]:
            taken.append((start, start + len(needle), slot))
    return sorted(taken)


def spans_to_slots(text: str, spans: list[Span]) -> dict[str, list[str]]:
    """Slot dict from spans: the covered text, deduplicated case-insensitively, in text order."""
    slots: dict[str, list[str]] = {}
    for start, end, slot in sorted(spans):
        value = text[start:end].strip(" ,.;:!?\"'()*")
        if value and value.lower() not in (v.lower() for v in slots.get(slot, [])):
            slots.setdefault(slot, []).append(value)
    return slots
