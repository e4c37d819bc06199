"""Replies, round 4 of issue 15: note clauses spoken or left out, every unsure topic named,
a denial and an affirmation that read as one answer, no "Yes" to a change the record does
not state, nothing volunteered beside the asked item (made-up records and turns)."""

from __future__ import annotations

import re

import pytest

from tod.patient.acts import Fill, IntentAnswer, Statement
from tod.patient.nlg import merge_unsure
from tod.patient.spoken import item_sentence, spoken_fact, without_notes
from tod.patient.state import question_key
from tod.patient.voice import first_person
from tod.records.model import Record

SEEDS = range(6)


def _record(rich_record: Record, **changes: object) -> Record:
    """``rich_record`` with some case sections updated ("history", "social")."""
    data = rich_record.model_dump()
    for section, value in changes.items():
        data["case"][section].update(value)
    return Record.model_validate(data)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.?!])\s+", text) if s]


# ------------------------------------------------------- 1. note clauses


def test_a_note_clause_about_an_item_is_said_with_it_as_subject_or_left_out():
    def spoken(path: str, *texts: str) -> str:
        return spoken_fact(path, texts, voice=first_person)

    assert spoken("history.current_treatment[0]", "herbal tea", "drunk for a week, no change") == "herbal tea, with no change"
    assert spoken("history.past_diagnoses[0]", "a cold sore", "twice last year, went away on its own") == (
        "a cold sore twice last year; it went away on its own")
    assert spoken("history.past_diagnoses[0]", "a bunion", "removed at 30") == "a bunion"
    assert spoken("history.past_diagnoses[0]", "a weak bladder", "needs to pass water at night") == "a weak bladder"
    assert spoken("history.medications[0]", "naproxen", "250 mg twice a day, did not help") == (
        "naproxen 250 mg twice a day; it didn't help")


def test_a_social_note_clause_is_the_speakers_own_sentence():
    assert spoken_fact("social.living_habits[0]", ("keen runner, stopped after the move",), voice=first_person) == (
        "I'm a keen runner; I stopped after the move")
    # a clause that cannot be said as the speaker's own is left out, the item stays
    assert without_notes("choir on Sundays, also at the school", keep_first=True) == "choir on Sundays"


def test_item_sentence_only_takes_clauses_that_say_what_the_item_did():
    assert item_sentence("did not work") == "it did not work"
    assert item_sentence("no relief") == "with no relief"
    assert item_sentence("left knee") is None


def test_a_treatment_note_is_not_pasted_into_the_reply(rich_record, parser, make_agent):
    record = _record(rich_record, history={"current_treatment": [{"value": "ice packs", "detail": "used for a day, no change"}]})
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(
            parser.add("Tried anything for it?", ["ask_receiving_treatment"])).text
        assert "ice packs" in text and "used for a day" not in text and ", no change" not in text, text


# ---------------------------------------------------- 2. unsure topics named


def _unsure(intent: str, items: list[str]) -> IntentAnswer:
    fill = Fill(", ".join(items), items=tuple(items))
    return IntentAnswer(intent, question_key(intent, items),
                        (Statement(intent, "not_recorded", "not_recorded", {"asked": fill}),))


def test_a_long_not_sure_names_every_topic_once():
    answers = merge_unsure([_unsure("ask_contact_history", ["travel", "insects"]),
                            _unsure("ask_living_habit", ["sleeping position", "stress", "travel"])])
    merged = [s for a in answers for s in a.statements]
    assert len(merged) == 1
    assert merged[0].fills["asked"].items == ("travel", "sleeping position", "insects", "stress")


def test_an_unsure_reply_never_hides_topics_as_the_other_things(rich_record, parser, make_agent):
    # measurements a patient may not know (symptoms the record does not hold are denied instead)
    asked = ["blood sugar", "cholesterol", "kidney function", "oxygen levels", "thyroid levels"]
    for seed in SEEDS:
        text = make_agent(rich_record, parser, seed=seed).respond(
            parser.add("Blood sugar, cholesterol, kidney function, oxygen levels, thyroid levels?", ["ask_symptom"],
                       {"symptom": asked})).text
        assert "other things" not in text and "rest of those" not in text, text
        assert all(item in text.lower() for item in asked), text


# ----------------------------------------------- 4. denial, then affirmation


