"""Episodes that ended and the time of the complaint (issue 16): an episode that lasted seconds or
minutes and is over is told as over, an ending of another symptom is not, and the first history
sentence dates only the complaint items it names. Made-up case fields, never a source text."""

from __future__ import annotations

from tod.records.agentclinic import episode_ended
from tod.records.phrases import find_duration

from record_support import imported_case


def test_an_episode_that_ended_is_told_as_over_in_lay_words() -> None:
    case = imported_case({"Demographics": "70-year-old woman",
                          "History": "She had sudden-onset blurry vision in one eye that lasted 5 minutes. "
                                     "She is now back to normal.",
                          "Symptoms": {"Primary_Symptom": "Sudden-onset blurry vision", "Secondary_Symptoms": []}})
    assert case["opening_statement"] == ("Doctor, I had an episode of blurry vision in one eye. It's over now, but I'm "
                                         "worried about it.")


def test_a_patient_told_of_passing_out_who_came_round_says_it_is_over() -> None:
    case = imported_case({"Demographics": "30-year-old man",
                          "History": "He fainted at a party. He regained consciousness within a minute.",
                          "Symptoms": {"Primary_Symptom": "Loss of consciousness",
                                       "Secondary_Symptoms": ["Regained consciousness quickly"]}})
    assert case["opening_statement"] == ("Doctor, I don't remember much of it, but I'm told I passed out. "
                                         "I came round afterwards, but I'm worried about it.")


def test_an_episode_length_or_the_time_since_birth_is_no_duration() -> None:
    assert find_duration("Episodes lasting 2\u20133 minutes have occurred over the past week") == "a week"
    assert find_duration("The baby was born four days ago and is feeding poorly") is None


def test_the_first_history_sentence_dates_the_complaint_only_when_it_speaks_of_it() -> None:
    other = imported_case({"Demographics": "35-year-old woman",
                           "History": "She and her partner have been saving for a house for 3 years. She has a rash.",
                           "Symptoms": {"Primary_Symptom": "Itchy rash on the arms", "Secondary_Symptoms": []}})
    assert other["symptoms"][0]["duration"] is None
    same = imported_case({"Demographics": "35-year-old woman",
                          "History": "She has been feeling sad for 2 months.",
                          "Symptoms": {"Primary_Symptom": "Persistent sadness", "Secondary_Symptoms": []}})
    assert same["symptoms"][0]["duration"] == "2 months"


def test_an_ending_said_of_another_symptom_leaves_the_complaint_ongoing() -> None:
    history = "She has had loss of vision in her left eye for 2 days. Her headache from last week has resolved."
    assert not episode_ended(history, "Loss of vision")
    case = imported_case({"Demographics": "50-year-old woman", "History": history,
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
    case = imported_case({"Demographics": "62-year-old man", "History": history,
                          "Symptoms": {"Primary_Symptom": "Vertigo", "Secondary_Symptoms": []}})
    assert "It's over now" in case["opening_statement"]


def test_the_first_sentence_dates_only_the_complaint_items_it_names_when_another_has_its_own_time() -> None:
    case = imported_case({"Demographics": "50-year-old man",
                          "History": "He has had tiredness for a year. "
                                     "He has also noticed weight loss over the past 3 months.",
                          "Symptoms": {"Primary_Symptom": "Tiredness and weight loss", "Secondary_Symptoms": []}})
    durations = {s["name"]: s["duration"] for s in case["symptoms"]}
    assert durations == {"tiredness": "a year", "weight loss": "3 months"}
    assert "It's been going on for a year." in case["opening_statement"]
    assert "weight loss" not in case["opening_statement"].split("a year.")[0]


def test_a_complaint_item_no_other_sentence_dates_keeps_the_first_sentence_time() -> None:
    case = imported_case({"Demographics": "50-year-old man", "History": "He has had tiredness and itching for a year.",
                          "Symptoms": {"Primary_Symptom": "Tiredness and itching", "Secondary_Symptoms": []}})
    assert [s["duration"] for s in case["symptoms"]] == ["a year", "a year"]


def test_a_symptom_its_own_sentence_says_is_over_is_not_told_as_going_on() -> None:
    case = imported_case({"Demographics": "6-year-old boy",
                          "History": "He has been tired for 2 days. Last week he had belly cramps, vomiting, and loose "
                                     "stools, which have since resolved. He has a cough.",
                          "Symptoms": {"Primary_Symptom": "Tiredness, vomiting and cough",
                                       "Secondary_Symptoms": ["Vomiting", "Cough"]}})
    opening = case["opening_statement"]
    assert "vomiting" not in opening and "cough" in opening
    assert "vomiting" in [s["name"] for s in case["symptoms"]]


def test_a_single_episode_that_lasted_seconds_or_minutes_is_over() -> None:
    assert episode_ended("", "Absence seizure lasting for 20 seconds")
    assert episode_ended("She had an episode of slurred speech that lasted about 5 minutes.", "Slurred speech")
    assert episode_ended("He was confused this morning. He is now at his baseline.", "Confusion")


def test_recurring_episodes_of_minutes_and_a_length_of_another_symptom_are_not_an_ending() -> None:
    assert not episode_ended("He has recurrent episodes of staring lasting 2-3 minutes each.", "Staring spells")
    assert not episode_ended("She has morning stiffness lasting about 40 minutes.", "Morning stiffness")
    assert not episode_ended("He has had knee pain for a year. A nosebleed lasted 10 minutes.", "Knee pain")


def test_an_episode_of_all_the_symptoms_that_lasted_minutes_is_over() -> None:
    history = ("The patient felt the floor tilting, with two bouts of retching. The symptoms began while he was "
               "reading and lasted for about 2 minutes.")
    assert episode_ended(history, "Sudden tilting of the floor")
    assert not episode_ended("The symptoms began while he was reading and have lasted 2 days.", "Tilting of the floor")


def test_feeling_at_baseline_again_ends_the_episode() -> None:
    assert episode_ended("She had a spell of slurred speech this morning. She currently feels at her baseline.",
                         "Slurred speech")
