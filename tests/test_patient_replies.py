"""Replies that answer every question, truthfully and like a patient (issue 15)."""

from __future__ import annotations

from eval.reply_checks import pattern_violations
from tod.patient.acts import Fill, IntentAnswer, Statement
from tod.patient.matching import CategoryTable
from tod.patient.nlg import merge_unsure
from tod.patient.voice import first_person, parent_speaks, patient_words
from tod.records.model import Record


def test_first_person_rewrites_pronouns_and_note_verbs_only():
    assert first_person("walks his dog in woodland daily and wears shorts") == "I walk my dog in woodland daily and wear shorts"
    assert first_person("wife keeps asking him to repeat himself") == "wife keeps asking me to repeat myself"
    assert first_person("sleeps on her right side") == "I sleep on my right side"
    assert first_person("quit 8 years ago after 30 pack-years") == "I quit 8 years ago after 30 pack-years"
    assert first_person("type 2 diabetes") == "type 2 diabetes"
    assert patient_words("blood in your stool") == "blood in my stool"


def test_a_parents_opening_keeps_the_caregiver_voice(rich_record):
    data = rich_record.model_dump()
    data["case"]["demographics"]["age_years"] = 18
    data["case"]["opening_statement"] = "My son came home from his halls with a crushing headache."
    assert parent_speaks(Record.model_validate(data).case)
    data["case"]["opening_statement"] = "I came home from my halls with a crushing headache."
    assert not parent_speaks(Record.model_validate(data).case)


def test_categories_name_their_members_and_the_most_specific_wins():
    table = CategoryTable.load()
    assert table.covers("any allergies to medications?", "codeine")
    assert table.covers("medications for your diabetes", "metformin 500 mg twice daily")
    assert not table.covers("medications for your diabetes", "aspirin 75 mg")
    assert table.covers("bowel habits", "bloody diarrhoea")
    assert not table.covers("heart disease", "codeine")


def test_a_category_answers_instead_of_a_denial(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    reply = agent.respond(parser.add("Any allergies to medications?", ["ask_allergic_history"],
                                     {"allergic_history": ["medications"]}))
    assert "penicillin" in reply.text.lower() and not reply.text.lower().startswith("no")


def test_a_final_diagnosis_turn_answers_its_question_before_closing(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    text = "Do you have any allergies? Final Diagnosis: appendicitis."
    reply = agent.respond(parser.add(text, ["ask_allergic_history"], {}))
    assert reply.answered == ("ask_allergic_history",)
    assert "penicillin" in reply.text.lower()
    assert agent.manager.phase == "closing" and reply.text.rstrip().endswith("?")


def test_a_catch_all_gives_the_remaining_items(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["history"]["past_diagnoses"].append({"value": "migraine"})
    agent = make_agent(Record.model_validate(data), parser)
    reply = agent.respond(parser.add("Any asthma or any other conditions?", ["ask_past_diagnosis"],
                                     {"past_diagnosis": ["asthma", "other conditions"]}))
    assert set(reply.provenance) == {"history.past_diagnoses[0]", "history.past_diagnoses[1]"}, reply.text


def test_not_sures_about_named_items_are_said_once():
    def unsure(intent: str, asked: str) -> IntentAnswer:
        statement = Statement(intent, "not_recorded", "not_recorded", {"asked": Fill(asked)})
        return IntentAnswer(intent, (intent, ()), (statement,), (), False)

    merged = merge_unsure([unsure("ask_symptom", "nausea"), unsure("ask_physical_change", "weight loss")])
    statements = [s for a in merged for s in a.statements]
    assert len(statements) == 1 and statements[0].fills["asked"].text == "nausea or weight loss"


def test_pattern_checks_catch_the_issue_examples():
    found = {v.pattern for v in pattern_violations(
        "About smoking: ex-smoker. Better with holding his side still. Well, shares kitchen. No, no clots or or "
        "problems. I'm not sure. I couldn't say. I'm not sure.", echoes=["meds are u on rn"])}
    assert found == {"label_dump", "pronoun_leftover", "note_form", "doubled_word", "repeated_sentence",
                     "stacked_hedges", "echoed_non_item"}
    assert pattern_violations("The rash spreading? I'm not sure. My family? Diabetes (mother).") == []
    assert pattern_violations("She has a rash.", caregiver=True) == []
