"""The doctor's item said back (issue 15): in the doctor's own words and in a frame its shape
fits, a shared place said once, no field label asked back, no item with a number inside echoed,
and no chat words echoed. Made-up records and turns."""

from __future__ import annotations

import re

import pytest

from tod.patient.handlers.statements import cut_mid_word
from tod.patient.matching import normalise, own_word
from tod.patient.query_words import class_topic
from tod.patient.spoken import asked_shape, shared_place
from tod.patient.templates import default_bank
from tod.patient.voice import echo_item, speakable
from tod.records.model import Record

from reply_support import SEEDS, ask, replies_to, reply_to, updated

#: A lead of fixed words asked back as a question ("Injuries or operations? ...", "{Poss}
#: habits? ...") or a "-wise" lead ("Alcohol-wise, ..."): a field label, never the doctor's item.
_LABEL_LEAD = re.compile(r"^(?:(?:[^.?!{]|\{(?:poss|child|obj|my_child)\})+\?\s|[A-Za-z-]+-wise,\s)", re.IGNORECASE)


def test_echoed_items_lose_their_edge_words_and_chat_words_are_not_echoed():
    assert echo_item("or night sweats?") == "night sweats"
    assert echo_item("your bowels") == "my bowels"
    assert echo_item("COVID-") == "COVID"
    assert not speakable(echo_item("meds are u on rn"))
    assert not speakable("what kind of work do you do there")


def test_a_denial_never_repeats_words_that_are_no_item(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    text = ask(agent, parser, "what meds are u on rn", "ask_past_medication", {"past_medication": ["meds are u on rn"]})
    assert " rn" not in text and not re.match(r"No\b", text), text  # "Not that I can recall." is no denial


def test_a_symptom_named_once_is_not_asked_back_in_the_same_reply(rich_record, parser, make_agent):
    from tod.records.model import Symptom

    record = rich_record.model_copy(deep=True)
    record.case.symptoms = [Symptom(name="rash", duration="two days", shape="raised red blotches")]
    for seed in range(6):
        reply = make_agent(record, parser, seed=seed).respond(parser.add(
            "How long has the rash been there and what does it look like?",
            ["ask_symptom_duration", "ask_symptom_description_shape"], {"symptom": ["rash"]}))
        assert "raised red blotches" in reply.text.lower() and "two days" in reply.text, reply.text
        assert len(re.findall(r"\brash\?", reply.text, re.IGNORECASE)) <= 1, reply.text


def test_a_reply_to_several_topics_echoes_at_most_one_as_a_question(rich_record, parser, make_agent):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "What do you do, any habits, do you drink?",
                      ["ask_occupation", "ask_living_habit", "ask_alcohol"]).text
        assert len(re.findall(r"(?:^|[.!] )[A-Z][^.?!]{0,60}\?", text)) <= 1, text


def test_no_template_leads_with_a_field_label():
    bank = default_bank()
    labelled = [(section, variant, t) for section, variant in bank.variant_keys() if section != "closing"
                for voice in ("patient", "caregiver") for t in bank.options(section, variant, voice)
                if _LABEL_LEAD.match(t)]
    assert labelled == []


def test_a_head_injury_question_gets_no_field_label_asked_back(rich_record, parser, make_agent):
    """The topic is said in a sentence ("As for injuries or operations, nothing comes to
    mind."), never asked back as a label ("Injuries or operations? ...")."""
    for text in replies_to(rich_record, parser, make_agent, "Did you hit your head at all?", ["ask_trauma_surgery"]):
        assert "injur" in text.lower() and not re.search(r"operations\?", text, re.IGNORECASE), text


