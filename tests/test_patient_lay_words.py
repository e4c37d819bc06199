"""Chart words said as a patient says them (issue 15): examination names without category labels
or title case, chart modifiers in lay words, readings without chart units, and a lay wording's
article where its noun phrase starts. Made-up values only."""

from __future__ import annotations

import pytest

from tod.lexicon import LayLexicon
from tod.patient.plain import item_word_class, own_parts, plain_value, spoken_reading
from tod.patient.templates import join_things

from reply_support import ask, edited, replies_to

LEXICON = LayLexicon({"oral contraceptive pill": "the pill", "urti": "a cold", "acute": "sudden"})


def test_one_word_exam_name_in_title_case_is_lower_case() -> None:
    from tod.patient.facts import exam_name

    assert exam_name("Temperature") == "temperature"
    assert exam_name("ECG") == "ECG"
    assert exam_name("Vital Signs Pulse") == "pulse"


def test_examination_names_lose_category_labels_and_title_case():
    from tod.patient.facts import exam_name

    assert exam_name("Vital Signs Heart Rate") == "heart rate"
    assert exam_name("Laboratory: Serum Potassium") == "serum potassium"
    assert exam_name("Full Blood Count") == "full blood count"
    assert exam_name("MRI Brain") == "MRI Brain"  # an acronym keeps its case
    assert exam_name("Imaging") == "imaging"  # a label alone is the name (lower case inside a sentence)
    assert exam_name("patient's weight") == "weight"  # the reply says whose


@pytest.mark.parametrize(("value", "said"), [
    ("scleral yellowing of the eyes", "yellowing of the eyes"),
    ("multiple small cuts", "lots of small cuts"),
    ("gross blood in the stool", "blood in the stool that you can see"),
    ("generalised aches", "aches all over"),
    ("intermittent tingling", "tingling that comes and goes"),
    ("progressive hoarseness", "hoarseness that's getting worse"),
    ("progressive skin spots", "skin spots that are getting worse"),  # a plural agrees
    ("progressive pain in the legs", "pain in the legs that's getting worse"),  # the head is "pain"
    ("intermittent headaches", "headaches that come and go"),
    ("unintentional 3-kg weight loss", "3-kg weight loss without trying"),
    ("crohn's disease", "Crohn's disease"),
    ("bell's palsy on the left", "Bell's palsy on the left"),
    ("grossly swollen knee", "grossly swollen knee"),
    ("multiple", "multiple"),
    ("a bell ringing in the ear", "a bell ringing in the ear"),
])
def test_chart_modifiers_are_said_in_lay_words_and_proper_names_capitalised(value: str, said: str):
    assert plain_value(value) == said


def test_the_body_part_a_finding_is_in_is_the_speakers():
    assert own_parts("blood in the stool that you can see") == "blood in my stool that you can see"
    assert own_parts("yellowing of the eyes", "her") == "yellowing of her eyes"
    assert own_parts("pain behind the eyes") == "pain behind the eyes"


def test_a_reading_is_said_without_chart_units():
    assert spoken_reading("131/84 mmHg") == "131 over 84"
    assert spoken_reading("pulse 66 bpm, regular") == "pulse 66 a minute, regular"
    assert spoken_reading("7.2 mmol/L (high)") == "7.2 mmol/L (high)"


def test_a_reply_about_a_blood_pressure_reading_says_it_as_people_do(rich_record, parser, make_agent):
    text = ask(make_agent(rich_record, parser), parser, "Was your blood pressure checked?", "ask_medical_examination",
               {"medical_examination": ["blood pressure"]})
    assert "118 over 76" in text and "mmHg" not in text, text


def test_a_lay_table_modifier_is_moved_after_its_noun_and_clauses_keep_their_order():
    assert plain_value("comes and goes ache") == "ache that comes and goes"
    assert join_things(["he has had rows at home and at school", "he has few friends"]) == (
        "he has had rows at home and at school and he has few friends")


@pytest.mark.parametrize(("text", "lay"), [
    ("oral contraceptive pill", "the pill"),
    ("combined oral contraceptive pill", "the combined pill"),
    ("I take combined oral contraceptive pill daily", "I take the combined pill daily"),
    ("on oral contraceptive pill", "on the pill"),
    ("stopped oral contraceptive pill", "stopped the pill"),
    ("taking oral contraceptive pill", "taking the pill"),
    ("her URTI last week", "her cold last week"),
    ("acute URTI", "a sudden cold"),
    ("cough (URTI)", "cough (a cold)"),
])
def test_a_lay_article_stands_where_the_noun_phrase_starts(text, lay):
    assert LEXICON.to_lay(text) == lay


def test_a_medicine_after_a_modifier_keeps_one_article(rich_record, parser, make_agent):
    record = edited(rich_record, medications=[{"value": "combined oral contraceptive pill", "detail": "daily"}])
    for text in replies_to(record, parser, make_agent, "Are you on any medication?", ["ask_past_medication"]):
        assert "the combined pill" in text and "combined the" not in text, text


@pytest.mark.parametrize(("item", "kind"), [
    ("bled or crusted over", "verb"),
    ("changed", "verb"),
    ("painful", "adjective"),
    ("itchy or tender", "adjective"),
    ("swollen", "adjective"),
    ("purple spot", "noun"),
    ("hair loss", "noun"),
    ("bleeding", "noun"),
    ("sore or rash", "noun"),  # "sore" is a noun too
])
def test_an_items_word_class_picks_its_denial_frame(item: str, kind: str):
    """A verb item is denied as a doing ("it hasn't bled"), an adjective as a state ("it isn't
    painful"), never "no X"."""
    assert item_word_class(item) == kind
