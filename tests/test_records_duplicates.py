"""A fact stated twice is stored once (issue 16): symptoms said again in other words, word forms,
synonyms or review-of-systems items, history items restated, repeated denials and factors; facts
that name other things stay apart. Made-up case fields and sentences, never a source text."""

from __future__ import annotations

from typing import Any

import pytest

from tod.records.agentclinic import _add_review_of_systems
from tod.records.builder import CaseBuilder
from tod.records.model import Status

from record_support import build, builder_symptoms, field_statuses, imported_case, symptom_names


def _history_values(case: dict[str, Any], field: str) -> list[str]:
    return [item.get("value", "") for item in case["history"][field]]


def test_a_review_of_systems_item_in_lay_or_clinical_words_is_stored_once() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("dysmenorrhea")
    builder.add_symptom("pain with menses")
    builder.add_symptom("fatigue")
    builder.add_symptom("tiredness")
    builder.add_symptom("edema")
    builder.add_symptom("swelling")
    assert builder_symptoms(builder) == [("dysmenorrhea", "present"), ("fatigue", "present"), ("edema", "present")]


def test_the_more_specific_wording_is_kept() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("weight loss")
    builder.add_symptom("weight loss of 4 kg")
    builder.add_symptom("pain")
    builder.add_symptom("pain during urination")
    assert builder_symptoms(builder) == [("weight loss of 4 kg", "present"), ("pain", "present"),
                                         ("pain during urination", "present")]  # a bare "pain" may be another pain


def test_a_symptom_named_beside_what_it_is_not_or_what_causes_it_stays_apart() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("poor appetite")
    builder.add_symptom("weight gain despite poor appetite")
    builder.add_symptom("vomiting")
    builder.add_symptom("nausea without vomiting")
    assert [n for n, _ in builder_symptoms(builder)] == ["poor appetite", "weight gain despite poor appetite",
                                                          "vomiting", "nausea without vomiting"]


def test_repeated_factors_are_stored_once() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("chest tightness", aggravating_factors=["exertion", "climbing stairs"],
                        relieving_factors=["rest", "resting for a while"])
    builder.add_symptom("chest tightness", aggravating_factors=["physical activity", "cold air"])
    symptom = builder.symptoms[0]
    assert symptom["aggravating_factors"] == ["exertion", "cold air"]
    assert symptom["relieving_factors"] == ["rest"]


def test_a_history_item_or_a_denial_stated_twice_is_stored_once() -> None:
    builder = CaseBuilder([])
    builder.add_fact("history.vaccinations", "vaccinations current")
    builder.add_fact("history.vaccinations", "vaccinations are current")
    builder.add_fact("history.past_diagnoses", "asthma (mild, treated with an inhaler)")
    builder.add_fact("history.past_diagnoses", "asthma")
    builder.add_fact("history.allergies", "penicillin", Status.denied)
    builder.add_fact("history.allergies", "any penicillin", Status.denied)
    assert builder.history == {
        "vaccinations": [{"value": "vaccinations current", "status": "present"}],
        "past_diagnoses": [{"value": "asthma (mild, treated with an inhaler)", "status": "present"}],
        "allergies": [{"value": "penicillin", "status": "denied"}]}


def test_a_wider_wording_that_is_not_kept_adds_no_time() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("bloody diarrhea")
    builder.add_symptom("similar illness with bloody diarrhea", duration="2 weeks")
    assert builder.symptoms == [{"name": "bloody diarrhea", "status": "present"}]


def test_a_restatement_with_another_amount_keeps_its_time_and_a_wider_one_its_degree() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("nasal discharge")
    builder.add_symptom("increased amount of nasal discharge", duration="5 days")
    builder.add_symptom("cough")
    builder.add_symptom("shortness of breath")
    builder.add_symptom("mild shortness of breath after the fall", degree="mild", duration="2 days")
    assert builder.symptoms == [{"name": "nasal discharge", "status": "present", "duration": "5 days"},
                                {"name": "cough", "status": "present"},
                                {"name": "shortness of breath", "status": "present", "degree": "mild"}]


@pytest.mark.parametrize(("first", "second"), [
    ("dark urine", "darkening of the urine"),
    ("refusal to eat", "refused to eat"),
    ("recent cough", "new onset cough"),
    ("increased urination", "frequent urination"),
    ("repeated vomiting", "vomiting several times"),
    ("confusion after the episodes", "confused afterwards"),
])
def test_a_symptom_said_again_in_other_word_forms_is_stored_once(first: str, second: str) -> None:
    builder = CaseBuilder([])
    builder.add_symptom(first)
    builder.add_symptom(second)
    assert [s["name"] for s in builder.symptoms] == [first]


def test_symptoms_sharing_only_part_of_their_words_stay_apart() -> None:
    builder = CaseBuilder([])
    for name in ("dark urine", "dark stools", "frequent urination", "painful urination"):
        builder.add_symptom(name)
    assert len(builder.symptoms) == 4


def test_a_denial_said_again_with_more_words_is_stored_once_but_one_at_another_site_stays() -> None:
    builder = CaseBuilder([])
    for name in ("itching", "itching around the spot", "weakness", "arm weakness", "cough", "coughing up blood"):
        builder.add_symptom(name, Status.denied)
    assert [s["name"] for s in builder.symptoms] == ["itching", "weakness", "arm weakness", "cough", "coughing up blood"]


