"""eval/bench_craftmd.py and its checks on a tiny synthetic CRAFT-MD source written here.

The peer patient's replies carry planted faults (an unfaithful number, a leaked answer with an
answer letter, a false denial of a vignette fact); the checks must catch each, and must not
flag the clean replies and the recorded denial beside them.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from test_hardening_support import train_smoke_on

from tod.records.model import Record

VIGNETTE = ("A 40-year-old man presents with a cough and fever for 3 days. He has asthma. "
            "He denies chest pain.")
RECORD = {
    "id": "case_7", "department": "internal_medicine", "source": "craftmd",
    "case": {
        "opening_statement": "I've had a cough and a fever for 3 days.",
        "demographics": {"age_years": 40, "sex": "male"},
        "symptoms": [{"name": "cough", "duration": "3 days"}, {"name": "fever", "duration": "3 days"},
                     {"name": "chest pain", "status": "denied"}],
        "history": {"past_diagnoses": [{"value": "asthma"}]},
    },
    "reference": {"diagnosis": "community-acquired pneumonia", "synonyms": ["pneumonia"],
                  "options": ["Community-acquired pneumonia", "Asthma attack", "Pulmonary embolism", "Bronchitis"],
                  "answer_index": 0},
}
UNFAITHFUL = "I've had the cough for 12 days."
FALSE_DENIAL = "No, I haven't had a fever."
LEAK = "I read it is pneumonia, answer A."
CLEAN = "I've had the cough for 3 days."
RECORDED_DENIAL = "No, no chest pain."
TURNS = [  # doctor message, peer reply
    ("How long have you had the cough?", UNFAITHFUL),
    ("Do you have a fever?", FALSE_DENIAL),
    ("What do you think you have?", LEAK),
    ("Any chest pain?", RECORDED_DENIAL),
    ("How old are you?", "I'm 40 years old."),
]
NLU_TURNS = [
    ("How long have you had the cough?", ["ask_symptom_duration"], {"symptom": ["cough"]}),
    ("Do you have a fever?", ["ask_symptom"], {"symptom": ["fever"]}),
    ("Any chest pain?", ["ask_symptom"], {"symptom": ["chest pain"]}),
    ("How old are you?", ["ask_age"], {}),
    ("What do you think you have?", [], {}),
    ("Do you smoke?", ["ask_tobacco"], {}),
]


@pytest.fixture
def record() -> Record:
    return Record.model_validate(RECORD)


def test_checks_catch_planted_faults_and_pass_clean_replies(record):
    from eval.peer_checks import PeerChecker

    checker = PeerChecker(record, VIGNETTE)
    unfaithful = checker.check(UNFAITHFUL, "How long have you had the cough?", ["ask_symptom_duration"])
    assert unfaithful.unfaithful == ["12"] and unfaithful.unfaithful_sentences == 1
    assert checker.check(CLEAN, "How long have you had the cough?", ["ask_symptom_duration"]).unfaithful == []

    denial = checker.check(FALSE_DENIAL, "Do you have a fever?", ["ask_symptom"])
    assert denial.false_denials == ["fever"]
    assert checker.check(RECORDED_DENIAL, "Any chest pain?", ["ask_symptom"]).false_denials == []
    assert checker.false_denials("I'm not sure about any fever.") == []
    assert checker.false_denials("No, I don't have asthma.") == ["asthma"]

    leak = checker.check(LEAK, "What do you think you have?", [])
    assert leak.leaks == ["pneumonia"] and leak.answer_letter
    quoted = checker.check("Pneumonia? I don't know.", "Could it be pneumonia?", [])
    assert quoted.leaks == [] and quoted.leaks_quoted_or_in_vignette == ["pneumonia"]

    answered = checker.check(CLEAN, "How long have you had the cough?", ["ask_symptom_duration", "ask_tobacco"])
    assert answered.answered == ["ask_symptom_duration"]
    volunteered = checker.check("I'm 40 and I have asthma.", "How old are you?", ["ask_age"])
    assert volunteered.answered == ["ask_age"] and volunteered.volunteered == ["history.past_diagnoses[0]"]


def _write_source(folder: Path) -> Path:
    folder.mkdir()
    with (folder / "cases.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["case_vignette", "choice_1", "choice_2", "choice_3", "choice_4", "answer", "category", "dataset", "case_id"])
        writer.writerow([VIGNETTE, *RECORD["reference"]["options"], RECORD["reference"]["options"][0], "medqa", "MedQA", "case_7"])
    lines = []
    for model in ("model-a", "model-b"):
        messages = [{"role": "system", "content": "You are an AI doctor."}]
        for doctor, patient in TURNS:
            messages += [{"role": "assistant", "content": doctor}, {"role": "user", "content": patient}]
        messages.append({"role": "assistant", "content": "**Final Diagnosis:** Pneumonia"})
        lines.append(json.dumps({"id": f"{model}/case_7/t0", "case_id": "case_7", "doctor_model": model, "messages": messages}))
    (folder / "conversations.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def test_bench_replays_both_patients_and_resumes(tmp_path):
    from eval import bench_craftmd

    source = _write_source(tmp_path / "craftmd")
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    turns = tmp_path / "turns.jsonl"
    turns.write_text("".join(json.dumps({"text": t, "intents": a, "slots": s}) + "\n" for t, a, s in NLU_TURNS * 3))
    checkpoint = train_smoke_on(turns, tmp_path / "ckpt")
    out = tmp_path / "out"
    argv = ["--checkpoint", str(checkpoint), "--records", str(records), "--source", str(source),
            "--labels", str(tmp_path / "none*.jsonl"), "--size", "2", "--output-dir", str(out)]
    assert bench_craftmd.main(argv) == 0
    result = json.loads((out / "craftmd.json").read_text())
    assert result["conversations"] == 2 and result["turns"] == 2 * len(TURNS)
    assert sorted(result["sample_ids"]) == ["model-a/case_7/t0", "model-b/case_7/t0"]
    gpt4, tod = result["by_patient"]["gpt4"], result["by_patient"]["tod"]
    # per consultation: the planted "12" and the leaked "pneumonia" (a term the vignette lacks)
    assert gpt4["unfaithful_facts"] == 4 and gpt4["unfaithful_replies"] == 4 and gpt4["false_denials"] == 2
    assert gpt4["leak_replies"] == 2 and gpt4["answer_letter_replies"] == 2
    assert tod["leak_replies"] == 0 and tod["replies"] == gpt4["replies"] == 10
    assert result["gpt4_cost"]["output"] > 0 and result["gpt4_cost"]["dollars"] > 0
    text = (out / "craftmd.md").read_text()
    assert "99.995%" in text and "94.25%" in text and "7.22%" in text
    assert VIGNETTE not in text and FALSE_DENIAL not in json.dumps(result)
    # a second run reads both consultations from the cache
    assert bench_craftmd.main(argv) == 0
    again = json.loads((out / "craftmd.json").read_text())
    assert again["settings"]["resumed_from_cache"] == 2 and again["by_patient"] == result["by_patient"]
