"""Who speaks: the patient, or a parent for a child under 10.

The caregiver voice talks about the child in the third person ("She has had ...", "my
son"); its words fill the voice placeholders of the templates ({child}, {poss}, {obj},
{my_child}). Voice words are not record facts: the guard accepts them as fixed wording.
A caregiver for a child of unrecorded sex says "my child".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, Mapping

from tod.records.model import Demographics

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
