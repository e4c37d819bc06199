"""Slot values as character spans (for the extractive tagger) and BIO tag names."""

from __future__ import annotations

from tod.schema import SLOTS

#: BIO tag names in a fixed order: "O", then "B-slot", "I-slot" for every slot.
TAGS: tuple[str, ...] = ("O",) + tuple(f"{p}-{s}" for s in SLOTS for p in ("B", "I"))
TAG_TO_ID: dict[str, int] = {t: i for i, t in enumerate(TAGS)}

Span = tuple[int, int, str]


def spans_to_slots(text: str, spans: list[Span]) -> dict[str, list[str]]:
    """Slot dict from spans: the covered text, deduplicated case-insensitively, in text order."""
    slots: dict[str, list[str]] = {}
    for start, end, slot in sorted(spans):
        value = text[start:end].strip(" ,.;:!?\"'()*")
        if value and value.lower() not in (v.lower() for v in slots.get(slot, [])):
            slots.setdefault(slot, []).append(value)
    return slots
