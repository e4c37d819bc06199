"""Dialogue manager: when the interview ends, and the patient's closing questions.

Phases: ``interview`` -> ``closing`` -> ``finished``.

The interview ends after a doctor turn that

* states a final diagnosis or asks to end (:data:`END_PATTERNS`: "Final Diagnosis",
  "End Inquiry", "end consultation", "BREAK", "diagnosis is", "[END]"...): reason
  ``final_diagnosis``, checked before the turn is answered;
* completes ``idle_limit`` consecutive turns that ask no new question (no intent, or only
  repeated questions): reason ``no_new_question``;
* is the ``turn_limit``-th doctor turn: reason ``turn_limit``.

Then the patient asks :data:`CLOSING_QUESTIONS` one at a time (diagnosis, basis,
treatment); each doctor reply is stored as the answer to the pending question. After the
third answer the consultation is finished. When the doctor's turn has just stated the
diagnosis, the first question asks to hear it again in plain words
(:data:`ASK_DIAGNOSIS_AGAIN`) rather than asking what the patient has as if nothing had been
said; its answer is still the diagnosis.
"""

from __future__ import annotations

import re
from typing import Literal

#: Doctor texts that end the interview (searched case-insensitively unless noted).
END_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(r"final\s+diagnos[ie]s", re.IGNORECASE),
    re.compile(r"end\s+(?:of\s+)?(?:the\s+)?inquiry", re.IGNORECASE),
    re.compile(r"end\s+(?:of\s+)?(?:the\s+|this\s+)?consultation", re.IGNORECASE),
    re.compile(r"\bdiagnosis\s+is\b", re.IGNORECASE),
    re.compile(r"\bdiagnosis\s*:", re.IGNORECASE),
    re.compile(r"\[\s*end\s*\]", re.IGNORECASE),
    # "BREAK" as a marker: upper case anywhere, or any case alone on a line; a lower-case
    # "break" inside a question ("did you break a bone?") does not end the interview.
    re.compile(r"\bBREAK\b"),
    re.compile(r"^\s*\[?break\]?\s*$", re.IGNORECASE | re.MULTILINE),
)

#: The patient's closing questions in order: summary key -> template variant.
CLOSING_QUESTIONS: tuple[tuple[str, str], ...] = (
    ("diagnosis", "ask_diagnosis"),
    ("basis", "ask_basis"),
    ("treatment", "ask_treatment"),
)

#: The first closing question after a turn that stated the diagnosis.
ASK_DIAGNOSIS_AGAIN = "ask_diagnosis_again"

EndReason = Literal["final_diagnosis", "no_new_question", "turn_limit"]
Phase = Literal["interview", "closing", "finished"]


def is_end_signal(text: str) -> bool:
    """Whether a doctor turn states a final diagnosis or asks to end the consultation."""
    return any(p.search(text) for p in END_PATTERNS)


class ConsultationManager:
    """Tracks the phase, the end reason and the doctor's closing answers.

    Args:
        idle_limit: consecutive turns without a new question that end the interview (>= 1).
        turn_limit: doctor turns after which the interview ends (>= 1).
    """

    def __init__(self, *, idle_limit: int = 2, turn_limit: int = 20) -> None:
        if idle_limit < 1 or turn_limit < 1:
            raise ValueError(f"idle_limit and turn_limit must be at least 1, got {idle_limit}, {turn_limit}")
        self.idle_limit = idle_limit
        self.turn_limit = turn_limit
        self.phase: Phase = "interview"
        self.end_reason: EndReason | None = None
        self.summary_answers: dict[str, str] = {}
        self._idle = 0

    def after_turn(self, turn_index: int, *, new_question: bool) -> EndReason | None:
        """Count an answered interview turn; the end reason if the interview ends here."""
        self._idle = 0 if new_question else self._idle + 1
        if self._idle >= self.idle_limit:
            return "no_new_question"
        if turn_index >= self.turn_limit:
            return "turn_limit"
        return None

    def end_interview(self, reason: EndReason) -> str:
        """Enter the closing phase; returns the variant of the first closing question
        (:data:`ASK_DIAGNOSIS_AGAIN` when the doctor has just stated a diagnosis)."""
        if self.phase != "interview":
            raise RuntimeError(f"cannot end the interview in phase {self.phase!r}")
        self.phase = "closing"
        self.end_reason = reason
        return ASK_DIAGNOSIS_AGAIN if reason == "final_diagnosis" else CLOSING_QUESTIONS[0][1]

    @property
    def pending(self) -> str | None:
        """The summary key the patient is waiting for ("diagnosis"...), if closing."""
        if self.phase != "closing":
            return None
        return CLOSING_QUESTIONS[len(self.summary_answers)][0]

    def record_answer(self, text: str) -> str | None:
        """Store the doctor's answer to the pending question; returns the variant of the
        next closing question, or ``None`` when the consultation is now finished."""
        key = self.pending
        if key is None:
            raise RuntimeError(f"no closing question is pending in phase {self.phase!r}")
        self.summary_answers[key] = text
        if len(self.summary_answers) == len(CLOSING_QUESTIONS):
            self.phase = "finished"
            return None
        return CLOSING_QUESTIONS[len(self.summary_answers)][1]

    def lower_turn_limit(self, turn_limit: int) -> None:
        """Lower the turn limit (a session's own limit); a higher value changes nothing."""
        if turn_limit < 1:
            raise ValueError(f"turn_limit must be at least 1, got {turn_limit}")
        self.turn_limit = min(self.turn_limit, turn_limit)
