"""The doctor as a chat model: any backend of :mod:`tod.backends` (an OpenAI-compatible
endpoint, a local HF model) prompted with the doctor's system prompt."""

from __future__ import annotations

from typing import Sequence

from tod.backends.base import BackendError, ChatBackend
from tod.doctors.base import DoctorError, Message
from tod.doctors.prompts import DEFAULT_SYSTEM_PROMPT, to_chat_messages


class ChatDoctor:
    """A doctor whose replies come from ``backend``; the consultation is sent whole each
    turn (doctor = ``assistant``, patient = ``user``) after ``system_prompt``.

    :meth:`reply` raises :class:`~tod.doctors.base.DoctorError` when the backend fails
    (an endpoint after its retries).
    """

    def __init__(self, backend: ChatBackend, *, system_prompt: str = DEFAULT_SYSTEM_PROMPT) -> None:
        self.backend = backend
        self.system_prompt = system_prompt
        self.name = backend.name

    def reply(self, messages: Sequence[Message]) -> str:
        """The model's next doctor message (reasoning blocks removed, never empty)."""
        try:
            return self.backend.chat(to_chat_messages(self.system_prompt, messages))
        except BackendError as exc:
            raise DoctorError(str(exc)) from exc

    def close(self) -> None:
        """Release the backend's connections."""
        self.backend.close()
