"""Replies, round 3 of issue 15: record values spoken as sentences, not notes; no denial of
an item a field holding other facts does not mention; a denial and the facts after it read
as one answer (made-up records and turns)."""

from __future__ import annotations

import re

from tod.patient.spoken import join_detail, spoken_fact, split_aside
from tod.patient.voice import first_person
from tod.records.model import Record


def _record(rich_record: Record, **changes: object) -> Record:
    """``rich_record`` with some case sections updated ("history", "social")."""
    data = rich_record.model_dump()
    for section, value in changes.items():
        data["case"][section].update(value)
    return Record.model_validate(data)


def _ask(agent, parser, text: str, intent: str, slots: dict[str, list[str]] | None = None) -> str:
    return agent.respond(parser.add(text, [intent], slots or {})).text


# ------------------------------------------------------------- spoken facts


def test_a_detail_saying_when_or_how_often_follows_without_a_comma():
    assert join_detail("fish oil", "twice a week") == "fish oil twice a week"
    assert join_detail("eczema", "since school") == "eczema since school"
    assert join_detail("cider", "weekends") == "cider at weekends"
    assert join_detail("weight gain", "about 3 kg") == "weight gain of about 3 kg"
    # a participle clause keeps its comma (spoken_fact leaves such a note out); a dose takes none
    assert join_detail("gallstones", "removed 2 years ago") == "gallstones, removed 2 years ago"
    assert join_detail("lisinopril", "10 mg") == "lisinopril 10 mg"
    assert join_detail("gallstones", "left kidney") == "gallstones, left kidney"


def test_a_bracketed_aside_is_a_detail_and_a_repeated_one_is_dropped():
    assert split_aside("kidney disease (kidney disease)") == ("kidney disease", [])
    assert split_aside("heart murmur (since birth)") == ("heart murmur", ["since birth"])
    said = spoken_fact("social.tobacco", ("ex-smoker (gave up 5 years ago)",), voice=first_person)
    assert said == "I'm an ex-smoker; I gave up 5 years ago", said
    assert "(" not in said


def test_relatives_say_who_had_it_and_person_nouns_and_doings_become_clauses():
    assert spoken_fact("history.family_history[0]", ("gout", "my uncle")) == "my uncle has had gout"
    assert spoken_fact("history.family_history[0]", ("gout", "my uncle and aunt")) == "my uncle and aunt have had gout"
    # a detail that says more than who keeps the note form (no invented verb)
    assert spoken_fact("history.family_history[0]", ("gout", "my uncle, in his fifties")) == "gout, my uncle, in his fifties"
    assert spoken_fact("social.living_habits[0]", ("keen cyclist",)) == "I'm a keen cyclist"
    assert spoken_fact("social.living_habits[0]", ("keen cyclist",), subject="she") == "she is a keen cyclist"
    assert spoken_fact("social.living_habits[0]", ("hardly sleeping at night",)) == "I've been hardly sleeping at night"
    # only social history takes the person frame; a diagnosis ending in "-er" is left alone
    assert spoken_fact("history.past_diagnoses[0]", ("bladder cancer",)) == "bladder cancer"


def test_replies_speak_the_record_as_sentences(rich_record, parser, make_agent):
    record = _record(rich_record, social={"alcohol": {"value": "cider", "detail": "weekends"},
                                          "living_habits": [{"value": "keen cyclist, stopped after the fall"}]},
                     history={"medications": [{"value": "fish oil", "detail": "daily"}],
                              "family_history": [{"value": "glaucoma", "detail": "grandmother"}]})
    agent = make_agent(record, parser)
    alcohol = _ask(agent, parser, "Do you drink?", "ask_alcohol")
    habits = _ask(agent, parser, "Tell me about your routine.", "ask_living_habit")
    meds = _ask(agent, parser, "Any medicines?", "ask_past_medication")
    family = _ask(agent, parser, "Anything in the family?", "ask_family_history")
    assert "cider at weekends" in alcohol.lower() and "cider, weekends" not in alcohol.lower(), alcohol
    assert "I'm a keen cyclist; I stopped after the fall" in habits, habits
    assert "fish oil daily" in meds and not meds.startswith("Medicines?"), meds
    assert "my grandmother has had glaucoma" in family.lower(), family


