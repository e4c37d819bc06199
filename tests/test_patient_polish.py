"""Optional LLM polish: grounding check and fallbacks (the rewriters: test_backends.py)."""

from __future__ import annotations

import pytest

from tod.patient.polish import GroundingCheck, PolishError, Polisher

TEMPLATE = "No, I don't smoke. I had some tests: blood pressure: 148/92 mmHg."


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
    problems = check.problems(TEMPLATE, rewrite)
    if problem is None:
        assert problems == []
    else:
        assert any(p.startswith(problem) for p in problems), problems


def test_a_rewrite_that_drops_every_fact_is_rejected(check):
    # A real SmolLM2 rewrite: it kept a negation, so it passed the old check, yet it states
    # none of the facts the reply's provenance lists.
    template = "No, I don't smoke. About drinking: drinks beer (a few beers at weekends)."
    assert check.fact_values(template) == ["drinks beer", "a few beers at weekends"]
    problems = check.problems(template, "I'm sorry for your loss. I don't smoke.")
    assert problems == ["drops facts ['drinks beer', 'a few beers at weekends']"]
    assert check.problems(template, "Nah, I don't smoke. Drinking? Drinks beer, a few beers at weekends.") == []
    assert "drops facts ['a few beers at weekends']" in check.problems(template, "No, I don't smoke, but I drinks beer.")


def test_fact_values_compare_modulo_case_and_lay_terms(check):
    assert check.lost_facts("I've had high blood pressure.", "Yes, I've got HIGH blood pressure.") == []
    assert check.lost_facts("x", "Yes, I've got high blood pressure.", facts=["Hypertension"]) == []
    assert check.lost_facts("x", "Yes, I've got blood pressure.", facts=["hypertension"]) == ["hypertension"]
    # explicit fill values win over the ones recovered from the text; lists split into items
    assert check.lost_facts("x", "Fever and a cough.", facts=["fever, cough and rash"]) == ["rash"]
    # a text that is not made of bank templates: its words that no template uses are the facts
    assert check.fact_values("zorblax and the quux") == ["zorblax", "quux"]


def test_fact_values_of_bank_replies(check):
    assert check.fact_values("Yes, I've had fever, cough and rash.") == ["fever", "cough", "rash"]
    assert check.fact_values("I think i've had a rash (on my arm). Anyway.") == ["a rash", "on my arm"]
    assert check.fact_values("No, I don't smoke.") == []
    assert check.fact_values("Okay.") == []


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
    assert polisher.polish("Okay.") == ("Sure thing: Okay.", True)
    assert polisher.polish("No, I don't smoke.") == ("No, I don't smoke.", False)
    assert polisher.polish("No, I don't smoke.") == ("No, I don't smoke.", False)
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
            polisher = Polisher(rewriter, check)
            agent = make_agent(record, parser, polisher=polisher, persona=persona, idle_limit=99, turn_limit=99)
            stated = with_facts = 0
            for question in questions:
                reply = agent.respond(question)
                if not reply.provenance:
                    continue
                stated += 1
                template = rewriter.seen[-1]
                facts = check.fact_values(template)
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

