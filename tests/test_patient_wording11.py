"""Replies, round 11 of issue 15 (wording): the doctor's item is said back in the doctor's
own words and in a frame its shape fits (a body system, a quality of a thing, a part with
its adjective after it, a normal doing, a fragment with a number inside), never two "But"
sentences in a row, and an honest link whose fact was said already still answers its item
(made-up records and turns)."""

from __future__ import annotations

import random

import pytest

from tod.patient.acts import Fill, IntentAnswer, Statement

from tod.patient.matching import normalise, own_word
from tod.patient.nlg import TemplateRenderer
from tod.patient.persona import Persona
from tod.patient.query_words import class_topic
from tod.patient.spoken import asked_shape
from tod.patient.templates import default_bank
from tod.patient.voice import Voice, echo_item

from reply_support import replies_to


# ------------------------------------------------ 1. the doctor's own word, never a stem


@pytest.mark.parametrize(("word", "form"), [("sinus", "sinus"), ("arthritis", "arthritis"), ("pelvis", "pelvis"),
                                            ("headaches", "headache"), ("glass", "glass")])
def test_a_singular_ending_in_s_is_not_cut_as_a_plural(word, form):
    assert normalise(word) == form


def test_the_doctors_word_is_found_for_its_stem():
    assert own_word("Any Pancreas disease?", normalise("pancreas")) == "pancreas"
    assert own_word("kidneys", "kidney") == "kidneys"
    assert own_word("heart disease", "lung") == "lung"


def test_a_class_is_said_with_the_doctors_word():
    assert class_topic("sinus disease") == "sinus problems"
    assert class_topic("pancreas disease") == "pancreas problems"


# ------------------------------------------------ 2. the shape of the doctor's item


@pytest.mark.parametrize(("items", "shape"), [
    (["immune system"], "part"), (["urinary tract"], "part"), (["nose"], "part"),
    (["appearance", "texture"], "quality"), (["colour"], "quality"),
    (["nose dry"], "other"), (["skin itchy"], "other"), (["knee swollen"], "other"),
    (["staying asleep"], "doing"), (["sleeping"], "doing"), (["passing urine"], "doing"),
    (["trouble sleeping"], "problem"), (["dry skin"], "problem"), (["hearing"], "part"), (["headaches"], "problem"),
])
def test_an_item_is_classed_by_its_shape(items, shape):
    assert asked_shape(items) == shape


@pytest.mark.parametrize(("turn", "item", "said", "never"), [
    ("Any issues with the immune system?", "immune system", "problems with my immune system", "no immune system"),
    ("Any issues with your kidneys?", "your kidneys", "problems with my kidneys", "my my"),
    ("Any changes in look or texture?", "look or texture", "nothing unusual about it", "no look"),
    ("Is the nose dry?", "nose dry", "nothing like that", "nose dry"),
    ("Any bother staying awake?", "staying awake", "trouble staying awake", "no staying awake"),
])
def test_an_unrecorded_item_is_denied_in_its_shapes_frame(rich_record, parser, make_agent, turn, item, said, never):
    items = item.split(" or ")
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_symptom"], {"symptom": items}):
        assert said in text.lower() and never not in text.lower(), text


def test_a_caregiver_owns_a_part_as_the_childs(child_record, parser, make_agent):
    for text in replies_to(child_record, parser, make_agent, "Problems with the immune system?", ["ask_symptom"],
                           {"symptom": ["immune system"]}):
        assert "her immune system" in text, text


# ------------------------------------------------ 3. a number inside an item


@pytest.mark.parametrize("item", ["CD4 cell count", "vitamin B12 level", "type 2 diabetes"])
def test_an_item_with_a_number_inside_is_not_echoed(item):
    assert echo_item(item) == ""


def test_numbers_at_an_items_edge_still_leave_it_echoed():
    assert echo_item("fasting glucose 14") == "fasting glucose"
    assert echo_item("COVID-19") == "COVID"


def test_a_not_sure_about_an_item_with_a_number_inside_names_no_fragment(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "What was your last HbA1c reading?", ["ask_symptom"],
                           {"symptom": ["HbA1c reading"]}):
        assert "reading" not in text and "HbA" not in text, text


# ------------------------------------------------ 4. one "But" at a time


def _said(statements: list[Statement], seed: int) -> str:
    renderer = TemplateRenderer(default_bank(), Voice("patient"), Persona(), random.Random(seed))
    answer = IntentAnswer("ask_symptom", ("ask_symptom", ()), tuple(statements))
    return renderer.answers([answer]).text


def test_two_but_sentences_never_follow_each_other():
    # "But nothing else like that." then a recall about the rest: the second is said without "But"
    others = Statement("common", "absent_unrecorded_others", "denied", {"asked": Fill("fever, chills or cramps")})
    recall = Statement("common", "not_recalled_but", "not_recorded", {"asked": Fill("sleep patterns")})
    for seed in range(6):
        text = _said([others, recall], seed)
        assert "sleep patterns" in text and text.count("But ") <= 1, text


# ------------------------------------------------ 5. an honest link whose fact was said


def _smoker(record):
    data = record.model_dump()
    data["case"]["social"]["tobacco"] = {"status": "present", "value": "6 cigarettes a day"}
    return type(record).model_validate(data)


def test_an_item_linked_to_a_fact_said_already_keeps_an_answer(rich_record, parser, make_agent):
    record = _smoker(rich_record)
    for text in replies_to(record, parser, make_agent, "Do you smoke? Around pipe smoke at all?",
                           ["ask_tobacco", "ask_contact_history"], {"exposure": ["pipe smoke"]}):
        assert text.count("6 cigarettes") == 1, text
        assert "pipe smoke" in text.lower() and "apart from what i've told you" in text.lower(), text


def test_an_honest_link_alone_still_says_its_fact(rich_record, parser, make_agent):
    for text in replies_to(_smoker(rich_record), parser, make_agent, "Around pipe smoke at all?",
                           ["ask_contact_history"], {"exposure": ["pipe smoke"]}):
        assert "6 cigarettes" in text and "if that's what you mean" in text, text

