"""Import rules of round 10 (issue 16): difficulties with several activities, adverbs after a
linking verb, good-health statements and the category of hearing and memory tests, each pinned
with a made-up sentence, never a source text."""

from __future__ import annotations

from tod.records.builder import exam_category
from tod.records.phrases import split_items
from tod.records.symptom_names import verb_phrase_symptom
from tod.records.vignette import read_vignette

_OPENING = "A 52-year-old woman comes to the clinic because of a sore knee. "


def _case(text: str) -> dict:
    """The case read from a made-up vignette that opens with :data:`_OPENING`."""
    return read_vignette(_OPENING + text, leak_terms=[]).builder.case("x")


def _symptoms(case: dict) -> list[str]:
    return [s["name"] for s in case["symptoms"] if s["status"] == "present"]


def test_a_difficulty_is_shared_by_each_activity_of_its_list() -> None:
    assert split_items("difficulty opening jars, tying shoelaces, and buttoning her coat") == [
        "difficulty opening jars", "difficulty tying shoelaces", "difficulty buttoning her coat"]
    assert split_items("trouble gardening, sewing, and paying rent") == [
        "trouble gardening", "trouble sewing", "trouble paying rent"]


def test_a_symptom_gerund_after_a_difficulty_stays_its_own_symptom() -> None:
    assert split_items("difficulty chewing, vomiting and fever") == ["difficulty chewing", "vomiting", "fever"]
    assert split_items("a painful, burning rash") == ["a painful burning rash"]


def test_a_list_of_difficulties_in_a_vignette_is_kept_as_symptoms() -> None:
    case = _case("She now has difficulty opening jars, tying shoelaces, and buttoning her coat.")
    assert {"difficulty opening jars", "difficulty tying shoelaces"} <= set(_symptoms(case))
    assert any(name.startswith("difficulty buttoning") for name in _symptoms(case))


def test_an_adverb_after_the_linking_verb_keeps_the_feeling() -> None:
    assert verb_phrase_symptom("is also dizzy") == "feeling dizzy"
    assert verb_phrase_symptom("is now lethargic") == "feeling lethargic"
    assert verb_phrase_symptom("is also well") is None
    assert "feeling dizzy" in _symptoms(_case("She is also dizzy."))


def test_a_statement_of_good_health_denies_past_illness() -> None:
    for sentence in ("She is otherwise in good health.", "She has always been in excellent health."):
        history = _case(sentence)["history"]["past_diagnoses"]
        assert [(f.get("value"), f["status"]) for f in history] == [(None, "denied")], sentence


def test_good_health_until_a_time_is_no_denial_of_past_illness() -> None:
    assert not _case("She was in good health until 4 days ago.").get("history", {}).get("past_diagnoses")


def test_hearing_and_memory_tests_are_function_tests() -> None:
    assert exam_category("Rinne test", "air conduction greater than bone conduction") == "other"
    assert exam_category("hearing screening", "failed in the right ear") == "other"
    assert exam_category("physical examination", "Her Montreal Cognitive Assessment score is 21/30") == "other"
    assert exam_category("physical examination", "The MMSE score is 20/30") == "other"


def test_a_generic_examination_with_findings_first_stays_physical() -> None:
    assert exam_category("physical examination", "pale conjunctivae; the MMSE score is 20/30") == "physical_exam"
    assert exam_category("Urine drug screen", "negative") == "lab"


def test_a_difficulty_with_a_subordinate_gerund_shares_no_head() -> None:
    items = split_items("difficulty sleeping despite avoiding coffee and walking daily")
    assert "difficulty walking daily" not in items


def test_an_adverb_of_degree_or_frequency_stays_in_the_feeling() -> None:
    assert verb_phrase_symptom("is constantly tired") == "feeling constantly tired"


def test_a_complaint_in_the_past_few_days_is_a_symptom_not_history() -> None:
    case = _case("She adds that she is also nauseous and vomited twice in the past 3 days.")
    assert "feeling nauseous" in _symptoms(case)
    assert not case.get("history", {}).get("past_diagnoses")


def test_an_event_in_a_recent_span_that_is_no_symptom_stays_history() -> None:
    case = _case("She has been admitted to the hospital twice in the past few months.")
    assert [f["value"] for f in case["history"]["past_diagnoses"]] == ["admitted to the hospital twice"]
