"""Every question and every joined item of a turn gets an answer (issue 15): a question is split
into the items it joins ("X or Y", "X, Y, or any Z"), an item clearly naming an intent gets it,
and a question no intent covers gets a short honest line naming its topic. Made-up turns."""

from __future__ import annotations

import re

import pytest

from tod.nlu.types import TurnParse
from tod.patient.unmapped import (
    CLEAR_CUES,
    item_phrase,
    question_items,
    question_topic,
    unmapped_items,
    unmapped_questions,
    unmapped_topics,
    widened,
)

from reply_support import SEEDS, edited, replies_to, reply_to, unanswered_items

ANSWERABLE = frozenset(CLEAR_CUES)


@pytest.mark.parametrize("sentence,items", [
    ("Have you been abroad lately or had any chills?", ["Have you been abroad lately", "had any chills?"]),
    ("Nausea, dizziness, or any blurred vision?", ["Nausea", "dizziness", "any blurred vision?"]),
    ("Is it steady or does it come and go?", ["Is it steady", "does it come and go?"]),
    ("How long has it lasted and how bad is it?", ["How long has it lasted", "how bad is it?"]),
    ("Do you feel pain in your knee and hip?", ["Do you feel pain in your knee and hip?"]),
])
def test_a_question_is_split_into_the_items_it_joins(sentence, items):
    assert question_items(sentence) == items


@pytest.mark.parametrize("item,phrase", [
    ("had any nosebleeds", "nosebleeds"), ("Any cramps", "cramps"), ("Have you travelled recently", None),
    ("what do you do when it hurts", None),
])
def test_a_bare_item_names_its_thing(item, phrase):
    assert item_phrase(item) == phrase


def test_an_item_the_parse_names_is_covered_and_one_it_misses_is_not():
    parse = TurnParse("Any cough or wheezing?", ("ask_symptom",), {"symptom": ["cough", "wheezing"]})
    assert unmapped_items(parse) == []
    parse = TurnParse("Any cough or wheezing?", ("ask_symptom",), {"symptom": ["wheezing"]})
    assert unmapped_items(parse) == ["Any cough"]


def test_an_item_clearly_naming_an_intent_gets_that_intent():
    parse = TurnParse("Have you been abroad lately or had any chills?", ("ask_symptom",), {"symptom": ["chills"]})
    assert widened(parse, ANSWERABLE).intents == ("ask_symptom", "ask_contact_history")
    assert widened(parse, frozenset()).intents == ("ask_symptom",)  # only an intent the patient answers


def test_an_uncovered_question_sentence_clearly_naming_an_intent_gets_it():
    parse = TurnParse("How long has it hurt? Are the blood test results back?", ("ask_symptom_duration",))
    assert "ask_medical_examination" in widened(parse, ANSWERABLE).intents


def test_a_bare_item_beside_a_slot_value_takes_that_slot_unless_another_intent_names_it():
    parse = TurnParse("Any nosebleeds or bruising?", ("ask_symptom",), {"symptom": ["bruising"]})
    assert widened(parse, ANSWERABLE).slots == {"symptom": ["bruising", "nosebleeds"]}
    parse = TurnParse("Any fever or any pets at home?", ("ask_symptom",), {"symptom": ["fever"]})
    assert widened(parse, ANSWERABLE).slots == {"symptom": ["fever"]}  # pets: contact, not a symptom


def test_an_uncovered_item_with_no_intent_gets_a_topic():
    parse = TurnParse("Any fever or any hobbies?", ("ask_symptom",), {"symptom": ["fever"]})
    assert unmapped_topics(widened(parse, ANSWERABLE)) == ["hobbies"]


def test_travel_joined_to_a_symptom_is_answered(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Have you travelled anywhere recently or had any fever?",
                           ["ask_symptom"], {"symptom": ["fever"]}):
        assert "camping" in text and "fever" in text, text


def test_both_joined_symptoms_are_answered(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Any rash or fever?", ["ask_symptom"],
                           {"symptom": ["fever"]}):
        assert "rash" in text and "fever" in text, text


def test_constant_or_come_and_go_is_answered_beside_the_duration(rich_record, parser, make_agent):
    text = "How long have you had the tummy pain, and is it constant or does it come and go?"
    parser.add(text, ["ask_symptom_duration"], {"symptom": ["tummy pain"]})
    reply = make_agent(rich_record, parser).respond(text)
    assert "ask_symptom_description_time" in reply.intents and "three days" in reply.text, reply.text


def test_the_counter_finds_an_item_the_reply_leaves_out():
    turn = "Have you travelled recently or had any fever?"
    assert unanswered_items(turn, "No fever.") == ["Have you travelled recently"]
    assert unanswered_items(turn, "No fever, and I haven't travelled.") == []


def test_a_value_running_across_a_join_covers_both_items():
    parse = TurnParse("Have you had any trouble walking or standing?", ("ask_symptom",),
                      {"symptom": ["trouble walking or standing"]})
    assert unmapped_items(parse) == [] and widened(parse, ANSWERABLE) == parse


def test_smoke_as_an_exposure_is_no_smoking_question():
    parse = TurnParse("Does anything make the cough worse, such as dust or smoke?", ("ask_symptom_factors",))
    assert widened(parse, ANSWERABLE).intents == ("ask_symptom_factors",)


