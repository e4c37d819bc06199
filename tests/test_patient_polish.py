"""Optional LLM polish: grounding check and fallbacks (the rewriters: test_backends.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tod.patient.polish import GroundingCheck, PolishError, Polisher, fact_atoms
from tod.patient.templates import Part, fact_fills

TEMPLATE = "No, I don't smoke. I had some tests. They told me the blood pressure showed 148/92 mmHg."
#: The fill of TEMPLATE's record placeholder ("I had some tests: {items}.").
TEMPLATE_FACTS = ["blood pressure showed 148/92 mmHg"]


@pytest.fixture(scope="module")
def check() -> GroundingCheck:
    return GroundingCheck.load()


@pytest.mark.parametrize(
    ("rewrite", "problem"),
    [
        ("Nope, not a smoker. My blood pressure came back 150/92 mmHg.", "adds numbers"),
        ("Nope, I don't smoke. The blood pressure test said 148/92 mmHg.", None),
        ("Nope, I don't smoke. The blood pressure test said 148/92.", "drops facts"),
        ("No, I don't smoke. Some test said 148/92 mmHg.", "drops facts"),
        ("No, I don't smoke. My blood pressure was fine.", "drops numbers"),
        ("No, I don't smoke, I take aspirin. Blood pressure: 148/92 mmHg.", "adds terms"),
        ("No, I don't smoke and my knee hurts. Blood pressure: 148/92 mmHg.", "adds terms"),
        ("I do smoke. Blood pressure: 148/92 mmHg.", "changes negation"),
        ("No, I don't smoke, and no, nothing else. Blood pressure 148/92 mmHg.", "changes negation"),
        ("", "empty"),
    ],
)
def test_grounding_check(check, rewrite, problem):
    problems = check.problems(TEMPLATE, rewrite, TEMPLATE_FACTS)
    if problem is None:
        assert problems == []
    else:
        assert any(p.startswith(problem) for p in problems), problems


def test_a_rewrite_that_drops_every_fact_is_rejected(check):
    # A real SmolLM2 rewrite: it kept a negation, so it passed the old check, yet it states
    # none of the facts the reply's provenance lists.
    template = "No, I don't smoke. About drinking: drinks beer (a few beers at weekends)."
    facts = ["drinks beer (a few beers at weekends)"]  # the {items} fill
    assert fact_atoms(facts) == ["drinks beer", "a few beers at weekends"]
    problems = check.problems(template, "I'm sorry for your loss. I don't smoke.", facts)
    assert problems == ["drops facts ['drinks beer', 'a few beers at weekends']"]
    assert check.problems(template, "Nah, I don't smoke. Drinking? Drinks beer, a few beers at weekends.", facts) == []
    assert "drops facts ['a few beers at weekends']" in check.problems(template, "No, I don't smoke, but I drinks beer.", facts)


def test_fact_values_compare_modulo_case_and_lay_terms(check):
    assert check.lost_facts("Yes, I've got HIGH blood pressure.", ["high blood pressure"]) == []
    assert check.lost_facts("Yes, I've got high blood pressure.", ["Hypertension"]) == []
    assert check.lost_facts("Yes, I've got blood pressure.", ["hypertension"]) == ["hypertension"]
    # lists split into items
    assert check.lost_facts("Fever and a cough.", ["fever, cough and rash"]) == ["rash"]


def test_fact_values_of_bank_replies():
    """The facts handed to polish are the record and {asked} fills of the reply's parts."""

    def facts(*parts: Part) -> list[str]:
        return fact_atoms(fact_fills(parts))

    assert facts(Part("Yes, I've had {items}.", {"items": "fever, cough and rash"})) == ["fever", "cough", "rash"]
    assert facts(Part("I think ", glue=True), Part("I've had {items}.", {"items": "a rash (on my arm)"}),
                 Part("Anyway.")) == ["a rash", "on my arm"]
    assert facts(Part("{Child} has had {items}.", {"child": "she", "items": "fever"})) == ["fever"]
    assert facts(Part("No {asked} in the family.", {"asked": "heart disease"})) == ["heart disease"]
    assert facts(Part("No, I don't smoke.")) == []
    assert facts(Part("Okay.")) == []


class FakeRewriter:
    def __init__(self, outputs):
        self.outputs = list(outputs)

    def rewrite(self, text, *, instruction=""):
        output = self.outputs.pop(0)
        if isinstance(output, Exception):
            raise output
        return output.replace("{text}", text)


