"""The ``openai:`` backend: a client for OpenAI-compatible chat-completions endpoints, with
bounded retries.

One client serves vLLM, Ollama (``/v1``), the llama.cpp server, LM Studio and OpenAI: it
POSTs ``{base_url}/chat/completions`` and reads ``choices[0].message.content``.

Spec: ``openai:MODEL`` or ``openai:MODEL@BASE_URL`` (without ``@BASE_URL`` the OpenAI API
is used; the part after the last ``@`` is the base URL only when it starts with
``http://`` or ``https://``). Options: the fields of :class:`ChatEndpoint` other than
``model`` and ``base_url``.

Retries: timeouts, connection errors, HTTP 429 (waiting as long as ``Retry-After`` says,
up to ``max_retry_after_s``), HTTP 5xx and malformed or empty completions are retried with
exponential backoff (``backoff_s``, doubled each attempt, capped at ``max_backoff_s``), at
most ``max_retries`` times after the first attempt. Other HTTP errors (400, 401, 404...)
are not retried. When no attempt succeeds, :class:`~tod.backends.base.BackendError` is
raised with the last reason.

The API key is read from the environment variable *named* in the endpoint
(``api_key_env``) when the client is built; the key itself is never part of the
configuration, a repr, an error message or a log line. No key (variable unset or empty)
sends no ``Authorization`` header, which local servers accept.
"""

from __future__ import annotations

import email.utils
import os
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Sequence

import httpx

from tod.backends.base import BackendError, ChatMessage, build_options, strip_reasoning

DEFAULT_BASE_URL = "https://api.openai.com/v1"
#: The environment variable the API key is read from when ``api_key_env`` is not given.
DEFAULT_API_KEY_ENV = "OPENAI_API_KEY"


@dataclass(frozen=True)
class ChatEndpoint:
    """Where and how to call a chat-completions model (no secrets: the key stays in the
    environment variable ``api_key_env``).

    ``base_url`` includes the API prefix (``http://127.0.0.1:8000/v1``,
    ``http://localhost:11434/v1``). ``seed`` is sent when not ``None`` (servers that do
    not know it ignore it).
    """

    model: str
    base_url: str = DEFAULT_BASE_URL
    api_key_env: str | None = DEFAULT_API_KEY_ENV
    temperature: float = 0.0
    max_tokens: int = 512
    timeout_s: float = 60.0
    max_retries: int = 4
    backoff_s: float = 1.0
    max_backoff_s: float = 30.0
    max_retry_after_s: float = 120.0
    seed: int | None = None

    def __post_init__(self) -> None:
        if not self.model:
            raise ValueError("chat endpoint: model name is empty")
        if not self.base_url.startswith(("http://", "https://")):
            raise ValueError(f"chat endpoint: base URL {self.base_url!r} must start with http:// or https://")
        if self.max_retries < 0 or self.timeout_s <= 0 or self.max_tokens <= 0:
            raise ValueError("chat endpoint: max_retries must be >= 0, timeout_s and max_tokens > 0")

    @property
    def url(self) -> str:
        """The chat-completions URL."""
        return self.base_url.rstrip("/") + "/chat/completions"

    def to_json(self) -> dict[str, Any]:
        """The endpoint as a JSON-ready dict (safe to store: holds no key)."""
        return asdict(self)


def split_model_url(target: str) -> tuple[str, str]:
    """``MODEL[@BASE_URL]`` -> ``(model, base_url)`` (the OpenAI API when no URL is given)."""
    model, at, url = target.rpartition("@")
    if at and url.startswith(("http://", "https://")):
        return model, url
    return target, DEFAULT_BASE_URL


