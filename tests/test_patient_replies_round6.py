"""Replies, round 6 of issue 15: a named symptom no record fact touches is one the patient
does not have (a soft first-person denial, marked as unrecorded), "not sure" only for what a
patient may really not know, no checklist read back, catch-alls read from the turn's words,
symptoms matched where the question places them (made-up records and turns)."""

from __future__ import annotations

import re

import pytest

from tod.nlu.types import TurnParse
from tod.patient.query_words import text_catch_alls
from tod.records.model import Record

from reply_support import edited, reply_to, statements_of

SEEDS = range(6)
_UNSURE = re.compile(r"not sure|couldn't say|don't really know|don't know", re.IGNORECASE)
#: A reply that opens with a denial, after a persona's opening fragment ("Mm. No, ...").
_DENIES = re.compile(r"^(?:[A-Z][a-z]*\. )?No\b")
_YES_OR_NO = re.compile(r"^(?:[A-Z][a-z]*\. )?(?:Yes|No)\b")


# ------------------------------------------------ 1. unrecorded symptoms are denied


def test_a_symptom_the_record_never_mentions_is_denied_softly_in_the_first_person(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any nosebleeds?", ["ask_symptom"], {"symptom": ["nosebleeds"]})
        assert _DENIES.match(reply.text) and "nosebleeds" in reply.text, reply.text
        assert not _UNSURE.search(reply.text) and reply.provenance == (), reply.text


def test_the_denial_of_an_unrecorded_symptom_says_so_in_its_statement(rich_record, parser, make_agent):
    statements = statements_of(rich_record, parser, make_agent, "Any nosebleeds?", ["ask_symptom"], {"symptom": ["nosebleeds"]})
    assert [(s.variant, s.outcome, s.all_paths) for s in statements] == [("absent_unrecorded", "denied", ())]


def test_several_unrecorded_symptoms_are_denied_without_reading_them_back(rich_record, parser, make_agent):
    asked = ["nosebleeds", "hiccups", "ringing in the ears"]
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Nosebleeds, hiccups or ringing in the ears?",
                      ["ask_symptom"], {"symptom": asked}).text
        assert _DENIES.match(text) and not any(item in text.lower() for item in asked), text


def test_a_parent_denies_an_unrecorded_symptom_of_the_child(child_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(child_record, parser, make_agent, seed, "Any vomiting?", ["ask_symptom"], {"symptom": ["vomiting"]}).text
        assert _DENIES.match(text) and "she hasn't had any vomiting" in text, text


def test_a_question_about_an_unrecorded_symptom_as_if_present_is_corrected(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "How long have you had the nosebleeds?",
                      ["ask_symptom_duration"], {"symptom": ["nosebleeds"]}).text
        assert "haven't actually had any nosebleeds" in text and not _UNSURE.search(text), text


def test_a_related_recorded_symptom_is_stated_instead_of_a_denial(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any discomfort?", ["ask_symptom"], {"symptom": ["discomfort"]})
        assert "symptoms[0]" in reply.provenance and not _DENIES.match(reply.text), reply.text


@pytest.mark.parametrize("item", ["blood sugar", "HIV", "rough skin"])
def test_what_a_patient_may_not_know_or_what_touches_the_record_is_not_denied(item, rich_record, parser, make_agent):
    # a measurement, a possible diagnosis, and a word of a recorded descriptor (a rough rash)
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, f"Any {item}?", ["ask_symptom"], {"symptom": [item]}).text
        assert not _DENIES.match(text) and _UNSURE.search(text), text


def test_an_unrecorded_attribute_is_said_to_be_unchanged(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Any change in your sleep?", ["ask_symptom"],
                      {"symptom": ["sleep"]}).text
        assert "haven't noticed any change in sleep" in text, text


def test_an_unrecorded_descriptor_of_a_recorded_symptom_is_said_as_a_patient_would(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Where is the rash?", ["ask_symptom_description_position"],
                      {"symptom": ["rash"]}).text
        assert "rash" in text and not _UNSURE.search(text), text


# ------------------------------------------------------ 2. no checklist read back


def test_a_recall_answer_about_three_items_reads_none_back(rich_record, parser, make_agent):
    asked = ["caffeine", "spicy foods", "skincare products"]
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Caffeine, spicy foods, skincare products?",
                      ["ask_living_habit"], {"living_habit": asked}).text
        assert "comes to mind" in text and not any(item in text.lower() for item in asked), text


def test_a_recall_answer_about_two_items_names_them(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Caffeine or spicy foods?", ["ask_living_habit"],
                      {"living_habit": ["caffeine", "spicy foods"]}).text
        assert "caffeine or spicy foods" in text.lower(), text


def test_a_reply_to_several_topics_echoes_at_most_one_as_a_question(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "What do you do, any habits, do you drink?",
                      ["ask_occupation", "ask_living_habit", "ask_alcohol"]).text
        assert len(re.findall(r"(?:^|[.!] )[A-Z][^.?!]{0,60}\?", text)) <= 1, text


# ------------------------------------------------------------------- 3. catch-alls


@pytest.mark.parametrize(("text", "expected"), [
    ("Do you have a weakened immune system or any other medical conditions?", {"ask_past_diagnosis": "other conditions"}),
    ("Any chronic conditions?", {"ask_past_diagnosis": "other conditions"}),
    ("Is there a cough, or any other symptoms like fever?", {"ask_symptom": "other symptoms"}),
    ("Any heart disease or other conditions in the family?", {"ask_family_history": "other conditions"}),
    ("Does anyone in your family have any other illnesses?", {"ask_family_history": "other illnesses"}),
    ("Any other symptoms related to your kidneys?", {}),
    ("Any heart problems?", {}),
])
def test_catch_alls_are_read_from_the_doctors_words(text, expected):
    assert text_catch_alls(text) == expected


