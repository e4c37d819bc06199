"""Offline by default, and secrets stay secret.

Every command runs in a subprocess whose ``sitecustomize.py`` (put first on PYTHONPATH)
wraps ``socket.socket.connect``, ``connect_ex``, ``socket.create_connection`` and
``socket.getaddrinfo``: any address or host name that is not loopback is written to a log
file and refused before a packet leaves. With no remote doctor or judge configured, a full
``python -m tod.train`` (smoke) and ``python -m tod.evaluate`` (scripted doctor, dialogue,
BERTScore on) must leave that log empty, with ``HF_HUB_OFFLINE`` and the other offline
variables unset in the environment (tod sets ``HF_HUB_OFFLINE=1`` itself).

Secrets: an evaluation whose doctor is an OpenAI-compatible server on 127.0.0.1 reads its
key from ``TOD_TEST_KEY``; the server checks the key arrives, and for one patient answers
with an error body that echoes the request's Authorization header (servers do that). The
key must appear in no file of the run folder and in nothing the command printed.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from test_hardening_support import (
    PYTHON,
    RECORDS,
    ROOT,
    SMOKE,
    ChatServer,
    completion,
    smoke_checkpoint,
    smoke_overrides,
    subprocess_env,
)
from tod.doctors.base import Message
from tod.doctors.scripted import ScriptedDoctor
from tod.records import load_records

SITECUSTOMIZE = '''
import errno, ipaddress, os, socket

_LOG = os.environ["TOD_NET_LOG"]
with open(_LOG + ".loaded", "a") as _handle:
    _handle.write(str(os.getpid()) + "\\n")


def _loopback(host):
    if host in (None, "", "localhost", "localhost.localdomain", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


def _refuse(what, address):
    with open(_LOG, "a") as handle:
        handle.write(f"{os.getpid()} {what} {address!r}\\n")
    raise OSError(errno.ENETUNREACH, f"network access blocked by the test: {address!r}")


_connect, _connect_ex = socket.socket.connect, socket.socket.connect_ex
_create_connection, _getaddrinfo = socket.create_connection, socket.getaddrinfo


def connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _loopback(address[0]):
        _refuse("connect", address)
    return _connect(self, address)


def connect_ex(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _loopback(address[0]):
        _refuse("connect_ex", address)
    return _connect_ex(self, address)


def create_connection(address, *args, **kwargs):
    if not _loopback(address[0]):
        _refuse("create_connection", address)
    return _create_connection(address, *args, **kwargs)


def getaddrinfo(host, *args, **kwargs):
    if not _loopback(host.decode() if isinstance(host, bytes) else host):
        _refuse("getaddrinfo", host)
    return _getaddrinfo(host, *args, **kwargs)


socket.socket.connect, socket.socket.connect_ex = connect, connect_ex
socket.create_connection, socket.getaddrinfo = create_connection, getaddrinfo
'''

OFFLINE_VARIABLES = ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_EVALUATE_OFFLINE")


@pytest.fixture()
def guarded_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """An environment whose Python processes log and refuse non-loopback connections, with
    every offline variable unset."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE)
    log = tmp_path / "network.log"
    env = subprocess_env(TOD_NET_LOG=str(log))
    env["PYTHONPATH"] = f"{site}:{env['PYTHONPATH']}"
    for name in OFFLINE_VARIABLES:
        env.pop(name, None)
    return env, log


