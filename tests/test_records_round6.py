"""Import rules of round 6 (issue 16, CRAFT-MD): each pinned with a made-up vignette sentence,
never a source text."""

from __future__ import annotations

from tod.records.phrases import split_items
from tod.records.routing import route_clause
from tod.records.symptom_names import verb_phrase_symptom
from tod.records.vignette import exam_results, read_vignette


def _case(text: str) -> dict:
    return read_vignette(text, leak_terms=[]).builder.case("x")


def _names(case: dict) -> list[str]:
    return [s["name"] for s in case["symptoms"] if s["status"] == "present"]


def _history(case: dict, field: str) -> list[tuple[str | None, str | None]]:
    return [(f["value"], f.get("detail")) for f in case["history"].get(field, [])]


def _facts(clause: str) -> list[tuple[str, str | None, str, str | None]]:
    routing = route_clause(clause, default=None)
    assert not routing.unrouted, routing.unrouted
    return [(f.field, f.value, f.status.value, f.detail) for f in routing.facts]


def test_a_behaviour_in_the_simple_past_is_a_gerund_symptom() -> None:
    assert verb_phrase_symptom("vomited three times") == "vomiting three times"
    assert verb_phrase_symptom("stole a bicycle") == "stealing a bicycle"
    assert verb_phrase_symptom("walked to the bus") is None  # an event, not a symptom
    assert verb_phrase_symptom("hit his elbow") is None  # an injury's cause, not a behaviour
    case = _case("A 7-year-old girl is brought in for a rash. She vomited three times. She walked to the bus.")
    assert _names(case) == ["rash", "vomiting three times"]


def test_coordinated_present_tense_behaviours_are_separate_symptoms() -> None:
    assert verb_phrase_symptom("bites the dog and insults his uncle") == "biting the dog and insulting his uncle"
    case = _case("A 10-year-old boy is brought in for behaviour problems. He bites his sister and threatens neighbours.")
    assert _names(case) == ["behaviour problems", "biting my sister", "threatening neighbours"]


def test_a_report_verb_inside_a_complaint_list_is_not_part_of_a_name() -> None:
    case = _case("A 44-year-old man presents with hip pain, and also reports buzzing in the ears and a dry cough.")
    names = _names(case)
    assert "dry cough" in names
    assert not any(name.startswith(("reports", "also")) for name in names), names


def test_both_before_a_pair_is_no_part_of_its_first_item() -> None:
    assert split_items("both nausea and dizziness") == ["nausea", "dizziness"]
    assert split_items("fever, both nausea and dizziness") == ["fever", "nausea", "dizziness"]
    assert split_items("pain in both wrists") == ["pain in both wrists"]


def test_an_illness_weeks_before_is_past_history_with_its_time() -> None:
    case = _case("A 25-year-old man presents with a rash. He had an ear infection 5 weeks ago.")
    assert _names(case) == ["rash"]
    assert _history(case, "past_diagnoses") == [("ear infection", "5 weeks ago")]
    still = _case("A 25-year-old man presents with a rash. He had a cough 5 weeks ago that has persisted.")
    assert "cough" in _names(still)  # still there: a symptom


def test_a_condition_held_for_a_length_of_time_keeps_it_as_detail() -> None:
    case = _case("A 61-year-old woman presents with a headache. She has had asthma for 12 years. "
                 "She has a 4-year history of gout. She plays tennis twice a week.")
    assert _history(case, "past_diagnoses") == [("asthma", "for 12 years"), ("gout", "for 4 years")]


def test_a_dated_history_in_the_subject_is_not_the_complaint() -> None:
    case = _case("A 58-year-old man with a 6-year history of gout presents with a 3-day history of sore throat.")
    assert _names(case) == ["sore throat"]
    assert case["symptoms"][0]["duration"] == "3 days"
    assert _history(case, "past_diagnoses") == [("gout", None)]


def test_supportive_care_is_current_treatment_not_a_medication() -> None:
    case = _case("A 70-year-old man presents with a cough. He takes aspirin and uses home oxygen. He receives tube feeds.")
    assert _history(case, "medications") == [("aspirin", None)]
    assert _history(case, "current_treatment") == [("home oxygen", None), ("tube feeds", None)]


def test_a_treatment_that_did_not_help_keeps_its_outcome() -> None:
    assert _facts("Naproxen did not help") == [("history.medications", "naproxen", "present", "did not help")]
    assert _facts("Antacids have not relieved the pain") == [
        ("history.medications", "antacids", "present", "have not relieved the pain")]
    assert route_clause("The cough did not improve", default=None).facts == []  # no treatment named


def test_a_body_part_with_examiner_signs_is_an_examination_finding() -> None:
    case = _case("A 35-year-old woman presents with wrist pain. Her right wrist is swollen and tender to palpation.")
    assert case["examinations"] == [{"name": "physical examination", "category": "physical_exam",
                                     "result": "The right wrist is swollen and tender to palpation"}]
    assert _names(case) == ["wrist pain"]


def test_two_tests_with_their_own_results_are_two_examinations() -> None:
    assert exam_results("An ultrasound shows a small cyst, and an MRI of the pelvis shows no mass") == [
        ("ultrasound", "a small cyst"), ("MRI of the pelvis", "no mass")]
    assert exam_results("Auscultation shows wheezes and crackles") == [("Auscultation", "wheezes and crackles")]


def test_a_trigger_stated_after_a_complaint_is_its_aggravating_factor() -> None:
    case = _case("A 52-year-old man presents with calf pain when climbing stairs and wrist swelling after falling on ice.")
    calf = case["symptoms"][0]
    assert (calf["name"], calf["aggravating_factors"]) == ("calf pain", ["climbing stairs"])
    assert all(not s.get("aggravating_factors") for s in case["symptoms"][1:])  # a fall is the cause, no trigger
    lying = _case("A 52-year-old man presents with a cough when lying flat.")["symptoms"][0]
    assert lying == {"name": "cough", "status": "present", "aggravating_factors": ["lying flat"]}  # no shape "flat"


def test_a_complaint_after_a_relative_clause_is_kept() -> None:
    case = _case("A 40-year-old woman presents with headaches that began in spring, and blurred vision.")
    assert _names(case) == ["headaches", "blurred vision"]
    rash = _case("A 40-year-old woman presents with a rash that spread to the arms, neck, and shins.")
    assert _names(rash) == ["rash"]  # a body part of the spread, no complaint


def test_relief_with_a_position_is_no_aggravating_factor() -> None:
    case = _case("A 52-year-old man presents with chest pain and pain alleviation when leaning forward.")
    assert all(not s.get("aggravating_factors") for s in case["symptoms"]), case["symptoms"]


def test_reports_of_a_symptom_stays_a_named_complaint() -> None:
    case = _case("A 52-year-old woman presents with fatigue and reports of dizziness.")
    assert _names(case) == ["fatigue", "reports of dizziness"]  # not cut to "of dizziness" and dropped


def test_an_onset_with_its_setting_stays_one_name() -> None:
    case = _case("A 30-year-old woman presents with back pain and onset of pain while running.")
    assert "onset of pain while running" in _names(case)
    assert all(not s.get("aggravating_factors") for s in case["symptoms"]), case["symptoms"]
