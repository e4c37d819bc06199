"""Change and recurrence questions are answered as such, never with a state."""

from __future__ import annotations

import pytest

from reply_support import SEEDS, ask, edited, reply_to


@pytest.mark.parametrize("seed", SEEDS)
def test_a_medicine_change_question_is_answered_as_unchanged(rich_record, parser, make_agent, seed):
    agent = make_agent(rich_record, parser, seed=seed)
    reply = ask(agent, parser, "Have there been any changes in your medication or dosage?", "ask_past_medication")
    assert "changed" in reply.lower() or "no changes" in reply.lower()
    assert "still take" in reply and "salbutamol" in reply


@pytest.mark.parametrize("seed", SEEDS)
def test_a_recorded_medicine_change_is_stated_as_recorded(rich_record, parser, make_agent, seed):
    record = edited(rich_record, medications=[{"value": "salbutamol inhaler", "detail": "dose increased last week"}])
    reply = ask(make_agent(record, parser, seed=seed), parser, "Any changes in your medications recently?",
                "ask_past_medication")
    assert "increased" in reply and "still take" not in reply


@pytest.mark.parametrize("seed", SEEDS)
def test_a_medicine_taken_for_days_is_no_unchanged_one(rich_record, parser, make_agent, seed):
    """A medicine taken for a few days was begun lately: "any new medications?" never hears
    it is unchanged."""
    record = edited(rich_record, medications=[{"value": "decongestant nose spray", "detail": "for 4 days"}])
    reply = ask(make_agent(record, parser, seed=seed), parser, "Have you been taking any new medications recently?",
                "ask_past_medication")
    assert "nose spray" in reply and "still take" not in reply and "no changes" not in reply.lower()


def test_a_plain_medicine_question_lists_the_medicines(rich_record, parser, make_agent):
    reply = ask(make_agent(rich_record, parser), parser, "What medications do you take?", "ask_past_medication")
    assert "salbutamol" in reply and "still take" not in reply


@pytest.mark.parametrize("seed", SEEDS)
def test_had_this_before_with_no_earlier_episode_is_the_first_time(rich_record, parser, make_agent, seed):
    reply = ask(make_agent(rich_record, parser, seed=seed), parser, "Have you had anything like this before?",
                "ask_past_diagnosis")
    assert "first time" in reply or "never had this before" in reply
    assert "asthma" not in reply


def test_an_earlier_episode_on_record_is_never_denied(rich_record, parser, make_agent):
    record = edited(rich_record, past_diagnoses=[{"value": "abdominal pain", "detail": "one episode last year"}])
    reply = ask(make_agent(record, parser), parser, "Have you had anything like this before?", "ask_past_diagnosis")
    assert "first time" not in reply and "never had this" not in reply


def test_a_past_illness_of_the_same_kind_is_an_earlier_episode(rich_record, parser, make_agent):
    """A past illness named in chart words whose lay form shares the complaint's kind (a past
    "urinary tract infection", a complaint of burning when peeing) is an earlier episode:
    never "this is the first time"."""
    record = edited(rich_record, symptoms=[{"name": "burning when peeing"}],
                    past_diagnoses=[{"value": "urinary tract infection"}])
    reply = ask(make_agent(record, parser), parser, "Have you had anything like this before?", "ask_past_diagnosis")
    assert "first time" not in reply and "never had this" not in reply


def test_had_this_before_beside_other_conditions_lists_the_history(rich_record, parser, make_agent):
    reply = ask(make_agent(rich_record, parser), parser, "Have you had this before, or any other medical conditions?",
                "ask_past_diagnosis")
    assert "asthma" in reply and "first time" not in reply


def test_similar_problems_in_earlier_pregnancies_is_no_recurrence_question(rich_record, parser, make_agent):
    """"Similar problems in previous pregnancies?" asks about those pregnancies, not whether
    the complaint came before: never "this is the first time"."""
    reply = ask(make_agent(rich_record, parser), parser, "Have you had similar problems in previous pregnancies?",
                "ask_past_diagnosis")
    assert "first time" not in reply


@pytest.mark.parametrize("seed", SEEDS)
def test_a_volunteering_patient_says_an_unchanged_medicine_once(rich_record, parser, make_agent, seed):
    agent = make_agent(rich_record, parser, seed=seed, persona="sanguine")
    reply = ask(agent, parser, "Any new medications or supplements?", "ask_past_medication", {"past_medication": ["supplements"]})
    assert reply.count("salbutamol") == 1


@pytest.mark.parametrize(("recorded", "text", "item"), [
    ("waking at night", "Any change in your sleep?", "sleep"),
    ("dark urine", "Any change in the colour of your pee?", "colour of your pee"),
])
def test_a_recorded_symptom_of_an_attribute_is_said_not_an_unchanged_attribute(rich_record, parser, make_agent,
                                                                               recorded, text, item):
    # every person has a sleep and a urine: a recorded symptom of it is the change asked
    record = edited(rich_record, symptoms=[{"name": recorded}], physical_changes=[])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, text, ["ask_physical_change"], {"physical_change": [item]})
        assert "symptoms[0]" in reply.provenance and "noticed any change" not in reply.text, reply.text
