"""Replies, round 10 of issue 15 (wording): a denial or recall frames the doctor's item by
its shape, a place shared by the items is said once, a frame is not said twice in a row and
two fillers are never stacked (made-up records and turns)."""

from __future__ import annotations

import pytest

from tod.patient.nlg import _template_frames, _without_stacked_filler
from tod.patient.spoken import asked_shape, shared_place
from tod.patient.templates import Part

from reply_support import replies_to


# ------------------------------------------------ 1. the shape of the doctor's item


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
])
def test_an_item_is_classed_by_its_shape(items, shape):
    assert asked_shape(items) == shape


def test_items_that_share_a_trailing_place_say_it_once():
    assert shared_place(["pain in my left leg", "numbness in my left leg"]) == (["pain", "numbness"], " in my left leg")
    assert shared_place(["pain in my leg", "numbness in my arm"]) == (["pain in my leg", "numbness in my arm"], "")
    assert shared_place(["cough", "numbness in my arm"]) == (["cough", "numbness in my arm"], "")


# ------------------------------------------------ 2. denials framed by the item's shape


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
    items = ["numbness in my left foot", "tingling in my left foot"]
    for text in replies_to(rich_record, parser, make_agent, "Any numbness or tingling in your left foot?",
                           ["ask_symptom"], {"symptom": items}):
        assert text.count("left foot") == 1, text
        assert "numbness or tingling in my left foot" in text, text


# ------------------------------------------------ 3. no frame twice in a row, no stacked fillers


def test_two_topics_said_in_one_frame_share_it():
    assert _template_frames("As for pets, nothing comes to mind.") & _template_frames("As for travel, nothing comes to mind.")
    assert not _template_frames("{Asked}? Nothing comes to mind.") & _template_frames("{Asked}? I'm not sure.")


def test_a_reply_does_not_repeat_a_frame_in_a_row(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Any pets or travel? And any problems at work?",
                           ["ask_contact_history", "ask_occupation"], {}):
        assert text.count("nothing comes to mind") <= 1, text


def test_two_fillers_are_never_stacked():
    parts = [Part("Mm."), Part("Hmm, I can't remember {asked}.", {"asked": "pets"})]
    assert [p.text for p in _without_stacked_filler(parts)] == ["Hmm, I can't remember pets."]
    kept = [Part("Of course!"), Part("Hmm, I can't remember.")]
    assert _without_stacked_filler(kept) == kept
