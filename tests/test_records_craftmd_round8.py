"""Import rules of round 8 (issue 16, CRAFT-MD): behaviours told as narrative and past events,
each pinned with a made-up vignette sentence, never a source text."""

from __future__ import annotations

from tod.records.routing import route_clause
from tod.records.symptom_names import behaviour_phrases
from tod.records.vignette import read_vignette


def _read(text: str) -> tuple[dict, int]:
    """The case read from a vignette and its count of unrouted clauses."""
    builder = read_vignette(text, leak_terms=[]).builder
    return builder.case("x"), builder.unrouted


def _present(case: dict) -> list[str]:
    return [s["name"] for s in case["symptoms"] if s["status"] == "present"]


def _facts(clause: str) -> list[tuple[str, str | None, str | None]]:
    routing = route_clause(clause, default=None)
    assert not routing.unrouted, routing.unrouted
    return [(f.field, f.value, f.detail) for f in routing.facts]


def test_a_behaviour_with_any_verb_but_a_chart_verb_is_a_gerund_phrase() -> None:
    assert behaviour_phrases("He has been whispering to the lamp posts") == ["whispering to the lamp posts"]
    assert behaviour_phrases("She hugs strangers in the street") == ["hugging strangers in the street"]
    assert behaviour_phrases("She suspects that the neighbour reads her mail") == ["suspecting the neighbour reads her mail"]


def test_a_list_of_behaviours_gives_one_phrase_per_verb_with_its_negation() -> None:
    assert behaviour_phrases("He mocks the coach, kicks doors and does not finish his homework") == [
        "mocking the coach", "kicking doors", "not finishing his homework"]


def test_chart_verbs_other_people_and_bare_adverbs_are_no_behaviour() -> None:
    assert behaviour_phrases("He wears hearing aids") == []  # a chart verb
    assert behaviour_phrases("She takes no medications") == []
    assert behaviour_phrases("She is being observed on the ward") == []  # the progressive of a chart verb
    assert behaviour_phrases("His brother collects stamps") == []  # another person
    assert behaviour_phrases("She dresses well") == []  # no object
    assert behaviour_phrases("He reads fluently") == []
    assert behaviour_phrases("The symptoms worsen at night") == []  # no patient subject


def test_a_narrated_behaviour_in_the_history_is_a_present_symptom() -> None:
    case, unrouted = _read("A 40-year-old man is brought in by his brother for odd behaviour. "
                           "He has been whispering to the lamp posts. He hugs strangers in the street.")
    assert {"whispering to the lamp posts", "hugging strangers in the street"} <= set(_present(case))
    assert unrouted == 0


def test_a_behaviour_sentence_in_the_findings_is_no_symptom() -> None:
    case, _ = _read("A 40-year-old man is brought in for odd behaviour. On examination, he mumbles to himself "
                    "and avoids eye contact.")
    assert not any(name.startswith("mumbling") for name in _present(case))
    assert case["examinations"]


def test_a_hospital_stay_is_past_history_with_its_reason_and_time() -> None:
    assert _facts("She was hospitalized for asthma 2 years ago") == [
        ("history.past_diagnoses", "hospital stay for asthma", "2 years ago")]
    assert _facts("He was discharged 5 days ago after IV fluids") == [
        ("history.past_diagnoses", "hospital stay after IV fluids", "5 days ago")]


def test_an_admission_without_a_time_is_this_illness_not_a_past_event() -> None:
    assert route_clause("She was admitted to the ICU", default=None).facts == []


def test_an_illness_dated_months_or_years_back_is_past_history() -> None:
    assert _facts("He had a febrile seizure 3 years ago") == [
        ("history.past_diagnoses", "febrile seizure", "3 years ago")]
    assert route_clause("He had a fever 2 days ago", default=None).facts == []  # days back: this illness


def test_a_behaviour_of_a_person_of_the_other_sex_is_not_the_patients() -> None:
    case, _ = _read("A 30-year-old woman comes in for trouble sleeping. Her partner moved in last month. "
                    "He leaves wet towels on the floor.")
    assert not any(name.startswith("leaving") for name in _present(case))
