"""Vignette facts the importers used to drop or misfile (issue 16, audit of imports): treatments
that are over, treatments in use, a child's birth history and where the patient lives. Each
rule is pinned with made-up vignette sentences, never a source text."""

from __future__ import annotations

from typing import Any

from tod.records.routing import route_clause
from tod.records.vignette import read_vignette

CHILD = "A 4-year-old boy is brought to the clinic because of a cough."
ADULT = "A 34-year-old woman comes to the clinic because of a cough."


def _read(text: str) -> tuple[dict[str, Any], int]:
    """The case read from a vignette and its count of unrouted clauses."""
    builder = read_vignette(text, leak_terms=[]).builder
    return builder.case("x"), builder.unrouted


def _history(case: dict[str, Any], field: str) -> list[tuple[str, str | None]]:
    return [(f["value"], f.get("detail")) for f in case["history"].get(field, [])]


def _facts(clause: str) -> list[tuple[str, str | None, str | None]]:
    routing = route_clause(clause, default=None)
    assert not routing.unrouted, routing.unrouted
    return [(f.field, f.value, f.detail) for f in routing.facts]


def test_a_treatment_over_years_ago_is_past_history_not_a_current_medication() -> None:
    assert _facts("He was treated with cisplatin and radiation 12 years ago without complications") == [
        ("history.past_diagnoses", "cisplatin", "12 years ago"), ("history.past_diagnoses", "radiation", "12 years ago")]
    assert _facts("She received chemotherapy for leukemia as a child") == [
        ("history.past_diagnoses", "chemotherapy", "as a child"), ("history.past_diagnoses", "leukemia", "as a child")]


def test_a_course_that_treated_a_condition_is_past_history_unless_told_as_ongoing() -> None:
    assert _facts("She has a history of lymphoma treated with radiation") == [
        ("history.past_diagnoses", "lymphoma", None), ("history.past_diagnoses", "radiation", None)]
    assert _facts("He has a history of otitis and sinusitis, which were treated with antibiotics")[-1] == (
        "history.past_diagnoses", "antibiotics", None)
    assert ("history.medications", "antibiotics", None) in _facts("She has a history of acne, currently treated with antibiotics")
    assert ("history.medications", "lisinopril", None) in _facts("He has hypertension treated with lisinopril")


def test_a_recent_finished_course_is_the_treatment_tried_not_a_current_medication() -> None:
    assert _facts("He completed a 7-day course of doxycycline 10 days ago") == [
        ("history.current_treatment", "doxycycline", "10 days ago")]


def test_a_leading_time_dates_a_finished_treatment() -> None:
    case, unrouted = _read(f"{ADULT} Six years ago, she was diagnosed with melanoma and was treated with wide excision "
                           "and interferon. Three days ago, she was treated with cefalexin.")
    assert ("interferon", "Six years ago") in _history(case, "past_diagnoses")
    assert _history(case, "current_treatment") == [("cefalexin", "Three days ago")]
    assert _history(case, "medications") == [] and unrouted == 0


def test_a_treatment_still_taken_stays_a_medication() -> None:
    assert _facts("She is currently receiving monthly infusions of infliximab") == [
        ("history.medications", "monthly infusions of infliximab", None)]
    assert _facts("He was started on metformin 2 years ago") == [("history.medications", "metformin", "2 years ago")]


def test_a_remedy_in_use_is_a_medication_with_its_time_span() -> None:
    assert _facts("She has been using over-the-counter hydrocortisone cream for the past 2 weeks") == [
        ("history.medications", "over-the-counter hydrocortisone cream", "for the past 2 weeks")]
    assert _facts("He is applying petroleum jelly and a zinc ointment") == [
        ("history.medications", "petroleum jelly", None), ("history.medications", "zinc ointment", None)]
    assert route_clause("He applied for a new job", default=None).facts == []


def test_a_childs_birth_history_is_past_history_one_fact_per_clause() -> None:
    case, unrouted = _read(f"{CHILD} He was born at 36 weeks by cesarean section and the neonatal course was "
                           "uneventful. Prenatal care was limited. Apgar scores were 7 and 9.")
    assert [v for v, _ in _history(case, "past_diagnoses")] == [
        "born at 36 weeks by cesarean section", "neonatal course was uneventful", "prenatal care was limited",
        "apgar scores were 7 and 9"]
    assert unrouted == 0


