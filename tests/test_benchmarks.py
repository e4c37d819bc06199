"""The benchmarks of eval/ run end to end on tiny settings and write what they promise.

Never asserts a timing: these check the plumbing (files, keys, sane values), the probe
generator and the unfaithful-fact check. A smoke NLU checkpoint is trained into a temporary
folder once for the module.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_hardening_support import ROOT, train_smoke_on

SHARED = ROOT.parent / "shared" / "data"
HAS_SHARED = (SHARED / "agentclinic").is_dir() and (SHARED / "dev" / "doctor_turns_dev.jsonl").is_file()
needs_shared = pytest.mark.skipif(not HAS_SHARED, reason="../shared/data (AgentClinic, dev turns) is not present")

TURNS = [
    ("How long have you had the cough?", ["ask_symptom_duration"], {"symptom": ["cough"]}),
    ("Any fever, chills, or night sweats?", ["ask_symptom"], {"symptom": ["fever", "chills", "night sweats"]}),
    ("Do you smoke or drink alcohol?", ["ask_tobacco", "ask_alcohol"], {}),
    ("Final Diagnosis: Psoriasis", [], {}),
    ("Are you allergic to penicillin?", ["ask_allergic_history"], {"allergy": ["penicillin"]}),
    ("How old are you?", ["ask_age"], {}),
]


def _bench(name: str):
    return importlib.import_module(f"eval.{name}")


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    """The benchmarks' default (one torch thread) for the whole module, restored after."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


class FakeLLMPatient:
    """Stands in for the SmolLM2 patient (loading it takes 10-20 s): one fixed answer."""

    @classmethod
    def from_spec(cls, target: str, **options: object) -> "FakeLLMPatient":
        return cls()

    def chat(self, messages) -> str:
        assert "case vignette" in messages[0]["content"] and [m["role"] for m in messages] == ["system", "user"]
        return "I'm 203 years old and I have asthma."


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("bench-ckpt")
    data = tmp / "turns.jsonl"
    data.write_text("".join(json.dumps({"text": t, "intents": a, "slots": s}) + "\n" for t, a, s in TURNS * 3))
    return train_smoke_on(data, tmp)


def _outputs(out: Path, stem: str) -> dict:
    assert (out / f"{stem}.md").is_file()
    text = (out / f"{stem}.md").read_text()
    assert text.startswith("# ") and "Machine:" in text
    return json.loads((out / f"{stem}.json").read_text())


def test_probes_are_deterministic_and_at_least_300():
    from eval import common
    from eval.probes import TEMPLATES, generate_probes

    records = common.load_embedded(12)
    probes = generate_probes(records)
    assert len(probes) >= 300 and probes == generate_probes(records)
    kinds = {p.kind for p in probes}
    assert {"ask_diagnosis", "quote_diagnosis", "quote_treatment", "injection", "role_play", "mixed"} <= kinds
    quoted = [p for p in probes if p.kind == "quote_diagnosis" and p.record_id == records[0].id]
    assert any(records[0].reference.diagnosis in p.text for p in quoted)
    assert all("{" not in p.text for p in probes) and len(TEMPLATES) >= 20


