"""Dialogue state: repeated questions, revealed facts, events."""

from __future__ import annotations

from tod.patient.state import DialogueState, TurnLog, question_key


def test_question_key_ignores_order_case_and_plurals():
    assert question_key("ask_symptom", ["Headaches", "fever "]) == question_key("ask_symptom", ["fever", "headache"])
    assert question_key("ask_symptom", []) != question_key("ask_symptom", ["fever"])
    assert question_key("ask_symptom", ["fever"]) != question_key("ask_symptom_duration", ["fever"])


def test_commit_keeps_the_first_turn_of_each_fact():
    state = DialogueState()
    key = question_key("ask_age", [])
    assert state.next_turn == 1 and not state.is_repeat(key, ("demographics.age_years",))
    state.commit(TurnLog(1, "age?", ("ask_age",), {}, (), True, ("demographics.age_years",), ("e1",)), (key,))
    state.commit(TurnLog(2, "age?", ("ask_age",), {}, ("ask_age",), False, ("demographics.age_years",), ()), (key,))
    assert state.revealed == {"demographics.age_years": 1}
    assert state.answered == {key: 1}
    assert state.events == [(1, "e1")]
    assert state.is_repeat(key, ("demographics.age_years",))
    assert not state.is_repeat(key, ("demographics.age_years", "demographics.sex"))


def test_repeated_question_starts_with_as_i_said(example_record, parser, make_agent):
    agent = make_agent(example_record, parser, idle_limit=5)
    first = agent.respond(parser.add("How old are you?", ["ask_age"]))
    again = agent.respond(parser.add("And your age again?", ["ask_age"]))
    assert not first.text.startswith("As I said")
    assert again.text.startswith("As I said")
    assert "52 years old" in again.text
    assert "repeated_question:ask_age" in again.events
    assert agent.revealed == {"demographics.age_years": 1}


def test_repeated_denial_and_not_recorded(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser, idle_limit=10)
    agent.respond(parser.add("Do you smoke?", ["ask_tobacco"]))
    denial = agent.respond(parser.add("Smoke at all?", ["ask_tobacco"]))
    assert denial.text.startswith("As I said")
    assert denial.provenance == ("social.tobacco",)
    agent.respond(parser.add("Any operations?", ["ask_trauma_surgery"]))
    unsure = agent.respond(parser.add("Any operations at all?", ["ask_trauma_surgery"]))
    assert unsure.text.startswith("As I said") and unsure.provenance == ()


def test_same_slot_is_a_repeat_a_new_slot_is_not(example_record, parser, make_agent):
    agent = make_agent(example_record, parser, idle_limit=10)
    agent.respond(parser.add("Any chest pain?", ["ask_symptom"], {"symptom": ["chest pain"]}))
    same = agent.respond(parser.add("Chest pains at all?", ["ask_symptom"], {"symptom": ["Chest Pains"]}))
    other = agent.respond(parser.add("Blurred vision?", ["ask_symptom"], {"symptom": ["blurred vision"]}))
    assert same.text.startswith("As I said") and "repeated_question:ask_symptom" in same.events
    assert not other.text.startswith("As I said") and other.provenance == ("symptoms[2]",)


def test_generic_question_is_a_repeat_only_when_nothing_new_is_left(example_record, parser, make_agent):
    agent = make_agent(example_record, parser, max_facts_per_turn=2, idle_limit=10)
    texts = [agent.respond(parser.add(f"Symptoms? {n}", ["ask_symptom"])).text for n in range(3)]
    assert not texts[0].startswith("As I said") and not texts[1].startswith("As I said")
    assert texts[2].startswith("As I said")
    assert set(agent.revealed) == {"symptoms[0]", "symptoms[1]", "symptoms[2]"}


def test_multi_intent_repeat_marks_only_the_repeated_intent(example_record, parser, make_agent):
    agent = make_agent(example_record, parser, idle_limit=10)
    agent.respond(parser.add("Do you smoke?", ["ask_tobacco"]))
    reply = agent.respond(parser.add("Smoke or drink?", ["ask_tobacco", "ask_alcohol"]))
    assert reply.text.startswith("As I said")
    assert "repeated_question:ask_tobacco" in reply.events
    assert "repeated_question:ask_alcohol" not in reply.events
    assert "social.alcohol" in reply.provenance
