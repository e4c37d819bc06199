"""Symptoms said in a list (issue 15): articles on countable names, descriptive names as clauses,
one "and" before the last item, and plural names with plural verbs. Made-up values only."""

from __future__ import annotations

import re

import pytest

from tod.patient.plain import symptom_said
from tod.patient.templates import join_items, join_things
from tod.patient.voice import SYMPTOM_HEADS, with_article
from tod.records.model import Record

from reply_support import ask, edited, replies_to, updated


def _with_named_symptoms(rich_record: Record, *names: str) -> Record:
    data = rich_record.model_dump()
    data["case"]["symptoms"] = [{"name": name} for name in names]
    return Record.model_validate(data)


def test_plural_symptom_colour_has_no_singular_verb(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, symptoms=[{"name": "blisters", "color": "yellow"}])
    replies = replies_to(record, parser, make_agent, "What colour are the blisters?",
                         ["ask_symptom_description_color"], {"symptom": ["blisters"]})
    assert all("yellow" in r.lower() for r in replies), replies
    assert not any("blisters is" in r.lower() for r in replies), replies


def test_a_symptom_the_patient_had_takes_its_article(rich_record, parser, make_agent):
    symptoms = [{"name": "throbbing headache"}, {"name": "nausea"}]
    agent = make_agent(updated(rich_record, symptoms=symptoms), parser)
    text = ask(agent, parser, "What's been going on?", "ask_symptom")
    assert "a throbbing headache and nausea" in text and "a nausea" not in text, text
    assert with_article("feeling a cough", frozenset({"cough"})) == "feeling a cough"


def test_and_joins_only_the_last_item_of_a_list_of_things():
    assert join_things(["a cough", "red and sore eyes", "a fever"]) == "a cough and a fever, as well as red and sore eyes"
    assert join_things(["a cough", "a fever", "a rash"]) == "a cough, a fever and a rash"
    assert join_things(["red and sore eyes"]) == "red and sore eyes"
    assert join_items(["she has had rows at home and at school", "she is tired"]) == (
        "she has had rows at home and at school and she is tired")  # clauses keep their order


@pytest.mark.parametrize(("name", "said"), [
    ("onset of cramp while swimming", "the cramp started while I was swimming"),
    ("sudden onset of dizziness after standing", "the dizziness suddenly started after standing"),
    ("slow increase in size of the swelling", "the swelling has grown slowly"),
    ("rapid increase in size of the mass", "the lump has grown quickly"),
    ("first small blister", "a small blister first"),
    ("first red spots", "red spots first"),
    ("neck mass", "neck lump"),
    ("first time fainting", "first time fainting"),
    ("tummy ache", "tummy ache"),
])
def test_a_symptom_name_that_describes_how_it_went_is_said_as_a_clause(name: str, said: str):
    assert symptom_said(name) == said


def test_a_parent_says_the_child_was_doing_it():
    assert symptom_said("onset of wheeze while running", "he") == "the wheeze started while he was running"


def test_a_singular_countable_symptom_takes_its_article_and_a_clause_none():
    assert with_article("itchy rash", SYMPTOM_HEADS) == "an itchy rash"
    assert with_article("right arm lump", SYMPTOM_HEADS) == "a right arm lump"
    assert with_article("dry patch", SYMPTOM_HEADS) == "a dry patch"
    assert with_article("the cramp started while I was swimming", SYMPTOM_HEADS) == (
        "the cramp started while I was swimming")
    assert with_article("itching", SYMPTOM_HEADS) == "itching"


def test_a_reply_listing_symptoms_gives_articles_and_clauses(rich_record, parser, make_agent):
    record = _with_named_symptoms(rich_record, "itchy rash", "onset of cramp while swimming", "multiple bruises")
    text = ask(make_agent(record, parser), parser, "What brings you in?", "ask_symptom")
    lower = text.lower()
    assert "an itchy rash" in lower, text
    assert "onset of" not in lower and "the cramp started while i was swimming" in lower, text
    assert "lots of bruises" in lower and "multiple" not in lower, text


def test_a_reply_never_joins_three_symptoms_with_two_ands(rich_record, parser, make_agent):
    record = _with_named_symptoms(rich_record, "sore throat", "hot and cold spells", "earache")
    text = ask(make_agent(record, parser), parser, "What brings you in?", "ask_symptom")
    assert "a sore throat" in text and "hot and cold spells" in text, text
    assert not re.search(r"\band\b[^,.;]*\band\b", text), text
