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
    assert _mine("social.living_habits[0]", "hardly sleeping for a week") == "I've been hardly sleeping for a week"


def test_an_event_is_in_the_past_and_a_note_that_is_no_noun_phrase_stays_as_it_is():
    assert _mine("social.sexual_history[0]", "physically threatened at a bus stop", "Two months ago") == (
        "I was physically threatened at a bus stop two months ago")
    assert _mine("social.sexual_history[0]", "practising safe sex with one partner") == (
        "practising safe sex with one partner")
    assert _mine("social.sexual_history[0]", "sexually transmitted infections") == "sexually transmitted infections"
    assert _mine("social.sexual_history[0]", "use barrier methods now and then") == "use barrier methods now and then"


def test_a_habit_naming_a_role_a_place_or_a_past_state_is_said_with_be():
    assert _mine("social.living_habits[0]", "night-shift baker living over the shop") == (
        "I'm a night-shift baker living over the shop")
    assert _parent("social.living_habits[0]", "in the first year of school") == "she is in the first year of school"
    assert _mine("social.living_habits[0]", "formerly employed as a roofer") == "I was formerly employed as a roofer"
    assert _mine("social.living_habits[0]", "unemployed, walks the dog every day") == (
        "I'm unemployed; I walk the dog every day")
    assert _mine("social.living_habits[0]", "not applicable at this age") == "not applicable at this age"
    assert _mine("social.living_habits[0]", "2 years ago") == "2 years ago"


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
    ("an X-ray", "an X-ray"),
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
    from tod.lexicon import default_lexicon

    assert spoken_fact("history.medications[0]", (default_lexicon().to_lay(chart),)) == lay


# ------------------------------------------------ 3. tense and 4. symptom word forms

SEEDS = range(6)


def _edited(record, section: str, field: str, value: list[dict[str, str]]):
    from tod.records.model import Record

    data = record.model_dump()
    target = data["case"] if section == "case" else data["case"][section]
    target[field] = value
    return Record.model_validate(data)


@pytest.mark.parametrize(("text", "past"), [
    ("naproxen 250 mg once yesterday", True),
    ("a lozenge 2 days ago", True),
    ("aspirin 75 mg once daily", False),
    ("metformin since last year", False),
    ("salbutamol inhaler as needed", False),
])
def test_a_one_off_in_the_past_is_told_apart_from_a_habit(text, past):
    from tod.patient.spoken import said_in_past

    assert said_in_past(text) is past


@pytest.mark.parametrize(("text", "state"), [
    ("crying", True), ("dizzy", True), ("feeling sick", True), ("coughing up blood", True),
    ("crying and sleepy", True), ("a cough", False), ("swelling", False), ("crying and a fever", False),
    ("burning sensation", False),
])
def test_a_symptom_said_with_been_is_a_state_or_a_doing(text, state):
    from tod.patient.spoken import says_state

    assert says_state(text) is state


def test_a_doing_symptom_is_said_with_been_not_had(child_record, parser, make_agent):
    record = _edited(child_record, "case", "symptoms", [{"name": "sobbing"}])
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(parser.add("Any symptoms?", ["ask_symptom"])).text
        assert "been sobbing" in text and "had sobbing" not in text and "having sobbing" not in text, text


def test_a_one_off_dose_in_the_past_is_said_in_the_past_tense(rich_record, parser, make_agent):
    record = _edited(rich_record, "history", "medications", [{"value": "naproxen", "detail": "250 mg once yesterday"}])
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(parser.add("Medicines?", ["ask_past_medication"])).text
        assert "took naproxen 250 mg once yesterday" in text and "take naproxen" not in text, text


# ----------------------------------------------------- 2. articles and 6. repeated nouns


def test_a_described_change_takes_its_article():
    from tod.patient.voice import SYMPTOM_HEADS, with_article

    assert with_article("sudden 4-kg weight gain", SYMPTOM_HEADS) == "a sudden 4-kg weight gain"
    assert with_article("weight gain", SYMPTOM_HEADS) == "weight gain"


def test_a_later_item_calls_an_earlier_one_it():
    from tod.patient.spoken import referred

    assert referred(["gout", "a cream I rub in for my gout"]) == ["gout", "a cream I rub in for it"]
    assert referred(["kidney stones", "kidney stones again last year"]) == [
        "kidney stones", "kidney stones again last year"]  # an item that starts with it is its own


def test_a_reply_says_it_for_a_condition_named_earlier_in_the_list_and_passes_the_guard(rich_record, parser,
                                                                                          make_agent):
    record = _edited(rich_record, "history", "past_diagnoses", [
        {"value": "gout"}, {"value": "a cream I rub in for my gout", "detail": "for years"}])
    for seed in SEEDS:  # the strict guard raises on a fill it cannot trace
        text = make_agent(record, parser, seed=seed).respond(parser.add("Past illnesses?", ["ask_past_diagnosis"])).text
        assert "for it" in text and "my gout" not in text, text
