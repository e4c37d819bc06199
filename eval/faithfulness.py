"""Unfaithful facts: reply content that cannot be traced to the medical record.

This check is independent of the patient's own provenance guard (``tod/patient/guard.py``):
it reads only the reply text, the record and the doctor's turn, resolves field paths with
:mod:`tod.evaluation.reply_sources` (not the patient's own code), and never looks at the
template parts a reply was rendered from. The same check scores the LLM patient baseline.

Definitions
-----------

*Content units* of a reply are

1. every **number**: a run of digits with inner ``. , / :`` ("37.9", "148/92", "2") and every
   number word from "two" to "ninety", "hundred", "dozen" ("one" is left out: "no one");
   numbers compare by value after mapping words to digits ("three" = "3");
2. every **medical term**: a whole-word, case-insensitive occurrence of a phrase of the
   medical vocabulary, longest first: the terms and lay wordings of
   ``templates/lay_terms.yaml``, ``templates/jargon.yaml``, the benchmark's own lists
   ``eval/jargon_terms.txt`` and ``eval/medical_terms.txt``, the members of
   ``templates/synonyms.yaml`` and the body parts and drugs of ``templates/grounding.yaml``.

*Sources* a unit may be traced to:

* tod patient: the record texts of the field paths in the reply's **provenance** (a
  symptom path: its name; a descriptor or factor: its text; a history or social fact: its
  value and detail; an examination: its name and result; the age: its number in years and
  in months; the sex: male/female and man/woman/boy/girl), each also after the lay-term
  mapping of ``templates/lay_terms.yaml``; the opening statement for the opening reply.
* LLM patient: the same texts of **every** recorded field of the case plus the opening
  statement (it has no provenance, so anything traceable anywhere in the record counts).

A unit is **faithful** when it occurs in the sources (a term as whole words, a number by
value); a term also counts as found when an *equivalent* is: its lay wording or medical
term in ``templates/lay_terms.yaml``, or another member of its group in
``templates/synonyms.yaml`` ("peeing a lot" for a recorded "frequent urination"). *Topic words* name a history question rather than a fact ("smoke", "alcohol",
"allergic", "vaccines", "medication", see :data:`TOPIC_FIELDS`): one is faithful when a
record field it names (``social.tobacco``, ``history.allergies``...) is among the sources,
or when its sentence is negated ("No, I'm not allergic to latex"). A unit found only in the
doctor's own turn, inside a negated sentence of the reply ("No, no chest pain"), is an
**echoed denial** (a term that carries its own negation, "no fever", counts as a denial of
its core, "fever"): not a record fact, not counted as unfaithful, reported separately.
Every other unit is an **unfaithful fact**. (Limits: a flipped negation of a recorded
fact, "I smoke" for a recorded non-smoker, or a fact in words outside the vocabulary is not
caught; the strict check below catches them for the tod patient.)

For the tod patient the benchmark also runs a *strict* word check: every word of the reply
must be a fixed word of the template bank (``templates/patient.yaml``: templates, persona
fragments, hedges, fillers, colloquial forms, voice words) or occur in the sources (or be
an echoed denial). It cannot be applied to an LLM, whose wording is free.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

import yaml

from tod.evaluation.reply_sources import case_paths, case_texts, path_texts, template_words, with_lay, words_in
from tod.lexicon import (
    TEMPLATES_DIR,
    LayLexicon,
    default_lexicon,
    load_jargon,
    load_synonym_groups,
    phrase_pattern,
)
from tod.records.model import CaseFacts

EVAL_DIR = Path(__file__).resolve().parent
JARGON_FILE = EVAL_DIR / "jargon_terms.txt"
MEDICAL_TERMS_FILE = EVAL_DIR / "medical_terms.txt"

_NUMBER = re.compile(r"(?<![A-Za-z0-9])\d+(?:[.,/:]\d+)*")
NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12,
}
_NUMBER_WORD = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)

#: Topic words of history questions -> the record fields they name.
TOPIC_FIELDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(["smoke", "smokes", "smoking", "smoker", "smoked", "cigarette", "cigarettes", "tobacco"],
                    ("social.tobacco",)),
    **dict.fromkeys(["alcohol", "drink", "drinks", "drinking", "drinker"], ("social.alcohol",)),
    **dict.fromkeys(["drugs", "recreational drugs", "street drugs"],
                    ("social.drug_use", "history.medications", "history.current_treatment")),
    **dict.fromkeys(["allergic", "allergy", "allergies"], ("history.allergies",)),
    **dict.fromkeys(["vaccine", "vaccines", "vaccination", "vaccinations"], ("history.vaccinations",)),
    **dict.fromkeys(["medication", "medications"], ("history.medications", "history.current_treatment")),
}

NEGATIONS = frozenset(
    """no not never none nothing nobody neither nor without don't doesn't didn't haven't hasn't
    hadn't isn't aren't wasn't weren't can't couldn't won't wouldn't nah nope""".split()
)
_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;]*")


