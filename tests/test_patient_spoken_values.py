"""Record values spoken as a patient says them, not as the chart writes them (issue 15, round
12): a symptom named as an inability or a loss said as a clause ("I can't ...", "I've lost
..."), a bare body part after a place preposition or opening a recorded position given the
speaker's possessive, and a comma note of a framed field said as clauses of its own.
Invented facts only."""

from __future__ import annotations

import pytest

from tests.reply_support import edited, replies_to
from tod.patient.facts import field_texts, spoken_age, spoken_phrase
from tod.patient.spoken import spoken_fact
from tod.lexicon import LayLexicon
from tod.patient.plain import owned_places, symptom_said
from tod.records.model import Record


def _with_social(record: Record, **fields: list[dict]) -> Record:
    """A copy of ``record`` with the named social-history fields replaced."""
    data = record.model_dump()
    data["case"]["social"].update(fields)
    return Record.model_validate(data)


@pytest.mark.parametrize(("name", "said"), [
    ("inability to close eye", "I can't close my eye"),
    ("unable to bend the left knee", "I can't bend the left knee"),
    ("loss of taste", "I've lost my taste"),
    ("loss of sense of smell", "I've lost my sense of smell"),
    ("loss of consciousness", "I've lost consciousness"),
    ("loss of some toenails", "I've lost some toenails"),
    ("a dull ache", "a dull ache"),
])
def test_inability_or_loss_is_said_as_a_clause(rich_record, name: str, said: str) -> None:
    record = edited(rich_record, symptoms=[{"name": name}])
    assert spoken_phrase(record.case, "symptoms[0]") == said


@pytest.mark.parametrize(("name", "said"), [
    ("knee pain eased by rest", "knee pain that gets better with rest"),
    ("wheeze aggravated by cold air", "wheeze that gets worse with cold air"),
])
def test_a_symptom_named_with_its_factor_in_the_passive_says_it_as_a_clause(name: str, said: str) -> None:
    assert symptom_said(name) == said


def test_a_parent_says_the_childs_loss_with_the_childs_possessive() -> None:
    assert symptom_said("loss of appetite", "she") == "she's lost her appetite"
    assert symptom_said("inability to lift arm", "he") == "he can't lift his arm"


def test_a_lost_faculty_among_symptoms_is_said_as_its_own_clause(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, symptoms=[{"name": "cough"}, {"name": "loss of taste"}])
    replies = replies_to(record, parser, make_agent, "What symptoms have you had?", ["ask_symptom"])
    assert all("I've lost my taste" in r for r in replies), replies
    assert not any("having loss" in r or "had loss" in r for r in replies), replies


@pytest.mark.parametrize(("text", "said"), [
    ("pain in whole head", "pain in my whole head"),
    ("a fall on right outstretched hand two years ago", "a fall on my right outstretched hand two years ago"),
    ("ache in knee joint when walking", "ache in my knee joint when walking"),
    ("lying on back", "lying on my back"),
    ("itch on both hands", "itch on both hands"),
    ("in the chest", "in the chest"),
    ("worse from back pain", "worse from back pain"),
    ("at back of the head", "at back of the head"),
    ("went back to work", "went back to work"),
    ("pain that moves from joint to joint", "pain that moves from joint to joint"),
    ("rash on right hand spreading to face", "rash on my right hand spreading to my face"),
])
def test_a_bare_body_part_after_a_place_preposition_is_the_speakers(text: str, said: str) -> None:
    assert owned_places(text) == said


def test_a_recorded_position_opens_with_the_speakers_body_part(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, symptoms=[{"name": "headache", "position": "whole head"}])
    assert field_texts(record.case, "symptoms[0].position") == ("my whole head",)
    replies = replies_to(record, parser, make_agent, "Where is the headache?",
                         ["ask_symptom_description_position"], {"symptom": ["headache"]})
    assert all("in my whole head" in r for r in replies), replies


def test_a_relatives_body_part_is_not_the_speakers(rich_record) -> None:
    record = edited(rich_record, family_history=[{"value": "eczema on left hand", "detail": "my sister"}])
    assert "my left hand" not in spoken_phrase(record.case, "history.family_history[0]")


@pytest.mark.parametrize(("value", "said"), [
    ("not pregnant, one child aged 4", "I'm not pregnant, and I have one child aged 4"),
    ("two children, last period 3 weeks ago", "I have two children, and my last period was 3 weeks ago"),
    ("two children, youngest is 12", "I have two children, youngest is 12"),
])
def test_a_comma_note_of_a_framed_field_is_said_as_clauses(rich_record, value: str, said: str) -> None:
    record = _with_social(rich_record, reproductive_history=[{"value": value}])
    assert spoken_phrase(record.case, "social.reproductive_history[0]") == said


@pytest.mark.parametrize(("value", "said"), [
    ("combined contraceptive pill", "a combined birth control pill"),
    ("steroid inhaler as needed", "a steroid inhaler as needed"),
    ("the pill", "the pill"),
    ("oral contraceptive pill", "the pill"),
    ("fentanyl patch via the skin", "a fentanyl patch via the skin"),
    ("noradrenaline via an infusion pump", "noradrenaline via an infusion pump"),
    ("ramipril 5 mg", "ramipril 5 mg"),
    ("vitamin drops", "vitamin drops"),
])
def test_a_medicine_named_by_its_countable_form_takes_an_article(rich_record, value: str, said: str) -> None:
    record = edited(rich_record, medications=[{"value": value}])
    assert spoken_phrase(record.case, "history.medications[0]", LayLexicon.load().to_lay) == said


def test_a_symptom_name_with_a_bare_body_part_still_fills_a_descriptor(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, symptoms=[{"name": "pain under left ribs", "degree": "mild"}])
    replies = replies_to(record, parser, make_agent, "How bad is the pain under your ribs?",
                         ["ask_symptom_description_degree"], {"symptom": ["pain"]})
    assert all("mild" in r for r in replies), replies
    symptoms = replies_to(record, parser, make_agent, "What symptoms have you had?", ["ask_symptom"])
    assert all("under my left ribs" in r for r in symptoms), symptoms


@pytest.mark.parametrize(("age_years", "said"), [
    (0, "a newborn"), (3 / 365.25, "3 days old"), (21 / 365.25, "3 weeks old"), (0.5, "6 months old"),
    (1 / 12, "1 month old"), (1, "1 year old"), (1.5, "18 months old"), (52.7, "52 years old"),
])
def test_a_babys_age_is_said_in_days_weeks_or_months_never_zero(age_years: float, said: str) -> None:
    assert spoken_age(age_years) == said


def test_a_parent_says_a_newborn_is_a_newborn(child_record, parser, make_agent) -> None:
    record = edited(child_record, demographics={"age_years": 0.0})
    replies = replies_to(record, parser, make_agent, "How old is she?", ["ask_age"])
    assert all("newborn" in r and "0 " not in r for r in replies), replies


@pytest.mark.parametrize(("value", "said"), [
    ("nephew had chickenpox", "my nephew had chickenpox"),
    ("husband's job keeps him away", "my husband's job keeps him away"),
    ("sister with hay fever", "sister with hay fever"),
    ("sonographer appointment", "sonographer appointment"),
])
def test_a_bare_relative_who_did_something_is_the_speakers(value: str, said: str) -> None:
    assert spoken_fact("social.contacts[0]", (value,)) == said
    assert spoken_fact("social.contacts[0]", (value,), subject="she").startswith(value.split()[0])
