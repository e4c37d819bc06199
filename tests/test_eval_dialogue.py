"""The dialogue condition end to end: scripted doctor, simulated patient, dictionary NLU."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Sequence

import pytest

from tod.doctors.base import DoctorError, Message
from tod.doctors.scripted import QUESTION_PLAN, ScriptedDoctor
from tod.evaluation.config import EvalConfig
from tod.evaluation.metrics import MetricContext
from tod.evaluation.run_folder import TRANSCRIPTS
from tod.evaluation.runner import run_evaluation
from tod.nlu.types import TurnParse
from tod.records.model import Record, iter_fact_paths

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = json.loads((ROOT / "records" / "example.json").read_text())

#: The NLU parse of each scripted question (hand-labelled to the annotation guide).
PLAN_INTENTS: dict[str, tuple[str, ...]] = dict(zip(QUESTION_PLAN, [
    ("ask_symptom",), ("ask_symptom_duration",), ("ask_symptom_description_time",), ("ask_symptom_description_degree",),
    ("ask_symptom_description_position",), ("ask_symptom_factors",), ("ask_symptom",), ("ask_age", "ask_gender"),
    ("ask_past_diagnosis",), ("ask_past_medication", "ask_receiving_treatment"), ("ask_allergic_history",),
    ("ask_tobacco", "ask_alcohol", "ask_drug"), ("ask_occupation", "ask_contact_history"), ("ask_family_history",),
    ("ask_medical_examination",),
]))


class FakeParser:
    """The NLU as a dict from doctor text to intents; other text asks nothing."""

    def parse(self, text: str) -> TurnParse:
        return TurnParse(text=text, intents=PLAN_INTENTS.get(text, ()))

    def parse_batch(self, texts: Sequence[str]) -> list[TurnParse]:
        return [self.parse(t) for t in texts]


class Stopping(ScriptedDoctor):
    """Raises ``error`` in the middle (5th question) of consultation number ``k + 1``."""

    def __init__(self, k: int, error: BaseException) -> None:
        self.k, self.error, self.consultations = k, error, 0

    def reply(self, messages: Sequence[Message]) -> str:
        if len(messages) == 1:
            self.consultations += 1
        if self.consultations == self.k + 1 and len(messages) == 9:
            raise self.error
        return super().reply(messages)


def records(n: int) -> list[Record]:
    departments = ["internal_medicine", "pediatrics", "surgery"]
    return [Record.model_validate({**EXAMPLE, "id": f"d-{i}", "department": departments[i % 3]}) for i in range(n)]


def run(out: Path, doctor: Any, n: int, **changes: Any) -> Any:
    config = EvalConfig(**{"doctor": "scripted", "records": "unused", "output_dir": str(out), "bootstrap_resamples": 100,
                           "persona": "phlegmatic", **changes})
    return run_evaluation(config, doctor=doctor, parser=FakeParser(), records=records(n),
                          metric_context=MetricContext(bertscore=False), progress=False)


def logged(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / TRANSCRIPTS).read_text().splitlines()]


def test_a_dialogue_is_logged_turn_by_turn_and_scored(tmp_path: Path) -> None:
    checkpoint = tmp_path / "ckpt"
    checkpoint.mkdir()
    (checkpoint / "manifest.json").write_text('{"format": "test"}')
    outcome = run(tmp_path / "run", ScriptedDoctor(), 1, checkpoint=str(checkpoint))
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["checkpoint"] == {"path": str(checkpoint.resolve()),
                                      "manifest_sha256": hashlib.sha256(b'{"format": "test"}').hexdigest()}
    transcript = logged(tmp_path / "run")[0]
    assert transcript["status"] == "ok" and transcript["end_reason"] == "final_diagnosis"
    assert transcript["opening"] == EXAMPLE["case"]["opening_statement"]
    phases = [t["phase"] for t in transcript["turns"]]
    assert phases == ["interview"] * 16 + ["closing"] * 3  # 14 plan questions, the orders, the final diagnosis, then 3 answers
    first = transcript["turns"][0]
    assert first["doctor"] == QUESTION_PLAN[1] and first["intents"] == ["ask_symptom_duration"]
    assert "symptoms[0].duration" in first["provenance"]
    assert transcript["summary_answers"]["diagnosis"] == "Final Diagnosis: Type 2 diabetes mellitus"
    metrics = outcome.results["metrics"]
    assert metrics["turns"] == 16
    assert metrics["questions"] == sum(len(v) for v in list(PLAN_INTENTS.values())[1:])
    orders = transcript["turns"][14]["orders"]
    assert transcript["turns"][14]["doctor"] == QUESTION_PLAN[-1] and len(orders) == 6
    assert metrics["tests_ordered"] == 6 and metrics["cost"] is not None and metrics["examinations_ordered"] == 6
    assert "## Cost (tests ordered from the examiner)" in (tmp_path / "run" / "report.md").read_text()
    examined = {p for o in orders for p in o["paths"]}
    facts = {path for path, _ in iter_fact_paths(records(1)[0].case)}
    assert metrics["coverage"] == pytest.approx(len(facts & (set(transcript["revealed"]) | examined)) / len(facts))
    assert metrics["top1"] == 1.0 and metrics["repeated_question_rate"] == 0.0
    families = outcome.results["question_types"]["families"]
    assert families["medical history"]["count"] == 5  # past diagnosis, medication, treatment, allergies, family history


def test_a_doctor_error_mid_dialogue_fails_only_that_consultation(tmp_path: Path) -> None:
    outcome = run(tmp_path / "run", Stopping(1, DoctorError("HTTP 500 after retries")), 3)
    statuses = {t["record_id"]: (t["status"], t["error"]) for t in logged(tmp_path / "run")}
    assert statuses["d-1"] == ("failed", "doctor error: HTTP 500 after retries")
    assert statuses["d-0"][0] == statuses["d-2"][0] == "ok"
    assert outcome.results["counts"]["failed"] == 1


def test_resume_after_ctrl_c_mid_dialogue_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt):
        run(tmp_path / "resumed", Stopping(2, KeyboardInterrupt()), 4)
    assert [t["record_id"] for t in logged(tmp_path / "resumed")] == ["d-0", "d-1"]
    outcome = run(tmp_path / "resumed", ScriptedDoctor(), 4, resume=True)
    assert (outcome.ran, outcome.skipped) == (2, 2)
    run(tmp_path / "straight", ScriptedDoctor(), 4)
    strip = lambda rows: [{k: v for k, v in row.items() if k != "elapsed_s"} for row in rows]  # noqa: E731
    assert strip(logged(tmp_path / "resumed")) == strip(logged(tmp_path / "straight"))
