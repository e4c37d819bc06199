"""The practice score card of python -m tod.chat (a stand-in NLU, the example record)."""

from __future__ import annotations

import io
import json
import re

import pytest

from conftest import EXAMPLE, FakeParser, HashingEncoder
from tod import chat
from tod.records.model import Record, iter_fact_paths


@pytest.fixture
def nlu(monkeypatch: pytest.MonkeyPatch) -> FakeParser:
    fake = FakeParser()
    fake.add("What brings you in?", ["ask_symptom"])
    fake.add("Do you smoke?", ["ask_tobacco"])
    monkeypatch.setattr(chat, "load_nlu", lambda checkpoint: fake)
    monkeypatch.setattr("tod.patient.agent.default_encoder", HashingEncoder)
    return fake


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: str, *extra: str) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert chat.main(["--records", str(EXAMPLE), "--record-id", "im-001", *extra]) == 0
    return capsys.readouterr().out


SESSION = "What brings you in?\nDo you smoke?\nDo you smoke?\nFinal Diagnosis: type 2 diabetes\nType 2 diabetes.\nHigh sugar.\nMetformin.\n"


def test_the_card_counts_facts_questions_repeats_and_the_diagnosis(monkeypatch, capsys, nlu) -> None:
    out = play(monkeypatch, capsys, SESSION)
    card = out.split("== Score card ==", 1)[1]
    record = Record.model_validate(json.loads(EXAMPLE.read_text()))
    facts = list(iter_fact_paths(record.case))
    symptoms = sum(1 for _, family in facts if family == "symptoms")
    elicited = 4  # the opening question's reply names symptoms[0..2]; then social.tobacco
    assert f"facts elicited: {elicited} of {len(facts)} recorded" in card
    assert re.search(rf"  symptoms +3 / {symptoms} +###\.", card)
    assert "questions asked: 3 in 4 turns; repeated questions: 1" in card
    assert re.search(r"top-1 diagnosis \((?i:type 2 diabetes)\.?\): matches the reference", card)
    never = card.split("record fields never asked about (", 1)[1]
    assert "social.tobacco" not in never and "symptoms[0]," not in never
    assert "demographics.age_years" in never and "symptoms[3]" in never
    assert f"({len(facts) - elicited})" in card
    assert "Reference answers" not in out and "Metformin" not in card and "HbA1c" not in out


def test_reveal_shows_the_reference_after_the_card_and_a_wrong_diagnosis_is_scored(monkeypatch, capsys, nlu) -> None:
    out = play(monkeypatch, capsys, "Final Diagnosis: hyperthyroidism\nHyperthyroidism.\nWeight loss.\nRest.\n", "--reveal")
    assert re.search(r"top-1 diagnosis \((?i:hyperthyroidism)\.?\): does not match the reference", out)
    assert "questions asked: 0 in 1 turns; repeated questions: 0" in out
    assert out.index("== Score card ==") < out.index("== Reference answers ==")
    reference = out.split("== Reference answers ==", 1)[1]
    assert "diagnosis: Type 2 diabetes mellitus" in reference and "HbA1c 9.8%" in reference
    assert "multiple-choice answer: Type 2 diabetes mellitus" in reference


def test_no_card_before_the_closing_questions_and_no_reveal_either(monkeypatch, capsys, nlu) -> None:
    out = play(monkeypatch, capsys, "Do you smoke?\n", "--reveal")
    assert "Score card" not in out and "Type 2 diabetes" not in out
    assert "reference answers are shown after the closing questions only" in out
