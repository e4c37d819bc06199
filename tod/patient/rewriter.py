"""The polish rewriter as a chat model: any backend of :mod:`tod.backends` (a local HF model
such as ``hf:smollm2``, an OpenAI-compatible endpoint), given the rewrite instruction as
its system prompt and the reply as the user message."""

from __future__ import annotations

from typing import Any

from tod.backends.base import BackendError, ChatBackend
from tod.backends.registry import resolve
from tod.patient.polish import INSTRUCTION, PolishError

#: The rewrite length limit in tokens unless the options set ``max_tokens``.
REWRITE_MAX_TOKENS = 96


class ChatRewriter:
    """A :class:`~tod.patient.polish.Rewriter` over ``backend`` (thread-safe, as backends are)."""

    def __init__(self, backend: ChatBackend) -> None:
        self.backend = backend

    def rewrite(self, text: str, *, instruction: str = INSTRUCTION) -> str:
        """The model's rewrite of ``text``.

        Raises:
            PolishError: when the backend fails (an endpoint after its retries).
        """
        try:
            return self.backend.chat([{"role": "system", "content": instruction}, {"role": "user", "content": text}])
        except BackendError as exc:
            raise PolishError(str(exc)) from exc


def load_rewriter(spec: str, **options: Any) -> ChatRewriter:
    """The rewriter of a chat-model backend ``spec`` (``hf:smollm2``,
    ``openai:MODEL[@BASE_URL]``...), greedy by default, at most :data:`REWRITE_MAX_TOKENS`
    tokens; ``options`` go to the backend (``api_key_env``, ``device``...), which rejects
    those it does not use.

    Raises:
        SpecError: for an unknown spec or an option the backend does not use.
        BackendError: when a local model cannot be loaded.
    """
    backend, target = resolve(spec, role="polish model")
    return ChatRewriter(backend.load(target, **{"max_tokens": REWRITE_MAX_TOKENS, **options}))