class _Retryable(Exception):
    """One failed attempt that may succeed when repeated; ``wait_s`` overrides the backoff."""

    def __init__(self, reason: str, wait_s: float | None = None) -> None:
        super().__init__(reason)
        self.wait_s = wait_s


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta seconds or an HTTP date).

    Returns ``None`` for a missing or unreadable header and ``0.0`` for a date in the past.
    """
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - (now or datetime.now(timezone.utc))).total_seconds())


def _completion_text(response: httpx.Response) -> str:
    """The reply text of a 200 response; raises :class:`_Retryable` when it is malformed or empty."""
    try:
        body = response.json()
    except ValueError:
        raise _Retryable(f"malformed completion: body is not JSON ({response.text[:80]!r})") from None
    try:
        content = body["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise _Retryable("malformed completion: no choices[0].message.content") from None
    if not isinstance(content, str):
        raise _Retryable(f"malformed completion: content is {type(content).__name__}, not text")
    text = strip_reasoning(content)
    if not text:
        raise _Retryable("empty completion")
    return text


class ChatClient:
    """The ``openai:`` backend: calls one chat-completions endpoint. Thread-safe (one pooled
    ``httpx.Client``).

    ``sleep`` is how the client waits between attempts (tests pass a recorder).
    ``transport`` replaces httpx's network transport (tests; ``None`` = real network).
    """

    def __init__(
        self,
        endpoint: ChatEndpoint,
        *,
        sleep: Callable[[float], None] = time.sleep,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.endpoint = endpoint
        self._sleep = sleep
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(endpoint.api_key_env, "") if endpoint.api_key_env else ""
        if key:
            headers["Authorization"] = f"Bearer {key}"
        self._http = httpx.Client(headers=headers, timeout=endpoint.timeout_s, transport=transport)

    @classmethod
    def from_spec(cls, target: str, **options: Any) -> "ChatClient":
        """The client for the spec target ``MODEL[@BASE_URL]`` with ``options`` (fields of
        :class:`ChatEndpoint`).

        Raises:
            SpecError: for an option that is not an endpoint field.
            ValueError: for an empty model name or an unusable setting.
        """
        model, base_url = split_model_url(target)
        return cls(build_options(ChatEndpoint, options, kind="openai", model=model, base_url=base_url))

    @property
    def model(self) -> str:
        """The model name the endpoint serves."""
        return self.endpoint.model

    @property
    def name(self) -> str:
        """``openai:MODEL``."""
        return f"openai:{self.endpoint.model}"

    def __repr__(self) -> str:
        return f"ChatClient(model={self.endpoint.model!r}, url={self.endpoint.url!r})"

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()

    def chat(self, messages: Sequence[ChatMessage]) -> str:
        """The model's reply to chat ``messages`` (``{"role", "content"}`` dicts), with
        reasoning blocks removed.

        Raises:
            BackendError: after ``max_retries`` failed retries, or at once for a
                non-retryable HTTP error; the message names the model, the attempts and
                the last reason.
        """
        ep = self.endpoint
        payload: dict[str, Any] = {
            "model": ep.model,
            "messages": [dict(m) for m in messages],
            "temperature": ep.temperature,
            "max_tokens": ep.max_tokens,
            "stream": False,
        }
        if ep.seed is not None:
            payload["seed"] = ep.seed
        reason = ""
        for attempt in range(ep.max_retries + 1):
            try:
                return self._attempt(payload)
            except _Retryable as failure:
                reason = str(failure)
                if attempt == ep.max_retries:
                    break
                wait = failure.wait_s
                if wait is None:
                    wait = min(ep.backoff_s * 2**attempt, ep.max_backoff_s)
                self._sleep(min(wait, ep.max_retry_after_s))
        raise BackendError(f"model {ep.model!r} at {ep.url}: failed after {ep.max_retries + 1} attempts: {reason}")

    def _attempt(self, payload: dict[str, Any]) -> str:
        ep = self.endpoint
        try:
            response = self._http.post(ep.url, json=payload)
        except httpx.TimeoutException:
            raise _Retryable(f"timed out after {ep.timeout_s:g} s") from None
        except httpx.TransportError as exc:
            raise _Retryable(f"connection error ({type(exc).__name__}: {exc})") from None
        status = response.status_code
        if status == 429:
            raise _Retryable("HTTP 429 rate limited", parse_retry_after(response.headers.get("Retry-After")))
        if status >= 500:
            raise _Retryable(f"HTTP {status} server error ({response.text[:120]!r})")
        if status != 200:
            raise BackendError(f"model {ep.model!r} at {ep.url}: HTTP {status} ({response.text[:200]!r}), not retried")
        return _completion_text(response)
