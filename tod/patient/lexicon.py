"""Word lists of the patient simulator: the medical-to-lay table, jargon and synonyms.

All three live in the repository's top-level ``templates/`` folder as YAML so they can be
edited without touching code:

* ``lay_terms.yaml``: medical term -> lay wording, applied to record values before the
  patient speaks them (:class:`LayLexicon`);
* ``jargon.yaml``: terms a lay patient would not say (:func:`load_jargon`);
* ``synonyms.yaml``: concept groups used to match the doctor's words to record values
  (:func:`load_synonym_groups`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import yaml

#: The repository's ``templates/`` folder (next to the ``tod`` package).
TEMPLATES_DIR = Path(__file__).resolve().parents[2] / "templates"


class LexiconError(ValueError):
    """A word-list file that is missing or malformed; the message names the file."""


def _read_yaml(path: Path, key: str) -> object:
    if not path.is_file():
        raise LexiconError(f"{path}: file not found")
    with path.open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle)
    if not isinstance(data, dict) or key not in data:
        raise LexiconError(f"{path}: expected a mapping with a top-level {key!r} key")
    return data[key]


def phrase_pattern(terms: list[str]) -> re.Pattern[str]:
    """A case-insensitive regex matching any of ``terms`` as whole words, longest first.

    "Whole words" means the match is not preceded or followed by a letter or digit, so
    "uti" does not match inside "cutis" and "b.i.d." matches with its dots.
    """
    ordered = sorted({t.lower() for t in terms}, key=len, reverse=True)
    body = "|".join(re.escape(t) for t in ordered)
    return re.compile(rf"(?<![A-Za-z0-9])(?:{body})(?![A-Za-z0-9])", re.IGNORECASE)


class LayLexicon:
    """Rewrites medical terms in a text into lay words, in a single left-to-right pass.

    Semantics: every whole-word, case-insensitive occurrence of a table term is replaced by
    its lay wording; the longest term wins at each position; replaced text is not scanned
    again (no chains). Text outside the terms, including numbers and units such as
    "148/92 mmHg", is kept verbatim. An empty table leaves every text unchanged.
    """

    def __init__(self, table: Mapping[str, str]) -> None:
        self.table: dict[str, str] = {k.lower(): v for k, v in table.items()}
        self._pattern = phrase_pattern(list(self.table)) if self.table else None

    @classmethod
    def load(cls, path: str | Path | None = None) -> "LayLexicon":
        """Load ``lay_terms.yaml`` (default: the repository's templates folder).

        Raises:
            LexiconError: the file is missing or ``terms`` is not a string mapping.
        """
        path = Path(path) if path else TEMPLATES_DIR / "lay_terms.yaml"
        terms = _read_yaml(path, "terms")
        if not isinstance(terms, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in terms.items()):
            raise LexiconError(f"{path}: 'terms' must map strings to strings")
        return cls(terms)

    def to_lay(self, text: str) -> str:
        """``text`` with every medical term replaced by its lay wording."""
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self.table[m.group(0).lower()], text)

    def whole_to_lay(self, text: str) -> str:
        """The lay wording of ``text`` when all of it is one medical term, else ``text``.

        Used for the doctor's words the patient repeats: a partial mapping would put words
        of the patient's own into them ("afferent pupillary defect" -> "incoming pupillary
        defect"), so only a whole term is reworded.
        """
        return self.table.get(text.strip().lower(), text)


def load_jargon(path: str | Path | None = None) -> tuple[str, ...]:
    """The jargon terms of ``jargon.yaml`` (lower case, in file order, no duplicates).

    Raises:
        LexiconError: the file is missing or ``terms`` is not a list of strings.
    """
    path = Path(path) if path else TEMPLATES_DIR / "jargon.yaml"
    terms = _read_yaml(path, "terms")
    if not isinstance(terms, list) or not all(isinstance(t, str) for t in terms):
        raise LexiconError(f"{path}: 'terms' must be a list of strings")
    return tuple(dict.fromkeys(t.lower() for t in terms))


def load_synonym_groups(path: str | Path | None = None) -> dict[str, tuple[str, ...]]:
    """The concept groups of ``synonyms.yaml``: group name -> member phrases (lower case).

    Raises:
        LexiconError: the file is missing or ``groups`` is not a mapping of string lists.
    """
    path = Path(path) if path else TEMPLATES_DIR / "synonyms.yaml"
    groups = _read_yaml(path, "groups")
    if not isinstance(groups, dict) or not all(
        isinstance(v, list) and all(isinstance(p, str) for p in v) for v in groups.values()
    ):
        raise LexiconError(f"{path}: 'groups' must map names to lists of strings")
    return {str(name): tuple(p.lower() for p in members) for name, members in groups.items()}


def load_categories(path: str | Path | None = None) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """The categories of ``synonyms.yaml``: name -> (the doctor's words for it, its member
    words), all lower case.

    Raises:
        LexiconError: the file is missing, or ``categories`` is not a mapping of
            ``{names: [...], members: [...]}`` string lists.
    """
    path = Path(path) if path else TEMPLATES_DIR / "synonyms.yaml"
    categories = _read_yaml(path, "categories")
    found: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    if not isinstance(categories, dict):
        raise LexiconError(f"{path}: 'categories' must map names to {{names: [...], members: [...]}}")
    for name, entry in categories.items():
        lists = [entry.get(k) if isinstance(entry, dict) else None for k in ("names", "members")]
        if not all(isinstance(v, list) and v and all(isinstance(w, str) for w in v) for v in lists):
            raise LexiconError(f"{path}: categories.{name}: expected non-empty string lists 'names' and 'members'")
        found[str(name)] = (tuple(w.lower() for w in lists[0]), tuple(w.lower() for w in lists[1]))
    return found


@lru_cache(maxsize=4)
def default_lexicon() -> LayLexicon:
    """The repository's lay table, loaded once per process."""
    return LayLexicon.load()
