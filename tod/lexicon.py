"""Word lists shared by the record importers and the patient: the medical-to-lay table, jargon and synonyms.

All three live in the repository's top-level ``templates/`` folder as YAML so they can be
edited without touching code:

* ``lay_terms.yaml``: medical term -> lay wording, applied to record values before the
  patient speaks them (:class:`LayLexicon`);
* ``jargon.yaml``: terms a lay patient would not say (:func:`load_jargon`);
* ``synonyms.yaml``: concept groups used to match the doctor's words to record values
  (:func:`load_synonym_groups`), categories (:func:`load_categories`) and the signs only an
  examiner sees (:func:`load_examiner_signs`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import yaml

from tod.text import indefinite_article

#: The repository's ``templates/`` folder (next to the ``tod`` package).
TEMPLATES_DIR = Path(__file__).resolve().parents[1] / "templates"


class LexiconError(ValueError):
    """A word-list file that is missing or malformed; the message names the file."""


def read_yaml(path: Path, key: str) -> object:
    """The value under the top-level ``key`` of the YAML mapping in ``path``.

    Raises:
        LexiconError: the file is missing or holds no mapping with ``key``.
    """
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


#: A lay wording that carries its own article ("the pill", "a cold").
_LAY_ARTICLE = re.compile(r"^(the|an?) (?=\S)", re.IGNORECASE)
#: Words after which a noun phrase starts: prepositions, conjunctions and verbs ("on",
#: "and", "stopped"; any -ing word too, "taking"). Any other word before a term (a
#: modifier: "combined", "recent") is part of the term's own phrase.
_PHRASE_OPENERS = frozenset("""on off in into at to from of for with without by about after before during since until
    and or but than as like via per while when if because then also
    take takes took taken use uses used start starts started stop stops stopped is was are were be been being has
    have had get gets got give gives gave given try tried prescribe prescribed put need needs needed""".split())
_DETERMINERS = frozenset("a an the my his her their your our its this that these those some any no".split())


def _phrase_start(before: str) -> tuple[int, list[str]]:
    """Where the noun phrase that ends ``before`` starts, and its words there (modifiers and
    determiners before a term): "I take combined " -> (7, ["combined"])."""
    words = list(re.finditer(r"[A-Za-z'-]+", before))
    start, kept = len(before), []
    for word in reversed(words):
        if before[word.end():start].strip() or word.group(0).lower() in _PHRASE_OPENERS or word.group(0).lower().endswith("ing"):
            break  # a punctuation mark, or an opener: the phrase starts after it
        start, kept = word.start(), [word.group(0), *kept]
    return start, kept


def _article_agreeing(article: str, word: str) -> str:
    """"a"/"an" as ``word`` needs it; "the" as it is."""
    if article.lower() == "the":
        return article
    return indefinite_article(word)


def _with_phrase_articles(text: str, matches: list[tuple[int, int, str]]) -> str:
    """``text`` with each lay wording of ``matches`` (start, end, wording) put in; a
    wording's own article ("the pill", "a cold") goes where its noun phrase starts: before
    the modifiers in front of the term ("combined oral contraceptive pill" -> "the combined
    pill"), nowhere after a determiner ("her URTI" -> "her cold"), and in place after a
    phrase opener ("on oral contraceptives" -> "on the pill")."""
    said, last = "", 0
    for start, end, lay in matches:
        said += text[last:start]
        article = _LAY_ARTICLE.match(lay)
        phrase, words = _phrase_start(said) if article else (len(said), [])
        if words:
            lay = lay[article.end():]
            if words[0].lower() not in _DETERMINERS:
                said = f"{said[:phrase]}{_article_agreeing(article.group(1), said[phrase:])} {said[phrase:]}"
        said += lay
        last = end
    return said + text[last:]


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
        terms = read_yaml(path, "terms")
        if not isinstance(terms, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in terms.items()):
            raise LexiconError(f"{path}: 'terms' must map strings to strings")
        return cls(terms)

    def to_lay(self, text: str) -> str:
        """``text`` with every medical term replaced by its lay wording; a wording's own
        article ("the pill") only where a noun phrase starts (:func:`_with_phrase_articles`)."""
        if self._pattern is None:
            return text
        matches = [(m.start(), m.end(), self.table[m.group(0).lower()]) for m in self._pattern.finditer(text)]
        return _with_phrase_articles(text, matches)

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
    return _term_list(Path(path) if path else TEMPLATES_DIR / "jargon.yaml", "terms")


def _term_list(path: Path, key: str) -> tuple[str, ...]:
    """The strings under ``key`` of ``path``, lower case, in file order, no duplicates.

    Raises:
        LexiconError: the file is missing or ``key`` is not a list of strings.
    """
    terms = read_yaml(path, key)
    if not isinstance(terms, list) or not all(isinstance(t, str) for t in terms):
        raise LexiconError(f"{path}: '{key}' must be a list of strings")
    return tuple(dict.fromkeys(t.lower() for t in terms))


def load_synonym_groups(path: str | Path | None = None) -> dict[str, tuple[str, ...]]:
    """The concept groups of ``synonyms.yaml``: group name -> member phrases (lower case).

    Raises:
        LexiconError: the file is missing or ``groups`` is not a mapping of string lists.
    """
    path = Path(path) if path else TEMPLATES_DIR / "synonyms.yaml"
    groups = read_yaml(path, "groups")
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
    categories = read_yaml(path, "categories")
    found: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    if not isinstance(categories, dict):
        raise LexiconError(f"{path}: 'categories' must map names to {{names: [...], members: [...]}}")
    for name, entry in categories.items():
        lists = [entry.get(k) if isinstance(entry, dict) else None for k in ("names", "members")]
        if not all(isinstance(v, list) and v and all(isinstance(w, str) for w in v) for v in lists):
            raise LexiconError(f"{path}: categories.{name}: expected non-empty string lists 'names' and 'members'")
        found[str(name)] = (tuple(w.lower() for w in lists[0]), tuple(w.lower() for w in lists[1]))
    return found


def load_examiner_signs(path: str | Path | None = None) -> tuple[str, ...]:
    """The named clinical signs of ``synonyms.yaml`` (``examiner_signs``): what only an
    examiner sees or measures ("papilledema", "hepatomegaly"), lower case, in file order.

    Raises:
        LexiconError: the file is missing or ``examiner_signs`` is not a list of strings.
    """
    return _term_list(Path(path) if path else TEMPLATES_DIR / "synonyms.yaml", "examiner_signs")


@lru_cache(maxsize=4)
def default_lexicon() -> LayLexicon:
    """The repository's lay table, loaded once per process."""
    return LayLexicon.load()
