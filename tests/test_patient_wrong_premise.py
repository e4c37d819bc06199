"""A turn built on a premise the record rules out (issue 15): the doctor places the complaint on
the side of the body the record does not hold, and the patient corrects the side in one
sentence before answering the rest. Made-up records and turns."""

from __future__ import annotations

from reply_support import SEEDS, edited, reply_to

#: A made-up record's pain placed on one side.
RIGHT_HIP = [{"name": "hip pain", "duration": "3 weeks", "degree": "6 out of 10", "position": "right hip"}]


def test_a_wrong_side_is_corrected_before_the_answer(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=RIGHT_HIP)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How long have you had pain in your left hip?",
                         ["ask_symptom_duration"], {"symptom": ["pain in your left hip"]})
        assert "it's my right hip" in reply.text and "not the left" in reply.text, reply.text
        assert "3 weeks" in reply.text and "symptoms[0].position" in reply.provenance, reply.text


def test_the_recorded_side_gets_no_correction(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=RIGHT_HIP)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How long have you had pain in your right hip?",
                         ["ask_symptom_duration"], {"symptom": ["pain in your right hip"]})
        assert "not the" not in reply.text and "3 weeks" in reply.text, reply.text


def test_another_part_on_the_other_side_is_no_wrong_premise(rich_record, parser, make_agent):
    # "left arm" names another part than the right hip: a question, not a wrong premise
    record = edited(rich_record, symptoms=RIGHT_HIP)
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "Any numbness in your left arm?",
                         ["ask_symptom"], {"symptom": ["numbness in your left arm"]})
        assert "not the" not in reply.text, reply.text


def test_a_part_recorded_on_both_sides_is_no_wrong_premise(rich_record, parser, make_agent):
    record = edited(rich_record, symptoms=[{**RIGHT_HIP[0], "position": "both hips"}])
    for seed in SEEDS:
        reply = reply_to(record, parser, make_agent, seed, "How bad is the pain in your left hip?",
                         ["ask_symptom_description_degree"], {})
        assert "not the" not in reply.text and "6 out of 10" in reply.text, reply.text
