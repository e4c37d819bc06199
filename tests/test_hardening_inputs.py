"""Malformed inputs at the command line: one ``error:`` line naming what is wrong and where,
exit status 1, and no output written (no checkpoint, no predictions, no run folder).

Already covered elsewhere (not repeated): the library-level messages of record files
(tests/test_records.py), of annotation files, overrides and checkpoints
(tests/test_nlu.py: ``load_annotations``, ``load_config``, ``load_parser``), the parse CLI on
a non-UTF-8 turns file (tests/test_nlu.py), replay on a bad JSONL turn and a missing record
id (tests/test_patient_cli.py), evaluate on a missing records file and an unknown doctor
(tests/test_eval_run.py).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Callable

import pytest

from test_hardening_support import RECORDS, SMOKE, smoke_checkpoint
from tod.evaluate import main as evaluate_main
from tod.parse import main as parse_main
from tod.replay import main as replay_main
from tod.train import main as train_main

ANNOTATION = {"id": "t1", "text": "Any fever?", "intents": ["ask_symptom"], "slots": {"symptom": ["fever"]}}


def one_error_line(capsys: pytest.CaptureFixture[str], *expected: str) -> str:
    """The single ``error:`` line on stderr; it must contain every ``expected`` piece."""
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip() and not line.startswith(("INFO", "WARNING"))]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for piece in expected:
        assert piece in lines[0], (piece, lines[0])
    return lines[0]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------- python -m tod.train


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ("name: x\nintent:\n  epoch: 3\n", ["c.yaml", "intent", "unknown key 'epoch'"]),
        ("name: x\nintent:\n  batch_size: many\n", ["c.yaml", "intent.batch_size", "expected int, got 'many'"]),
        ("name: x\nseed: [1, 2]\n", ["c.yaml", "seed", "expected int"]),
        ("name: x\nintent: 5\n", ["c.yaml", "intent", "expected a mapping"]),
        ("name: [x\n  : :\n", ["c.yaml:2:3: not valid YAML"]),
        ("- a\n- b\n", ["c.yaml", "expected a mapping at the top level"]),
        ("train_file: null\n", ["train_file", "expected str, got null"]),
        ("slot_model: crf\n", ["slot_model", "'crf'"]),
        ("intent:\n  base_model: /nonexistent/model\n", ["intent.base_model", "not a local model folder", "HF_HUB_OFFLINE"]),
    ],
)
def test_train_rejects_a_bad_config(tmp_path: Path, capsys: pytest.CaptureFixture[str], config: str, expected: list[str]) -> None:
    path = write(tmp_path / "c.yaml", config)
    assert train_main(["--config", str(path), "--set", f"output_root={tmp_path / 'out'}"]) == 1
    one_error_line(capsys, *expected)
    assert not (tmp_path / "out").exists()


def test_train_rejects_a_missing_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert train_main(["--config", str(tmp_path / "nope.yaml")]) == 1
    one_error_line(capsys, "nope.yaml: no such config file")


@pytest.mark.parametrize(
    ("key", "content", "expected"),
    [
        ("train_file", json.dumps({**ANNOTATION, "intents": ["ask_fever"]}) + "\n", [":1: intents: unknown intent 'ask_fever'"]),
        ("train_file", json.dumps(ANNOTATION) + "\n" + '{"text": "Any\n', [":2: not valid JSON"]),
        ("validation_file", json.dumps({**ANNOTATION, "slots": {"symptom": ["cough"]}}) + "\n",
         [":1: slots.symptom: value 'cough' does not occur in the text"]),
        ("validation_file", json.dumps({**ANNOTATION, "intents": "ask_symptom"}) + "\n", [":1: field 'intents' must be a list"]),
        ("dev_file", json.dumps({**ANNOTATION, "slots": {"colour": ["red"]}}) + "\n", [":1: slots"]),  # checked before training
        ("dev_file", "", [": no turns in file"]),
        ("train_file", None, [": no such file"]),
    ],
)
def test_train_rejects_a_bad_annotation_file_before_training(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, content: str | None, expected: list[str]
) -> None:
    path = tmp_path / "turns.jsonl"
    if content is not None:
        write(path, content)
    argv = ["--config", str(SMOKE), "--set", f"output_root={tmp_path / 'out'}", "--set", f"{key}={path}"]
    assert train_main(argv) == 1
    one_error_line(capsys, "turns.jsonl", *expected)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_training_run_that_fails_leaves_no_partial_checkpoint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    import tod.training.run as run

    def explode(*args: object, **kwargs: object) -> None:
        assert (tmp_path / "out" / ".smoke.partial").is_dir()  # the staging folder exists during training
        raise failure

    monkeypatch.setattr(run, "train_intent_classifier", explode)
    status = train_main(["--config", str(SMOKE), "--set", f"output_root={tmp_path / 'out'}",
                         "--set", f"validation_file={write(tmp_path / 'v.jsonl', json.dumps(ANNOTATION) + chr(10))}"])
    if isinstance(failure, KeyboardInterrupt):
        assert status == 130 and "no checkpoint was written" in capsys.readouterr().err
    else:
        assert status == 1
        one_error_line(capsys, "OSError", "No space left on device")
    assert not (tmp_path / "out").exists()


# ----------------------------------------------------- checkpoints, records, turns at the CLIs


@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The smoke checkpoint and broken copies of it."""
    good = smoke_checkpoint(tmp_path_factory)
    root = tmp_path_factory.mktemp("broken-checkpoints")
    found = {"good": good, "missing": root / "missing"}
    for name in ("intents", "slots", "format", "truncated", "incomplete"):
        shutil.copytree(good, root / name)
        found[name] = root / name
    for key in ("intents", "slots"):
        manifest = json.loads((root / key / "manifest.json").read_text())
        manifest["label_schema"][key] = [*manifest["label_schema"][key][1:], "ask_something_new"]
        (root / key / "manifest.json").write_text(json.dumps(manifest))
    manifest = json.loads((root / "format" / "manifest.json").read_text())
    manifest["format"] = "some-other-format"
    (root / "format" / "manifest.json").write_text(json.dumps(manifest))
    weights = root / "truncated" / "intent" / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])
    (root / "incomplete" / "slots" / "config.json").unlink()
    return found


