"""Replies, round 7b of issue 15: how a record value is put into words (symptom lists with
articles and one "and", descriptive symptom names as clauses, chart modifiers in lay words,
proper names capitalised). Made-up values."""

from __future__ import annotations

import re

import pytest

from tod.patient.plain import own_parts, plain_value, spoken_reading, symptom_said
from tod.patient.spoken import spoken_fact
from tod.patient.templates import join_items, join_things
from tod.patient.voice import SYMPTOM_HEADS, with_article
from tod.records.model import Record


def _with_symptoms(rich_record: Record, *names: str) -> Record:
    data = rich_record.model_dump()
    data["case"]["symptoms"] = [{"name": name} for name in names]
    return Record.model_validate(data)


def _ask(agent, parser, text: str, intent: str, slots: dict[str, list[str]] | None = None) -> str:
    return agent.respond(parser.add(text, [intent], slots or {})).text


# ------------------------------------------------------------ 1. lists of symptoms


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
    record = _with_symptoms(rich_record, "itchy rash", "onset of cramp while swimming", "multiple bruises")
    text = _ask(make_agent(record, parser), parser, "What brings you in?", "ask_symptom")
    lower = text.lower()
    assert "an itchy rash" in lower, text
    assert "onset of" not in lower and "the cramp started while i was swimming" in lower, text
    assert "lots of bruises" in lower and "multiple" not in lower, text


def test_a_reply_never_joins_three_symptoms_with_two_ands(rich_record, parser, make_agent):
    record = _with_symptoms(rich_record, "sore throat", "hot and cold spells", "earache")
    text = _ask(make_agent(record, parser), parser, "What brings you in?", "ask_symptom")
    assert "a sore throat" in text and "hot and cold spells" in text, text
    assert not re.search(r"\band\b[^,.;]*\band\b", text), text


# ------------------------------------------------------------ 2. chart words


@pytest.mark.parametrize(("value", "said"), [
    ("scleral yellowing of the eyes", "yellowing of the eyes"),
    ("multiple small cuts", "lots of small cuts"),
    ("gross blood in the stool", "blood in the stool that you can see"),
    ("generalised aches", "aches all over"),
    ("intermittent tingling", "tingling that comes and goes"),
    ("progressive hoarseness", "hoarseness that's getting worse"),
    ("unintentional 3-kg weight loss", "3-kg weight loss without trying"),
    ("crohn's disease", "Crohn's disease"),
    ("bell's palsy on the left", "Bell's palsy on the left"),
    ("grossly swollen knee", "grossly swollen knee"),
    ("multiple", "multiple"),
    ("a bell ringing in the ear", "a bell ringing in the ear"),
])
def test_chart_modifiers_are_said_in_lay_words_and_proper_names_capitalised(value: str, said: str):
    assert plain_value(value) == said


def test_the_body_part_a_finding_is_in_is_the_speakers():
    assert own_parts("blood in the stool that you can see") == "blood in my stool that you can see"
    assert own_parts("yellowing of the eyes", "her") == "yellowing of her eyes"
    assert own_parts("pain behind the eyes") == "pain behind the eyes"


# ------------------------------------------------------------ 4. numbers


def test_a_reading_is_said_without_chart_units():
    assert spoken_reading("131/84 mmHg") == "131 over 84"
    assert spoken_reading("pulse 66 bpm, regular") == "pulse 66 a minute, regular"
    assert spoken_reading("7.2 mmol/L (high)") == "7.2 mmol/L (high)"


def test_a_reply_about_a_blood_pressure_reading_says_it_as_people_do(rich_record, parser, make_agent):
    text = _ask(make_agent(rich_record, parser), parser, "Was your blood pressure checked?", "ask_medical_examination",
                {"medical_examination": ["blood pressure"]})
    assert "118 over 76" in text and "mmHg" not in text, text


# ------------------------------------------------------------ 3. note-form family history


def test_a_relative_named_inside_a_family_note_comes_first():
    said = spoken_fact("history.family_history[0]", ("childhood nosebleeds", "my aunt, outgrew them by ten"))
    assert said == "my aunt had nosebleeds as a child and outgrew them by ten"
    assert spoken_fact("history.family_history[0]", ("migraine", "my sister")) == "my sister has had migraine"
    assert spoken_fact("history.family_history[0]", ("migraine", "my sister, in her teens")) == (
        "migraine, my sister, in her teens")


def test_a_weight_change_with_an_amount_or_a_tail_takes_its_article():
    assert with_article("weight loss of 2.5 kg", SYMPTOM_HEADS) == "a weight loss of 2.5 kg"
    assert with_article(plain_value("unintentional 6-kg weight loss"), SYMPTOM_HEADS) == (
        "a 6-kg weight loss without trying")
    assert with_article("weight loss", SYMPTOM_HEADS) == "weight loss"
    assert with_article("swelling on both sides", SYMPTOM_HEADS) == "a swelling on both sides"


def test_a_lay_table_modifier_is_moved_after_its_noun_and_clauses_keep_their_order():
    assert plain_value("comes and goes ache") == "ache that comes and goes"
    assert join_things(["he has had rows at home and at school", "he has few friends"]) == (
        "he has had rows at home and at school and he has few friends")
