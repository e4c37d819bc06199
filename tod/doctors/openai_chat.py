"""The doctor as a model behind an OpenAI-compatible chat-completions endpoint.

Serves vLLM, Ollama, the llama.cpp server and OpenAI alike (see
:mod:`tod.doctors.chat_client` for the protocol, retries and how the API key is read).
"""

from __future__ import annotations

from typing import Sequence

from tod.doctors.base import Message
from tod.doctors.chat_client import ChatClient, ChatEndpoint
from tod.doctors.prompts import DEFAULT_SYSTEM_PROMPT, to_chat_messages


class OpenAIChatDoctor:
    """A doctor whose replies come from ``client``; the consultation is sent whole each
    turn (doctor = ``assistant``, patient = ``user``) after ``system_prompt``.

    :meth:`reply` raises :class:`~tod.doctors.base.DoctorError` when the endpoint fails
    after its retries.
    """

    def __init__(self, client: ChatClient, *, system_prompt: str = DEFAULT_SYSTEM_PROMPT) -> None:
        self.client = client
        self.system_prompt = system_prompt
        self.name = f"openai:{client.endpoint.model}"

    @classmethod
    def from_endpoint(cls, endpoint: ChatEndpoint, *, system_prompt: str = DEFAULT_SYSTEM_PROMPT) -> "OpenAIChatDoctor":
        """A doctor with its own client for ``endpoint``."""
        return cls(ChatClient(endpoint), system_prompt=system_prompt)

    def reply(self, messages: Sequence[Message]) -> str:
        """The model's next doctor message (reasoning blocks removed, never empty)."""
        return self.client.complete(to_chat_messages(self.system_prompt, messages))

    def close(self) -> None:
        """Close the HTTP connections."""
        self.client.close()
