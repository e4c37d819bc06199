"""Placeholder kinds: how ``{symptom}``, ``{conditions}``, ``{located}``... are filled.

Values come from the lexicons (term or variant) and from ``annotations/phrasings/categories.yaml``
(category phrases with examples, symptom subsets, function examples, plain vocabulary).

Kinds:

* single values: ``symptom condition drug test exposure habit vaccine allergen injury change``
  (and ``relation``, ``body_part``, which fill no slot);
* lists of 2-4 distinct values: the plural names ``symptoms conditions drugs tests exposures
  habits vaccines allergens injuries changes``;
* ``located``: a locatable symptom with a body part ("swelling in your legs"; value "swelling");
* ``function`` / ``function_ex``: a body function ("vision"), optionally with examples
  ("vision, such as blurred vision or double vision");
* ``lesion``, ``fluid``, ``pain``: symptoms of a subset (skin lesions, discharges, pains);
* ``ros``: a review-of-systems list; an item that is a physical change adds ask_physical_change;
* ``<kind>_group`` (condition, drug, symptom, exposure, allergen, test): a category phrase,
  standing alone (the phrase is the value) or with examples (only the examples are values);
* ``vocab`` names from categories.yaml (``duration``, ``activity``...): text only;
* ``a_<kind>`` for a single or subset kind: the value with an indefinite article
  ("a chest X-ray", "an MRI", "blood tests"); the article is not part of the value.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import yaml

from tod.training.corpus.lexicon import Entry, Lexicons
from tod.training.corpus.template import Fill, Item

#: Single-value kinds -> lexicon category.
SINGLE_KINDS: Mapping[str, str] = {
    "symptom": "symptoms",
    "condition": "conditions",
    "drug": "drugs",
    "test": "tests",
    "exposure": "exposures",
    "habit": "habits",
    "vaccine": "vaccines",
    "allergen": "allergens",
    "injury": "injuries_operations",
    "change": "physical_changes",
    "relation": "family_relations",
    "body_part": "body_parts",
}
#: List kinds -> the single kind of their items.
LIST_KINDS: Mapping[str, str] = {
    "symptoms": "symptom",
    "conditions": "condition",
    "drugs": "drug",
    "tests": "test",
    "exposures": "exposure",
    "habits": "habit",
    "vaccines": "vaccine",
    "allergens": "allergen",
    "injuries": "injury",
    "changes": "change",
}
SUBSET_KINDS = ("lesion", "fluid", "pain")
GROUP_KINDS: Mapping[str, str] = {
    f"{k}_group": SINGLE_KINDS[k] for k in ("condition", "drug", "symptom", "exposure", "allergen", "test")
}
_SPECIAL_KINDS = ("located", "function", "function_ex", "ros")
_ARTICLE_PREFIX = "a_"
_VOWEL_LETTER_ACRONYM = "AEFHILMNORSX"
_TOPIC_REUSE = 0.6
#: Lexicons list common items first; an entry of rank r is drawn with weight 1 / (r + _RANK_OFFSET).
_RANK_OFFSET = 10


class FillerError(ValueError):
    """A placeholder that cannot be filled (empty pool, bad categories.yaml)."""


@dataclass(frozen=True)
class Group:
    """A category phrase ("skin conditions") with example items."""

    phrase: str
    examples: tuple[str, ...]
    standalone: bool


@dataclass(frozen=True)
class CategoryData:
    """The hand-written filler data of categories.yaml."""

    groups: Mapping[str, tuple[Group, ...]]
    exclude: Mapping[str, frozenset[str]]
    subsets: Mapping[str, tuple[str, ...]]
    functions: Mapping[str, tuple[str, ...]]
    vocab: Mapping[str, tuple[str, ...]]

    @classmethod
    def load(cls, path: Path) -> "CategoryData":
        """Read categories.yaml (sections ``groups``, ``exclude``, ``subsets``, ``functions``, ``vocab``)."""
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        groups = {
            kind: tuple(
                Group(g["phrase"], tuple(g.get("examples", ())), bool(g.get("standalone", True))) for g in items
            )
            for kind, items in data["groups"].items()
        }
        for kind in groups:
            if f"{kind}_group" not in GROUP_KINDS:
                raise FillerError(f"{path}: unknown group kind {kind!r}")
        return cls(
            groups=groups,
            exclude={k: frozenset(t.lower() for t in v) for k, v in (data.get("exclude") or {}).items()},
            subsets={k: tuple(v) for k, v in data["subsets"].items()},
            functions={k.lower(): tuple(v) for k, v in data["functions"].items()},
            vocab={k: tuple(v) for k, v in data["vocab"].items()},
        )


def join_items(values: list[str], rng: random.Random) -> tuple[str, list[tuple[int, int]]]:
    """Join values as an English list ("a, b, or c"); return the text and each value's offsets."""
    conj = rng.choice(("or", "or", "or", "and"))
    if len(values) == 2:
        seps = [f" {conj} "]
    else:
        last = rng.choice((f", {conj} ", f" {conj} "))
        seps = [", "] * (len(values) - 2) + [last]
    text, offsets = "", []
    for i, value in enumerate(values):
        if i:
            text += seps[i - 1]
        offsets.append((len(text), len(text) + len(value)))
        text += value
    return text, offsets


