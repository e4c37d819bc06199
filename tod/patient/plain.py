"""Chart words of a record value as a patient says them.

Records name findings in a clinician's words: a modifier before the noun that a patient
says another way or not at all ("scleral yellowing", "gross blood in the urine", "multiple
scratch marks"), a proper name in lower case ("raynaud's"), and symptom names that describe
how a complaint went rather than name it ("onset of pain while exercising", "rapid increase
in size of the lump", "first large patch"). :func:`plain_value` rewrites the modifiers
and proper names of any value, :func:`own_parts` says the body part a finding is in as
the speaker's; :func:`symptom_said` turns a descriptive symptom name into
the clause or the noun phrase a patient says.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Mapping

from tod.text import indefinite_article

#: Chart modifiers at the start of a value and how a patient says them: (words put before
#: the rest, words put after it). "" drops the modifier ("scleral yellowing" -> "yellowing").
_MODIFIERS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "scleral": ("", ""),
    "gross": ("", " that you can see"),
    "multiple": ("lots of ", ""),
    "numerous": ("lots of ", ""),
    "generalized": ("", " all over"),
    "generalised": ("", " all over"),
    "diffuse": ("", " all over"),
    "bilateral": ("", " on both sides"),
    "unilateral": ("", " on one side"),
    "intermittent": ("", " that comes and goes"),
    "comes and goes": ("", " that comes and goes"),
    "on both sides": ("", " on both sides"),
    "progressive": ("", " that's getting worse"),
    "unintentional": ("", " without trying"),
    "unintended": ("", " without trying"),
})
#: (The lay table's own words for a modifier, "comes and goes", are moved the same way.)
_MODIFIER = re.compile(rf"^({'|'.join(_MODIFIERS)})\s+(?=\S)", re.IGNORECASE)
#: The body part a finding is in, said as the speaker's own ("of the skin" -> "of my skin").
_OWN_PART = re.compile(r"\b(in|of|on) the (skin|eyes?|urine|stools?|mouth|tongue|face|chest|back|legs?|arms?|hands?|feet|"
                       r"foot|belly|tummy|abdomen)\b", re.IGNORECASE)
#: Proper names of conditions, written in lower case by some records ("raynaud's phenomenon").
_PROPER = re.compile(r"\b(raynaud|crohn|parkinson|alzheimer|hodgkin|addison|cushing|graves|bell|huntington|meniere|"
                     r"sjogren|sjögren|tourette|asperger|hashimoto|wilson|kawasaki|lyme)(?=(?:['’]s?)?\b(?:\s+"
                     r"(?:disease|syndrome|phenomenon|palsy|lymphoma)\b)|['’]s\b)")


def plain_value(text: str) -> str:
    """``text`` with a leading chart modifier said the patient's way (:data:`_MODIFIERS`:
    "multiple scratch marks" -> "lots of scratch marks", "gross blood in the urine" ->
    "blood in the urine that you can see") and a proper name capitalised ("raynaud's
    phenomenon" -> "Raynaud's phenomenon")."""
    match = _MODIFIER.match(text)
    if match:
        before, after = _MODIFIERS[match.group(1).lower()]
        text = f"{before}{text[match.end():]}{after}"
    return _PROPER.sub(lambda m: m.group(1).capitalize(), text)


def own_parts(text: str, owner: str = "my") -> str:
    """``text`` with the body part a finding is in as ``owner``'s: "blood in the urine" ->
    "blood in my urine", "yellowing of the skin" -> "yellowing of my skin"."""
    return _OWN_PART.sub(lambda m: f"{m.group(1)} {owner} {m.group(2)}", text)


#: "onset of pain while exercising": the complaint, and when it started.
_ONSET = re.compile(r"^(?:(sudden|gradual) )?onset of (?:the )?(.+?) (while|when|during|after|on) (.+)$", re.IGNORECASE)
#: "rapid increase in size of the lump": how fast the thing has grown.
_GROWTH = re.compile(r"^(?:(rapid|quick|fast|sudden|slow|gradual|steady) )?increase in (?:the )?size of (?:the )?(.+)$",
                     re.IGNORECASE)
_GROWTH_ADVERBS = MappingProxyType({"rapid": "quickly", "quick": "quickly", "fast": "quickly", "sudden": "suddenly",
                                    "slow": "slowly", "gradual": "gradually", "steady": "steadily"})
#: "first large patch": the complaint that came first.
_FIRST = re.compile(r"^first (?!(?:time|day|week|month|year)\b)(.+)$", re.IGNORECASE)
#: The noun for the lump a record calls a "mass".
_MASS = re.compile(r"\bmass\b", re.IGNORECASE)
_BE_PAST = MappingProxyType({"I": "I was"})


def symptom_said(name: str, subject: str = "I") -> str:
    """A symptom name that describes how a complaint went, as a patient says it: "onset of
    pain while exercising" -> "the pain started while I was exercising", "rapid increase in
    size of the mass" -> "the lump has grown quickly", "first large patch" -> "a large patch
    first"; any other name unchanged. ``subject`` is the speaker's word for the patient."""
    onset = _ONSET.match(name)
    if onset:
        how, what, when, rest = onset.groups()
        if rest.split()[0].lower().endswith("ing") and when.lower() in ("while", "when"):
            rest = f"{_BE_PAST.get(subject, f'{subject} was')} {rest}"
        started = f"{how.lower()}ly started" if how else "started"
        return f"the {what} {started} {when} {rest}"
    growth = _GROWTH.match(name)
    if growth:
        speed, what = growth.groups()
        adverb = f" {_GROWTH_ADVERBS[speed.lower()]}" if speed else ""
        return f"the {_MASS.sub('lump', what)} has grown{adverb}"
    first = _FIRST.match(name)
    if first:
        rest = first.group(1)
        article = "" if rest.endswith("s") else f"{indefinite_article(rest)} "
        return f"{article}{rest} first"
    return _MASS.sub("lump", name)


#: A blood-pressure reading with its unit ("122/78 mmHg").
_PRESSURE = re.compile(r"\b(\d{2,3})\s*/\s*(\d{2,3})\s*mm\s*hg\b", re.IGNORECASE)
#: A pulse or breathing rate with its unit ("72 bpm").
_RATE = re.compile(r"\b(\d{1,3})\s*(?:bpm|beats/min|/min)\b", re.IGNORECASE)


def spoken_reading(result: str) -> str:
    """A test result's numbers as a patient says them, without chart units: "122/78 mmHg" ->
    "122 over 78", "72 bpm" -> "72 a minute"; other results unchanged."""
    return _RATE.sub(r"\1 a minute", _PRESSURE.sub(r"\1 over \2", result))

