"""Replies, round 6b of issue 15: a record value is put into the speaker's words (full
clauses for note-form habits, articles, tenses, contractions, lay words). Made-up values."""

from __future__ import annotations

import pytest

from tod.patient.spoken import agreed_articles, contracted, spoken_fact, with_place_articles
from tod.patient.voice import first_person


def _mine(path: str, *texts: str) -> str:
    return spoken_fact(path, tuple(first_person(t) for t in texts), voice=first_person)


def _parent(path: str, *texts: str, subject: str = "she") -> str:
    return spoken_fact(path, texts, subject=subject)


# ------------------------------------------------- 1. note-form values as full clauses


def test_a_noun_phrase_habit_is_what_the_speaker_has_had_and_a_later_one_what_came_with_it():
    assert _mine("social.sexual_history[0]", "two new partners this month", "occasional barrier use") == (
        "I've had two new partners this month, with occasional barrier use")
    assert _parent("social.living_habits[0]", "trouble with classmates, rarely invited to sleepovers") == (
        "she has had trouble with classmates, and she is rarely invited to sleepovers")


def test_a_state_or_doing_is_said_with_its_verb():
    assert _mine("social.sexual_history[0]", "sexually active with one partner") == "I'm sexually active with one partner"
    assert _mine("social.sexual_history[0]", "not sexually active") == "I'm not sexually active"
    assert _parent("social.living_habits[0]", "reading on tablet 2 hours a day", subject="he") == (
        "he has been reading on a tablet 2 hours a day")


def test_a_habit_that_is_already_a_clause_or_a_short_list_keeps_its_own_commas():
    assert _mine("social.living_habits[0]", "walks his dog at dawn, humming, waving at neighbours") == (
        "I walk my dog at dawn, humming, waving at neighbours")
    assert _mine("social.living_habits[0]", "tea, coffee and cola") == "I've had tea, coffee and cola"
    assert _mine("social.living_habits[0]", "salty diet, hardly any greens") == (
        "I have a salty diet, with hardly any greens")


def test_a_later_clause_of_a_detail_after_a_semicolon_is_joined_as_speech():
    assert _mine("history.past_diagnoses[0]", "gout", "since age 40; flare-ups every winter") == (
        "gout since age 40, with flare-ups every winter")


# ------------------------------------------------------ 2. articles and 3. contractions


@pytest.mark.parametrize(("text", "said"), [
    ("drawing on laptop at night", "drawing on a laptop at night"),
    ("lotion from chemist", "lotion from the chemist"),
    ("blurred vision after headache", "blurred vision after the headache"),
    ("syrup in tablet form", "syrup in tablet form"),
    ("laptop bag", "laptop bag"),
])
def test_a_singular_place_or_thing_after_a_preposition_takes_its_article(text, said):
    assert with_place_articles(text) == said


@pytest.mark.parametrize(("text", "said"), [
    ("an nasal spray", "a nasal spray"),
    ("a eye drop", "an eye drop"),
    ("an hour", "an hour"),
    ("a urine test", "a urine test"),
    ("vitamin A or an MRI", "vitamin A or an MRI"),
])
def test_a_or_an_agrees_with_the_next_word(text, said):
    assert agreed_articles(text) == said


def test_negated_verbs_are_contracted_and_an_item_note_is_its_own_clause():
    assert contracted("it did not work and I cannot sleep") == "it didn't work and I can't sleep"
    assert _mine("history.medications[0]", "antacid", "10 ml once yesterday, did not help") == (
        "antacid 10 ml once yesterday; it didn't help")


# ------------------------------------------------------------------- 5. lay words


@pytest.mark.parametrize(("chart", "lay"), [
    ("generalized fatigue", "tiredness all over"),
    ("inflammatory markers", "blood tests for inflammation"),
    ("an inhaled glucocorticoid at night", "a steroid inhaler at night"),
    ("seasonal allergies", "hay fever"),
])
def test_common_chart_words_of_imported_records_are_spoken_in_lay_words(chart, lay):
    from tod.patient.lexicon import default_lexicon

    assert spoken_fact("history.medications[0]", (default_lexicon().to_lay(chart),)) == lay
