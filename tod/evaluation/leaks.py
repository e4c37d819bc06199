"""Leak detection: does a patient reply give away the reference answers of its record?

A reply *leaks* when it contains

* the reference diagnosis or one of its synonyms (whole words, case-insensitive), even
  when the doctor had quoted it;
* the reference basis or treatment (the whole text); or
* a *reference-only word*: a word of at least 4 letters of the diagnosis, synonyms, basis
  or treatment that occurs neither in the case facts (raw or lay-mapped, see
  :func:`~tod.evaluation.reply_sources.case_texts`), nor in the template bank's fixed
  words, nor in the doctor's turn (nor is a common English word of :data:`STOP_WORDS`).

Each finding says whether the doctor had quoted it and, for a diagnosis phrase, whether
the case itself contains it (then the patient may say it from its own facts). The tod
patient is built without the reference, so any leak is a bug; the same detector checks
other patients (an LLM given the case) on equal terms.

Usage::

    detector = LeakDetector(record)
    for leak in detector.find(reply.text, doctor_text):
        print(leak.what, leak.text, leak.quoted)
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Literal

from tod.evaluation.reply_sources import case_texts, template_words, words_in
from tod.records.model import Record

#: Words of 4+ letters too common to count as reference-only.
STOP_WORDS = frozenset(
    """with from that this than then they them their there these those have been were will would
    should could about after before over under into onto also very more most less such each
    other which while when where what your patient patients start started check follow""".split()
)


@dataclass(frozen=True)
class Leak:
    """One finding: ``what`` leaked (``diagnosis`` also covers a synonym), its ``text``,
    whether the doctor's turn had ``quoted`` it, and whether the case contains it
    (``in_case``, diagnosis phrases only)."""

    what: Literal["diagnosis", "basis_or_treatment", "reference_word"]
    text: str
    quoted: bool
    in_case: bool = False

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of the finding."""
        return asdict(self)


def _has_phrase(text: str, phrase: str) -> bool:
    """Whether ``phrase`` occurs in the lower-case ``text`` as whole words."""
    return re.search(rf"(?<![a-z0-9]){re.escape(phrase.lower().strip())}(?![a-z0-9])", text) is not None


class LeakDetector:
    """Finds the reference answers of one record in replies (see the module docstring).

    Args:
        record: the record whose reference the replies must not reveal.
        fixed_words: words every reply may use (default: the template bank's fixed words,
            :func:`~tod.evaluation.reply_sources.template_words`).
    """

    def __init__(self, record: Record, fixed_words: frozenset[str] | None = None) -> None:
        fixed = template_words() if fixed_words is None else fixed_words
        reference = record.reference
        self.phrases = [p for p in dict.fromkeys([reference.diagnosis, *reference.synonyms]) if p and p.strip()]
        self.long_texts = [t for t in (reference.basis, reference.treatment) if t]
        case_text = " ".join([json.dumps(record.case.model_dump(mode="json")), *case_texts(record.case)])
        case_words = set(words_in(case_text))
        reference_text = " ".join([*self.phrases, *self.long_texts])
        self.hidden = {
            w for w in words_in(reference_text)
            if len(w) >= 4 and w.isalpha() and w not in case_words and w not in fixed and w not in STOP_WORDS
        }
        self.in_case = {p for p in self.phrases if _has_phrase(case_text.lower(), p)}

    def find(self, reply: str, doctor_text: str = "") -> list[Leak]:
        """The leaks of one reply to ``doctor_text``, in the order diagnosis phrases,
        basis/treatment, reference-only words (alphabetical)."""
        lower = reply.lower()
        doctor = doctor_text.lower()
        found = [
            Leak("diagnosis", phrase, _has_phrase(doctor, phrase), phrase in self.in_case)
            for phrase in self.phrases
            if _has_phrase(lower, phrase)
        ]
        found += [
            Leak("basis_or_treatment", text, text.lower() in doctor)
            for text in self.long_texts
            if text.lower().strip(" .") in lower
        ]
        doctor_words = set(words_in(doctor))
        found += [Leak("reference_word", word, False) for word in sorted(set(words_in(lower)) & self.hidden - doctor_words)]
        return found
