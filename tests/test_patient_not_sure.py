"""When the patient says "not sure" (issue 15): only for what a person may really not know (a
measurement, a possible diagnosis); an item a recorded denial covers gets that denial, a present
fact that may amount to the item is said with an honest link instead, and a long "not sure" names
every topic once. Made-up records and turns."""

from __future__ import annotations

import re

import pytest

from tod.patient.acts import Fill, IntentAnswer, Statement
from tod.patient.nlg import merge_unsure
from tod.patient.state import question_key
from tod.records.model import Record

from reply_support import DENIES, LINK, SEEDS, UNSURE, ask, edited, reply_to, updated, vaguely_opened

_FLAT_NO = re.compile(r"(?:^|\. )No\b")


def _with_findings(record: Record) -> Record:
    data = record.model_dump()
    data["case"]["examinations"] += [
        {"name": "skin", "result": "small purple spots on both shins", "category": "physical_exam"},
        {"name": "joints", "result": "reduced range of motion of the left knee", "category": "physical_exam"},
    ]
    return Record.model_validate(data)


def _unsure(intent: str, items: list[str]) -> IntentAnswer:
    fill = Fill(", ".join(items), items=tuple(items))
    return IntentAnswer(intent, question_key(intent, items),
                        (Statement(intent, "not_recorded", "not_recorded", {"asked": fill}),))


def test_an_item_a_recorded_denial_covers_gets_that_denial_with_its_path(rich_record, parser, make_agent):
    data = edited(rich_record, physical_changes=[{"value": "loss of appetite"},
                                                 {"value": "change in urine colour", "status": "denied"}]).model_dump()
    # a finding touches the item too: without the denial the patient would be "not sure"
    data["case"]["examinations"].append({"name": "urine dipstick", "result": "no blood in the urine", "category": "lab"})
    record = Record.model_validate(data)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any changes in your urine?", ["ask_physical_change"],
                         {"physical_change": ["urine"]})
        assert "history.physical_changes[1]" in reply.provenance, reply.text
        assert "urine colour" in reply.text and not UNSURE.search(reply.text), reply.text


