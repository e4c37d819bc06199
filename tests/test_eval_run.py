"""The evaluation run: output files, failures, interrupts and resume, the CLIs and the report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import pytest

from tod.doctors.base import DoctorError, Message
from tod.doctors.scripted import ScriptedDoctor
from tod.evaluate import main as evaluate_main
from tod.evaluation.config import EvalConfig
from tod.evaluation.metrics import MetricContext
from tod.evaluation.run_folder import TRANSCRIPTS
from tod.evaluation.runner import RunSetupError, run_evaluation
from tod.evaluation.transcript import TranscriptLog
from tod.records.model import Record
from tod.report import main as report_main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = json.loads((ROOT / "records" / "example.json").read_text())
DEPARTMENTS = ["internal_medicine", "pediatrics", "neurology"]


def make_records(n: int) -> list[Record]:
    """``n`` copies of the example record with their own ids and departments."""
    return [Record.model_validate({**EXAMPLE, "id": f"case-{i}", "department": DEPARTMENTS[i % 3]}) for i in range(n)]


def write_records(path: Path, records: Sequence[Record]) -> Path:
    path.write_text("".join(r.model_dump_json() + "\n" for r in records))
    return path


class Interrupting:
    """The scripted doctor, but Ctrl-C arrives during consultation ``k + 1``."""

    name = "scripted"

    def __init__(self, k: int) -> None:
        self.k = k
        self.started: list[str] = []
        self.inner = ScriptedDoctor()

    def reply(self, messages: Sequence[Message]) -> str:
        if len(messages) == 1:  # first question of a new consultation
            self.started.append(messages[0].content)
            if len(self.started) > self.k:
                raise KeyboardInterrupt
        return self.inner.reply(messages)


class FailsOn:
    """The scripted doctor, except that the endpoint fails for vignettes of some departments."""

    name = "scripted"

    def __init__(self, department_word: str) -> None:
        self.word = department_word

    def reply(self, messages: Sequence[Message]) -> str:
        if self.word in messages[0].content:
            raise DoctorError("model 'x' at http://127.0.0.1:1/v1: failed after 5 attempts: HTTP 503 server error")
        return ScriptedDoctor().reply(messages)


def config(out: Path, **changes: Any) -> EvalConfig:
    settings: dict[str, Any] = {"doctor": "scripted", "records": "unused.jsonl", "output_dir": str(out), "condition": "vignette",
                                "bootstrap_resamples": 200}
    settings.update(changes)
    return EvalConfig(**settings)


FAST = MetricContext(bertscore=False)


def lines(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / TRANSCRIPTS).read_text().splitlines()]


def test_a_run_writes_transcripts_results_report_and_manifest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-must-not-leak")
    out = tmp_path / "run"
    outcome = run_evaluation(config(out), doctor=ScriptedDoctor(), records=make_records(3), metric_context=FAST, progress=False)
    assert (outcome.ran, outcome.skipped) == (3, 0)
    logged = lines(out)
    assert [t["record_id"] for t in logged] == ["case-0", "case-1", "case-2"]
    assert all(t["status"] == "ok" and t["condition"] == "vignette" for t in logged)
    assert logged[0]["summary_answers"]["diagnosis"] == "Final Diagnosis: Type 2 diabetes mellitus"
    assert logged[0]["summary_answers"]["treatment"].startswith("Metformin")
    results = json.loads((out / "results.json").read_text())
    assert results["counts"] == {"records": 3, "ok": 3, "failed": 0, "missing": 0}
    assert results["metrics"]["top1"] == 1.0 and results["metrics"]["mcq_correct"] == 1.0
    assert results["metrics"]["coverage"] is None  # the doctor was given the facts
    manifest_text = (out / "manifest.json").read_text()
    manifest = json.loads(manifest_text)
    assert "sk-must-not-leak" not in manifest_text
    assert manifest["config"]["doctor"] == "scripted" and manifest["packages"]["numpy"]
    assert manifest["checkpoint"] is None and set(manifest["git"]) == {"commit", "dirty"}
    report = (out / "report.md").read_text()
    assert "## Diagnosis" in report and "100.0%" in report


def test_a_failing_doctor_is_logged_as_failed_and_the_run_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "run"
    records = make_records(4)
    records[1] = Record.model_validate({**EXAMPLE, "id": "bad", "case": {**EXAMPLE["case"], "opening_statement": "XYZZY hurts."}})
    run_evaluation(config(out), doctor=FailsOn("XYZZY"), records=records, metric_context=FAST, progress=False)
    by_id = {t["record_id"]: t for t in lines(out)}
    assert by_id["bad"]["status"] == "failed" and "HTTP 503" in by_id["bad"]["error"]
    results = json.loads((out / "results.json").read_text())
    assert results["counts"]["failed"] == 1 and results["counts"]["ok"] == 3
    assert "## Failed consultations" in (out / "report.md").read_text()


@pytest.mark.parametrize("concurrency", [1, 3])
def test_resume_after_an_interrupt_loses_and_duplicates_nothing(tmp_path: Path, concurrency: int) -> None:
    out = tmp_path / "run"
    records = make_records(7)
    with pytest.raises(KeyboardInterrupt):
        run_evaluation(config(out, concurrency=concurrency), doctor=Interrupting(k=3), records=records, metric_context=FAST, progress=False)
    first = [t["record_id"] for t in lines(out)]
    assert len(first) >= 3 and len(first) < 7 and len(set(first)) == len(first)
    with pytest.raises(RunSetupError, match="--resume"):
        run_evaluation(config(out), doctor=ScriptedDoctor(), records=records, metric_context=FAST, progress=False)
    outcome = run_evaluation(config(out, resume=True, concurrency=concurrency), doctor=ScriptedDoctor(), records=records,
                             metric_context=FAST, progress=False)
    ids = [t["record_id"] for t in lines(out)]
    assert sorted(ids) == sorted(r.id for r in records) and ids[: len(first)] == first
    assert (outcome.ran, outcome.skipped) == (7 - len(first), len(first))
    assert json.loads((out / "results.json").read_text())["counts"]["ok"] == 7


def test_a_torn_last_line_is_redone_not_duplicated(tmp_path: Path) -> None:
    out = tmp_path / "run"
    records = make_records(3)
    run_evaluation(config(out), doctor=ScriptedDoctor(), records=records[:2], metric_context=FAST, progress=False)
    path = out / TRANSCRIPTS
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 40])  # the second line was cut mid-write
    assert [t.record_id for t in TranscriptLog(path).read()] == ["case-0"]
    outcome = run_evaluation(config(out, resume=True), doctor=ScriptedDoctor(), records=records, metric_context=FAST, progress=False)
    assert outcome.ran == 2 and [t["record_id"] for t in lines(out)] == ["case-0", "case-1", "case-2"]


def test_resume_refuses_changed_settings(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_evaluation(config(out), doctor=ScriptedDoctor(), records=make_records(1), metric_context=FAST, progress=False)
    with pytest.raises(RunSetupError, match="condition"):
        run_evaluation(config(out, resume=True, condition="opening"), doctor=ScriptedDoctor(), records=make_records(1),
                       metric_context=FAST, progress=False)


def test_the_opening_condition_shows_only_the_opening_statement(tmp_path: Path) -> None:
    seen: list[str] = []

    class Recorder(ScriptedDoctor):
        def reply(self, messages: Sequence[Message]) -> str:
            seen.append(messages[0].content)
            return super().reply(messages)

    run_evaluation(config(tmp_path / "run", condition="opening"), doctor=Recorder(), records=make_records(1),
                   metric_context=FAST, progress=False)
    assert EXAMPLE["case"]["opening_statement"] in seen[0]
    assert "HbA1c" not in seen[0] and "Type 2 diabetes" not in seen[0]


def test_evaluate_and_report_clis(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = write_records(tmp_path / "records.jsonl", make_records(4))
    runs = []
    for condition in ("vignette", "opening"):
        out = tmp_path / condition
        argv = ["--doctor", "scripted", "--records", str(records), "--output-dir", str(out), "--condition", condition,
                "--limit", "3", "--bootstrap", "100"]
        if condition == "opening":
            argv.append("--no-bertscore")
        assert evaluate_main(argv) == 0
        runs.append(str(out))
    assert len(lines(tmp_path / "vignette")) == 3
    vignette = json.loads((tmp_path / "vignette" / "results.json").read_text())
    assert vignette["metrics"]["bertscore_avg"] > 0.5  # the local MiniLM BERTScore ran
    report_dir = tmp_path / "report"
    assert report_main([*runs, "--output-dir", str(report_dir)]) == 0
    for name in ("comparison.md", "comparison.json", "question_types.png", "coverage_by_family.png", "accuracy_by_department.png"):
        assert (report_dir / name).stat().st_size > 0, name
    assert (report_dir / "question_types.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    comparison = (report_dir / "comparison.md").read_text()
    assert "| metric | vignette | opening |" in comparison
    assert [r["label"] for r in json.loads((report_dir / "comparison.json").read_text())["runs"]] == ["vignette", "opening"]
    capsys.readouterr()
    assert evaluate_main(["--doctor", "scripted", "--records", str(tmp_path / "missing.jsonl"), "--output-dir", str(tmp_path / "x"),
                          "--condition", "vignette"]) == 1
    assert "no such record file" in capsys.readouterr().err
    assert evaluate_main(["--doctor", "nonsense", "--records", str(records), "--output-dir", str(tmp_path / "y"),
                          "--condition", "vignette"]) == 1
    assert "unknown doctor spec" in capsys.readouterr().err
    assert report_main([str(tmp_path / "missing-run")]) == 1
