"""Answers about past conditions, treatments and medicines (issue 15): a kind of condition is
answered with the recorded ones and denied only by its class, infections keep to the recorded
infection, treatments tried and medicines are told apart, and no "always healthy" beside
complaints. Made-up records and turns."""

from __future__ import annotations

import re

import pytest

from tod.patient.query_words import class_topic
from tod.records.model import Record

from reply_support import DENIES, SEEDS, ask, diagnosis_reply, edited, replies_to, reply_to, updated, with_case_edit


def _with_diagnoses(record: Record, *diagnoses: dict[str, str]) -> Record:
    data = record.model_dump()
    data["case"]["history"]["past_diagnoses"] = list(diagnoses)
    return Record.model_validate(data)


def test_a_treatment_recall_beside_stated_medicines_does_not_tie_them_to_the_complaint(rich_record, parser, make_agent):
    record = edited(rich_record, medications=[{"value": "the combined pill"}], current_treatment=[])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "What medicines do you take, and have you tried anything for it?",
                         ["ask_past_medication", "ask_receiving_treatment"])
        assert "Nothing else I've tried" not in reply.text and "the combined pill" in reply.text, reply.text


def test_a_treatments_tried_recall_beside_a_medicine_is_about_the_rest(rich_record, parser, make_agent):
    record = edited(rich_record, current_treatment=[], medications=[{"value": "ibuprofen 200 mg", "detail": "when needed"}])
    texts = replies_to(record, parser, make_agent, "What do you take? Have you tried anything for the pain?",
                       ["ask_past_medication", "ask_receiving_treatment"])
    for text in texts:
        assert "ibuprofen" in text and re.search(r"Apart from the medicines I take|Besides my usual medicines", text), text


def test_a_treatment_in_the_other_field_answers_a_medicine_question(rich_record, parser, make_agent):
    record = edited(rich_record, current_treatment=[{"value": "ibuprofen 200 mg"}], medications=[])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "What medications are you on?", ["ask_past_medication"])
        assert reply.provenance == ("history.current_treatment[0]",) and "comes to mind" not in reply.text, reply.text


@pytest.mark.parametrize("diagnoses", [[], [{"value": "eczema"}]])
def test_a_category_the_present_symptoms_belong_to_is_not_denied(diagnoses, child_record, parser, make_agent):
    record = edited(child_record, past_diagnoses=diagnoses)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any recent respiratory infections?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["respiratory infections"]})
        assert "symptoms[0]" in reply.provenance and not re.match(r"(?:[A-Z][a-z]*\. )?No\b", reply.text), reply.text


def test_a_past_illness_of_the_category_is_said_with_the_present_symptoms(child_record, parser, make_agent):
    record = edited(child_record, past_diagnoses=[{"value": "bronchiolitis", "detail": "as a baby"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Has she had any chest infections?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["chest infections"]})
        assert {"history.past_diagnoses[0]", "symptoms[0]"} <= set(reply.provenance), reply.text


def test_treatments_tried_are_said_with_a_verb(rich_record, parser, make_agent):
    record = updated(rich_record, history={"current_treatment": [{"value": "ice packs", "detail": "twice a day"}]})
    for seed in range(6):
        text = ask(make_agent(record, parser, seed=seed), parser, "Tried anything?", "ask_receiving_treatment")
        assert re.search(r"\b(?:tried|had) ice packs twice a day\b", text), text


@pytest.mark.parametrize(("query", "topic"), [
    ("heart problems", "heart problems"),
    ("kidney diseases", "kidney problems"),
    ("autoimmune disorders", "autoimmune problems"),
    ("chronic conditions", None),
    ("medical problems", None),
    ("gout", None),
    ("inflammatory bowel disease", None),
])
def test_class_topic_names_a_kind_of_condition_by_its_one_qualifier(query, topic):
    assert class_topic(query) == topic


@pytest.mark.parametrize("question", ["any chronic conditions", "medical problems", "health issues", "disorders"])
def test_a_generic_class_question_states_every_recorded_condition(question, rich_record, parser, make_agent):
    record = _with_diagnoses(rich_record, {"value": "eczema"}, {"value": "gout"})
    for seed in SEEDS:
        text = diagnosis_reply(record, parser, make_agent, seed, f"Any {question}?", ["ask_past_diagnosis"], [question])
        assert "eczema" in text and "gout" in text and "No," not in text, text


@pytest.mark.parametrize("organ", ["heart", "kidney"])
def test_a_system_class_question_is_denied_by_its_class_and_only_its_members_follow(organ, rich_record, parser,
                                                                                   make_agent):
    record = _with_diagnoses(rich_record, {"value": "gout"}, {"value": "bronchitis"})
    for seed in SEEDS:
        # strict guard: the class as the patient says it passes as what the doctor named
        text = diagnosis_reply(record, parser, make_agent, seed, f"Any {organ} disease?", ["ask_past_diagnosis"],
                               [f"{organ} disease"])
        assert f"{organ} problems" in text and "gout" not in text and "not that one" not in text, text
        assert f"{organ} disease" not in text, text
        # a member of the asked class is stated, not denied
        text = diagnosis_reply(record, parser, make_agent, seed, "Lung problems?", ["ask_past_diagnosis"],
                               ["lung problems"])
        assert "bronchitis" in text and "No," not in text, text


def test_a_patient_with_complaints_and_no_conditions_is_never_called_healthy(child_record, parser, make_agent):
    record = _with_diagnoses(child_record, {"status": "denied"})
    for seed in SEEDS:
        text = diagnosis_reply(record, parser, make_agent, seed, "Any medical problems?", ["ask_past_diagnosis"])
        assert "healthy" not in text and ("medical conditions" in text or "diagnosed" in text), text


@pytest.mark.parametrize("condition", ["pneumonia", "cellulitis", "urinary tract infection"])
def test_infections_are_answered_with_the_recorded_infection(condition, rich_record, parser, make_agent):
    record = with_case_edit(rich_record, lambda case: case["history"]["past_diagnoses"].append(
        {"value": condition, "detail": "last year"}))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Have you had any infections recently?",
                       ["ask_past_diagnosis"], {"past_diagnosis": ["infections"]})
        assert reply.provenance == ("history.past_diagnoses[1]",) and not DENIES.match(reply.text), reply.text


