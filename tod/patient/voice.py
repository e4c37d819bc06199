"""Who speaks (the patient, or a parent for a child), and record text in the patient's own voice.

The caregiver voice talks about the child in the third person ("She has had ...", "my
son"); its words fill the voice placeholders of the templates ({child}, {poss}, {obj},
{my_child}). Voice words are not record facts: the guard accepts them as fixed wording.
A caregiver for a child of unrecorded sex says "my child". A parent speaks when the
patient is under 10 or when the record's opening statement is a parent's ("My son came
home from his halls ..."), whatever the age: the replies keep the opening's voice.

:func:`first_person` puts record text written about the patient into the patient's own
words: "walks his dog daily" -> "I walk my dog daily", "wife keeps asking him to repeat
himself" -> "wife keeps asking me to repeat myself". It changes pronouns and a leading
note-form verb only, never a fact word or a number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, Mapping

from tod.records.model import CaseFacts, Demographics

#: An opening statement spoken by a parent: "My son ...", "Our five-week-old daughter ...".
_PARENT_OPENING = re.compile(
    r"^\W*(?:my|our)\s+(?:little\s+|baby\s+|newborn\s+|[\w-]+-old\s+)?"
    r"(?:son|daughter|child|baby|boy|girl|toddler|infant|kid)\b",
    re.IGNORECASE,
)

#: The voice placeholders of the caregiver templates.
VOICE_TOKENS: tuple[str, ...] = ("child", "poss", "obj", "my_child")

#: Below this age (years) a parent speaks for the patient.
CAREGIVER_AGE = 10.0

_CAREGIVER_WORDS: Mapping[str | None, Mapping[str, str]] = MappingProxyType(
    {
        "female": {"child": "she", "poss": "her", "obj": "her", "my_child": "my daughter"},
        "male": {"child": "he", "poss": "his", "obj": "him", "my_child": "my son"},
        None: {"child": "my child", "poss": "my child's", "obj": "my child", "my_child": "my child"},
    }
)

#: Every word a voice placeholder may be filled with, by placeholder (for the guard).
VOICE_WORDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {token: frozenset(words[token] for words in _CAREGIVER_WORDS.values()) for token in VOICE_TOKENS}
)


@dataclass(frozen=True)
class Voice:
    """A template voice: ``name`` selects the template set, ``words`` fill voice placeholders."""

    name: Literal["patient", "caregiver"]
    words: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def for_demographics(cls, demographics: Demographics) -> "Voice":
        """The caregiver voice when ``age_years`` < 10, else the patient's own voice (also
        when the age is not recorded)."""
        age = demographics.age_years
        if age is not None and age < CAREGIVER_AGE:
            return cls("caregiver", dict(_CAREGIVER_WORDS[demographics.sex]))
        return cls("patient")

    @classmethod
    def for_case(cls, case: CaseFacts) -> "Voice":
        """The caregiver voice when a parent speaks for the patient (:func:`parent_speaks`),
        else the patient's own voice."""
        if parent_speaks(case):
            return cls("caregiver", dict(_CAREGIVER_WORDS[case.demographics.sex]))
        return cls("patient")


def parent_speaks(case: CaseFacts) -> bool:
    """Whether a parent speaks for the patient: under 10, or a parent's opening statement."""
    age = case.demographics.age_years
    return (age is not None and age < CAREGIVER_AGE) or _PARENT_OPENING.match(case.opening_statement) is not None


#: Third-person words of a record and the patient's own ("his" -> "my").
_PRONOUNS: Mapping[str, str] = MappingProxyType(
    {"his": "my", "him": "me", "himself": "myself", "herself": "myself", "hers": "mine",
     "the patient's": "my", "patient's": "my"}
)
#: "her" is the object ("asking her to") before these words or at the end, else possessive ("her knee").
_HER_OBJECT_BEFORE = frozenset(
    "to and or about with for in on at up out off down again often every that the a an if when as from".split()
)
_SUBJECT_VERB = re.compile(r"\b(?:he|she|the patient)\s+([a-z]+)\b", re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:the patient's|patient's|his|him|himself|herself|hers)\b|\b(her)\b(\s+[A-Za-z]+)?", re.IGNORECASE)
#: Third-person present verbs a note may start with, and their first-person forms.
_IRREGULAR = MappingProxyType({"has": "have", "is": "am", "does": "do", "goes": "go", "was": "was"})
_NOTE_VERBS = frozenset(
    """lives works drinks smokes shares walks sleeps eats takes uses plays keeps spends runs cycles swims enjoys
    travels visits attends owns cares wears studies finds feels gets avoids prefers likes exercises drives reads
    cooks helps teaches hikes stays volunteers vapes chews snacks skips rides gardens lifts drinks handles
    has is does goes""".split()
)
#: Past-tense verbs a note may start with; they only need the subject.
_NOTE_PAST = frozenset(
    """quit stopped started moved returned travelled traveled had was visited went lost gained began worked lived
    used smoked drank gave took cut switched finished recently""".split()
)


def _first_person_verb(verb: str) -> str:
    lower = verb.lower()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if lower.endswith("ies") and len(lower) > 4:
        return lower[:-3] + "y"
    if lower.endswith(("ches", "shes", "sses", "xes")):
        return lower[:-2]
    return lower[:-1] if lower.endswith("s") and not lower.endswith("ss") else lower


def first_person(text: str) -> str:
    """``text`` about the patient in the patient's own words (see the module docstring)."""
    text = _SUBJECT_VERB.sub(lambda m: f"I {_first_person_verb(m.group(1))}", text)

    def pronoun(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return _PRONOUNS[match.group(0).lower()]
        following = match.group(2) or ""
        word = following.strip().lower()
        return ("me" if not word or word in _HER_OBJECT_BEFORE else "my") + following

    text = _PRONOUN.sub(pronoun, text)
    first, _, rest = text.partition(" ")
    lower = first.lower()
    if lower in _NOTE_VERBS and (rest or lower not in _IRREGULAR):
        rest = _AND_VERB.sub(lambda m: m.group(1) + _first_person_verb(m.group(2)) if m.group(2).lower() in _NOTE_VERBS
                             else m.group(0), rest)
        return f"I {_first_person_verb(lower)} {rest}".rstrip()
    if rest and lower in _NOTE_PAST:
        return f"I {lower} {rest}"
    return text


_AND_VERB = re.compile(r"(\band\s+)([A-Za-z]+)")


_YOUR = re.compile(r"\byour\b|\byours\b|\byourself\b", re.IGNORECASE)


def patient_words(asked: str) -> str:
    """The doctor's words as the patient repeats them: "blood in your stool" -> "blood in my stool"."""
    return _YOUR.sub(lambda m: {"your": "my", "yours": "mine", "yourself": "myself"}[m.group(0).lower()], asked)


_SUBJECTS: Mapping[str | None, str] = MappingProxyType({"female": "she", "male": "he", None: "my child"})


def about_child(text: str, sex: str | None) -> str:
    """Record text in note form as a parent says it: "shares a room with her sister" ->
    "she shares a room with her sister" (pronouns stay: the parent speaks of the child)."""
    first = text.partition(" ")[0].lower()
    if first in _NOTE_VERBS or first in _NOTE_PAST:
        return f"{_SUBJECTS[sex]} {text[0].lower()}{text[1:]}"
    return text
