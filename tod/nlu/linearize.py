"""Slot dictionaries as text for the generative (T5) slot tracker, and back.

Format (MMD-Eval style): ``"symptom: cough; symptom: fever; allergy: penicillin"``; an empty
slot dict is ``"none"``. Values keep their case; ``;`` and ``:`` inside a value are replaced
by ``,`` when linearising, so the round trip is exact for values without them.
"""

from __future__ import annotations

from tod.schema import SLOTS

EMPTY = "none"
_SEPARATOR = "; "


def linearize_slots(slots: dict[str, list[str]]) -> str:
    """``{"symptom": ["cough", "fever"]}`` -> ``"symptom: cough; symptom: fever"``, in schema slot order."""
    parts = []
    for name in SLOTS:
        for value in slots.get(name, []):
            clean = value.replace(";", ",").replace(":", ",").strip()
            if clean:
                parts.append(f"{name}: {clean}")
    return _SEPARATOR.join(parts) if parts else EMPTY


def parse_linearized(text: str) -> dict[str, list[str]]:
    """Inverse of :func:`linearize_slots`. Malformed pieces and unknown slot names are skipped
    (a generative model may emit them); duplicates are kept once, in order. White space inside
    a slot name is ignored (a subword decoder writes ``past _ medication``)."""
    slots: dict[str, list[str]] = {}
    if text.strip().lower() == EMPTY:
        return slots
    for piece in text.split(";"):
        name, sep, value = piece.partition(":")
        name, value = "".join(name.split()), value.strip()
        if not sep or name not in SLOTS or not value:
            continue
        values = slots.setdefault(name, [])
        if value not in values:
            values.append(value)
    return slots
