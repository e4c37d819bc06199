"""run_consultation: the ConvLab-style loop between a doctor and the patient."""

from __future__ import annotations

import pytest

from tod.doctors.base import DoctorError, Message
from tod.doctors.scripted import ScriptedDoctor
from tod.session import run_consultation


class ListDoctor:
    """Says its lines in order, then keeps asking the last one; records what it saw."""

    name = "list"

    def __init__(self, lines):
        self.lines = list(lines)
        self.seen: list[list[Message]] = []

    def reply(self, messages):
        self.seen.append(list(messages))
        return self.lines.pop(0) if len(self.lines) > 1 else self.lines[0]


class BrokenDoctor:
    name = "broken"

    def reply(self, messages):
        raise DoctorError("model unavailable")


def test_consultation_runs_to_the_closing_answers(example_record, parser, make_agent):
    parser.add("What brings you in?", ["ask_symptom"])
    parser.add("Do you smoke?", ["ask_tobacco"])
    doctor = ListDoctor(
        ["What brings you in?", "Do you smoke?", "Final Diagnosis: type 2 diabetes", "Diabetes.", "Your sugar tests.", "Metformin."]
    )
    consultation = run_consultation(doctor, make_agent(example_record, parser))
    assert consultation.end_reason == "final_diagnosis"
    assert consultation.summary_answers == {"diagnosis": "Diabetes.", "basis": "Your sugar tests.", "treatment": "Metformin."}
    assert [t.doctor for t in consultation.turns][:2] == ["What brings you in?", "Do you smoke?"]
    assert len(consultation.turns) == 6
    assert consultation.revealed == {"symptoms[0]": 1, "symptoms[1]": 1, "symptoms[2]": 1, "social.tobacco": 2}
    assert doctor.seen[0] == [Message("patient", example_record.case.opening_statement)]
    assert doctor.seen[1][-2:] == [Message("doctor", "What brings you in?"), consultation.messages()[2]]
    data = consultation.to_json()
    assert data["turns"][1]["patient"]["provenance"] == ["social.tobacco"]
    assert data["doctor"] == "list"


def test_session_turn_limit_lowers_the_patients(example_record, parser, make_agent):
    parser.add("Do you smoke?", ["ask_tobacco"])
    parser.add("Any allergies?", ["ask_allergic_history"])
    doctor = ListDoctor(["Do you smoke?", "Any allergies?", "Okay, thanks."])
    consultation = run_consultation(doctor, make_agent(example_record, parser, idle_limit=50), max_turns=2)
    assert consultation.end_reason == "turn_limit"
    assert len(consultation.turns) == 5
    assert "ask_diagnosis" in consultation.turns[1].patient.events


def test_doctor_error_propagates(example_record, parser, make_agent):
    with pytest.raises(DoctorError, match="unavailable"):
        run_consultation(BrokenDoctor(), make_agent(example_record, parser))


def test_scripted_doctor_end_to_end(rich_record, parser, make_agent):
    from tod.doctors.scripted import QUESTION_PLAN

    for question in QUESTION_PLAN:
        parser.add(question, ["ask_symptom"])
    consultation = run_consultation(ScriptedDoctor(), make_agent(rich_record, parser, idle_limit=50))
    assert consultation.end_reason in ("final_diagnosis", "no_new_question", "turn_limit")
    assert set(consultation.summary_answers) == {"diagnosis", "basis", "treatment"}
    assert all(consultation.summary_answers.values())
