"""Record values read out in chart or note form (issue 15, round 11): a chart tail after a
past condition (a treatment with a recorded medicine, a relative clause about the patient,
a place in hospital, a "despite" clause) dropped when the record holds its facts elsewhere,
else said as its own clause; a described body part or a condition noun with its article;
descriptor frames whose verb does not agree with a plural symptom. Invented facts only."""

from __future__ import annotations

import pytest

from tests.reply_support import edited, replies_to
from tod.patient.facts import spoken_phrase, without_chart_tail
from tod.patient.voice import SYMPTOM_HEADS, with_article


def test_treatment_with_a_recorded_medicine_is_left_to_the_medicines(rich_record) -> None:
    record = edited(rich_record, medications=[{"value": "carbimazole 10 mg"}],
                    past_diagnoses=[{"value": "overactive thyroid on carbimazole"}])
    assert spoken_phrase(record.case, "history.past_diagnoses[0]") == "an overactive thyroid"


def test_treatment_with_an_unrecorded_medicine_is_kept(rich_record) -> None:
    record = edited(rich_record, medications=[], past_diagnoses=[{"value": "gout with colchicine"}])
    assert "colchicine" in spoken_phrase(record.case, "history.past_diagnoses[0]")


def test_relative_clause_about_the_patient_is_its_own_clause(rich_record) -> None:
    record = edited(rich_record, past_diagnoses=[{"value": "liver failure who was awaiting a transplant list review"}])
    said = spoken_phrase(record.case, "history.past_diagnoses[0]")
    assert said == "liver failure; I was awaiting a transplant list review"


def test_relative_clause_about_a_person_stays(rich_record) -> None:
    record = edited(rich_record, family_history=[{"value": "cousin who had a stroke young"}])
    assert "who had a stroke young" in spoken_phrase(record.case, "history.family_history[0]")


def test_place_in_hospital_is_its_own_clause_unless_recorded_elsewhere(rich_record) -> None:
    record = edited(rich_record, past_diagnoses=[{"value": "kidney infection on the surgical ward"}])
    said = spoken_phrase(record.case, "history.past_diagnoses[0]")
    assert said == "a kidney infection; that was on the surgical ward"
    record = edited(rich_record, past_diagnoses=[{"value": "kidney infection on the surgical ward"},
                                                 {"value": "appendix out on the surgical ward"}])
    assert spoken_phrase(record.case, "history.past_diagnoses[0]") == "a kidney infection"


def test_despite_clause_with_a_fact_of_its_own_is_kept(rich_record) -> None:
    record = edited(rich_record, past_diagnoses=[{"value": "heartburn despite cutting out coffee"}])
    assert without_chart_tail(record.case, "history.past_diagnoses[0]", "heartburn despite cutting out coffee") \
        == "heartburn despite cutting out coffee"


@pytest.mark.parametrize(("text", "said"), [
    ("blocked ear", "a blocked ear"),
    ("broken left wrist", "a broken left wrist"),
    ("swollen belly", "a swollen belly"),
    ("left ear", "left ear"),
    ("arthritis of the knee", "arthritis of the knee"),
    ("ear pain", "ear pain"),
    ("limp", "a limp"),
])
def test_described_body_part_takes_its_article(text: str, said: str) -> None:
    assert with_article(text, SYMPTOM_HEADS) == said


def test_condition_noun_takes_its_article() -> None:
    assert with_article("heart condition as a child") == "a heart condition as a child"
    assert with_article("thyroid gland problem on thyroxine") == "a thyroid gland problem on thyroxine"
    assert with_article("bipolar disorder") == "bipolar disorder"


def test_plural_symptom_colour_has_no_singular_verb(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, symptoms=[{"name": "blisters", "color": "yellow"}])
    replies = replies_to(record, parser, make_agent, "What colour are the blisters?",
                         ["ask_symptom_description_color"], {"symptom": ["blisters"]})
    assert all("yellow" in r.lower() for r in replies), replies
    assert not any("blisters is" in r.lower() for r in replies), replies
