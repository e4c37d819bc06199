"""Replies, round 10d of issue 15 (made-up records and turns): no "Yes" with a fact the named
item does not match, no reply that contradicts itself, items of the other sex or of adults
answered from the demographics, and events of birth not framed as illnesses."""

from __future__ import annotations

import re

import pytest

from tod.patient.applies import Applicability
from tod.patient.lexicon import LexiconError

from reply_support import edited, replies_to, reply_to

SEEDS = range(6)
_YES = re.compile(r"^(?:[A-Z][a-z]*\. )?(?:Yes|Well, there was)\b")


# ------------------------------- 1. a "Yes" only with a fact that matches the named item


@pytest.mark.parametrize("text,slots", [
    ("Any head trauma?", {}),
    ("Any trauma to the breast?", {"trauma_surgery": ["trauma"]}),
    ("Have you had any injuries to your head?", {"trauma_surgery": ["injuries"]}),
])
def test_an_injury_placed_on_the_body_is_not_answered_with_another_operation(text, slots, rich_record, parser,
                                                                             make_agent):
    record = edited(rich_record, trauma_surgery=[{"value": "coronary stent", "detail": "2019"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_trauma_surgery"], slots)
        assert not _YES.match(reply.text) and "stent" not in reply.text, reply.text
        assert re.search(r"head|breast", reply.text), reply.text


def test_an_injury_placed_where_the_record_has_one_is_said(rich_record, parser, make_agent):
    record = edited(rich_record, trauma_surgery=[{"value": "coronary stent"}, {"value": "head injury", "detail": "2015"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any head trauma?", ["ask_trauma_surgery"])
        assert reply.provenance == ("history.trauma_surgery[1]",), reply.text


def test_a_bare_question_about_operations_still_lists_them(rich_record, parser, make_agent):
    record = edited(rich_record, trauma_surgery=[{"value": "coronary stent"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any operations or injuries?", ["ask_trauma_surgery"])
        assert reply.provenance == ("history.trauma_surgery[0]",), reply.text


# ---------------------------------------------------- 2. no reply contradicts itself


def test_a_treatments_tried_recall_beside_a_medicine_is_about_the_rest(rich_record, parser, make_agent):
    record = edited(rich_record, current_treatment=[], medications=[{"value": "ibuprofen 200 mg", "detail": "when needed"}])
    texts = replies_to(record, parser, make_agent, "What do you take? Have you tried anything for the pain?",
                       ["ask_past_medication", "ask_receiving_treatment"])
    for text in texts:
        assert "ibuprofen" in text and re.search(r"Apart from the medicines I take|Besides my usual medicines", text), text


def test_a_treatment_in_the_other_field_answers_a_medicine_question(rich_record, parser, make_agent):
    record = edited(rich_record, current_treatment=[{"value": "ibuprofen 200 mg"}], medications=[])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "What medications are you on?", ["ask_past_medication"])
        assert reply.provenance == ("history.current_treatment[0]",) and "comes to mind" not in reply.text, reply.text


@pytest.mark.parametrize("diagnoses", [[], [{"value": "eczema"}]])
def test_a_category_the_present_symptoms_belong_to_is_not_denied(diagnoses, child_record, parser, make_agent):
    record = edited(child_record, past_diagnoses=diagnoses)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any recent respiratory infections?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["respiratory infections"]})
        assert "symptoms[0]" in reply.provenance and not re.match(r"(?:[A-Z][a-z]*\. )?No\b", reply.text), reply.text


def test_a_positive_question_about_an_attribute_is_not_answered_no(child_record, parser, make_agent):
    for text in replies_to(child_record, parser, make_agent, "Is she feeding well?", ["ask_physical_change"],
                           {"physical_change": ["feeding"]}):
        assert "change in feeding" in text and not re.match(r"(?:[A-Z][a-z]*\. )?No\b", text), text


# ------------------------------------- 3. items of the other sex, or of adults, do not apply


def test_an_item_of_the_other_sex_gets_the_does_not_apply_answer(child_record, parser, make_agent):
    boy = edited(child_record, demographics={"sex": "male"})
    for seed in SEEDS:
        reply = reply_to(boy, parser, make_agent, seed, "Any vaginal discharge?", ["ask_symptom"],
                         {"symptom": ["vaginal discharge"]})
        assert "a boy, so no" in reply.text and reply.provenance == ("demographics.sex",), reply.text


def test_a_test_of_the_other_sex_gets_the_does_not_apply_answer(example_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(example_record, parser, make_agent, seed, "Have you had a pregnancy ultrasound?",
                         ["ask_medical_examination"], {"medical_examination": ["pregnancy ultrasound"]})
        assert "a man, so no" in reply.text and "done" not in reply.text, reply.text


def test_the_other_items_of_the_turn_are_still_answered(child_record, parser, make_agent):
    boy = edited(child_record, demographics={"sex": "male"})
    for seed in SEEDS:
        reply = reply_to(boy, parser, make_agent, seed, "Any vaginal discharge or cough?", ["ask_symptom"],
                         {"symptom": ["vaginal discharge", "cough"]})
        assert "a boy, so no" in reply.text and "symptoms[0]" in reply.provenance, reply.text


def test_an_adult_item_asked_of_a_child_is_too_young(child_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(child_record, parser, make_agent, seed, "Could she be pregnant?", ["ask_symptom"],
                         {"symptom": ["pregnant"]})
        assert "just a child" in reply.text, reply.text


def test_an_item_the_record_mentions_is_answered_from_the_record(rich_record, parser, make_agent):
    # a record that names the item answers it, whatever its recorded sex
    record = edited(rich_record, demographics={"sex": "male"})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any vaginal discharge?", ["ask_symptom"],
                         {"symptom": ["vaginal discharge"]})
        assert "symptoms[2]" in reply.provenance and "so no" not in reply.text, reply.text


def test_a_relatives_condition_of_the_other_sex_is_still_asked(example_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(example_record, parser, make_agent, seed, "Any ovarian cancer in the family?",
                         ["ask_family_history"], {"family_history": ["ovarian cancer"]})
        assert "so no" not in reply.text and "demographics.sex" not in reply.provenance, reply.text


def test_the_word_lists_are_data(tmp_path):
    path = tmp_path / "applies.yaml"
    path.write_text("sex: {female: [womb], male: [prostate]}\nadult: [pregnancy]\nevents: [preterm]\n", encoding="utf-8")
    rules = Applicability.load(path)
    assert rules.other_sex("a prostate check", "female") == ["prostate"] and not rules.other_sex("womb", "female")
    assert rules.other_sex("womb", None) == [] and rules.event("a preterm baby") and not rules.event("asthma")
    path.write_text("sex: {female: [womb]}\nadult: [x]\nevents: [y]\n", encoding="utf-8")
    with pytest.raises(LexiconError):
        Applicability.load(path)


# ----------------------------------------- 4. events of birth are not illnesses


@pytest.mark.parametrize("diagnoses", [[], [{"value": "eczema"}]])
def test_a_birth_event_is_not_denied_as_an_illness(diagnoses, child_record, parser, make_agent):
    record = edited(child_record, past_diagnoses=diagnoses)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Was she born premature?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["premature birth"]})
        assert "nothing like that" in reply.text and not re.search(r"illness|diagnosed", reply.text), reply.text


def test_a_past_illness_of_the_category_is_said_with_the_present_symptoms(child_record, parser, make_agent):
    record = edited(child_record, past_diagnoses=[{"value": "bronchiolitis", "detail": "as a baby"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Has she had any chest infections?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["chest infections"]})
        assert {"history.past_diagnoses[0]", "symptoms[0]"} <= set(reply.provenance), reply.text
