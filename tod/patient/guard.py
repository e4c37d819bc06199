"""Provenance guard: every fact in a reply comes from the record fields it cites.

A templated reply is checked part by part (see :mod:`tod.patient.templates`):

1. the template is one of the bank's known templates, so its fixed words are vetted;
2. each placeholder has text, and the part's text is the template filled with it;
3. record placeholders ({items}, {value}, ...) decompose into texts of the *provenance*
   fields (as spoken, after lay mapping; a later item may call an earlier one "it",
   :func:`~tod.patient.spoken.refer_back`), joined only by list punctuation
   (:data:`~tod.patient.templates.CONNECTIVES`); {asked} decomposes the same way into the
   doctor's slot values of the turn as :func:`~tod.patient.voice.echo_item` repeats them
   (numbers and edge function words removed; reworded only when a value is one lay-table
   term; "your" as "my"), or as the class a value names
   (:func:`~tod.patient.query_words.class_topic`: "kidney disease" as "kidney problems"); voice placeholders hold voice words; {opening} is the record's
   opening statement verbatim;
4. the parts compose to the reply text;
5. every number in the reply occurs in the provenance texts (or the opening statement when
   it is part of the reply): the doctor's words are echoed without their numbers (see
   :func:`without_numbers`), so a denial never repeats a figure the record does not hold;
6. every provenance path resolves to a recorded value of the case.

The guard never sees the reference answers; it only knows the case.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from tod.patient.facts import FactPathError, field_texts, spoken_phrase
from tod.patient.figures import numbers
from tod.lexicon import LayLexicon
from tod.patient.query_words import class_topic
from tod.patient.spoken import refer_back, without_place
from tod.patient.templates import (
    ASKED_FILL,
    CONNECTIVES,
    CONTENT_FILLS,
    OPENING_TEMPLATE,
    Part,
    TemplateBank,
    TemplateError,
    compose,
    placeholders,
)
from tod.patient.voice import VOICE_WORDS, echo_item, owner_word, parent_speaks
from tod.records.model import CaseFacts


class GuardViolation(RuntimeError):
    """A reply states something its provenance does not support; ``violations`` lists why."""

    def __init__(self, violations: Sequence[str]) -> None:
        super().__init__("; ".join(violations))
        self.violations = tuple(violations)


def _decomposes(text: str, atoms: Iterable[str]) -> bool:
    """Whether ``text`` is a sequence of ``atoms`` joined by connectives (case-insensitive);
    an atom may take an article ("a throbbing headache"), which states nothing."""
    unique = sorted({a.lower() for a in atoms if a}, key=len, reverse=True)
    if not unique:
        return False
    atom = "(?:an? )?(?:" + "|".join(re.escape(a) for a in unique) + ")"
    joint = "|".join(re.escape(c) for c in CONNECTIVES)
    return re.fullmatch(rf"(?:{atom})(?:(?:{joint})+(?:{atom}))*(?:{joint})*", text.lower()) is not None


class ProvenanceGuard:
    """Checks templated replies of one case against their provenance.

    Args:
        case: the patient's facts.
        bank: the template bank the replies were rendered from.
        lexicon: the lay table the policy applied to record texts.
    """

    def __init__(self, case: CaseFacts, bank: TemplateBank, lexicon: LayLexicon) -> None:
        self.case = case
        self.bank = bank
        self.lexicon = lexicon

    def spoken_texts(self, path: str) -> set[str]:
        """The texts ``path`` may appear as: raw record text, its lay form, and the fact as
        one spoken phrase (:func:`~tod.patient.facts.spoken_phrase`).

        Raises:
            FactPathError: the path names no recorded value.
        """
        raw = field_texts(self.case, path)
        phrases = {spoken_phrase(self.case, path, to_lay) for to_lay in (self.lexicon.to_lay, str)}
        return set(raw) | {self.lexicon.to_lay(t) for t in raw} | phrases

    def check(
        self,
        text: str,
        parts: Sequence[Part],
        provenance: Sequence[str],
        asked: Sequence[str] = (),
    ) -> list[str]:
        """The violations of a reply (empty = the reply is grounded).

        Args:
            text: the reply text as it will be returned.
            parts: the parts it was rendered from.
            provenance: the record paths the reply cites.
            asked: the doctor's slot values of this turn.
        """
        violations: list[str] = []
        atoms: set[str] = set()
        for path in provenance:
            try:
                atoms |= self.spoken_texts(path)
            except FactPathError as exc:
                violations.append(f"provenance {path!r}: {exc.args[0]}")
        # an item of a list may call an earlier one "it" (as the policy's list fills do)
        atoms |= {refer_back(a, b) for a in atoms for b in atoms if a != b}
        # as the policy echoes the doctor's items (point 3)
        owner = owner_word(self.case.demographics.sex, caregiver=parent_speaks(self.case))
        asked_atoms = {echo_item(a, to_lay, owner) for a in asked for to_lay in (self.lexicon.whole_to_lay, str)}
        asked_atoms |= {topic for topic in map(class_topic, asked) if topic}  # "kidney disease" as "kidney problems"
        asked_atoms |= {without_place(a) for a in asked_atoms}  # a place shared by items is said once, at the end
        allowed_numbers = set().union(*(numbers(a) for a in atoms))
        known = self.bank.known_templates()
        for index, part in enumerate(p for whole in parts for p in (whole.joined or (whole,))):
            where = f"part {index} {part.template!r}"
            if part.template not in known:
                violations.append(f"{where}: not a known template")
                continue
            names = {n.lower() for n in placeholders(part.template)}
            missing = names - set(part.fills)
            if missing:
                violations.append(f"{where}: no text for {sorted(missing)}")
                continue
            if part.template == OPENING_TEMPLATE:
                if part.fills["opening"] != self.case.opening_statement:
                    violations.append(f"{where}: not the record's opening statement")
                allowed_numbers |= numbers(self.case.opening_statement)
                continue
            for name in sorted(names):
                value = part.fills[name]
                if name in VOICE_WORDS:
                    if value not in VOICE_WORDS[name]:
                        violations.append(f"{where}: {{{name}}} = {value!r} is not a voice word")
                elif name == ASKED_FILL:
                    if not _decomposes(value, asked_atoms):
                        violations.append(f"{where}: {{asked}} = {value!r} is not what the doctor named")
                elif name in CONTENT_FILLS:
                    if not _decomposes(value, atoms):
                        violations.append(f"{where}: {{{name}}} = {value!r} is not from the provenance fields")
                else:
                    violations.append(f"{where}: unknown placeholder {{{name}}}")
        try:
            composed = compose(parts)
        except TemplateError as exc:
            violations.append(f"parts cannot be composed: {exc}")
            composed = None
        if composed is not None and composed != text:
            violations.append(f"reply text {text!r} differs from its parts {composed!r}")
        stray = sorted(numbers(text) - allowed_numbers)
        if stray:
            violations.append(f"numbers {stray} are not in the provenance fields")
        return violations

    def enforce(self, text: str, parts: Sequence[Part], provenance: Sequence[str], asked: Sequence[str] = ()) -> None:
        """:meth:`check`, raising on any violation.

        Raises:
            GuardViolation: listing every violation found.
        """
        violations = self.check(text, parts, provenance, asked)
        if violations:
            raise GuardViolation(violations)