CHECKPOINT_FAULTS = {
    "missing": ["missing", "checkpoint"],
    "intents": ["intents/manifest.json", "label schema mismatch in intents", "unknown ['ask_something_new']"],
    "slots": ["slots/manifest.json", "label schema mismatch in slots"],
    "format": ["format/manifest.json", "not a tod NLU checkpoint manifest"],
    "truncated": ["truncated/intent", "cannot load model weights"],
    "incomplete": ["incomplete/slots", "missing model files (config.json)"],
}


def records_file(tmp_path: Path, n: int = 2) -> Path:
    lines = RECORDS.read_text(encoding="utf-8").splitlines(keepends=True)[:n]
    return write(tmp_path / "records.jsonl", "".join(lines))


def turns_file(tmp_path: Path) -> Path:
    return write(tmp_path / "turns.txt", "Any fever?\nDo you smoke?\n")


def run_parse(ck: Path, tmp_path: Path) -> int:
    return parse_main(["--checkpoint", str(ck), "--input", str(turns_file(tmp_path)), "--output", str(tmp_path / "out" / "p.jsonl")])


def run_replay(ck: Path, tmp_path: Path) -> int:
    return replay_main(["--checkpoint", str(ck), "--records", str(records_file(tmp_path)), "--record-id", "im-001",
                        "--turns", str(turns_file(tmp_path)), "--output", str(tmp_path / "out" / "r.jsonl")])


def run_evaluate(ck: Path, tmp_path: Path) -> int:
    return evaluate_main(["--doctor", "scripted", "--records", str(records_file(tmp_path)), "--checkpoint", str(ck),
                          "--output-dir", str(tmp_path / "out"), "--no-bertscore"])


CLIS: dict[str, Callable[[Path, Path], int]] = {"parse": run_parse, "replay": run_replay, "evaluate": run_evaluate}


@pytest.mark.parametrize("fault", list(CHECKPOINT_FAULTS))
@pytest.mark.parametrize("cli", list(CLIS))
def test_a_bad_checkpoint_is_named_and_nothing_is_written(
    checkpoints: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], cli: str, fault: str
) -> None:
    assert CLIS[cli](checkpoints[fault], tmp_path) == 1
    one_error_line(capsys, *CHECKPOINT_FAULTS[fault])
    assert not (tmp_path / "out").exists()


