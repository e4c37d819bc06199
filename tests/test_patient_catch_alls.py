"""Catch-all questions and recall answers (issue 15): "any other symptoms?" and the like are read
from the doctor's words and answered with the remaining recorded items; a field with nothing
recorded gets a recall ("nothing comes to mind") that names its topic once per item and owner.
Made-up records and turns."""

from __future__ import annotations

import re

import pytest

from tod.patient.query_words import text_catch_alls

from reply_support import SEEDS, ask, edited, replies_to, reply_to, statements_of, updated

_BARE_NONE = re.compile(r"(?:^|[.?] )(?:No, )?(?:nothing (?:like that )?comes to mind|nothing that I can think of)",
                        re.IGNORECASE)


def test_unrecorded_topics_a_patient_knows_are_answered_as_recall(rich_record, parser, make_agent):
    record = updated(rich_record, history={"exposures": [], "medications": [], "current_treatment": []},
                     social={"tobacco": None, "living_habits": []})
    agent = make_agent(record, parser)
    for text, intent in (("Any travel or new environments lately?", "ask_contact_history"),
                         ("Do you take any medicines?", "ask_past_medication"),
                         ("Have you tried anything for it?", "ask_receiving_treatment"),
                         ("Do you smoke?", "ask_tobacco"), ("Tell me about your habits.", "ask_living_habit")):
        reply = ask(agent, parser, text, intent)
        assert "not sure" not in reply.lower() and not re.match(r"No\b", reply), (intent, reply)
    exposure = ask(make_agent(record, parser), parser, "Any recent travel?", "ask_contact_history")
    # a recall that names the topic in a sentence, not a field label asked back ("Travel, or anything ...? ...")
    assert "travel" in exposure and "?" not in exposure, exposure


def test_an_empty_own_life_field_gets_recall_not_a_hedge(rich_record, parser, make_agent):
    record = updated(rich_record, history={"exposures": [], "trauma_surgery": []})
    for seed in SEEDS:
        agent = make_agent(record, parser, seed=seed)
        text = agent.respond(parser.add("Been near any goats?", ["ask_contact_history"], {"exposure": ["goats"]})).text
        assert "Goats?" in text and re.search(r"nothing (?:comes to mind|that I can think of)", text, re.I), text
        assert "not sure" not in text and "don't really know" not in text and "couldn't say" not in text, text


def test_recall_never_denies_an_item_the_record_holds_elsewhere(rich_record, parser, make_agent):
    record = updated(rich_record, history={"exposures": []},
                     social={"living_habits": [{"value": "walks the neighbour's dog daily"}]})
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(
            parser.add("Any contact with dogs?", ["ask_contact_history"], {"exposure": ["dogs"]})).text
        assert not text.startswith("No") and "comes to mind" not in text and "think of" not in text, text


def test_recall_answers_to_several_questions_are_said_once(rich_record, parser, make_agent):
    record = updated(rich_record, history={"exposures": [], "trauma_surgery": []})
    for seed in SEEDS:
        text = make_agent(record, parser, seed=seed).respond(parser.add(
            "Been near goats? Any dental work?", ["ask_contact_history", "ask_trauma_surgery"],
            {"exposure": ["goats"], "trauma_surgery": ["dental work"]})).text
        assert "Goats or dental work?" in text, text
        assert len(re.findall(r"comes to mind|think of|recall", text)) == 1, text


def test_a_recall_answer_about_five_items_reads_none_back(rich_record, parser, make_agent):
    asked = ["caffeine", "spicy foods", "skincare products", "hair dye", "new pets"]
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Caffeine, spicy foods, skincare products, hair dye, new pets?",
                      ["ask_living_habit"], {"living_habit": asked}).text
        assert "comes to mind" in text and not any(item in text.lower() for item in asked), text


