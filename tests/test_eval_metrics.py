"""Metrics against hand-computed values on small, hand-built consultations."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tod.evaluation.metrics import METRICS, EvalItem, MetricContext, score_items
from tod.evaluation.metrics.bootstrap import bootstrap_ci, bootstrap_table
from tod.evaluation.metrics.communication import communication_of
from tod.evaluation.metrics.coverage import coverage_of
from tod.evaluation.metrics.diagnosis import choose_option, diagnosis, matches, normalise, parse_candidates
from tod.evaluation.metrics.robustness import accuracy_by_department, department_robustness
from tod.evaluation.metrics.text_similarity import text_similarity
from tod.evaluation.results import build_results
from tod.evaluation.transcript import Transcript, Turn
from tod.records.model import Record


def small_record(record_id: str = "r1", department: str = "internal_medicine", **reference: Any) -> Record:
    """Seven facts: demographics 2, symptoms 1, symptom_details 1, history 1, social 1, examinations 1."""
    ref = {
        "diagnosis": "Type 2 diabetes mellitus",
        "synonyms": ["T2DM", "type 2 diabetes"],
        "alternatives": ["diabetes insipidus", "type 1 diabetes"],
        "basis": "High fasting glucose and HbA1c with thirst and polyuria.",
        "treatment": "Metformin and lifestyle changes.",
    }
    ref.update(reference)
    return Record.model_validate(
        {
            "id": record_id,
            "department": department,
            "case": {
                "opening_statement": "I am always thirsty.",
                "demographics": {"age_years": 50, "sex": "male"},
                "symptoms": [{"name": "thirst", "duration": "two months"}],
                "history": {"allergies": [{"status": "denied"}]},
                "social": {"tobacco": {"value": "smokes"}},
                "examinations": [{"name": "HbA1c", "result": "9.8%", "category": "lab"}],
            },
            "reference": ref,
        }
    )


def transcript(record: Record, *, turns: tuple[Turn, ...] = (), diagnosis: str = "", basis: str = "", treatment: str = "",
               revealed: tuple[str, ...] = (), condition: str = "dialogue", status: str = "ok") -> Transcript:
    return Transcript(
        record_id=record.id, department=record.department, condition=condition, doctor="test", status=status,  # type: ignore[arg-type]
        error=None if status == "ok" else "doctor error: boom", turns=turns,
        summary_answers={"diagnosis": diagnosis, "basis": basis, "treatment": treatment}, revealed=revealed,
    )


TURNS = (
    Turn("How long have you had the cough?", "Two days.", ("ask_symptom_duration",), {"symptom": ["cough"]}),
    Turn("Do you smoke or drink?", "I smoke.", ("ask_tobacco", "ask_alcohol"), {}, ("social.tobacco",)),
    Turn("How long have you had the Cough?", "I said two days.", ("ask_symptom_duration",), {"symptom": ["Cough "]}),
    Turn("How long the fever?", "No fever.", ("ask_symptom_duration",), {"symptom": ["fever"]}),
    Turn("Final Diagnosis: flu", "Thank you."),
)


@pytest.fixture(scope="module")
def context() -> MetricContext:
    return MetricContext()


def test_communication_counts_questions_turns_words_and_repeats() -> None:
    got = communication_of(TURNS)
    assert got["turns"] == 5
    assert got["questions"] == 5
    assert got["questions_per_turn"] == 1.0
    assert got["avg_response_words"] == pytest.approx((7 + 5 + 7 + 4 + 3) / 5)
    assert got["repeated_question_rate"] == pytest.approx(1 / 5)  # the second "cough" duration question
    assert got["intent_counts"] == {"ask_symptom_duration": 3, "ask_tobacco": 1, "ask_alcohol": 1}
    assert got["family_counts"] == {"symptom details": 3, "social history": 2}


def test_communication_of_no_turns_has_no_rates() -> None:
    got = communication_of(())
    assert (got["turns"], got["questions"], got["avg_response_words"], got["questions_per_turn"], got["repeated_question_rate"]) == (0, 0, None, None, None)


def test_coverage_counts_revealed_paths_and_provenance_per_family() -> None:
    record = small_record()
    extra = Turn("How long?", "Two months.", (), {}, ("symptoms[0].duration",))
    # revealed gives age and symptoms[0] ("symptoms[5]" is not a fact of this record);
    # provenance adds social.tobacco (TURNS[1]) and symptoms[0].duration.
    revealed = ("demographics.age_years", "symptoms[0]", "symptoms[5]")
    item = EvalItem(record, transcript(record, turns=(*TURNS, extra), revealed=revealed))
    got = coverage_of(item)
    assert got["facts"] == 7 and got["facts_elicited"] == 4
    assert got["coverage"] == pytest.approx(4 / 7)
    assert got["coverage_by_family"] == {
        "demographics": 0.5, "symptoms": 1.0, "symptom_details": 1.0, "history": 0.0, "social": 1.0, "examinations": 0.0,
    }


def test_coverage_does_not_apply_to_reading_conditions() -> None:
    record = small_record()
    got = coverage_of(EvalItem(record, transcript(record, condition="vignette")))
    assert got["coverage"] is None and got["facts"] == 7


def test_candidates_are_parsed_from_lists_prose_and_final_lines() -> None:
    assert parse_candidates("**Final Diagnosis:** Type 2 diabetes mellitus (T2DM).") == ["Type 2 diabetes mellitus"]
    assert parse_candidates("1. Diabetes insipidus\n2) Type 2 diabetes - likely\n- Hyperthyroidism\n4. Cushing") == [
        "Diabetes insipidus", "Type 2 diabetes", "Hyperthyroidism"]
    assert parse_candidates("I think it is migraine, or tension headache; cluster headache") == [
        "migraine", "tension headache", "cluster headache"]
    assert parse_candidates("The most likely diagnosis is pneumonia. It is caused by bacteria.") == ["pneumonia"]
    assert parse_candidates("") == []
    assert normalise("  The LIKELY Crohn’s disease!") == normalise("crohn's  Disease") == "crohns disease"


def test_top1_and_top3_with_synonyms_alternatives_and_embeddings(context: MetricContext) -> None:
    record = small_record()
    aliases = ["Type 2 diabetes mellitus", "T2DM", "type 2 diabetes"]
    alternatives = ["diabetes insipidus", "type 1 diabetes"]
    assert matches("t2dm", aliases, alternatives, context)  # synonym, exact after normalising
    assert matches("Uncontrolled type 2 diabetes", aliases, alternatives, context)  # contains an alias
    assert matches("Type II diabetes mellitus", aliases, alternatives, context)  # embedding similarity
    assert not matches("Type 1 diabetes", aliases, alternatives, context)  # an alternative, not the answer
    assert not matches("type 2 diabetes or diabetes insipidus", aliases, alternatives, context)  # contains an alternative too
    answers = ["Final Diagnosis: T2DM", "1. Diabetes insipidus\n2. Type II diabetes mellitus\n3. Hyperthyroidism",
               "Final Diagnosis: Type 1 diabetes", "unknown", ""]
    got = diagnosis([EvalItem(record, transcript(record, diagnosis=a)) for a in answers], context)
    assert [g["top1"] for g in got] == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert [g["top3"] for g in got] == [1.0, 1.0, 0.0, 0.0, 0.0]
    assert got[1]["predicted"] == ["Diabetes insipidus", "Type II diabetes mellitus", "Hyperthyroidism"]
    assert all(g["mcq_correct"] is None for g in got)


def test_diagnosis_falls_back_to_the_final_line_of_the_interview(context: MetricContext) -> None:
    record = small_record()
    turns = (Turn("Any thirst?", "Yes."), Turn("Final Diagnosis: type 2 diabetes", "Thanks."))
    assert diagnosis([EvalItem(record, transcript(record, turns=turns))], context)[0]["top1"] == 1.0


def test_multiple_choice_picks_the_option_closest_to_the_diagnosis(context: MetricContext) -> None:
    options = ["Diabetes insipidus", "Type 2 diabetes mellitus", "Hyperthyroidism", "Urinary tract infection"]
    record = small_record(options=options, answer_index=1)
    assert choose_option("type 2 diabetes mellitus", options, context) == 1
    assert choose_option("hyperthyroidism secondary to graves", options, context) == 2
    assert choose_option("UTI with cystitis", options, context) in range(4)
    assert choose_option(None, options, context) is None
    got = diagnosis([EvalItem(record, transcript(record, diagnosis=a)) for a in ("Type II diabetes", "Diabetes insipidus", "")], context)
    assert [g["mcq_correct"] for g in got] == [1.0, 0.0, 0.0]
    assert [g["mcq_choice"] for g in got] == [1, 0, None]


def test_department_robustness_matches_the_formula() -> None:
    accuracies = accuracy_by_department([("a", 1.0), ("a", 1.0), ("b", 1.0), ("b", 0.0), ("c", 0.0)])
    assert accuracies == {"a": 1.0, "b": 0.5, "c": 0.0}
    sigma = math.sqrt(1 / 6)
    assert department_robustness(accuracies) == pytest.approx(1 - sigma / (0.5 + sigma))
    assert department_robustness({"a": 0.7, "b": 0.7}) == pytest.approx(1.0)
    assert department_robustness({"a": 0.0, "b": 0.0}) == pytest.approx(1.0)
    assert department_robustness({}) is None


def test_bootstrap_intervals_have_the_right_shape_and_are_seeded() -> None:
    values = [0.0, 1.0] * 20
    ci = bootstrap_ci(values, resamples=500, seed=3)
    assert set(ci) == {"mean", "low", "high", "n"} and ci["n"] == 40 and ci["mean"] == 0.5
    assert ci["low"] < 0.5 < ci["high"] and ci["high"] - ci["low"] < 0.5
    assert bootstrap_ci(values, resamples=500, seed=3) == ci
    assert bootstrap_ci([2.0], resamples=10) == {"mean": 2.0, "low": 2.0, "high": 2.0, "n": 1}
    assert bootstrap_ci([]) == {"mean": None, "low": None, "high": None, "n": 0}
    table = bootstrap_table({"a": [1.0, None, 0.0], "b": []}, resamples=50)
    assert list(table) == ["a", "b"] and table["a"]["n"] == 2 and table["b"]["n"] == 0


def test_rouge_and_bertscore_per_field_and_averaged(context: MetricContext) -> None:
    record = small_record()
    perfect = transcript(record, diagnosis="Type 2 diabetes mellitus", basis=record.reference.basis, treatment=record.reference.treatment)
    partial = transcript(record, diagnosis="type 2 diabetes", basis="", treatment="Start metformin.")
    got = text_similarity([EvalItem(record, perfect), EvalItem(record, partial)], context)
    assert got[0]["rouge1_diagnosis"] == pytest.approx(1.0) and got[0]["rougeL_avg"] == pytest.approx(1.0)
    assert got[0]["bertscore_avg"] == pytest.approx(1.0, abs=1e-3)
    # "type 2 diabetes" vs "Type 2 diabetes mellitus": P = 3/3, R = 3/4 -> F1 = 6/7; bigrams 2/2 vs 2/3 -> 0.8
    assert got[1]["rouge1_diagnosis"] == pytest.approx(6 / 7)
    assert got[1]["rouge2_diagnosis"] == pytest.approx(0.8)
    assert got[1]["rouge1_basis"] == 0.0 and got[1]["bertscore_basis"] == 0.0  # an empty answer scores 0
    assert 0.0 < got[1]["bertscore_treatment"] < 1.0
    assert got[1]["rouge1_avg"] == pytest.approx((got[1]["rouge1_diagnosis"] + 0.0 + got[1]["rouge1_treatment"]) / 3)


def test_bertscore_can_be_switched_off() -> None:
    record = small_record()
    got = text_similarity([EvalItem(record, transcript(record, diagnosis="x"))], MetricContext(bertscore=False))
    assert got[0]["bertscore_diagnosis"] is None and got[0]["bertscore_avg"] is None and got[0]["rouge1_avg"] == 0.0


def test_registry_and_results_aggregate(context: MetricContext) -> None:
    assert list(METRICS) == ["communication", "cost", "coverage", "diagnosis", "text_similarity"]
    with pytest.raises(KeyError, match="unknown metric families"):
        score_items([], context, ["nope"])
    records = [small_record("a", "internal_medicine"), small_record("b", "pediatrics"), small_record("c", "pediatrics")]
    transcripts = [
        transcript(records[0], turns=TURNS, diagnosis="Final Diagnosis: T2DM", revealed=("symptoms[0]",)),
        transcript(records[1], turns=TURNS[:2], diagnosis="Final Diagnosis: flu"),
        transcript(records[2], status="failed"),
    ]
    results = build_results(records, transcripts, MetricContext(bertscore=False), bootstrap_resamples=100)
    assert results["counts"] == {"records": 3, "ok": 2, "failed": 1, "missing": 0}
    assert results["failures"] == [{"record_id": "c", "error": "doctor error: boom"}]
    assert results["metrics"]["top1"] == 0.5 and results["metrics"]["turns"] == 3.5
    assert results["question_types"]["total"] == 5 + 3
    intents = results["question_types"]["intents"]
    assert len(intents) == 29 and intents["ask_symptom_duration"] == {"count": 4, "share": 0.5}
    assert sum(f["share"] for f in results["question_types"]["families"].values()) == pytest.approx(1.0)
    assert results["departments"]["top1"] == {"internal_medicine": 1.0, "pediatrics": 0.0}
    assert results["departments"]["robustness_S"] == pytest.approx(0.5)  # mu = sigma = 0.5
    assert results["coverage_by_family"]["symptoms"] == pytest.approx(0.5)
    assert results["ci95"]["top1"]["n"] == 2
    assert [row["status"] for row in results["per_consultation"]] == ["ok", "ok", "failed"]
