"""The inspect_ai integration (tod.inspect): a full offline ``inspect eval tod/consultation
--model tod/scripted`` run writes a log whose scores equal ``python -m tod.evaluate`` on the
same records, checkpoint and doctor script; the patient turns carry their parse and
provenance; the scripted provider counts tokens offline.

The task and the model are found through the ``inspect_ai`` entry point that
``pip install -e ".[test]"`` registers (pyproject.toml). Both commands run on the smoke NLU
checkpoint (test_hardening_support) with ``HF_HUB_OFFLINE=1`` and tiktoken's cache pointed
at an empty folder, so a download attempt would fail the run."""

from __future__ import annotations

import importlib.metadata
import json
import math
import subprocess
from pathlib import Path

import pytest
from test_hardening_support import PYTHON, RECORDS, ROOT, smoke_checkpoint, subprocess_env

from tod.env.rewards import FACT_FAMILIES

LIMIT = 3


def offline_env(tmp_path: Path) -> dict[str, str]:
    empty = tmp_path / "tiktoken-cache"
    empty.mkdir(exist_ok=True)
    return subprocess_env(HF_HUB_OFFLINE="1", TIKTOKEN_CACHE_DIR=str(empty), INSPECT_DISPLAY="none",
                          INSPECT_LOG_LEVEL="warning")


def test_the_entry_point_registers_tod() -> None:
    points = importlib.metadata.entry_points(group="inspect_ai", name="tod")
    assert [p.value for p in points] == ["tod.inspect._registry"], (
        "the inspect_ai entry point is not installed: run pip install -e '.[test]'")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    checkpoint = smoke_checkpoint(tmp_path_factory)
    tmp = tmp_path_factory.mktemp("inspect")
    env = offline_env(tmp)
    evaluate = [PYTHON, "-m", "tod.evaluate", "--doctor", "scripted", "--records", str(RECORDS), "--checkpoint",
                str(checkpoint), "--output-dir", str(tmp / "tod"), "--limit", str(LIMIT), "--no-bertscore",
                "--bootstrap", "10"]
    done = subprocess.run(evaluate, cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr
    # the `inspect` command as users run it: with the repository root on sys.path (`python -m
    # inspect_ai`, or PYTHONPATH) pip's tod.egg-info there hides the editable install's PEP 610
    # record, and inspect would register the task without its `tod/` prefix
    inspect = [str(Path(PYTHON).parent / "inspect"), "eval", "tod/consultation", "--model", "tod/scripted",
               "-T", f"records={RECORDS}", "-T", f"checkpoint={checkpoint}", "-T", f"limit={LIMIT}",
               "-T", "bertscore=false", "--log-dir", str(tmp / "logs"), "--log-format", "json"]
    inspect_env = {**env, "PYTHONPATH": ""}  # the installed tod, as a user's shell has it
    done = subprocess.run(inspect, cwd=ROOT, env=inspect_env, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout + done.stderr
    logs = sorted((tmp / "logs").glob("*.json"))
    assert len(logs) == 1, done.stdout + done.stderr
    return {
        "results": json.loads((tmp / "tod" / "results.json").read_text(encoding="utf-8")),
        "transcripts": [json.loads(line) for line in (tmp / "tod" / "transcripts.jsonl").read_text().splitlines()],
        "log": json.loads(logs[0].read_text(encoding="utf-8")),
    }


def _same(left: object, right: object) -> bool:
    if left is None or (isinstance(left, float) and math.isnan(left)):
        return right is None or (isinstance(right, float) and math.isnan(right))
    return right is not None and math.isclose(float(left), float(right), rel_tol=1e-9, abs_tol=1e-9)


def test_log_scores_match_tod_evaluate(runs) -> None:
    log, results = runs["log"], runs["results"]
    assert log["status"] == "success" and log["eval"]["task"] == "tod/consultation"
    assert log["eval"]["model"] == "tod/scripted" and len(log["samples"]) == LIMIT
    per_record = {row["record_id"]: row for row in results["per_consultation"]}
    for sample in log["samples"]:
        tod_row = per_record[sample["id"]]
        values = {k: v for score in sample["scores"].values() for k, v in score["value"].items()}
        for key in ("top1", "top3", "mcq_correct", "coverage", "turns", "questions", "questions_per_turn",
                    "avg_response_words", "repeated_question_rate", "rougeL_avg", "rouge1_diagnosis"):
            assert _same(tod_row[key], values[key]), (sample["id"], key, tod_row[key], values[key])
        for family in FACT_FAMILIES:
            assert _same(tod_row["coverage_by_family"].get(family), values[f"coverage_{family}"]), (sample["id"], family)
    aggregated = {s["name"]: s["metrics"]["mean"]["value"] for s in log["results"]["scores"]}
    for key in ("top1", "top3", "coverage", "turns", "questions", "avg_response_words", "rougeL_avg"):
        assert _same(results["metrics"][key], aggregated[key]), (key, results["metrics"][key], aggregated[key])
    for family, value in results["coverage_by_family"].items():
        assert _same(value, aggregated[f"coverage_{family}"]), family


def test_samples_show_the_consultation_with_parse_and_provenance(runs) -> None:
    transcripts = {t["record_id"]: t for t in runs["transcripts"]}
    for sample in runs["log"]["samples"]:
        transcript = transcripts[sample["id"]]
        messages = sample["messages"]
        assert messages[0]["role"] == "system" and messages[1]["role"] == "user"
        assert messages[1]["content"] == transcript["opening"]
        doctor = [m for m in messages if m["role"] == "assistant"]
        patient = [m for m in messages[2:] if m["role"] == "user"]
        assert [m["content"] if isinstance(m["content"], str) else m["content"][0]["text"] for m in doctor] == [
            t["doctor"] for t in transcript["turns"]]
        assert [m["content"] for m in patient] == [t["patient"] for t in transcript["turns"]]
        for message, turn in zip(patient, transcript["turns"]):
            assert message["metadata"]["provenance"] == turn["provenance"]
            assert message["metadata"]["intents"] == turn["intents"] and message["metadata"]["slots"] == turn["slots"]
        assert any(m["metadata"]["provenance"] for m in patient)
        assert sample["target"] and sample["target"] not in messages[1]["content"]


def test_scripted_provider_counts_tokens_offline_and_refuses_other_models(tmp_path: Path, monkeypatch) -> None:
    import asyncio

    import tiktoken
    from inspect_ai.model import ChatMessageSystem, ChatMessageUser, GenerateConfig

    from tod.inspect.provider import ScriptedDoctorAPI, count_text_tokens

    def no_download(*args, **kwargs):
        raise AssertionError("tiktoken was asked for an encoding")

    monkeypatch.setattr(tiktoken, "get_encoding", no_download)
    model = ScriptedDoctorAPI("scripted")
    messages = [ChatMessageSystem(content="You are a doctor."), ChatMessageUser(content="I have a bad cough.")]
    output = asyncio.run(model.generate(messages, [], "none", GenerateConfig()))
    assert output.completion == "How long have you had these symptoms?"
    assert output.usage.output_tokens == count_text_tokens(output.completion) == 8  # how long have you had these symptoms ?
    assert asyncio.run(model.count_tokens(messages)) > 0
    with pytest.raises(ValueError, match="tod/gpt: unknown model; the tod provider serves tod/scripted"):
        ScriptedDoctorAPI("gpt")