def test_polisher_counts_fallbacks(check):
    polisher = Polisher(FakeRewriter(["Sure thing: {text}", "I smoke 20 a day.", PolishError("down")]), check)
    assert polisher.polish("Okay.", []) == ("Sure thing: Okay.", True)
    assert polisher.polish("No, I don't smoke.", []) == ("No, I don't smoke.", False)
    assert polisher.polish("No, I don't smoke.", []) == ("No, I don't smoke.", False)
    assert polisher.attempts == 3 and polisher.fallbacks == 2
    assert "adds numbers" in polisher.fallback_reasons[0] and "down" in polisher.fallback_reasons[1]


def test_agent_polish_accepts_grounded_rewrites_only(example_record, parser, make_agent, check):
    rewriter = FakeRewriter(["Honestly? {text}", "I'm 52 years old and I have diabetes."])
    polisher = Polisher(rewriter, check)
    agent = make_agent(example_record, parser, polisher=polisher)
    first = agent.respond(parser.add("How old are you?", ["ask_age"]))
    assert first.text.startswith("Honestly? ") and "polished" in first.events
    second = agent.respond(parser.add("And your weight?", ["ask_weight"]))
    assert "diabetes" not in second.text and "polish_fallback" in second.events
    assert polisher.fallbacks == 1
    no_content = agent.respond(parser.add("Thanks.", []))
    assert polisher.attempts == 2 and "polished" not in no_content.events


@dataclass
class RecordingPolisher(Polisher):
    """A polisher that keeps the ``(text, facts)`` the agent hands it."""

    handed: list[tuple[str, list[str]]] = field(default_factory=list)

    def polish(self, text, facts):
        self.handed.append((text, list(facts)))
        return super().polish(text, facts)


class EchoRewriter:
    """Returns the reply unchanged (loses nothing) or, with ``drop``, only its first words."""

    def __init__(self, drop=False):
        self.drop = drop
        self.seen = []

    def rewrite(self, text, *, instruction=""):
        self.seen.append(text)
        return "Oh, sorry, I don't know." if self.drop else text


@pytest.mark.parametrize("record_name", ["example_record", "rich_record", "child_record"])
def test_agent_polish_never_accepts_a_fact_dropping_rewrite(request, record_name, parser, make_agent, check):
    from tod.doctors.scripted import QUESTION_PLAN
    from tod.schema import INTENTS

    record = request.getfixturevalue(record_name)
    questions = [parser.add(f"Q{i}: {intent}?", [intent]) for i, intent in enumerate(INTENTS)]
    questions += [parser.add(q, ["ask_symptom", "ask_symptom_duration"]) for q in QUESTION_PLAN[:4]]
    for drop in (False, True):
        for persona in ("phlegmatic", "sanguine,colloquial,uncertain,volunteer"):
            rewriter = EchoRewriter(drop=drop)
            polisher = RecordingPolisher(rewriter, check)
            agent = make_agent(record, parser, polisher=polisher, persona=persona, idle_limit=99, turn_limit=99)
            stated = with_facts = 0
            for question in questions:
                reply = agent.respond(question)
                if not reply.provenance:
                    continue
                stated += 1
                template, handed = polisher.handed[-1]
                assert template == rewriter.seen[-1]
                facts = fact_atoms(handed)
                assert all(atom in template.lower() for atom in facts), (template, facts)
                with_facts += bool(facts)
                if not drop:  # the echo keeps every fact: accepted
                    assert "polished" in reply.events, (template, polisher.fallback_reasons)
                elif facts:  # the dropping rewrite is rejected and the template reply kept
                    assert "polish_fallback" in reply.events and reply.text.startswith(template), (template, reply.text)
                    assert "drops facts" in polisher.fallback_reasons[-1]
            assert stated > 10 and with_facts > 10 and polisher.attempts == stated
            assert polisher.fallbacks == 0 if not drop else polisher.fallbacks >= with_facts, polisher.fallback_reasons


def test_polish_is_off_by_default(example_record, parser, make_agent):
    agent = make_agent(example_record, parser)
    assert agent.polisher is None
    assert not {"polished", "polish_fallback"} & set(agent.respond(parser.add("Age?", ["ask_age"])).events)

