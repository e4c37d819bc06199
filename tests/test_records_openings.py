"""The opening statement of an imported record (issue 16): it states the presenting complaint,
never a lifestyle item, a finding, a diagnosis or an ended episode, and says stopped and
negated behaviours with a verb. Made-up case fields and vignette sentences, never a source text."""

from __future__ import annotations

from tod.records.builder import CaseBuilder
from tod.records.opening import opening_statement

from record_support import imported_case, symptom_names


def test_lifestyle_items_stressors_and_lab_results_are_never_the_complaint() -> None:
    opening = opening_statement([{"name": "attempts to lose weight"}, {"name": "more exercise"},
                                 {"name": "stress about exams"}, {"name": "elevated creatinine levels"},
                                 {"name": "knee pain", "duration": "2 weeks"}], caregiver=False, sex="female")
    assert opening == "Doctor, I've been having knee pain. It's been going on for 2 weeks. I'm worried about it."


def test_a_case_whose_only_symptom_is_a_measured_finding_opens_with_the_visit_reason() -> None:
    case = imported_case({"Demographics": "6-year-old boy", "History": "The boy is brought in for a routine check-up.",
                          "Symptoms": {"Primary_Symptom": "High blood pressure in the left arm",
                                       "Secondary_Symptoms": []}})
    assert case["opening_statement"] == "Doctor, I've brought my son in for a routine check-up."


def test_the_same_complaint_is_said_once_in_an_opening() -> None:
    opening = opening_statement([{"name": "confusion with confusion"}, {"name": "cough"}], caregiver=False, sex=None)
    assert opening == "Doctor, I've been having confusion and cough. I'm worried about it."


def test_a_diagnosis_name_still_never_enters_the_case() -> None:
    case = imported_case({"Demographics": "50-year-old woman", "History": "She has had a cough for a week.",
                          "Symptoms": {"Primary_Symptom": "Cough",
                                       "Secondary_Symptoms": ["History of made-up disease in her brother"]}},
                   tests={"Interventions": "treated for made-up disease"})
    assert "made-up disease" not in str(case).lower()


def test_a_symptom_read_from_sexual_history_is_never_the_chief_complaint() -> None:
    builder = CaseBuilder([])
    builder.add_fact("social.sexual_history", "pain during intercourse")
    builder.add_symptom("pelvic pain", duration="3 months")
    assert [s["name"] for s in builder.current_symptoms()] == ["pelvic pain", "pain during intercourse"]


def test_an_onset_a_feeding_habit_or_a_finding_on_an_image_is_never_the_complaint() -> None:
    opening = opening_statement([{"name": "onset of pain while lifting"}, {"name": "formula fed"},
                                 {"name": "collapsed lung", "position": "on the chest X-ray"},
                                 {"name": "chest pain"}], caregiver=False, sex=None)
    assert opening == "Doctor, I've been having chest pain. I'm worried about it."


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


def test_a_patient_unaware_of_the_complaint_tells_what_others_said() -> None:
    opening = opening_statement([{"name": "unresponsiveness"}, {"name": "fever", "duration": "2 days"}],
                                caregiver=False, sex="male")
    assert opening.startswith("Doctor, I don't remember much of it, but I'm told I wasn't responding. I've been having "
                              "fever.")
    assert "unresponsiveness" not in opening
    assert opening_statement([{"name": "syncope"}], caregiver=False, sex=None) == (
        "Doctor, I don't remember much of it, but I'm told I passed out. I'm worried about it.")


def test_openings_say_stopped_and_negated_behaviours_with_a_verb() -> None:
    stopped = opening_statement([{"name": "low mood", "status": "present"},
                                 {"name": "stopped going to choir practice", "status": "present"}],
                                caregiver=False, sex="female")
    assert "I've stopped going to choir practice" in stopped
    negated = opening_statement([{"name": "vomiting", "status": "present"},
                                 {"name": "not passing stool", "status": "present"}], caregiver=True, sex="male")
    assert "he has not been passing stool" in negated
    noun = opening_statement([{"name": "cough", "status": "present"},
                              {"name": "not much appetite", "status": "present"}], caregiver=False, sex="male")
    assert "been not much" not in noun


def test_an_agentclinic_opening_states_the_presenting_complaint_not_the_secondary_signs() -> None:
    case = imported_case({"Demographics": "50-year-old woman", "History": "She has had a sore on her shin for 3 weeks.",
                    "Symptoms": {"Primary_Symptom": "Painful sore on the shin",
                                 "Secondary_Symptoms": ["Sore has a raised purple edge", "Swollen ankles"]}})
    opening = case["opening_statement"]
    assert "sore" in opening and "purple" not in opening and "ankles" not in opening
    assert "swollen ankles" in symptom_names(case)  # kept for the doctor to ask about


def test_an_agentclinic_opening_falls_back_to_all_symptoms_when_the_primary_is_no_complaint() -> None:
    case = imported_case({"Demographics": "40-year-old man", "History": "He was referred by his dentist.",
                    "Symptoms": {"Primary_Symptom": "Decreased bowel sounds",
                                 "Secondary_Symptoms": ["Belly pain"]}})
    assert "belly pain" in case["opening_statement"]
