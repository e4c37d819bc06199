"""Question focus: the NLU reads only the sentences that ask something."""

from __future__ import annotations

import logging

import pytest

from tod.nlu.annotations import AnnotatedTurn
from tod.nlu.parser import NLUParser, PairedModels
from tod.nlu.questions import focus_turns, question_focus, question_sentences
from tod.nlu.slot_tagger import decode_tags
from tod.nlu.spans import TAG_TO_ID


def test_preamble_explanation_and_closing_are_left_out():
    turn = ("Thank you for letting me know. Based on your symptoms, it could be asthma or bronchitis.\n\n"
            "Have you had any fever or chills? Also, do you smoke?\n\nThis will help me narrow it down.")
    assert question_focus(turn) == "Have you had any fever or chills?\nAlso, do you smoke?"


@pytest.mark.parametrize("turn", [
    "Final Diagnosis: Psoriasis",
    "**Final Diagnosis:** Heart failure",
    "Thank you.",
    "It sounds like a viral infection. I would recommend rest and fluids. Take ibuprofen for the pain.",
    "",
    "   \n ",
    "1. Viral gastroenteritis: a common cause.\n2. Food poisoning: this can cause vomiting.\n5",
])
def test_turns_without_a_question_have_an_empty_focus(turn):
    assert question_focus(turn) == ""


def test_questions_without_question_marks_and_requests_count():
    turn = ("Tell me about your diet. Please describe the pain. I'd like to know if you drink alcohol. "
            "I'd like you to get a chest X-ray. Would that be possible? It is probably nothing serious.")
    assert question_focus(turn).splitlines() == [
        "Tell me about your diet.", "Please describe the pain.", "I'd like to know if you drink alcohol.",
        "I'd like you to get a chest X-ray.", "Would that be possible?"]


def test_list_items_under_a_question_head_are_kept_and_statement_lists_are_not():
    turn = ("Here are some possible causes:\n1. Migraine\n2. Tension headache\n\n"
            "Have you had any of the following:\n- nausea\n- blurred vision\n\nThanks.")
    assert question_focus(turn) == "Have you had any of the following:\n- nausea\n- blurred vision"


def test_markup_connectives_brackets_and_abbreviations():
    turn = ("(Examines the rash) How long has it been there?\n"
            "**Location** - Where is the pain?\n"
            "Along with the cough, have you had any night sweats\n"
            "Is there a family history of H. pylori infection? One more thing: do you smoke")
    assert question_focus(turn).splitlines() == [
        "(Examines the rash) How long has it been there?", "**Location** - Where is the pain?",
        "Along with the cough, have you had any night sweats",
        "Is there a family history of H. pylori infection?", "One more thing: do you smoke"]


def test_spoken_fillers_and_question_tags_typed_without_question_marks():
    turn = ("Six times a day. OK. Um, so have you noticed any blood in it at all over the last week. "
            "I mean, do you take anything for the pain on a regular basis. "
            "You don't smoke at all these days, do you. No allergies to any medications, right. "
            "We'll start you on ibuprofen, right away.")
    assert question_focus(turn).splitlines() == [
        "Um, so have you noticed any blood in it at all over the last week.",
        "I mean, do you take anything for the pain on a regular basis.",
        "You don't smoke at all these days, do you.", "No allergies to any medications, right."]


def test_invitations_to_ask_are_not_questions_but_a_question_after_a_colon_is():
    turn = ("I'd recommend antibiotics for the infection. Do you have any questions or concerns about the "
            "diagnosis or treatment?\nIs there anything else? Any further questions about the plan?\n"
            "I have a few more questions: do you smoke?")
    assert question_focus(turn).splitlines() == ["Is there anything else?", "I have a few more questions: do you smoke?"]


def test_questions_about_research_ask_nothing_but_named_tests_and_the_patients_studies_do():
    turn = ("Are there any plans to run larger, more definitive studies of this marker? What do the "
            "guidelines say about screening? Have any imaging studies been done? Did you take part in "
            "the study? Has a sleep study been done?")
    assert question_focus(turn).splitlines() == [
        "Have any imaging studies been done?", "Did you take part in the study?", "Has a sleep study been done?"]


def test_a_relative_clause_after_a_comma_does_not_open_a_question():
    advice = "Some tips:\n* Getting enough sleep\n* Avoiding coffee and alcohol, which can make it worse"
    assert question_focus(advice) == ""
    assert question_focus("With the rash, where did it start?") == "With the rash, where did it start?"


def test_a_short_unpunctuated_last_sentence_is_a_telegraphic_question():
    assert question_focus("Alright, let's continue. Smoker") == "Smoker"
    long_tail = "Okay. " + " ".join(["word"] * 12)
    assert question_focus(long_tail) == ""


def test_focus_lines_are_verbatim_substrings_at_their_offsets():
    turn = "Great.  1. Any fever?\n  2. Any cough?\nOk. Do you drink"
    for start, end in question_sentences(turn):
        assert turn[start:end] == turn[start:end].strip() and turn[start:end]
    assert question_focus(turn) == "1. Any fever?\n2. Any cough?\nDo you drink"


def test_focus_turns_keep_labels_inside_the_focus_and_log_what_they_leave_out(caplog):
    turns = [
        AnnotatedTurn("a", "It may be asthma. Do you have a cough?", ("ask_symptom",),
                      {"symptom": ["cough"], "past_diagnosis": ["asthma"]}),
        AnnotatedTurn("b", "Final Diagnosis: Asthma", (), {}),
    ]
    with caplog.at_level(logging.INFO, logger="tod.nlu.questions"):
        focused = focus_turns(turns)
    assert focused == [AnnotatedTurn("a", "Do you have a cough?", ("ask_symptom",), {"symptom": ["cough"]})]
    assert "1 of 2 turns ask nothing" in caplog.text and "1 slot values outside the focus" in caplog.text


class _Recorder:
    """A stand-in model that records the texts it is given."""

    def __init__(self, output):
        self.seen: list[str] = []
        self.output = output

    def predict(self, texts, *, batch_size=32):
        self.seen += list(texts)
        return [self.output for _ in texts]

    def predict_proba(self, texts, *, batch_size=32):
        return self.predict(texts)

    def decode(self, outputs):
        return outputs


def test_parser_feeds_the_models_only_the_focus_and_skips_statement_turns():
    intents, slots = _Recorder(("ask_symptom",)), _Recorder({"symptom": ["cough"]})
    parser = NLUParser(PairedModels(intents, slots))  # type: ignore[arg-type]
    parses = parser.parse_batch(["It could be asthma. Any cough?", "Final Diagnosis: Asthma", "Thank you."])
    assert intents.seen == ["Any cough?"] and slots.seen == ["Any cough?"]
    assert parses[0].intents == ("ask_symptom",) and parses[0].slots == {"symptom": ["cough"]}
    assert parses[1].intents == () and parses[2].slots == {}


def test_span_slot_is_the_majority_and_subword_b_tags_continue_the_word():
    text = "Any blood pressure issues? Any baby's rash"
    offsets = [(0, 0), (0, 3), (4, 9), (10, 18), (19, 25), (25, 26), (27, 30), (31, 35), (35, 36), (36, 37),
               (38, 42), (0, 0)]
    tags = ["O", "O", "B-medical_examination", "I-past_diagnosis", "I-medical_examination", "O", "O",
            "B-symptom", "B-symptom", "B-symptom", "I-symptom", "O"]
    spans = decode_tags(text, offsets, [TAG_TO_ID[t] for t in tags])
    assert spans == [(4, 25, "medical_examination"), (31, 42, "symptom")]
