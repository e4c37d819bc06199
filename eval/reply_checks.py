"""Automatic checks of one patient reply: how it reads (patterns) and what it denies.

Pattern checks (:func:`pattern_violations`) look at the reply text only:

* ``label_dump``: record text read out behind a label ("About smoking: ...", "As for how bad
  the fever is: ...", "I remember that one: ...", any "name: value"); a patient does not
  speak in colons;
* ``pronoun_leftover``: third-person words of the record in the patient's own voice ("better
  with holding his side still", "the patient");
* ``note_form``: a clause in note form, without a subject ("Well, shares kitchen ...",
  "denies chest pain");
* ``doubled_word``: the same word twice in a row ("or or");
* ``repeated_sentence``: one sentence (three words or more) said twice;
* ``stacked_hedges``: two or more "not sure" sentences that name no topic (a topic is the
  question sentence right before, "The rash spreading? I'm not sure.", or a word of the
  sentence beyond the hedge's filler words, "I'm not sure how long the cough has lasted");
* ``echoed_non_item``: a denial that repeats the doctor's words where they are not an item
  ("No, I'm not on rn"): the echo holds a chat word, a question word, a function word at an
  edge, a doubled word, or an item of more than five words.

:func:`false_denial` says whether a denial contradicts the record: the denied item (or, for
a blanket denial, the field itself) matches a present record fact of the asked family by
the matcher's lexical steps, by a category of ``templates/synonyms.yaml`` (drug allergy ->
codeine) or by a shared content word; a recorded value that only says the field holds
nothing ("no past medical history available", :func:`says_nothing`) is no fact to contradict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from tod.patient.matching import content_words, normalise

_SYNONYMS = Path(__file__).resolve().parents[1] / "templates" / "synonyms.yaml"

_SENTENCE = re.compile(r"[^.?!]+[.?!]*")
_LABEL_DUMP = re.compile(
    r"(?:\b(?:About|As for|Regarding)\b[^.?!:]{0,60}:\s)|I remember that one|I have that result|"
    r"I'd put it this way about|\w: \S",
    re.IGNORECASE,
)
_PATIENT_PRONOUNS = re.compile(r"\b(?:he|she|his|her|hers|him|himself|herself|the patient|patient's)\b", re.IGNORECASE)
_CAREGIVER_LEFTOVERS = re.compile(r"\b(?:the patient|patient's)\b", re.IGNORECASE)
_NOTE_FORM = re.compile(
    r"(?:^|[.?!,]\s+)(?:denies|reports|complains of|shares|lives|works|drinks|smokes|takes|uses|quit|endorses|"
    r"presents with|states)\b",
    re.IGNORECASE,
)
_DOUBLED = re.compile(r"\b([A-Za-z]+)\s+\1\b", re.IGNORECASE)
_HEDGE = re.compile(r"\b(?:I'm not sure|I am not sure|I couldn't say|I can't say|I don't know|I don't really know)\b", re.IGNORECASE)
_CHAT_WORDS = frozenset("u ur rn pls plz thx btw lol ya yo".split())
_QUESTION_WORDS = frozenset("what which how when where who why whether".split())
_EDGE_WORDS = frozenset(
    "a an the any some or and of to for with in on at you your my are is do does did have has had been "
    "currently ever".split()
)

#: Articles may open an item ("the room spinning"), not close one.
_ARTICLES = frozenset({"a", "an", "the"})

PATTERNS: tuple[str, ...] = (
    "label_dump", "pronoun_leftover", "note_form", "doubled_word", "repeated_sentence", "stacked_hedges",
    "echoed_non_item",
)


@dataclass(frozen=True)
class Violation:
    """One failed pattern check: its name and the words that failed it."""

    pattern: str
    evidence: str


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (split after ., ? and !), stripped, empty ones dropped."""
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def _repeated(text: str) -> list[str]:
    seen: set[str] = set()
    repeated = []
    for sentence in sentences(text):
        key = normalise(sentence)
        if len(key.split()) >= 3:
            if key in seen:
                repeated.append(sentence)
            seen.add(key)
    return repeated


def _stacked_hedges(text: str) -> list[str]:
    """The hedge sentences with no topic (no question sentence right before), when >= 2."""
    found = []
    previous = ""
    for sentence in sentences(text):
        if _HEDGE.search(sentence) and not previous.endswith("?") and not _names_topic(sentence):
            found.append(sentence)
        previous = sentence
    return found if len(found) >= 2 else []


#: The words of a "not sure" that name no topic ("Hmm, I'm not sure, I haven't really paid attention to that").
_HEDGE_FILLER = frozenset(
    """hmm umm um well i i'm im m not sure couldn't say can't cannot don't do know really paid attention to that
    noticed honest honestly be haven't have much anything like think of remember what tell you about it's it hard
    the to a so but nothing comes mind i'd rather get into matter matters any this one""".split()
)


def _names_topic(sentence: str) -> bool:
    """Whether a hedge sentence names what it is unsure about (a word beyond the filler)."""
    words = re.findall(r"[a-z']+", sentence.lower())
    return any(w not in _HEDGE_FILLER and w.replace("'", "") not in _HEDGE_FILLER for w in words)


