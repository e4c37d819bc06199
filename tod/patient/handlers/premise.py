"""A turn that places the patient's complaint on the wrong side of the body.

A doctor who asks about "your left hip" when the record holds the pain in the right hip builds
the question on a premise the record rules out. A patient corrects it in one sentence ("No,
it's my right hip, not the left.") before answering the rest; they never take the wrong side
for granted, deny a symptom there as if it were new, or doubt it.

The rule: a side phrase of the turn ("left" or "right" and the words that follow it, up to a
function word) names a body part that a present symptom's position holds only on the other
side: they share a word naming the part (not a bare word of direction such as "side" or
"upper"), and no present symptom's position holds that part on the side asked or on both sides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterator

from tod.patient.acts import Fill, Statement
from tod.records.model import CaseFacts, Status

#: A side word and the up to three words after it (:func:`_side_phrases` cuts it at a function word).
_SIDE_PHRASE = re.compile(r"\b(left|right)(?:[\s-]+([a-z]+))?(?:\s+([a-z]+))?(?:\s+([a-z]+))?", re.IGNORECASE)
#: Words that end a side phrase ("left hip when you walk" -> "left hip").
_STOP_WORDS = frozenset("""a an the and or of with when while if that which who is are was were be been has have had
    do does did to for from at in on by as since but so than then now you your my me i it its this there here any
    feel feels felt hurt hurts hurting ache aches aching pain""".split())
#: Words of a side phrase that name a direction or an extent, not a body part.
_DIRECTION_WORDS = frozenset("side sided sides hand upper lower middle top bottom front back inner outer part area region".split())
#: Words that put a body part on both sides ("both hips", "bilateral knee pain").
_BOTH_SIDES = re.compile(r"\b(?:both|bilateral(?:ly)?|either)\b", re.IGNORECASE)


@dataclass(frozen=True)
class SidePhrase:
    """A side word and the words after it that name the body part: ``side`` ("left"),
    ``phrase`` as written ("left hip"), ``parts`` (the part words, singular: {"hip"})."""

    side: str
    phrase: str
    parts: frozenset[str]


def _singular(word: str) -> str:
    """``word`` without a plural "s" ("hips" -> "hip"; "knees" -> "knee"; never "hips" -> "hi")."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _side_phrases(text: str) -> Iterator[SidePhrase]:
    """The side phrases of ``text``, each cut at its first function word."""
    for match in _SIDE_PHRASE.finditer(text):
        words = []
        for word in filter(None, match.groups()[1:]):
            if word.lower() in _STOP_WORDS:
                break
            words.append(word)
        parts = frozenset(_singular(w.lower()) for w in words) - _DIRECTION_WORDS
        if parts:
            yield SidePhrase(match.group(1).lower(), " ".join([match.group(1), *words]), parts)


def _placed_texts(case: CaseFacts) -> Iterator[tuple[str, str]]:
    """The positions of the present symptoms, with their paths."""
    for index, symptom in enumerate(case.symptoms):
        if symptom.status is Status.present and symptom.position:
            yield f"symptoms[{index}].position", symptom.position


def wrong_side(text: str, case: CaseFacts, phrase: Callable[[str], Fill]) -> Statement | None:
    """The correction of a turn ``text`` that names a body part on the side the record does not
    hold it (see the module docstring): "No, it's my right hip, not the left." (variant
    ``wrong_side``; fills ``value``, the symptom's position as spoken (``phrase`` of its path),
    and ``asked``, the side the doctor named). ``None`` when no side phrase of the turn
    is wrong."""
    recorded = [(path, phrase) for path, placed in _placed_texts(case) for phrase in _side_phrases(placed)]
    both = {part for path, placed in _placed_texts(case) if _BOTH_SIDES.search(placed)
            for part in map(_singular, re.findall(r"[a-z]+", placed.lower()))}
    for asked in _side_phrases(text):
        if asked.parts & both or any(r.side == asked.side and r.parts & asked.parts for _, r in recorded):
            continue
        for path, held in recorded:
            if held.side != asked.side and held.parts & asked.parts:
                return Statement("common", "wrong_side", "present",
                                 {"value": phrase(path), "asked": Fill(asked.side, items=(asked.side,))}, paths=(path,))
    return None
