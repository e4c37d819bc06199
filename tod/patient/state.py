"""Dialogue state of one consultation, across doctor turns.

Turn indices: the opening statement is turn 0; the doctor's n-th message is turn n.

A *question* is an intent with the slot values it names for that intent (sorted,
normalised), e.g. ``("ask_family_history", ("heart disease",))``; a generic question has
no values, ``("ask_allergic_history", ())``. A question is *repeated* when the same
question was answered in an earlier turn and answering it again would state no record
fact that has not been stated already (so a second "any other symptoms?" that still has
unrevealed symptoms to give is not a repeat).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from tod.patient.matching import normalise

QuestionKey = tuple[str, tuple[str, ...]]


def question_key(intent: str, values: list[str] | tuple[str, ...]) -> QuestionKey:
    """The key of ``intent`` asked about ``values`` (order and case do not matter)."""
    return intent, tuple(sorted({normalise(v) for v in values if normalise(v)}))


@dataclass(frozen=True)
class TurnLog:
    """What happened in one doctor turn."""

    index: int
    text: str
    intents: tuple[str, ...]
    slots: Mapping[str, list[str]]
    repeated: tuple[str, ...]
    new_question: bool
    provenance: tuple[str, ...]
    events: tuple[str, ...]


@dataclass
class DialogueState:
    """Intents, slots, revealed facts and events of the consultation so far.

    ``revealed`` maps a fact path to the turn that first stated it; ``answered`` maps a
    question to the turn that first answered it; ``events`` lists ``(turn, event)`` in
    order. The state changes only through :meth:`commit`, after the reply of a turn has
    passed the guard, so a rejected reply leaves no trace.
    """

    turns: list[TurnLog] = field(default_factory=list)
    revealed: dict[str, int] = field(default_factory=dict)
    answered: dict[QuestionKey, int] = field(default_factory=dict)
    events: list[tuple[int, str]] = field(default_factory=list)

    @property
    def next_turn(self) -> int:
        """The index the next doctor turn will get (1 for the first)."""
        return len(self.turns) + 1

    def is_revealed(self, path: str) -> bool:
        """Whether the fact at ``path`` was stated in an earlier turn."""
        return path in self.revealed

    def was_answered(self, key: QuestionKey) -> bool:
        """Whether the question ``key`` was answered in an earlier turn."""
        return key in self.answered

    def is_repeat(self, key: QuestionKey, paths: tuple[str, ...]) -> bool:
        """Whether asking ``key`` now, with an answer stating ``paths``, is a repeat."""
        return self.was_answered(key) and all(self.is_revealed(p) for p in paths)

    def commit(self, log: TurnLog, questions: tuple[QuestionKey, ...]) -> None:
        """Record a finished turn: its log, the questions it answered, the facts it stated
        (first turn wins) and its events."""
        self.turns.append(log)
        for key in questions:
            self.answered.setdefault(key, log.index)
        for path in log.provenance:
            self.revealed.setdefault(path, log.index)
        self.events.extend((log.index, event) for event in log.events)
