"""AgentClinic import rules of round 7 (issue 16): each pinned with made-up case fields, never
a source text."""

from __future__ import annotations

from typing import Any

from tod.records.agentclinic import episode_ended
from tod.records.builder import CaseBuilder
from tod.records.model import Status
from tod.records.opening import opening_statement

from record_support import imported_case


def _values(case: dict[str, Any], field: str) -> list[str]:
    return [item.get("value", "") for item in case["history"][field]]


# ------------------------------------------------------------------ duplicates


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
    assert _values({"history": builder.history}, "past_diagnoses") == ["type 1 diabetes", "type 2 diabetes", "asthma"]
    assert _values({"history": builder.history}, "family_history") == ["asthma in an older sister", "asthma"]


def test_a_present_complaint_restated_as_an_undated_past_diagnosis_is_stored_once() -> None:
    case = imported_case({"Demographics": "30-year-old man", "History": "He has had a cough for a week.",
                    "Symptoms": {"Primary_Symptom": "Cough", "Secondary_Symptoms": ["History of a focal seizure",
                                                                                   "Focal seizure"]},
                    "Past_Medical_History": "Hay fever."})
    assert "focal seizure" in [s["name"] for s in case["symptoms"] if s["status"] == "present"]
    assert _values(case, "past_diagnoses") == ["hay fever"]


def test_a_dated_past_episode_and_a_denial_stay_in_the_history() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("vomiting", Status.present)
    builder.add_symptom("kidney dialysis", Status.denied)
    builder.add_fact("history.past_diagnoses", "vomiting", detail="two years ago")
    builder.add_fact("history.past_diagnoses", "kidney dialysis", Status.denied)
    past = builder.case("Doctor, I've been vomiting.")["history"]["past_diagnoses"]
    assert [(f["value"], f["status"]) for f in past] == [("vomiting", "present"), ("kidney dialysis", "denied")]


# ------------------------------------------------------------------ openings: ended or ongoing


def test_a_single_episode_that_lasted_seconds_or_minutes_is_over() -> None:
    assert episode_ended("", "Absence seizure lasting for 20 seconds")
    assert episode_ended("She had an episode of slurred speech that lasted about 5 minutes.", "Slurred speech")
    assert episode_ended("He was confused this morning. He is now at his baseline.", "Confusion")


def test_recurring_episodes_of_minutes_and_a_length_of_another_symptom_are_not_an_ending() -> None:
    assert not episode_ended("He has recurrent episodes of staring lasting 2-3 minutes each.", "Staring spells")
    assert not episode_ended("She has morning stiffness lasting about 40 minutes.", "Morning stiffness")
    assert not episode_ended("He has had knee pain for a year. A nosebleed lasted 10 minutes.", "Knee pain")


def test_an_opening_after_an_ended_episode_tells_the_symptoms_that_go_on() -> None:
    opening = opening_statement([{"name": "tonic seizure"}, {"name": "lethargy", "duration": "18 hours"}],
                                caregiver=True, sex="female", ended=True)
    assert opening.startswith("Doctor, my daughter had an episode of tonic seizure. It's over now, but she has been")
    assert "18 hours" in opening and "has been having tonic seizure" not in opening
    alone = opening_statement([{"name": "blurry vision"}], caregiver=False, sex="male", ended=True)
    assert alone == "Doctor, I had an episode of blurry vision. It's over now, but I'm worried about it."


def test_an_earlier_blackout_beside_another_chief_complaint_does_not_lead_the_opening() -> None:
    opening = opening_statement([{"name": "shortness of breath"}, {"name": "loss of consciousness"}],
                                caregiver=False, sex="female")
    assert opening.startswith("Doctor, I've been having shortness of breath")
    assert "I'm told" not in opening
    told = opening_statement([{"name": "loss of consciousness"}, {"name": "headache"}], caregiver=False, sex="female")
    assert told.startswith("Doctor, I don't remember much of it, but I'm told I passed out.")


# ------------------------------------------------------------------ list splits


def _denied(text: str) -> list[tuple[str, str | None]]:
    from tod.records.routing import route_text

    return [(f.field, f.value) for f in route_text(text, default="symptoms").facts if f.status is Status.denied]


def test_a_head_noun_shared_by_a_list_of_modifiers_goes_to_each_item() -> None:
    assert _denied("Denies cardiac, renal, or bowel symptoms.") == [
        ("symptoms", "cardiac symptoms"), ("symptoms", "renal symptoms"), ("symptoms", "bowel symptoms")]
    assert _denied("No ear or scalp changes.") == [("symptoms", "ear changes"), ("symptoms", "scalp changes")]


def test_a_change_or_property_told_without_its_noun_takes_the_noun_before() -> None:
    assert _denied("No appetite loss or gain.") == [("symptoms", "appetite loss"), ("symptoms", "appetite gain")]
    assert _denied("No stool color or consistency changes.")[1] == ("symptoms", "stool consistency changes")


def test_a_faculty_after_a_change_keeps_the_change() -> None:
    assert _denied("No recent changes in taste or eating.") == [("symptoms", "changes in taste"),
                                                              ("symptoms", "changes in eating")]


def test_a_body_part_split_from_a_place_takes_the_head_of_the_item_before() -> None:
    assert _denied("Denies injury to the neck or back, or fever.") == [
        ("history.trauma_surgery", "injury to the neck"), ("history.trauma_surgery", "injury to the back"),
        ("symptoms", "fever")]


def test_a_named_kind_of_exposure_is_a_denied_item_and_bare_exposures_a_blanket_denial() -> None:
    assert _denied("No recent travel or sick contacts.") == [("history.exposures", "travel"),
                                                              ("history.exposures", "sick contacts")]
    assert _denied("Denies any exposures.") == [("history.exposures", None)]


# ------------------------------------------------------------------ history denied as a whole


def test_a_denied_field_named_with_a_report_tail_is_a_blanket_denial() -> None:
    for text in ("No significant past medical history noted.", "No medical history has been reported by his wife."):
        assert _denied(text) == [("history.past_diagnoses", None)]


def test_a_denied_field_with_an_exception_keeps_the_exception_as_present() -> None:
    from tod.records.routing import route_text

    routing = route_text("No significant medical history except for recurrent sinus infections.",
                         default="history.past_diagnoses")
    assert [(f.field, f.value, f.status) for f in routing.facts] == [
        ("history.past_diagnoses", None, Status.denied),
        ("history.past_diagnoses", "recurrent sinus infections", Status.present)]
    assert _denied("No medications other than a daily vitamin.") == [("history.medications", None)]


def test_a_symptom_named_again_by_a_synonym_or_a_misspelling_is_stored_once() -> None:
    builder = CaseBuilder([])
    for name in ("shortness of breath", "cough", "dyspnea", "breathlessness", "groin pruritis", "groin itching"):
        builder.add_symptom(name)
    assert [s["name"] for s in builder.symptoms] == ["shortness of breath", "cough", "groin pruritis"]


def test_an_episode_of_all_the_symptoms_that_lasted_minutes_is_over() -> None:
    history = ("The patient felt the floor tilting, with two bouts of retching. The symptoms began while he was "
               "reading and lasted for about 2 minutes.")
    assert episode_ended(history, "Sudden tilting of the floor")
    assert not episode_ended("The symptoms began while he was reading and have lasted 2 days.", "Tilting of the floor")


def test_feeling_at_baseline_again_ends_the_episode() -> None:
    assert episode_ended("She had a spell of slurred speech this morning. She currently feels at her baseline.",
                         "Slurred speech")