def test_an_adults_pregnancy_is_not_her_birth_history_and_a_birthplace_is_no_history() -> None:
    case, _ = _read(f"{ADULT} Her pregnancy was complicated by preeclampsia. She was born in Portugal.")
    assert _history(case, "past_diagnoses") == []
    assert case["social"]["reproductive_history"]


def test_where_a_child_lives_and_goes_to_school_is_social_history() -> None:
    case, unrouted = _read(f"{CHILD} The family lives in a trailer near a highway. He was adopted at the age of 1. "
                           "He is in second grade. His uncle lives in Ohio.")
    habits = [f["value"] for f in case["social"]["living_habits"]]
    assert habits == ["family lives in a trailer near a highway", "adopted", "in second grade"]
    assert unrouted == 1  # the uncle's home is not the patient's


def test_a_birth_sentence_joined_to_other_statements_is_split_by_the_routing() -> None:
    case, _ = _read(f"{CHILD} He was born at 39 weeks and has been healthy except for recurrent croup. "
                    "He was delivered without complications and is fully immunized.")
    assert [v for v, _ in _history(case, "past_diagnoses")] == [
        "born at 39 weeks", "recurrent croup", "delivered without complications"]
    assert [v for v, _ in _history(case, "vaccinations")] == ["fully immunized"]


def test_a_birth_clause_is_split_at_a_new_subject_not_inside_a_noun_list() -> None:
    case, _ = _read(f"{CHILD} He was born at 33 weeks and pregnancy was complicated by oligohydramnios.")
    assert [v for v, _ in _history(case, "past_diagnoses")] == [
        "born at 33 weeks", "pregnancy was complicated by oligohydramnios"]
    case, _ = _read(f"{CHILD} He was born at term after an uneventful pregnancy and delivery.")
    assert [v for v, _ in _history(case, "past_diagnoses")] == ["born at term after an uneventful pregnancy and delivery"]


def _symptoms(case: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["name"]: s for s in case["symptoms"]}


def test_a_symptom_someone_else_noticed_is_the_patients() -> None:
    case, unrouted = _read(f"{CHILD} His father noticed blood on his pillow. His aunt observed swelling of his ankle.")
    assert "blood on his pillow" in _symptoms(case)
    assert _symptoms(case)["swelling"]["position"] == "his ankle" and unrouted == 0
    case, _ = _read(f"{CHILD} His father noticed that he was limping.")
    assert "limping" in _symptoms(case)


def test_how_a_body_product_looks_is_a_symptom() -> None:
    case, unrouted = _read(f"{CHILD} His parents say that his urine has looked dark for several days.")
    assert _symptoms(case)["dark urine"]["duration"] == "several days" and unrouted == 0
    case, _ = _read(f"{CHILD} Lately, the mother has noticed the boy's stools becoming pale.")
    assert "pale stools" in _symptoms(case)


def test_a_state_one_has_become_is_a_feeling_and_no_name_keeps_become() -> None:
    case, unrouted = _read(f"{ADULT} She has gradually become more withdrawn. She has been becoming more tearful.")
    assert {"feeling more withdrawn", "feeling more tearful"} <= set(_symptoms(case)) and unrouted == 0
    case, _ = _read(f"{ADULT} Her partner believes that she has become increasingly forgetful. Her partner feels tired.")
    assert set(_symptoms(case)) == {"cough", "feeling increasingly forgetful"}
    case, _ = _read(f"{ADULT} She has become a nurse.")
    assert not [name for name in _symptoms(case) if name.startswith("becom")]


def test_a_remedy_a_parent_gives_is_the_childs_medication() -> None:
    assert _facts("His father has been giving him acetaminophen") == [("history.medications", "acetaminophen", None)]
    assert _facts("Her parents gave her ibuprofen 2 days ago") == [("history.current_treatment", "ibuprofen", "2 days ago")]


