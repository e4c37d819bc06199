"""Answers about tests (issue 15): tests asked about in general are named without results, a named
test gives its value, and a request or an instruction about tests lists none. Made-up records
and turns."""

from __future__ import annotations

import re

import pytest

from tod.patient.asking import named_tests, only_requests_tests
from tod.records.model import Record

from reply_support import ask, replies_to


def test_tests_asked_about_in_general_are_named_without_results(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    reply = agent.respond(parser.add("Have you had any tests?", ["ask_medical_examination"], {}))
    assert "temperature" in reply.text and "37.9" not in reply.text and "showed" not in reply.text, reply.text


def test_a_named_test_gives_its_value_and_a_missing_one_is_named(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    text = ask(agent, parser, "What was your blood pressure, and did you have a chest X-ray?", "ask_medical_examination",
               {"medical_examination": ["blood pressure", "chest X-ray"]})
    assert "118 over 76" in text and "x-ray?" in text.lower(), text


def test_tests_are_named_as_the_patient_speaks_and_once(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["examinations"] = [{"name": "patient's weight", "result": "70 kg", "category": "vital_sign"},
                                    {"name": "physical examination", "result": "soft abdomen"},
                                    {"name": "physical examination", "result": "no rash"}]
    agent = make_agent(Record.model_validate(data), parser)
    text = ask(agent, parser, "Any tests?", "ask_medical_examination")
    # the doctor's examination (done twice) is said once as what was done, never listed as a test
    assert "my weight" in text and "physical examination" not in text.lower(), text
    assert text.lower().count("examined me") == 1, text


def test_a_result_told_before_this_visit_is_said_with_its_value(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["examinations"][0]["known_to_patient"] = True
    agent = make_agent(Record.model_validate(data), parser)
    text = ask(agent, parser, "Any tests?", "ask_medical_examination")
    assert "37.9" in text and "white cell count" in text and "13.5" not in text, text


@pytest.mark.parametrize("text, named, expected", [
    ("Let me listen to your chest. Take a deep breath in.", [], True),
    ("Okay. I'd like to order a scan of your kidneys.", ["scan of your kidneys"], True),
    ("We'll arrange some blood tests. Please let me know if you have any questions about them.", [], True),
    ("I'd like to order a scan. Have you had any scans before?", ["scan"], False),
    ("Have you been checked for diabetes recently?", [], False),
    ("Please tell me about any test results you have.", [], False),
    ("What did your last cholesterol reading show?", [], False),
    ("Any pain when you swallow?", [], False),
    ("Would you be willing to have a chest X-ray?", ["chest X-ray"], True),
    ("Are you okay with having some blood tests done today?", [], True),
    ("Can we do a urine test?", ["urine test"], True),
    ("Would you be willing to tell me about your test results?", [], False),
    ("I'd like to examine you. Could you please remove your top and lie on the examination couch?", [], True),
    ("Could you provide a urine sample for testing?", ["urine sample"], True),
    ("Can you give a stool sample? Have you had any stool tests before?", ["stool tests"], False),
    ("Can you tell me what the scan showed?", ["scan"], False),
])
def test_only_requests_tests(text, named, expected):
    assert only_requests_tests(text, named) is expected


def test_an_instruction_lists_no_tests(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Now let me examine your tummy. Lie back for me.",
                       ["ask_medical_examination"]):
        assert not re.search(r"ultrasound|temperature|blood|tests?\b", text, re.IGNORECASE), text


def test_a_booked_scan_is_not_answered_as_a_past_test(rich_record, parser, make_agent):
    turn = "I'm going to book you a CT scan of the abdomen. Any vomiting?"
    for text in replies_to(rich_record, parser, make_agent, turn, ["ask_medical_examination", "ask_symptom"],
                       {"medical_examination": ["CT scan of the abdomen"], "symptom": ["vomiting"]}):
        assert not re.search(r"had that (?:done|one)|ultrasound|CT scan", text, re.IGNORECASE), text
        assert "vomit" in text.lower(), text


def test_a_question_about_tests_is_still_answered(rich_record, parser, make_agent):
    for text in replies_to(rich_record, parser, make_agent, "Have you had any tests done for this?",
                       ["ask_medical_examination"]):
        assert "ultrasound" in text.lower(), text


def test_a_second_request_is_agreed_to_again(rich_record, parser, make_agent):
    agent = make_agent(rich_record, parser)
    first = agent.respond(parser.add("Let me listen to your chest.", ["ask_medical_examination"]))
    second = agent.respond(parser.add("Let me check your blood pressure now.", ["ask_medical_examination"]))
    for reply in (first, second):
        assert reply.provenance == () and not re.search(r"not sure|ultrasound|temperature", reply.text), reply.text


def test_a_question_of_consent_to_a_test_is_not_answered_with_past_tests(rich_record, parser, make_agent):
    # "would you be willing to ...?" asks about a plan, not whether one was done
    for text in replies_to(rich_record, parser, make_agent, "Would you be willing to have an ultrasound of your belly?",
                           ["ask_medical_examination"], {"medical_examination": ["ultrasound"]}):
        assert not re.search(r"ultrasound|had that done|showed", text, re.IGNORECASE), text


@pytest.mark.parametrize("kind", ["imaging studies", "scans"])
def test_a_test_of_the_kind_asked_is_said_whatever_its_recorded_category(rich_record, parser, make_agent, kind):
    data = rich_record.model_dump()
    # an imaging test recorded under another category is still one of the kind asked
    data["case"]["examinations"] = [{"name": "MRI of the brain", "result": "normal", "category": "other"},
                                    {"name": "temperature", "result": "37.9 C", "category": "vital_sign"}]
    agent = make_agent(Record.model_validate(data), parser)
    text = ask(agent, parser, f"Have you had any {kind}?", "ask_medical_examination", {"medical_examination": [kind]})
    assert "MRI" in text and "temperature" not in text and "?" not in text, text


def test_the_doctors_examination_standing_alone_says_no_too(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["examinations"] = [{"name": "physical examination", "result": "soft abdomen"}]
    record = Record.model_validate(data)
    for seed in (0, 1, 2, 3):
        text = ask(make_agent(record, parser, seed=seed), parser, "Any tests?", "ask_medical_examination")
        # nothing said before it, so nothing for "too" or "as well" to add to
        assert "examined me" in text and " too" not in text and "as well" not in text, text


def test_vital_signs_are_said_as_measured_and_generic_results_never_named(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["examinations"] = [{"name": "chest X-ray", "result": "clear", "category": "imaging"},
                                    {"name": "Temperature", "result": "37.9 C", "category": "vital_sign"},
                                    {"name": "blood pressure", "result": "118/76 mmHg", "category": "vital_sign"},
                                    {"name": "Test results", "result": "pending", "category": "other"}]
    record = Record.model_validate(data)
    for seed in (0, 1, 2):
        text = ask(make_agent(record, parser, seed=seed), parser, "Any tests?", "ask_medical_examination")
        # the X-ray is a test; temperature and blood pressure were measured; "test results" names no test
        assert "X-ray" in text and "checked my temperature and blood pressure" in text, text
        assert "like the temperature" not in text and "test results" not in text.lower(), text


def test_vital_signs_alone_are_said_as_measured(rich_record, parser, make_agent):
    data = rich_record.model_dump()
    data["case"]["examinations"] = [{"name": "patient's weight", "result": "70 kg", "category": "vital_sign"}]
    text = ask(make_agent(Record.model_validate(data), parser), parser, "Any tests?", "ask_medical_examination")
    assert "checked my weight" in text and "also" not in text and "as well" not in text and "tests" not in text, text


@pytest.mark.parametrize("text, tests", [
    ("Have you been tested for tuberculosis?", ["tuberculosis"]),
    ("Were you tested for HIV, syphilis or hepatitis before?", ["HIV", "syphilis", "hepatitis"]),
    ("Have you had a flu test?", ["flu test"]),
    ("Have you had any tests done?", []),
    ("Any other tests?", []),
    ("Let me test for reflexes.", []),
])
def test_the_tests_a_question_names_are_read_from_its_words(text, tests):
    assert named_tests(text) == tests


def test_a_test_asked_by_name_is_answered_alone_without_a_slot(rich_record, parser, make_agent):
    # the parse names no test: the words do, and the other tests done are not listed
    for reply in replies_to(rich_record, parser, make_agent, "Have you been tested for tuberculosis?",
                            ["ask_medical_examination"]):
        assert "tuberculosis" in reply.lower() and "temperature" not in reply and "ultrasound" not in reply, reply


def test_a_request_to_move_is_agreed_to_with_no_test_listed(rich_record, parser, make_agent):
    for reply in replies_to(rich_record, parser, make_agent, "Can you move your hip for me?", ["ask_medical_examination"]):
        assert "temperature" not in reply and "ultrasound" not in reply and "done" not in reply, reply
