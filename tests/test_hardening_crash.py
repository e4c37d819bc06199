"""Crash safety: an evaluation killed with SIGKILL mid-run resumes without losing or
duplicating a finished consultation, and its transcripts file stays valid JSONL.

``python -m tod.evaluate`` (scripted doctor, the smoke NLU checkpoint, concurrency 1) runs
in a subprocess; as soon as the first finished consultation is in ``transcripts.jsonl``
the process gets SIGKILL (no handler, no cleanup). A torn half line is then appended, as a
kill in the middle of a write would leave. ``--resume`` must cut the torn line, keep every
line written before the kill byte for byte, redo only the missing records, and end with
exactly one valid JSON line per record.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_hardening_support import PYTHON, RECORDS, ROOT, smoke_checkpoint, subprocess_env
from tod.records import load_records

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

N_RECORDS = 4


def complete_lines(path: Path) -> list[bytes]:
    """The newline-terminated lines of ``path`` (a torn last line is not one)."""
    if not path.exists():
        return []
    *lines, _torn = path.read_bytes().split(b"\n")
    return [line for line in lines if line.strip()]


def test_sigkill_mid_run_then_resume_loses_and_duplicates_nothing(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    checkpoint = smoke_checkpoint(tmp_path_factory)
    records = load_records(RECORDS)[:N_RECORDS]
    records_file = tmp_path / "records.jsonl"
    records_file.write_text("".join(r.model_dump_json() + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "run"
    transcripts = out / "transcripts.jsonl"
    argv = [PYTHON, "-m", "tod.evaluate", "--doctor", "scripted", "--records", str(records_file), "--checkpoint", str(checkpoint),
            "--output-dir", str(out), "--concurrency", "1", "--no-bertscore", "--bootstrap", "20", "--max-turns", "12"]

    with (tmp_path / "first.log").open("wb") as log:
        process = subprocess.Popen(argv, cwd=ROOT, env=subprocess_env(), stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 600
        while not complete_lines(transcripts):
            assert process.poll() is None, (tmp_path / "first.log").read_text(errors="replace")[-3000:]
            assert time.monotonic() < deadline, "no consultation finished within 10 minutes"
            time.sleep(0.02)
        os.kill(process.pid, signal.SIGKILL)
        assert process.wait(timeout=60) == -signal.SIGKILL
    before = complete_lines(transcripts)
    assert 1 <= len(before) < N_RECORDS, "the kill must land mid-run"
    assert not (out / "results.json").exists()  # the run never got to its end
    for line in before:
        json.loads(line)
    with transcripts.open("ab") as handle:  # what a kill in the middle of a write leaves
        handle.write(b'{"record_id": "' + records[-1].id.encode() + b'", "status": "ok", "turns": [{"doc')

    resumed = subprocess.run([*argv, "--resume"], cwd=ROOT, env=subprocess_env(), capture_output=True, text=True, timeout=900)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert f"{N_RECORDS} ok, 0 failed ({N_RECORDS - len(before)} run now, {len(before)} resumed)" in resumed.stdout

    raw = transcripts.read_bytes()
    assert raw.endswith(b"\n")
    lines = raw.split(b"\n")[:-1]
    assert lines[: len(before)] == before  # nothing written before the kill changed or was lost
    rows = [json.loads(line) for line in lines]  # every line is whole, valid JSON
    ids = [row["record_id"] for row in rows]
    assert sorted(ids) == sorted(r.id for r in records) and len(ids) == len(set(ids)) == N_RECORDS
    assert all(row["status"] == "ok" and row["turns"] for row in rows)
    results = json.loads((out / "results.json").read_text())
    assert results["counts"] == {"records": N_RECORDS, "ok": N_RECORDS, "failed": 0, "missing": 0}
    assert json.loads((out / "manifest.json").read_text())["resumed"] is True
