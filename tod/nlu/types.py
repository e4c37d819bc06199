"""What the NLU stage produces for one doctor turn, and the parser interface."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, Sequence


@dataclass(frozen=True)
class TurnParse:
    """The parse of one doctor turn, in the annotation guide's format.

    ``intents`` lists what the doctor asks (empty for a turn with no question);
    ``slots`` maps slot name to the items the doctor names, copied from the turn.
    """

    text: str
    intents: tuple[str, ...] = ()
    slots: dict[str, list[str]] = field(default_factory=dict)

    def to_json(self, turn_id: str | None = None) -> dict[str, object]:
        """The guide's JSON line: ``{"id", "text", "intents", "slots"}``."""
        return {"id": turn_id, "text": self.text, "intents": list(self.intents), "slots": self.slots}


class TurnParser(Protocol):
    """The NLU interface: parse doctor turns into intents and slots."""

    def parse(self, text: str) -> TurnParse:
        """Parse one doctor turn."""
        ...

    def parse_batch(self, texts: Sequence[str]) -> list[TurnParse]:
        """Parse many turns at once (batched inference)."""
        ...