def test_modifiers_of_one_remedy_each_take_its_head() -> None:
    assert [value for _, value, _ in _facts("She has tried over-the-counter and prescription steroid creams")] == [
        "over-the-counter steroid creams", "prescription steroid creams"]
    assert [value for _, value, _ in _facts("He has been using herbal and prescription antifungal and antibiotic ointments")] == [
        "herbal antifungal ointments", "prescription antifungal ointments", "antibiotic ointments"]


def test_the_end_of_a_treatment_told_in_its_own_clause_dates_it() -> None:
    assert _facts("He was treated with oral antibiotics and finished the course 4 days ago") == [
        ("history.current_treatment", "oral antibiotics", "4 days ago")]
    assert _facts("She received a course of prednisone that ended 3 weeks ago") == [
        ("history.current_treatment", "prednisone", "3 weeks ago")]


def test_a_relatives_death_and_its_cause_are_family_history() -> None:
    assert _facts("His father died 2 years ago from colon cancer") == [("history.family_history", "colon cancer", "father")]
    assert _facts("Her uncle died because of a stroke") == [("history.family_history", "stroke", "uncle")]
    assert _facts("Her brother committed suicide") == [("history.family_history", "suicide", "brother")]


def test_where_the_patient_comes_from_is_an_exposure() -> None:
    assert _facts("He is a refugee from Eritrea") == [("history.exposures", "refugee from Eritrea", None)]
    assert _facts("She is a native of Chile and moved to Canada last year") == [
        ("history.exposures", "native of Chile and moved to Canada last year", None)]


def test_a_task_hard_for_the_patient_is_a_difficulty() -> None:
    case, unrouted = _read(f"{ADULT} She says that it has become harder for her to climb the stairs at work.")
    assert "difficulty climbing the stairs at work" in _symptoms(case) and unrouted == 0
    case, _ = _read(f"{ADULT} It is hard to say when the cough began.")
    assert not [name for name in _symptoms(case) if name.startswith("difficulty")]


def _statuses(case: dict[str, Any]) -> list[tuple[str, str]]:
    return [(s["name"], str(getattr(s["status"], "value", s["status"]))) for s in case["symptoms"]]


MAN = "A 40-year-old man comes to the clinic because of a cough."


def test_how_the_patient_looks_is_a_general_appearance_finding() -> None:
    case, unrouted = _read(f"{ADULT} She appears pale and exhausted. The toddler looks to be in mild distress.")
    assert [(e["name"], e["result"], e["category"]) for e in case["examinations"]] == [
        ("general appearance", "pale and exhausted", "physical_exam"), ("general appearance", "in mild distress", "physical_exam")]
    assert unrouted == 0
    case, _ = _read(f"{MAN} He seems to have forgotten how to boil pasta. He looks for excuses to skip dinner.")
    assert not any(e["name"] == "general appearance" for e in case["examinations"])


def test_a_denial_after_has_had_no_is_denied() -> None:
    case, unrouted = _read(f"{ADULT} She has had no chills or change in appetite.")
    assert ("chills", "denied") in _statuses(case) and ("change in appetite", "denied") in _statuses(case)
    assert unrouted == 0


def test_a_negated_ability_is_the_inability_present() -> None:
    case, _ = _read(f"{MAN} He has not been able to climb stairs.")
    assert ("inability to climb stairs", "present") in _statuses(case)
    assert not any(name.startswith("able to") for name, _ in _statuses(case))


def test_a_condition_the_patient_is_known_for_is_past_history() -> None:
    case, unrouted = _read(f"{ADULT} She is known for gout and asthma. She is known to the practice.")
    assert _history(case, "past_diagnoses") == [("gout", None), ("asthma", None)]
    assert unrouted == 1  # "known to the practice" names no condition


def test_a_life_event_of_the_patient_is_social_history() -> None:
    case, _ = _read(f"{ADULT} She recently broke up with her fiance. She lost her job at the bakery 2 months ago because she missed shifts.")
    habits = [(f["value"], f.get("detail")) for f in case["social"]["living_habits"]]
    assert habits == [("recently broke up with my fiance", None), ("lost my job at the bakery", "2 months ago")]


