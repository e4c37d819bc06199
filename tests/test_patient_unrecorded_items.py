"""Items no record fact touches (issue 15): a named symptom the record never mentions is one the
patient does not have (a soft first-person denial marked as unrecorded), unless it is something a
patient may not know or a fact of the record may amount to it. Made-up records and turns."""

from __future__ import annotations

import re

import pytest

from tod.nlu.types import TurnParse

from reply_support import DENIES, SEEDS, UNSURE, edited, reply_to, statements_of


def test_a_symptom_the_record_never_mentions_is_denied_softly_in_the_first_person(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any nosebleeds?", ["ask_symptom"], {"symptom": ["nosebleeds"]})
        assert DENIES.match(reply.text) and "nosebleeds" in reply.text, reply.text
        assert not UNSURE.search(reply.text) and reply.provenance == (), reply.text


def test_the_denial_of_an_unrecorded_symptom_says_so_in_its_statement(rich_record, parser, make_agent):
    statements = statements_of(rich_record, parser, make_agent, "Any nosebleeds?", ["ask_symptom"], {"symptom": ["nosebleeds"]})
    assert [(s.variant, s.outcome, s.all_paths) for s in statements] == [("absent_unrecorded", "denied", ())]


def test_many_unrecorded_symptoms_are_denied_without_reading_them_back(rich_record, parser, make_agent):
    asked = ["nosebleeds", "hiccups", "ringing in the ears", "hair loss", "dry eyes"]
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Nosebleeds, hiccups, ringing in the ears, hair loss or dry eyes?",
                      ["ask_symptom"], {"symptom": asked}).text
        assert DENIES.match(text) and not any(item in text.lower() for item in asked), text


def test_three_unrecorded_symptoms_are_each_denied_by_name(rich_record, parser, make_agent):
    # "No, none of those." leaves a reader unsure which were denied; a few named items are said
    asked = ["nosebleeds", "hiccups", "ringing in the ears"]
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Nosebleeds, hiccups or ringing in the ears?",
                      ["ask_symptom"], {"symptom": asked}).text
        assert DENIES.match(text) and all(item in text.lower() for item in asked), text


def test_a_parent_denies_an_unrecorded_symptom_of_the_child(child_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(child_record, parser, make_agent, seed, "Any vomiting?", ["ask_symptom"], {"symptom": ["vomiting"]}).text
        assert DENIES.match(text) and "she hasn't had any vomiting" in text, text


def test_a_question_about_an_unrecorded_symptom_as_if_present_is_corrected(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "How long have you had the nosebleeds?",
                      ["ask_symptom_duration"], {"symptom": ["nosebleeds"]}).text
        assert "haven't actually had any nosebleeds" in text and not UNSURE.search(text), text


def test_a_related_recorded_symptom_is_stated_instead_of_a_denial(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any discomfort?", ["ask_symptom"], {"symptom": ["discomfort"]})
        assert "symptoms[0]" in reply.provenance and not DENIES.match(reply.text), reply.text


@pytest.mark.parametrize("item", ["blood sugar", "HIV"])
def test_what_a_patient_may_not_know_is_not_denied(item, rich_record, parser, make_agent):
    # a measurement, a possible diagnosis
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, f"Any {item}?", ["ask_symptom"], {"symptom": [item]}).text
        assert not DENIES.match(text) and UNSURE.search(text), text


def test_a_skin_item_takes_a_skin_symptom_placed_anywhere(rich_record, parser, make_agent):
    # the skin places nothing: "rough skin?" is the recorded rough rash wherever it lies
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any rough skin?", ["ask_symptom"], {"symptom": ["rough skin"]})
        assert not DENIES.match(reply.text) and "symptoms[1]" in reply.provenance, reply.text


def test_an_unrecorded_attribute_is_said_to_be_unchanged(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Any change in your sleep?", ["ask_symptom"],
                      {"symptom": ["sleep"]}).text
        assert "haven't noticed any change in my sleep" in text, text


def test_an_unrecorded_descriptor_of_a_recorded_symptom_is_said_as_a_patient_would(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Where is the rash?", ["ask_symptom_description_position"],
                      {"symptom": ["rash"]}).text
        assert "rash" in text and not UNSURE.search(text), text


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


@pytest.mark.parametrize(("recorded", "denied", "contradicts"), [
    ({"name": "painful skin tightening"}, "sore throat", False),  # a placed item, an unplaced fact
    ({"name": "pain", "position": "right knee"}, "chest pain", False),  # placed elsewhere
    ({"name": "pain", "position": "right knee"}, "knee pain", True),  # the same place
    ({"name": "itchy rash", "position": "both arms"}, "rash", True),  # an unplaced item: anywhere
])
def test_the_bench_counts_a_denial_against_a_fact_of_its_place(recorded, denied, contradicts, rich_record, parser,
                                                              make_agent):
    from dataclasses import replace

    from eval.bench_replies import check_denials
    from eval.reply_checks import Categories
    from tod.patient.acts import Fill

    record = edited(rich_record, symptoms=[recorded])
    agent = make_agent(record, parser)
    answer = agent.policy.answer(TurnParse("Any nosebleeds?", ("ask_symptom",), {"symptom": ["nosebleeds"]}), agent.state)[0]
    wrong = replace(answer.statements[0], fills={"asked": Fill(denied, items=(denied,))})
    found = check_denials(record, [replace(answer, statements=(wrong,))], {"ask_symptom": [denied]}, Categories())
    assert bool(found) is contradicts, found


@pytest.mark.parametrize("guess", ["pneumonia", "kidney stones", "gastritis", "flu", "T2DM"])
def test_a_diagnosis_guessed_as_a_symptom_is_never_denied(guess, rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, f"Could it be {guess}?", ["ask_symptom"], {"symptom": [guess]}).text
        # a "not sure" that names no item ("T2DM" is not echoed as "T DM") may say the patient
        # has not paid attention; never that they have not had it
        assert not DENIES.match(text) and not re.search(r"haven't (?:had|got|been)", text), text


def test_an_item_touched_only_by_a_denied_symptom_is_denied(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[*rich_record.case.model_dump()["symptoms"],
                                            {"name": "vomiting", "status": "denied"}])
    for seed in SEEDS:
        text = reply_to(record, parser, make_agent, seed, "Any blood in your vomit?", ["ask_symptom"],
                      {"symptom": ["blood in your vomit"]}).text
        assert DENIES.match(text) and not UNSURE.search(text), text


def test_an_item_touched_only_by_a_relatives_condition_is_denied(rich_record, parser, make_agent):
    record = edited(rich_record, family_history=[{"value": "pounding headaches", "detail": "mother"}])
    for seed in SEEDS:
        text = reply_to(record, parser, make_agent, seed, "Any headaches?", ["ask_symptom"], {"symptom": ["headaches"]}).text
        assert DENIES.match(text) and not UNSURE.search(text), text


def test_an_item_a_present_finding_may_amount_to_is_never_denied(rich_record, parser, make_agent):
    # a recorded rough rash: "rough skin?" is not denied
    statements = statements_of(rich_record, parser, make_agent, "Any rough skin?", ["ask_symptom"], {"symptom": ["rough skin"]})
    assert not any(s.outcome == "denied" for s in statements), statements


def test_a_height_asked_for_is_never_answered_with_the_weight(rich_record, parser, make_agent):
    # the record holds a weight and no height: the patient does not know it
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "And how tall are you?", ["ask_weight"])
        assert "height" in reply.text and "62 kg" not in reply.text and reply.provenance == (), reply.text


