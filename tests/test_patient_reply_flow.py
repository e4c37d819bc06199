"""How the sentences of one reply fit together (issue 15): present items before denials, sentences
that differ only in their topic said as one, no frame twice in a row, no stacked fillers or
hedges, no two "But" sentences in a row, and no repeated intro. Made-up records and turns."""

from __future__ import annotations

from pathlib import Path
import random
import re

from tod.patient.acts import Fill, IntentAnswer, Statement
from tod.patient.nlg import TemplateRenderer, _template_frames, _without_stacked_filler
from tod.patient.persona import Persona
from tod.patient.templates import Part, default_bank, parallel as _parallel
from tod.patient.voice import Voice
from tod.records.model import Record

from reply_support import SEEDS, replies_to, reply_to


def _said(statements: list[Statement], seed: int) -> str:
    renderer = TemplateRenderer(default_bank(), Voice("patient"), Persona(), random.Random(seed))
    answer = IntentAnswer("ask_symptom", ("ask_symptom", ()), tuple(statements))
    return renderer.answers([answer]).text


def _smoker(record):
    data = record.model_dump()
    data["case"]["social"]["tobacco"] = {"status": "present", "value": "6 cigarettes a day"}
    return type(record).model_validate(data)


def test_a_volunteering_patient_never_repeats_an_intro(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser, persona="sanguine,volunteer")
    intents = ["ask_symptom", "ask_past_diagnosis", "ask_allergic_history", "ask_past_medication", "ask_contact_history",
               "ask_family_history"]
    text = agent.respond(parser.add("Tell me everything.", intents)).text
    from eval.reply_checks import pattern_violations

    assert not [v for v in pattern_violations(text) if v.pattern == "repeated_sentence"], text


def test_no_hedge_is_glued_before_a_contrasting_but(rich_record, parser, make_agent):
    for seed in range(30):
        agent = make_agent(rich_record, parser, seed=seed, persona="melancholic,uncertain")
        text = agent.respond(parser.add("Allergic to latex? Anything in the family?",
                                        ["ask_allergic_history", "ask_family_history"], {"allergy": ["latex"]})).text
        assert "heart disease" in text and not re.search(r"\bbut,? [Bb]ut\b", text), text


def test_a_quiet_patient_says_only_the_named_symptom(rich_record, parser, make_agent):
    for seed in SEEDS:
        reply = reply_to(rich_record, parser, make_agent, seed, "Any rash?", ["ask_symptom"], {"symptom": ["rash"]})
        assert reply.provenance == ("symptoms[1]",), reply.text


def test_the_stacked_hedge_is_gone_from_the_templates():
    text = Path(__file__).resolve().parents[1].joinpath("templates", "patient.yaml").read_text(encoding="utf-8")
    assert "Not that I know of, but I'm not sure" not in text


def test_present_items_come_before_the_denial_of_the_others(rich_record, parser, make_agent):
    asked = ["nosebleeds", "hiccups", "ringing in the ears"]
    for seed in SEEDS:
        text = reply_to(rich_record, parser, make_agent, seed, "Nosebleeds, hiccups or ringing in the ears? Appetite?",
                      ["ask_symptom", "ask_physical_change"], {"symptom": asked, "physical_change": ["loss of appetite"]}).text
        assert "appetite" in text and "none of those" not in text.lower() and "any of those" not in text, text


def test_two_sentences_differing_only_in_their_topic_are_said_as_one():
    merged = _parallel("There's nothing much to tell you about smoking.", "There's nothing much to tell you about drinking.")
    assert merged == "There's nothing much to tell you about smoking or drinking."
    assert _parallel("Smoking? Nothing worth mentioning, really.", "Drinking? Nothing worth mentioning, really.") == \
        "Smoking or drinking? Nothing worth mentioning, really."


def test_different_sentences_are_not_merged():
    assert _parallel("Pets? Nothing comes to mind.", "Allergies? None that I can think of.") is None
    assert _parallel("No, I haven't noticed any rash.", "No, I haven't noticed any rash.") is None


