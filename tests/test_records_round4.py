"""Import rules of round 4 (issue 16): each pinned with a made-up vignette sentence or
AgentClinic section, never a source text."""

from __future__ import annotations

from tod.records.agentclinic import _add_review_of_systems
from tod.records.builder import CaseBuilder
from tod.records.opening import opening_statement
from tod.records.routing import route_clause
from tod.records.vignette import read_vignette


def _facts(clause: str) -> list[tuple[str, str | None]]:
    routing = route_clause(clause, default=None)
    assert not routing.unrouted, routing.unrouted
    return [(f.field, f.value) for f in routing.facts]


def _case(text: str) -> dict:
    return read_vignette(text, leak_terms=[]).builder.case("x")


def test_a_history_value_ending_in_a_time_keeps_no_dangling_verb() -> None:
    builder = CaseBuilder([])
    builder.add_fact("social.reproductive_history", "her last menstrual period was 3 weeks ago")
    assert builder.social["reproductive_history"] == [
        {"value": "my last menstrual period", "status": "present", "detail": "3 weeks ago"}]


def test_a_lasting_condition_the_patient_has_is_past_history() -> None:
    assert _facts("The patient has coeliac disease") == [("history.past_diagnoses", "coeliac disease")]
    assert _facts("She has had type 1 diabetes since age 9") == [("history.past_diagnoses", "type 1 diabetes since age 9")]
    assert route_clause("He has a rash on his elbow", default=None).facts == []  # a complaint, not history


def test_healthy_except_for_x_makes_x_past_history_with_its_treatment() -> None:
    assert _facts("He has been healthy except for an ear infection 2 years ago, which was treated with "
                  "antibiotics") == [("history.past_diagnoses", "ear infection 2 years ago"),
                                     ("history.medications", "antibiotics")]


def test_a_treatment_clause_that_names_no_treatment_leaves_the_condition() -> None:
    assert _facts("His medical history is unremarkable except for gonorrhea for which he was successfully "
                  "treated") == [("history.past_diagnoses", "gonorrhea")]


def test_history_unremarkable_except_for_x_keeps_x_present_in_its_history() -> None:
    routing = route_clause("Her medical history is unremarkable except for asthma", default=None)
    assert [(f.field, f.value, f.status.value) for f in routing.facts] == [("history.past_diagnoses", "asthma", "present")]
    family = route_clause("Family history is noncontributory except for glaucoma", default=None)
    assert [(f.field, f.value, f.status.value) for f in family.facts] == [("history.family_history", "glaucoma", "present")]
    denied = route_clause("Her medical history is negative for asthma", default=None)
    assert [(f.value, f.status.value) for f in denied.facts] == [("asthma", "denied")]


def test_a_chart_lead_or_a_no_cause_tail_is_no_part_of_a_symptom_name() -> None:
    builder = CaseBuilder([])
    for name in ("Positive for chills", "shows signs of restlessness", "tiredness without any specific trigger"):
        builder.add_symptom(name)
    assert [s["name"] for s in builder.symptoms] == ["chills", "restlessness", "tiredness"]


def test_a_review_of_systems_restating_a_symptom_adds_no_second_one() -> None:
    builder = CaseBuilder([])
    for name in ("tiredness", "itching", "restlessness"):
        builder.add_symptom(name)
    _add_review_of_systems(builder, "Feeling very tired. Slight itching. Shows signs of restlessness. Denies nausea.")
    assert [(s["name"], s["status"]) for s in builder.symptoms] == [
        ("tiredness", "present"), ("itching", "present"), ("restlessness", "present"), ("nausea", "denied")]


def test_a_review_of_systems_sentence_on_what_eases_a_symptom_is_its_factor() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("wheezing")
    _add_review_of_systems(builder, "The wheezing improves with an inhaler.")
    assert builder.symptoms == [{"name": "wheezing", "status": "present", "relieving_factors": ["inhaler"]}]


def test_a_condition_with_its_treatments_gives_the_diagnosis_and_each_drug() -> None:
    assert _facts("He has gout treated with colchicine and allopurinol") == [
        ("history.past_diagnoses", "gout"), ("history.medications", "colchicine"), ("history.medications", "allopurinol")]
    assert _facts("Her medical history is unremarkable except for migraine, for which she takes sumatriptan") == [
        ("history.past_diagnoses", "migraine"), ("history.medications", "sumatriptan")]


