"""Replies, round 7 of issue 15: no "not sure" about the patient's own body when only denials
or unrelated facts touch the item, no stacked hedge, the body place of a question kept, present
items said before the denial of the others, parallel sentences said once, and a vague
catch-all answered with the named items only (made-up records and turns)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tod.patient.query_words import placed
from tod.patient.templates import parallel as _parallel
from tod.records.model import Record

from reply_support import edited, reply_to, statements_of

SEEDS = range(6)
_UNSURE = re.compile(r"not sure|couldn't say|don't really know|don't know", re.IGNORECASE)
_DENIES = re.compile(r"^(?:[A-Z][a-z]*\. )?No\b")


# ------------------------------------------------ 1. no "not sure" about one's own body


def test_an_item_touched_only_by_a_denied_symptom_is_denied(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[*rich_record.case.model_dump()["symptoms"],
                                            {"name": "vomiting", "status": "denied"}])
    for seed in SEEDS:
        text = reply_to(record, parser, make_agent, seed, "Any blood in your vomit?", ["ask_symptom"],
                      {"symptom": ["blood in your vomit"]}).text
        assert _DENIES.match(text) and not _UNSURE.search(text), text


def test_an_item_touched_only_by_a_relatives_condition_is_denied(rich_record, parser, make_agent):
    record = edited(rich_record, family_history=[{"value": "pounding headaches", "detail": "mother"}])
    for seed in SEEDS:
        text = reply_to(record, parser, make_agent, seed, "Any headaches?", ["ask_symptom"], {"symptom": ["headaches"]}).text
        assert _DENIES.match(text) and not _UNSURE.search(text), text


def test_an_item_a_present_finding_may_amount_to_is_never_denied(rich_record, parser, make_agent):
    # a recorded rough rash: "rough skin?" is not denied
    statements = statements_of(rich_record, parser, make_agent, "Any rough skin?", ["ask_symptom"], {"symptom": ["rough skin"]})
    assert not any(s.outcome == "denied" for s in statements), statements


def test_the_stacked_hedge_is_gone_from_the_templates():
    text = Path(__file__).resolve().parents[1].joinpath("templates", "patient.yaml").read_text(encoding="utf-8")
    assert "Not that I know of, but I'm not sure" not in text


# ------------------------------------------------ 3. the body place of the question


@pytest.mark.parametrize(("value", "text", "expected"), [
    ("cramping", "Any cramping in your chest?", "cramping in your chest"),
    ("cramping", "Any abdominal cramping?", "abdominal cramping"),
    ("numbness", "Any numbness or weakness in your arms?", "numbness in your arms"),
    ("chest pain", "Any chest pain in your arms?", "chest pain"),
    ("pain", "Any pain? How do you sleep?", "pain"),
    ("hearing", "Any change in the hearing in your ears?", "hearing"),  # an attribute stays a change
])
def test_a_slot_value_takes_the_body_place_of_its_sentence(value, text, expected):
    assert placed(value, text) == expected


def test_a_question_placed_elsewhere_is_not_answered_with_a_symptom_of_another_place(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any cramping in your chest?", ["ask_symptom"],
                       {"symptom": ["cramping"]})
        assert "symptoms[0]" not in reply.provenance and not reply.text.startswith("Yes"), reply.text


# ------------------------------------------------ 4. present items first, then the others denied


def test_present_items_come_before_the_denial_of_the_others(rich_record, parser, make_agent):
    asked = ["nosebleeds", "hiccups", "ringing in the ears"]
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Nosebleeds, hiccups or ringing in the ears? Appetite?",
                      ["ask_symptom", "ask_physical_change"], {"symptom": asked, "physical_change": ["loss of appetite"]}).text
        assert "appetite" in text and "none of those" not in text.lower() and "any of those" not in text, text


# ------------------------------------------------ 5. parallel sentences said once


def test_two_sentences_differing_only_in_their_topic_are_said_as_one():
    merged = _parallel("There's nothing much to tell you about smoking.", "There's nothing much to tell you about drinking.")
    assert merged == "There's nothing much to tell you about smoking or drinking."
    assert _parallel("Smoking? Nothing worth mentioning, really.", "Drinking? Nothing worth mentioning, really.") == \
        "Smoking or drinking? Nothing worth mentioning, really."


def test_different_sentences_are_not_merged():
    assert _parallel("Pets? Nothing comes to mind.", "Allergies? None that I can think of.") is None
    assert _parallel("No, I haven't noticed any rash.", "No, I haven't noticed any rash.") is None


def test_a_reply_about_smoking_and_drinking_says_a_shared_sentence_once(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["social"].update({"tobacco": None, "alcohol": None})
    record = Record.model_validate(data)
    for seed in range(12):
        text = reply_to(record, parser, make_agent, seed, "Do you smoke or drink?", ["ask_tobacco", "ask_alcohol"]).text
        sentences = [s for s in re.split(r"(?<=[.?!])\s+", text) if s]
        assert len(sentences) == len(set(sentences)) and text.count("nothing much to tell you") <= 1, text


# ------------------------------------------------ 6. a vague catch-all answers the named items only


def test_anything_like_that_answers_only_the_named_items(rich_record, parser, make_agent):
    statements = statements_of(rich_record, parser, make_agent, "Any rash, or anything like that?", ["ask_symptom"],
                             {"symptom": ["rash", "anything like that"]})
    assert {p for s in statements for p in s.all_paths} == {"symptoms[1]"}, statements


def test_the_rest_of_the_symptoms_never_opens_with_yes(rich_record, parser, make_agent):
    # "Yes" answers the named rash only; the other symptoms follow without a second "Yes"
    for seed in range(12):
        text = reply_to(rich_record, parser, make_agent, seed, "Do you have a rash, or any other symptoms?",
                      ["ask_symptom"], {"symptom": ["rash"]}).text
        assert text.count("Yes") <= 1 and text.count(", yes") + text.count("Yes") <= 1, text
