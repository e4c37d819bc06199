"""AgentClinic import rules of round 5 (issue 16): each pinned with made-up case fields, never
a source text."""

from __future__ import annotations

from typing import Any

from tod.records.agentclinic import cannot_speak, import_medqa_case
from tod.records.builder import CaseBuilder
from tod.records.model import Status
from tod.records.opening import opening_statement
from tod.records.phrases import find_duration


def _medqa(actor: dict[str, Any], tests: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"OSCE_Examination": {"Objective_for_Doctor": "Assess the patient.", "Patient_Actor": actor,
                                 "Physical_Examination_Findings": {}, "Test_Results": tests or {},
                                 "Correct_Diagnosis": "Made-up disease"}}


def _import(actor: dict[str, Any], tests: dict[str, Any] | None = None) -> dict[str, Any]:
    record, _, _ = import_medqa_case(_medqa(actor, tests), case_id="t-1")
    return record.model_dump(mode="json")["case"]


def _symptoms(builder: CaseBuilder) -> list[tuple[str, str]]:
    return [(s["name"], s["status"]) for s in builder.symptoms]


# ------------------------------------------------------------------ openings


def test_a_patient_who_cannot_speak_is_spoken_for_by_a_companion_in_lay_words() -> None:
    case = _import({"Demographics": "60-year-old man",
                    "History": "He was brought in by his daughter. He is intubated in the emergency room.",
                    "Symptoms": {"Primary_Symptom": "Unresponsiveness",
                                 "Secondary_Symptoms": ["Vomiting", "Raised jugular venous pressure"]}})
    opening = case["opening_statement"]
    assert opening.startswith("Doctor, he can't tell you himself, so I'm speaking for him. He wasn't responding.")
    assert "he has been vomiting" in opening.lower()
    assert "venous" not in opening and "I've" not in opening


def test_only_a_present_state_makes_a_patient_unable_to_speak() -> None:
    assert cannot_speak("She has altered mental status.")
    assert cannot_speak("", "Review limited due to the patient's unconscious state.")
    assert not cannot_speak("In the spells she is unresponsive for a while.")
    assert not cannot_speak("He was found unconscious and regained consciousness after a minute.")


def test_a_child_who_cannot_speak_keeps_the_parent_as_speaker() -> None:
    case = _import({"Demographics": "3-year-old girl", "History": "She is obtunded on arrival.",
                    "Symptoms": {"Primary_Symptom": "Fever", "Secondary_Symptoms": []}})
    assert case["opening_statement"].startswith("Doctor, my daughter has been having fever")


def test_lifestyle_items_stressors_and_lab_results_are_never_the_complaint() -> None:
    opening = opening_statement([{"name": "attempts to lose weight"}, {"name": "more exercise"},
                                 {"name": "stress about exams"}, {"name": "elevated creatinine levels"},
                                 {"name": "knee pain", "duration": "2 weeks"}], caregiver=False, sex="female")
    assert opening == "Doctor, I've been having knee pain. It's been going on for 2 weeks. I'm worried about it."


def test_an_episode_that_ended_is_told_as_over_in_lay_words() -> None:
    case = _import({"Demographics": "70-year-old woman",
                    "History": "She had sudden-onset blurry vision in one eye that lasted 5 minutes. She is now back "
                               "to normal.",
                    "Symptoms": {"Primary_Symptom": "Sudden-onset blurry vision", "Secondary_Symptoms": []}})
    assert case["opening_statement"] == ("Doctor, I had an episode of blurry vision in one eye. It's over now, but I'm "
                                         "worried about it.")


def test_a_patient_told_of_passing_out_who_came_round_says_it_is_over() -> None:
    case = _import({"Demographics": "30-year-old man",
                    "History": "He fainted at a party. He regained consciousness within a minute.",
                    "Symptoms": {"Primary_Symptom": "Loss of consciousness",
                                 "Secondary_Symptoms": ["Regained consciousness quickly"]}})
    assert case["opening_statement"] == ("Doctor, I don't remember much of it, but I'm told I passed out. "
                                         "I came round afterwards, but I'm worried about it.")


def test_an_episode_length_or_the_time_since_birth_is_no_duration() -> None:
    assert find_duration("Episodes lasting 2\u20133 minutes have occurred over the past week") == "a week"
    assert find_duration("The baby was born four days ago and is feeding poorly") is None


