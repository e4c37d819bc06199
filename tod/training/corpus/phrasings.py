"""Load the phrasing banks in ``annotations/phrasings/``.

* ``questions_*.yaml``: sections keyed by intent (a plain string entry asks that intent) or
  ``multi`` (entries ``{text, intents}``); ``questions_short.yaml`` holds whole-turn short
  questions, ``questions_spoken.yaml`` spoken ones (elliptic follow-ups, tag questions) for
  the spoken turns of :mod:`tod.training.corpus.speech`. A mapping entry may always
  declare its own ``intents``.
* ``statements.yaml``: unlabelled material (preambles, explanations, diagnoses...) and the
  list intros, lead-ins and bold headings used when formatting questions.
* ``categories.yaml``: filler data, see :mod:`tod.training.corpus.fillers`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import yaml

from tod.schema import INTENTS, check_intents

from tod.training.corpus.template import check_template

SHORT_FILE = "questions_short.yaml"
SPOKEN_FILE = "questions_spoken.yaml"
MULTI_SECTION = "multi"
STATEMENT_SECTIONS = (
    "preambles",
    "empathy",
    "restatements",
    "explanations",
    "cause_intros",
    "cause_items",
    "cause_outros",
    "final_diagnoses",
    "closings",
    "non_questions",
    "advice",
    "stage_directions",
    "patient_answers",
    "no_question_turns",
    "list_intros",
    "lead_ins",
)


class PhrasingError(ValueError):
    """A phrasing file that does not follow the expected format."""


@dataclass(frozen=True)
class Phrasing:
    """One question template and the intents it asks."""

    template: str
    intents: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class QuestionBank:
    """Question phrasings indexed by each intent they ask: the regular, short and spoken ones."""

    by_intent: Mapping[str, tuple[Phrasing, ...]]
    short: Mapping[str, tuple[Phrasing, ...]]
    spoken: Mapping[str, tuple[Phrasing, ...]]

    def all(self) -> list[Phrasing]:
        """Every phrasing once (regular, short, then spoken)."""
        banks = (self.by_intent, self.short, self.spoken)
        seen = {id(p): p for bank in banks for group in bank.values() for p in group}
        return list(seen.values())


@dataclass(frozen=True)
class StatementBank:
    """Unlabelled templates by section, and bold headings by intent."""

    sections: Mapping[str, tuple[str, ...]]
    headings: Mapping[str, tuple[str, ...]]


def _phrasing(raw: Any, section: str, where: str) -> Phrasing:
    if isinstance(raw, str):
        if section == MULTI_SECTION:
            raise PhrasingError(f"{where}: entries of '{MULTI_SECTION}' must declare their intents")
        return Phrasing(raw, (section,), where)
    if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
        raise PhrasingError(f"{where}: expected a string or a mapping with 'text', got {raw!r}")
    intents = tuple(raw.get("intents") or ((section,) if section != MULTI_SECTION else ()))
    if not intents:
        raise PhrasingError(f"{where}: no intents declared")
    return Phrasing(raw["text"], intents, where)


def _read(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise PhrasingError(f"{path}: expected a mapping of sections")
    return data


def load_questions(directory: Path, kinds: frozenset[str]) -> QuestionBank:
    """Read and check every ``questions_*.yaml`` of ``directory``."""
    regular: dict[str, list[Phrasing]] = {i: [] for i in INTENTS}
    short: dict[str, list[Phrasing]] = {}
    spoken: dict[str, list[Phrasing]] = {}
    for path in sorted(directory.glob("questions_*.yaml")):
        target = {SHORT_FILE: short, SPOKEN_FILE: spoken}.get(path.name, regular)
        for section, entries in _read(path).items():
            if section != MULTI_SECTION and section not in INTENTS:
                raise PhrasingError(f"{path.name}: unknown section {section!r}")
            for i, raw in enumerate(entries):
                phrasing = _phrasing(raw, section, f"{path.name}:{section}[{i}]")
                check_intents(list(phrasing.intents), where=phrasing.source)
                check_template(phrasing.template, kinds)
                for intent in phrasing.intents:
                    target.setdefault(intent, []).append(phrasing)
    return QuestionBank(
        by_intent={k: tuple(v) for k, v in regular.items() if v},
        short={k: tuple(v) for k, v in short.items()},
        spoken={k: tuple(v) for k, v in spoken.items()},
    )


def load_statements(path: Path, kinds: frozenset[str]) -> StatementBank:
    """Read and check statements.yaml."""
    data = _read(path)
    missing = [s for s in STATEMENT_SECTIONS if not data.get(s)]
    if missing:
        raise PhrasingError(f"{path.name}: missing sections {missing}")
    sections = {s: tuple(str(t) for t in data[s]) for s in STATEMENT_SECTIONS}
    for templates in sections.values():
        for template in templates:
            check_template(template, kinds)
    headings = {k: tuple(v) for k, v in (data.get("headings") or {}).items()}
    check_intents(list(headings), where=f"{path.name}:headings")
    return StatementBank(sections, headings)
