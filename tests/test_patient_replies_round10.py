"""Replies, round 10 of issue 15: the "not sure" about the patient's own body, split by what
touched the doctor's item (made-up records and turns): a recorded denial that covers it, a
present fact of the patient's own that may amount to it, only an examination finding, or
nothing a person would know (a measurement, a possible diagnosis)."""

from __future__ import annotations

import re

from tod.records.model import Record

from reply_support import edited, reply_to

SEEDS = range(6)
_UNSURE = re.compile(r"not sure|couldn't say|don't really know|don't know", re.IGNORECASE)
_FLAT_NO = re.compile(r"(?:^|\. )No\b")


def _with_findings(record: Record) -> Record:
    data = record.model_dump()
    data["case"]["examinations"] += [
        {"name": "skin", "result": "small purple spots on both shins", "category": "physical_exam"},
        {"name": "joints", "result": "reduced range of motion of the left knee", "category": "physical_exam"},
    ]
    return Record.model_validate(data)


# ------------------------------------------------ 1. a recorded denial that covers the item


def test_an_item_a_recorded_denial_covers_gets_that_denial_with_its_path(rich_record, parser, make_agent):
    data = edited(rich_record, physical_changes=[{"value": "loss of appetite"},
                                                 {"value": "change in urine colour", "status": "denied"}]).model_dump()
    # a finding touches the item too: without the denial the patient would be "not sure"
    data["case"]["examinations"].append({"name": "urine dipstick", "result": "no blood in the urine", "category": "lab"})
    record = Record.model_validate(data)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any changes in your urine?", ["ask_physical_change"],
                         {"physical_change": ["urine"]})
        assert "history.physical_changes[1]" in reply.provenance, reply.text
        assert "urine colour" in reply.text and not _UNSURE.search(reply.text), reply.text


# -------------------------------- 2. a present fact of the patient's own that may amount to it


def test_a_condition_that_may_amount_to_a_symptom_is_said_not_unsure(rich_record, parser, make_agent):
    record = edited(rich_record, past_diagnoses=[{"value": "rheumatoid arthritis", "detail": "for ten years"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any joint pain?", ["ask_symptom"], {"symptom": ["joint pain"]})
        assert "history.past_diagnoses[0]" in reply.provenance and "rheumatoid arthritis" in reply.text, reply.text
        assert not _UNSURE.search(reply.text.replace("not sure about that as such", "")), reply.text
        assert not _FLAT_NO.search(reply.text), reply.text


def test_a_habit_that_holds_an_exposure_is_said_not_unsure(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["social"]["tobacco"] = {"value": "8 cigarettes a day"}
    record = Record.model_validate(data)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Are you around tobacco smoke or secondhand smoke?",
                         ["ask_contact_history"], {"exposure": ["tobacco smoke", "secondhand smoke"]})
        assert "social.tobacco" in reply.provenance and "cigarettes" in reply.text, reply.text
        assert not re.search(r"couldn't say|don't really know", reply.text), reply.text


# ---------------------------------------------- 3. touched only by an examination finding


def test_a_symptom_only_a_finding_shows_is_not_noticed_never_unsure_nor_no(rich_record, parser, make_agent):
    record = _with_findings(rich_record)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any problems with the range of motion?", ["ask_symptom"],
                         {"symptom": ["range of motion"]})
        assert re.search(r"noticed (?:that )?myself", reply.text), reply.text
        assert not _UNSURE.search(reply.text) and not _FLAT_NO.search(reply.text), reply.text


# ------------------------------------ 4. what a patient may really not know stays "not sure"


def test_a_measurement_or_a_possible_diagnosis_stays_not_sure(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any kidney problems? How is your kidney function?",
                         ["ask_symptom"], {"symptom": ["kidney problems", "kidney function"]})
        assert _UNSURE.search(reply.text) and not _FLAT_NO.search(reply.text), reply.text


def test_a_complaint_word_on_a_body_function_names_a_symptom_a_person_knows(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any trouble sleeping?", ["ask_symptom"],
                         {"symptom": ["trouble sleeping"]})
        assert "trouble sleeping" in reply.text and not _UNSURE.search(reply.text), reply.text
        assert "change in" not in reply.text, reply.text


# ------------------------------------------------ mends after the round-10 audit


def test_an_allergy_is_no_medicine_a_habit_question_is_answered_with(rich_record, parser, make_agent):
    record = edited(rich_record, allergies=[{"value": "penicillin", "detail": "hives"}], medications=[],
                    current_treatment=[])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Have you taken any cough medications?",
                         ["ask_receiving_treatment"], {"treatment": ["cough medications"]})
        assert not any(p.startswith("history.allergies") for p in reply.provenance), reply.text
        assert "penicillin" not in reply.text, reply.text


def test_a_treatment_recall_beside_stated_medicines_does_not_tie_them_to_the_complaint(rich_record, parser, make_agent):
    record = edited(rich_record, medications=[{"value": "the combined pill"}], current_treatment=[])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "What medicines do you take, and have you tried anything for it?",
                         ["ask_past_medication", "ask_receiving_treatment"])
        assert "Nothing else I've tried" not in reply.text and "the combined pill" in reply.text, reply.text


def test_several_operations_are_not_said_with_a_singular_verb(rich_record, parser, make_agent):
    record = edited(rich_record, trauma_surgery=[{"value": "two caesarean sections"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any operations?", ["ask_trauma_surgery"])
        assert "two caesarean sections" in reply.text and "was two" not in reply.text, reply.text