def test_an_alcohol_answer_has_no_label_lead(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["social"]["alcohol"] = {"value": "two glasses of wine", "detail": "at weekends"}
    record = Record.model_validate(data)
    for text in replies_to(record, parser, make_agent, "Do you drink?", ["ask_alcohol"]):
        assert "wine" in text and not re.search(r"-wise\b|Drinking\?", text), text


@pytest.mark.parametrize(("items", "shape"), [
    (["rash"], "problem"), (["chest pain"], "problem"), (["trouble swallowing"], "problem"),
    (["vomiting"], "problem"), (["dry skin"], "problem"), (["sore knee"], "problem"),
    (["nervous"], "feeling"), (["depressed"], "feeling"),
    (["toenails"], "problem"), (["eyes"], "part"), (["breathing"], "part"), (["bowel habits"], "part"),
    (["my hearing"], "part"),
    (["height"], "measure"), (["heart rate"], "measure"),
    (["being underweight"], "other"), (["feeling low"], "other"), (["move his legs"], "other"),
    (["nervous", "rash"], "other"), (["fever", "rash"], "problem"), (["hair", "skin"], "part"),
    (["fever", "weight"], "mixed"),
    (["stress level"], "attribute"), (["mental health"], "attribute"), (["ability to think clearly"], "attribute"),
    (["urinating less"], "activity"), (["sleeping more than usual"], "activity"),
    (["bowel or bladder habits"], "part"),
    # a verb or an adjective is no noun: never "no bled or crusted over", "no painful"
    (["bled or crusted over"], "other"), (["purple spot or painful"], "other"), (["painful"], "other"),
    (["muscle mass"], "attribute"),  # every body has it: never "no muscle mass"
])
def test_an_item_is_classed_by_its_shape(items, shape):
    assert asked_shape(items) == shape


def test_items_that_share_a_trailing_place_say_it_once():
    assert shared_place(["pain in my left leg", "numbness in my left leg"]) == (["pain", "numbness"], " in my left leg")
    assert shared_place(["pain in my leg", "numbness in my arm"]) == (["pain in my leg", "numbness in my arm"], "")
    assert shared_place(["cough", "numbness in my arm"]) == (["cough", "numbness in my arm"], "")


@pytest.mark.parametrize(("turn", "items", "said", "once"), [
    ("Any pain in your neck, or weakness or numbness in your arm?", ["pain in my neck", "weakness in my arm",
     "numbness in my arm"], "pain in my neck, weakness or numbness in my arm", "in my arm"),
    ("Any injury to your eye or trauma to your eye?", ["injury to my eye", "trauma to my eye"],
     "injury or trauma to my eye", "to my eye"),
    ("Any itching, eye redness or left eye redness?", ["itching", "eye redness", "left eye redness"],
     "itching or left eye redness", "eye redness"),
])
def test_an_echo_says_each_item_and_a_place_the_last_items_share_once(rich_record, parser, make_agent, turn, items,
                                                                      said, once):
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_symptom"], {"symptom": items}):
        assert said in text and text.count(once) == 1, text


@pytest.mark.parametrize(("turn", "item", "frames"), [
    ("Have you been feeling nervous?", "nervous", ("been feeling nervous", "been nervous")),
    ("Any issues with your eyes?", "eyes", ("problems with my eyes", "nothing wrong with my eyes")),
    ("Any change to your height?", "height", ("change in height", "No change there")),
])
def test_an_unrecorded_item_is_denied_in_the_frame_of_its_shape(rich_record, parser, make_agent, turn, item, frames):
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_symptom"], {"symptom": [item]}):
        assert f"no {item}" not in text.lower() and f"any {item}" not in text, text
        assert any(frame in text for frame in frames), text


def test_an_item_no_frame_fits_is_denied_without_its_words(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Has he had trouble, like being underweight?",
                           ["ask_symptom"], {"symptom": ["being underweight"]}):
        assert "being underweight" not in text, text
        assert "No, nothing like that." in text or "No, not that I've noticed." in text, text


def test_a_family_denial_of_an_item_no_frame_fits_names_the_family(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Anyone in the family being underweight?",
                           ["ask_family_history"], {"family_history": ["being underweight"]}):
        assert "being underweight" not in text and "family" in text, text


def test_items_sharing_a_place_are_denied_with_the_place_once(rich_record, parser, make_agent):
    # numbness and swelling: two groups of templates/synonyms.yaml (tingling is numbness, said once)
    items = ["numbness in my left foot", "swelling in my left foot"]
    for text in replies_to(rich_record, parser, make_agent, "Any numbness or swelling in your left foot?",
                           ["ask_symptom"], {"symptom": items}):
        assert text.count("left foot") == 1, text
        assert "numbness or swelling in my left foot" in text, text


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


@pytest.mark.parametrize(("items", "shape"), [
    (["immune system"], "part"), (["urinary tract"], "part"), (["nose"], "part"),
    (["appearance", "texture"], "quality"), (["colour"], "quality"),
    (["nose dry"], "other"), (["skin itchy"], "other"), (["knee swollen"], "other"),
    (["staying asleep"], "doing"), (["sleeping"], "doing"), (["passing urine"], "doing"),
    (["trouble sleeping"], "problem"), (["dry skin"], "problem"), (["hearing"], "part"), (["headaches"], "problem"),
])
def test_a_part_quality_or_doing_item_is_classed_by_its_shape(items, shape):
    assert asked_shape(items) == shape


@pytest.mark.parametrize(("turn", "item", "said", "never"), [
    ("Any issues with the immune system?", "immune system", "problems with my immune system", "no immune system"),
    ("Any issues with your kidneys?", "your kidneys", "problems with my kidneys", "my my"),
    ("Any changes in look or texture?", "look or texture", "nothing unusual about it", "no look"),
    ("Is the nose dry?", "nose dry", "nothing like that", "nose dry"),
    ("Any bother staying awake?", "staying awake", "trouble staying awake", "no staying awake"),
    ("How is your stress level?", "stress level", "nothing unusual", "no stress level"),
    ("Any changes in her behaviour?", "behaviour", "any change in my behaviour", "any behaviour"),
    ("Any changes in your gait?", "gait", "any change in my gait", "no gait"),
    ("Have you noticed a change to the sense of touch?", "sense of touch", "change in my sense of touch", "no sense"),
    ("Any changes in the rash?", "rash", "rash", "change in"),
    ("Any changes in sex drive, such as decreased libido?", "decreased libido", "decreased libido", "change in"),
    ("Are you peeing more often?", "peeing more often", "been peeing more often", "trouble peeing"),
])
def test_an_unrecorded_item_is_denied_in_its_shapes_frame(rich_record, parser, make_agent, turn, item, said, never):
    items = item.split(" or ")
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_symptom"], {"symptom": items}):
        assert said in text.lower() and never not in text.lower(), text


def test_a_caregiver_owns_a_part_as_the_childs(child_record, parser, make_agent):
    for text in replies_to(child_record, parser, make_agent, "Problems with the immune system?", ["ask_symptom"],
                           {"symptom": ["immune system"]}):
        assert "her immune system" in text, text


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


def test_a_topic_line_never_leads_with_a_label_of_the_doctors_words():
    """A topic is asked back or named inside a sentence ("I'm not sure I can tell you much
    about {asked}."), never read as a label lead ("About {asked}, ..."), and a fixed topic
    line of a many-topic section names no topic beside the asked one ("As for periods or
    pregnancies")."""
    bank = default_bank()
    options = [t for section, variant in bank.variant_keys() for voice in ("patient", "caregiver")
               for t in bank.options(section, variant, voice)]
    assert not [t for t in options if t.startswith("About {asked},")]
    unsure = [t for voice in ("patient", "caregiver")
              for t in bank.options("ask_reproductive_history", "not_recorded", voice)]
    assert not [t for t in unsure if "pregnancies" in t or "periods" in t]


def test_a_modifier_cut_from_its_noun_is_never_echoed():
    """An item that is a modifier standing before its noun in the doctor's turn ("current" of
    "current medications", "unexplained" of "unexplained weight loss") is cut and never
    repeated alone; a whole item, or a modifier at the end of a phrase, is kept."""
    from tod.patient.voice import cut_from

    assert cut_from("current", "Any current medications?")
    assert cut_from("unexplained", "Any unexplained weight loss or fevers?")
    assert not cut_from("fevers", "Any unexplained weight loss or fevers?")
    assert not cut_from("spots", "Where did the spots first appear?")
    assert not cut_from("depressed", "Have you been feeling depressed lately?")


def test_a_denial_never_names_a_bare_modifier(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Any unexplained weight loss?",
                           ["ask_symptom"], {"symptom": ["unexplained"]}):
        assert not re.search(r"\bunexplained\b(?! weight)", text, re.IGNORECASE), text


def test_an_item_naming_its_own_change_is_no_attribute_asked_about(rich_record, parser, make_agent):
    """"decreased libido" is a problem had, never "My decreased libido? Nothing unusual there"."""
    for text in replies_to(rich_record, parser, make_agent, "Any decreased libido?", ["ask_symptom"],
                           {"symptom": ["decreased libido"]}):
        assert not re.search(r"my decreased libido", text.lower()), text


def test_a_production_of_the_body_or_a_blurry_state_is_never_echoed_as_a_thing(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Any changes in your tear production, eye dryness or blurry?",
                           ["ask_symptom"], {"symptom": ["tear production", "eye dryness", "blurry"]}):
        assert not re.search(r"\bno tear production\b|\bno blurry\b|any tear production", text.lower()), text


def test_two_items_of_one_synonym_group_are_echoed_once(rich_record, parser, make_agent):
    # "shortness of breath or difficulty breathing" is one thing asked: said back once
    turn = "Any shortness of breath or difficulty breathing, or any hiccups?"
    slots = {"symptom": ["shortness of breath", "difficulty breathing", "hiccups"]}
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_symptom"], slots):
        lowered = text.lower()
        assert "hiccups" in lowered, text
        assert ("shortness of breath" in lowered) != ("difficulty breathing" in lowered), text


def test_a_long_placed_item_is_echoed_without_its_place(rich_record, parser, make_agent):
    """An item too long to echo whole is said without its trailing place ("Injuries or
    trauma?"), never replaced by the intent's whole topic ("injuries or operations"), which
    names what the doctor did not ask."""
    record = updated(rich_record, history={"trauma_surgery": []})
    for text in replies_to(record, parser, make_agent, "Have you had any recent injuries or trauma to your right leg?",
                           ["ask_trauma_surgery"], {"trauma_surgery": ["injuries or trauma to your right leg"]}):
        assert "operations" not in text and re.search(r"injur", text, re.IGNORECASE), text


@pytest.mark.parametrize(("turn", "items"), [
    ("Also, any night sweats?", ["Also", "night sweats"]),
    ("Any injuries recently?", ["injur"]),
])
def test_a_denial_never_repeats_a_sentence_adverb_or_a_piece_of_a_word(rich_record, parser, make_agent, turn, items):
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, turn, ["ask_symptom"], {"symptom": items}).text
        assert "Also" not in text and "injur " not in text and not text.rstrip(".?").endswith("injur"), text
        assert not re.search(r"\b(?:any|no) also\b", text, re.IGNORECASE), text


def test_a_whole_word_the_turn_inflects_is_still_echoed():
    """An item the turn holds in an inflected form ("travel" of "recently traveled") is a
    word, not a piece of one: it stays an item to answer."""
    assert not cut_mid_word("travel", "Have you recently traveled anywhere?")
    assert not cut_mid_word("rash", "Any rashes?")
    assert cut_mid_word("injur", "Any injuries recently?")