def _rank_cum_weights(size: int) -> list[float]:
    """Cumulative weights 1 / (rank + offset) for a pool of ``size`` entries."""
    total, cumulative = 0.0, []
    for rank in range(size):
        total += 1.0 / (rank + _RANK_OFFSET)
        cumulative.append(total)
    return cumulative


def indefinite(noun: str) -> str:
    """The article for ``noun`` ("a ", "an ", or "" for plurals)."""
    first = noun.split()[0] if noun.split() else noun
    if first.lower().endswith("s") and not first.lower().endswith(("ss", "is", "us")):
        return ""
    if first.isupper() and len(first) > 1:
        return "an " if first[0] in _VOWEL_LETTER_ACRONYM else "a "
    return "an " if first[:1].lower() in "aeiou" else "a "


def _has_word(term: str, keyword: str) -> bool:
    return re.search(rf"\b{re.escape(keyword)}\b", term.lower()) is not None


class LexiconFiller:
    """Fills placeholders from the lexicons; keeps a per-turn topic symptom for coherence."""

    def __init__(self, lexicons: Lexicons, data: CategoryData) -> None:
        self._data = data
        changes = {s.lower() for e in lexicons.get("physical_changes") for s in e.surfaces}
        self._pools: dict[str, tuple[Entry, ...]] = {
            kind: self._allowed(lexicons.get(category)) for kind, category in SINGLE_KINDS.items()
        }
        symptoms = self._pools["symptom"]
        self._pools["symptom"] = tuple(
            e for e in symptoms if not e.flag("function") and e.term.lower() not in changes
        )
        self._pools["located"] = tuple(e for e in symptoms if e.flag("locatable"))
        self._pools["function"] = tuple(e for e in symptoms if e.flag("function"))
        for name in SUBSET_KINDS:
            keys = data.subsets.get(name, ())
            self._pools[name] = tuple(e for e in self._pools["symptom"] if any(_has_word(e.term, k) for k in keys))
        self._cum_weights = {kind: _rank_cum_weights(len(pool)) for kind, pool in self._pools.items()}
        self._topic: tuple[str, str] | None = None
        self._in_template: set[str] = set()

    def _allowed(self, entries: tuple[Entry, ...]) -> tuple[Entry, ...]:
        """Entries whose term is not excluded for their category in categories.yaml."""
        if not entries:
            return entries
        excluded = self._data.exclude.get(entries[0].category, frozenset())
        return tuple(e for e in entries if e.term.lower() not in excluded)

    def kinds(self) -> frozenset[str]:
        """Every placeholder kind this filler knows."""
        articled = (_ARTICLE_PREFIX + k for k in (*SINGLE_KINDS, *SUBSET_KINDS))
        return frozenset(
            (*SINGLE_KINDS, *LIST_KINDS, *SUBSET_KINDS, *GROUP_KINDS, *_SPECIAL_KINDS, *articled, *self._data.vocab)
        )

    def empty_kinds(self) -> frozenset[str]:
        """Kinds that cannot be filled with the current lexicons."""
        empty = {k for k, pool in self._pools.items() if not pool}
        empty |= {k for k, single in LIST_KINDS.items() if single in empty}
        if "located" in empty or "body_part" in empty:
            empty.add("located")
        if "function" in empty:
            empty.add("function_ex")
        if "symptom" in empty:
            empty.add("ros")
        empty |= {_ARTICLE_PREFIX + k for k in set(empty)}
        return frozenset(empty)

    def new_turn(self) -> None:
        """Forget the topic symptom (call at the start of every turn)."""
        self._topic = None

    def start_template(self) -> None:
        """Start a template: the topic is reused at most once inside one template."""
        self._in_template = set()

    def fill(self, kind: str, rng: random.Random) -> Fill:
        """Render one placeholder of ``kind``."""
        if kind in self._data.vocab:
            return Fill(rng.choice(self._data.vocab[kind]))
        if kind.startswith(_ARTICLE_PREFIX):
            inner = self.fill(kind.removeprefix(_ARTICLE_PREFIX), rng)
            article = indefinite(inner.text)
            shift = len(article)
            items = tuple(Item(i.start + shift, i.end + shift, i.category, i.intent) for i in inner.items)
            return Fill(article + inner.text, items)
        if kind in LIST_KINDS:
            return self._list(LIST_KINDS[kind], rng)
        if kind in GROUP_KINDS:
            return self._group(kind, rng)
        if kind == "located":
            return self._located(rng)
        if kind == "function_ex":
            return self._function_ex(rng)
        if kind == "ros":
            return self._ros(rng)
        if kind in ("symptom", *SUBSET_KINDS):
            value = self._topical(kind, rng)
        else:
            value = self._entry(kind, rng).surface(rng)
        return Fill(value, (Item(0, len(value), self._category(kind)),))

    def _category(self, kind: str) -> str:
        return SINGLE_KINDS.get(kind, "symptoms")

    def _entry(self, kind: str, rng: random.Random) -> Entry:
        """A lexicon entry of ``kind``, common (early) entries more often."""
        pool = self._pools.get(kind)
        if not pool:
            raise FillerError(f"no lexicon entries for placeholder kind {kind!r}")
        return rng.choices(pool, cum_weights=self._cum_weights[kind])[0]

    def _topical(self, kind: str, rng: random.Random) -> str:
        """A symptom surface, reusing this turn's topic when it fits ``kind``."""
        if self._topic and self._topic[1] not in self._in_template and rng.random() < _TOPIC_REUSE:
            term, surface = self._topic
            if any(e.term == term for e in self._pools[kind]):
                self._in_template.add(surface)
                return surface
        entry = self._entry(kind, rng)
        surface = entry.surface(rng)
        if self._topic is None:
            self._topic = (entry.term, surface)
        self._in_template.add(surface)
        return surface

    def _distinct(self, kind: str, count: int, rng: random.Random) -> list[str]:
        pool = self._pools.get(kind) or ()
        if len(pool) < count:
            raise FillerError(f"need {count} entries for {kind!r}, lexicon has {len(pool)}")
        chosen: dict[str, Entry] = {}
        while len(chosen) < count:
            entry = self._entry(kind, rng)
            chosen.setdefault(entry.term, entry)
        return [e.surface(rng) for e in chosen.values()]

    def _count(self, rng: random.Random) -> int:
        return rng.choices((2, 3, 4), weights=(55, 35, 10))[0]

    def _list(self, single: str, rng: random.Random) -> Fill:
        values = self._distinct(single, self._count(rng), rng)
        text, offsets = join_items(values, rng)
        category = self._category(single)
        return Fill(text, tuple(Item(s, e, category) for s, e in offsets))

    def _ros(self, rng: random.Random) -> Fill:
        count = self._count(rng)
        values = self._distinct("symptom", count, rng)
        kinds = ["symptom"] * count
        if self._pools["change"] and rng.random() < 0.25:
            slot = rng.randrange(1, count)
            values[slot] = self._entry("change", rng).surface(rng)
            kinds[slot] = "change"
        text, offsets = join_items(values, rng)
        items = tuple(
            Item(s, e, self._category(k), "ask_physical_change" if k == "change" else None)
            for (s, e), k in zip(offsets, kinds)
        )
        return Fill(text, items)

    def _located(self, rng: random.Random) -> Fill:
        symptom = self._entry("located", rng).surface(rng)
        part = self._entry("body_part", rng)
        prep = str(part.attrs.get("preposition", "in"))
        where = part.surface(rng)
        det = "the" if "your" in where.split() or rng.random() < 0.15 else "your"
        return Fill(f"{symptom} {prep} {det} {where}", (Item(0, len(symptom), "symptoms"),))

    def _function_ex(self, rng: random.Random) -> Fill:
        entry = self._entry("function", rng)
        name = entry.surface(rng)
        examples = list(self._data.functions.get(entry.term.lower(), ()))
        if len(examples) < 2:
            return Fill(name, (Item(0, len(name), "symptoms"),))
        chosen = rng.sample(examples, min(len(examples), rng.choice((2, 2, 3))))
        listed, offsets = join_items(chosen, rng)
        lead = f"{name}{rng.choice((', such as ', ' such as ', ', like ', ', for example '))}"
        items = [Item(0, len(name), "symptoms")] + [Item(len(lead) + s, len(lead) + e, "symptoms") for s, e in offsets]
        return Fill(lead + listed, tuple(items))

    def _group(self, kind: str, rng: random.Random) -> Fill:
        groups = self._data.groups.get(kind.removesuffix("_group"), ())
        if not groups:
            raise FillerError(f"categories.yaml has no groups for {kind!r}")
        group = rng.choice(groups)
        category = GROUP_KINDS[kind]
        if group.standalone and (len(group.examples) < 2 or rng.random() < 0.4):
            return Fill(group.phrase, (Item(0, len(group.phrase), category),))
        chosen = rng.sample(group.examples, min(len(group.examples), rng.choice((2, 2, 3))))
        listed, offsets = join_items(chosen, rng)
        if rng.random() < 0.15:
            lead, tail = f"{group.phrase} (for example, ", ")"
        else:
            lead, tail = group.phrase + rng.choice((" such as ", ", such as ", " like ", ", like ", ", including ")), ""
        items = tuple(Item(len(lead) + s, len(lead) + e, category) for s, e in offsets)
        return Fill(lead + listed + tail, items)
