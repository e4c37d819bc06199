"""AgentClinic import rules of round 6 (issue 16): each pinned with made-up case fields, never
a source text."""

from __future__ import annotations

from typing import Any

import pytest

from tod.records.agentclinic import episode_ended, import_medqa_case
from tod.records.builder import CaseBuilder
from tod.records.model import Status
from tod.records.opening import opening_statement


def _medqa(actor: dict[str, Any], exams: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"OSCE_Examination": {"Objective_for_Doctor": "Assess the patient.", "Patient_Actor": actor,
                                 "Physical_Examination_Findings": exams or {}, "Test_Results": {},
                                 "Correct_Diagnosis": "Made-up disease"}}


def _import(actor: dict[str, Any], exams: dict[str, Any] | None = None) -> dict[str, Any]:
    record, _, _ = import_medqa_case(_medqa(actor, exams), case_id="t-1")
    return record.model_dump(mode="json")["case"]


# ------------------------------------------------------------------ an episode that ended


def test_an_ending_said_of_another_symptom_leaves_the_complaint_ongoing() -> None:
    history = "She has had loss of vision in her left eye for 2 days. Her headache from last week has resolved."
    assert not episode_ended(history, "Loss of vision")
    case = _import({"Demographics": "50-year-old woman", "History": history,
                    "Symptoms": {"Primary_Symptom": "Loss of vision", "Secondary_Symptoms": []}})
    assert "over now" not in case["opening_statement"]


def test_a_complaint_that_goes_on_or_cannot_be_done_any_more_is_not_over() -> None:
    assert not episode_ended("She can no longer read with the right eye.", "Blurred vision")
    assert not episode_ended("The blurred vision has not resolved.", "Blurred vision")
    assert not episode_ended("He had a sore ankle that resolved and has knee pain now.", "Knee pain")


def test_an_episode_of_the_complaint_that_lasted_minutes_and_is_now_over_is_told_as_over() -> None:
    history = "He had an episode of the room spinning that lasted 10 minutes. He is now back to normal."
    assert episode_ended(history, "Vertigo")
    assert episode_ended("The dizziness lasted an hour and then resolved.", "Dizziness")
    assert episode_ended("", "Blurred vision, now resolved")
    case = _import({"Demographics": "62-year-old man", "History": history,
                    "Symptoms": {"Primary_Symptom": "Vertigo", "Secondary_Symptoms": []}})
    assert "It's over now" in case["opening_statement"]


# ------------------------------------------------------------------ words said once


def test_a_lay_noun_said_again_later_in_the_phrase_is_said_once() -> None:
    opening = opening_statement([{"name": "productive cough with purulent sputum", "duration": "5 days"}],
                                caregiver=False, sex="male")
    assert opening.startswith("Doctor, I've been having cough with pus-like phlegm.")
    assert opening_statement([{"name": "rash with blisters"}], caregiver=False, sex=None).count("blisters") == 1


# ------------------------------------------------------------------ durations


def test_the_first_sentence_dates_only_the_complaint_items_it_names_when_another_has_its_own_time() -> None:
    case = _import({"Demographics": "50-year-old man",
                    "History": "He has had tiredness for a year. He has also noticed weight loss over the past 3 months.",
                    "Symptoms": {"Primary_Symptom": "Tiredness and weight loss", "Secondary_Symptoms": []}})
    durations = {s["name"]: s["duration"] for s in case["symptoms"]}
    assert durations == {"tiredness": "a year", "weight loss": "3 months"}
    assert "It's been going on for a year." in case["opening_statement"]
    assert "weight loss" not in case["opening_statement"].split("a year.")[0]


def test_a_complaint_item_no_other_sentence_dates_keeps_the_first_sentence_time() -> None:
    case = _import({"Demographics": "50-year-old man", "History": "He has had tiredness and itching for a year.",
                    "Symptoms": {"Primary_Symptom": "Tiredness and itching", "Secondary_Symptoms": []}})
    assert [s["duration"] for s in case["symptoms"]] == ["a year", "a year"]


# ------------------------------------------------------------------ one item stored once


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


def test_a_review_of_systems_sign_the_examiner_found_is_an_examination_only() -> None:
    actor = {"Demographics": "40-year-old woman", "History": "She has had tiredness for a month.",
             "Symptoms": {"Primary_Symptom": "Tiredness", "Secondary_Symptoms": []},
             "Review_of_Systems": "Pale conjunctivae. Fatigue."}
    case = _import(actor, {"Eyes": "Pale conjunctivae noted", "General": "Appears fatigued"})
    names = [s["name"] for s in case["symptoms"]]
    assert "pale conjunctivae" not in names and "tiredness" in names
    assert any(e["result"] == "Pale conjunctivae noted" for e in case["examinations"])
    unexamined = _import(actor)
    assert "pale conjunctivae" in [s["name"] for s in unexamined["symptoms"]]


