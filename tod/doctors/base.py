"""The doctor interface: any model that conducts the consultation.

The scripted doctor and the chat doctor (over any backend of :mod:`tod.backends`: an
OpenAI-compatible endpoint, a local HF model) implement :class:`Doctor` and are chosen by
a spec string on the CLI (``scripted``, ``openai:MODEL``, ``hf:NAME_OR_PATH``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, Sequence

Role = Literal["doctor", "patient", "examiner"]


@dataclass(frozen=True)
class Message:
    """One utterance of the consultation: from the doctor, the patient, or the examiner
    (the results of tests the doctor ordered)."""

    role: Role
    content: str


class DoctorError(RuntimeError):
    """The doctor model could not produce a reply (after its retries); the reason is the message."""


class Doctor(Protocol):
    """A doctor model. ``reply`` gets the whole consultation so far (the patient spoke last)
    and returns the doctor's next message. It raises :class:`DoctorError` when it cannot."""

    name: str

    def reply(self, messages: Sequence[Message]) -> str:
        """The doctor's next message given the conversation so far."""
        ...