def test_a_catch_all_in_the_words_states_the_recorded_conditions(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed,
                       "Do you have a weakened immune system or any other medical conditions?",
                       ["ask_past_diagnosis"], {"past_diagnosis": ["weakened immune system"]})
        assert "asthma" in reply.text and "history.past_diagnoses[0]" in reply.provenance, reply.text


def test_any_other_symptoms_gives_the_remaining_present_ones(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Do you have a rash, or any other symptoms?",
                       ["ask_symptom"], {"symptom": ["rash"]})
        assert {"symptoms[0]", "symptoms[1]", "symptoms[2]"} <= set(reply.provenance), reply.text


def test_other_conditions_in_the_family_gives_the_other_family_items(rich_record, parser, make_agent):
    record = edited(rich_record, family_history=[{"value": "coronary artery disease", "detail": "father"},
                                                  {"value": "glaucoma", "detail": "mother"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any heart disease or other conditions in the family?",
                       ["ask_family_history"], {"family_history": ["heart disease"]})
        assert {"history.family_history[0]", "history.family_history[1]"} <= set(reply.provenance), reply.text


# ------------------------------------------------------------- 4. body parts


def test_an_unlocated_pain_is_not_confirmed_as_joint_pain(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[{"name": "pain"}, {"name": "cough"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any joint pain?", ["ask_symptom"], {"symptom": ["joint pain"]})
        # the pain may be said only as what the doctor may mean, never confirmed as joint pain
        linked = "if that's what you mean" in reply.text or "not sure about that as such" in reply.text
        assert ("symptoms[0]" not in reply.provenance or linked) and not _YES_OR_NO.match(reply.text), reply.text


def test_a_pain_placed_in_a_joint_answers_a_joint_pain_question(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[{"name": "pain", "position": "left knee"}, {"name": "cough"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any joint pain?", ["ask_symptom"], {"symptom": ["joint pain"]})
        assert "symptoms[0]" in reply.provenance, reply.text


def test_a_pain_elsewhere_does_not_answer_a_forearm_question(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[{"name": "chest pain"}, {"name": "cough"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any forearm pain?", ["ask_symptom"], {"symptom": ["forearm pain"]})
        assert reply.provenance == () and _DENIES.match(reply.text) and "forearm pain" in reply.text, reply.text


# ---------------------------------------------------------- 5. only what was asked


def test_a_quiet_patient_says_only_the_named_symptom(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any rash?", ["ask_symptom"], {"symptom": ["rash"]})
        assert reply.provenance == ("symptoms[1]",), reply.text


# ------------------------------------------------------------- the fidelity bench


def test_the_bench_counts_unrecorded_denials_apart_and_finds_none_false(rich_record, parser, make_agent):
    from eval.bench_replies import check_denials, unrecorded_denied
    from eval.reply_checks import Categories

    agent = make_agent(rich_record, parser)
    parse = TurnParse("Nosebleeds or hiccups?", ("ask_symptom",), {"symptom": ["nosebleeds", "hiccups"]})
    answers = agent.policy.answer(parse, agent.state)
    queries = {a.intent: agent.policy.queries(a.intent, parse) for a in answers}
    assert unrecorded_denied(answers) == 2
    assert check_denials(rich_record, answers, queries, Categories()) == []


def test_the_bench_finds_an_unrecorded_denial_that_contradicts_a_present_fact(rich_record, parser, make_agent):
    from dataclasses import replace

    from eval.bench_replies import check_denials
    from eval.reply_checks import Categories
    from tod.patient.acts import Fill

    agent = make_agent(rich_record, parser)
    parse = TurnParse("Any nosebleeds?", ("ask_symptom",), {"symptom": ["nosebleeds"]})
    answer = agent.policy.answer(parse, agent.state)[0]
    # a (made-up) wrong denial of the recorded rash, marked as unrecorded: still a false denial
    wrong = replace(answer.statements[0], fills={"asked": Fill("rash", items=("rash",))})
    found = check_denials(rich_record, [replace(answer, statements=(wrong,))], {"ask_symptom": ["rash"]}, Categories())
    assert len(found) == 1 and "absent_unrecorded" in found[0]


@pytest.mark.parametrize("guess", ["pneumonia", "kidney stones", "gastritis", "flu", "T2DM"])
def test_a_diagnosis_guessed_as_a_symptom_is_never_denied(guess, rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, f"Could it be {guess}?", ["ask_symptom"], {"symptom": [guess]}).text
        # a "not sure" that names no item ("T2DM" is not echoed as "T DM") may say the patient
        # has not paid attention; never that they have not had it
        assert not _DENIES.match(text) and not re.search(r"haven't (?:had|got|been)", text), text


def test_a_question_naming_no_item_gets_the_facts_of_its_topic(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["social"]["reproductive_history"] = [{"value": "menopause at 50"}, {"value": "three children"}]
    record = Record.model_validate(data)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Have you ever been pregnant?", ["ask_reproductive_history"])
        assert reply.provenance == ("social.reproductive_history[1]",), reply.text
        # a question of no topic of the field gets all of it
        reply = reply_to(record, parser, make_agent, seed, "Anything else I should know?", ["ask_reproductive_history"])
        assert len(reply.provenance) == 2, reply.text