def test_a_condition_that_may_amount_to_a_symptom_is_said_not_unsure(rich_record, parser, make_agent):
    record = edited(rich_record, past_diagnoses=[{"value": "rheumatoid arthritis", "detail": "for ten years"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any joint pain?", ["ask_symptom"], {"symptom": ["joint pain"]})
        assert "history.past_diagnoses[0]" in reply.provenance and "rheumatoid arthritis" in reply.text, reply.text
        assert not UNSURE.search(reply.text.replace("not sure about that as such", "")), reply.text
        assert not _FLAT_NO.search(reply.text), reply.text


def test_a_habit_that_holds_an_exposure_is_said_not_unsure(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["social"]["tobacco"] = {"value": "8 cigarettes a day"}
    record = Record.model_validate(data)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Are you around tobacco smoke or secondhand smoke?",
                         ["ask_contact_history"], {"exposure": ["tobacco smoke", "secondhand smoke"]})
        assert "social.tobacco" in reply.provenance and "cigarettes" in reply.text, reply.text
        assert not re.search(r"couldn't say|don't really know", reply.text), reply.text


def test_a_symptom_only_a_finding_shows_is_not_noticed_never_unsure_nor_no(rich_record, parser, make_agent):
    record = _with_findings(rich_record)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any problems with the range of motion?", ["ask_symptom"],
                         {"symptom": ["range of motion"]})
        assert re.search(r"noticed (?:that )?myself", reply.text), reply.text
        assert not UNSURE.search(reply.text) and not _FLAT_NO.search(reply.text), reply.text


def test_a_measurement_or_a_possible_diagnosis_stays_not_sure(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any kidney problems? How is your kidney function?",
                         ["ask_symptom"], {"symptom": ["kidney problems", "kidney function"]})
        assert UNSURE.search(reply.text) and not _FLAT_NO.search(reply.text), reply.text


def test_a_complaint_word_on_a_body_function_names_a_symptom_a_person_knows(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any trouble sleeping?", ["ask_symptom"],
                         {"symptom": ["trouble sleeping"]})
        assert "trouble sleeping" in reply.text and not UNSURE.search(reply.text), reply.text
        assert "change in" not in reply.text, reply.text


def test_many_unsure_items_are_one_sentence_and_lists_with_details_use_semicolons(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    asked = ["blood sugar", "or cholesterol", "kidney function", "oxygen levels"]
    text = ask(agent, parser, "Blood sugar, cholesterol, kidney function, oxygen levels?", "ask_symptom", {"symptom": asked})
    # every topic a patient may not know named in one sentence, never an unnamed "the other things you asked"
    assert "blood sugar, cholesterol, kidney function or oxygen levels" in text and " or or " not in text, text
    assert "other things" not in text, text
    assert not text.startswith("Blood sugar"), text
    record = updated(rich_record, history={"medications": [{"value": "aspirin", "detail": "75 mg daily"},
                                                           {"value": "ramipril", "detail": "5 mg daily"}]})
    meds = ask(make_agent(record, parser), parser, "Medications?", "ask_past_medication")
    assert "aspirin 75 mg daily and ramipril 5 mg daily" in meds.lower(), meds


def test_a_long_not_sure_names_every_item_one_per_question_first():
    from tod.patient.acts import Fill, IntentAnswer, Statement
    from tod.patient.nlg import merge_unsure
    from tod.patient.state import question_key

    def unsure(intent: str, items: list[str]) -> IntentAnswer:
        fill = Fill(", ".join(items), items=tuple(items))
        return IntentAnswer(intent, question_key(intent, items), (Statement(intent, "not_recorded", "not_recorded",
                                                                               {"asked": fill}),))

    answers = merge_unsure([unsure("ask_living_habit", ["diet", "coffee", "tea", "brushing"]),
                            unsure("ask_symptom", ["chills", "itching"])])
    merged = [s for a in answers for s in a.statements]
    assert len(merged) == 1 and merged[0].variant == "not_recorded_many"
    assert merged[0].fills["asked"].items == ("diet", "chills", "coffee", "itching", "tea", "brushing")


def test_no_closing_filler_after_a_reply_of_only_not_sures(rich_record, parser, make_agent):
    closes = 0
    for seed in range(12):
        agent = make_agent(rich_record, parser, persona="phlegmatic", seed=seed)
        unsure = ask(agent, parser, "Any tremor?", "ask_symptom", {"symptom": ["tremor"]})
        assert "That's about it" not in unsure, unsure
        answered = ask(agent, parser, "What symptoms do you have?", "ask_symptom")
        closes += "That's about it" in answered
    assert closes > 0  # the phlegmatic close still ends replies that state every recorded symptom


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


def test_a_present_symptom_that_may_amount_to_the_item_is_said_with_a_link(rich_record, parser, make_agent):
    # "sleep pattern" is a class the poor sleep is a member of (templates/synonyms.yaml): said by
    # name, never denied nor doubted (it was said with the honest link before the sleep class)
    record = vaguely_opened(rich_record, [{"name": "poor sleep"}, {"name": "cough"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any change in your sleep pattern?", ["ask_symptom"],
                         {"symptom": ["sleep pattern"]})
        assert "symptoms[0]" in reply.provenance and "poor sleep" in reply.text, reply.text
        assert not DENIES.match(reply.text) and not UNSURE.search(reply.text.replace("not sure about that as such", "")), reply.text


@pytest.mark.parametrize(("name", "item"), [("retching", "vomiting"), ("skin ulcers", "rash"),
                                            ("tiredness", "energy levels"), ("chest tightness", "pain or discomfort")])
def test_an_item_of_the_same_kind_as_a_present_symptom_is_answered_with_it(name, item, rich_record, parser, make_agent):
    record = vaguely_opened(rich_record, [{"name": name}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, f"Any {item}?", ["ask_symptom"], {"symptom": [item]})
        assert "symptoms[0]" in reply.provenance and not DENIES.match(reply.text), reply.text
        assert not re.search(r"couldn't say|don't really know", reply.text), reply.text


@pytest.mark.parametrize("item", ["blood pressure", "diabetes"])
def test_a_measurement_or_a_possible_diagnosis_stays_not_sure_beside_a_symptom_sharing_its_word(
        item, rich_record, parser, make_agent):
    # a bloody stool shares a word with "blood pressure" but is no answer to it
    record = vaguely_opened(rich_record, [{"name": "bloody stool"}, {"name": "excessive thirst"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, f"What about {item}?", ["ask_symptom"], {"symptom": [item]})
        assert UNSURE.search(reply.text) and not reply.provenance, reply.text


def test_an_item_the_opening_statement_holds_is_neither_denied_nor_a_bare_not_sure(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["opening_statement"] = "She is hardly eating and she is confused, not making sense."
    data["case"]["history"]["physical_changes"] = []
    record = Record.model_validate(data)
    for text, intent, slot, item in (("Any change in appetite?", "ask_physical_change", "physical_change", "appetite"),
                                     ("Any disorientation?", "ask_symptom", "symptom", "disorientation")):
        for seed in SEEDS:
            reply = reply_to(record, parser, make_agent, seed, text, [intent], {slot: [item]}).text
            assert "apart from what I've told you" in reply and not _FLAT_NO.search(reply), reply
            assert not re.search(r"couldn't say|don't really know", reply), reply


def test_a_sign_only_an_examiner_sees_is_not_known_never_unnoticed(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any papilledema?", ["ask_symptom"],
                         {"symptom": ["papilledema"]}).text
        assert "wouldn't know" in reply and "noticed" not in reply and not _FLAT_NO.search(reply), reply


def test_a_level_of_a_body_attribute_is_the_patients_own_to_tell(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "How are your energy levels?", ["ask_symptom"],
                         {"symptom": ["energy levels"]}).text
        assert "change in my energy" in reply and not UNSURE.search(reply), reply


@pytest.mark.parametrize(("symptoms", "item"), [
    # a descriptor of a pain placed elsewhere shares the word "ache" with the item
    ([{"name": "abdominal pain", "position": "lower left abdomen", "degree": "constant ache"}], "chest pain"),
    # another symptom shares a word group with a word of the item that is not the thing it names
    ([{"name": "vague tummy ache"}], "painful intercourse"),
])
def test_an_own_body_item_another_symptom_only_shares_a_word_with_is_denied(rich_record, parser, make_agent,
                                                                           symptoms, item):
    record = edited(rich_record, symptoms=symptoms)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, f"Any {item}?", ["ask_symptom"], {"symptom": [item]})
        assert DENIES.search(reply.text) and not UNSURE.search(reply.text), reply.text
        assert "symptoms[0]" not in reply.provenance, reply.text


@pytest.mark.parametrize(("symptoms", "item"), [
    ([{"name": "pain"}], "joint pain"),  # an unlocated pain may lie where the doctor asks
    ([{"name": "back pain", "aggravating_factors": ["coughing"]}], "cough"),  # a descriptor names the item
])
def test_an_own_body_item_a_symptom_may_be_is_never_denied(rich_record, parser, make_agent, symptoms, item):
    record = edited(rich_record, symptoms=symptoms)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, f"Any {item}?", ["ask_symptom"], {"symptom": [item]})
        assert not DENIES.search(reply.text), reply.text


@pytest.mark.parametrize("item", ["sexual function", "hand function", "high heart rate", "pressure in your head"])
def test_a_felt_function_or_pressure_is_the_patients_to_deny(rich_record, parser, make_agent, item):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, f"Any problems with {item}?", ["ask_symptom"],
                         {"symptom": [item]})
        assert DENIES.search(reply.text) and not UNSURE.search(reply.text), reply.text


@pytest.mark.parametrize("item", ["kidney function", "blood pressure reading", "heart rate"])
def test_an_organ_test_or_a_bare_rate_stays_unsure(rich_record, parser, make_agent, item):
    reply = reply_to(rich_record, parser, make_agent, 0, f"What about your {item}?", ["ask_symptom"], {"symptom": [item]})
    assert UNSURE.search(reply.text) and not DENIES.search(reply.text), reply.text


@pytest.mark.parametrize(("changes", "path"), [
    ({"history": {"medications": [{"value": "sleeping tablets"}]}}, "history.medications[0]"),
    ({"social": {"living_habits": [{"value": "sleeps 14 hours a day"}]}}, "social.living_habits[0]"),
])
@pytest.mark.parametrize("intent", ["ask_physical_change", "ask_symptom"])
def test_a_sleep_item_beside_a_recorded_sleep_fact_is_linked_to_it(rich_record, parser, make_agent, changes, path, intent):
    record = updated(rich_record, **changes)
    slot = "physical_change" if intent == "ask_physical_change" else "symptom"
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How are your sleep patterns?", [intent], {slot: ["sleep patterns"]})
        assert path in reply.provenance and LINK.search(reply.text) and not UNSURE.search(reply.text), reply.text


def test_an_episode_a_parent_would_see_is_denied_not_doubted(child_record, parser, make_agent):
    """Panic attacks are lived through, not a guessed diagnosis: a parent would have seen them,
    so unrecorded they are denied ("No, she hasn't had any panic attacks"), never "I couldn't say"."""
    for seed in SEEDS:
        reply = reply_to(child_record, parser, make_agent, seed, "Any panic attacks?", ["ask_symptom"],
                         {"symptom": ["panic attacks"]})
        assert DENIES.search(reply.text) and not UNSURE.search(reply.text), reply.text


def test_a_function_whose_trouble_is_recorded_is_linked_not_doubted(rich_record, parser, make_agent):
    """"Breathing?" beside a recorded shortness of breath (a trouble "of" the breath): the patient
    feels it, so it is said with the honest link, never "I couldn't say"."""
    record = edited(rich_record, symptoms=[{"name": "cough"}, {"name": "shortness of breath"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How is your breathing?", ["ask_symptom"], {"symptom": ["breathing"]})
        assert "symptoms[1]" in reply.provenance and not UNSURE.search(reply.text), reply.text


@pytest.mark.parametrize(("finding", "item", "seen"), [
    ("pain on pulling the left ear, tender ear canal", "ear pain", False),
    ("swelling of the left knee", "knee swelling", True),
])
def test_a_felt_item_only_a_finding_touches_is_never_unnoticed_by_the_patient(
        finding, item, seen, rich_record, parser, make_agent):
    # "not that I've noticed myself" is for what others may see; a sensation is felt or not
    data = rich_record.model_dump()
    data["case"]["examinations"] += [{"name": "exam", "result": finding, "category": "physical_exam"}]
    record = Record.model_validate(data)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, f"Any {item}?", ["ask_symptom"], {"symptom": [item]}).text
        assert ("noticed" in reply and "myself" in reply or "noticed in" in reply) is seen, reply
        assert ("felt" in reply) is not seen and not _FLAT_NO.search(reply), reply