# ------------------------------------------------------------------ fields


def test_a_denied_recent_illness_in_the_review_of_systems_is_a_denied_symptom() -> None:
    case = _import({"Demographics": "30-year-old man", "History": "He has had a sore throat for 3 days.",
                    "Symptoms": {"Primary_Symptom": "Sore throat", "Secondary_Symptoms": []},
                    "Review_of_Systems": "No recent infections. Denies recent illness. No fever."})
    denied = [s["name"] for s in case["symptoms"] if s["status"] == "denied"]
    assert denied == ["recent infections", "recent illness", "fever"]
    assert case["history"]["past_diagnoses"] == []


def test_a_recent_history_item_and_a_device_in_use_are_no_symptoms() -> None:
    case = _import({"Demographics": "30-year-old man", "History": "He has had a sore throat for 3 days.",
                    "Symptoms": {"Primary_Symptom": "Sore throat",
                                 "Secondary_Symptoms": ["Recent history of a cold", "Uses contact lenses"]}})
    assert [s["name"] for s in case["symptoms"]] == ["sore throat"]
    assert case["history"]["past_diagnoses"] == [{"value": "a cold", "status": "present", "detail": "recent"}]
    assert case["social"]["living_habits"] == [{"value": "uses contact lenses", "status": "present", "detail": None}]


# ------------------------------------------------------------------ lists


def test_signs_after_an_injury_are_symptoms_with_the_injury_as_onset_not_split_trauma_items() -> None:
    case = _import({"Demographics": "30-year-old man", "History": "He has had wrist pain for 2 days.",
                    "Symptoms": {"Primary_Symptom": "Wrist pain",
                                 "Secondary_Symptoms": ["Redness and swelling after the injury"]},
                    "Review_of_Systems": "Bruising following the fall. No numbness after the fall."})
    signs = {s["name"]: (s["status"], s.get("onset")) for s in case["symptoms"]}
    assert signs["redness"] == ("present", "after the injury")
    assert signs["swelling"] == ("present", "after the injury")
    assert signs["bruising"] == ("present", "following the fall")
    assert signs["numbness after the fall"][0] == "denied"
    assert case["history"]["trauma_surgery"] == []


@pytest.mark.parametrize(("symptom", "said"), [
    ({"name": "itchy rash", "position": "the bilateral upper extremities"}, "itchy rash on both arms"),
    ({"name": "bilateral wrist"}, "both wrists"),
    ({"name": "bilateral knee pain"}, "knee pain on both sides"),
])
def test_bilateral_is_said_where_a_patient_says_both_sides(symptom: dict[str, Any], said: str) -> None:
    opening = opening_statement([symptom], caregiver=False, sex="female")
    assert opening.startswith(f"Doctor, I've been having {said}.")
    assert "the on both" not in opening


def test_a_symptom_its_own_sentence_says_is_over_is_not_told_as_going_on() -> None:
    case = _import({"Demographics": "6-year-old boy",
                    "History": "He has been tired for 2 days. Last week he had belly cramps, vomiting, and loose "
                               "stools, which have since resolved. He has a cough.",
                    "Symptoms": {"Primary_Symptom": "Tiredness, vomiting and cough",
                                 "Secondary_Symptoms": ["Vomiting", "Cough"]}})
    opening = case["opening_statement"]
    assert "vomiting" not in opening and "cough" in opening
    assert "vomiting" in [s["name"] for s in case["symptoms"]]


@pytest.mark.parametrize(("symptom", "said"), [
    ({"name": "sharp right hip pain", "position": "the right hip area following the fall"}, "sharp right hip pain."),
    ({"name": "redness of the toes", "position": "the toes causing pain"}, "redness of the toes."),
    ({"name": "morning stiffness lasting about", "position": "my joints lasting about"},
     "morning stiffness in my joints."),
    ({"name": "knee pain", "position": "the right knee"}, "knee pain in the right knee."),
])
def test_a_position_is_said_only_for_the_words_the_name_lacks(symptom: dict[str, Any], said: str) -> None:
    assert opening_statement([symptom], caregiver=False, sex="male").startswith(f"Doctor, I've been having {said}")