def test_a_condition_prescribed_unnamed_medication_keeps_the_condition_and_no_generic_drug() -> None:
    facts = _facts("He has had gout for the past 3 years, for which he has been prescribed medication")
    assert [field for field, _ in facts] == ["history.past_diagnoses"]
    assert facts[0][1].startswith("gout")


def test_a_history_value_keeps_no_relative_pronoun_before_its_moved_time() -> None:
    builder = CaseBuilder([])
    builder.add_fact("history.past_diagnoses", "a broken wrist that occurred 4 years ago")
    assert builder.history["past_diagnoses"] == [{"value": "a broken wrist", "status": "present", "detail": "4 years ago"}]


def test_a_clause_on_how_a_symptom_went_is_its_course() -> None:
    vignette = read_vignette("A 30-year-old man presents with a rash on his chest for 3 days. The rash has spread to his "
                             "back and arms.", leak_terms=[])
    assert [(s["name"], s.get("course")) for s in vignette.builder.symptoms] == [("rash", "spreading to my back and arms")]
    assert vignette.builder.unrouted == 0
    worse = read_vignette("A 6-year-old boy is brought in with a cough for 2 weeks. It has gotten worse over the last 2 "
                          "days.", leak_terms=[])
    assert worse.builder.symptoms[0].get("course") == "getting worse over the last 2 days"


def test_the_patient_says_a_symptom_course_when_asked_how_it_has_gone(rich_record, parser, make_agent) -> None:
    record = rich_record.model_copy(deep=True)
    record.case.symptoms[1].course = "spreading to my arms"
    agent = make_agent(record, parser)
    reply = agent.respond(parser.add("How has the rash changed?", ["ask_symptom_description_time"], {"symptom": ["rash"]}))
    assert "symptoms[1].course" in reply.provenance
    assert "been spreading to my arms" in reply.text


def test_a_course_ends_at_the_next_clause_and_a_new_complaint_is_no_course() -> None:
    lump = read_vignette("A 40-year-old woman presents with a lump in her neck. The lump has slowly enlarged over the past "
                         "month, and she noticed it bleeds.", leak_terms=[])
    assert lump.builder.symptoms[0].get("course") == "getting bigger over the past month"
    other = read_vignette("A 60-year-old man presents with leg weakness. He has become more forgetful.", leak_terms=[])
    assert "course" not in other.builder.symptoms[0]


def test_a_lesion_grown_larger_is_getting_bigger() -> None:
    mole = read_vignette("A 30-year-old man presents with a mole on his back. It has grown progressively larger over the "
                         "past year.", leak_terms=[])
    assert mole.builder.symptoms[0].get("course") == "getting bigger over the past year"


def test_a_patient_unaware_of_the_complaint_tells_what_others_said() -> None:
    opening = opening_statement([{"name": "unresponsiveness"}, {"name": "fever", "duration": "2 days"}],
                                caregiver=False, sex="male")
    assert opening.startswith("Doctor, I don't remember much of it, but I'm told I wasn't responding. I've been having "
                              "fever.")
    assert "unresponsiveness" not in opening
    assert opening_statement([{"name": "syncope"}], caregiver=False, sex=None) == (
        "Doctor, I don't remember much of it, but I'm told I passed out. I'm worried about it.")


def test_a_course_after_where_the_symptom_began_is_kept_without_its_aside() -> None:
    began = read_vignette("A 30-year-old woman presents with a rash. The rash began on her trunk and spread to her "
                          "legs.", leak_terms=[])
    assert began.builder.symptoms[0].get("course") == "starting on my trunk, then spreading to my legs"
    aside = read_vignette("A 30-year-old man presents with a rash. The rash has grown slowly, with several new spots "
                          "appearing near the first one.", leak_terms=[])
    assert aside.builder.symptoms[0].get("course") == "getting bigger"


def test_a_negated_change_is_no_course() -> None:
    vignette = read_vignette("A 50-year-old man presents with heartburn. His symptoms have not improved despite antacids.",
                             leak_terms=[])
    assert "course" not in vignette.builder.symptoms[0]