def test_a_recall_answer_about_three_items_names_them(rich_record, parser, make_agent):
    # the doctor's few named items are answered by name, not by a vague "nothing like that"
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Caffeine, spicy foods, skincare products?",
                      ["ask_living_habit"], {"living_habit": ["caffeine", "spicy foods", "skincare products"]}).text
        assert "caffeine, spicy foods or skincare products" in text.lower(), text


def test_a_recall_answer_about_two_items_names_them(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Caffeine or spicy foods?", ["ask_living_habit"],
                      {"living_habit": ["caffeine", "spicy foods"]}).text
        assert "caffeine or spicy foods" in text.lower(), text


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


def test_anything_like_that_answers_only_the_named_items(rich_record, parser, make_agent):
    statements = statements_of(rich_record, parser, make_agent, "Any rash, or anything like that?", ["ask_symptom"],
                             {"symptom": ["rash", "anything like that"]})
    assert {p for s in statements for p in s.all_paths} == {"symptoms[1]"}, statements


def test_the_rest_of_the_symptoms_never_opens_with_yes(rich_record, parser, make_agent):
    # "Yes" answers the named rash only; the other symptoms follow without a second "Yes"
    for seed in range(12):
        text = reply_to(rich_record, parser, make_agent, seed, "Do you have a rash, or any other symptoms?",
                      ["ask_symptom"], {"symptom": ["rash"]}).text
        assert text.count("Yes") <= 1 and text.count(", yes") + text.count("Yes") <= 1, text


def test_a_recall_follows_the_facts_of_its_topic_as_about_the_rest(rich_record, parser, make_agent):
    record = edited(rich_record, exposures=[{"value": "travel to Portugal", "detail": "three weeks ago"},
                                             {"value": "new kitten at home"}])
    for items in (["travel", "chemicals"], ["travel", "chemicals", "dust", "fumes"]):
        turn = f"Any {', '.join(items)}?"
        for text in replies_to(record, parser, make_agent, turn, ["ask_contact_history"], {"exposure": items}):
            assert "Portugal" in text, text
            assert not _BARE_NONE.search(text), text
            assert text.index("Portugal") < text.lower().index("nothing"), text


def test_each_item_gets_one_none_answer(rich_record, parser, make_agent):
    turn = "Have you tried any lotions or sprays for it, or do you take any lotions or sprays?"
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_receiving_treatment", "ask_past_medication"],
                       {"past_medication": ["lotions", "sprays"]}):
        assert text.lower().count("lotions") == 1, text


@pytest.mark.parametrize(("text", "intent", "field", "topic"), [
    ("what meds are u on rn", "ask_past_medication", "medications", "medicines"),
    ("any probs with allergies n stuff", "ask_allergic_history", "allergies", "allergies"),
])
def test_a_recall_without_the_doctors_item_names_its_topic(text, intent, field, topic, rich_record, parser, make_agent):
    """A recall whose item cannot be said back still says what it is about, so that in a reply
    to several questions no bare "Nothing comes to mind." stands unattributed, and it denies
    nothing ("No ...") the record might hold."""
    record = edited(rich_record, **{field: []})
    for reply in replies_to(record, parser, make_agent, text, [intent], {intent.removeprefix("ask_"): [text]}):
        assert topic in reply.lower() and not re.match(r"No\b", reply), reply


def test_a_relatives_none_answer_is_kept_beside_the_patients_own(rich_record, parser, make_agent):
    """"No heart problems in the family." is another matter than "No, no heart problems that I
    know of.": one none-answer per item and owner."""
    record = edited(rich_record, family_history=[{"value": "diabetes", "detail": "mother"}])
    text = "Have you had any heart conditions? Does heart disease run in your family?"
    for reply in replies_to(record, parser, make_agent, text, ["ask_past_diagnosis", "ask_family_history"],
                            {"past_diagnosis": ["heart conditions"], "family_history": ["heart disease"]}):
        assert "family" in reply.lower() and reply.lower().count("heart") >= 2, reply
