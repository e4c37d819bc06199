"""The scripted doctor: fixed plan, deterministic, diagnosis only from the patient's words."""

from __future__ import annotations

from tod.doctors.base import Message
from tod.doctors.registry import load_doctor
from tod.doctors.scripted import QUESTION_PLAN, UNKNOWN, ScriptedDoctor, closing_question, guess_diagnosis


def converse(doctor: ScriptedDoctor, opening: str | None, answer: str, turns: int) -> list[Message]:
    messages = [Message("patient", opening)] if opening else []
    for _ in range(turns):
        messages.append(Message("doctor", doctor.reply(messages)))
        messages.append(Message("patient", answer))
    return messages


def test_follows_the_plan_and_ends_with_a_final_diagnosis() -> None:
    doctor = ScriptedDoctor()
    messages = converse(doctor, "I'm so thirsty and I keep urinating at night.", "I see.", len(QUESTION_PLAN))
    asked = [m.content for m in messages if m.role == "doctor"]
    assert asked[: len(QUESTION_PLAN) - 1] == list(QUESTION_PLAN[1:])  # the patient opened: no chief-complaint question
    assert asked[-1] == "Final Diagnosis: Type 2 diabetes mellitus"
    assert any("allergies" in q for q in asked) and any("family" in q for q in asked) and any("tests" in q for q in asked)


def test_asks_the_chief_complaint_when_it_speaks_first_and_is_deterministic() -> None:
    first = converse(ScriptedDoctor(), None, "My ear hurts, it's an earache.", 20)
    second = converse(ScriptedDoctor(), None, "My ear hurts, it's an earache.", 20)
    assert first == second
    assert first[0].content == QUESTION_PLAN[0]
    assert first[-2].content == "Final Diagnosis: Acute otitis media"


def test_diagnosis_uses_only_affirmed_patient_words() -> None:
    assert guess_diagnosis([Message("patient", "I have no cough and no fever.")]) == (None, ())
    assert guess_diagnosis([Message("doctor", "Do you have a cough and fever?"), Message("patient", "Just tired.")])[0].diagnosis == "Iron deficiency anaemia"
    doctor = ScriptedDoctor()
    messages = converse(doctor, "I feel strange.", "Nothing else.", len(QUESTION_PLAN))
    assert messages[-2].content == f"Final Diagnosis: {UNKNOWN}"


def test_answers_the_three_closing_questions() -> None:
    doctor = ScriptedDoctor()
    messages = converse(doctor, "I've been coughing up phlegm and I have a fever.", "OK.", 3)
    ask = lambda q: doctor.reply([*messages, Message("patient", q)])  # noqa: E731
    assert ask("What is my diagnosis?") == "Final Diagnosis: Community-acquired pneumonia"
    assert ask("What is the basis for your diagnosis?").startswith("My diagnosis is based on what you told me: coughing, fever, phlegm")
    assert "Antibiotics" in ask("How should it be treated?")
    assert closing_question("No, I haven't had any treatment.") is None  # an answer, not a question


def test_registry_builds_it() -> None:
    doctor = load_doctor("scripted", system_prompt="ignored")
    assert doctor.name == "scripted" and doctor.reply([Message("patient", "Hi")]) == QUESTION_PLAN[1]
