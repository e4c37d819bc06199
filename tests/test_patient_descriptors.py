"""Which symptom a descriptor, factor or place question is about (issue 15): the symptom it
names, else the chief one, never one of a list asked beside it; a question placed on the body is
answered only by a fact of that place. Made-up records and turns."""

from __future__ import annotations

import re

import pytest

from tod.patient.query_words import placed

from reply_support import (
    DENIES,
    LINK,
    RECALL,
    SEEDS,
    UNSURE,
    WITHOUT_RASH,
    edited,
    reply_to,
    vaguely_opened,
    with_case_edit,
)

_YES_OR_NO = re.compile(r"^(?:[A-Z][a-z]*\. )?(?:Yes|No)\b")


def test_a_description_with_a_symptom_list_is_not_of_a_listed_symptom(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=WITHOUT_RASH)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed,
                         "Tell me about the night sweats: how bad are they? Any other symptoms, such as belly pain or fever?",
                         ["ask_symptom_description_degree", "ask_symptom"],
                         {"symptom": ["night sweats", "abdominal pain", "fever"]})
        assert "symptoms[0].degree" not in reply.provenance and "7 out of 10" not in reply.text, reply.text
        assert "night sweats" in reply.text and "symptoms[0]" in reply.provenance, reply.text


def test_a_description_is_not_of_a_symptom_linked_to_a_list_word(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=WITHOUT_RASH)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed,
                         "Where did the spots first appear? Are they itchy or painful?",
                         ["ask_symptom_description_position", "ask_symptom"],
                         {"symptom": ["spots", "itchy", "painful"]})
        assert "symptoms[0].position" not in reply.provenance, reply.text
        assert "spots" in reply.text.lower(), reply.text


def test_a_description_naming_no_symptom_is_of_the_chief_one(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=WITHOUT_RASH)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How bad is it?", ["ask_symptom_description_degree"])
        assert "symptoms[0].degree" in reply.provenance and "7 out of 10" in reply.text, reply.text


def test_a_description_alone_is_of_every_symptom_it_names(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "How long have you had the belly pain and the rash?",
                         ["ask_symptom_duration"], {"symptom": ["abdominal pain", "rash"]})
        assert {"symptoms[0].duration", "symptoms[1].duration"} <= set(reply.provenance), reply.text


def test_when_it_began_falls_back_to_how_long_it_has_lasted(rich_record, parser, make_agent):
    from tod.records.model import Symptom

    record = rich_record.model_copy(deep=True)
    record.case.symptoms = [Symptom(name="backache", duration="three months")]
    reply = make_agent(record, parser).respond(parser.add("Is this recent or long-standing?",
                                                          ["ask_symptom_description_time"], {}))
    assert "three months" in reply.text and "symptoms[0].duration" in reply.provenance, reply.text


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
        assert reply.provenance == () and DENIES.match(reply.text) and "forearm pain" in reply.text, reply.text


@pytest.mark.parametrize(("value", "text", "expected"), [
    ("cramping", "Any cramping in your chest?", "cramping in your chest"),
    ("cramping", "Any abdominal cramping?", "abdominal cramping"),
    ("numbness", "Any numbness or weakness in your arms?", "numbness in your arms"),
    ("chest pain", "Any chest pain in your arms?", "chest pain"),
    ("pain", "Any pain? How do you sleep?", "pain"),
    ("hearing", "Any change in the hearing in your ears?", "hearing"),  # an attribute stays a change
])
def test_a_slot_value_takes_the_body_place_of_its_sentence(value, text, expected):
    assert placed(value, text) == expected


def test_a_question_placed_elsewhere_is_not_answered_with_a_symptom_of_another_place(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any cramping in your chest?", ["ask_symptom"],
                       {"symptom": ["cramping"]})
        assert "symptoms[0]" not in reply.provenance and not reply.text.startswith("Yes"), reply.text


