"""The one interface of an answer handler: an asked intent's named items -> statements.

Each kind of answer of :data:`~tod.patient.policy.INTENT_RULES` ("list", "symptoms",
"descriptor", ...) has one handler; the policy gives it the intent, its rule (the record
fields it reads), the doctor's named items and the dialogue state, and gets back the
statements that answer the intent and the extras a volunteering persona may add.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from tod.patient.acts import Statement
from tod.patient.handlers.not_applicable import NotApplicable
from tod.patient.handlers.not_sure import NotSure
from tod.patient.handlers.statements import StatementMaker
from tod.patient.state import DialogueState

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule


class AnswerHandler(ABC):
    """Answers one kind of intent from one case's record.

    Args:
        say: the statement maker of the case (its record lookup included).
        not_sure: the "not sure" answers of the case.
        not_applicable: what cannot apply to the patient.
    """

    def __init__(self, say: StatementMaker, not_sure: NotSure, not_applicable: NotApplicable) -> None:
        self.say = say
        self.lookup = say.lookup
        self.not_sure = not_sure
        self.not_applicable = not_applicable

    @abstractmethod
    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """The statements that answer ``intent`` about the doctor's named items ``queries``
        (none: a general question) from the fields of its ``rule``, and the extras a
        volunteering persona may add."""
