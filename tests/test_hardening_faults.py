"""Doctor endpoint faults inside consultations and runs.

Already covered elsewhere (not repeated here): the chat client's retries, backoff, caps,
Retry-After parsing, connection refused and non-retried 4xx (tests/test_doctors_openai.py);
a failing vignette doctor logged as failed while the run goes on (tests/test_eval_run.py).

Here: a dialogue that breaks off keeps the turns already played (session, consult and run
level); a whole ``python -m tod.evaluate`` run against a real endpoint on 127.0.0.1 that
times out, rate-limits, fails with 503, returns empty and malformed completions for
different patients: bounded retries, each consultation that still fails is logged as
failed with its reason and partial turns, the others finish, and the report counts the
failures; and a run whose endpoint refuses every connection.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import pytest

from test_hardening_support import RECORDS, ChatServer, closed_port, completion, smoke_checkpoint
from tod.doctors.base import DoctorError, Message
from tod.doctors.scripted import ScriptedDoctor
from tod.evaluate import main as evaluate_main
from tod.evaluation.config import EvalConfig
from tod.evaluation.consult import consult
from tod.evaluation.metrics import MetricContext
from tod.evaluation.runner import run_evaluation
from tod.records import load_records
from tod.session import partial_consultation, run_consultation

FAST = MetricContext(bertscore=False)


class FailingAfter:
    """Says its lines in order; the call after the last line raises ``error``."""

    name = "failing"

    def __init__(self, lines: Sequence[str], error: Exception) -> None:
        self.lines = list(lines)
        self.error = error

    def reply(self, messages: Sequence[Message]) -> str:
        turn = sum(1 for m in messages if m.role == "doctor")
        if turn >= len(self.lines):
            raise self.error
        return self.lines[turn]


def test_a_doctor_failure_keeps_the_turns_already_played(example_record, parser, make_agent):
    parser.add("Do you smoke?", ["ask_tobacco"])
    parser.add("Any allergies?", ["ask_allergic_history"])
    doctor = FailingAfter(["Do you smoke?", "Any allergies?", "Hmm."], DoctorError("HTTP 503 after 5 attempts"))
    with pytest.raises(DoctorError, match="503") as failure:
        run_consultation(doctor, make_agent(example_record, parser, idle_limit=50))
    partial = partial_consultation(failure.value)
    assert partial is not None and [t.doctor for t in partial.turns] == ["Do you smoke?", "Any allergies?", "Hmm."]
    assert partial.opening.text == example_record.case.opening_statement
    assert partial.revealed == {"social.tobacco": 1, "history.allergies[0]": 2}
    assert partial.end_reason is None and partial.summary_answers == {}
    # failing during the closing questions keeps the answers already given
    doctor = FailingAfter(["Do you smoke?", "Final Diagnosis: diabetes", "High sugar."], DoctorError("timed out"))
    with pytest.raises(DoctorError) as failure:
        run_consultation(doctor, make_agent(example_record, parser))
    partial = partial_consultation(failure.value)
    assert partial.end_reason == "final_diagnosis" and partial.summary_answers == {"diagnosis": "High sugar."}
    assert partial_consultation(ValueError("raised elsewhere")) is None


def test_a_patient_side_error_also_keeps_the_partial_consultation(example_record, make_agent):
    class BreaksOnSecond:
        def __init__(self) -> None:
            self.calls = 0

        def parse(self, text: str) -> Any:
            from tod.nlu.types import TurnParse

            self.calls += 1
            if self.calls == 2:
                raise RuntimeError("tokenizer exploded")
            return TurnParse(text=text, intents=("ask_tobacco",))

    with pytest.raises(RuntimeError, match="exploded") as failure:
        run_consultation(ScriptedDoctor(), make_agent(example_record, BreaksOnSecond()))
    assert len(partial_consultation(failure.value).turns) == 1


def test_a_failed_dialogue_is_logged_with_its_partial_turns_and_counted(example_record, parser, tmp_path: Path):
    parser.add("Do you smoke?", ["ask_tobacco"])
    config = EvalConfig(doctor="failing", records="unused", output_dir=str(tmp_path / "run"), bootstrap_resamples=50)
    doctor = FailingAfter(["Do you smoke?", "Anything else?"], DoctorError("model 'm' at http://127.0.0.1:1/v1: failed after 5 attempts: HTTP 503"))
    transcript = consult(example_record, doctor, parser, config, seed=1)
    assert transcript.status == "failed" and transcript.condition == "dialogue"
    assert transcript.error == "doctor error: model 'm' at http://127.0.0.1:1/v1: failed after 5 attempts: HTTP 503"
    assert [t.doctor for t in transcript.turns] == ["Do you smoke?", "Anything else?"]
    assert transcript.turns[0].provenance == ("social.tobacco",) and transcript.revealed == ("social.tobacco",)
    assert transcript.opening == example_record.case.opening_statement
    # in a run: the failure is one line of the log, counted, listed with its reason; the others finish
    ok = example_record.model_copy(update={"id": "ok-1"})

    class OneFails:
        name = "mixed"

        def reply(self, messages: Sequence[Message]) -> str:
            if "FAILME" in messages[0].content:
                return doctor.reply(messages)
            return ScriptedDoctor().reply(messages)

    bad = example_record.model_copy(update={"id": "bad-1", "case": example_record.case.model_copy(
        update={"opening_statement": "FAILME " + example_record.case.opening_statement})})
    outcome = run_evaluation(config, doctor=OneFails(), parser=parser, records=[ok, bad], metric_context=FAST, progress=False)
    assert outcome.results["counts"] == {"records": 2, "ok": 1, "failed": 1, "missing": 0}
    assert outcome.results["failures"][0]["record_id"] == "bad-1" and "HTTP 503" in outcome.results["failures"][0]["error"]
    logged = {json.loads(line)["record_id"]: json.loads(line) for line in (tmp_path / "run" / "transcripts.jsonl").read_text().splitlines()}
    assert len(logged["bad-1"]["turns"]) == 2 and logged["bad-1"]["status"] == "failed"
    report = (tmp_path / "run" / "report.md").read_text()
    assert "## Failed consultations" in report and "bad-1" in report


# ------------------------------------------------------------------ a real endpoint


def _doctor_view(body: dict[str, Any]) -> list[Message]:
    return [Message("doctor" if m["role"] == "assistant" else "patient", m["content"])
            for m in body["messages"] if m["role"] != "system"]


@pytest.fixture(scope="module")
def six_records(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Any]]:
    records = load_records(RECORDS)[:6]
    path = tmp_path_factory.mktemp("records") / "six.jsonl"
    path.write_text("".join(r.model_dump_json() + "\n" for r in records), encoding="utf-8")
    return path, records


def test_endpoint_faults_are_retried_then_logged_as_failed_and_counted(
    six_records: tuple[Path, list[Any]], tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path, records = six_records
    # record -> what the endpoint does; "n" is the doctor turn the fault starts at
    faults = {records[1].id: ("503", 2), records[2].id: ("429", 0), records[3].id: ("empty", 1),
              records[4].id: ("timeout", 0), records[5].id: ("malformed", 0)}
    by_opening = {r.case.opening_statement: r.id for r in records}
    attempts: dict[tuple[str, int], int] = {}

    def behave(body: dict[str, Any], headers: dict[str, str]) -> tuple[int, str, dict[str, str], float]:
        messages = _doctor_view(body)
        record_id = next(rid for opening, rid in by_opening.items() if messages[0].content.startswith(opening))
        turn = sum(1 for m in messages if m.role == "doctor")
        attempts[(record_id, turn)] = attempts.get((record_id, turn), 0) + 1
        kind, start = faults.get(record_id, ("ok", 0))
        if kind != "ok" and turn >= start:
            if kind == "503":
                return 503, '{"error": "overloaded"}', {}, 0
            if kind == "429" and attempts[(record_id, turn)] == 1:
                return 429, '{"error": "slow down"}', {"Retry-After": "0"}, 0
            if kind == "empty":
                return 200, json.dumps(completion("   ")), {}, 0
            if kind == "timeout":
                return 200, json.dumps(completion("late")), {}, 4.0
            if kind == "malformed":
                return 200, '{"choices": [', {}, 0
        return 200, json.dumps(completion(ScriptedDoctor().reply(messages))), {}, 0

    checkpoint = smoke_checkpoint(tmp_path_factory)
    out = tmp_path / "run"
    with ChatServer(behave) as server:
        argv = ["--doctor", f"openai:test-model@{server.base_url}", "--records", str(path), "--checkpoint", str(checkpoint),
                "--output-dir", str(out), "--retries", "1", "--timeout", "2", "--no-bertscore", "--bootstrap", "50",
                "--max-turns", "8", "--api-key-env", "TOD_UNSET_KEY_VAR"]
        assert evaluate_main(argv) == 0
    printed = capsys.readouterr().out
    assert "2 ok, 4 failed" in printed
    results = json.loads((out / "results.json").read_text())
    assert results["counts"] == {"records": 6, "ok": 2, "failed": 4, "missing": 0}
    reasons = {f["record_id"]: f["error"] for f in results["failures"]}
    assert "HTTP 503 server error" in reasons[records[1].id] and "failed after 2 attempts" in reasons[records[1].id]
    assert "empty completion" in reasons[records[3].id]
    assert "timed out after 2 s" in reasons[records[4].id]
    assert "malformed completion" in reasons[records[5].id]
    assert records[2].id not in reasons  # a 429 with Retry-After is waited out, then the consultation goes on
    # bounded: every failing turn was tried exactly 1 + retries times, and nothing after it
    for record_id, (kind, start) in faults.items():
        if kind != "429":
            assert attempts[(record_id, start)] == 2 and (record_id, start + 1) not in attempts
    logged = {json.loads(line)["record_id"]: json.loads(line) for line in (out / "transcripts.jsonl").read_text().splitlines()}
    assert len(logged) == 6
    assert len(logged[records[1].id]["turns"]) == 2 and len(logged[records[3].id]["turns"]) == 1
    assert logged[records[4].id]["turns"] == [] and logged[records[0].id]["status"] == "ok"
    report = (out / "report.md").read_text()
    assert "## Failed consultations" in report and all(rid in report for rid in reasons)


def test_a_refused_endpoint_fails_every_consultation_and_the_run_still_reports(
    six_records: tuple[Path, list[Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = six_records
    out = tmp_path / "run"
    argv = ["--doctor", f"openai:m@http://127.0.0.1:{closed_port()}/v1", "--records", str(path), "--output-dir", str(out),
            "--condition", "vignette", "--limit", "2", "--retries", "1", "--no-bertscore", "--bootstrap", "20"]
    assert evaluate_main(argv) == 0
    assert "0 ok, 2 failed" in capsys.readouterr().out
    results = json.loads((out / "results.json").read_text())
    assert results["counts"]["failed"] == 2 and all("connection error" in f["error"] for f in results["failures"])
    assert "## Failed consultations" in (out / "report.md").read_text()
