"""Shared helpers of the hardening tests (no tests here).

``smoke_checkpoint(factory)`` trains the smoke NLU checkpoint (``training/configs/smoke.yaml``
on the real annotation corpus, validated on its first 64 validation turns) once per test
process and returns its folder; every hardening module that needs a real NLU uses it.
``train_smoke_on(data, folder)`` trains the smoke config on a small hand-written turns file.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

import pytest

ROOT = Path(__file__).resolve().parents[1]
SMOKE = ROOT / "training" / "configs" / "smoke.yaml"
RECORDS = ROOT / "records" / "default.jsonl"
PYTHON = sys.executable

_CACHE: dict[str, Path] = {}


def smoke_overrides(folder: Path) -> list[str]:
    """``--set`` overrides of a fast smoke run writing into ``folder`` (a 64-turn
    validation file is written there first)."""
    folder.mkdir(parents=True, exist_ok=True)
    validation = folder / "validation64.jsonl"
    if not validation.exists():
        lines = (ROOT / "annotations" / "validation.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
        validation.write_text("".join(lines[:64]), encoding="utf-8")
    return [f"output_root={folder}", f"validation_file={validation}", "name=smoke"]


def smoke_checkpoint(factory: pytest.TempPathFactory) -> Path:
    """The smoke checkpoint folder, trained on first use in this process (~20-60 s)."""
    if "smoke" not in _CACHE:
        from tod.training.config import load_config
        from tod.training.run import train

        folder = factory.mktemp("hardening-smoke")
        _CACHE["smoke"] = train(load_config(SMOKE, smoke_overrides(folder)))
    return _CACHE["smoke"]


def train_smoke_on(data: Path, output_root: Path, *overrides: str) -> Path:
    """Train the smoke config on the turns file ``data`` (also its validation file), writing
    the checkpoint under ``output_root``; returns its folder."""
    from tod.training.config import load_config
    from tod.training.run import train

    settings = [f"train_file={data}", f"validation_file={data}", f"output_root={output_root}", *overrides]
    return train(load_config(SMOKE, settings))


def subprocess_env(**extra: str) -> dict[str, str]:
    """The environment for ``python -m tod....`` subprocesses run from the repository root."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.setdefault("TOKENIZERS_PARALLELISM", "false")
    env.update(extra)
    return env


def completion(text: str | None) -> dict[str, Any]:
    """An OpenAI chat-completions response body."""
    return {"id": "x", "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}


class ChatServer:
    """A chat-completions server on 127.0.0.1 whose answer to each request is decided by
    ``behave(body, headers) -> (status, body_text, extra_headers, delay_s)``. Requests and
    their headers are recorded."""

    def __init__(self, behave: Callable[[dict[str, Any], dict[str, str]], tuple[int, str, dict[str, str], float]]) -> None:
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 (http.server API)
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server.lock:
                    server.requests.append(body)
                    server.headers.append(dict(self.headers))
                status, text, extra, delay = behave(body, dict(self.headers))
                if delay:
                    import time

                    time.sleep(delay)
                try:
                    data = text.encode("utf-8", "surrogatepass")
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for key, value in extra.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> "ChatServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def closed_port() -> int:
    """A loopback port with nothing listening (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
