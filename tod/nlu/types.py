"""What the NLU stage produces for one doctor turn, and the parser interface."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence


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


@dataclass
class TurnPredictions:
    """What an NLU model predicts for a batch of texts: ``probs`` (texts x 29 intent
    probabilities, a numpy array), the ``intents`` that reach their thresholds and the
    ``slots`` of each text."""

    probs: Any
    intents: list[tuple[str, ...]]
    slots: list[dict[str, list[str]]]


class TurnParser(Protocol):
    """The NLU interface: parse doctor turns into intents and slots."""

    def parse(self, text: str) -> TurnParse:
        """Parse one doctor turn."""
        ...

    def parse_batch(self, texts: Sequence[str]) -> list[TurnParse]:
        """Parse many turns at once (batched inference)."""
        ...