def test_a_case_whose_only_symptom_is_a_measured_finding_opens_with_the_visit_reason() -> None:
    case = _import({"Demographics": "6-year-old boy", "History": "The boy is brought in for a routine check-up.",
                    "Symptoms": {"Primary_Symptom": "High blood pressure in the left arm", "Secondary_Symptoms": []}})
    assert case["opening_statement"] == "Doctor, I've brought my son in for a routine check-up."


def test_the_same_complaint_is_said_once_in_an_opening() -> None:
    opening = opening_statement([{"name": "confusion with confusion"}, {"name": "cough"}], caregiver=False, sex=None)
    assert opening == "Doctor, I've been having confusion and cough. I'm worried about it."


# ------------------------------------------------------------------ duplicates


def test_a_review_of_systems_item_in_lay_or_clinical_words_is_stored_once() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("dysmenorrhea")
    builder.add_symptom("pain with menses")
    builder.add_symptom("fatigue")
    builder.add_symptom("tiredness")
    builder.add_symptom("edema")
    builder.add_symptom("swelling")
    assert _symptoms(builder) == [("dysmenorrhea", "present"), ("fatigue", "present"), ("edema", "present")]


def test_the_more_specific_wording_is_kept() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("weight loss")
    builder.add_symptom("weight loss of 4 kg")
    builder.add_symptom("pain")
    builder.add_symptom("pain during urination")
    assert _symptoms(builder) == [("weight loss of 4 kg", "present"), ("pain", "present"),
                                  ("pain during urination", "present")]  # a bare "pain" may be another pain