def load_jargon_terms(path: str | Path = JARGON_FILE) -> tuple[str, ...]:
    """A term list of the benchmark (default: the jargon list), lower case, comments and
    blank lines skipped."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    terms = (line.split("#", 1)[0].strip().lower() for line in lines)
    return tuple(dict.fromkeys(t for t in terms if t))


def canonical_number(token: str) -> str:
    """A number token as compared: number words as digits, "," decimal marks as "."."""
    lower = token.lower()
    if lower in NUMBER_WORDS:
        return str(NUMBER_WORDS[lower])
    return lower.replace(",", ".")


def numbers_in(text: str) -> set[str]:
    """The canonical numbers written in ``text`` (digits and number words)."""
    found = {canonical_number(m.group(0)) for m in _NUMBER.finditer(text)}
    found |= {canonical_number(m.group(0)) for m in _NUMBER_WORD.finditer(text)}
    # "37.9" also stands for its parts, "148/92" for 148 and 92 (a reply may give one).
    for token in list(found):
        found.update(p for p in re.split(r"[/:]", token) if p)
    return found


@lru_cache(maxsize=1)
def medical_vocabulary() -> tuple[str, ...]:
    """The medical terms whose occurrences in a reply are content units (see the module
    docstring), lower case."""
    with (TEMPLATES_DIR / "grounding.yaml").open(encoding="utf-8") as handle:
        grounding = yaml.safe_load(handle)
    lexicon = LayLexicon.load()
    terms = [*grounding["body_parts"], *grounding["drugs"], *lexicon.table, *lexicon.table.values()]
    terms += load_jargon()
    terms += load_jargon_terms()
    terms += load_jargon_terms(MEDICAL_TERMS_FILE)
    terms += [m for members in load_synonym_groups().values() for m in members]
    terms += list(TOPIC_FIELDS)
    return tuple(sorted({t.lower().strip() for t in terms if t.strip()}))


@lru_cache(maxsize=1)
def equivalents() -> dict[str, frozenset[str]]:
    """Term -> the phrases that state the same thing (lay table both ways, synonym groups)."""
    found: dict[str, set[str]] = {}

    def link(a: str, b: str) -> None:
        a, b = a.lower().strip(), b.lower().strip()
        found.setdefault(a, {a}).add(b)
        found.setdefault(b, {b}).add(a)

    for term, lay in LayLexicon.load().table.items():
        link(term, lay)
    for members in load_synonym_groups().values():
        for member in members:
            for other in members:
                link(member, other)
    return {k: frozenset(v) for k, v in found.items()}


@lru_cache(maxsize=1)
def _vocabulary_pattern() -> re.Pattern[str]:
    return phrase_pattern(list(medical_vocabulary()))




# ------------------------------------------------------------------ record texts


@dataclass
class Sources:
    """What a reply may state: record texts (raw and lay-mapped) and the fields they come from."""

    texts: list[str] = field(default_factory=list)
    fields: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self._joined = " | ".join(t.lower() for t in self.texts)
        self._numbers = set().union(*(numbers_in(t) for t in self.texts)) if self.texts else set()
        self._words = set(words_in(self._joined))

    def has_term(self, term: str) -> bool:
        """Whether ``term`` occurs in the texts as whole words."""
        return re.search(rf"(?<![a-z0-9]){re.escape(term.lower())}(?![a-z0-9])", self._joined) is not None

    def has_number(self, number: str) -> bool:
        """Whether the canonical ``number`` is written in the texts."""
        return number in self._numbers

    def has_word(self, word: str) -> bool:
        """Whether ``word`` is a word of the texts."""
        return word in self._words


def _field_root(path: str) -> str:
    return re.sub(r"\[\d+\].*$", "", path)


def provenance_sources(case: CaseFacts, provenance: Sequence[str], *, opening: bool = False,
                       lexicon: LayLexicon | None = None) -> Sources:
    """The sources of a tod reply: the texts of its provenance paths (and the opening
    statement for the opening reply)."""
    data = case.model_dump(mode="json")
    texts = [t for path in provenance for t in path_texts(case, path, data)]
    if opening:
        texts.append(case.opening_statement)
    return Sources(with_lay(texts, lexicon), {_field_root(p) for p in provenance})


def case_sources(case: CaseFacts, *, lexicon: LayLexicon | None = None) -> Sources:
    """The sources of an LLM reply: every recorded field of the case and the opening."""
    return Sources(case_texts(case, lexicon), {_field_root(p) for p in case_paths(case)})


# ------------------------------------------------------------------- the check


@dataclass(frozen=True)
class Unit:
    """One content unit of a reply: ``kind`` "number" or "term", its text and where it is."""

    kind: str
    text: str
    start: int


@dataclass
class FactCheck:
    """The verdict on one reply."""

    units: list[Unit]
    unfaithful: list[str]
    echoed: list[str]

    @property
    def faithful(self) -> bool:
        """No unfaithful unit."""
        return not self.unfaithful

    def to_json(self) -> dict[str, object]:
        """Counts and the offending texts."""
        return {"units": len(self.units), "unfaithful": self.unfaithful, "echoed": self.echoed}


def content_units(text: str) -> list[Unit]:
    """The numbers and medical terms of ``text`` (see the module docstring)."""
    units = [Unit("number", m.group(0), m.start()) for m in _NUMBER.finditer(text)]
    units += [Unit("number", m.group(0), m.start()) for m in _NUMBER_WORD.finditer(text)]
    units += [Unit("term", m.group(0).lower(), m.start()) for m in _vocabulary_pattern().finditer(text)]
    return sorted(units, key=lambda u: u.start)


def _sentence_at(text: str, position: int) -> str:
    for match in _SENTENCE.finditer(text):
        if match.start() <= position < match.end():
            return match.group(0)
    return text


def negated(sentence: str) -> bool:
    """Whether a sentence holds a negation word."""
    return any(w in NEGATIONS for w in words_in(sentence))


class FactChecker:
    """Runs the check of the module docstring.

    Args:
        lexicon: the lay table used to map doctor text (default: ``templates/lay_terms.yaml``).
    """

    def __init__(self, lexicon: LayLexicon | None = None) -> None:
        self.lexicon = lexicon or default_lexicon()

    def check(self, reply: str, sources: Sources, doctor_text: str = "") -> FactCheck:
        """Classify every content unit of ``reply``."""
        doctor = Sources(with_lay([doctor_text], self.lexicon)) if doctor_text else Sources()
        units = content_units(reply)
        unfaithful: list[str] = []
        echoed: list[str] = []
        for unit in units:
            if unit.kind == "number":
                value = canonical_number(unit.text)
                in_record = sources.has_number(value)
                in_doctor = doctor.has_number(value)
            else:
                # a term that carries its own negation ("no fever", the lay form of
                # "afebrile") is a denial of its core ("fever")
                first, _, core = unit.text.partition(" ")
                own_negation = first in NEGATIONS and bool(core)
                topic = TOPIC_FIELDS.get(unit.text)
                in_record = any(sources.has_term(t) for t in equivalents().get(unit.text, (unit.text,)))
                if own_negation and not in_record:
                    in_record = any(sources.has_term(t) for t in equivalents().get(core, (core,)))
                if topic is not None and not in_record:
                    in_record = bool(set(topic) & sources.fields) or negated(_sentence_at(reply, unit.start))
                in_doctor = doctor.has_term(unit.text) or (own_negation and doctor.has_term(core))
            if in_record:
                continue
            if in_doctor and negated(_sentence_at(reply, unit.start)):
                echoed.append(unit.text)
            else:
                unfaithful.append(unit.text)
        return FactCheck(units, unfaithful, echoed)


class StrictWordCheck:
    """The strict word check for template replies (see the module docstring).

    Args:
        fixed_words: the words of the template bank's fixed wording.
    """

    def __init__(self, fixed_words: Iterable[str], lexicon: LayLexicon | None = None) -> None:
        self.fixed = frozenset(fixed_words)
        self.lexicon = lexicon or default_lexicon()

    @classmethod
    def from_bank(cls) -> "StrictWordCheck":
        """Fixed words of ``templates/patient.yaml`` (every known template, placeholders
        removed) and the caregiver voice words."""
        return cls(template_words())

    def untraceable(self, reply: str, sources: Sources, doctor_text: str = "") -> list[str]:
        """Words of ``reply`` that are neither fixed words nor in the sources (nor an echoed
        denial of the doctor's words)."""
        doctor = Sources(with_lay([doctor_text], self.lexicon)) if doctor_text else Sources()
        found = []
        for sentence in _SENTENCE.findall(reply):
            for word in words_in(sentence):
                if word in self.fixed or sources.has_word(word):
                    continue
                if doctor.has_word(word) and negated(sentence):
                    continue
                found.append(word)
        return found


def dump(obj: object) -> str:
    """Compact JSON for examples in reports."""
    return json.dumps(obj, ensure_ascii=False)