def test_a_catch_all_item_gets_no_topic_line():
    parse = TurnParse("Any family history of diabetes or any other inherited conditions?", ("ask_family_history",),
                      {"disease": ["diabetes"]})
    assert unmapped_items(parse) == [] and unmapped_topics(parse) == []


@pytest.mark.parametrize("text, intents, slots", [
    ("Any easy bruising, or bleeding that goes on a long time after small cuts or injuries?",
     ("ask_symptom",), {"symptom": ["easy bruising", "bleeding"]}),
    ("Does anything set off the ulcers, like spicy foods, hot drinks, or stress?",
     ("ask_symptom_factors",), {}),
])
def test_a_noun_item_of_a_list_takes_no_intent_by_its_cue(text, intents, slots):
    assert widened(TurnParse(text, intents, slots), ANSWERABLE).intents == intents


def test_an_unmapped_question_gets_a_line_naming_its_topic(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Do you smoke? What about your sleeping position?",
                       ["ask_tobacco"])
        assert "the sleeping position" in reply.text and "unmapped_question:unmapped_topic" in reply.events, reply.text
        assert reply.provenance == ("social.tobacco",), reply.provenance
        # no denial of what was not mapped
        assert not re.search(r"(?:No|Nothing)[^.?!]*sleeping position", reply.text), reply.text


def test_an_unmapped_question_with_no_clean_topic_gets_no_unattributed_line(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed,
                       "Do you smoke? How often do you brush your teeth in a day?", ["ask_tobacco"])
        assert "the rest" not in reply.text and "teeth" not in reply.text, reply.text
        assert reply.provenance == ("social.tobacco",), reply.provenance


@pytest.mark.parametrize("text", ["Do you smoke?", "Do you smoke? Could you take a deep breath for me?",
                                  "Do you smoke, and how many cigarettes a day? Have you ever tried to quit smoking?"])
def test_covered_questions_and_requests_get_no_unmapped_line(text, rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, text, ["ask_tobacco"])
        assert not any(e.startswith("unmapped_question") for e in reply.events), reply.text
        assert "rest, to be honest" not in reply.text and "can't really tell you" not in reply.text, reply.text


def test_a_question_holding_a_slot_value_is_covered():
    parse = TurnParse("Any fever? Any mottled skin?", ("ask_symptom",), {"symptom": ["fever", "mottled skin"]})
    assert unmapped_questions(parse) == []
    parse = TurnParse("Any fever? Do you belong to any clubs?", ("ask_symptom",), {"symptom": ["fever"]})
    assert unmapped_questions(parse) == ["Do you belong to any clubs?"]


@pytest.mark.parametrize(("sentence", "topic"), [
    ("Do you belong to any clubs?", "clubs"),
    ("Any stress at work?", "stress at work"),
    ("And what about your dental hygiene?", "the dental hygiene"),
    ("How do you feel about what I said?", None),
    ("Is there anything you would like to add about it?", None),
    ("Do you have any risk factors such as obesity or diabetes?", "risk factors"),
    ("Have you had a flu test?", "flu test"),
    ("Have you seen any other health providers for this?", "other health providers"),
    ("Can you tell me more about the blood you've been coughing up?", None),
    ("Can you tell me more about your symptoms?", None),
    ("Could you tell me more about what happened?", None),
])
def test_question_topic_is_short_and_clean_or_none(sentence, topic):
    assert question_topic(sentence) == topic


def test_a_joined_item_takes_only_the_short_openings():
    assert question_topic("Have you noticed any patterns?", whole=False) is None
    assert question_topic("any irregularities?", whole=False) == "irregularities"


def test_an_uncovered_question_with_examples_gets_its_topic_line(rich_record, parser, make_agent):
    text = "Do you smoke? Do you have any risk factors such as obesity or a sedentary lifestyle?"
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, text, ["ask_tobacco"])
        assert "risk factors" in reply.text.lower() and "obesity" not in reply.text.lower(), reply.text


def test_a_follow_up_about_what_was_asked_is_covered():
    parse = TurnParse("Can you tell me about the discharge? Is it watery or thick?",
                      ("ask_symptom_description_shape",), {"symptom": ["discharge"]})
    assert unmapped_questions(parse) == []


@pytest.mark.parametrize("family", [[], [{"value": "asthma", "detail": "sister"}]])
def test_an_item_asked_of_the_patient_and_of_the_family_gets_both_answers(family, rich_record, parser, make_agent):
    turn = "Have you had any history of cancer or any family history of cancer?"
    record = edited(rich_record, family_history=family)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, turn, ["ask_past_diagnosis", "ask_family_history"],
                         {"past_diagnosis": ["cancer"], "family_history": ["cancer"]})
        assert re.search(r"family", reply.text, re.IGNORECASE), reply.text


def test_a_joined_question_asking_a_parsed_intent_without_its_items_adds_its_cue():
    text = "Have you recently traveled anywhere, or been in contact with any new plants or chemicals?"
    parse = TurnParse(text, ("ask_contact_history",), {"exposure": ["plants", "chemicals"]})
    assert widened(parse, ANSWERABLE).slots["exposure"] == ["plants", "chemicals", "travel"]
    bare = TurnParse(text, ("ask_contact_history",), {})
    assert widened(bare, ANSWERABLE).slots.get("exposure", []) == []  # asked as a whole: the generic answer