def _record_variants() -> dict[str, tuple[str, list[str]]]:
    first, second = RECORDS.read_text(encoding="utf-8").splitlines()[:2]
    a, b = json.loads(first), json.loads(second)
    wrong_type = {**b, "case": {**b["case"], "symptoms": "fever"}}
    unknown = {**b, "colour": "red"}
    no_id = {k: v for k, v in b.items() if k != "id"}
    nested_unknown = {**b, "case": {**b["case"], "demographics": {**b["case"]["demographics"], "shoe_size": 44}}}
    dump = json.dumps
    return {
        "bad JSON": (f"{first}\n{{\"id\": \"x\",\n", [":2: not valid JSON"]),
        "wrong type": (f"{first}\n{dump(wrong_type)}\n", [":2: record 'im-101': field case.symptoms"]),
        "unknown field": (f"{first}\n{dump(unknown)}\n", [":2: record 'im-101': field colour: unknown field"]),
        "nested unknown field": (f"{first}\n{dump(nested_unknown)}\n", [":2:", "field case.demographics.shoe_size: unknown field"]),
        "missing id": (f"{first}\n{dump(no_id)}\n", [":2: record without id: field id"]),
        "duplicate id": (f"{first}\n{second}\n{dump(a)}\n", [":3: record 'im-001': duplicate id (first on line 1)"]),
        "not an object": (f"{first}\n[1, 2]\n", [":2: expected a JSON object"]),
        "empty": ("\n\n", [": no records in file"]),
        "non-UTF-8": (first + "\n\udcff\n", [":2: not UTF-8"]),
    }


RECORD_FAULTS = _record_variants()


@pytest.mark.parametrize("fault", list(RECORD_FAULTS))
@pytest.mark.parametrize("cli", ["evaluate", "replay"])
def test_a_bad_records_file_is_named_and_nothing_is_written(
    checkpoints: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], cli: str, fault: str
) -> None:
    content, expected = RECORD_FAULTS[fault]
    path = tmp_path / "bad.jsonl"
    if fault == "non-UTF-8":
        path.write_bytes(content.encode("utf-8", "surrogateescape"))  # a raw 0xff byte on line 2
    else:
        write(path, content)
    if cli == "evaluate":
        status = evaluate_main(["--doctor", "scripted", "--records", str(path), "--checkpoint", str(checkpoints["good"]),
                                "--output-dir", str(tmp_path / "out"), "--no-bertscore"])
    else:
        status = replay_main(["--checkpoint", str(checkpoints["good"]), "--records", str(path), "--record-id", "im-001",
                              "--turns", str(turns_file(tmp_path)), "--output", str(tmp_path / "out" / "r.jsonl")])
    assert status == 1
    one_error_line(capsys, "bad.jsonl", *expected)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"text": "Any fever?"}\n{"text": 5}\n', ":2: expected an object with a string field 'text'"),
        ('{"text": "Any fever?"}\n{"text": "x",\n', ":2: not valid JSON"),
        ('{"text": "Any fever?"}\n[1]\n', ":2: expected a JSON object"),
    ],
)
@pytest.mark.parametrize("cli", ["parse", "replay"])
def test_a_bad_turns_file_is_named_and_nothing_is_written(
    checkpoints: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], cli: str, content: str, expected: str
) -> None:
    turns = write(tmp_path / "turns.jsonl", content)
    if cli == "parse":
        status = parse_main(["--checkpoint", str(checkpoints["good"]), "--input", str(turns), "--output", str(tmp_path / "out" / "p.jsonl")])
    else:
        status = replay_main(["--checkpoint", str(checkpoints["good"]), "--records", str(records_file(tmp_path)), "--record-id",
                              "im-001", "--turns", str(turns), "--output", str(tmp_path / "out" / "r.jsonl")])
    assert status == 1
    one_error_line(capsys, "turns.jsonl", expected)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("cli", ["parse", "replay"])
def test_an_unwritable_output_is_an_error_not_a_traceback(
    checkpoints: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], cli: str
) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    if cli == "parse":
        status = parse_main(["--checkpoint", str(checkpoints["good"]), "--input", str(turns_file(tmp_path)), "--output", str(folder)])
    else:
        status = replay_main(["--checkpoint", str(checkpoints["good"]), "--records", str(records_file(tmp_path)), "--record-id",
                              "im-001", "--turns", str(turns_file(tmp_path)), "--output", str(folder)])
    assert status == 1
    one_error_line(capsys, f"cannot write {folder}")
    assert list(folder.iterdir()) == [] and [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_evaluate_resume_over_a_corrupted_transcripts_file_changes_nothing(
    checkpoints: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    argv = ["--doctor", "scripted", "--records", str(records_file(tmp_path)), "--output-dir", str(out),
            "--condition", "vignette", "--no-bertscore", "--bootstrap", "20"]
    assert evaluate_main(argv) == 0
    lines = (out / "transcripts.jsonl").read_text().splitlines()
    (out / "transcripts.jsonl").write_text(lines[0] + "\nnot json at all\n" + lines[1] + "\n")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    capsys.readouterr()
    assert evaluate_main([*argv, "--resume"]) == 1
    one_error_line(capsys, "transcripts.jsonl:2: not a transcript line")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    # and an output folder that is a file
    assert evaluate_main([*argv[:5], str(tmp_path / "records.jsonl"), *argv[6:]]) == 1
    one_error_line(capsys, "is not a folder")
