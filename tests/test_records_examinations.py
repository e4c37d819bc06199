"""Examinations and results of an imported record (issue 16): signs the examiner found are
examination findings, result tables without reference values, test categories, and true/false
results said as positive/negative. Made-up sentences and case fields, never a source text."""

from __future__ import annotations

from tod.records.builder import CaseBuilder, diagnosis_terms, exam_category
from tod.records.labtable import Table, split_tables
from tod.records.vignette import exam_results

from record_support import case_of, imported_case, symptom_names


def _rows(text: str) -> list[tuple[str, str]]:
    return [row for block in split_tables(text) if isinstance(block, Table) for row in block.rows]


def test_a_vital_sign_trend_row_repeating_recorded_readings_is_left_out() -> None:
    builder = CaseBuilder([])
    builder.add_exam("Vital signs blood pressure", "130/85 mmHg")
    builder.add_exam("Vital signs heart rate", "88/min")
    builder.add_exam("Vital signs trend", "BP 130/85 mmHg, HR 88 bpm")
    builder.add_exam("Vital signs repeat", "BP 100/60 mmHg, HR 120 bpm")
    builder.add_exam("Blood pressure comparison", "130/85 mmHg in the arm, lower in the legs")
    assert [e["name"] for e in builder.examinations] == [
        "Vital signs blood pressure", "Vital signs heart rate", "Vital signs repeat", "Blood pressure comparison"]


def test_a_true_or_false_result_is_said_as_positive_or_negative() -> None:
    case = imported_case({"Demographics": "40-year-old man", "History": "He has had a cough for 3 days.",
                          "Symptoms": {"Primary_Symptom": "Cough", "Secondary_Symptoms": []}},
                   tests={"Rapid strep test": {"Result": False}, "Stool occult blood": True})
    assert [(e["name"], e["result"]) for e in case["examinations"]] == [
        ("Rapid strep test", "negative"), ("Stool occult blood", "positive")]


def test_a_review_of_systems_sign_the_examiner_found_is_an_examination_only() -> None:
    actor = {"Demographics": "40-year-old woman", "History": "She has had tiredness for a month.",
             "Symptoms": {"Primary_Symptom": "Tiredness", "Secondary_Symptoms": []},
             "Review_of_Systems": "Pale conjunctivae. Fatigue."}
    case = imported_case(actor, exams={"Eyes": "Pale conjunctivae noted", "General": "Appears fatigued"})
    names = [s["name"] for s in case["symptoms"]]
    assert "pale conjunctivae" not in names and "tiredness" in names
    assert any(e["result"] == "Pale conjunctivae noted" for e in case["examinations"])
    unexamined = imported_case(actor)
    assert "pale conjunctivae" in [s["name"] for s in unexamined["symptoms"]]


def test_hearing_and_memory_tests_are_function_tests() -> None:
    assert exam_category("Rinne test", "air conduction greater than bone conduction") == "other"
    assert exam_category("hearing screening", "failed in the right ear") == "other"
    assert exam_category("physical examination", "Her Montreal Cognitive Assessment score is 21/30") == "other"
    assert exam_category("physical examination", "The MMSE score is 20/30") == "other"


def test_a_generic_examination_with_findings_first_stays_physical() -> None:
    assert exam_category("physical examination", "pale conjunctivae; the MMSE score is 20/30") == "physical_exam"
    assert exam_category("Urine drug screen", "negative") == "lab"


def test_reference_values_in_a_result_table_are_never_results() -> None:
    text = ("A man is tired.\nLaboratory studies show:\nHemoglobin 9 g/dL\nMean 13.5 g/dL (-2SD: 12.0 g/dL)\n"
            "Mean corpuscular volume 70 fL\nHormone X 12 mIU/mL\nNormal values:\n   Phase one 2.0 - 8.0 mIU/mL\n"
            "   Phase two 1.5 - 6.0 mIU/mL\nHormone Y 30 pg/mL\nWhat is the cause?")
    assert _rows(text) == [("Hemoglobin", "9 g/dL"), ("Mean corpuscular volume", "70 fL"), ("Hormone X", "12 mIU/mL"),
                           ("Hormone Y", "30 pg/mL")]


