"""Diagnosis accuracy: top-1 / top-3 match with synonyms, and multiple-choice accuracy.

The doctor's ranked diagnoses are parsed from its diagnosis answer (falling back to the
last ``Final Diagnosis:`` line of the interview) by :func:`parse_candidates`.

A candidate matches the reference (:func:`matches`) when, after :func:`normalise`:

1. it equals an alias (the reference diagnosis or one of its synonyms); or
2. it contains an alias as whole words ("acute appendicitis" contains "appendicitis") and
   contains none of the record's alternative diagnoses; or
3. its cosine similarity to the nearest alias (local sentence encoder) is at least the
   threshold and higher than its similarity to every alternative diagnosis.

Keys per item: ``top1`` and ``top3`` (1.0 / 0.0), ``mcq_correct`` (1.0 / 0.0, ``None`` when
the record has no options), ``predicted`` (the parsed top-3) and ``mcq_choice`` (the index
of the chosen option). The chosen option is one the top-1 candidate equals or contains,
else the option most similar to it; with no candidate nothing is chosen (wrong).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Sequence

from tod.evaluation.metrics.base import EvalItem, MetricContext, register
from tod.evaluation.transcript import Transcript

_FINAL = re.compile(r"final\s+diagnosis\s*[:\-]?", re.IGNORECASE)
_LIST_ITEM = re.compile(r"^\s*(?:\d+\s*[.):]|[-*\u2022])\s*(.+)$")
_CUE = re.compile(
    r"\b(?:diagnosis is|diagnoses are|you have|you may have|you might have|suffering from|"
    r"consistent with|suggestive of|indicative of|i think (?:it is|this is|it's)|likely to be|"
    r"most likely|probably)\b\s*",
    re.IGNORECASE,
)
_SPLIT = re.compile(r"\s*(?:;|,|\bor\b|\bvs\.?\b|\bversus\b)\s*", re.IGNORECASE)
_EXPLANATION = re.compile(r"\s(?:-|\u2013|\u2014)\s|:\s|\.\s|\.$|\(")
_HEDGES = ("most likely", "likely", "probable", "probably", "possible", "possibly", "suspected", "a", "an", "the")


def normalise(text: str) -> str:
    """Lower-case ASCII words: apostrophes, accents and punctuation dropped ("Crohn's" ->
    "crohns"), a leading hedge or article ("likely", "the", ...) removed, whitespace collapsed."""
    text = re.sub(r"['\u2019`]", "", text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())
    changed = True
    while changed:
        changed = False
        for hedge in _HEDGES:
            if text.startswith(hedge + " "):
                text = text[len(hedge) + 1 :]
                changed = True
    return text


def _clean(candidate: str) -> str:
    candidate = _EXPLANATION.split(candidate, maxsplit=1)[0]
    return candidate.strip(" .*_#'\"`")


def parse_candidates(answer: str, limit: int = 3) -> list[str]:
    """The doctor's ranked diagnoses in ``answer`` (at most ``limit``, duplicates dropped).

    Markdown emphasis is removed and text after the last ``Final Diagnosis:`` is used when
    present. A numbered or bulleted list gives one candidate per item; otherwise the first
    line is used, cut after its last cue ("you have", "most likely", ...), and split at ``,``, ``;``,
    "or", "vs". Each candidate is cut before an explanation (" - ", ": ", "(", a full stop).
    """
    text = re.sub(r"[*_#`]+", "", answer)
    finals = list(_FINAL.finditer(text))
    if finals:
        text = text[finals[-1].end() :]
    lines = [line for line in text.splitlines() if line.strip()]
    items = [m.group(1) for m in map(_LIST_ITEM.match, lines) if m]
    if not items and lines:
        first = lines[0]
        cues = list(_CUE.finditer(first))
        if cues:
            first = re.sub(r"^(?:have|has|is|are|be)\s+", "", first[cues[-1].end() :], flags=re.IGNORECASE)
        items = _SPLIT.split(_clean(first))
    out: list[str] = []
    for item in items:
        candidate = _clean(item)
        if normalise(candidate) and normalise(candidate) not in map(normalise, out):
            out.append(candidate)
    return out[:limit]


def _contains(text: str, phrase: str) -> bool:
    return bool(phrase) and f" {phrase} " in f" {text} "


def matches(candidate: str, aliases: Sequence[str], alternatives: Sequence[str], context: MetricContext) -> bool:
    """Whether ``candidate`` names the reference diagnosis (rules in the module docstring)."""
    norm = normalise(candidate)
    norm_aliases = [normalise(a) for a in aliases]
    norm_alternatives = [normalise(a) for a in alternatives]
    if not norm:
        return False
    if norm in norm_aliases:
        return True
    if any(_contains(norm, a) for a in norm_aliases) and not any(_contains(norm, a) for a in norm_alternatives):
        return True
    similarities = context.encoder.similarity([norm], norm_aliases + norm_alternatives)[0]
    best_alias = float(similarities[: len(norm_aliases)].max())
    best_alternative = float(similarities[len(norm_aliases) :].max()) if norm_alternatives else -1.0
    return best_alias >= context.match_threshold and best_alias > best_alternative


def choose_option(candidate: str | None, options: Sequence[str], context: MetricContext) -> int | None:
    """The index of the option the doctor's top diagnosis picks (see the module docstring)."""
    if not candidate or not normalise(candidate):
        return None
    norm = normalise(candidate)
    norm_options = [normalise(o) for o in options]
    for index, option in enumerate(norm_options):
        if norm == option:
            return index
    contained = [i for i, option in enumerate(norm_options) if _contains(norm, option)]
    if contained:
        return max(contained, key=lambda i: len(norm_options[i]))
    return int(context.encoder.similarity([norm], norm_options)[0].argmax())


def diagnosis_answer(transcript: Transcript) -> str:
    """The doctor's diagnosis answer, or the last interview turn with a final diagnosis."""
    answer = transcript.summary_answers.get("diagnosis", "")
    if answer.strip():
        return answer
    for turn in reversed(transcript.turns):
        if _FINAL.search(turn.doctor):
            return turn.doctor
    return ""


@register("diagnosis")
def diagnosis(items: Sequence[EvalItem], context: MetricContext) -> list[dict[str, Any]]:
    """Top-1 / top-3 accuracy with synonyms and multiple-choice accuracy per item."""
    results = []
    for item in items:
        reference = item.record.reference
        aliases = [reference.diagnosis, *reference.synonyms]
        predicted = parse_candidates(diagnosis_answer(item.transcript))
        hits = [matches(c, aliases, reference.alternatives, context) for c in predicted]
        result: dict[str, Any] = {
            "predicted": predicted,
            "top1": float(bool(hits) and hits[0]),
            "top3": float(any(hits)),
            "mcq_correct": None,
            "mcq_choice": None,
        }
        if reference.options is not None:
            choice = choose_option(predicted[0] if predicted else None, reference.options, context)
            result["mcq_choice"] = choice
            result["mcq_correct"] = float(choice == reference.answer_index)
        results.append(result)
    return results
