"""Import rules of round 7 (issue 16, CRAFT-MD): each pinned with a made-up vignette sentence,
never a source text."""

from __future__ import annotations

from tod.records.phrases import reported_clause
from tod.records.routing import route_clause, split_clauses
from tod.records.vignette import read_vignette


def _read(text: str) -> tuple[dict, int]:
    """The case read from a vignette and its count of unrouted clauses."""
    builder = read_vignette(text, leak_terms=[]).builder
    return builder.case("x"), builder.unrouted


def _names(case: dict) -> list[str]:
    return [s["name"] for s in case["symptoms"] if s["status"] == "present"]


def _facts(clause: str) -> list[tuple[str, str | None, str]]:
    routing = route_clause(clause, default=None)
    assert not routing.unrouted, routing.unrouted
    return [(f.field, f.value, f.status.value) for f in routing.facts]


def test_reported_clause_strips_the_speakers_frame_only() -> None:
    assert reported_clause("She states that the blister does not hurt") == "the blister does not hurt"
    assert reported_clause("His father claims that he kicks the furniture") == "kicks the furniture"
    assert reported_clause("She has a blister") is None  # a bare subject is no frame
    assert reported_clause("Her brother smokes") is None  # another person's own statement


def test_a_reported_behaviour_is_read_as_the_patients_own() -> None:
    case, unrouted = _read("A 9-year-old boy is brought in for a cough. His aunt says that he shouts at his classmates.")
    assert "shouting at his classmates" in _names(case)  # a caregiver speaks for a child
    assert unrouted == 0


def test_a_possessed_occupation_noun_is_no_occupation() -> None:
    assert _facts("She is a retired bus driver") == [("demographics.occupation", "retired bus driver", "present")]
    case, _ = _read("A 9-year-old girl is brought in for a cough. She kicks her teachers.")
    assert "occupation" not in case["demographics"]


def test_a_fall_in_school_grades_is_a_complaint() -> None:
    case, unrouted = _read("A 15-year-old boy is brought in for tiredness. His grades have declined.")
    assert "declined grades" in _names(case)
    assert unrouted == 0


def test_blanket_normal_history_in_other_word_orders() -> None:
    denied_history = [("history.past_diagnoses", None, "denied")]
    assert _facts("The man has an otherwise unremarkable past medical history") == denied_history
    assert _facts("She has a medical history that is unremarkable") == denied_history
    assert _facts("Her medical and family histories are unremarkable") == [
        *denied_history, ("history.family_history", None, "denied")]
    assert route_clause("The prenatal and sleep histories are unremarkable", default=None).facts == []


def test_a_blanket_normal_statement_is_a_clause_of_its_own() -> None:
    clauses = split_clauses("The boy's past medical history is noncontributory, and he takes vitamin D daily")
    assert clauses == ["The boy's past medical history is noncontributory", "he takes vitamin D daily"]


def test_no_treatment_tried_is_a_blanket_denial_of_medications() -> None:
    denied = [("history.medications", None, "denied")]
    assert _facts("She has not tried any treatments for the spots") == denied
    assert _facts("He has not taken any medications") == denied
    assert _facts("She has not tried any oral treatments") == denied


def test_being_taken_somewhere_is_no_medication() -> None:
    for clause in ("He was taken to the clinic by his wife", "She has been taken to a shelter"):
        assert all(f.field != "history.medications" for f in route_clause(clause, default=None).facts)


def test_another_persons_negation_is_no_denial_of_the_patient() -> None:
    for clause in ("his mother had no fever during the pregnancy", "Her husband has no history of asthma"):
        routing = route_clause(clause, default="symptoms")
        assert routing.facts == [] and routing.unrouted == [clause]
    assert _facts("She has no history of asthma") == [("history.past_diagnoses", "asthma", "denied")]


def _course(text: str) -> str | None:
    case, _ = _read(f"A 40-year-old man presents with a rash on his arm. {text}")
    return case["symptoms"][0].get("course")


def test_how_a_symptom_began_is_part_of_its_course() -> None:
    assert _course("The rash began on his wrist and has spread to his chest.") == \
        "starting on my wrist, then spreading to my chest"
    assert _course("It started as tiny pink spots that later merged.") == "starting as tiny pink spots"
    assert _course("The rash has spread to his back.") == "spreading to my back"
    assert _course("The rash began when he was 12 years old.") is None  # a time, no form or place
    assert _course("He started on a new cream last week.") is None  # a person starting a treatment


def test_a_symptom_verb_negated_denies_its_symptom() -> None:
    assert _facts("the blisters do not itch or bleed") == [("symptoms", "itching", "denied"), ("symptoms", "bleeding", "denied")]
    assert _facts("The spot does not hurt") == [("symptoms", "pain", "denied")]
    assert route_clause("The cough does not change with meals", default=None).facts == []  # no symptom verb


def test_a_caregiver_who_denies_speaks_for_the_patient() -> None:
    assert _facts("Her parents deny any recent travel") == [("history.exposures", "travel", "denied")]  # a named kind (imports7a)
    assert reported_clause("His wife says that, this week, he has been sleepy") == "this week, he has been sleepy"


def test_treatments_tried_in_the_past_perfect_or_with_to() -> None:
    assert _facts("She has tried to take antihistamines without any improvement") == [
        ("history.medications", "antihistamines", "present")]
    assert _facts("He had tried several moisturizing creams") == [("history.medications", "several moisturizing creams", "present")]
    assert route_clause("He tried to climb a ladder", default=None).facts == []
