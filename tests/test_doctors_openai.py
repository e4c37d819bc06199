"""The OpenAI-compatible doctor against a real chat-completions server on 127.0.0.1.

The server (``test_hardening_support.ChatServer``: http.server in a thread) replays a script of
behaviours, one per request:
a normal completion, a delay longer than the client timeout, an HTTP status, a raw body,
or a 429 with Retry-After. Waits between attempts go to a recorder instead of sleeping.
"""

from __future__ import annotations

import json
import socket
from collections import deque
from typing import Any, Iterator

import pytest
from test_hardening_support import ChatServer, completion

from tod.backends.base import BackendError, SpecError
from tod.backends.openai_compat import ChatClient, ChatEndpoint, parse_retry_after
from tod.doctors.base import DoctorError, Message
from tod.doctors.chat_doctor import ChatDoctor
from tod.doctors.prompts import DEFAULT_SYSTEM_PROMPT, DOCTOR_OPENS
from tod.doctors.registry import load_doctor


class ScriptedServer(ChatServer):
    """A ``ChatServer`` that plays ``script``, one step per request:
    ("ok", text) | ("delay", seconds, text) | ("status", code) | ("raw", body) | ("429", retry_after);
    an empty script answers "default reply"."""

    def __init__(self) -> None:
        self.script: deque[tuple[Any, ...]] = deque()
        super().__init__(self._behave)

    def _behave(self, body: dict[str, Any], headers: dict[str, str]) -> tuple[int, str, dict[str, str], float]:
        step = self.script.popleft() if self.script else ("ok", "default reply")
        if step[0] == "delay":
            return 200, json.dumps(completion(step[2])), {}, step[1]
        if step[0] == "ok":
            return 200, json.dumps(completion(step[1])), {}, 0.0
        if step[0] == "status":
            return step[1], json.dumps({"error": {"message": "boom"}}), {}, 0.0
        if step[0] == "raw":
            return 200, step[1], {}, 0.0
        return 429, json.dumps({"error": {"message": "slow down"}}), {"Retry-After": step[1]}, 0.0


@pytest.fixture()
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as chat:
        yield chat


def make_doctor(server: ScriptedServer, waits: list[float], **endpoint: Any) -> ChatDoctor:
    settings = {"model": "test-model", "base_url": server.base_url, "timeout_s": 2.0, "backoff_s": 0.01, "max_retries": 4, "api_key_env": "TOD_TEST_KEY"}
    settings.update(endpoint)
    return ChatDoctor(ChatClient(ChatEndpoint(**settings), sleep=waits.append))


CONVERSATION = [Message("patient", "I've been very thirsty."), Message("doctor", "How long?"), Message("patient", "Two months.")]


