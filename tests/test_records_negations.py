"""Denials read from records (issue 16): blanket denials of a field ("otherwise healthy",
"unremarkable"), a negated symptom verb, the items of a denied list with their shared head noun,
and another person's negation that is no denial of the patient. Made-up sentences, never a
source text."""

from __future__ import annotations

from tod.records.builder import CaseBuilder
from tod.records.model import Status
from tod.records.phrases import reported_clause
from tod.records.routing import route_clause, split_clauses

from record_support import builder_symptoms, imported_case, knee_case, read, routed, routed_statuses, symptom_names


def _denied(text: str) -> list[tuple[str, str | None]]:
    from tod.records.routing import route_text

    return [(f.field, f.value) for f in route_text(text, default="symptoms").facts if f.status is Status.denied]


def test_an_item_not_recalled_is_denied() -> None:
    builder = CaseBuilder([])
    builder.add_fact("history.trauma_surgery", "inability to remember any fall")
    assert builder.history["trauma_surgery"] == [{"value": "fall", "status": "denied"}]


def test_a_blanket_statement_is_no_item() -> None:
    builder = CaseBuilder([])
    builder.add_symptom("further symptoms", Status.denied)
    builder.add_symptom("symptoms")
    builder.add_symptom("adherence to the medicine schedule")
    builder.add_symptom("cough")
    builder.add_fact("history.medications", "medication")
    builder.add_fact("history.allergies", "medications", Status.denied)
    assert builder_symptoms(builder) == [("cough", "present")]
    assert builder.history == {"allergies": [{"status": "denied"}]}


def test_a_denied_recent_illness_in_the_review_of_systems_is_a_denied_symptom() -> None:
    case = imported_case({"Demographics": "30-year-old man", "History": "He has had a sore throat for 3 days.",
                          "Symptoms": {"Primary_Symptom": "Sore throat", "Secondary_Symptoms": []},
                          "Review_of_Systems": "No recent infections. Denies recent illness. No fever."})
    denied = [s["name"] for s in case["symptoms"] if s["status"] == "denied"]
    assert denied == ["recent infections", "recent illness", "fever"]
    assert case["history"]["past_diagnoses"] == []


def test_a_head_noun_shared_by_a_list_of_modifiers_goes_to_each_item() -> None:
    assert _denied("Denies cardiac, renal, or bowel symptoms.") == [
        ("symptoms", "cardiac symptoms"), ("symptoms", "renal symptoms"), ("symptoms", "bowel symptoms")]
    assert _denied("No ear or scalp changes.") == [("symptoms", "ear changes"), ("symptoms", "scalp changes")]


def test_a_change_or_property_told_without_its_noun_takes_the_noun_before() -> None:
    assert _denied("No appetite loss or gain.") == [("symptoms", "appetite loss"), ("symptoms", "appetite gain")]
    assert _denied("No stool color or consistency changes.")[1] == ("symptoms", "stool consistency changes")


def test_a_faculty_after_a_change_keeps_the_change() -> None:
    assert _denied("No recent changes in taste or eating.") == [("symptoms", "changes in taste"),
                                                              ("symptoms", "changes in eating")]


def test_a_body_part_split_from_a_place_takes_the_head_of_the_item_before() -> None:
    assert _denied("Denies injury to the neck or back, or fever.") == [
        ("history.trauma_surgery", "injury to the neck"), ("history.trauma_surgery", "injury to the back"),
        ("symptoms", "fever")]


def test_a_named_kind_of_exposure_is_a_denied_item_and_bare_exposures_a_blanket_denial() -> None:
    assert _denied("No recent travel or sick contacts.") == [("history.exposures", "travel"),
                                                              ("history.exposures", "sick contacts")]
    assert _denied("Denies any exposures.") == [("history.exposures", None)]


def test_a_denied_field_named_with_a_report_tail_is_a_blanket_denial() -> None:
    for text in ("No significant past medical history noted.", "No medical history has been reported by his wife."):
        assert _denied(text) == [("history.past_diagnoses", None)]


def test_a_denied_field_with_an_exception_keeps_the_exception_as_present() -> None:
    from tod.records.routing import route_text

    routing = route_text("No significant medical history except for recurrent sinus infections.",
                         default="history.past_diagnoses")
    assert [(f.field, f.value, f.status) for f in routing.facts] == [
        ("history.past_diagnoses", None, Status.denied),
        ("history.past_diagnoses", "recurrent sinus infections", Status.present)]
    assert _denied("No medications other than a daily vitamin.") == [("history.medications", None)]


def test_blanket_normal_history_in_other_word_orders() -> None:
    denied_history = [("history.past_diagnoses", None, "denied")]
    assert routed_statuses("The man has an otherwise unremarkable past medical history") == denied_history
    assert routed_statuses("She has a medical history that is unremarkable") == denied_history
    assert routed_statuses("Her medical and family histories are unremarkable") == [
        *denied_history, ("history.family_history", None, "denied")]
    assert route_clause("The prenatal and sleep histories are unremarkable", default=None).facts == []


def test_a_blanket_normal_statement_is_a_clause_of_its_own() -> None:
    clauses = split_clauses("The boy's past medical history is noncontributory, and he takes vitamin D daily")
    assert clauses == ["The boy's past medical history is noncontributory", "he takes vitamin D daily"]