def run(argv: list[str], env: dict[str, str], timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYTHON, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


def test_the_guard_catches_a_remote_connection(guarded_env: tuple[dict[str, str], Path]) -> None:
    env, log = guarded_env
    # 203.0.113.0/24 is TEST-NET-3 (documentation only); the guard refuses before any packet
    done = run(["-c", "import socket\ntry:\n    socket.create_connection(('203.0.113.7', 443), timeout=1)\nexcept OSError as e:\n    print(e)"], env, 60)
    assert "blocked by the test" in done.stdout
    done = run(["-c", "import socket\ns = socket.socket()\ntry:\n    s.connect(('203.0.113.7', 80))\nexcept OSError as e:\n    print(e)"], env, 60)
    assert "blocked by the test" in done.stdout
    assert log.read_text().count("203.0.113.7") == 2


def test_tod_is_offline_by_default(guarded_env: tuple[dict[str, str], Path]) -> None:
    env, _ = guarded_env
    code = ("import os, tod, huggingface_hub.constants as c, transformers.utils.hub as h\n"
            "print(os.environ['HF_HUB_OFFLINE'], os.environ['HF_DATASETS_OFFLINE'], c.HF_HUB_OFFLINE, h.is_offline_mode())")
    assert run(["-c", code], env, 120).stdout.split() == ["1", "1", "True", "True"]
    env = {**env, "HF_HUB_OFFLINE": "0"}  # the user's choice wins
    assert run(["-c", "import os, tod; print(os.environ['HF_HUB_OFFLINE'])"], env, 60).stdout.strip() == "0"


def test_train_and_evaluate_open_no_remote_connection(guarded_env: tuple[dict[str, str], Path], tmp_path: Path) -> None:
    env, log = guarded_env
    overrides = [f"--set={item}" for item in smoke_overrides(tmp_path / "ckpt")]
    trained = run(["-m", "tod.train", "--config", str(SMOKE), *overrides], env)
    assert trained.returncode == 0, trained.stderr[-3000:]
    checkpoint = tmp_path / "ckpt" / "smoke"
    assert (checkpoint / "manifest.json").is_file()
    records = tmp_path / "records.jsonl"
    records.write_text("".join(r.model_dump_json() + "\n" for r in load_records(RECORDS)[:2]), encoding="utf-8")
    out = tmp_path / "run"
    evaluated = run(["-m", "tod.evaluate", "--doctor", "scripted", "--records", str(records), "--checkpoint", str(checkpoint),
                     "--output-dir", str(out), "--bootstrap", "50", "--max-turns", "8"], env)
    assert evaluated.returncode == 0, evaluated.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert results["counts"]["ok"] == 2 and results["metrics"]["bertscore_avg"] is not None  # BERTScore ran, locally
    assert len(set(Path(str(log) + ".loaded").read_text().split())) >= 2  # the guard was in both processes
    attempts = log.read_text() if log.exists() else ""
    assert attempts == "", f"network connections attempted:\n{attempts}"


SECRET = "sk-secret-123-do-not-leak-4f9a"


def test_the_api_key_is_never_written_or_printed(
    guarded_env: tuple[dict[str, str], Path], tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    env, log = guarded_env
    records = load_records(RECORDS)[:3]
    echo_for = records[1].case.opening_statement
    seen_keys: list[str] = []

    def behave(body: dict[str, Any], headers: dict[str, str]) -> tuple[int, str, dict[str, str], float]:
        seen_keys.append(headers.get("Authorization", ""))
        messages = [Message("doctor" if m["role"] == "assistant" else "patient", m["content"])
                    for m in body["messages"] if m["role"] != "system"]
        if messages[0].content.startswith(echo_for):  # a server that echoes the request in its errors
            return 500, json.dumps({"error": f"bad request; you sent Authorization: {headers.get('Authorization')}"}), {}, 0
        return 200, json.dumps(completion(ScriptedDoctor().reply(messages))), {}, 0

    records_file = tmp_path / "records.jsonl"
    records_file.write_text("".join(r.model_dump_json() + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "run"
    checkpoint = smoke_checkpoint(tmp_path_factory)
    with ChatServer(behave) as server:
        done = run(["-m", "tod.evaluate", "--doctor", f"openai:test-model@{server.base_url}", "--records", str(records_file),
                    "--checkpoint", str(checkpoint), "--output-dir", str(out), "--api-key-env", "TOD_TEST_KEY",
                    "--retries", "1", "--no-bertscore", "--bootstrap", "20", "--max-turns", "6"],
                   {**env, "TOD_TEST_KEY": SECRET}, 600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert seen_keys and all(key == f"Bearer {SECRET}" for key in seen_keys)  # the key was used...
    results = json.loads((out / "results.json").read_text())
    assert results["counts"] == {"records": 3, "ok": 2, "failed": 1, "missing": 0}
    assert "[redacted]" in results["failures"][0]["error"]  # ...and the echoed copy was redacted
    files = [p for p in out.rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {"transcripts.jsonl", "results.json", "report.md", "manifest.json"}
    for path in files:
        assert SECRET not in path.read_text(encoding="utf-8", errors="replace"), path
    assert SECRET not in done.stdout and SECRET not in done.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["config"]["doctor_options"]["api_key_env"] == "TOD_TEST_KEY"  # the name, never the value
    assert not log.exists() or log.read_text() == ""