def test_a_symptom_named_beside_what_it_is_not_or_what_causes_it_stays_apart() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("poor appetite")
    builder.add_symptom("weight gain despite poor appetite")
    builder.add_symptom("vomiting")
    builder.add_symptom("nausea without vomiting")
    assert [n for n, _ in _symptoms(builder)] == ["poor appetite", "weight gain despite poor appetite",
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


def test_a_vital_sign_trend_row_repeating_recorded_readings_is_left_out() -> None:
    builder = CaseBuilder([])
    builder.add_exam("Vital signs blood pressure", "130/85 mmHg")
    builder.add_exam("Vital signs heart rate", "88/min")
    builder.add_exam("Vital signs trend", "BP 130/85 mmHg, HR 88 bpm")
    builder.add_exam("Vital signs repeat", "BP 100/60 mmHg, HR 120 bpm")
    builder.add_exam("Blood pressure comparison", "130/85 mmHg in the arm, lower in the legs")
    assert [e["name"] for e in builder.examinations] == [
        "Vital signs blood pressure", "Vital signs heart rate", "Vital signs repeat", "Blood pressure comparison"]


# ------------------------------------------------------------------ wrong field or status


def test_treatments_listed_with_the_tests_are_current_treatment() -> None:
    builder = CaseBuilder([])
    builder.add_exam("IV fluids", "two litres of saline given")
    builder.add_exam("Interventions", "started on vasopressors")
    builder.add_exam("Serum sodium", "140 mEq/L", section="tests")
    builder.add_exam("After an IV line was placed, a stool sample", "no parasites seen", section="tests")
    assert builder.history["current_treatment"] == [
        {"value": "IV fluids", "status": "present", "detail": "two litres of saline given"},
        {"value": "started on vasopressors", "status": "present"}]
    assert [e["name"] for e in builder.examinations] == [  # a test named in a sentence stays a test
        "Serum sodium", "After an IV line was placed, a stool sample"]


def test_pain_during_intercourse_is_a_symptom_not_sexual_history() -> None:
    builder = CaseBuilder([])
    builder.add_fact("social.sexual_history", "pain during intercourse")
    builder.add_fact("social.sexual_history", "sexually active with one partner, stopped recently due to pain")
    assert _symptoms(builder) == [("pain during intercourse", "present")]
    assert builder.social["sexual_history"] == [
        {"value": "sexually active with one partner, stopped recently due to pain", "status": "present"}]


def test_an_item_not_recalled_is_denied() -> None:
    builder = CaseBuilder([])
    builder.add_fact("history.trauma_surgery", "inability to remember any fall")
    assert builder.history["trauma_surgery"] == [{"value": "fall", "status": "denied"}]


def test_history_stated_as_a_symptom_goes_to_its_history_field() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("history significant for gout")
    builder.add_symptom("family history of similar rashes")
    builder.add_symptom("family history of heart disease", Status.denied)
    assert builder.symptoms == []
    assert builder.history == {
        "past_diagnoses": [{"value": "gout", "status": "present"}],
        "family_history": [{"value": "similar rashes", "status": "present"},
                           {"value": "heart disease", "status": "denied"}]}


# ------------------------------------------------------------------ garbled fragments


def test_a_blanket_statement_is_no_item() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("further symptoms", Status.denied)
    builder.add_symptom("symptoms")
    builder.add_symptom("adherence to the medicine schedule")
    builder.add_symptom("cough")
    builder.add_fact("history.medications", "medication")
    builder.add_fact("history.allergies", "medications", Status.denied)
    assert _symptoms(builder) == [("cough", "present")]
    assert builder.history == {"allergies": [{"status": "denied"}]}


def test_a_true_or_false_result_is_said_as_positive_or_negative() -> None:
    case = _import({"Demographics": "40-year-old man", "History": "He has had a cough for 3 days.",
                    "Symptoms": {"Primary_Symptom": "Cough", "Secondary_Symptoms": []}},
                   tests={"Rapid strep test": {"Result": False}, "Stool occult blood": True})
    assert [(e["name"], e["result"]) for e in case["examinations"]] == [
        ("Rapid strep test", "negative"), ("Stool occult blood", "positive")]


def test_a_diagnosis_name_still_never_enters_the_case() -> None:
    case = _import({"Demographics": "50-year-old woman", "History": "She has had a cough for a week.",
                    "Symptoms": {"Primary_Symptom": "Cough",
                                 "Secondary_Symptoms": ["History of made-up disease in her brother"]}},
                   tests={"Interventions": "treated for made-up disease"})
    assert "made-up disease" not in str(case).lower()


def test_a_symptom_read_from_sexual_history_is_never_the_chief_complaint() -> None:
    builder = CaseBuilder([])
    builder.add_fact("social.sexual_history", "pain during intercourse")
    builder.add_symptom("pelvic pain", duration="3 months")
    assert [s["name"] for s in builder.current_symptoms()] == ["pelvic pain", "pain during intercourse"]


def test_a_wider_wording_that_is_not_kept_adds_no_time() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("bloody diarrhea")
    builder.add_symptom("similar illness with bloody diarrhea", duration="2 weeks")
    assert builder.symptoms == [{"name": "bloody diarrhea", "status": "present"}]


def test_an_onset_a_feeding_habit_or_a_finding_on_an_image_is_never_the_complaint() -> None:
    opening = opening_statement([{"name": "onset of pain while lifting"}, {"name": "formula fed"},
                                 {"name": "collapsed lung", "position": "on the chest X-ray"},
                                 {"name": "chest pain"}], caregiver=False, sex=None)
    assert opening == "Doctor, I've been having chest pain. I'm worried about it."


def test_a_conclusion_a_setting_or_a_medicine_is_no_symptom() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("indicative of a made-up condition")
    builder.add_symptom("during the visit")
    builder.add_symptom("use of an antihistamine for the itch")
    builder.add_symptom("uses reading glasses")
    builder.add_symptom("aching pain during intercourse")
    builder.add_symptom("aching pain during sexual intercourse")
    names = [name for name, _ in _symptoms(builder)]
    assert "aching pain during intercourse" in names and not any("during the" in n or "indicative" in n for n in names)
    assert len([n for n in names if "aching" in n]) == 1
    assert builder.history == {"medications": [{"value": "an antihistamine for the itch", "status": "present"}]}  # a lens is no medicine


def test_a_companion_of_a_patient_of_unknown_sex_speaks_in_grammatical_plural() -> None:
    opening = opening_statement([{"name": "unresponsiveness"}, {"name": "fever"}], caregiver=False, sex=None,
                                companion=True)
    assert opening == ("Doctor, they can't tell you themselves, so I'm speaking for them. They weren't responding. "
                       "They have been having fever. I'm worried.")


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


def test_the_first_history_sentence_dates_the_complaint_only_when_it_speaks_of_it() -> None:
    other = _import({"Demographics": "35-year-old woman",
                     "History": "She and her partner have been saving for a house for 3 years. She has a rash.",
                     "Symptoms": {"Primary_Symptom": "Itchy rash on the arms", "Secondary_Symptoms": []}})
    assert other["symptoms"][0]["duration"] is None
    same = _import({"Demographics": "35-year-old woman",
                    "History": "She has been feeling sad for 2 months.",
                    "Symptoms": {"Primary_Symptom": "Persistent sadness", "Secondary_Symptoms": []}})
    assert same["symptoms"][0]["duration"] == "2 months"