def test_infections_with_no_item_tagged_keep_to_the_recorded_infection(rich_record, parser, make_agent):
    record = with_case_edit(rich_record, lambda case: case["history"]["past_diagnoses"].append(
        {"value": "kidney infection", "detail": "last month"}))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Have you had any infections recently?", ["ask_past_diagnosis"])
        assert reply.provenance == ("history.past_diagnoses[1]",), reply.text


def test_no_medicines_is_never_said_beside_a_recorded_treatment(rich_record, parser, make_agent):
    """A drug started for this illness (current treatment) answers "any medications?" when the
    medicines field holds only "none": no "No, I'm not on any medication." beside it."""
    def edit(case: dict) -> None:
        case["history"]["medications"] = [{"value": "none", "status": "denied"}]
        case["history"]["current_treatment"] = [{"value": "penicillin tablets", "detail": "started by the GP"}]

    record = with_case_edit(rich_record, edit)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Does he take any medications?", ["ask_past_medication"])
        assert "penicillin" in reply.text and not re.search(r"not on any|don't take any", reply.text), reply.text


def test_a_past_condition_question_naming_a_symptom_asks_about_that_symptom(rich_record, parser, make_agent):
    # "similar fainting episodes before?" tagged "fainting" as a symptom: not the recorded asthma
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Have you had similar fainting episodes before?",
                         ["ask_past_diagnosis"], {"symptom": ["fainting"]})
        assert "asthma" not in reply.text and not any(p.startswith("history.past_diagnoses") for p in reply.provenance), \
            reply.text


@pytest.mark.parametrize(("text", "items", "denied"), [("Was she born prematurely?", [], True),
                                                        ("Was she full term?", [], False),
                                                        ("Was she born at full term?", ["full term"], False)])
def test_a_birth_question_is_never_answered_with_the_conditions_blanket(rich_record, parser, make_agent, text, items,
                                                                        denied):
    # an event of birth is denied as an event; a birth asked the usual way is never answered "No"
    record = edited(rich_record, past_diagnoses=[{"status": "denied"}])
    slots = {"past_diagnosis": items} if items else {}
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_past_diagnosis"], slots)
        assert "condition" not in reply.text and "diagnosed" not in reply.text, reply.text
        assert bool(DENIES.search(reply.text)) is denied and (denied or "birth" in reply.text), reply.text


def test_a_birth_question_is_answered_from_a_recorded_birth_fact(rich_record, parser, make_agent):
    record = edited(rich_record, past_diagnoses=[{"value": "asthma"}, {"value": "born at 32 weeks"}])
    reply = reply_to(record, parser, make_agent, 0, "Was she born prematurely?", ["ask_past_diagnosis"])
    assert reply.provenance == ("history.past_diagnoses[1]",) and "32 weeks" in reply.text, reply.text
