"""Replies, round 9 of issue 15: the last unanswered questions of a turn (made-up records and
turns): descriptor and factor questions beside other questions, a category of past
conditions, descriptor and change questions about an item a present symptom may amount to,
and catch-alls that name the field itself."""

from __future__ import annotations

import re

import pytest

from tod.records.model import Record

from reply_support import reply_to

SEEDS = range(6)
_DENIES = re.compile(r"^(?:[A-Z][a-z]*\. )?No\b")
_UNSURE = re.compile(r"not sure|couldn't say|don't really know|don't know", re.IGNORECASE)
_LINK = re.compile(r"if that's what you mean|not sure about that as such")
_RECALL = re.compile(r"comes to mind|can think of", re.IGNORECASE)


def _edited(record: Record, edit) -> Record:
    data = record.model_dump()
    edit(data["case"])
    return Record.model_validate(data)


# ----------------------------------------- 1. a quality word is not a symptom name


def test_quality_words_tagged_as_symptoms_do_not_hide_the_answers(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed,
                       "What does the pain feel like, sharp or dull? Does it radiate? Any vomiting?",
                       ["ask_symptom_description_shape", "ask_symptom_description_position", "ask_symptom"],
                       {"symptom": ["pain", "sharp", "dull", "vomiting"]})
        assert "symptoms[0].position" in reply.provenance and "vomiting" in reply.text, reply.text
        assert not re.search(r"sharp|dull|nothing else", reply.text, re.IGNORECASE), reply.text


# --------------------------- 2. a factors question beside a denied symptom is answered


def test_a_factors_question_beside_a_denied_symptom_is_about_the_complaint(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed,
                       "Any fever? Is there anything that brings it on or makes it worse?",
                       ["ask_symptom", "ask_symptom_factors"], {"symptom": ["fever"]})
        assert "symptoms[3]" in reply.provenance and "symptoms[0].aggravating_factors[0]" in reply.provenance, reply.text


def test_trigger_words_tagged_as_symptoms_are_not_denied(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "How bad is it? Any patterns or triggers you've noticed?",
                       ["ask_symptom_description_degree", "ask_symptom_factors"], {"symptom": ["patterns", "triggers"]})
        assert "symptoms[0].degree" in reply.provenance and "symptoms[0].relieving_factors[0]" in reply.provenance
        assert not re.search(r"triggers|patterns", reply.text), reply.text


def test_a_descriptor_of_a_symptom_not_had_is_still_not_moved_to_another(rich_record, parser, make_agent):
    # no symptom question in the turn: the doctor asks about a symptom the patient lacks
    record = _edited(rich_record, lambda case: case["symptoms"].pop(1))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How long have you had the rash?",
                       ["ask_symptom_duration"], {"symptom": ["rash"]})
        assert not any(p.endswith(".duration") for p in reply.provenance), reply.text


# --------------------------------------------- 3. infections, a category of conditions


@pytest.mark.parametrize("condition", ["pneumonia", "cellulitis", "urinary tract infection"])
def test_infections_are_answered_with_the_recorded_infection(condition, rich_record, parser, make_agent):
    record = _edited(rich_record, lambda case: case["history"]["past_diagnoses"].append(
        {"value": condition, "detail": "last year"}))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Have you had any infections recently?",
                       ["ask_past_diagnosis"], {"past_diagnosis": ["infections"]})
        assert reply.provenance == ("history.past_diagnoses[1]",) and not _DENIES.match(reply.text), reply.text


def test_infections_with_no_item_tagged_keep_to_the_recorded_infection(rich_record, parser, make_agent):
    record = _edited(rich_record, lambda case: case["history"]["past_diagnoses"].append(
        {"value": "kidney infection", "detail": "last month"}))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Have you had any infections recently?", ["ask_past_diagnosis"])
        assert reply.provenance == ("history.past_diagnoses[1]",), reply.text


# ------------------------- 4 and 5. what a present symptom may amount to, in more questions


def test_a_descriptor_of_an_item_a_symptom_may_amount_to_uses_the_link(rich_record, parser, make_agent):
    record = _edited(rich_record, lambda case: case["symptoms"].__setitem__(0, {"name": "poor sleep", "duration": "two months"}))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How long has your sleep pattern been off?",
                       ["ask_symptom_duration"], {"symptom": ["sleep pattern"]})
        assert _LINK.search(reply.text) and "symptoms[0].duration" in reply.provenance, reply.text
        assert not _UNSURE.search(reply.text.replace("not sure about that as such", "")), reply.text


def test_a_change_question_answered_by_a_recorded_symptom_uses_the_link(rich_record, parser, make_agent):
    record = _edited(rich_record, lambda case: case["symptoms"].append({"name": "poor sleep"}))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How is your sleep pattern?",
                       ["ask_physical_change"], {"physical_change": ["sleep pattern"]})
        assert "symptoms[4]" in reply.provenance and _LINK.search(reply.text), reply.text
        assert not _RECALL.search(reply.text), reply.text


# ------------------------------------------ 6. catch-alls that name the field itself


@pytest.mark.parametrize(("text", "item"), [("Any exposures?", "exposures"), ("Any other exposures?", "exposures"),
                                            ("Have you been exposed to anything unusual?", "unusual")])
def test_a_question_naming_the_field_gets_its_facts(text, item, rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, text, ["ask_contact_history"], {"exposure": [item]})
        assert reply.provenance == ("history.exposures[0]",) and not _RECALL.search(reply.text), reply.text


@pytest.mark.parametrize(("name", "text", "item"), [
    ("racing thoughts", "Any racing heartbeat?", "racing heartbeat"),  # a shared modifier
    ("excess hair on the face and abdomen", "Any pain in your abdomen?", "pain in my abdomen"),  # a shared place
])
def test_a_fact_sharing_only_a_modifier_or_a_place_is_not_offered(name, text, item, rich_record, parser, make_agent):
    record = _edited(rich_record, lambda case: case.__setitem__("symptoms", [{"name": "cough"}, {"name": name}]))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert "symptoms[1]" not in reply.provenance and not _LINK.search(reply.text), reply.text


def test_a_factors_question_about_an_item_only_a_body_change_may_be_is_still_answered(rich_record, parser, make_agent):
    """The linked facts of a descriptor question are symptoms only; an item that only a body
    change may amount to is answered like any unmatched item, never with an empty reply."""
    def edit(case: dict) -> None:
        case["symptoms"] = [{"name": "cough"}]
        case["history"]["physical_changes"] = [{"value": "darker velvety skin", "detail": "back of the neck"}]

    record = _edited(rich_record, edit)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Does the rash get worse in sunlight?",
                         ["ask_symptom_factors"], {"symptom": ["rash"]})
        assert reply.text.strip() and "rash" in reply.text.lower(), reply.text


def test_no_medicines_is_never_said_beside_a_recorded_treatment(rich_record, parser, make_agent):
    """A drug started for this illness (current treatment) answers "any medications?" when the
    medicines field holds only "none": no "No, I'm not on any medication." beside it."""
    def edit(case: dict) -> None:
        case["history"]["medications"] = [{"value": "none", "status": "denied"}]
        case["history"]["current_treatment"] = [{"value": "penicillin tablets", "detail": "started by the GP"}]

    record = _edited(rich_record, edit)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Does he take any medications?", ["ask_past_medication"])
        assert "penicillin" in reply.text and not re.search(r"not on any|don't take any", reply.text), reply.text