def test_reply_sends_the_conversation_with_roles_and_settings(server: ScriptedServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOD_TEST_KEY", "sk-secret-123")
    server.script.append(("ok", "  Do you have any other symptoms?  "))
    doctor = make_doctor(server, [], temperature=0.3, max_tokens=77, seed=5)
    assert doctor.reply(CONVERSATION) == "Do you have any other symptoms?"
    request = server.requests[0]
    assert request["model"] == "test-model" and request["temperature"] == 0.3 and request["max_tokens"] == 77 and request["seed"] == 5
    assert request["messages"] == [
        {"role": "system", "content": DEFAULT_SYSTEM_PROMPT},
        {"role": "user", "content": "I've been very thirsty."},
        {"role": "assistant", "content": "How long?"},
        {"role": "user", "content": "Two months."},
    ]
    assert server.headers[0]["Authorization"] == "Bearer sk-secret-123"
    assert doctor.name == "openai:test-model"


def test_no_key_sends_no_authorization_and_empty_conversation_gets_an_opening(server: ScriptedServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOD_TEST_KEY", raising=False)
    make_doctor(server, []).reply([])
    assert "Authorization" not in server.headers[0]
    assert server.requests[0]["messages"][1] == {"role": "user", "content": DOCTOR_OPENS}


def test_timeout_500_malformed_and_429_are_retried_with_backoff(server: ScriptedServer) -> None:
    server.script.extend([("delay", 1.5, "too late"), ("status", 500), ("raw", "{not json"), ("429", "2"), ("ok", "Any fever?")])
    waits: list[float] = []
    doctor = make_doctor(server, waits, timeout_s=0.4)
    assert doctor.reply(CONVERSATION) == "Any fever?"
    assert len(server.requests) == 5
    # exponential backoff 0.01, 0.02, 0.04; the 429 waits what Retry-After says.
    assert waits == pytest.approx([0.01, 0.02, 0.04, 2.0])


def test_empty_and_missing_content_are_retried(server: ScriptedServer) -> None:
    server.script.extend([("ok", ""), ("ok", None), ("raw", json.dumps({"choices": []})), ("ok", "<think>hmm</think>Where is the pain?")])
    waits: list[float] = []
    assert make_doctor(server, waits).reply(CONVERSATION) == "Where is the pain?"
    assert len(waits) == 3


def test_gives_up_after_the_retries_with_the_reason(server: ScriptedServer) -> None:
    server.script.extend([("status", 503)] * 3)
    waits: list[float] = []
    with pytest.raises(DoctorError, match=r"failed after 3 attempts: HTTP 503"):
        make_doctor(server, waits, max_retries=2).reply(CONVERSATION)
    assert len(server.requests) == 3 and waits == pytest.approx([0.01, 0.02])


def test_client_errors_are_not_retried(server: ScriptedServer) -> None:
    server.script.append(("status", 401))
    waits: list[float] = []
    with pytest.raises(DoctorError, match="HTTP 401"):
        make_doctor(server, waits).reply(CONVERSATION)
    assert len(server.requests) == 1 and waits == []


def test_backoff_is_capped_and_retry_after_dates_are_read(server: ScriptedServer) -> None:
    server.script.extend([("status", 500)] * 4)
    waits: list[float] = []
    with pytest.raises(DoctorError):
        make_doctor(server, waits, backoff_s=1.0, max_backoff_s=3.0, max_retries=3).reply(CONVERSATION)
    assert waits == [1.0, 2.0, 3.0]
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None


def test_connection_refused_is_retried_then_reported() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    waits: list[float] = []
    client = ChatClient(ChatEndpoint(model="m", base_url=f"http://127.0.0.1:{port}/v1", max_retries=1, backoff_s=0.01), sleep=waits.append)
    with pytest.raises(BackendError, match="connection error"):
        client.chat([{"role": "user", "content": "hi"}])
    assert waits == [0.01]


def test_the_api_key_never_appears_in_config_repr_or_errors(server: ScriptedServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOD_TEST_KEY", "sk-very-secret")
    server.script.append(("status", 400))
    doctor = make_doctor(server, [])
    with pytest.raises(DoctorError) as caught:
        doctor.reply(CONVERSATION)
    shown = str(caught.value) + repr(doctor.backend) + json.dumps(doctor.backend.endpoint.to_json())
    assert "sk-very-secret" not in shown


def test_registry_builds_the_openai_doctor_from_a_spec(server: ScriptedServer) -> None:
    server.script.append(("ok", "How old are you?"))
    doctor = load_doctor(f"openai:org/model:7b@{server.base_url}", system_prompt="Be brief.", api_key_env=None, timeout_s=5)
    assert doctor.reply(CONVERSATION) == "How old are you?"
    assert server.requests[0]["model"] == "org/model:7b"
    assert server.requests[0]["messages"][0] == {"role": "system", "content": "Be brief."}


@pytest.mark.parametrize("spec", ["gpt", "openai:", "hf:", "claude:x", ""])
def test_registry_rejects_unknown_specs(spec: str) -> None:
    with pytest.raises(SpecError, match="expected 'openai:MODEL"):
        load_doctor(spec)


def test_registry_rejects_unknown_options() -> None:
    with pytest.raises(SpecError, match="unknown doctor option"):
        load_doctor("scripted", temprature=0.5)
