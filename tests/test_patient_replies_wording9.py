"""Replies, round 9 of issue 15 (wording): a change of weight said as what the patient did,
an occupation said as a clause, and a lay wording's own article only where its noun phrase
starts (made-up records and turns)."""

from __future__ import annotations

import pytest

from tod.patient.lexicon import LayLexicon
from tod.patient.spoken import change_said
from tod.patient.templates import join_things
from tod.patient.voice import occupation_said
from tod.records.model import Record
from tod.text import indefinite_article

from reply_support import edited, replies_to

SEEDS = range(4)


# ------------------------------------------------ 1. a change of weight as what the patient did


@pytest.mark.parametrize(("text", "subject", "said"), [
    ("weight loss of about 7 kg over three months", "I", "I've lost about 7 kg over three months"),
    ("weight gain of 2.5 kg", "I", "I've put on 2.5 kg"),
    ("weight gain of 4 kg in a fortnight", "he", "he's put on 4 kg in a fortnight"),
    ("weight loss without trying of 3 kg", "my child", "my child has lost 3 kg without trying"),
    ("height loss of 2 cm", "I", "I've lost 2 cm of height"),
])
def test_a_change_with_its_amount_is_said_as_a_clause(text, subject, said):
    assert change_said(text, subject) == said


@pytest.mark.parametrize("text", ["weight loss", "blood loss of 300 ml", "loss of appetite", "weight loss, now stable"])
def test_a_change_without_a_weight_or_size_amount_is_left_as_it_is(text):
    assert change_said(text) == text


def test_a_weight_change_is_never_said_in_chart_form(rich_record, parser, make_agent):
    record = edited(rich_record, physical_changes=[{"value": "weight gain", "detail": "about 6 kg in 3 months"}])
    for intent in ("ask_physical_change", "ask_weight"):
        for text in replies_to(record, parser, make_agent, "Has your weight changed?", [intent]):
            assert "I've put on about 6 kg in 3 months" in text, text
            assert "weight gain" not in text and "there's been I" not in text, text


def test_a_clause_follows_the_things_of_a_list():
    assert join_things(["tiredness", "I've lost 4 kg"]) == "tiredness, and I've lost 4 kg"
    assert join_things(["I've lost 4 kg", "a dry cough", "itching"]) == "a dry cough and itching, and I've lost 4 kg"


def test_a_listed_weight_change_reads_as_a_sentence(rich_record, parser, make_agent):
    record = edited(rich_record, physical_changes=[{"value": "weight loss", "detail": "3 kg"},
                                                    {"value": "hair thinning"}])
    for text in replies_to(record, parser, make_agent, "Any changes in your body?", ["ask_physical_change"]):
        assert "hair thinning, and I've lost 3 kg" in text, text


# ------------------------------------------------ 4. an occupation as a clause


@pytest.mark.parametrize(("phrase", "subject", "said"), [
    ("an elementary school teacher", "I", "I'm an elementary school teacher"),
    ("retired", "I", "I'm retired"),
    ("a year 3 pupil", "she", "she's a year 3 pupil"),
    ("a pupil", "my child", "my child is a pupil"),
    ("I work in a warehouse", "I", "I work in a warehouse"),
])
def test_an_occupation_is_said_as_a_clause(phrase, subject, said):
    assert occupation_said(phrase, subject) == said


def test_an_occupation_answer_is_a_sentence_not_a_noun_phrase(rich_record, parser, make_agent):
    record = edited(rich_record, demographics={"occupation": {"value": "elementary school teacher"}})
    for text in replies_to(record, parser, make_agent, "What do you do for work?", ["ask_occupation"]):
        assert "I'm an elementary school teacher." in text, text
        assert not text.startswith("An elementary"), text


# ------------------------------------------------ 3. a lay wording's article where its phrase starts


LEXICON = LayLexicon({"oral contraceptive pill": "the pill", "urti": "a cold", "acute": "sudden"})


@pytest.mark.parametrize(("text", "lay"), [
    ("oral contraceptive pill", "the pill"),
    ("combined oral contraceptive pill", "the combined pill"),
    ("I take combined oral contraceptive pill daily", "I take the combined pill daily"),
    ("on oral contraceptive pill", "on the pill"),
    ("stopped oral contraceptive pill", "stopped the pill"),
    ("taking oral contraceptive pill", "taking the pill"),
    ("her URTI last week", "her cold last week"),
    ("acute URTI", "a sudden cold"),
    ("cough (URTI)", "cough (a cold)"),
])
def test_a_lay_article_stands_where_the_noun_phrase_starts(text, lay):
    assert LEXICON.to_lay(text) == lay


def test_a_medicine_after_a_modifier_keeps_one_article(rich_record, parser, make_agent):
    record = edited(rich_record, medications=[{"value": "combined oral contraceptive pill", "detail": "daily"}])
    for text in replies_to(record, parser, make_agent, "Are you on any medication?", ["ask_past_medication"]):
        assert "the combined pill" in text and "combined the" not in text, text


@pytest.mark.parametrize(("text", "said"), [
    ("6-kg weight loss", "I've lost 6 kg"),
    ("9 pound weight gain over two months", "I've put on 9 pounds over two months"),
    ("unexplained weight loss of about 4 kg", "unexplained weight loss of about 4 kg"),  # a modifier is no function word
])
def test_a_change_with_its_amount_before_it_is_said_as_a_clause(text, said):
    assert change_said(text) == said


@pytest.mark.parametrize(("word", "article"), [
    ("ulcer", "an"), ("upper arm pain", "an"), ("university student", "a"), ("urine infection", "a"),
    ("one-off dose", "a"), ("hour", "an"), ("heart attack", "a"), ("", "a"),
])
def test_the_indefinite_article_follows_the_sound_of_the_word(word, article):
    assert indefinite_article(word) == article


def test_a_student_of_a_university_is_said_with_a(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["demographics"]["occupation"] = {"value": "university student"}
    for text in replies_to(Record.model_validate(data), parser, make_agent, "What do you do for work?", ["ask_occupation"]):
        assert "a university student" in text, text