def test_a_descriptor_question_naming_a_system_is_about_its_symptom_not_the_chief(rich_record, parser, make_agent):
    record = vaguely_opened(rich_record, [{"name": "ear pain", "duration": "two days"},
                                          {"name": "diarrhoea", "duration": "a week"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How long have your bowel habits been like this?",
                       ["ask_symptom_duration"])
        assert "symptoms[1].duration" in reply.provenance and "symptoms[0]" not in reply.provenance, reply.text
        # a question naming no system is about the chief complaint
        reply = reply_to(record, parser, make_agent, seed, "How long has it been going on?", ["ask_symptom_duration"])
        assert "symptoms[0].duration" in reply.provenance, reply.text


@pytest.mark.parametrize(("name", "denied"), [
    ("painful ulcerative spot", True),  # an unplaced symptom of another word: no doubt
    ("pain", False),  # an unplaced pain may be the chest pain: not denied
])
def test_a_symptom_elsewhere_is_not_offered_for_an_item_placed_by_the_doctor(name, denied, rich_record, parser, make_agent):
    # "chest pain?" is not answered with a symptom the record places nowhere
    record = vaguely_opened(rich_record, [{"name": name}, {"name": "cough"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any chest pain?", ["ask_symptom"], {"symptom": ["chest pain"]})
        assert "symptoms[0]" not in reply.provenance and bool(DENIES.match(reply.text)) is denied, reply.text


def test_quality_words_tagged_as_symptoms_do_not_hide_the_answers(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed,
                       "What does the pain feel like, sharp or dull? Does it radiate? Any vomiting?",
                       ["ask_symptom_description_shape", "ask_symptom_description_position", "ask_symptom"],
                       {"symptom": ["pain", "sharp", "dull", "vomiting"]})
        assert "symptoms[0].position" in reply.provenance and "vomiting" in reply.text, reply.text
        assert not re.search(r"sharp|dull|nothing else", reply.text, re.IGNORECASE), reply.text


def test_a_factors_question_beside_a_denied_symptom_is_about_the_complaint(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed,
                       "Any fever? Is there anything that brings it on or makes it worse?",
                       ["ask_symptom", "ask_symptom_factors"], {"symptom": ["fever"]})
        assert "symptoms[3]" in reply.provenance and "symptoms[0].aggravating_factors[0]" in reply.provenance, reply.text


def test_a_factors_question_naming_a_symptom_not_had_gives_no_factors_of_the_complaint(rich_record, parser, make_agent):
    """The factors asked in the sentence that names the symptoms are of those symptoms: the
    patient lacks them, so the complaint's factors are facts not asked."""
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed,
                         "Have you had any joint stiffness that is worse with heat or humidity?",
                         ["ask_symptom", "ask_symptom_factors"], {"symptom": ["joint stiffness"]})
        assert not any("_factors" in p for p in reply.provenance), reply.text
        assert "stiffness" in reply.text, reply.text


def test_trigger_words_tagged_as_symptoms_are_not_denied(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "How bad is it? Any patterns or triggers you've noticed?",
                       ["ask_symptom_description_degree", "ask_symptom_factors"], {"symptom": ["patterns", "triggers"]})
        assert "symptoms[0].degree" in reply.provenance and "symptoms[0].relieving_factors[0]" in reply.provenance
        assert not re.search(r"triggers|patterns", reply.text), reply.text


def test_a_descriptor_of_a_symptom_not_had_is_still_not_moved_to_another(rich_record, parser, make_agent):
    # no symptom question in the turn: the doctor asks about a symptom the patient lacks
    record = with_case_edit(rich_record, lambda case: case["symptoms"].pop(1))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How long have you had the rash?",
                       ["ask_symptom_duration"], {"symptom": ["rash"]})
        assert not any(p.endswith(".duration") for p in reply.provenance), reply.text


def test_a_descriptor_of_a_class_asked_is_said_of_its_recorded_member(rich_record, parser, make_agent):
    """"sleep pattern" is a class whose member (the poor sleep) the record holds: its duration
    is said of it by name, never doubted (it was said with the honest link before the sleep
    class of ``templates/synonyms.yaml``)."""
    record = with_case_edit(rich_record, lambda case: case["symptoms"].__setitem__(0, {"name": "poor sleep", "duration": "two months"}))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How long has your sleep pattern been off?",
                       ["ask_symptom_duration"], {"symptom": ["sleep pattern"]})
        assert "poor sleep" in reply.text and "symptoms[0].duration" in reply.provenance, reply.text
        assert not UNSURE.search(reply.text.replace("not sure about that as such", "")), reply.text


def test_a_change_question_answered_by_a_recorded_symptom_uses_the_link(rich_record, parser, make_agent):
    record = with_case_edit(rich_record, lambda case: case["symptoms"].append({"name": "poor sleep"}))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How is your sleep pattern?",
                       ["ask_physical_change"], {"physical_change": ["sleep pattern"]})
        # the sleep class of templates/synonyms.yaml holds the poor sleep: said by name (was linked)
        assert "symptoms[4]" in reply.provenance and "poor sleep" in reply.text, reply.text
        assert not RECALL.search(reply.text), reply.text


@pytest.mark.parametrize(("name", "text", "item"), [
    ("racing thoughts", "Any racing heartbeat?", "racing heartbeat"),  # a shared modifier
    ("excess hair on the face and abdomen", "Any pain in your abdomen?", "pain in my abdomen"),  # a shared place
    ("painful skin tightening", "Any pain during sex?", "pain during sex"),  # the same, in another form
])
def test_a_fact_sharing_only_a_modifier_or_a_place_is_not_offered(name, text, item, rich_record, parser, make_agent):
    record = with_case_edit(rich_record, lambda case: case.__setitem__("symptoms", [{"name": "cough"}, {"name": name}]))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert "symptoms[1]" not in reply.provenance and not LINK.search(reply.text), reply.text


@pytest.mark.parametrize(("symptom", "text", "item", "linked"), [
    ({"name": "painful skin tightening"}, "Any discomfort?", "discomfort", True),  # painful: may be felt as it
    ({"name": "painful ulcers", "position": "lower legs"}, "Any soreness in your legs?", "soreness in my legs", True),
    ({"name": "ache", "position": "lower back"}, "Any tenderness?", "tenderness", False),  # an ache is one
])
def test_a_discomfort_word_takes_a_recorded_pain_of_its_place(symptom, text, item, linked, rich_record, parser,
                                                             make_agent):
    record = with_case_edit(rich_record, lambda case: case.__setitem__("symptoms", [{"name": "cough"}, symptom]))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert "symptoms[1]" in reply.provenance and bool(LINK.search(reply.text)) is linked, reply.text
        assert not UNSURE.search(reply.text), reply.text


def test_a_discomfort_word_placed_elsewhere_is_not_a_recorded_pain(rich_record, parser, make_agent):
    record = with_case_edit(rich_record, lambda case: case.__setitem__(
        "symptoms", [{"name": "cough"}, {"name": "abdominal pain"}]))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any chest discomfort?", ["ask_symptom"],
                         {"symptom": ["chest discomfort"]})
        assert "symptoms[1]" not in reply.provenance, reply.text


