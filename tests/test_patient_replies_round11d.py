"""Replies, round 11 of issue 15: a descriptor question is about the symptom it names (made-up
record edits and turns). In a turn that also asks which other symptoms the patient has, the
description is of the item described first, never of a symptom of the list nor of one linked in
other words to a list item; a named symptom the record does not hold is said to be absent."""

from __future__ import annotations

from reply_support import SEEDS, edited, reply_to

_WITHOUT_RASH = [
    {"name": "abdominal pain", "duration": "three days", "degree": "7 out of 10", "position": "right lower quadrant"},
    {"name": "fever", "status": "denied"},
]


def test_a_description_with_a_symptom_list_is_not_of_a_listed_symptom(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=_WITHOUT_RASH)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed,
                         "Tell me about the night sweats: how bad are they? Any other symptoms, such as belly pain or fever?",
                         ["ask_symptom_description_degree", "ask_symptom"],
                         {"symptom": ["night sweats", "abdominal pain", "fever"]})
        assert "symptoms[0].degree" not in reply.provenance and "7 out of 10" not in reply.text, reply.text
        assert "night sweats" in reply.text and "symptoms[0]" in reply.provenance, reply.text


def test_a_description_is_not_of_a_symptom_linked_to_a_list_word(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=_WITHOUT_RASH)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed,
                         "Where did the spots first appear? Are they itchy or painful?",
                         ["ask_symptom_description_position", "ask_symptom"],
                         {"symptom": ["spots", "itchy", "painful"]})
        assert "symptoms[0].position" not in reply.provenance, reply.text
        assert "spots" in reply.text.lower(), reply.text


def test_a_description_naming_no_symptom_is_of_the_chief_one(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=_WITHOUT_RASH)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How bad is it?", ["ask_symptom_description_degree"])
        assert "symptoms[0].degree" in reply.provenance and "7 out of 10" in reply.text, reply.text


def test_a_description_alone_is_of_every_symptom_it_names(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "How long have you had the belly pain and the rash?",
                         ["ask_symptom_duration"], {"symptom": ["abdominal pain", "rash"]})
        assert {"symptoms[0].duration", "symptoms[1].duration"} <= set(reply.provenance), reply.text


def test_a_named_symptom_recorded_in_another_word_form_is_not_denied(rich_record, parser, make_agent):
    symptoms = [*_WITHOUT_RASH, {"name": "irritability"}]
    record = edited(rich_record, symptoms=symptoms)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed,
                         "Any belly pain, irritable mood, headache, dizziness or nausea?", ["ask_symptom"],
                         {"symptom": ["belly pain", "irritable mood", "headache", "dizziness", "nausea"]})
        assert "symptoms[2]" in reply.provenance and "irritability" in reply.text, reply.text
