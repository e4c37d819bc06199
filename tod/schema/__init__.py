"""The doctor-turn label schema (intents and slots)."""

from tod.schema.labels import (
    INTENT_DESCRIPTIONS,
    INTENT_FAMILIES,
    INTENTS,
    SLOT_DESCRIPTIONS,
    SLOTS,
    LabelError,
    check_intents,
    check_slots,
    schema_fingerprint,
)

__all__ = [
    "INTENTS",
    "SLOTS",
    "INTENT_DESCRIPTIONS",
    "SLOT_DESCRIPTIONS",
    "INTENT_FAMILIES",
    "LabelError",
    "check_intents",
    "check_slots",
    "schema_fingerprint",
]