def test_a_factors_question_about_an_item_only_a_body_change_may_be_is_still_answered(rich_record, parser, make_agent):
    """The linked facts of a descriptor question are symptoms only; an item that only a body
    change may amount to is answered like any unmatched item, never with an empty reply."""
    def edit(case: dict) -> None:
        case["symptoms"] = [{"name": "cough"}]
        case["history"]["physical_changes"] = [{"value": "darker velvety skin", "detail": "back of the neck"}]

    record = with_case_edit(rich_record, edit)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Does the rash get worse in sunlight?",
                         ["ask_symptom_factors"], {"symptom": ["rash"]})
        assert reply.text.strip() and "rash" in reply.text.lower(), reply.text


@pytest.mark.parametrize("name, text, item", [
    ("diarrhoea", "Any changes in your bowel movements?", "bowel movements"),
    ("constipation", "How are your bowel habits?", "bowel habits"),
])
def test_a_member_of_the_category_the_item_names_is_offered(name, text, item, rich_record, parser, make_agent):
    """A recorded member of the category the doctor's item names is the asked thing (the
    diarrhoea for "bowel movements?"): said with the honest link or as an answer, never
    denied and never "couldn't say"."""
    record = with_case_edit(rich_record, lambda case: case.__setitem__("symptoms", [{"name": "cough"}, {"name": name}]))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_symptom"], {"symptom": [item]})
        assert "symptoms[1]" in reply.provenance and name in reply.text.lower(), reply.text


COURSE_TURN = "Is the pain constant or does it come and go?"


def test_a_course_question_is_not_answered_with_the_onset_or_duration(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, COURSE_TURN, ["ask_symptom_description_time"],
                         {"symptom": ["pain"]})
        assert not re.search(r"sudden|three days", reply.text), reply.text
        assert re.search(r"comes and goes|goes over the day", reply.text), reply.text
        assert not any(p.endswith((".onset", ".duration")) for p in reply.provenance), reply.text


def test_a_course_question_gets_the_recorded_course(rich_record, parser, make_agent):
    record = with_case_edit(rich_record, lambda case: case["symptoms"][0].update(course="coming and going in waves"))
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, COURSE_TURN, ["ask_symptom_description_time"],
                         {"symptom": ["pain"]})
        assert "waves" in reply.text and "sudden" not in reply.text, reply.text


def test_an_onset_question_still_gets_the_onset(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Did the pain start suddenly or gradually?",
                         ["ask_symptom_description_time"], {"symptom": ["pain"]})
        assert "sudden" in reply.text, reply.text


def test_how_a_feeling_looks_is_not_hedged_with_looking(rich_record, parser, make_agent):
    """A colour or shape asked of a symptom one cannot look at (a pain) gets a "not sure" with
    no looking words; one that can be seen (a rash) keeps them."""
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "What colour is the belly pain, and its shape?",
                         ["ask_symptom_description_color", "ask_symptom_description_shape"],
                         {"symptom": ["abdominal pain"]})
        assert "not sure" in reply.text.lower(), reply.text
        assert not re.search(r"\blook|paid attention to (?:how|the colou?r)", reply.text, re.IGNORECASE), reply.text