# ------------------------------------------------------------ denials


def test_an_item_a_habit_field_does_not_mention_is_not_denied(rich_record, parser, make_agent):
    record = _record(rich_record, social={"living_habits": [{"value": "walks to work"}]})
    text = _ask(make_agent(record, parser), parser, "Any stress lately?", "ask_living_habit",
                {"living_habit": ["stress"]})
    assert text.startswith("Stress?") and not re.search(r"\bno stress\b", text.lower()), text
    assert "not sure" not in text.lower(), text


def test_a_related_fact_after_a_denial_is_linked_to_it(rich_record, parser, make_agent):
    record = _record(rich_record, history={"past_diagnoses": [{"value": "emphysema"}]})
    text = _ask(make_agent(record, parser), parser, "Any bronchitis?", "ask_past_diagnosis",
                {"past_diagnosis": ["bronchitis"]})
    assert text.startswith("No"), text
    assert re.search(r"\bBut I have had emphysema\b|I have had emphysema, though", text), text
    assert "as far as I know" not in text and "Yes" not in text, text


# ------------------------------------------------------------ hedges and topics


def test_a_long_not_sure_names_every_item_one_per_question_first():
    from tod.patient.acts import Fill, IntentAnswer, Statement
    from tod.patient.nlg import merge_unsure
    from tod.patient.state import question_key

    def unsure(intent: str, items: list[str]) -> IntentAnswer:
        fill = Fill(", ".join(items), items=tuple(items))
        return IntentAnswer(intent, question_key(intent, items), (Statement(intent, "not_recorded", "not_recorded",
                                                                               {"asked": fill}),))

    answers = merge_unsure([unsure("ask_living_habit", ["diet", "coffee", "tea", "brushing"]),
                            unsure("ask_symptom", ["chills", "itching"])])
    merged = [s for a in answers for s in a.statements]
    assert len(merged) == 1 and merged[0].variant == "not_recorded_many"
    assert merged[0].fills["asked"].items == ("diet", "chills", "coffee", "itching", "tea", "brushing")


def test_no_closing_filler_after_a_reply_of_only_not_sures(rich_record, parser, make_agent):
    closes = 0
    for seed in range(12):
        agent = make_agent(rich_record, parser, persona="phlegmatic", seed=seed)
        unsure = _ask(agent, parser, "Any tremor?", "ask_symptom", {"symptom": ["tremor"]})
        assert "That's about it" not in unsure, unsure
        answered = _ask(agent, parser, "Any allergies?", "ask_allergic_history")
        closes += "That's about it" in answered
    assert closes > 0  # the phlegmatic close still ends replies that state something


def test_topics_that_do_not_apply_are_said_not_to_apply(rich_record, parser, make_agent):
    man = _record(rich_record, social={"reproductive_history": []})
    man.case.demographics.sex = "male"
    text = _ask(make_agent(man, parser), parser, "Any changes in your periods?", "ask_reproductive_history")
    assert "doesn't apply" in text or "applies to me" in text, text
    child = _record(rich_record, social={"alcohol": None, "sexual_history": []})
    child.case.demographics.age_years = 6
    agent = make_agent(child, parser)
    for intent in ("ask_alcohol", "ask_coitus"):
        text = _ask(agent, parser, "Any of that?", intent)
        assert "just a child" in text or "too young" in text, (intent, text)


def test_when_it_began_falls_back_to_how_long_it_has_lasted(rich_record, parser, make_agent):
    from tod.records.model import Symptom

    record = rich_record.model_copy(deep=True)
    record.case.symptoms = [Symptom(name="backache", duration="three months")]
    reply = make_agent(record, parser).respond(parser.add("Is this recent or long-standing?",
                                                          ["ask_symptom_description_time"], {}))
    assert "three months" in reply.text and "symptoms[0].duration" in reply.provenance, reply.text


