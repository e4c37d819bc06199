"""Replies, round 8 of issue 15: echo leads only in the doctor's words, no tests listed to a
request or an instruction, a none-answer never beside facts of its own topic, and one
none-answer per item of the doctor's (made-up records and turns)."""

from __future__ import annotations

import re

import pytest

from tod.patient.asking import only_requests_tests
from tod.patient.templates import default_bank
from tod.records.model import Record

from reply_support import edited, replies_to

SEEDS = range(6)
#: A lead of fixed words asked back as a question ("Injuries or operations? ...", "{Poss}
#: habits? ...") or a "-wise" lead ("Alcohol-wise, ..."): a field label, never the doctor's item.
_LABEL_LEAD = re.compile(r"^(?:(?:[^.?!{]|\{(?:poss|child|obj|my_child)\})+\?\s|[A-Za-z-]+-wise,\s)", re.IGNORECASE)


# ------------------------------------------------ 1. no field label as an echo lead


def test_no_template_leads_with_a_field_label():
    bank = default_bank()
    labelled = [(section, variant, t) for section, variant in bank.variant_keys() if section != "closing"
                for voice in ("patient", "caregiver") for t in bank.options(section, variant, voice)
                if _LABEL_LEAD.match(t)]
    assert labelled == []


def test_every_fact_variant_keeps_a_template_that_does_not_open_with_yes_or_no():
    """After a denial a fact is said without "Yes" (the renderer's choice needs one)."""
    bank = default_bank()
    for section, variant in bank.variant_keys():
        if section == "common" or variant.startswith(("denied", "absent", "repeated")):
            continue
        for voice in ("patient", "caregiver"):
            options = bank.options(section, variant, voice)
            assert any(not re.match(r"(?:yes|yeah|no|nah)\b", t, re.IGNORECASE) for t in options), (section, variant)


def test_a_head_injury_question_gets_no_field_label_asked_back(rich_record, parser, make_agent):
    """The topic is said in a sentence ("As for injuries or operations, nothing comes to
    mind."), never asked back as a label ("Injuries or operations? ...")."""
    for text in replies_to(rich_record, parser, make_agent, "Did you hit your head at all?", ["ask_trauma_surgery"]):
        assert "injur" in text.lower() and not re.search(r"operations\?", text, re.IGNORECASE), text


def test_an_alcohol_answer_has_no_label_lead(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["social"]["alcohol"] = {"value": "two glasses of wine", "detail": "at weekends"}
    record = Record.model_validate(data)
    for text in replies_to(record, parser, make_agent, "Do you drink?", ["ask_alcohol"]):
        assert "wine" in text and not re.search(r"-wise\b|Drinking\?", text), text


# ------------------------------------------------ 2. no tests listed to a request


@pytest.mark.parametrize("text, named, expected", [
    ("Let me listen to your chest. Take a deep breath in.", [], True),
    ("Okay. I'd like to order a scan of your kidneys.", ["scan of your kidneys"], True),
    ("We'll arrange some blood tests. Please let me know if you have any questions about them.", [], True),
    ("I'd like to order a scan. Have you had any scans before?", ["scan"], False),
    ("Have you been checked for diabetes recently?", [], False),
    ("Please tell me about any test results you have.", [], False),
    ("What did your last cholesterol reading show?", [], False),
    ("Any pain when you swallow?", [], False),
])
def test_only_requests_tests(text, named, expected):
    assert only_requests_tests(text, named) is expected


def test_an_instruction_lists_no_tests(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Now let me examine your tummy. Lie back for me.",
                       ["ask_medical_examination"]):
        assert not re.search(r"ultrasound|temperature|blood|tests?\b", text, re.IGNORECASE), text


def test_a_booked_scan_is_not_answered_as_a_past_test(rich_record, parser, make_agent):
    turn = "I'm going to book you a CT scan of the abdomen. Any vomiting?"
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_medical_examination", "ask_symptom"],
                       {"medical_examination": ["CT scan of the abdomen"], "symptom": ["vomiting"]}):
        assert not re.search(r"had that (?:done|one)|ultrasound|CT scan", text, re.IGNORECASE), text
        assert "vomit" in text.lower(), text


def test_a_question_about_tests_is_still_answered(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Have you had any tests done for this?",
                       ["ask_medical_examination"]):
        assert "ultrasound" in text.lower(), text


# ------------------------------------------------ 3. a none-answer never beside facts of its topic


_BARE_NONE = re.compile(r"(?:^|[.?] )(?:No, )?(?:nothing (?:like that )?comes to mind|nothing that I can think of)",
                        re.IGNORECASE)


def test_a_recall_follows_the_facts_of_its_topic_as_about_the_rest(rich_record, parser, make_agent):
    record = edited(rich_record, exposures=[{"value": "travel to Portugal", "detail": "three weeks ago"},
                                             {"value": "new kitten at home"}])
    for items in (["travel", "chemicals"], ["travel", "chemicals", "dust", "fumes"]):
        turn = f"Any {', '.join(items)}?"
        for text in replies_to(record, parser, make_agent, turn, ["ask_contact_history"], {"exposure": items}):
            assert "Portugal" in text, text
            assert not _BARE_NONE.search(text), text
            assert text.index("Portugal") < text.lower().index("nothing"), text


def test_each_item_gets_one_none_answer(rich_record, parser, make_agent):
    turn = "Have you tried any lotions or sprays for it, or do you take any lotions or sprays?"
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_receiving_treatment", "ask_past_medication"],
                       {"past_medication": ["lotions", "sprays"]}):
        assert text.lower().count("lotions") == 1, text


def test_a_second_request_is_agreed_to_again(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    first = agent.respond(parser.add("Let me listen to your chest.", ["ask_medical_examination"]))
    second = agent.respond(parser.add("Let me check your blood pressure now.", ["ask_medical_examination"]))
    for reply in (first, second):
        assert reply.provenance == () and not re.search(r"not sure|ultrasound|temperature", reply.text), reply.text


@pytest.mark.parametrize(("text", "intent", "field", "topic"), [
    ("what meds are u on rn", "ask_past_medication", "medications", "medicines"),
    ("any probs with allergies n stuff", "ask_allergic_history", "allergies", "allergies"),
])
def test_a_recall_without_the_doctors_item_names_its_topic(text, intent, field, topic, rich_record, parser, make_agent):
    """A recall whose item cannot be said back still says what it is about, so that in a reply
    to several questions no bare "Nothing comes to mind." stands unattributed, and it denies
    nothing ("No ...") the record might hold."""
    record = edited(rich_record, **{field: []})
    for reply in replies_to(record, parser, make_agent, text, [intent], {intent.removeprefix("ask_"): [text]}):
        assert topic in reply.lower() and not re.match(r"No\b", reply), reply


def test_a_relatives_none_answer_is_kept_beside_the_patients_own(rich_record, parser, make_agent):
    """"No heart problems in the family." is another matter than "No, no heart problems that I
    know of.": one none-answer per item and owner."""
    record = edited(rich_record, family_history=[{"value": "diabetes", "detail": "mother"}])
    text = "Have you had any heart conditions? Does heart disease run in your family?"
    for reply in replies_to(record, parser, make_agent, text, ["ask_past_diagnosis", "ask_family_history"],
                            {"past_diagnosis": ["heart conditions"], "family_history": ["heart disease"]}):
        assert "family" in reply.lower() and reply.lower().count("heart") >= 2, reply