def test_no_treatment_tried_is_a_blanket_denial_of_medications() -> None:
    denied = [("history.medications", None, "denied")]
    assert routed_statuses("She has not tried any treatments for the spots") == denied
    assert routed_statuses("He has not taken any medications") == denied
    assert routed_statuses("She has not tried any oral treatments") == denied


def test_another_persons_negation_is_no_denial_of_the_patient() -> None:
    for clause in ("his mother had no fever during the pregnancy", "Her husband has no history of asthma"):
        routing = route_clause(clause, default="symptoms")
        assert routing.facts == [] and routing.unrouted == [clause]
    assert routed_statuses("She has no history of asthma") == [("history.past_diagnoses", "asthma", "denied")]


def test_a_symptom_verb_negated_denies_its_symptom() -> None:
    assert routed_statuses("the blisters do not itch or bleed") == [("symptoms", "itching", "denied"), ("symptoms", "bleeding", "denied")]
    assert routed_statuses("The spot does not hurt") == [("symptoms", "pain", "denied")]
    assert route_clause("The cough does not change with meals", default=None).facts == []  # no symptom verb


def test_a_caregiver_who_denies_speaks_for_the_patient() -> None:
    assert routed_statuses("Her parents deny any recent travel") == [("history.exposures", "travel", "denied")]  # a named kind (imports7a)
    assert reported_clause("His wife says that, this week, he has been sleepy") == "this week, he has been sleepy"


def test_a_statement_of_good_health_denies_past_illness() -> None:
    for sentence in ("She is otherwise in good health.", "She has always been in excellent health."):
        history = knee_case(sentence)["history"]["past_diagnoses"]
        assert [(f.get("value"), f["status"]) for f in history] == [(None, "denied")], sentence


def test_good_health_until_a_time_is_no_denial_of_past_illness() -> None:
    assert not knee_case("She was in good health until 4 days ago.").get("history", {}).get("past_diagnoses")


def test_history_unremarkable_except_for_x_keeps_x_present_in_its_history() -> None:
    routing = route_clause("Her medical history is unremarkable except for asthma", default=None)
    assert [(f.field, f.value, f.status.value) for f in routing.facts] == [("history.past_diagnoses", "asthma", "present")]
    family = route_clause("Family history is noncontributory except for glaucoma", default=None)
    assert [(f.field, f.value, f.status.value) for f in family.facts] == [("history.family_history", "glaucoma", "present")]
    denied = route_clause("Her medical history is negative for asthma", default=None)
    assert [(f.value, f.status.value) for f in denied.facts] == [("asthma", "denied")]


def test_otherwise_before_a_denial_of_history_is_a_blanket_denial() -> None:
    blanket = [("history.past_diagnoses", None, "denied", None)]
    assert routed("Otherwise she has no known medical conditions") == blanket
    assert routed("otherwise no significant medical problems") == blanket
    assert routed("He has otherwise been healthy") == blanket


def test_no_improvement_is_no_denied_symptom() -> None:
    routing = route_clause("She reports no improvement with ice packs", default=None)
    assert routing.facts == [] and routing.unrouted
    assert [(f.value, f.status.value) for f in route_clause("She denies any fever", default="symptoms").facts] == [
        ("fever", "denied")]


def test_a_denied_improvement_leaves_the_other_denials_of_its_clause() -> None:
    routing = route_clause("She reports no improvement with ice packs and no fever", default="symptoms")
    assert [(f.value, f.status.value) for f in routing.facts] == [("fever", "denied")]


def test_a_negative_review_of_systems_denies_each_complaint_it_names() -> None:
    case, unrouted = read("A 50-year-old man comes in for a cough. Review of systems is negative for night sweats, "
                          "hoarseness, or ankle swelling.")
    assert {"night sweats", "hoarseness", "ankle swelling"} <= set(symptom_names(case, "denied"))
    assert unrouted == 0


def test_a_denied_complaint_named_by_a_participle_of_degree_keeps_its_noun() -> None:
    assert _denied("She denies blurred vision, decreased appetite, or depressed mood.") == [
        ("symptoms", "blurred vision"), ("symptoms", "decreased appetite"), ("symptoms", "depressed mood")]
    assert _denied("He denies lost weight.") == [("symptoms", "weight loss")]  # a verb phrase still read as one


def test_a_bodily_function_told_as_normal_is_a_denied_change() -> None:
    case, unrouted = read("A 30-year-old man comes in with a sore knee. His appetite and sleep patterns are normal. "
                          "The boy's weight has been stable.")
    assert {"change in appetite", "change in sleep patterns", "change in weight"} <= set(symptom_names(case, "denied"))
    assert unrouted == 0
    assert routed_statuses("Her past medical history is normal") == [("history.past_diagnoses", None, "denied")]


def test_feeling_well_or_a_blanket_negative_review_is_no_fact_and_no_unread_clause() -> None:
    case, unrouted = read("A 30-year-old man comes in with a sore knee. He feels well between these episodes. "
                          "Review of systems came back negative.")
    assert symptom_names(case) == ["sore knee"] and symptom_names(case, "denied") == []
    assert unrouted == 0
    tired, unread = read("A 30-year-old man comes in with a sore knee. He feels tired.")
    assert "feeling tired" in symptom_names(tired) and unread == 0  # a feeling that names something is no blanket one
