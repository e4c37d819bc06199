"""The optional LLM judge: verdict parsing, position randomisation and the win rate."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tod.backends.base import SpecError
from tod.backends.openai_compat import ChatClient, ChatEndpoint
from tod.doctors.scripted import ScriptedDoctor
from tod.evaluation.config import EvalConfig
from tod.evaluation.judge import judge_win_rate, load_judge, parse_verdict
from tod.evaluation.metrics import MetricContext
from tod.evaluation.runner import run_evaluation
from tod.evaluation.transcript import Transcript
from tod.records.model import Record

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = json.loads((ROOT / "records" / "example.json").read_text())
RECORDS = [Record.model_validate({**EXAMPLE, "id": f"j-{i}"}) for i in range(6)]


def answered(record: Record, diagnosis: str) -> Transcript:
    return Transcript(record_id=record.id, department=record.department, condition="vignette", doctor="d", status="ok",
                      summary_answers={"diagnosis": diagnosis, "basis": "", "treatment": ""})


def fake_judge(answer_for: dict[str, str], fixed: str | None = None) -> tuple[ChatClient, list[str]]:
    """A judge that answers ``fixed``, or ``answer_for[record]``, or prefers the consultation
    whose diagnosis says 'GOOD' (diagnoses name their record as 'doctor:ID')."""
    prompts: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        prompt = json.loads(request.content)["messages"][1]["content"]
        prompts.append(prompt)
        if fixed:
            return httpx.Response(200, json={"choices": [{"message": {"content": fixed}}]})
        record = next(r.id for r in RECORDS if f"doctor:{r.id}" in prompt)
        verdict = answer_for.get(record) or ("A" if prompt.index("GOOD") < prompt.index("Consultation B") else "B")
        return httpx.Response(200, json={"choices": [{"message": {"content": verdict}}]})

    client = ChatClient(ChatEndpoint(model="judge", base_url="http://judge.invalid/v1", max_retries=0), transport=httpx.MockTransport(handle))
    return client, prompts


def test_verdicts_are_parsed_from_the_start_of_the_reply() -> None:
    assert parse_verdict("A") == "A" and parse_verdict("**b** because...") == "B" and parse_verdict("tie.") == "TIE"
    assert parse_verdict("Both are fine") is None and parse_verdict("") is None


def test_win_rate_counts_wins_ties_and_invalid_answers_with_both_positions_used() -> None:
    candidate = [answered(r, f"GOOD doctor:{r.id}") for r in RECORDS]
    baseline = [answered(r, f"poor doctor:{r.id}") for r in RECORDS[:5]]  # j-5 has no baseline: not judged
    client, prompts = fake_judge({"j-3": "TIE", "j-4": "I cannot decide"})
    got = judge_win_rate(client, RECORDS, candidate, baseline, seed=1)
    assert got == {"judge": "judge", "wins": 3, "losses": 0, "ties": 1, "invalid": 1, "judged": 4, "win_rate": 3.5 / 4}
    positions = {p.index("GOOD") < p.index("Consultation B") for p in prompts}
    assert positions == {True, False}  # the candidate was shown first and second
    assert all("Reference diagnosis: Type 2 diabetes mellitus" in p for p in prompts)


def test_judge_specs_name_a_chat_model_backend() -> None:
    judge = load_judge("openai:m@http://127.0.0.1:9/v1", api_key_env="TOD_JUDGE_KEY")
    assert isinstance(judge, ChatClient) and judge.endpoint.base_url == "http://127.0.0.1:9/v1"
    assert judge.endpoint.max_tokens == 64 and judge.endpoint.temperature == 0 and judge.endpoint.api_key_env == "TOD_JUDGE_KEY"
    for spec in ("scripted", "claude:x", "openai:"):
        with pytest.raises(SpecError, match="judge spec"):
            load_judge(spec)
    with pytest.raises(SpecError, match="do not use option"):
        load_judge("openai:m", device="cpu")


def test_a_run_with_a_judge_stores_the_win_rate(tmp_path: Path) -> None:
    common = {"doctor": "scripted", "records": "unused", "condition": "vignette", "bootstrap_resamples": 50}
    fast = MetricContext(bertscore=False)
    run_evaluation(EvalConfig(output_dir=str(tmp_path / "base"), **common), doctor=ScriptedDoctor(), records=RECORDS[:2],
                   metric_context=fast, progress=False)
    client, _ = fake_judge({}, fixed="TIE")
    outcome = run_evaluation(
        EvalConfig(output_dir=str(tmp_path / "new"), judge="openai:judge@http://judge.invalid/v1", baseline=str(tmp_path / "base"), **common),
        doctor=ScriptedDoctor(), records=RECORDS[:2], metric_context=fast, progress=False, judge_factory=lambda spec: client,
    )
    judge = outcome.results["judge"]
    assert (judge["judged"], judge["ties"], judge["win_rate"]) == (2, 2, 0.5) and judge["baseline"] == str(tmp_path / "base")
    assert "## LLM judge" in (tmp_path / "new" / "report.md").read_text()
