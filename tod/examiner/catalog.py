"""The test catalog: the tests a doctor may order, by name and synonym (``tests.yaml``).

A :class:`Test` is one orderable test (``complete_blood_count``) with the record
examination ``kind`` it belongs to (``lab``) and its names ("CBC", "full blood count",
"blood count"...). A group ("blood tests", "vital signs") orders every recorded
examination of one kind. :meth:`Catalog.find` finds the tests a piece of text names,
longest names first and without overlaps ("chest X-ray" is one chest X-ray, not an X-ray
too); :meth:`Catalog.tests_of` says which tests a record's examination is.

The catalog file is checked on load: every entry needs a ``kind`` among the record's
examination categories and a non-empty list of names; a name used by two entries is an
error (the file, the entry and the name are given).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, get_args

import yaml

from tod.records.model import ExamCategory, Examination

#: The catalog shipped with tod.
DEFAULT_CATALOG = Path(__file__).with_name("tests.yaml")

KINDS: tuple[str, ...] = get_args(ExamCategory)

_NON_WORD = re.compile(r"[^a-z0-9&]+")


class CatalogError(ValueError):
    """A test catalog file that is not as documented in ``tests.yaml``."""


def read_yaml(path: Path, what: str, error: type[ValueError]) -> Any:
    """The YAML data of ``path``; ``error`` names the file and ``what`` it should hold when the
    file cannot be read or parsed."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise error(f"{path}: cannot read {what} ({exc})") from None


def normalise(text: str) -> str:
    """Lower case, every run of punctuation or space one space ("X-ray" -> "x ray")."""
    return " ".join(_NON_WORD.sub(" ", text.lower()).split())


@dataclass(frozen=True)
class Test:
    """One catalog entry: ``key`` (its price category), the record ``kind`` it belongs to,
    its ``names`` (normalised), whether it is a ``group`` of all recorded examinations of its
    kind, and its ``display`` name (its first name as written: how results name it)."""

    key: str
    kind: str
    names: tuple[str, ...]
    group: bool = False
    display: str = ""


@dataclass(frozen=True)
class Mention:
    """A test named in a text, at character ``start`` of the normalised text."""

    test: Test
    start: int
    end: int


class Catalog:
    """The tests of a catalog file (see the module docstring)."""

    def __init__(self, tests: list[Test]) -> None:
        self.tests = {t.key: t for t in tests}
        by_name = sorted(((n, t) for t in tests for n in t.names), key=lambda item: -len(item[0]))
        self._names = by_name
        alternation = "|".join(re.escape(n) for n, _ in by_name)
        # whole words, an optional plural "s" / "es"
        self._pattern = re.compile(rf"(?<![a-z0-9&])({alternation})(?:e?s)?(?![a-z0-9&])")
        self._owner = dict(by_name)

    @classmethod
    def load(cls, path: str | Path = DEFAULT_CATALOG) -> "Catalog":
        """Read and check a catalog file.

        Raises:
            CatalogError: naming the file, the entry and what is wrong.
        """
        path = Path(path)
        data = read_yaml(path, "the test catalog", CatalogError)
        if not isinstance(data, dict) or not isinstance(data.get("tests"), dict):
            raise CatalogError(f"{path}: expected a mapping with a 'tests' mapping (and optional 'groups')")
        tests = [_entry(path, "tests", k, v, group=False) for k, v in data["tests"].items()]
        tests += [_entry(path, "groups", k, v, group=True) for k, v in (data.get("groups") or {}).items()]
        seen: dict[str, str] = {}
        for test in tests:
            for name in test.names:
                if name in seen and seen[name] != test.key:
                    raise CatalogError(f"{path}: name {name!r} is used by {seen[name]!r} and {test.key!r}")
                seen[name] = test.key
        return cls(tests)

    def find(self, text: str) -> list[Mention]:
        """The tests ``text`` names, in order, longest names first without overlaps."""
        return [
            Mention(self._owner[m.group(1)], m.start(), m.end())
            for m in self._pattern.finditer(normalise(text))
        ]

    def tests_of(self, exam: Examination) -> frozenset[str]:
        """The keys of the (non-group) tests an examination is, from its name; for an
        examination named only by a group ("blood tests", "vital signs"), from its result."""
        named = {m.test for m in self.find(exam.name)}
        keys = {t.key for t in named if not t.group}
        if not keys and named:
            keys = {m.test.key for m in self.find(exam.result) if not m.test.group and m.test.kind == exam.category}
        return frozenset(keys)

    def group_of(self, kind: str) -> Test | None:
        """The group test that orders every examination of ``kind``, if the catalog has one."""
        return next((t for t in self.tests.values() if t.group and t.kind == kind), None)


def _entry(path: Path, section: str, key: Any, value: Any, *, group: bool) -> Test:
    where = f"{path}: {section}.{key}"
    if not isinstance(value, dict) or set(value) - {"kind", "names"}:
        raise CatalogError(f"{where}: expected a mapping with 'kind' and 'names'")
    kind = value.get("kind")
    if kind not in KINDS:
        raise CatalogError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    names = value.get("names")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and normalise(n) for n in names):
        raise CatalogError(f"{where}: 'names' must be a non-empty list of names")
    return Test(str(key), kind, tuple(dict.fromkeys(normalise(n) for n in names)), group, names[0].strip())


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The shipped catalog (loaded once per process)."""
    return Catalog.load()