def test_a_reply_about_smoking_and_drinking_says_a_shared_sentence_once(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["social"].update({"tobacco": None, "alcohol": None})
    record = Record.model_validate(data)
    for seed in range(12):
        text = reply_to(record, parser, make_agent, seed, "Do you smoke or drink?", ["ask_tobacco", "ask_alcohol"]).text
        sentences = [s for s in re.split(r"(?<=[.?!])\s+", text) if s]
        assert len(sentences) == len(set(sentences)) and text.count("nothing much to tell you") <= 1, text


def test_two_topics_said_in_one_frame_share_it():
    assert _template_frames("As for pets, nothing comes to mind.") & _template_frames("As for travel, nothing comes to mind.")
    assert not _template_frames("{Asked}? Nothing comes to mind.") & _template_frames("{Asked}? I'm not sure.")


def test_a_reply_does_not_repeat_a_frame_in_a_row(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Any pets or travel? And any problems at work?",
                           ["ask_contact_history", "ask_occupation"], {}):
        assert text.count("nothing comes to mind") <= 1, text


def test_two_fillers_are_never_stacked():
    parts = [Part("Mm."), Part("Hmm, I can't remember {asked}.", {"asked": "pets"})]
    assert [p.text for p in _without_stacked_filler(parts)] == ["Hmm, I can't remember pets."]
    kept = [Part("Of course!"), Part("Hmm, I can't remember.")]
    assert _without_stacked_filler(kept) == kept


def test_two_but_sentences_never_follow_each_other():
    # "But nothing else like that." then a recall about the rest: the second is said without "But"
    others = Statement("common", "absent_unrecorded_others", "denied", {"asked": Fill("fever, chills or cramps")})
    recall = Statement("common", "not_recalled_but", "not_recorded", {"asked": Fill("sleep patterns")})
    for seed in range(6):
        text = _said([others, recall], seed)
        assert "sleep patterns" in text and text.count("But ") <= 1, text


def test_an_item_linked_to_a_fact_said_already_keeps_an_answer(rich_record, parser, make_agent):
    record = _smoker(rich_record)
    for text in replies_to(record, parser, make_agent, "Do you smoke? Around pipe smoke at all?",
                           ["ask_tobacco", "ask_contact_history"], {"exposure": ["pipe smoke"]}):
        assert text.count("6 cigarettes") == 1, text
        assert "pipe smoke" in text.lower() and "apart from what i've told you" in text.lower(), text


def test_an_honest_link_alone_still_says_its_fact(rich_record, parser, make_agent):
    for text in replies_to(_smoker(rich_record), parser, make_agent, "Around pipe smoke at all?",
                           ["ask_contact_history"], {"exposure": ["pipe smoke"]}):
        assert "6 cigarettes" in text and "if that's what you mean" in text, text


def _answers_said(answers: list[IntentAnswer], seed: int) -> str:
    renderer = TemplateRenderer(default_bank(), Voice("patient"), Persona(), random.Random(seed))
    return renderer.answers(answers).text


def test_a_recall_and_a_topic_none_answer_are_said_once_together():
    # "Chemicals? Nothing comes to mind. Nothing about medicines that I can think of." stacks two none-answers
    recall = Statement("common", "not_recalled", "not_recorded", {"asked": Fill("chemicals", items=("chemicals",))})
    medicines = Statement("ask_past_medication", "not_recorded", "not_recorded")
    answers = [IntentAnswer("ask_contact_history", ("ask_contact_history", ()), (recall,)),
               IntentAnswer("ask_past_medication", ("ask_past_medication", ()), (medicines,))]
    for seed in SEEDS:
        text = _answers_said(answers, seed)
        assert "chemicals" in text.lower() and "medicines" in text, text
        assert len(re.findall(r"comes to mind|can think of|can recall", text)) == 1, text


def test_a_topic_none_answer_alone_keeps_its_own_wording():
    medicines = Statement("ask_past_medication", "not_recorded", "not_recorded")
    for seed in SEEDS:
        text = _said([medicines], seed)
        assert "medicines" in text and "{" not in text, text


def test_a_recall_about_a_body_function_says_it_is_unremarkable():
    # "Sleep? Nothing comes to mind." answers no description; sleep is something every person has
    for item in ("sleep", "appetite", "stress level"):
        recall = Statement("common", "not_recalled", "not_recorded", {"asked": Fill(item, items=(item,))})
        for seed in SEEDS:
            text = _said([recall], seed)
            assert f"my {item}" in text and "comes to mind" not in text, text


def test_a_relatives_recall_about_a_body_function_stays_about_the_family():
    recall = Statement("ask_family_history", "not_recalled", "not_recorded", {"asked": Fill("thyroid", items=("thyroid",))})
    for seed in SEEDS:
        text = _said([recall], seed)
        assert "family" in text and "my thyroid" not in text, text


def test_a_recall_about_a_problem_keeps_naming_it_back():
    recall = Statement("common", "not_recalled", "not_recorded", {"asked": Fill("ticks", items=("ticks",))})
    for seed in SEEDS:
        assert "ticks" in _said([recall], seed).lower()


def test_a_not_sure_after_a_denial_gives_its_reason_of_doubt():
    # "No, no fever. Flu-like symptoms? Hmm, I couldn't say." reads as taking the denial back
    denial = Statement("ask_symptom", "absent_unrecorded", "denied", {"asked": Fill("fever", items=("fever",))})
    unsure = Statement("ask_symptom", "not_recorded", "not_recorded", {"asked": Fill("dizziness", items=("dizziness",))})
    for seed in SEEDS:
        text = _said([denial, unsure], seed)
        assert "dizziness" in text.lower() and re.search(r"haven't|don't remember", text), text


def test_no_none_answer_leaves_its_topic_unnamed():
    # "Nothing worth mentioning, really." to a work question names nothing it answers
    bare = re.compile(r"^(?:hmm, |well, )?(?:nothing (?:comes to mind|worth mentioning(?:, really)?)|"
                      r"not that i can think of)\.$", re.IGNORECASE)
    bank = default_bank()
    for template in bank.known_templates():
        assert not bare.match(template), template


def test_a_reply_leaving_a_recorded_symptom_unsaid_never_closes_as_if_all_was_said():
    """'That's about it.' ends only a reply that has said every present symptom of the
    record: after the cough alone, with a fever recorded too, it would deny the fever."""
    cough = Statement("ask_symptom", "present", "present", {"items": Fill("a cough", ("symptoms[0]",))})
    both = Statement("ask_symptom", "present", "present", {"items": Fill("a cough and a fever", ("symptoms[0]", "symptoms[1]"))})
    recorded = frozenset({"symptoms[0]", "symptoms[1]"})

    def closes(statement: Statement) -> int:
        answer = IntentAnswer("ask_symptom", ("ask_symptom", ()), (statement,))
        return sum("about it" in TemplateRenderer(default_bank(), Voice("patient"), Persona.parse("phlegmatic"),
                                                  random.Random(seed), recorded).answers([answer]).text
                   for seed in range(200))

    assert closes(cough) == 0
    assert closes(both) > 0


_OPENERS = re.compile(r"(?:^|[.?!]\s+)(?:Mm|Well|Hmm|Umm)\b")


def test_an_opening_filler_is_never_said_before_another_opener():
    # "Mm. I've been having a cough. Chills? Hmm, ..." stacks openers: the opening "Mm." goes
    symptom = Statement("ask_symptom", "present", "present", {"items": Fill("a cough", ("symptoms[0]",))})
    illness = Statement("ask_past_diagnosis", "present", "present", {"items": Fill("asthma", ("history.past_diagnoses[0]",))})
    unsure = Statement("common", "not_recorded", "not_recorded", {"asked": Fill("chills", items=("chills",))})
    texts = [_answers_said([IntentAnswer("ask_symptom", ("ask_symptom", ()), (symptom, unsure)),
                            IntentAnswer("ask_past_diagnosis", ("ask_past_diagnosis", ()), (illness,))], seed)
             for seed in range(40)]
    assert any(_OPENERS.search(t) for t in texts)
    for text in texts:
        assert not (text.startswith(("Mm.", "Well...", "Hmm, let me think.")) and len(_OPENERS.findall(text)) > 1), text


def test_two_names_of_one_thing_get_one_none_answer():
    # "No, no yellowing. Yellow skin? I haven't noticed that myself." answers one thing twice
    denial = Statement("common", "absent_unrecorded", "denied", {"asked": Fill("yellowing", items=("yellowing",))})
    unsure = Statement("common", "not_recorded", "not_recorded", {"asked": Fill("yellow skin", items=("yellow skin",))})
    other = Statement("common", "not_recorded", "not_recorded", {"asked": Fill("night sweats", items=("night sweats",))})
    for seed in range(12):
        text = _answers_said([IntentAnswer("ask_symptom", ("ask_symptom", ()), (denial,)),
                              IntentAnswer("ask_physical_change", ("ask_physical_change", ()), (unsure, other))], seed)
        assert "yellowing" in text and "yellow skin" not in text.lower() and "night sweats" in text.lower(), text


def test_two_wordings_of_one_change_get_one_none_answer():
    # "No, no decrease in hearing. I haven't noticed any change in my hearing." says one thing
    # twice; "blood in the urine" and "change in urine" are two things, each answered
    hearing = Statement("common", "absent_unrecorded", "denied", {"asked": Fill("decrease in hearing", items=("decrease in hearing",))})
    again = Statement("common", "not_recorded", "not_recorded", {"asked": Fill("change in my hearing", items=("change in my hearing",))})
    blood = Statement("common", "absent_unrecorded", "denied", {"asked": Fill("blood in the urine", items=("blood in the urine",))})
    urine = Statement("common", "not_recorded", "not_recorded", {"asked": Fill("change in urine", items=("change in urine",))})
    for seed in range(12):
        text = _answers_said([IntentAnswer("ask_symptom", ("ask_symptom", ()), (hearing, blood)),
                              IntentAnswer("ask_physical_change", ("ask_physical_change", ()), (again, urine))], seed)
        assert "decrease in hearing" in text and "change in my hearing" not in text.lower(), text
        assert "blood in the urine" in text and "change in urine" in text.lower(), text
