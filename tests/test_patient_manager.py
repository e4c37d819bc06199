"""Dialogue manager: every end signal and the three closing questions."""

from __future__ import annotations

import pytest

from tod.doctors.scripted import closing_question
from tod.patient.manager import ConsultationManager, is_end_signal

CLOSING_DIAGNOSIS = ("So what do you think I have?", "So, doctor, what do you think I have?")
DIAGNOSIS_AGAIN = ("Sorry, doctor, what does that mean? In plain words, what do you think I have?",
                   "So, in plain words, what do you think I have?")


@pytest.mark.parametrize(
    "text",
    [
        "Final Diagnosis: type 2 diabetes",
        "**Final diagnosis:** psoriasis",
        "END INQUIRY",
        "I think we can end the consultation now.",
        "BREAK",
        "break",
        "Thank you. The most likely diagnosis is diabetes.",
        "[END]",
        "[end] thanks",
        "Diagnosis: asthma",
    ],
)
def test_end_signals(text):
    assert is_end_signal(text)


@pytest.mark.parametrize(
    "text",
    ["Did you break a bone?", "Has anyone given you a diagnosis before?", "How are you feeling today?", "Do you have a weekend break?"],
)
def test_questions_are_not_end_signals(text):
    assert not is_end_signal(text)


def test_final_diagnosis_ends_after_answering_the_turns_question(example_record, parser, make_agent):
    agent = make_agent(example_record, parser)
    agent.respond(parser.add("What brings you in?", ["ask_symptom"]))
    reply = agent.respond(parser.add("Final Diagnosis: diabetes. Do you smoke?", ["ask_tobacco"]))
    # the question is answered first (issue 15), then the patient asks to hear the diagnosis
    # again in plain words, not "what do you think I have?" as if none had been stated
    assert reply.answered == ("ask_tobacco",) and reply.provenance == ("social.tobacco",)
    assert any(reply.text.endswith(q) for q in DIAGNOSIS_AGAIN), reply.text
    assert closing_question(reply.text) == "diagnosis"  # still a diagnosis question to a doctor
    assert agent.end_reason == "final_diagnosis" and agent.manager.pending == "diagnosis"
    assert "end:final_diagnosis" in reply.events and "ask_diagnosis_again" in reply.events


def test_two_turns_without_a_new_question_end(example_record, parser, make_agent):
    agent = make_agent(example_record, parser)
    agent.respond(parser.add("How old are you?", ["ask_age"]))
    one = agent.respond(parser.add("Thank you.", []))
    assert agent.end_reason is None and "no_question" in one.events
    agent.respond(parser.add("Do you smoke?", ["ask_tobacco"]))  # a new question resets the count
    agent.respond(parser.add("I see.", []))
    assert agent.end_reason is None
    two = agent.respond(parser.add("How old again?", ["ask_age"]))  # only a repeat: no new question
    assert agent.end_reason == "no_new_question"
    assert two.text.startswith("As I said") and two.text.endswith(CLOSING_DIAGNOSIS)


def test_turn_limit_answers_then_asks(example_record, parser, make_agent):
    agent = make_agent(example_record, parser, turn_limit=3)
    for text, intent in (("Age?", "ask_age"), ("Smoke?", "ask_tobacco"), ("Drink?", "ask_alcohol")):
        reply = agent.respond(parser.add(text, [intent]))
    assert agent.end_reason == "turn_limit"
    assert reply.provenance == ("social.alcohol",)
    assert reply.text.endswith(CLOSING_DIAGNOSIS)


def test_closing_questions_one_at_a_time(example_record, parser, make_agent):
    agent = make_agent(example_record, parser)
    first = agent.respond("Final Diagnosis: type 2 diabetes")
    basis = agent.respond("It's type 2 diabetes.")
    treatment = agent.respond("Because of your thirst, urination and sugar tests.")
    farewell = agent.respond("Metformin, diet and exercise.")
    assert first.text in DIAGNOSIS_AGAIN
    assert basis.text in ("Why do you think so?", "What makes you think that?")
    assert "treatment do I need?" in treatment.text and "What should I do about it?" in treatment.text
    assert "thank you" in farewell.text.lower() and "finished" in farewell.events
    assert agent.finished
    assert agent.summary_answers == {
        "diagnosis": "It's type 2 diabetes.",
        "basis": "Because of your thirst, urination and sugar tests.",
        "treatment": "Metformin, diet and exercise.",
    }
    after = agent.respond("Anything else?")
    assert "after_finished" in after.events and agent.summary_answers["treatment"] == "Metformin, diet and exercise."


def test_manager_rejects_bad_limits_and_out_of_phase_calls():
    with pytest.raises(ValueError):
        ConsultationManager(idle_limit=0)
    manager = ConsultationManager(turn_limit=5)
    with pytest.raises(RuntimeError):
        manager.record_answer("x")
    manager.lower_turn_limit(30)
    assert manager.turn_limit == 5
    manager.end_interview("turn_limit")
    with pytest.raises(RuntimeError):
        manager.end_interview("turn_limit")