def bad_echo(echo: str) -> str | None:
    """Why the doctor's words ``echo`` (items joined by ", " and " or ") cannot stand as
    denied items, or ``None`` if they can."""
    for item in re.split(r", | or | and ", echo):
        why = _bad_item(item)
        if why:
            return why
    return None


def _bad_item(echo: str) -> str | None:
    # a capital letter standing alone is part of a name ("hepatitis A"), not an article
    words = [w.lower() for w in re.findall(r"[A-Za-z']+", echo) if not (len(w) == 1 and w.isupper())]
    if not words:
        return "no words"
    if set(words) & _CHAT_WORDS:
        return "chat word"
    if set(words) & _QUESTION_WORDS:
        return "question word"
    if (words[0] in _EDGE_WORDS and words[0] not in _ARTICLES) or words[-1] in _EDGE_WORDS:
        return "function word at an edge"
    if _DOUBLED.search(echo):
        return "doubled word"
    if len(words) > 5:
        return "more than five words"
    return None


def pattern_violations(text: str, *, caregiver: bool = False, echoes: Iterable[str] = ()) -> list[Violation]:
    """The pattern checks ``text`` fails (see the module docstring).

    Args:
        text: the reply.
        caregiver: the reply is spoken by a parent (third-person words are the voice there).
        echoes: the doctor's words the reply repeats in denials (the ``{asked}`` fills).
    """
    found: list[Violation] = []
    for match in _LABEL_DUMP.finditer(text):
        found.append(Violation("label_dump", match.group(0)))
    pronouns = _CAREGIVER_LEFTOVERS if caregiver else _PATIENT_PRONOUNS
    found += [Violation("pronoun_leftover", m.group(0)) for m in pronouns.finditer(text)]
    found += [Violation("note_form", m.group(0).strip(" .,?!")) for m in _NOTE_FORM.finditer(text)]
    found += [Violation("doubled_word", m.group(0)) for m in _DOUBLED.finditer(text)]
    found += [Violation("repeated_sentence", s) for s in _repeated(text)]
    stacked = _stacked_hedges(text)
    if stacked:
        found.append(Violation("stacked_hedges", " | ".join(stacked)))
    for echo in echoes:
        why = bad_echo(echo)
        if why:
            found.append(Violation("echoed_non_item", f"{echo!r} ({why})"))
    return found


class Categories:
    """The categories of ``templates/synonyms.yaml`` as the checks read them, apart from the
    patient's own matcher (so a check does not share the code it checks): an item names a
    category when it holds one of its names as whole words; a fact is a member when it holds
    one of its members."""

    def __init__(self, path: Path = _SYNONYMS) -> None:
        import yaml

        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        self.entries = [
            (sorted((normalise(n) for n in e["names"]), key=len, reverse=True), [normalise(m) for m in e["members"]])
            for e in data["categories"].values()
        ]

    @staticmethod
    def _holds(text: str, phrase: str) -> bool:
        return f" {phrase} " in f" {text} "

    def covers(self, item: str, fact: str) -> bool:
        """Whether ``fact`` is a member of the most specific category ``item`` names."""
        item_norm, fact_norm = normalise(item), normalise(fact)
        named = [(max(len(n) for n in names if self._holds(item_norm, n)), members)
                 for names, members in self.entries if any(self._holds(item_norm, n) for n in names)]
        if not named:
            return False
        members = max(named, key=lambda pair: pair[0])[1]
        return any(self._holds(fact_norm, m) for m in members)


def related(item: str, fact: str, categories: Categories) -> bool:
    """Whether the doctor's ``item`` names record text ``fact``: all of its content words in
    the fact ("rash" in "itchy rash", not "weight loss" in "weight gain"), or a category
    ``item`` names with ``fact`` among its members (drug allergy -> codeine)."""
    item_words, fact_words = content_words(item), content_words(fact)
    return bool(item_words) and item_words <= fact_words or categories.covers(item, fact)


_SAYS_NOTHING = re.compile(r"^(?:no|none|nil|nothing)\b.*\b(?:history|known|significant|relevant|available|reported)\b",
                           re.IGNORECASE)


def says_nothing(fact: str) -> bool:
    """Whether a recorded value only says its field holds nothing ("no past medical history
    available"): no fact a denial can contradict."""
    return _SAYS_NOTHING.match(fact.strip()) is not None


def false_denial(denied_items: Sequence[str], present_facts: Sequence[str], categories: Categories,
                 *, blanket: bool) -> str | None:
    """The present record fact a denial contradicts, or ``None``.

    Args:
        denied_items: the doctor's items the reply denies (empty for a blanket denial).
        present_facts: texts of the present record facts of the asked family.
        categories: the categories of ``templates/synonyms.yaml``.
        blanket: the reply denies the whole family ("No, nothing like that").
    """
    present_facts = [f for f in present_facts if not says_nothing(f)]
    if blanket and present_facts:
        return present_facts[0]
    for item in denied_items:
        for fact in present_facts:
            if related(item, fact, categories):
                return fact
    return None
