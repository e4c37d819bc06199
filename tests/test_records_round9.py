"""Import rules of round 9 (issue 16): past-tense behaviours, transfusions, descent and facts
kept twice, each pinned with a made-up sentence, never a source text."""

from __future__ import annotations

from tod.records.builder import CaseBuilder
from tod.records.model import Status
from tod.records.symptom_names import behaviour_phrases
from tod.records.vignette import read_vignette


def _read(text: str) -> tuple[dict, CaseBuilder]:
    """The case read from a vignette, and its builder (warnings, unrouted count)."""
    builder = read_vignette(text, leak_terms=[]).builder
    return builder.case("x"), builder


def _values(case: dict, section: str, field: str) -> list[tuple[str | None, str]]:
    return [(f.get("value"), f["status"]) for f in case[section][field]]


def test_a_past_behaviour_towards_another_is_a_gerund_phrase_without_its_time() -> None:
    assert behaviour_phrases("He hit a classmate last week") == ["hitting a classmate"]
    assert behaviour_phrases("She kicked the family dog twice") == ["kicking the family dog"]
    assert behaviour_phrases("He bit his younger brother") == ["biting his younger brother"]


def test_a_past_injury_or_event_is_no_behaviour() -> None:
    assert behaviour_phrases("He hit his head on the table") == []  # his own body part: an injury
    assert behaviour_phrases("She walked to the bakery") == []  # no behaviour verb


def test_past_behaviours_of_a_history_part_are_present_symptoms() -> None:
    case, builder = _read("A 6-year-old boy is brought in for aggression. He punched a girl at the playground "
                          "yesterday. He threw a chair at his teacher.")
    names = [s["name"] for s in case["symptoms"] if s["status"] == "present"]
    assert "punching a girl at the playground" in names
    assert "throwing a chair at his teacher" in names
    assert builder.unrouted == 0


def test_a_received_transfusion_is_a_procedure_and_its_denial_is_no_symptom() -> None:
    case, _ = _read("A 40-year-old man has a cough. He received a blood transfusion last year.")
    assert _values(case, "history", "trauma_surgery") == [("blood transfusion", "present")]
    assert not case["history"].get("medications")
    case, _ = _read("A 35-year-old woman has a fever. She denies any history of blood transfusions or travel.")
    assert ("blood transfusions", "denied") in _values(case, "history", "trauma_surgery")
    assert all("transfusion" not in s["name"] for s in case["symptoms"])


def test_descent_in_the_subject_is_kept_as_an_unrouted_clause() -> None:
    _, builder = _read("A 30-year-old woman of South Asian descent presents with a painful rash on her arm.")
    assert builder.unrouted == 1
    assert any("South Asian descent" in w for w in builder.warnings)


def test_a_history_value_held_by_a_longer_one_of_the_same_list_is_one_fact() -> None:
    builder = CaseBuilder(leak_terms=[])
    builder.add_symptom("cough")
    builder.add_fact("history.trauma_surgery", "knee arthroscopy")
    builder.add_fact("history.trauma_surgery", "knee arthroscopy for a torn meniscus")
    builder.add_fact("history.medications", "lisinopril")
    builder.add_fact("history.medications", "lisinopril and aspirin")  # one word: never merged this way
    case = builder.case("x")
    assert _values(case, "history", "trauma_surgery") == [("knee arthroscopy for a torn meniscus", "present")]
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


def test_a_medication_that_mentions_an_injury_stays_a_medication() -> None:
    case, _ = _read("A 20-year-old man has knee pain. He has been taking large amounts of naproxen for pain from "
                    "minor sports injuries.")
    assert [v for v, _ in _values(case, "history", "medications") if "naproxen" in (v or "")]
    assert not case["history"].get("trauma_surgery")
