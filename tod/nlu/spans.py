"""Slot values as character spans (for the extractive tagger) and BIO tag names.

Annotations give slot values as strings copied from the turn, not offsets. A value is placed
at its occurrences inside question sentences (:func:`tod.nlu.questions.question_sentences`);
if it occurs in none, at its last occurrence. Longer values are placed first
and spans never overlap.
"""

from __future__ import annotations

import re

from tod.nlu.questions import question_sentences
from tod.schema import SLOTS

#: BIO tag names in a fixed order: "O", then "B-slot", "I-slot" for every slot.
TAGS: tuple[str, ...] = ("O",) + tuple(f"{p}-{s}" for s in SLOTS for p in ("B", "I"))
TAG_TO_ID: dict[str, int] = {t: i for i, t in enumerate(TAGS)}

Span = tuple[int, int, str]


def locate_slot_spans(text: str, slots: dict[str, list[str]]) -> list[Span]:
    """``(start, end, slot)`` spans for the slot values of a turn, sorted by start."""
    low = text.lower()
    regions = question_sentences(text)
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
