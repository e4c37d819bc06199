"""Real labelled doctor turns: the CRAFT-MD reader (both layouts), label files keyed by id,
the split by case, training with them, and the errors for bad labels or a missing source.

Every text here is written for the test; nothing is read from ../shared."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from tod.craftmd.conversations import SourceError, doctor_message_texts, iter_consultations
from tod.craftmd.labels import join_labels, read_label_file
from tod.nlu.annotations import TurnFileError
from tod.training.config import RealTurnsConfig
from tod.schema import INTENTS
from tod.training.real_turns import RealTurnsMissing, case_of, in_validation, load_real_turns, split_by_case
from tod.training.self_training import pseudo_label, unlabelled_training_messages

from test_hardening_support import ROOT, SMOKE, subprocess_env

DOCTOR_TURNS = [
    "How long have you had the cough?",
    "Do you smoke?",
    "Any fever or chills?",
    "**Final Diagnosis:** Bronchitis",
]
LABELS = [
    {"intents": ["ask_symptom_duration"], "slots": {"symptom": ["cough"]}},
    {"intents": ["ask_tobacco"], "slots": {}},
    {"intents": ["ask_symptom"], "slots": {"symptom": ["fever", "chills"]}},
    {"intents": [], "slots": {}},
]
MODELS = ("model-a", "model-b")
CASES = tuple(f"case_{n}" for n in range(12))


def _messages() -> list[dict[str, str]]:
    messages = [{"role": "system", "content": "You are an AI doctor."}]
    for turn in DOCTOR_TURNS:
        messages += [{"role": "assistant", "content": turn}, {"role": "user", "content": "I am not sure."}]
    return messages


def write_source(folder: Path) -> Path:
    """A CRAFT-MD source in the shared layout: every model x case x trial 0 plays DOCTOR_TURNS."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "conversations.jsonl").open("w", encoding="utf-8") as handle:
        for model in MODELS:
            for case in CASES:
                handle.write(json.dumps({"id": f"{model}/{case}/t0", "case_id": case, "doctor_model": model,
                                         "messages": _messages()}) + "\n")
    return folder


