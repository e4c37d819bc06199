"""Whom a doctor's named item can apply to: the word lists of ``templates/applies.yaml``.

A named item holding a word of one sex ("vaginal discharge", "prostate exam") does not apply
to a patient of the other sex; one holding an adult word ("pregnancy test") not to a child;
an item holding a birth or pregnancy event word ("premature birth") is an event, not an
illness the patient was diagnosed with; a dependant word ("your baby") names a person in the
patient's care, whom an adult speaking for themselves may not have. Words match as whole words, case-insensitively.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tod.lexicon import TEMPLATES_DIR, LexiconError, read_yaml, phrase_pattern


def _word_list(path: Path, value: object, name: str) -> re.Pattern[str]:
    """The whole-word pattern of a non-empty list of strings, else a :class:`LexiconError`."""
    if not isinstance(value, list) or not value or not all(isinstance(w, str) for w in value):
        raise LexiconError(f"{path}: {name!r} must be a non-empty list of strings")
    return phrase_pattern(value)


@dataclass(frozen=True)
class Applicability:
    """The word lists: ``sexes`` maps a sex ("female", "male") to the pattern of its words."""

    sexes: dict[str, re.Pattern[str]]
    adult: re.Pattern[str]
    events: re.Pattern[str]
    dependants: re.Pattern[str]

    @classmethod
    def load(cls, path: str | Path | None = None) -> "Applicability":
        """The lists of ``applies.yaml`` (default: the repository's templates folder).

        Raises:
            LexiconError: the file is missing or a list is not a non-empty list of strings.
        """
        path = Path(path) if path else TEMPLATES_DIR / "applies.yaml"
        sexes = read_yaml(path, "sex")
        if not isinstance(sexes, dict) or set(sexes) != {"female", "male"}:
            raise LexiconError(f"{path}: 'sex' must map 'female' and 'male' to word lists")
        return cls({sex: _word_list(path, words, f"sex.{sex}") for sex, words in sexes.items()},
                   _word_list(path, read_yaml(path, "adult"), "adult"),
                   _word_list(path, read_yaml(path, "events"), "events"),
                   _word_list(path, read_yaml(path, "dependants"), "dependants"))

    def other_sex(self, text: str, sex: str | None) -> list[str]:
        """The words of ``text`` that name an organ, function or test of the sex that is not
        ``sex`` ("vaginal" of "vaginal discharge" for "male"); none when the sex is not recorded."""
        if sex not in self.sexes:
            return []
        return [m.group(0).lower() for other, pattern in self.sexes.items() if other != sex
                for m in pattern.finditer(text)]

    def adult_only(self, text: str) -> list[str]:
        """The words of ``text`` that name something no child has ("pregnancy", "prostate")."""
        return [m.group(0).lower() for m in self.adult.finditer(text)]

    def event(self, text: str) -> bool:
        """Whether ``text`` names an event of birth or pregnancy ("premature birth")."""
        return self.events.search(text) is not None

    def dependant(self, text: str) -> str | None:
        """The person in one's care that ``text`` asks about as the patient's own ("baby" of
        "has your baby had a fever?"), lower case; ``None`` when it names none that way."""
        match = re.search(r"\byour\s+(?:little\s+|new\s+)?(" + self.dependants.pattern + ")", text, re.IGNORECASE)
        return match.group(1).lower() if match else None


@lru_cache(maxsize=1)
def default_applicability() -> Applicability:
    """The repository's word lists, loaded once per process."""
    return Applicability.load()