def test_a_strain_or_a_new_partner_in_the_patients_life_is_social_history() -> None:
    assert _facts("She has had a lot of stress at home") == [("social.living_habits", "has had a lot of stress at home", None)]
    assert _facts("He is under significant stress at his new school") == [
        ("social.living_habits", "under significant stress at his new school", None)]
    assert _facts("She has a new girlfriend") == [("social.living_habits", "has a new girlfriend", None)]
    assert route_clause("She has a new rash", default=None).unrouted  # no life event: the complaint reader's


def test_milestones_being_met_are_the_childs_history() -> None:
    assert _facts("He is meeting all developmental milestones") == [
        ("history.past_diagnoses", "meeting all developmental milestones", None)]
    assert _facts("She has been meeting her motor milestones") == [
        ("history.past_diagnoses", "meeting her motor milestones", None)]


def test_a_firmly_held_belief_is_a_symptom_but_a_guess_about_the_complaint_is_not() -> None:
    case, _ = _read(f"{MAN} He is convinced that his landlord reads his mail. He thinks the cough may be from dust.")
    assert ("believing that my landlord reads my mail", "present") in _statuses(case)
    assert not any(name.startswith("believing") and "cough" in name for name, _ in _statuses(case))
    case, _ = _read(f"{ADULT} He believes that the radio sends him messages.")  # another person in her vignette
    assert not any(name.startswith("believing") for name, _ in _statuses(case))


def test_a_belief_given_as_the_reason_of_a_doing_is_read_with_the_doing() -> None:
    case, unrouted = _read(f"{MAN} He avoids the kitchen because he is convinced that the kettle records his voice.")
    assert ("believing that the kettle records my voice", "present") in _statuses(case)
    assert ("avoiding the kitchen", "present") in _statuses(case)
    assert unrouted == 0
    case, _ = _read(f"{MAN} He avoids the kitchen because he thinks it may be dusty.")  # a guess, no held belief
    assert not any(name.startswith("believing") for name, _ in _statuses(case))


def test_the_reason_after_a_hindered_doing_goes_and_the_doing_stays() -> None:
    case, unrouted = _read(f"{ADULT} More recently, she has had trouble falling asleep because she worries about money.")
    assert ("trouble falling asleep", "present") in _statuses(case)
    assert unrouted == 0


def test_prenatal_care_is_reproductive_history() -> None:
    case, _ = _read("A 29-year-old woman at 30 weeks' gestation comes to the clinic because of a headache. "
                    "She has had no prenatal care.")
    assert [(f["value"], str(getattr(f["status"], "value", f["status"]))) for f in case["social"]["reproductive_history"]
            if "prenatal" in f["value"]] == [("prenatal care", "denied")]
    assert "prenatal care" not in [name for name, _ in _statuses(case)]


def test_a_state_told_as_adjectives_is_a_general_appearance_finding_when_one_is_a_sign() -> None:
    case, unrouted = _read(f"{MAN} He is pale, sweaty, and confused. He is cheerful.")
    assert [(e["name"], e["result"]) for e in case["examinations"]] == [("general appearance", "pale, sweaty, and confused")]
    assert unrouted == 1  # "cheerful" reads as no sign


def test_the_prenatal_care_a_childs_mother_had_is_the_childs_birth_history() -> None:
    case, unrouted = _read("A 3-day-old boy is brought to the clinic because of poor feeding. The mother had no prenatal care.")
    assert _history(case, "past_diagnoses") == [("mother had no prenatal care", None)]
    assert unrouted == 0


def test_when_a_habit_ended_is_the_detail_of_that_habit() -> None:
    case, unrouted = _read(f"{MAN} He smoked a pack a day for 15 years but quit 3 years ago.")
    assert (case["social"]["tobacco"]["status"], case["social"]["tobacco"].get("detail")) == ("present", "quit 3 years ago")
    assert unrouted == 0
    _, unrouted = _read(f"{MAN} He smoked for 10 years but quit his chess club last week.")
    assert unrouted == 1  # not a time the habit ended
