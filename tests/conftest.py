"""Shared fixtures of the patient-simulator tests: a dictionary NLU, a tiny deterministic
encoder, and the example record."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Sequence

import numpy as np
import pytest

from tod.nlu.types import TurnParse
from tod.records.model import Record

EXAMPLE = Path(__file__).resolve().parents[1] / "records" / "example.json"


class FakeParser:
    """An NLU stand-in: a dict from doctor text to (intents, slots); unknown text parses to
    no intent."""

    def __init__(self, table: dict[str, tuple[Sequence[str], dict[str, list[str]]]] | None = None) -> None:
        self.table = dict(table or {})

    def add(self, text: str, intents: Sequence[str], slots: dict[str, list[str]] | None = None) -> str:
        self.table[text] = (tuple(intents), dict(slots or {}))
        return text

    def parse(self, text: str) -> TurnParse:
        intents, slots = self.table.get(text, ((), {}))
        return TurnParse(text=text, intents=tuple(intents), slots=dict(slots))

    def parse_batch(self, texts: Sequence[str]) -> list[TurnParse]:
        return [self.parse(t) for t in texts]


class HashingEncoder:
    """A tiny deterministic sentence encoder: hashed character trigrams, L2-normalised."""

    dim = 256

    def __init__(self) -> None:
        self.calls = 0

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        rows = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in zip(rows, texts):
            padded = f"  {text.lower()} "
            for i in range(len(padded) - 2):
                digest = hashlib.md5(padded[i : i + 3].encode()).digest()
                row[int.from_bytes(digest[:4], "little") % self.dim] += 1.0
            norm = float(np.linalg.norm(row))
            if norm:
                row /= norm
        return rows


@pytest.fixture
def example_record() -> Record:
    """records/example.json (type 2 diabetes, 52-year-old man)."""
    return Record.model_validate(json.loads(EXAMPLE.read_text(encoding="utf-8")))


@pytest.fixture
def parser() -> FakeParser:
    return FakeParser()


RICH_RECORD = {
    "id": "rich-001",
    "department": "surgery",
    "case": {
        "opening_statement": "My belly has been hurting for a few days and I have a strange rash.",
        "demographics": {"age_years": 34, "sex": "female", "weight": "62 kg", "occupation": {"value": "teacher"}},
        "symptoms": [
            {"name": "abdominal pain", "duration": "three days", "onset": "sudden", "degree": "7 out of 10",
             "position": "right lower quadrant", "aggravating_factors": ["walking", "coughing"],
             "relieving_factors": ["lying still"]},
            {"name": "rash", "duration": "a week", "shape": "raised patches about 2 cm", "color": "red", "texture": "rough"},
            {"name": "vaginal discharge", "color": "yellowish", "smell": "foul"},
            {"name": "fever", "status": "denied"},
        ],
        "history": {
            "past_diagnoses": [{"value": "asthma", "detail": "since childhood"}],
            "medications": [{"value": "salbutamol inhaler", "detail": "as needed"}],
            "current_treatment": [{"value": "paracetamol", "detail": "did not help"}],
            "physical_changes": [{"value": "loss of appetite"}],
            "vaccinations": [{"status": "denied"}],
            "allergies": [{"value": "penicillin", "detail": "hives"}, {"value": "latex", "status": "denied"}],
            "exposures": [{"value": "camping trip", "detail": "two weeks ago"}],
            "family_history": [{"value": "coronary artery disease", "detail": "father"}],
        },
        "social": {
            "tobacco": {"status": "denied", "detail": "quit 5 years ago"},
            "drug_use": {"status": "denied"},
            "sexual_history": [{"value": "one regular partner"}],
            "reproductive_history": [{"value": "last period", "detail": "six weeks ago"}],
        },
        "examinations": [
            {"name": "temperature", "result": "37.9 C", "category": "vital_sign"},
            {"name": "white blood cell count", "result": "13.5 x10^9/L", "category": "lab"},
            {"name": "pelvic ultrasound", "result": "no free fluid", "category": "imaging"},
            {"name": "blood pressure", "result": "118/76 mmHg", "category": "vital_sign"},
        ],
    },
    "reference": {
        "diagnosis": "Acute appendicitis",
        "synonyms": ["appendicitis"],
        "basis": "Sudden right lower quadrant pain worse on walking, raised white cell count.",
        "treatment": "Appendectomy and intravenous antibiotics.",
    },
}

CHILD_RECORD = {
    "id": "ped-001",
    "department": "pediatrics",
    "case": {
        "opening_statement": "Doctor, my little girl has had a bad cough for days.",
        "demographics": {"age_years": 4, "sex": "female", "weight": "16 kg"},
        "symptoms": [
            {"name": "cough", "duration": "five days", "onset": "gradual", "degree": "worse at night"},
            {"name": "runny nose", "duration": "a week"},
            {"name": "rash", "status": "denied"},
        ],
        "history": {"allergies": [{"status": "denied"}], "vaccinations": [{"value": "all routine vaccines"}]},
    },
    "reference": {
        "diagnosis": "Viral bronchitis",
        "basis": "Cough and runny nose without fever in a child.",
        "treatment": "Fluids, rest and honey for the cough.",
    },
}


@pytest.fixture
def rich_record() -> Record:
    """A record that fills most fields (adult woman, abdominal pain and a rash)."""
    return Record.model_validate(RICH_RECORD)


@pytest.fixture
def child_record() -> Record:
    """A 4-year-old girl whose mother speaks for her."""
    return Record.model_validate(CHILD_RECORD)


@pytest.fixture
def make_agent():
    """A factory of patient agents for tests: hashing encoder and strict guard unless
    overridden."""
    from tod.patient.agent import PatientAgent

    def build(record: Record, parser: FakeParser, **options: object) -> PatientAgent:
        options.setdefault("encoder", HashingEncoder())
        options.setdefault("strict_guard", True)
        return PatientAgent.build(record.case, parser, **options)

    return build
