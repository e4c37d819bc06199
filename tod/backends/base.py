"""What a chat-model backend is: the :class:`ChatBackend` protocol, its two errors, the
option check every backend runs, and the reply cleaning every backend applies."""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any, Mapping, Protocol, Sequence, TypeVar

#: One chat message: ``{"role": "system" | "user" | "assistant", "content": text}``.
ChatMessage = Mapping[str, str]

Options = TypeVar("Options")


class BackendError(RuntimeError):
    """A chat model could not be loaded, or gave no reply after its retries; the reason is
    the message (which never holds an API key the backend read)."""


class SpecError(ValueError):
    """A model spec or option that cannot be used: an unknown kind, no model name, or an
    option the backend does not use."""


class ChatBackend(Protocol):
    """A chat model: messages in, the reply text out. Implementations are thread-safe.

    ``name`` is the spec kind with the model (``openai:gpt-4o-mini``, ``hf:smollm2``),
    ``model`` the model alone.
    """

    name: str
    model: str

    def chat(self, messages: Sequence[ChatMessage]) -> str:
        """The model's reply to ``messages``: reasoning blocks removed, never empty.

        Raises:
            BackendError: when no reply could be had (the message says why).
        """
        ...

    def close(self) -> None:
        """Release what the backend holds open (connection pools)."""
        ...


def build_options(cls: type[Options], given: Mapping[str, Any], *, kind: str, **fixed: Any) -> Options:
    """The settings dataclass ``cls`` of a ``kind`` backend, built from ``fixed`` (what the
    spec says: model, URL) and ``given`` (the caller's options).

    Raises:
        SpecError: for options ``cls`` has no field for (or that the spec fixes), naming
            them and the options the backend takes.
    """
    takes = sorted(f.name for f in fields(cls) if f.name not in fixed)  # type: ignore[arg-type]
    unused = sorted(set(given) - set(takes))
    if unused:
        raise SpecError(f"{kind}: models do not use option(s) {', '.join(unused)}; they take {', '.join(takes)}")
    return cls(**fixed, **given)


_THINK_BLOCK = re.compile(r"<think>.*?(</think>|$)", re.DOTALL | re.IGNORECASE)


def strip_reasoning(text: str) -> str:
    """The visible reply: ``<think>...</think>`` blocks of reasoning models removed (an
    unclosed block runs to the end), surrounding whitespace stripped. May return ``""``."""
    return _THINK_BLOCK.sub("", text).strip()
