"""Import rules of round 9b (issue 16): behaviours that stopped, negated behaviours in symptom
lists and the openings that say them, each pinned with a made-up sentence, never a source text."""

from __future__ import annotations

from tod.records.builder import CaseBuilder
from tod.records.narrative import symptom_items
from tod.records.opening import opening_statement
from tod.records.symptom_names import is_fragment, stopped_behaviour
from tod.records.vignette import read_vignette

from record_support import imported_case


def _read(text: str) -> tuple[dict, CaseBuilder]:
    """The case read from a vignette, and its builder (warnings, unrouted count)."""
    builder = read_vignette(text, leak_terms=[]).builder
    return builder.case("x"), builder


def _symptoms(case: dict, status: str = "present") -> list[str]:
    return [s["name"] for s in case["symptoms"] if s["status"] == status]


def test_a_stopped_behaviour_is_named_as_the_patient_says_it() -> None:
    assert stopped_behaviour("stopped going to her chess club 3 weeks ago") == "stopped going to chess club 3 weeks ago"
    assert stopped_behaviour("has stopped visiting the library because of the noise") == "stopped visiting the library"
    assert stopped_behaviour("no longer walks his dog") == "no longer walking dog"
    assert stopped_behaviour("used to enjoy knitting, but now watches TV") == "loss of interest in knitting"


def test_a_stopped_habit_or_treatment_is_no_behaviour() -> None:
    assert stopped_behaviour("stopped smoking 5 years ago") is None
    assert stopped_behaviour("stopped taking her inhaler") is None
    assert stopped_behaviour("no longer has a headache") is None  # a symptom gone, no behaviour
    assert stopped_behaviour("stopped following a stroke") is None  # "following" is a preposition here
    assert stopped_behaviour("stopped running as much as before") == "stopped running as much as before"


def test_stopped_behaviours_are_present_symptoms_and_habits_stay_history() -> None:
    case, builder = _read("A 16-year-old girl is brought in because of sadness. She stopped going to her choir "
                          "practice 3 weeks ago. She no longer meets her friends. She used to enjoy painting. "
                          "She stopped drinking coffee last year.")
    names = _symptoms(case)
    assert "stopped going to choir practice" in names
    assert "no longer meeting friends" in names
    assert "loss of interest in painting" in names
    assert not any("coffee" in n for n in names)
    assert not _symptoms(case, "denied")  # "no longer" is no denial
    assert builder.unrouted == 0


def test_a_negated_behaviour_in_a_symptom_list_is_kept() -> None:
    case, _ = _read("A 9-year-old boy is brought in because of poor grades. He has irritability, not doing his "
                    "homework, and stomach aches.")
    assert "not doing homework" in _symptoms(case) or "not doing his homework" in _symptoms(case)
    assert not is_fragment("not doing his homework")


def test_a_negated_item_that_is_no_behaviour_stays_denied() -> None:
    case, _ = _read("A 40-year-old man comes because of cough. He has no fever.")
    assert "fever" in _symptoms(case, "denied")
    assert "fever" not in _symptoms(case)


def test_an_item_of_a_placed_list_that_reads_as_no_symptom_is_counted_unrouted() -> None:
    _, builder = _read("A 30-year-old woman comes because of a rash. Since then she has had itching and "
                       "numerous pending papers.")
    assert builder.unrouted >= 1


def test_openings_say_stopped_and_negated_behaviours_with_a_verb() -> None:
    stopped = opening_statement([{"name": "low mood", "status": "present"},
                                 {"name": "stopped going to choir practice", "status": "present"}],
                                caregiver=False, sex="female")
    assert "I've stopped going to choir practice" in stopped
    negated = opening_statement([{"name": "vomiting", "status": "present"},
                                 {"name": "not passing stool", "status": "present"}], caregiver=True, sex="male")
    assert "he has been not passing stool" in negated
    noun = opening_statement([{"name": "cough", "status": "present"},
                              {"name": "not much appetite", "status": "present"}], caregiver=False, sex="male")
    assert "been not much" not in noun


# ------------------------------------------------------------------ chart wording (CRAFT-MD)

def test_a_reporting_word_before_a_list_item_is_no_part_of_its_name() -> None:
    names = [item["name"] for item in symptom_items("low mood, specifically noting poor sleep, and headaches")]
    assert names == ["low mood", "poor sleep", "headaches"]
    names = [item["name"] for item in symptom_items("cough, father reports poor appetite")]
    assert names == ["cough", "poor appetite"]
    kept = [item["name"] for item in symptom_items("complaining that she cannot sleep")]
    assert not any(name == "she cannot sleep" for name in kept)  # a reported clause is left whole


def test_an_adjective_restating_a_recorded_symptom_noun_is_one_symptom() -> None:
    case, _ = _read("A 30-year-old man presents with anxiety. He says that he has been anxious, mostly at work. "
                    "He also reports poor sleep.")
    assert _symptoms(case)[:1] == ["anxiety"]
    assert "anxious" not in _symptoms(case)


# ------------------------------------------------------------------ AgentClinic openings

def test_an_agentclinic_opening_states_the_presenting_complaint_not_the_secondary_signs() -> None:
    case = imported_case({"Demographics": "50-year-old woman", "History": "She has had a sore on her shin for 3 weeks.",
                    "Symptoms": {"Primary_Symptom": "Painful sore on the shin",
                                 "Secondary_Symptoms": ["Sore has a raised purple edge", "Swollen ankles"]}})
    opening = case["opening_statement"]
    assert "sore" in opening and "purple" not in opening and "ankles" not in opening
    assert "swollen ankles" in _symptoms(case)  # kept for the doctor to ask about


def test_an_agentclinic_opening_falls_back_to_all_symptoms_when_the_primary_is_no_complaint() -> None:
    case = imported_case({"Demographics": "40-year-old man", "History": "He was referred by his dentist.",
                    "Symptoms": {"Primary_Symptom": "Decreased bowel sounds",
                                 "Secondary_Symptoms": ["Belly pain"]}})
    assert "belly pain" in case["opening_statement"]


def test_an_entry_found_on_examination_is_an_examination_result_not_a_symptom() -> None:
    case = imported_case({"Demographics": "2-day-old girl", "History": "The baby was born at home.",
                    "Symptoms": {"Primary_Symptom": "Poor feeding",
                                 "Secondary_Symptoms": ["Pale patches on the back noted on examination"]},
                    "Review_of_Systems": "Physical examination shows wide-set eyes and a short neck."})
    assert not any("patches" in n or "wide-set" in n or "neck" in n for n in _symptoms(case))
    results = " ".join(e["result"] for e in case["examinations"])
    assert "Pale patches on the back" in results and "wide-set eyes" in results
    assert "patches" not in case["opening_statement"]
