"""Load the term lexicons in ``annotations/lexicons/*.yaml``.

Each file is a YAML list of entries ``{term, variants?, lay?, ...}``; ``term`` and
``variants`` are the doctor-style surface forms used as slot values, the other keys are
attributes (``locatable``, ``function``, ``preposition``...). ``lay`` (patient wording) is
never used for doctor turns.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import yaml

#: Lexicon category (file stem) -> the slot its terms fill by default (None: no slot).
CATEGORY_SLOTS: Mapping[str, str | None] = {
    "symptoms": "symptom",
    "conditions": "past_diagnosis",
    "drugs": "past_medication",
    "tests": "medical_examination",
    "exposures": "exposure",
    "habits": "living_habit",
    "vaccines": "vaccination",
    "allergens": "allergy",
    "injuries_operations": "trauma_surgery",
    "physical_changes": "physical_change",
    "body_parts": None,
    "family_relations": None,
}

#: Minimum entry counts the final corpus is generated against.
REQUIRED_COUNTS: Mapping[str, int] = {"symptoms": 500, "drugs": 300, "conditions": 300, "tests": 150}

# Variant shapes that do not read as a noun in "any X?" / "the X" questions.
_NON_NOUN_PREFIXES = (
    *("feeling ", "being ", "having ", "i ", "my ", "a ", "an ", "the ", "any ", "your ", "either "),
    *("hurt ", "hitting ", "fell ", "bitten ", "stung ", "stepped ", "stepping ", "stitched "),
    *("lost ", "losing ", "gained ", "gaining ", "putting ", "not ", "eating ", "drinking ", "getting "),
)
_NON_NOUN_SUFFIXES = ("ed", "en", "ous", "ic")


class LexiconError(ValueError):
    """A lexicon file that does not follow the expected format."""


@dataclass(frozen=True)
class Entry:
    """One lexicon entry: a canonical term, its variants and its attributes."""

    category: str
    term: str
    variants: tuple[str, ...] = ()
    attrs: Mapping[str, Any] = field(default_factory=dict)

    @property
    def surfaces(self) -> tuple[str, ...]:
        """The term followed by the variants that read as noun phrases; variants that put a
        location after a word ("pain in your jaw") are left out, since guide convention 2
        labels only the word ("pain") there."""
        return (self.term, *(v for v in self.variants if is_noun_like(v) and not _LOCATED.match(v)))

    def flag(self, name: str) -> bool:
        """Whether the boolean attribute ``name`` is set."""
        return bool(self.attrs.get(name, False))

    def surface(self, rng: random.Random, term_weight: float = 0.65) -> str:
        """A surface form: the term with probability ``term_weight``, else a variant."""
        forms = self.surfaces
        if len(forms) == 1 or rng.random() < term_weight:
            return forms[0]
        return rng.choice(forms[1:])


#: "pain in your jaw", "swelling on the ankle": a word followed by where it is.
_LOCATED = re.compile(r"^[\w-]+ (?:in|on) (?:your|the|my|his|her) ", re.I)


def is_noun_like(surface: str) -> bool:
    """Heuristic: False for variants like "feeling dizzy", "swollen", "diabetic" or "the pill"
    that do not fit "any X" / "the X" questions."""
    lowered = surface.lower()
    if lowered.startswith(_NON_NOUN_PREFIXES):
        return False
    return " " in lowered or not lowered.endswith(_NON_NOUN_SUFFIXES)


def _entry(category: str, raw: Any, where: str) -> Entry:
    if not isinstance(raw, dict) or not isinstance(raw.get("term"), str) or not raw["term"].strip():
        raise LexiconError(f"{where}: expected a mapping with a non-empty 'term', got {raw!r}")
    variants = raw.get("variants") or []
    if not isinstance(variants, list):
        raise LexiconError(f"{where}: 'variants' must be a list")
    attrs = {k: v for k, v in raw.items() if k not in ("term", "variants", "lay")}
    clean = tuple(dict.fromkeys(str(v).strip() for v in variants if str(v).strip() and str(v).strip() != raw["term"]))
    return Entry(category, raw["term"].strip(), clean, attrs)


@dataclass(frozen=True)
class Lexicons:
    """All lexicon categories, each a tuple of entries in file order."""

    entries: Mapping[str, tuple[Entry, ...]]

    @classmethod
    def load(cls, directory: Path) -> "Lexicons":
        """Read every ``*.yaml`` file of ``directory`` (file stem = category)."""
        entries: dict[str, tuple[Entry, ...]] = {}
        for path in sorted(directory.glob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
            if not isinstance(data, list):
                raise LexiconError(f"{path}: expected a YAML list of entries")
            entries[path.stem] = tuple(_entry(path.stem, raw, f"{path.name}[{i}]") for i, raw in enumerate(data))
        return cls(entries)

    def get(self, category: str) -> tuple[Entry, ...]:
        """The entries of ``category`` (empty when the file is missing)."""
        return self.entries.get(category, ())

    def counts(self) -> dict[str, int]:
        """Number of entries per category."""
        return {name: len(items) for name, items in self.entries.items()}

    def missing_requirements(self) -> dict[str, int]:
        """Categories below :data:`REQUIRED_COUNTS`, with their current count."""
        counts = self.counts()
        return {c: counts.get(c, 0) for c, n in REQUIRED_COUNTS.items() if counts.get(c, 0) < n}
