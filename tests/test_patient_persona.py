"""Personas change wording, length and volunteering, never facts."""

from __future__ import annotations

import itertools
import re

import pytest

from tod.patient.persona import TEMPERAMENTS, Persona, PersonaError

SCRIPT = [
    ("What brings you in?", ["ask_symptom"], {}),
    ("How long has the pain lasted, and where is it?", ["ask_symptom_duration", "ask_symptom_description_position"], {}),
    ("Any fever, rash or nausea?", ["ask_symptom"], {"symptom": ["fever", "rash", "nausea"]}),
    ("What does the rash look like, what color?", ["ask_symptom_description_shape", "ask_symptom_description_color"], {"symptom": ["rash"]}),
    ("What makes it worse?", ["ask_symptom_factors"], {}),
    ("Any heart disease in the family?", ["ask_family_history"], {"family_history": ["heart disease"]}),
    ("Do you smoke or drink?", ["ask_tobacco", "ask_alcohol"], {}),
    ("Any allergies, to penicillin or sulfa?", ["ask_allergic_history"], {"allergy": ["penicillin", "sulfa"]}),
    ("Medications or treatment so far?", ["ask_past_medication", "ask_receiving_treatment"], {}),
    ("How old are you and what do you do?", ["ask_age", "ask_occupation", "ask_gender", "ask_weight"], {}),
    ("Any tests?", ["ask_medical_examination"], {}),
    ("Any operations?", ["ask_trauma_surgery"], {}),
    ("Do you smoke?", ["ask_tobacco"], {}),
    ("What brings you in?", ["ask_symptom"], {}),
]


def _run(record, parser, make_agent, persona, seed=3):
    agent = make_agent(record, parser, persona=persona, seed=seed, idle_limit=100, turn_limit=100)
    replies = [agent.respond(parser.add(text, intents, slots)) for text, intents, slots in SCRIPT]
    return agent, replies


PERSONAS = [
    Persona(t, volunteer=False, colloquial=c, uncertain=u)
    for t, c, u in itertools.product(TEMPERAMENTS, (False, True), (False, True))
]


def test_facts_stated_are_identical_across_personas(rich_record, parser, make_agent):
    """Same questions -> the same record paths per turn under all 16 persona variants;
    the strict guard checks each stated value against those paths."""
    baseline = None
    texts = set()
    for persona in PERSONAS:
        agent, replies = _run(rich_record, parser, make_agent, persona)
        facts = [reply.provenance for reply in replies]
        texts.add(tuple(r.text for r in replies))
        if baseline is None:
            baseline = facts
        assert facts == baseline, persona
        for reply in replies:
            if reply.text.startswith("As I said"):
                continue
            for path in reply.provenance:
                # A described symptom may stay implicit ("It looks rough" about the rash).
                spoken = agent.guard.spoken_texts(path)
                if spoken and not re.fullmatch(r"symptoms\[\d+\]", path):
                    assert any(s.lower() in reply.text.lower() for s in spoken), (path, reply.text)
    assert len(texts) >= 8  # the wording does differ


def test_volunteering_is_the_only_difference(example_record, parser, make_agent):
    question = ("Any heart disease in the family?", ["ask_family_history"], {"family_history": ["heart disease"]})
    quiet = make_agent(example_record, parser, persona="sanguine,no-volunteer").respond(parser.add(*question))
    talkative_agent = make_agent(example_record, parser, persona="sanguine")
    talkative = talkative_agent.respond(parser.add(*question))
    assert "diabetes" not in quiet.text.lower() and quiet.provenance == ()
    assert "my mother has had diabetes" in talkative.text.lower()
    assert talkative.provenance == ("history.family_history[0]",)
    assert "volunteered:history.family_history[0]" in talkative.events
    assert talkative_agent.revealed == {"history.family_history[0]": 1}


def test_volunteering_respects_the_fact_limit(example_record, parser, make_agent):
    agent = make_agent(example_record, parser, persona="melancholic", max_facts_per_turn=3)
    reply = agent.respond(parser.add("Thirst?", ["ask_symptom"], {"symptom": ["thirst", "frequent urination", "blurred vision"]}))
    assert len(reply.provenance) == 3 and not any(e.startswith("volunteered") for e in reply.events)
    single = make_agent(example_record, parser, persona="melancholic", max_facts_per_turn=1)
    reply = single.respond(parser.add("Thirst?", ["ask_symptom"], {"symptom": ["thirst"]}))
    assert reply.provenance == ("symptoms[0]",)


def test_default_volunteering_by_temperament():
    assert Persona("sanguine").volunteers and Persona("melancholic").volunteers
    assert not Persona("choleric").volunteers and not Persona("phlegmatic").volunteers
    assert not Persona("sanguine", volunteer=False).volunteers


def test_switches_show_in_the_wording(rich_record, parser, make_agent):
    _, plain = _run(rich_record, parser, make_agent, Persona("phlegmatic", volunteer=False))
    _, casual = _run(rich_record, parser, make_agent, Persona("phlegmatic", volunteer=False, colloquial=True, uncertain=True))
    plain_text = " ".join(r.text for r in plain)
    casual_text = " ".join(r.text for r in casual)
    assert "Nah," in casual_text and "Nah," not in plain_text
    hedges = ("I think ", "If I remember right, ", "Maybe ", "I'm not completely sure, but ")
    assert any(h in casual_text for h in hedges) and not any(h in plain_text for h in hedges)


def test_temperaments_differ_in_length(rich_record, parser, make_agent):
    def words(temperament):
        return sum(
            len(r.text.split())
            for seed in range(3)
            for r in _run(rich_record, parser, make_agent, Persona(temperament, volunteer=False), seed)[1]
        )

    assert words("sanguine") > words("phlegmatic")
    assert words("melancholic") > words("phlegmatic")


def test_persona_parse():
    assert Persona.parse("sanguine,colloquial,no-volunteer") == Persona("sanguine", False, True, False)
    assert Persona.parse(" Choleric , uncertain ") == Persona("choleric", None, False, True)
    for bad in ("grumpy", "sanguine,loud", ""):
        with pytest.raises(PersonaError):
            Persona.parse(bad)