def test_a_fact_said_after_a_denial_never_opens_with_yes(rich_record, parser, make_agent):
    record = _record(rich_record, history={"past_diagnoses": [{"value": "eczema"}]})
    for seed, persona in [(seed, persona) for seed in SEEDS for persona in ("phlegmatic", "sanguine,volunteer")]:
        text = make_agent(record, parser, seed=seed, persona=persona).respond(parser.add(
            "Allergic to latex? And any illnesses?", ["ask_allergic_history", "ask_past_diagnosis"],
            {"allergy": ["latex"]})).text
        sentences = _sentences(text)
        denial = next(i for i, s in enumerate(sentences) if s.startswith("No"))
        assert "eczema" in text, text
        assert not any(s.startswith("Yes") for s in sentences[denial + 1:]), text


# ------------------------------------------- 6. no "Yes" to an unstated change


def test_a_reading_is_reported_not_affirmed_as_a_change(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = make_agent(rich_record, parser, seed=seed).respond(parser.add(
            "Has your blood pressure changed?", ["ask_medical_examination"],
            {"medical_examination": ["blood pressure"]})).text
        assert "blood pressure" in text and "Yes" not in text, text


# ------------------------------------------- 7. only what was asked


@pytest.mark.parametrize("asked", ["heart problems", "kidney disease"])
def test_a_denied_kind_is_not_followed_by_unrelated_history(rich_record, parser, make_agent, asked):
    record = _record(rich_record, history={"past_diagnoses": [{"value": "eczema"}, {"value": "hay fever"}]})
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(parser.add(
            f"Any {asked}?", ["ask_past_diagnosis"], {"past_diagnosis": [asked]})).text
        assert text.startswith(("No", "Hmm", "Mm", "Well")) or "No" in text, text
        assert "eczema" not in text and "hay fever" not in text, text


# --------------------------------------- 5. recall about the patient's own life


def test_an_empty_own_life_field_gets_recall_not_a_hedge(rich_record, parser, make_agent):
    record = _record(rich_record, history={"exposures": [], "trauma_surgery": []})
    for seed in SEEDS:
        agent = make_agent(record, parser, seed=seed)
        text = agent.respond(parser.add("Been near any goats?", ["ask_contact_history"], {"exposure": ["goats"]})).text
        assert "Goats?" in text and re.search(r"nothing (?:comes to mind|that I can think of)", text, re.I), text
        assert "not sure" not in text and "don't really know" not in text and "couldn't say" not in text, text


def test_recall_never_denies_an_item_the_record_holds_elsewhere(rich_record, parser, make_agent):
    record = _record(rich_record, history={"exposures": []},
                     social={"living_habits": [{"value": "walks the neighbour's dog daily"}]})
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(
            parser.add("Any contact with dogs?", ["ask_contact_history"], {"exposure": ["dogs"]})).text
        assert not text.startswith("No") and "comes to mind" not in text and "think of" not in text, text


def test_recall_answers_to_several_questions_are_said_once(rich_record, parser, make_agent):
    record = _record(rich_record, history={"exposures": [], "trauma_surgery": []})
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(parser.add(
            "Been near goats? Any dental work?", ["ask_contact_history", "ask_trauma_surgery"],
            {"exposure": ["goats"], "trauma_surgery": ["dental work"]})).text
        assert "Goats or dental work?" in text, text
        assert len(re.findall(r"comes to mind|think of|recall", text)) == 1, text


def test_no_hedge_is_glued_before_a_contrasting_but(rich_record, parser, make_agent):
    for seed in range(30):
        agent = make_agent(rich_record, parser, seed=seed, persona="melancholic,uncertain")
        text = agent.respond(parser.add("Allergic to latex? Anything in the family?",
                                        ["ask_allergic_history", "ask_family_history"], {"allergy": ["latex"]})).text
        assert "heart disease" in text and not re.search(r"\bbut,? [Bb]ut\b", text), text


# ------------------------------------------------------------- 1. articles


def test_a_described_organ_takes_its_article_a_bare_one_does_not():
    from tod.patient.voice import with_article

    assert with_article("underactive thyroid") == "an underactive thyroid"
    assert with_article("slipped disc") == "a slipped disc"
    assert with_article("thyroid") == "thyroid"
    assert with_article("type 2 diabetes") == "type 2 diabetes"