def test_a_history_item_restated_with_a_frame_word_or_a_length_is_one_fact() -> None:
    builder = CaseBuilder([])
    for value in ("hypertension", "known hypertension", "gout", "treated for gout", "previous diagnosis of gout",
                  "asthma for 2 years", "asthma", "well-controlled migraine", "migraine in the past"):
        builder.add_fact("history.past_diagnoses", value)
    assert [f["value"] for f in builder.history["past_diagnoses"]] == ["hypertension", "gout", "asthma for 2 years",
                                                                        "well-controlled migraine"]


def test_history_items_that_name_other_things_stay_apart() -> None:
    builder = CaseBuilder([])
    for value in ("type 1 diabetes", "type 2 diabetes", "asthma", "asthma in an older sister"):
        builder.add_fact("history.past_diagnoses" if "sister" not in value else "history.family_history", value)
    builder.add_fact("history.family_history", "asthma")
    assert _history_values({"history": builder.history}, "past_diagnoses") == [
        "type 1 diabetes", "type 2 diabetes", "asthma"]
    assert _history_values({"history": builder.history}, "family_history") == ["asthma in an older sister", "asthma"]


def test_a_present_complaint_restated_as_an_undated_past_diagnosis_is_stored_once() -> None:
    case = imported_case({"Demographics": "30-year-old man", "History": "He has had a cough for a week.",
                    "Symptoms": {"Primary_Symptom": "Cough", "Secondary_Symptoms": ["History of a focal seizure",
                                                                                   "Focal seizure"]},
                    "Past_Medical_History": "Hay fever."})
    assert "focal seizure" in [s["name"] for s in case["symptoms"] if s["status"] == "present"]
    assert _history_values(case, "past_diagnoses") == ["hay fever"]


def test_a_dated_past_episode_and_a_denial_stay_in_the_history() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("vomiting", Status.present)
    builder.add_symptom("kidney dialysis", Status.denied)
    builder.add_fact("history.past_diagnoses", "vomiting", detail="two years ago")
    builder.add_fact("history.past_diagnoses", "kidney dialysis", Status.denied)
    past = builder.case("Doctor, I've been vomiting.")["history"]["past_diagnoses"]
    assert [(f["value"], f["status"]) for f in past] == [("vomiting", "present"), ("kidney dialysis", "denied")]


def test_a_symptom_named_again_by_a_synonym_or_a_misspelling_is_stored_once() -> None:
    builder = CaseBuilder([])
    for name in ("shortness of breath", "cough", "dyspnea", "breathlessness", "groin pruritis", "groin itching"):
        builder.add_symptom(name)
    assert [s["name"] for s in builder.symptoms] == ["shortness of breath", "cough", "groin pruritis"]


def test_a_review_of_systems_restating_a_symptom_adds_no_second_one() -> None:
    builder = CaseBuilder([])
    for name in ("tiredness", "itching", "restlessness"):
        builder.add_symptom(name)
    _add_review_of_systems(builder, "Feeling very tired. Slight itching. Shows signs of restlessness. Denies nausea.")
    assert [(s["name"], s["status"]) for s in builder.symptoms] == [
        ("tiredness", "present"), ("itching", "present"), ("restlessness", "present"), ("nausea", "denied")]


def test_a_history_value_held_by_a_longer_one_of_the_same_list_is_one_fact() -> None:
    builder = CaseBuilder(leak_terms=[])
    builder.add_symptom("cough")
    builder.add_fact("history.trauma_surgery", "knee arthroscopy")
    builder.add_fact("history.trauma_surgery", "knee arthroscopy for a torn meniscus")
    builder.add_fact("history.medications", "lisinopril")
    builder.add_fact("history.medications", "lisinopril and aspirin")  # one word: never merged this way
    case = builder.case("x")
    assert field_statuses(case, "history", "trauma_surgery") == [("knee arthroscopy for a torn meniscus", "present")]
    assert len(case["history"]["medications"]) == 2


def test_values_with_other_times_or_other_words_stay_two() -> None:
    builder = CaseBuilder(leak_terms=[])
    builder.add_symptom("cough")
    builder.add_fact("social.reproductive_history", "periods irregular every 20 to 40 days")
    builder.add_fact("social.reproductive_history", "last menstrual period", detail="6 weeks ago")
    builder.add_fact("history.past_diagnoses", "neonatal jaundice")
    builder.add_fact("history.past_diagnoses", "repeated episodes of jaundice with fever")
    case = builder.case("x")
    assert len(case["social"]["reproductive_history"]) == 2
    assert len(case["history"]["past_diagnoses"]) == 2


def test_a_denial_read_as_symptom_and_as_history_is_kept_once_in_its_field() -> None:
    builder = CaseBuilder(leak_terms=[])
    builder.add_symptom("cough")
    builder.add_symptom("haemodialysis sessions", Status.denied)
    builder.add_fact("history.past_diagnoses", "haemodialysis sessions", Status.denied)
    builder.add_symptom("bowel symptoms", Status.denied)
    builder.add_fact("history.past_diagnoses", "bowel symptoms", Status.denied)
    case = builder.case("x")
    said = [s["name"] for s in case["symptoms"]] + [f.get("value") for f in case["history"]["past_diagnoses"]]
    assert said.count("haemodialysis sessions") == 1
    assert said.count("bowel symptoms") == 1
    assert ("bowel symptoms", "denied") in [(s["name"], s["status"]) for s in case["symptoms"]]


def test_an_adjective_restating_a_recorded_symptom_noun_is_one_symptom() -> None:
    case, _ = build("A 30-year-old man presents with anxiety. He says that he has been anxious, mostly at work. "
                    "He also reports poor sleep.")
    assert symptom_names(case)[:1] == ["anxiety"]
    assert "anxious" not in symptom_names(case)
