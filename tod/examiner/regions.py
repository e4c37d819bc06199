"""Physical examination by body region or system ("examine your abdomen").

:data:`REGIONS` names each region with the words a doctor (or a record's examination
name) uses for it. :func:`regions_in` finds the regions a text names;
:func:`region_findings` picks a record's findings for one region: the physical
examinations whose name names the region ("abdominal examination"), else the sentences of
general examinations ("physical examination") whose result names it, word for word as
recorded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from tod.examiner.catalog import normalise
from tod.records.model import Examination

#: Region -> the words that name it (normalised, whole words; a plural "s" also matches).
REGIONS: Mapping[str, tuple[str, ...]] = {
    "abdomen": ("abdomen", "abdominal", "belly", "tummy", "stomach", "bowel sound", "liver", "spleen", "right lower quadrant", "epigastric"),
    "chest": ("chest", "lung", "respiratory", "breath sound"),
    "heart": ("heart", "cardiac", "cardiovascular", "heart sound", "murmur"),
    "head_and_neck": ("throat", "neck", "tonsil", "mouth", "lymph node", "gland", "thyroid", "head", "face", "facial", "sinus"),
    "ears": ("ear", "eardrum", "otoscopy", "tympanic"),
    "nose": ("nose", "nasal", "rhinoscopy"),
    "eyes": ("eye", "pupil", "vision", "visual", "fundus", "fundoscopy"),
    "skin": ("skin", "rash", "lesion", "mole", "nail", "scalp"),
    "neurological": ("neurological", "neuro", "reflex", "cranial nerve", "sensation", "sensory", "coordination", "gait", "nervous system"),
    "musculoskeletal": ("joint", "knee", "hip", "shoulder", "spine", "foot", "feet", "ankle", "wrist", "hand", "elbow", "muscle", "leg", "arm", "musculoskeletal"),
    "pelvic": ("pelvic", "pelvis", "vaginal", "speculum", "bimanual", "genital", "scrotal", "scrotum", "testes", "testicle", "penis", "perianal", "rectal", "breast", "groin"),
}

_WORDS = sorted(((w, r) for r, words in REGIONS.items() for w in words), key=lambda item: -len(item[0]))
_PATTERN = re.compile(r"(?<![a-z0-9])(" + "|".join(re.escape(w) for w, _ in _WORDS) + r")(?:e?s)?(?![a-z0-9])")
_REGION_OF = dict(_WORDS)

#: Words asking for a physical examination ("examine", "listen to", "have a look at").
EXAM_CUE = re.compile(
    r"\b(examine|examining|examination|exam|look at|look in|look into|a look|listen to|listen|feel|palpate|"
    r"inspect|auscultate|check|test your|percuss)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+")


@dataclass(frozen=True)
class RegionMention:
    """A region named at characters ``start``-``end`` of a normalised text."""

    region: str
    start: int
    end: int


def regions_in(text: str) -> list[RegionMention]:
    """The regions ``text`` names (normalised as the catalog does), in order."""
    return [RegionMention(_REGION_OF[m.group(1)], m.start(), m.end()) for m in _PATTERN.finditer(normalise(text))]


@dataclass(frozen=True)
class Finding:
    """Findings for one region: the examination's record path and the recorded text
    returned (its whole result, or the sentences of it that name the region)."""

    path: str
    name: str
    text: str


def region_findings(region: str, exams: Sequence[tuple[str, Examination]]) -> list[Finding]:
    """The findings of ``region`` among ``exams`` (``(path, examination)`` pairs of
    physical examinations): those named for the region, whole; else the result sentences of
    the others that name the region. Empty when the record has nothing for it."""
    named = [(p, e) for p, e in exams if any(m.region == region for m in regions_in(e.name))]
    if named:
        return [Finding(p, e.name, e.result) for p, e in named]
    found = []
    for path, exam in exams:
        sentences = [s for s in _SENTENCE_END.split(exam.result) if any(m.region == region for m in regions_in(s))]
        if sentences:
            found.append(Finding(path, exam.name, " ".join(sentences)))
    return found
