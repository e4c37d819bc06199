"""Replies, round 5 of issue 15: a question about a kind of condition is never denied while
the record holds conditions, a denial in a turn of several questions says what it denies
without repeating the doctor's guess, and no "always been healthy" (made-up records and turns)."""

from __future__ import annotations

import pytest

from tod.patient.query_words import class_topic
from tod.records.model import Record

SEEDS = range(6)


def _with_diagnoses(record: Record, *diagnoses: dict[str, str]) -> Record:
    data = record.model_dump()
    data["case"]["history"]["past_diagnoses"] = list(diagnoses)
    return Record.model_validate(data)


def _reply(record: Record, parser, make_agent, seed: int, text: str, intents: list[str],
           items: list[str] | None = None) -> str:
    slots = {"past_diagnosis": items} if items else {}
    return make_agent(record, parser, seed=seed).respond(parser.add(text, intents, slots)).text


# ----------------------------------------------------------- 1. class questions


@pytest.mark.parametrize(("query", "topic"), [
    ("heart problems", "heart problems"),
    ("kidney diseases", "kidney problems"),
    ("autoimmune disorders", "autoimmune problems"),
    ("chronic conditions", None),
    ("medical problems", None),
    ("gout", None),
    ("inflammatory bowel disease", None),
])
def test_class_topic_names_a_kind_of_condition_by_its_one_qualifier(query, topic):
    assert class_topic(query) == topic


@pytest.mark.parametrize("question", ["any chronic conditions", "medical problems", "health issues", "disorders"])
def test_a_generic_class_question_states_every_recorded_condition(question, rich_record, parser, make_agent):
    record = _with_diagnoses(rich_record, {"value": "eczema"}, {"value": "gout"})
    for seed in SEEDS:
        text = _reply(record, parser, make_agent, seed, f"Any {question}?", ["ask_past_diagnosis"], [question])
        assert "eczema" in text and "gout" in text and "No," not in text, text


@pytest.mark.parametrize("organ", ["heart", "kidney"])
def test_a_system_class_question_is_denied_by_its_class_and_only_its_members_follow(organ, rich_record, parser,
                                                                                   make_agent):
    record = _with_diagnoses(rich_record, {"value": "gout"}, {"value": "bronchitis"})
    for seed in SEEDS:
        # strict guard: the class as the patient says it passes as what the doctor named
        text = _reply(record, parser, make_agent, seed, f"Any {organ} disease?", ["ask_past_diagnosis"],
                      [f"{organ} disease"])
        assert f"{organ} problems" in text and "gout" not in text and "not that one" not in text, text
        assert f"{organ} disease" not in text, text
        # a member of the asked class is stated, not denied
        text = _reply(record, parser, make_agent, seed, "Lung problems?", ["ask_past_diagnosis"], ["lung problems"])
        assert "bronchitis" in text and "No," not in text, text


# ------------------------------------------------ 2. denials in a turn of several questions


def test_a_denial_among_several_questions_names_its_topic_not_the_guess(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = _reply(rich_record, parser, make_agent, seed, "Any lupus? Do you smoke?",
                      ["ask_past_diagnosis", "ask_tobacco"], ["lupus"])
        assert "lupus" not in text.lower() and "illness" in text and "that one" not in text, text


def test_a_denial_of_one_asked_item_may_point_back_at_it(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = _reply(rich_record, parser, make_agent, seed, "Any lupus?", ["ask_past_diagnosis"], ["lupus"])
        assert "lupus" not in text.lower() and "never" in text and "not that one" not in text, text


# ------------------------------------------------------------ 3. no "always healthy"


def test_a_patient_with_complaints_and_no_conditions_is_never_called_healthy(child_record, parser, make_agent):
    record = _with_diagnoses(child_record, {"status": "denied"})
    for seed in SEEDS:
        text = _reply(record, parser, make_agent, seed, "Any medical problems?", ["ask_past_diagnosis"])
        assert "healthy" not in text and ("medical conditions" in text or "diagnosed" in text), text
