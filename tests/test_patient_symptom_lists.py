"""Symptoms said in a list (issue 15): articles on countable names, descriptive names as clauses,
one "and" before the last item, and plural names with plural verbs. Made-up values only."""

from __future__ import annotations

import re

import pytest

from tod.patient.facts import spoken_phrase
from tod.patient.plain import symptom_clause, symptom_said
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


def test_several_things_holding_and_take_one_as_well_as():
    said = join_things(["breathlessness", "tiredness and weakness", "pins and needles and numbness"])
    assert said == "breathlessness, tiredness and weakness, as well as pins and needles and numbness"
    assert said.count("as well as") == 1


@pytest.mark.parametrize(("name", "subject", "said"), [
    ("feeling cold", "I", "I've been feeling cold"),
    ("tiring easily", "I", "I've been tiring easily"),
    ("bumping into things", "he", "he's been bumping into things"),
    ("no memory of the spells", "she", "she's had no memory of the spells"),
    ("no longer eating", "I", "no longer eating"),
    ("voice tiring", "she", "her voice has been tiring"),
    ("ears ringing", "I", "my ears have been ringing"),
    ("nail biting", "I", "nail biting"),
    ("worsening belly pain", "I", "worsening belly pain"),
    ("feeling of needing to go", "I", "feeling of needing to go"),
    ("ringing in the ears", "I", "ringing in the ears"),
    ("bleeding gums", "I", "bleeding gums"),
    ("hearing loss", "I", "hearing loss"),
    ("coughing fits", "I", "coughing fits"),  # the kind of an episode: a thing
    ("fainting spells", "she", "fainting spells"),
])
def test_a_symptom_named_as_a_doing_or_an_absence_is_a_clause(name: str, subject: str, said: str) -> None:
    assert symptom_clause(name, subject) == said


def test_a_list_says_doings_and_absences_as_clauses_after_the_things(rich_record, parser, make_agent) -> None:
    record = _with_named_symptoms(rich_record, "tiredness", "feeling feverish", "no memory of the spells")
    replies = replies_to(record, parser, make_agent, "What symptoms have you had?", ["ask_symptom"])
    for reply in replies:
        assert "I've been feeling feverish" in reply and "I've had no memory of the spells" in reply, reply
        assert not re.search(r"(?:having|had|there's been) tiredness(?:,| and) (?:feeling|no)\b", reply), reply


def test_a_denied_doing_is_not_made_a_clause(rich_record) -> None:
    record = edited(rich_record, symptoms=[{"name": "feeling cold", "status": "denied"}])
    assert spoken_phrase(record.case, "symptoms[0]") == "feeling cold"


@pytest.mark.parametrize(("symptom", "said"), [
    ({"name": "redness", "position": "palms"}, "redness on my palms"),
    ({"name": "weakness", "position": "right hand"}, "weakness in my right hand"),
    ({"name": "spots", "position": "both eyes"}, "spots in both eyes"),
    ({"name": "mole", "position": "the left shoulder"}, "mole on my left shoulder"),
    ({"name": "swelling", "position": "in the chest"}, "swelling in my chest"),
    ({"name": "lump", "position": "the side of my neck"}, "lump in the side of my neck"),
    ({"name": "pain", "position": "centre of the chest"}, "pain"),
    ({"name": "knee pain", "position": "left knee"}, "knee pain"),  # the name places it already
    ({"name": "pain", "position": "deep in the pelvis"}, "pain"),  # not a body part of the speaker's
    ({"name": "rash", "position": "arms, legs and trunk"}, "rash"),  # a list is the descriptor's to say
])
def test_a_bare_symptom_label_is_said_with_its_recorded_position(rich_record, symptom: dict, said: str) -> None:
    assert spoken_phrase(edited(rich_record, symptoms=[symptom]).case, "symptoms[0]") == said

