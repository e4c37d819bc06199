"""Record schema, record files, the records CLI and the AgentClinic importer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tod.records import Record, RecordFileError, default_records_path, iter_fact_paths, load_records
from tod.records.__main__ import main as records_cli
from tod.records.stats import collection_stats
from tod.records.model import DEPARTMENTS

ROOT = Path(__file__).resolve().parents[1]
AGENTCLINIC = ROOT.parent / "shared" / "data" / "agentclinic"
EXAMPLE = json.loads((ROOT / "records" / "example.json").read_text())


def _write(tmp_path: Path, *records: dict | str) -> Path:
    path = tmp_path / "records.jsonl"
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return path


def _variant(**changes: object) -> dict:
    record = json.loads(json.dumps(EXAMPLE))
    for dotted, value in changes.items():
        target = record
        *parents, last = dotted.split("__")
        for key in parents:
            target = target[key]
        target[last] = value
    return record


def test_example_record_round_trips_and_lists_fact_paths() -> None:
    record = Record.model_validate(EXAMPLE)
    assert Record.model_validate_json(record.model_dump_json()) == record
    paths = dict(iter_fact_paths(record.case))
    assert paths["symptoms[0].duration"] == "symptom_details"
    assert paths["social.tobacco"] == "social"
    assert "history.allergies[0]" in paths  # a denied fact is still a recorded fact


def test_patient_view_has_no_reference_answers() -> None:
    case = Record.model_validate(EXAMPLE).case
    assert not hasattr(case, "reference")
    assert "Type 2 diabetes" not in case.model_dump_json()


def test_denied_and_not_recorded_are_distinct() -> None:
    record = Record.model_validate(EXAMPLE)
    assert record.case.social.drug_use is not None and record.case.social.drug_use.status.value == "denied"
    assert record.case.history.exposures == []


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (_variant(case__symptoms=[{"name": "cough"}, {"name": "Cough", "status": "denied"}]), "both present and denied"),
        (_variant(case__history__allergies=[{"status": "denied"}, {"value": "penicillin"}]), "blanket denial"),
        (_variant(case__symptoms=[{"name": "fever", "status": "denied", "duration": "2 days"}]), "denied but has"),
        (_variant(case__demographics__age_years="old"), "case.demographics.age_years"),
        (_variant(department="cardiology"), "field department"),
        (_variant(case__colour="blue"), "field case.colour: unknown field"),
        (_variant(reference__answer_index=9), "answer_index 9 is outside options"),
    ],
)
def test_invalid_records_name_the_field(tmp_path: Path, record: dict, expected: str) -> None:
    with pytest.raises(RecordFileError, match=expected) as info:
        load_records(_write(tmp_path, record))
    assert f"{tmp_path / 'records.jsonl'}:1: record 'im-001'" in str(info.value)


def test_missing_id_duplicate_id_truncated_and_non_utf8(tmp_path: Path) -> None:
    no_id = _variant()
    del no_id["id"]
    with pytest.raises(RecordFileError, match=r":1: record without id: field id: Field required"):
        load_records(_write(tmp_path, no_id))
    with pytest.raises(RecordFileError, match=r":2: record 'im-001': duplicate id \(first on line 1\)"):
        load_records(_write(tmp_path, EXAMPLE, EXAMPLE))
    with pytest.raises(RecordFileError, match=r":2: not valid JSON"):
        load_records(_write(tmp_path, EXAMPLE, json.dumps(_variant(id="x2"))[:-40]))
    path = tmp_path / "bad.jsonl"
    path.write_bytes(json.dumps(EXAMPLE).encode() + b"\n\xff\xfe\n")
    with pytest.raises(RecordFileError, match=r"bad.jsonl:2: not UTF-8"):
        load_records(path)


def test_cli_validate_and_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _write(tmp_path, EXAMPLE)
    assert records_cli(["validate", str(good)]) == 0
    assert "1 valid records" in capsys.readouterr().out
    assert records_cli(["stats", str(good), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)[str(good)]
    assert stats["records"] == 1 and stats["fill_rates"]["allergies"] == 1.0 and stats["fill_rates"]["exposures"] == 0.0
    bad = _write(tmp_path, _variant(case__symptoms=[]))
    assert records_cli(["validate", str(bad)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and "case.symptoms" in err[0]


def test_cli_import_unknown_format_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.jsonl"
    assert records_cli(["import", "--format", "mimic", str(tmp_path / "x"), "--output", str(out)]) == 1
    assert "unknown import format 'mimic'" in capsys.readouterr().err
    assert not out.exists()


def test_cli_import_bad_case_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "cases.jsonl"
    src.write_text(json.dumps({"OSCE_Examination": {"Patient_Actor": {}}}) + "\n")
    out = tmp_path / "out.jsonl"
    assert records_cli(["import", "--format", "agentclinic", str(src), "--output", str(out)]) == 1
    assert "cases.jsonl:1" in capsys.readouterr().err
    assert not out.exists() and not list(tmp_path.glob(".out.jsonl*"))


def test_embedded_records_cover_the_departments() -> None:
    records = load_records(default_records_path())
    assert len(records) >= 60
    departments = {r.department for r in records}
    assert set(DEPARTMENTS) - {"other"} <= departments
    for record in records:
        assert sum(1 for _ in iter_fact_paths(record.case)) >= 12, record.id
        assert record.reference.basis and record.reference.treatment, record.id
        case_text = record.case.model_dump_json().lower()
        for name in [record.reference.diagnosis, *record.reference.synonyms]:
            assert name.lower() not in case_text, (record.id, name)


@pytest.mark.skipif(not AGENTCLINIC.is_dir(), reason="../shared/data/agentclinic is not present")
def test_agentclinic_medqa_extended_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "medqa.jsonl"
    assert records_cli(["import", "--format", "agentclinic",
                        str(AGENTCLINIC / "agentclinic_medqa_extended.jsonl"), "--output", str(out)]) == 0
    records = load_records(out)
    assert len(records) == 214
    stats = collection_stats(records)
    assert stats["core_fields_complete"] >= 0.9 * 214
    for record in records:
        case_text = record.case.model_dump_json().lower()
        assert record.reference.diagnosis.lower() not in case_text, record.id


@pytest.mark.skipif(not AGENTCLINIC.is_dir(), reason="../shared/data/agentclinic is not present")
def test_agentclinic_nejm_import_keeps_options() -> None:
    from tod.records.agentclinic import import_file

    result = import_file(AGENTCLINIC / "agentclinic_nejm.jsonl")
    assert len(result.records) == 15
    first = result.records[0]
    assert first.reference.options and first.reference.options[first.reference.answer_index] == first.reference.diagnosis
    assert first.case.demographics.age_years == 55 and first.case.demographics.sex == "female"
