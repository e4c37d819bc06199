"""The answer to a single-fact intent: tobacco, alcohol, drugs, occupation.

:class:`SingleFactHandler` says the recorded fact, its denial (with its detail), or that the
topic does not apply to the patient.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tod.patient.acts import Fill, Statement
from tod.patient.facts import field_texts, resolve_optional
from tod.patient.handlers.base import AnswerHandler
from tod.patient.state import DialogueState
from tod.records.model import Status

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule


class SingleFactHandler(AnswerHandler):
    """Answers the single-fact intents (rule kind "single")."""

    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """The recorded fact as spoken; its denial, with the detail when recorded; or, unrecorded,
        that the topic does not apply to the patient, else "not recorded"."""
        path = rule.fields[0]
        fact = resolve_optional(self.lookup.case, path)
        if fact is None:
            return [self.not_applicable.topic(intent) or Statement(intent, "not_recorded", "not_recorded")], []
        if fact.status is Status.present:
            return [Statement(intent, "present", "present", {"items": self.say.phrase(path)}, items=1)], []
        if fact.detail:
            detail = Fill(self.lookup.lay(field_texts(self.lookup.case, path)[-1]), (path,))
            return [Statement(intent, "denied", "denied", {"items": detail}, items=1)], []
        return [Statement(intent, "denied_all", "denied", paths=(path,), items=1)], []