def test_a_recorded_height_answers_a_height_question_alone(rich_record, parser, make_agent):
    record = edited(rich_record, demographics={"height": "170 cm"})
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "What is your height?", ["ask_weight"])
        assert reply.provenance == ("demographics.height",) and "170 cm" in reply.text, reply.text


def test_a_question_naming_neither_or_both_measurements_gets_both(rich_record, parser, make_agent):
    record = edited(rich_record, demographics={"height": "170 cm"})
    for text in ("What are your weight and height?", "Do you know your BMI?"):
        reply = reply_to(record, parser, make_agent, 0, text, ["ask_weight"])
        assert {"demographics.weight", "demographics.height"} <= set(reply.provenance), (text, reply.text)


def test_an_item_sharing_only_a_quality_with_a_recorded_symptom_is_not_denied(rich_record, parser, make_agent):
    # "dryness?" beside a dry cough: not the cough, and no denial either
    record = edited(rich_record, symptoms=[{"name": "dry cough"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any dryness?", ["ask_symptom"], {"symptom": ["dryness"]})
        assert not DENIES.match(reply.text) and "symptoms[0]" not in reply.provenance, reply.text


@pytest.mark.parametrize(("text", "item"), [("Any bumps on your skin?", "bumps on my skin"),
                                            ("Any bumps on your arms?", "bumps on my arms")])
def test_a_skin_item_takes_a_rash_its_position_places_where_asked(text, item, rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[{"name": "cough"}, {"name": "itchy rash", "position": "arms and legs"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert "symptoms[1]" in reply.provenance and not DENIES.match(reply.text), reply.text


def test_a_thing_every_body_has_is_never_denied_as_absent(rich_record, parser, make_agent):
    # "muscle mass" named as a symptom, no change asked: never "no muscle mass"
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Any issues with muscle mass?", ["ask_symptom"],
                        {"symptom": ["muscle mass"]}).text
        assert "no muscle mass" not in text.lower() and "any muscle mass" not in text, text
        assert "my muscle mass" in text.lower(), text


@pytest.mark.parametrize(("recorded", "text", "items"), [
    ("abdominal tenderness", "Any blisters or sores?", ["blisters", "sores"]),
    ("black spots in my right eye", "Any lumps or bumps anywhere?", ["lumps", "bumps"]),
    ("floaters and spots in vision", "Any spots or rashes on your skin?", ["spots", "rashes"]),
])
def test_a_mark_on_the_skin_asked_is_no_feeling_nor_a_sight_of_the_eye(rich_record, parser, make_agent, recorded,
                                                                       text, items):
    # "sores" are things, no soreness; spots seen in the eye are no marks on the skin
    record = edited(rich_record, symptoms=[{"name": recorded}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": items})
        assert "symptoms[0]" not in reply.provenance and recorded.split()[-1] not in reply.text, reply.text


def test_sores_or_spots_on_the_skin_recorded_still_answer(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[{"name": "sores on the lips"}, {"name": "red spots on the legs"}])
    reply = reply_to(record, parser, make_agent, 0, "Any sores or spots?", ["ask_symptom"], {"symptom": ["sores", "spots"]})
    assert "symptoms[0]" in reply.provenance and "symptoms[1]" in reply.provenance, reply.text
