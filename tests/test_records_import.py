"""The shared routing of free-text history, the CRAFT-MD importer, the AgentClinic importer's
use of the same routing, and ``tod.records stats`` over several files.

Fixtures are small hand-written cases, never text from the shared data sets.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from tod.records import load_records
from tod.records.__main__ import main as records_cli
from tod.records.agentclinic import import_medqa_case
from tod.records.builder import CaseBuilder, diagnosis_terms, exam_category
from tod.records.craftmd import COLUMNS
from tod.records.importing import import_file
from tod.records.model import Status
from tod.records.opening import opening_statement
from tod.records.phrases import find_duration, first_person, split_sentences
from tod.records.routing import route_text
from tod.records.symptom_names import is_fragment
from tod.records.vignette import read_vignette

ROOT = Path(__file__).resolve().parents[1]
CRAFTMD = ROOT.parent / "shared" / "data" / "craftmd" / "cases.csv"


def _values(node: object) -> list[str]:
    """Every string value of a dumped model (not its keys)."""
    if isinstance(node, dict):
        return [v for value in node.values() for v in _values(value)]
    if isinstance(node, list):
        return [v for value in node for v in _values(value)]
    return [node] if isinstance(node, str) else []


def _facts(text: str, default: str | None) -> list[tuple[str, str | None, str]]:
    return [(f.field, f.value, f.status.value) for f in route_text(text, default=default).facts]


# ------------------------------------------------------------------ shared routing


def test_a_negated_list_becomes_one_denial_per_field() -> None:
    assert _facts("No history of smoking, alcohol, or drug use.", "social.living_habits") == [
        ("social.tobacco", None, "denied"), ("social.alcohol", None, "denied"), ("social.drug_use", None, "denied")]


def test_generic_negations_are_blanket_denials_of_their_field() -> None:
    facts = _facts("No significant past medical history. Not on any medications. No known drug allergies.",
                   "history.past_diagnoses")
    assert facts == [("history.past_diagnoses", None, "denied"), ("history.medications", None, "denied"),
                     ("history.allergies", None, "denied")]


def test_denied_symptoms_are_split_and_conditions_go_to_past_diagnoses() -> None:
    facts = _facts("Denies fever, chills, or heart disease.", "symptoms")
    assert facts == [("symptoms", "fever", "denied"), ("symptoms", "chills", "denied"),
                     ("history.past_diagnoses", "heart disease", "denied")]


def test_history_items_go_to_their_own_fields() -> None:
    assert _facts("History of diabetes and hypertension, smokes 1 pack daily.", "history.past_diagnoses") == [
        ("history.past_diagnoses", "diabetes", "present"), ("history.past_diagnoses", "hypertension", "present"),
        ("social.tobacco", "smokes 1 pack daily", "present")]
    assert _facts("IBS managed with loperamide.", "history.past_diagnoses") == [
        ("history.past_diagnoses", "IBS", "present"), ("history.medications", "loperamide", "present")]
    assert _facts("Current medications include captopril and metformin.", "history.past_diagnoses") == [
        ("history.medications", "captopril", "present"), ("history.medications", "metformin", "present")]


def test_values_are_short_lower_case_noun_phrases_without_the_patient() -> None:
    facts = _facts("The patient has Hypertension, Type 2 Diabetes Mellitus.", "history.past_diagnoses")
    assert [v for _, v, _ in facts] == ["hypertension", "type 2 diabetes mellitus"]
    social = _facts("Non-smoker, drinks wine occasionally. Works as a graphic designer.", "social.living_habits")
    assert social == [("social.tobacco", None, "denied"), ("social.alcohol", "drinks wine occasionally", "present"),
                      ("demographics.occupation", "graphic designer", "present")]


def test_family_history_keeps_the_relative_as_detail() -> None:
    routing = route_text("Her father has a heart condition.", default="social.living_habits")
    assert [(f.field, f.value, f.detail) for f in routing.facts] == [
        ("history.family_history", "heart condition", "father")]


def test_a_clause_no_rule_places_is_returned_unrouted() -> None:
    routing = route_text("He believes these blisters are due to a poor diet.", default="social.living_habits")
    assert routing.facts == [] and routing.unrouted == ["He believes these blisters are due to a poor diet"]


# ------------------------------------------------------------------ CRAFT-MD importer

_VIGNETTE_ADULT = (
    "A 34-year-old man presents with painful sores on his hands and swelling in the left armpit that started "
    "5 days ago. He denies fever, chills, or cough. He has a history of asthma and takes an albuterol inhaler. "
    "He smokes one pack of cigarettes daily and does not drink alcohol. His mother had breast cancer. "
    "He keeps pet rats and was bitten last month. "
    "His temperature is 37.2°C (99°F), pulse is 80/min, and blood pressure is 120/76 mm Hg. "
    "Examination shows tender lymph nodes in the left axilla. A biopsy confirms rat-bite fever. "
    "Which of the following is the most likely diagnosis?"
)
_VIGNETTE_CHILD = (
    "A 6-year-old girl is brought to the physician because of an itchy rash on her arms for 2 weeks. "
    "She has no history of serious illness. Examination shows red scaly patches on both forearms. "
    "Which of the following is the most likely diagnosis?"
)


def _row(case_id: str, vignette: str, options: list[str], answer: str, category: str = "Dermatology") -> dict:
    return {"case_vignette": vignette, **{f"choice_{i + 1}": o for i, o in enumerate(options)},
            "answer": answer, "category": category, "dataset": "test", "case_id": case_id}


def _write_csv(path: Path, rows: list[dict], columns: tuple[str, ...] = (*COLUMNS, "dataset")) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(columns), extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.fixture()
def cases_csv(tmp_path: Path) -> Path:
    return _write_csv(tmp_path / "cases.csv", [
        _row("case_7", _VIGNETTE_ADULT, ["Cat-scratch disease", "Rat-bite fever", "Tularemia", "Plague"],
             "Rat-bite fever", "Infectious Diseases"),
        _row("case_9", _VIGNETTE_CHILD, ["Psoriasis", "Atopic dermatitis ", "Tinea corporis", "Scabies"],
             "Atopic dermatitis"),
    ])


def test_craftmd_import_reads_the_vignette_into_fields(tmp_path: Path, cases_csv: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert records_cli(["import", "--format", "craftmd", str(cases_csv), "--output", str(out)]) == 0
    adult, child = load_records(out)
    assert (adult.id, adult.department, adult.source) == ("case_7", "infectious_disease", "craftmd")
    assert adult.case.demographics.age_years == 34 and adult.case.demographics.sex == "male"
    present = {s.name: s for s in adult.case.symptoms if s.status is Status.present}
    assert present["painful sores"].position == "my hands" and present["painful sores"].duration == "5 days"
    assert {s.name for s in adult.case.symptoms if s.status is Status.denied} == {"fever", "chills", "cough"}
    assert [f.value for f in adult.case.history.past_diagnoses] == ["asthma"]
    assert [f.value for f in adult.case.history.medications] == ["albuterol inhaler"]
    assert adult.case.social.tobacco.status is Status.present and adult.case.social.alcohol.status is Status.denied
    assert [(f.value, f.detail) for f in adult.case.history.family_history] == [("breast cancer", "mother")]
    vitals = {e.name: e.result for e in adult.case.examinations if e.category == "vital_sign"}
    assert vitals == {"temperature": "37.2°C (99°F)", "pulse": "80/min", "blood pressure": "120/76 mm Hg"}
    assert child.case.history.past_diagnoses[0].status is Status.denied  # "no history of serious illness"


def test_craftmd_reference_options_synonyms_and_no_leak(tmp_path: Path, cases_csv: Path) -> None:
    out = tmp_path / "out.jsonl"
    records_cli(["import", "--format", "craftmd", str(cases_csv), "--output", str(out)])
    adult, child = load_records(out)
    assert adult.reference.options == ["Cat-scratch disease", "Rat-bite fever", "Tularemia", "Plague"]
    assert adult.reference.answer_index == 1 and adult.reference.diagnosis == "Rat-bite fever"
    assert child.reference.diagnosis == "Atopic dermatitis" and "Eczema" in child.reference.synonyms
    for record in (adult, child):
        case_text = record.case.model_dump_json().lower()
        assert all(name.lower() not in case_text for name in [record.reference.diagnosis, *record.reference.synonyms])
        assert "which of the following" not in case_text


def test_craftmd_openings_are_first_person_lay_and_consistent(tmp_path: Path, cases_csv: Path) -> None:
    out = tmp_path / "out.jsonl"
    records_cli(["import", "--format", "craftmd", str(cases_csv), "--output", str(out)])
    adult, child = load_records(out)
    assert adult.case.opening_statement.startswith("Doctor, I've been having painful sores on my hands")
    assert "5 days" in adult.case.opening_statement
    assert " his " not in adult.case.opening_statement and " he " not in adult.case.opening_statement
    assert child.case.opening_statement.startswith("Doctor, my daughter has been having itchy rash on her arms")
    for record in (adult, child):
        denied = [s.name for s in record.case.symptoms if s.status is Status.denied]
        assert not any(name in record.case.opening_statement for name in denied)


def test_craftmd_answer_spelled_as_a_known_synonym_matches_its_option(tmp_path: Path) -> None:
    path = _write_csv(tmp_path / "cases.csv", [
        _row("case_1", _VIGNETTE_CHILD, ["IgA vasculitis", "Psoriasis", "Scabies", "Tinea corporis"],
             "Henoch-Schonlein purpura")])
    (record,) = import_file(path, fmt="craftmd").records
    assert record.reference.answer_index == 0 and "Henoch-Schonlein purpura" in record.reference.synonyms


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("missing column", r"cases.csv:1: header: column 'answer' is missing"),
        ("answer not an option", r"cases.csv:3: row 2 \(case case_2\): column 'answer': 'Gout' is not one of the options"),
        ("unreadable row", r"cases.csv:3: row 2: column 'choice_4': row has 4 fields, the header 9"),
        ("unknown category", r"cases.csv:2: row 1 \(case case_1\): column 'category': unknown category 'Botany'"),
    ],
)
def test_craftmd_bad_input_is_one_error_line_and_no_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, expected: str
) -> None:
    good = _row("case_1", _VIGNETTE_CHILD, ["Psoriasis", "Atopic dermatitis", "Tinea corporis", "Scabies"],
                "Atopic dermatitis")
    path = tmp_path / "cases.csv"
    if kind == "missing column":
        _write_csv(path, [good], columns=tuple(c for c in (*COLUMNS, "dataset") if c != "answer"))
    elif kind == "answer not an option":
        _write_csv(path, [good, {**good, "case_id": "case_2", "answer": "Gout"}])
    elif kind == "unreadable row":
        _write_csv(path, [good])
        with path.open("a", encoding="utf-8") as handle:
            handle.write('"A vignette",Psoriasis,Eczema,Gout\n')
    else:
        _write_csv(path, [{**good, "category": "Botany"}])
    out = tmp_path / "out.jsonl"
    assert records_cli(["import", "--format", "craftmd", str(path), "--output", str(out)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ")
    assert re.search(expected, err[0]), err[0]
    assert not out.exists() and not list(tmp_path.glob(".out.jsonl*"))


@pytest.mark.skipif(not CRAFTMD.is_file(), reason="../shared/data/craftmd/cases.csv is not present")
def test_craftmd_full_import_gives_every_case_a_valid_record() -> None:
    result = import_file(CRAFTMD, fmt="craftmd")
    assert len(result.records) == 2004 and len({r.id for r in result.records}) == 2004
    assert all(r.id.startswith("case_") and r.reference.options for r in result.records)
    assert set(result.unrouted) == {r.id for r in result.records}
    for record in result.records:
        assert record.case.opening_statement.startswith("Doctor, ")
        named = re.compile(rf"(?<![a-z0-9]){re.escape(record.reference.diagnosis.lower())}(?![a-z0-9])")
        assert not named.search(" ".join(_values(record.case.model_dump())).lower()), record.id


# ------------------------------------------------------------------ AgentClinic uses the same routing


def test_agentclinic_medqa_sections_use_the_shared_routing() -> None:
    case = {"OSCE_Examination": {
        "Objective_for_Doctor": "Assess the patient.",
        "Patient_Actor": {
            "Demographics": "45-year-old man",
            "History": "The patient reports a 3-day history of a sore throat. It is worse when swallowing.",
            "Symptoms": {"Primary_Symptom": "Sore throat", "Secondary_Symptoms": ["Fever, headache, nausea"]},
            "Past_Medical_History": "Hypertension, Type 2 Diabetes. Not on any medications.",
            "Social_History": "No history of smoking, alcohol, or drug use. Works as a bus driver.",
            "Review_of_Systems": "Denies cough or shortness of breath.",
        },
        "Physical_Examination_Findings": {"Vital_Signs": {"Temperature": "38.1°C"}},
        "Correct_Diagnosis": "Streptococcal pharyngitis",
    }}
    record, builder, _ = import_medqa_case(case, case_id="t-1")
    facts = record.case
    assert [s.name for s in facts.symptoms if s.status is Status.present] == ["sore throat", "fever", "headache", "nausea"]
    assert facts.symptoms[0].duration == "3 days" and facts.symptoms[0].aggravating_factors == ["swallowing"]
    assert {s.name for s in facts.symptoms if s.status is Status.denied} == {"cough", "shortness of breath"}
    assert [f.value for f in facts.history.past_diagnoses] == ["hypertension", "type 2 diabetes"]
    assert facts.history.medications[0].status is Status.denied and facts.history.medications[0].value is None
    assert all(getattr(facts.social, n).status is Status.denied for n in ("tobacco", "alcohol", "drug_use"))
    assert facts.demographics.occupation.value == "bus driver"
    assert facts.opening_statement == (  # the presenting complaint alone, with its duration
        "Doctor, I've been having sore throat. It's been going on for 3 days. I'm worried about it.")
    assert builder.unrouted == 0


# ------------------------------------------------------------------ stats over several files


def test_stats_prints_one_table_with_a_column_per_file(
    tmp_path: Path, cases_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    records_cli(["import", "--format", "craftmd", str(cases_csv), "--output", str(first)])
    second.write_text(first.read_text().splitlines()[0] + "\n")
    capsys.readouterr()
    assert records_cli(["stats", str(first), str(second)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"|  | {first} | {second} |"
    assert "| records | 2 | 1 |" in lines
    assert any(line.startswith("| fill: options | 100.0% | 100.0% |") for line in lines)
    assert records_cli(["stats", str(first), str(tmp_path / "missing.jsonl")]) == 1


# ------------------------------------------------------------------ second round: the audit's error kinds


def _medqa(actor: dict, physical: dict | None = None, tests: dict | None = None, diagnosis: str = "Test disease") -> dict:
    return {"OSCE_Examination": {"Objective_for_Doctor": "Assess the patient.", "Patient_Actor": actor,
                                 "Physical_Examination_Findings": physical or {}, "Test_Results": tests or {},
                                 "Correct_Diagnosis": diagnosis}}


def _vignette_case(text: str, *leak_terms: str) -> dict:
    vignette = read_vignette(text, leak_terms=list(leak_terms))
    opening = opening_statement(vignette.builder.symptoms, caregiver=vignette.caregiver, sex=vignette.sex)
    return vignette.builder.case(opening)


def _names(case: dict, status: str = "present") -> list[str]:
    return [s["name"] for s in case["symptoms"] if s["status"] == status]


def test_bare_normal_results_are_findings_and_missing_ones_are_skipped() -> None:
    case = _medqa({"Demographics": "40-year-old woman", "Symptoms": {"Primary_Symptom": "Cough"}},
                  physical={"Neurological_Examination": {"Cranial_Nerves": "Normal", "Reflexes": "Unremarkable"}},
                  tests={"Hepatitis_Serology": "Negative", "Biopsy": "Pending", "ECG": "Not performed",
                         "Additional_Tests": "MRI could be considered to rule out a mass"})
    record, _, skipped = import_medqa_case(case, case_id="t-2")
    assert skipped == 3  # pending, not performed, hypothetical: counted, not stored
    results = {e.name: e.result for e in record.case.examinations}
    assert results == {"Neurological Examination Cranial Nerves": "Normal",
                       "Neurological Examination Reflexes": "Unremarkable", "Hepatitis Serology": "Negative"}


def test_placeholders_are_no_facts_and_generic_negations_are_blanket_denials() -> None:
    assert _facts("No relevant social history provided. No mention of smoking, alcohol use, or drug use.",
                  "social.living_habits") == []
    assert _facts("No significant past medical or surgical history.", "history.past_diagnoses") == [
        ("history.past_diagnoses", None, "denied"), ("history.trauma_surgery", None, "denied")]
    assert _facts("None", "history.medications") == [("history.medications", None, "denied")]
    assert _facts("Negative", "symptoms") == []
    assert _facts("Birth history unremarkable.", "history.past_diagnoses") == [
        ("history.past_diagnoses", "birth history", "denied")]


def test_repeated_facts_are_stored_once() -> None:
    case = _medqa({"Demographics": "50-year-old man", "History": "He was diagnosed with peptic ulcer disease 6 months ago. "
                   "He reports occasional shooting pain in the ear when eating.",
                   "Symptoms": {"Primary_Symptom": "Occasional shooting pain in the ear"},
                   "Past_Medical_History": "Peptic ulcer disease"},
                  physical={"Vital_Signs": {"Temperature": "37.1°C"}}, tests={"Vitals": {"Temperature": "37.1°C"}})
    record, _, _ = import_medqa_case(case, case_id="t-3")
    assert [(f.value, f.detail) for f in record.case.history.past_diagnoses] == [
        ("peptic ulcer disease", "6 months ago")]
    assert [s.name for s in record.case.symptoms] == ["occasional shooting pain"]
    assert record.case.symptoms[0].aggravating_factors == ["eating"]
    assert len(record.case.examinations) == 1


def test_review_of_systems_reports_and_denials_keep_their_status() -> None:
    case = _medqa({"Demographics": "30-year-old woman", "Symptoms": {"Primary_Symptom": "Headache",
                                                                      "Secondary_Symptoms": ["Smoking", "No fever"]},
                   "Review_of_Systems": "Complains of fatigue but denies nausea, vomiting, or changes in vision or hearing."})
    record, _, _ = import_medqa_case(case, case_id="t-4")
    assert _names(record.case.model_dump()) == ["headache", "fatigue"]
    assert _names(record.case.model_dump(), "denied") == ["fever", "nausea", "vomiting", "changes in vision",
                                                          "changes in hearing"]
    assert record.case.social.tobacco.value == "smoking"


def test_habits_belong_to_their_person_and_keep_their_status() -> None:
    assert _facts("Her husband smokes 2 packs a day.", None) == [
        ("social.living_habits", "her husband smokes 2 packs a day", "present")]
    assert _facts("She does not smoke and drinks alcohol occasionally.", None) == [
        ("social.tobacco", None, "denied"), ("social.alcohol", "drinks alcohol occasionally", "present")]
    assert _facts("No family history of sudden cardiac death or genetic diseases.", None) == [
        ("history.family_history", "sudden cardiac death", "denied"),
        ("history.family_history", "genetic diseases", "denied")]
    assert _facts("He has no complaints except a mild cough.", None) == [("symptoms", "mild cough", "present")]
    assert _facts("The patient was on her way to work when she fell.", None) == []


def test_examination_categories_follow_the_test_and_its_section() -> None:
    assert exam_category("ECG", "sinus rhythm", section="tests") == "other"
    assert exam_category("Musculoskeletal Examination Special Test", "positive", section="physical") == "physical_exam"
    assert exam_category("Phalen test", "positive") == "physical_exam"
    assert exam_category("Peripheral pulses", "2+ bilaterally") == "physical_exam"
    assert exam_category("Vital Signs Heart Rate", "80 bpm", section="physical") == "vital_sign"
    assert exam_category("Complete Blood Count", "normal", section="tests") == "lab"
    assert exam_category("Chest X-ray", "clear", section="tests") == "imaging"


def test_values_are_not_cut_at_digits_or_symbols() -> None:
    assert split_sentences("He has an S4. MMSE is 25/30. He is oriented x3. BMI is 31 kg/m^2. Fever.") == [
        "He has an S4.", "MMSE is 25/30.", "He is oriented x3.", "BMI is 31 kg/m^2.", "Fever."]
    case = _vignette_case("A 50-year-old man presents with jaundice. Laboratory findings are significant for an "
                          "elevated bilirubin. His vitals are as follows: T 38.1°C, HR 101, BP 115/70, RR 14.")
    results = {e["name"]: e["result"] for e in case["examinations"]}
    assert results == {"Laboratory findings": "an elevated bilirubin", "temperature": "38.1°C", "heart rate": "101",
                       "blood pressure": "115/70", "respiratory rate": "14"}


def test_a_result_table_becomes_one_examination_per_row() -> None:
    case = _vignette_case("A 40-year-old woman presents with fatigue. Laboratory studies show:\n"
                          "Hemoglobin 10.6 g/dL\nDifferential count:\n  Neutrophils: 70%\nESR 12 mm/h\nSerum\n"
                          "Na+ 140 mEq/L\nTriiodothyronine (T3) 218 ng/dL\n"
                          "Hepatitis C antibody negative\nAn ultrasound shows a small liver. What is the diagnosis?")
    assert [(e["name"], e["result"], e["category"]) for e in case["examinations"]] == [
        ("Hemoglobin", "10.6 g/dL", "lab"), ("Differential count neutrophils", "70%", "lab"), ("ESR", "12 mm/h", "lab"),
        ("Serum Na+", "140 mEq/L", "lab"),
        ("Serum triiodothyronine (T3)", "218 ng/dL", "lab"), ("Serum hepatitis C antibody", "negative", "lab"),
        ("ultrasound", "a small liver", "imaging")]


def test_picture_references_and_clinician_actions_are_no_facts() -> None:
    case = _vignette_case("A 30-year-old man presents with a rash on his arm (Figure A). Physical exam is notable for "
                          "the finding in Figure B. He is given ondansetron; however, he continues to vomit. "
                          "A biopsy of the lesion shows spongiosis.")
    assert case["symptoms"][0]["name"] == "rash" and case["symptoms"][0]["position"] == "my arm"
    assert [e["name"] for e in case["examinations"]] == ["biopsy of the lesion"]
    assert "figure" not in json.dumps(case).lower() and "ondansetron" not in json.dumps(case)


def test_the_presenting_complaint_is_a_symptom_in_noun_form() -> None:
    rushed = _vignette_case("A 28-year-old woman at 30 weeks' gestation is rushed to the emergency department with "
                            "the sudden onset of vaginal bleeding accompanied by abdominal pain.")
    assert _names(rushed) == ["vaginal bleeding", "abdominal pain"] and rushed["symptoms"][0]["onset"] == "sudden"
    assert "duration" not in rushed["symptoms"][0]  # 30 weeks is the pregnancy, not the bleeding
    never = _vignette_case("A 16-year-old girl is brought to the physician because she has never menstruated.")
    assert _names(never) == ["never having menstruated"]
    assert never["opening_statement"].startswith("Doctor, I've never menstruated.")
    behaviour = _vignette_case("A 26-year-old woman thinks poorly of herself and is extremely sensitive to criticism.")
    assert _names(behaviour) == ["thinking poorly of myself", "feeling extremely sensitive to criticism"]
    assert behaviour["opening_statement"].startswith("Doctor, I've been thinking poorly of myself, and I've been feeling")
    for case in (rushed, never, behaviour):
        assert "check-up" not in case["opening_statement"]


def test_past_conditions_and_events_are_history_not_symptoms() -> None:
    case = _vignette_case("A 70-year-old man presents with memory loss. He had a stroke 4 years ago. He has "
                          "hypertension and type 2 diabetes. She had a cold last month that resolved. "
                          "He says that he forgets names and has not had a bowel movement for 3 days.")
    assert _names(case) == ["memory loss", "forgetting names", "absence of bowel movement"]
    assert [(f["value"], f.get("detail")) for f in case["history"]["past_diagnoses"]] == [
        ("stroke", "4 years ago"), ("hypertension", None), ("type 2 diabetes", None), ("cold", "last month")]
    assert case["opening_statement"].startswith("Doctor, I've been having memory loss, and I've been forgetting names")


def test_fragments_are_no_symptom_names_and_openings_skip_them() -> None:
    case = _vignette_case("A 60-year-old man comes to the physician because of a cough. He has numerous unpaid bills. "
                          "Yesterday he could not see out of his right eye, but today he can.")
    assert [(s["name"], s.get("position")) for s in case["symptoms"]] == [
        ("cough", None), ("inability to see out", "my right eye")]
    for name in ("but today I can", "that I could not see out", "especially", "sudden", "similar concerns"):
        assert is_fragment(name), name
    assert not is_fragment("sudden chest pain")


def test_first_person_keeps_verb_agreement_and_other_people() -> None:
    assert first_person("he otherwise has diabetes and forgets names") == "I otherwise have diabetes and forget names"
    assert first_person("both of them declined; she always worries") == "both of them declined; I always worry"
    assert first_person("type I diabetes") == "type I diabetes"


def test_durations_exclude_times_that_date_something_else() -> None:
    assert find_duration("a woman at 30 weeks' gestation with bleeding for 2 hours") == "2 hours"
    assert find_duration("3 days after admission he has fever") is None
    assert find_duration("2 years post-transplant") is None
    assert find_duration("a 2-year history of cough") == "2 years"
    assert find_duration("comes in 4 hours after the sudden onset of a headache") == "4 hours"


def test_results_naming_the_diagnosis_or_a_close_variant_are_left_out() -> None:
    builder = CaseBuilder(diagnosis_terms(["Gastric peptic ulcer"]))
    builder.add_exam("Endoscopy", "a gastric ulcer in the antrum")
    builder.add_exam("Biopsy", "atypical cells in the epidermis, consistent with peptic ulcers")
    builder.add_exam("Hemoglobin", "12 g/dL")
    assert [(e["name"], e["result"]) for e in builder.examinations] == [
        ("Biopsy", "atypical cells in the epidermis"), ("Hemoglobin", "12 g/dL")]
    assert "syrinx" in diagnosis_terms(["Syringomyelia"]) and "larynx" not in diagnosis_terms(["Laryngitis"])


def test_worries_about_symptoms_and_smoked_drugs_are_placed() -> None:
    case = _vignette_case("A 25-year-old man presents because of extreme fatigue. He is also worried about his skin "
                          "looking yellow. He has also had decreased oral intake. He smokes marijuana on weekends. "
                          "He has also lost weight (5 kg (11 lb) over 2 months) and has night sweats.")
    assert _names(case) == ["extreme fatigue", "skin looking yellow", "decreased oral intake", "weight loss", "night sweats"]
    assert case["social"]["drug_use"]["value"] == "smokes marijuana on weekends" and "tobacco" not in case["social"]


def test_complaints_after_an_event_and_adjective_chains_keep_their_nouns() -> None:
    headache = _vignette_case("A 72-year-old woman comes to the emergency department 4 hours after the sudden onset of "
                              "a diffuse, dull, throbbing headache.")
    assert [(s["name"], s.get("duration"), s.get("onset")) for s in headache["symptoms"]] == [
        ("diffuse dull throbbing headache", "4 hours", "sudden")]
    fainted = _vignette_case("A 13-year-old girl presents after losing consciousness during class 30 minutes ago.")
    assert _names(fainted) == ["losing consciousness during class"]
