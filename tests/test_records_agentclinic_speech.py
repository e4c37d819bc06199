"""Who speaks for an imported AgentClinic patient and in which words (issue 16): a companion for
a patient who cannot speak, lay nouns said once, "both sides" for bilateral, and a position only
for the words a name lacks. Made-up case fields, never a source text."""

from __future__ import annotations

from typing import Any

import pytest

from tod.records.agentclinic import cannot_speak
from tod.records.opening import opening_statement

from record_support import imported_case


def test_a_patient_who_cannot_speak_is_spoken_for_by_a_companion_in_lay_words() -> None:
    case = imported_case({"Demographics": "60-year-old man",
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
    case = imported_case({"Demographics": "3-year-old girl", "History": "She is obtunded on arrival.",
                          "Symptoms": {"Primary_Symptom": "Fever", "Secondary_Symptoms": []}})
    assert case["opening_statement"].startswith("Doctor, my daughter has been having fever")


def test_a_companion_of_a_patient_of_unknown_sex_speaks_in_grammatical_plural() -> None:
    opening = opening_statement([{"name": "unresponsiveness"}, {"name": "fever"}], caregiver=False, sex=None,
                                companion=True)
    assert opening == ("Doctor, they can't tell you themselves, so I'm speaking for them. They weren't responding. "
                       "They have been having fever. I'm worried.")


def test_a_lay_noun_said_again_later_in_the_phrase_is_said_once() -> None:
    opening = opening_statement([{"name": "productive cough with purulent sputum", "duration": "5 days"}],
                                caregiver=False, sex="male")
    assert opening.startswith("Doctor, I've been having cough with pus-like phlegm.")
    assert opening_statement([{"name": "rash with blisters"}], caregiver=False, sex=None).count("blisters") == 1


@pytest.mark.parametrize(("symptom", "said"), [
    ({"name": "itchy rash", "position": "the bilateral upper extremities"}, "itchy rash on both arms"),
    ({"name": "bilateral wrist"}, "both wrists"),
    ({"name": "bilateral knee pain"}, "knee pain on both sides"),
])
def test_bilateral_is_said_where_a_patient_says_both_sides(symptom: dict[str, Any], said: str) -> None:
    opening = opening_statement([symptom], caregiver=False, sex="female")
    assert opening.startswith(f"Doctor, I've been having {said}.")
    assert "the on both" not in opening


@pytest.mark.parametrize(("symptom", "said"), [
    ({"name": "sharp right hip pain", "position": "the right hip area following the fall"}, "sharp right hip pain."),
    ({"name": "redness of the toes", "position": "the toes causing pain"}, "redness of the toes."),
    ({"name": "morning stiffness lasting about", "position": "my joints lasting about"},
     "morning stiffness in my joints."),
    ({"name": "knee pain", "position": "the right knee"}, "knee pain in the right knee."),
])
def test_a_position_is_said_only_for_the_words_the_name_lacks(symptom: dict[str, Any], said: str) -> None:
    assert opening_statement([symptom], caregiver=False, sex="male").startswith(f"Doctor, I've been having {said}")
