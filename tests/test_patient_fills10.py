"""Record values spoken by their shape (issue 15, round 10): a verb phrase as a clause with
the speaker's subject, a bare singular count noun with its article (also before a tail
such as "for ..."), a dated one-off in the simple past. Invented facts only."""

from __future__ import annotations

import pytest

from tests.reply_support import SEEDS, edited, replies_to
from tod.patient.facts import spoken_phrase
from tod.patient.voice import verb_clause, verb_kind, with_article


@pytest.mark.parametrize(("text", "kind"), [
    ("born at 38 weeks by caesarean", "passive"),
    ("diagnosed with eczema as a toddler", "passive"),
    ("undergone a knee arthroscopy", "perfect"),
    ("swam in a lake last month", "past"),
    ("hiked in the woods two weeks ago", "past"),
    ("raised itchy patches", None),
    ("enlarged prostate", None),
    ("heart attack", None),
])
def test_verb_kind_tells_a_verb_phrase_from_a_noun_phrase(text: str, kind: str | None) -> None:
    assert verb_kind(text) == kind


def test_verb_clause_gives_the_speaker_as_subject() -> None:
    assert verb_clause("born at 38 weeks by caesarean") == "I was born at 38 weeks by caesarean"
    assert verb_clause("undergone a knee arthroscopy", "she") == "she's undergone a knee arthroscopy"
    assert verb_clause("swam in a lake last month", "he") == "he swam in a lake last month"
    assert verb_clause("enlarged prostate") == "enlarged prostate"


@pytest.mark.parametrize(("text", "said"), [
    ("operation for a blocked bowel as a baby", "an operation for a blocked bowel as a baby"),
    ("uncomplicated pregnancy", "an uncomplicated pregnancy"),
    ("tetanus vaccine after a cut", "a tetanus vaccine after a cut"),
    ("asthma since childhood", "asthma since childhood"),
])
def test_with_article_finds_the_head_before_a_tail(text: str, said: str) -> None:
    assert with_article(text) == said


def test_family_history_value_takes_its_article(rich_record) -> None:
    record = edited(rich_record, family_history=[{"value": "operation for a twisted gut", "detail": "father"}])
    assert spoken_phrase(record.case, "history.family_history[0]") == "my father has had an operation for a twisted gut"


def test_exposure_verb_phrase_is_a_clause(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, exposures=[{"value": "swam in a flooded quarry"}])
    replies = replies_to(record, parser, make_agent, "Any unusual exposures?", ["ask_contact_history"])
    assert all("I swam in a flooded quarry" in r for r in replies), replies
    assert not any("Well, swam" in r for r in replies)


def test_past_diagnosis_verb_phrase_takes_a_clause_frame(rich_record, parser, make_agent) -> None:
    record = edited(rich_record, past_diagnoses=[{"value": "undergone a small-bowel repair"}])
    replies = replies_to(record, parser, make_agent, "Any medical history?", ["ask_past_diagnosis"])
    assert all("I've undergone a small-bowel repair" in r for r in replies), replies
    assert not any("had undergone" in r for r in replies)


def test_dated_vaccine_is_said_in_the_simple_past(child_record, parser, make_agent) -> None:
    record = edited(child_record, vaccinations=[{"value": "hepatitis B vaccine at birth"}])
    replies = replies_to(record, parser, make_agent, "Has she had her jabs?", ["ask_preventive"], seeds=SEEDS)
    assert all("had a hepatitis B vaccine at birth" in r for r in replies), replies
    assert not any("has had a hepatitis B" in r for r in replies)


def test_one_word_exam_name_in_title_case_is_lower_case() -> None:
    from tod.patient.facts import exam_name

    assert exam_name("Temperature") == "temperature"
    assert exam_name("ECG") == "ECG"
    assert exam_name("Vital Signs Pulse") == "pulse"


def test_relatives_clauses_are_joined_with_and_not_as_well_as() -> None:
    from tod.patient.templates import join_things

    joined = join_things(["his older sister has had eczema", "his mother has had hay fever and eczema"])
    assert joined == "his older sister has had eczema and his mother has had hay fever and eczema"
    assert join_things(["a headache and swelling", "spots"]) == "spots, as well as a headache and swelling"