def write_labels(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def all_labels() -> list[dict]:
    """A label for every doctor message of :func:`write_source` (doctor messages sit at 1, 3, 5, 7)."""
    return [{"id": f"{model}/{case}/t0/m{2 * i + 1}", **LABELS[i]}
            for model in MODELS for case in CASES for i in range(len(DOCTOR_TURNS))]


def test_both_layouts_give_the_same_message_ids(tmp_path: Path) -> None:
    shared = write_source(tmp_path / "shared")
    results = tmp_path / "repo" / "results"
    for model in MODELS:
        (results / model).mkdir(parents=True)
        for case in CASES:
            data = {"case_id": case, "trial_0": {"multiturn_conversation": _messages()}}
            (results / model / f"{case}.json").write_text(json.dumps(data), encoding="utf-8")
    from_shared = doctor_message_texts(shared)
    assert doctor_message_texts(tmp_path / "repo") == from_shared
    assert from_shared["model-a/case_3/t0/m3"] == "Do you smoke?"
    assert len(from_shared) == len(MODELS) * len(CASES) * len(DOCTOR_TURNS)
    conv = next(iter_consultations(shared))
    assert [m.content for m in conv.doctor_messages()] == DOCTOR_TURNS


def test_a_folder_without_conversations_is_a_source_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no CRAFT-MD conversations"):
        doctor_message_texts(tmp_path)


def test_labels_join_their_texts_and_a_later_file_overrides(tmp_path: Path) -> None:
    source = write_source(tmp_path / "src")
    first = write_labels(tmp_path / "first.jsonl", all_labels())
    override = write_labels(tmp_path / "adjudicated.jsonl",
                            [{"id": "model-a/case_0/t0/m3", "intents": ["ask_tobacco", "ask_alcohol"], "slots": {}}])
    turns = {t.id: t for t in join_labels([first, override], source)}
    assert turns["model-a/case_0/t0/m1"].text == "How long have you had the cough?"
    assert turns["model-a/case_0/t0/m1"].slots == {"symptom": ["cough"]}
    assert turns["model-a/case_0/t0/m3"].intents == ("ask_tobacco", "ask_alcohol")
    assert turns["model-b/case_0/t0/m3"].intents == ("ask_tobacco",)


@pytest.mark.parametrize(("row", "message"), [
    ({"id": "model-a/case_0/t0/m99", "intents": [], "slots": {}}, "no doctor message with this id"),
    ({"id": "model-a/case_0/t0/m2", "intents": [], "slots": {}}, "no doctor message with this id"),
    ({"id": "model-a/case_0/t0/m1", "intents": ["ask_weather"], "slots": {}}, "ask_weather"),
    ({"id": "model-a/case_0/t0/m1", "intents": [], "slots": {"symptom": ["headache"]}}, "does not occur in the text"),
    ({"id": "model-a/case_0/t0/m1", "intents": "ask_symptom", "slots": {}}, "'intents' must be a list"),
])
def test_a_bad_label_names_file_line_and_id(tmp_path: Path, row: dict, message: str) -> None:
    texts = doctor_message_texts(write_source(tmp_path / "src"))
    path = write_labels(tmp_path / "labels.jsonl", [all_labels()[1], row])
    with pytest.raises(TurnFileError) as caught:
        read_label_file(path, texts)
    assert f"{path}:2: id {row['id']!r}" in str(caught.value)
    assert message in str(caught.value)


def test_the_split_keeps_each_case_on_one_side(tmp_path: Path) -> None:
    turns = join_labels([write_labels(tmp_path / "l.jsonl", all_labels())], write_source(tmp_path / "src"))
    split = split_by_case(turns, 0.3)
    train_cases = {case_of(t.id) for t in split.train}
    validation_cases = {case_of(t.id) for t in split.validation}
    assert train_cases and validation_cases and not train_cases & validation_cases
    assert len(split.train) + len(split.validation) == len(turns)
    assert all(in_validation(case, 0.3) for case in validation_cases)
    # The split of a case does not depend on which other turns are labelled.
    assert split_by_case(turns[:8], 0.3).validation == [t for t in turns[:8] if case_of(t.id) in validation_cases]


def test_a_missing_source_trains_without_real_turns_unless_required(tmp_path: Path,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    labels = write_labels(tmp_path / "l.jsonl", all_labels())
    config = RealTurnsConfig(source=str(tmp_path / "absent"), labels=str(labels))
    with caplog.at_level(logging.WARNING, logger="tod.training.real_turns"):
        assert load_real_turns(config) is None
    assert "training on the synthetic corpus only" in caplog.text
    config.required = True
    with pytest.raises(RealTurnsMissing, match="absent is missing"):
        load_real_turns(config)
    assert load_real_turns(RealTurnsConfig(enabled=False, required=True)) is None


def _train_cli(tmp_path: Path, *overrides: str) -> subprocess.CompletedProcess[str]:
    data = tmp_path / "synthetic.jsonl"
    data.write_text("".join(json.dumps({"id": f"s{i}", "text": t, **LABELS[i]}) + "\n"
                            for i, t in enumerate(DOCTOR_TURNS)), encoding="utf-8")
    settings = [f"train_file={data}", f"validation_file={data}", f"output_root={tmp_path / 'ckpt'}",
                "real_turns.enabled=true", *overrides]
    command = [sys.executable, "-m", "tod.train", "--config", str(SMOKE)]
    for item in settings:
        command += ["--set", item]
    return subprocess.run(command, cwd=ROOT, env=subprocess_env(), capture_output=True, text=True, timeout=600)


def test_train_cli_rejects_a_bad_label_before_training(tmp_path: Path) -> None:
    source = write_source(tmp_path / "src")
    bad = write_labels(tmp_path / "bad.jsonl", [{"id": "model-a/case_0/t0/m7", "intents": [],
                                                 "slots": {"symptom": ["rash"]}}])
    done = _train_cli(tmp_path, f"real_turns.source={source}", f"real_turns.labels={bad}")
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and f"{bad}:1: id 'model-a/case_0/t0/m7'" in errors[0]
    assert not (tmp_path / "ckpt").exists()


def test_train_cli_fails_when_required_real_turns_are_missing(tmp_path: Path) -> None:
    done = _train_cli(tmp_path, f"real_turns.source={tmp_path / 'nowhere'}", "real_turns.required=true",
                      f"real_turns.labels={write_labels(tmp_path / 'l.jsonl', all_labels())}")
    assert done.returncode == 1
    assert "real_turns.required is true" in done.stderr
    assert not (tmp_path / "ckpt").exists()


@pytest.mark.slow
def test_training_with_real_turns_reports_the_real_split_per_doctor_model(tmp_path: Path) -> None:
    source = write_source(tmp_path / "src")
    labels = write_labels(tmp_path / "l.jsonl", all_labels())
    done = _train_cli(tmp_path, f"real_turns.source={source}", f"real_turns.labels={labels}",
                      "real_turns.validation_share=0.3")
    assert done.returncode == 0, done.stderr[-2000:]
    metrics = json.loads((tmp_path / "ckpt" / "smoke" / "metrics.json").read_text())
    split = split_by_case(join_labels([labels], source), 0.3)
    assert metrics["real_train_turns"] == len(split.train)
    assert metrics["train_turns"] == len(DOCTOR_TURNS) + 2 * len(split.train)
    assert metrics["real_validation"]["turns"] == len(split.validation)
    assert {k for k in metrics if k.startswith("real_validation:")} == {f"real_validation:{m}" for m in MODELS}
    report = (tmp_path / "ckpt" / "smoke" / "report.md").read_text()
    assert "real validation, model-a" in report and "validation (synthetic)" in report


@pytest.mark.slow
def test_self_training_adds_confident_pseudo_labels_of_unlabelled_training_cases(tmp_path: Path) -> None:
    source = write_source(tmp_path / "src")
    rows = [row for row in all_labels() if row["id"].startswith("model-a/")]
    labels = write_labels(tmp_path / "l.jsonl", rows)
    split = ("real_turns.validation_share=0.3", f"real_turns.source={source}", f"real_turns.labels={labels}")
    for folder in ("teacher", "student"):
        (tmp_path / folder).mkdir()
    teacher_run = _train_cli(tmp_path / "teacher", *split)
    assert teacher_run.returncode == 0, teacher_run.stderr[-2000:]
    teacher = tmp_path / "teacher" / "ckpt" / "smoke"

    real = RealTurnsConfig(source=str(source), labels=str(labels), validation_share=0.3)
    messages = unlabelled_training_messages(real, {row["id"] for row in rows}, limit=1000, seed=13)
    assert messages, "model-b's training cases are unlabelled"
    assert all(i.startswith("model-b/") and not in_validation(case_of(i), 0.3) for i in messages)
    assert "**Final Diagnosis:** Bronchitis" not in messages.values()  # asks nothing
    pseudo = pseudo_label(str(teacher), messages, confidence=0.51)
    assert pseudo and {t.id for t in pseudo} <= set(messages)
    for turn in pseudo:
        assert set(turn.intents) <= set(INTENTS)
        assert all(v in turn.text for values in turn.slots.values() for v in values)

    student_run = _train_cli(tmp_path / "student", *split, "self_training.enabled=true",
                             f"self_training.teacher={teacher}", "self_training.confidence=0.51")
    assert student_run.returncode == 0, student_run.stderr[-2000:]
    metrics = json.loads((tmp_path / "student" / "ckpt" / "smoke" / "metrics.json").read_text())
    real_train = split_by_case(join_labels([labels], source), 0.3).train
    assert metrics["train_turns"] == len(DOCTOR_TURNS) + 2 * len(real_train) + len(pseudo)