def test_a_reference_range_after_a_result_is_left_out() -> None:
    text = ("A man is tired.\nLaboratory studies show:\nMCV 70 fL; 80-100 fL\nHormone Y 30 pg/mL, 20 - 50 pg/mL\n"
            "Hormone Z 4 ng/dL (normal, 1-3 ng/dL)\nSodium 140 mEq/L")
    assert _rows(text) == [("MCV", "70 fL"), ("Hormone Y", "30 pg/mL"), ("Hormone Z", "4 ng/dL"), ("Sodium", "140 mEq/L")]


def test_a_fever_with_its_temperature_is_a_symptom_and_a_vital_sign() -> None:
    case = case_of("A 19-year-old man presents with a fever of 38.9°C and a sore throat.")
    assert [s["name"] for s in case["symptoms"]] == ["fever", "sore throat"]
    assert [(e["name"], e["result"], e["category"]) for e in case["examinations"]] == [
        ("temperature", "38.9°C", "vital_sign")]


def test_the_examiner_s_narration_is_no_part_of_a_finding() -> None:
    case = case_of("A 44-year-old woman presents with a rash. On physical exam you note scaly patches on the knees. "
                   "Upon examination, the physician notes a soft mass in the right groin.")
    assert [(e["name"], e["result"]) for e in case["examinations"]] == [
        ("physical exam", "scaly patches on the knees"), ("examination", "a soft mass in the right groin")]


def test_a_body_part_with_examiner_signs_is_an_examination_finding() -> None:
    case = case_of("A 35-year-old woman presents with wrist pain. Her right wrist is swollen and tender to palpation.")
    assert case["examinations"] == [{"name": "physical examination", "category": "physical_exam",
                                     "result": "The right wrist is swollen and tender to palpation"}]
    assert symptom_names(case) == ["wrist pain"]


def test_two_tests_with_their_own_results_are_two_examinations() -> None:
    assert exam_results("An ultrasound shows a small cyst, and an MRI of the pelvis shows no mass") == [
        ("ultrasound", "a small cyst"), ("MRI of the pelvis", "no mass")]
    assert exam_results("Auscultation shows wheezes and crackles") == [("Auscultation", "wheezes and crackles")]


def test_an_entry_found_on_examination_is_an_examination_result_not_a_symptom() -> None:
    case = imported_case({"Demographics": "2-day-old girl", "History": "The baby was born at home.",
                    "Symptoms": {"Primary_Symptom": "Poor feeding",
                                 "Secondary_Symptoms": ["Pale patches on the back noted on examination"]},
                    "Review_of_Systems": "Physical examination shows wide-set eyes and a short neck."})
    assert not any("patches" in n or "wide-set" in n or "neck" in n for n in symptom_names(case))
    results = " ".join(e["result"] for e in case["examinations"])
    assert "Pale patches on the back" in results and "wide-set eyes" in results
    assert "patches" not in case["opening_statement"]


def test_a_state_of_consciousness_told_as_adjectives_is_a_general_appearance_finding() -> None:
    case = case_of("A 70-year-old man is brought in for a cough. He is somnolent and diaphoretic.")
    assert {"name": "general appearance", "result": "somnolent and diaphoretic", "category": "physical_exam"} \
        in [{k: e[k] for k in ("name", "result", "category")} for e in case["examinations"]]


def test_a_biopsy_result_naming_the_lesion_of_the_diagnosis_is_left_out() -> None:
    """A defining test (biopsy, histology) whose result names the diagnosis's lesion word
    ("hyperkeratosis" for a keratosis) is a leak; other results and other diagnoses keep it."""
    builder = CaseBuilder(diagnosis_terms(["Plantar keratosis"]))
    builder.add_exam("Skin biopsy", "marked hyperkeratosis with acanthosis")
    builder.add_exam("Skin examination", "a thick plaque on the sole")
    assert [e["name"] for e in builder.examinations] == ["Skin examination"]
    other = CaseBuilder(diagnosis_terms(["Lichen planus"]))
    other.add_exam("Skin biopsy", "marked hyperkeratosis with acanthosis")
    assert [e["name"] for e in other.examinations] == ["Skin biopsy"]
