"""Provenance guard: catches injected violations; the agent never returns an unguarded
reply."""

from __future__ import annotations

import dataclasses

import pytest

from tod.patient.guard import GuardViolation, ProvenanceGuard
from tod.lexicon import default_lexicon
from tod.patient.templates import Part, compose, default_bank


@pytest.fixture
def rendered(example_record, parser, make_agent):
    """The guard of the example record and a grounded duration answer."""
    agent = make_agent(example_record, parser)
    answers = agent.policy.answer(
        parser.parse(parser.add("How long?", ["ask_symptom_duration"], {"symptom": ["thirst"]})), agent.state
    )
    rendering = agent.renderer.answers(answers)
    return agent.guard, list(rendering.parts), rendering.provenance


def test_grounded_reply_passes(rendered):
    guard, parts, provenance = rendered
    assert guard.check(compose(parts), parts, provenance, ["thirst"]) == []
    assert "about two months" in compose(parts)


def _replace_fill(parts, name, value):
    out = []
    for part in parts:
        if name in part.fills:
            part = dataclasses.replace(part, fills={**part.fills, name: value})
        out.append(part)
    return out


def test_changed_value_is_caught(rendered):
    guard, parts, provenance = rendered
    bad = _replace_fill(parts, "value", "about three months")
    violations = guard.check(compose(bad), bad, provenance)
    assert any("{value}" in v and "provenance" in v for v in violations)


def test_injected_number_is_caught(rendered):
    guard, parts, provenance = rendered
    bad = [*parts, Part("The tests I had: {items}.", {"items": "blood pressure: 180/110 mmHg"})]
    violations = guard.check(compose(bad), bad, provenance)
    assert any("180/110" in v for v in violations)
    with pytest.raises(GuardViolation):
        guard.enforce(compose(bad), bad, provenance)


def test_value_from_a_field_not_in_the_provenance_is_caught(rendered):
    guard, parts, provenance = rendered
    bad = _replace_fill(parts, "value", "three weeks")  # the duration of symptoms[2], not cited
    assert guard.check(compose(bad), bad, provenance)
    assert guard.check(compose(bad), bad, (*provenance, "symptoms[2].duration")) == []


def test_unknown_template_text_mismatch_and_bad_paths_are_caught(rendered):
    guard, parts, provenance = rendered
    invented = [Part("I was diagnosed with {items} last year.", {"items": "about two months"})]
    assert any("not a known template" in v for v in guard.check(compose(invented), invented, provenance))
    assert any("differs" in v for v in guard.check(compose(parts) + " I have diabetes.", parts, provenance))
    assert any("provenance" in v for v in guard.check(compose(parts), parts, (*provenance, "history.allergies[9]")))


def test_asked_echo_must_be_what_the_doctor_named(example_record):
    guard = ProvenanceGuard(example_record.case, default_bank(), default_lexicon())
    part = Part("No {asked} in the family.", {"asked": "heart problems"})
    assert guard.check(part.text, [part], (), ["heart disease"]) == []
    assert guard.check(part.text, [part], (), ["stroke"])
    opening = Part("{opening}", {"opening": "I feel great."})
    assert any("opening" in v for v in guard.check(opening.text, [opening], ()))


def test_a_number_the_doctor_named_is_not_allowed_in_the_reply(example_record):
    guard = ProvenanceGuard(example_record.case, default_bank(), default_lexicon())
    echoed = Part("No {asked} in the family.", {"asked": "fasting glucose 14"})
    assert any("14" in v for v in guard.check(echoed.text, [echoed], (), ["fasting glucose 14"]))
    stripped = Part("No {asked} in the family.", {"asked": "fasting glucose"})
    assert guard.check(stripped.text, [stripped], (), ["fasting glucose 14"]) == []


def test_agent_falls_back_or_raises_on_a_violation(example_record, parser, make_agent, monkeypatch):
    def inject(self, answers):
        rendering = original(self, answers)
        extra = Part("I've been having {items}.", {"items": "chest pain"})
        return dataclasses.replace(rendering, parts=(*rendering.parts, extra))

    from tod.patient.nlg import TemplateRenderer

    original = TemplateRenderer.answers
    monkeypatch.setattr(TemplateRenderer, "answers", inject)
    question = parser.add("What brings you in?", ["ask_symptom"])
    with pytest.raises(GuardViolation):
        make_agent(example_record, parser).respond(question)
    lenient = make_agent(example_record, parser, strict_guard=False)
    reply = lenient.respond(question)
    assert reply.text == "I'm sorry, I'm not sure how to answer that."
    assert "guard_violation" in reply.events and reply.provenance == ()
    assert lenient.revealed == {}
