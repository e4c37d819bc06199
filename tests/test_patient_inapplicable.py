"""Items that do not apply to the patient (issue 15): an item or test of the other sex and an adult
item asked of a child get a "does not apply" answer from the demographics, unless the record
mentions the item; events of birth are not illnesses. Made-up records and turns."""

from __future__ import annotations

import re

import pytest

from tod.patient.applies import Applicability
from tod.lexicon import LexiconError

from reply_support import SEEDS, ask, edited, reply_to, updated


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


@pytest.mark.parametrize(("text", "item", "applies"), [
    ("Any irregular periods?", "irregular periods", False),
    ("Do you get period pain?", "period pain", False),
    ("Any pain for long periods of time?", "pain for long periods of time", True),
])
def test_a_menstrual_period_is_of_a_woman_a_stretch_of_time_of_anyone(example_record, parser, make_agent, text, item, applies):
    """A period named with what only a menstrual one has ("irregular periods", "period pain")
    does not apply to a man; "periods of time" is no menstrual period."""
    for seed in SEEDS:
        reply = reply_to(example_record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert ("a man, so no" in reply.text) is not applies, reply.text


def test_the_other_items_of_the_turn_are_still_answered(child_record, parser, make_agent):
    boy = edited(child_record, demographics={"sex": "male"})
    for seed in SEEDS:
        reply = reply_to(boy, parser, make_agent, seed, "Any vaginal discharge or cough?", ["ask_symptom"],
                         {"symptom": ["vaginal discharge", "cough"]})
        assert "a boy, so no" in reply.text and "symptoms[0]" in reply.provenance, reply.text
        # beside another item the answer names what it answers, never read as the cough's
        assert re.search(r"vaginal discharge\? (?:No, )?\w+ is a boy", reply.text, re.IGNORECASE), reply.text


def test_an_item_of_the_other_sex_beside_another_question_names_what_it_answers(example_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(example_record, parser, make_agent, seed,
                         "Any blood in your urine? Have you had a pregnancy ultrasound?",
                         ["ask_symptom", "ask_medical_examination"],
                         {"symptom": ["blood in your urine"], "medical_examination": ["pregnancy ultrasound"]})
        assert re.search(r"pregnancy ultrasound\? (?:No, )?I'm a man", reply.text, re.IGNORECASE), reply.text


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
    path.write_text("sex: {female: [womb], male: [prostate]}\nadult: [pregnancy]\nevents: [preterm]\ndependants: [baby]\n", encoding="utf-8")
    rules = Applicability.load(path)
    assert rules.other_sex("a prostate check", "female") == ["prostate"] and not rules.other_sex("womb", "female")
    assert rules.other_sex("womb", None) == [] and rules.event("a preterm baby") and not rules.event("asthma")
    assert rules.dependant("Is your baby feeding well?") == "baby" and rules.dependant("Any babies in the family?") is None
    path.write_text("sex: {female: [womb]}\nadult: [x]\nevents: [y]\ndependants: [z]\n", encoding="utf-8")
    with pytest.raises(LexiconError):
        Applicability.load(path)


@pytest.mark.parametrize("diagnoses", [[], [{"value": "eczema"}]])
def test_a_birth_event_is_not_denied_as_an_illness(diagnoses, child_record, parser, make_agent):
    record = edited(child_record, past_diagnoses=diagnoses)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Was she born premature?", ["ask_past_diagnosis"],
                         {"past_diagnosis": ["premature birth"]})
        assert "nothing like that" in reply.text and not re.search(r"illness|diagnosed", reply.text), reply.text


def test_topics_that_do_not_apply_are_said_not_to_apply(rich_record, parser, make_agent):
    man = updated(rich_record, social={"reproductive_history": []})
    man.case.demographics.sex = "male"
    text = ask(make_agent(man, parser), parser, "Any changes in your periods?", "ask_reproductive_history")
    assert "doesn't apply" in text or "applies to me" in text, text
    child = updated(rich_record, social={"alcohol": None, "sexual_history": []})
    child.case.demographics.age_years = 6
    agent = make_agent(child, parser)
    for intent in ("ask_alcohol", "ask_coitus"):
        text = ask(agent, parser, "Any of that?", intent)
        assert "just a child" in text or "too young" in text, (intent, text)


BABY_TURN = "Has your baby had any fever or rash? How is your baby feeding?"


def test_a_turn_about_a_baby_the_record_rules_out_gets_the_premise_answer(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, BABY_TURN, ["ask_symptom", "ask_physical_change"],
                         {"symptom": ["fever", "rash"], "physical_change": ["feeding"]})
        assert re.search(r"(?:don't have a|There's no) baby", reply.text), reply.text
        assert reply.provenance == ("demographics.age_years",) and "rash" not in reply.text, reply.text


def test_a_parent_is_asked_about_the_child_as_a_baby(child_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(child_record, parser, make_agent, seed, BABY_TURN, ["ask_symptom"], {"symptom": ["fever"]})
        assert not re.search(r"(?:don't have a|There's no) baby", reply.text) and "fever" in reply.text, reply.text


def test_a_recorded_birth_keeps_the_baby_premise(rich_record, parser, make_agent):
    mother = updated(rich_record, social={"reproductive_history": [{"value": "delivered a baby girl",
                                                                    "detail": "three weeks ago"}]})
    for seed in SEEDS:
        reply = reply_to(mother, parser, make_agent, seed, BABY_TURN, ["ask_symptom"], {"symptom": ["fever", "rash"]})
        assert not re.search(r"(?:don't have a|There's no) baby", reply.text) and "fever" in reply.text, reply.text