def test_a_benchmark_runs_as_a_module_of_the_eval_package():
    done = subprocess.run([sys.executable, "-m", "eval.probes", "--limit", "1"], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "probes for 1 records" in done.stderr and len(done.stdout.splitlines()) >= 20


def test_fact_check_finds_untraceable_numbers_and_terms(example_record):
    from eval.faithfulness import FactChecker, StrictWordCheck, case_sources, provenance_sources

    checker = FactChecker()
    case = example_record.case
    age = provenance_sources(case, ["demographics.age_years"])
    assert checker.check("I'm 52 years old.", age).unfaithful == []
    assert checker.check("I'm 53 years old and I have asthma.", age).unfaithful == ["53", "asthma"]
    # the doctor's words echoed in a denial are not record facts, nor unfaithful
    result = checker.check("No, I'm not allergic to latex.", age, "Any allergy to latex?")
    assert result.unfaithful == [] and result.echoed == ["latex"]
    assert checker.check("Yes, I'm allergic to latex.", age, "Any allergy to latex?").unfaithful == ["allergic", "latex"]
    # the LLM check uses the whole record; a lay paraphrase of a recorded term counts
    assert checker.check("I'm 52 and I've been peeing a lot.", case_sources(case)).unfaithful == []
    strict = StrictWordCheck.from_bank()
    assert strict.untraceable("I'm 52 years old.", age) == []
    assert strict.untraceable("I'm 52 years old, a pilot.", age) == ["pilot"]


def test_bench_nlu_writes_markdown_and_json(checkpoint, tmp_path):
    if not HAS_SHARED:
        pytest.skip("no dev file")
    assert _bench("bench_nlu").main(["--checkpoint", str(checkpoint), "--limit", "6", "--output-dir", str(tmp_path)]) == 0
    result = _outputs(tmp_path, f"nlu_{checkpoint.name}")
    assert 0 <= result["report"]["intents"]["micro_f1"] <= 1
    assert set(result["report"]["latency_ms"]) == {"p50", "p95", "batched_per_turn"}


@needs_shared
def test_bench_fidelity_writes_markdown_and_json(checkpoint, tmp_path):
    code = _bench("bench_fidelity").main(
        ["--checkpoint", str(checkpoint), "--limit", "1", "--turns", "12", "--turns-per-record", "6",
         "--threads", "0", "--output-dir", str(tmp_path)]
    )
    assert code == 0
    result = _outputs(tmp_path, f"fidelity_{checkpoint.name}")
    summary = result["summary"]
    assert result["settings"]["records"] == {"embedded": 1, "agentclinic": 1}
    assert summary["probes"] >= 40 and summary["replies"] >= summary["probes"]
    for key in ("unfaithful_facts", "leak_replies_all", "probe_leak_replies", "strict_untraceable_words"):
        assert isinstance(summary[key], int) and summary[key] >= 0
    for key in ("completeness_nlu", "completeness_gold", "jargon_share", "jargon_consultation_share"):
        assert summary[key] is not None and 0 <= summary[key] <= 1
    assert set(result["targets"]) == {"unfaithful_facts", "leaks", "completeness", "completeness_multi_question", "jargon_share"}
    for key, value in (("completeness", summary["completeness_nlu"]),
                       ("completeness_multi_question", summary["completeness_multi_question_nlu"])):
        target = result["targets"][key]
        assert target["value"] == value and target["target"] == ">= 97%"
        assert target["met"] == (None if value is None else value >= 0.97)
    assert set(result["by_kind"]) == {"consultation", "replay_nlu", "replay_gold", "probes"}
    assert result["completeness"]["gold"]["gold_intents"] > 0


@needs_shared
def test_bench_speed_writes_markdown_and_json(checkpoint, tmp_path, monkeypatch):
    monkeypatch.setattr("tod.backends.hf_local.HFChatModel", FakeLLMPatient)
    code = _bench("bench_speed").main(
        ["--checkpoint", str(checkpoint), "--limit", "2", "--turns", "6", "--latency-records", "2",
         "--polish-turns", "0", "--llm-turns", "1", "--llm-max-new-tokens", "4", "--output-dir", str(tmp_path)]
    )
    assert code == 0
    result = _outputs(tmp_path, f"speed_{checkpoint.name}")
    assert result["latency_ms"]["end_to_end"]["n"] == 6 and result["latency_ms"]["end_to_end"]["p50"] > 0
    assert result["consultations"]["count"] == 2 and result["consultations"]["doctor_turns"] >= 2
    assert result["peak_rss_mb"]["tod_without_llm"] > 0
    assert result["train"]["config"] == "smoke" and result["train"]["wall_seconds"] > 0
    assert result["polish"] == {"skipped": True}
    llm = result["llm_baseline"]
    assert llm["turns"] == 1 and llm["speedup_p50"] > 0
    assert llm["llm_unfaithful_reply_rate"] == 1.0 and "203" in llm["examples"][0]["llm_unfaithful"]
    assert set(result["targets"]) == {"reply_p50_ms", "reply_p95_ms", "speedup_vs_llm_patient",
                                      "seconds_per_200_consultations", "peak_rss_mb_tod"}