def test_unrecorded_topics_a_patient_knows_are_answered_as_recall(rich_record, parser, make_agent):
    record = _record(rich_record, history={"exposures": [], "medications": [], "current_treatment": []},
                     social={"tobacco": None, "living_habits": []})
    agent = make_agent(record, parser)
    for text, intent in (("Any travel or new environments lately?", "ask_contact_history"),
                         ("Do you take any medicines?", "ask_past_medication"),
                         ("Have you tried anything for it?", "ask_receiving_treatment"),
                         ("Do you smoke?", "ask_tobacco"), ("Tell me about your habits.", "ask_living_habit")):
        reply = _ask(agent, parser, text, intent)
        assert "not sure" not in reply.lower() and not re.match(r"No\b", reply), (intent, reply)
    exposure = _ask(make_agent(record, parser), parser, "Any recent travel?", "ask_contact_history")
    # a recall that names the topic in a sentence, not a field label asked back ("Travel, or anything ...? ...")
    assert "travel" in exposure and "?" not in exposure, exposure


def test_treatments_tried_are_said_with_a_verb(rich_record, parser, make_agent):
    record = _record(rich_record, history={"current_treatment": [{"value": "ice packs", "detail": "twice a day"}]})
    for seed in range(6):
        text = _ask(make_agent(record, parser, seed=seed), parser, "Tried anything?", "ask_receiving_treatment")
        assert re.search(r"\b(?:tried|had) ice packs twice a day\b", text), text


def test_examination_names_lose_category_labels_and_title_case():
    from tod.patient.facts import exam_name

    assert exam_name("Vital Signs Heart Rate") == "heart rate"
    assert exam_name("Laboratory: Serum Potassium") == "serum potassium"
    assert exam_name("Full Blood Count") == "full blood count"
    assert exam_name("MRI Brain") == "MRI Brain"  # an acronym keeps its case
    assert exam_name("Imaging") == "imaging"  # a label alone is the name (lower case inside a sentence)


def test_a_symptom_named_once_is_not_asked_back_in_the_same_reply(rich_record, parser, make_agent):
    from tod.records.model import Symptom

    record = rich_record.model_copy(deep=True)
    record.case.symptoms = [Symptom(name="rash", duration="two days", shape="raised red blotches")]
    for seed in range(6):
        reply = make_agent(record, parser, seed=seed).respond(parser.add(
            "How long has the rash been there and what does it look like?",
            ["ask_symptom_duration", "ask_symptom_description_shape"], {"symptom": ["rash"]}))
        assert "raised red blotches" in reply.text.lower() and "two days" in reply.text, reply.text
        assert len(re.findall(r"\brash\?", reply.text, re.IGNORECASE)) <= 1, reply.text


def test_field_sentence_frames_turn_note_values_into_clauses():
    assert spoken_fact("social.reproductive_history[0]", ("menopause at 49",)) == "I went through menopause at 49"
    assert spoken_fact("social.reproductive_history[0]", ("three children",)) == "I have three children"
    assert spoken_fact("social.reproductive_history[0]", ("last period 5 days ago",)) == "my last period was 5 days ago"
    assert spoken_fact("social.reproductive_history[0]", ("last period was 5 days ago",)) == "last period was 5 days ago"
    assert spoken_fact("social.reproductive_history[0]", ("never been pregnant",), subject="she") == "she has never been pregnant"
    assert spoken_fact("social.living_habits[0]", ("diet low in salt",)) == "my diet is low in salt"
    assert spoken_fact("social.living_habits[0]", ("high-protein diet",)) == "I have a high-protein diet"
    # a frame is a field's: a past diagnosis that names children is left alone
    assert spoken_fact("history.past_diagnoses[0]", ("two children with asthma",)) == "two children with asthma"
    assert first_person("lives with husband") == "I live with my husband"
    assert first_person("lives with her husband") == "I live with my husband"
