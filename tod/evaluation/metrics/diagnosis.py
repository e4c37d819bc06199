"""Diagnosis accuracy: top-1 / top-3 match with synonyms, and multiple-choice accuracy.

The doctor's ranked diagnoses are parsed from its diagnosis answer (falling back to the
last ``Final Diagnosis:`` line of the interview) by :func:`parse_answer`. A diagnosis may
have several names: the words as written, with any parenthesised text removed, then the
names given in parentheses ("Fifth disease (erythema infectiosum)", "Gastroesophageal
reflux disease (GERD)"). Aliases and alternatives are split into names the same way.

A candidate matches the reference (:func:`match_rule`) when one of its names, after
:func:`normalise`, and one name of an alias (the reference diagnosis or a synonym):

1. ``exact``: are equal, also with the spaces removed ("post traumatic" = "posttraumatic");
2. ``equivalent``: have the same :func:`canonical` form (word order, plurals, "the",
   "of", roman numerals, British spellings, a trailing "disease" / "disorder" /
   "infection", and course or severity qualifiers such as "acute" or "primary" do not
   count, as long as one side's qualifiers include the other's: "acute gout" is "gout",
   "acute myeloid leukemia" is not "chronic myeloid leukemia"), and no alternative
   diagnosis is equivalent too;
3. ``contains``: the candidate contains the alias as whole words, plurals aside ("acute
   appendicitis" contains "appendicitis"; "non hodgkin lymphoma" does not contain "hodgkin
   lymphoma") and contains no alternative diagnosis; or
4. ``embedding``: its cosine similarity to the nearest alias (local sentence encoder) is at
   least the threshold and higher than its similarity to every alternative diagnosis.

Rules 3 and 4 never accept a name that contradicts an alias: one negates what the other
states ("non hodgkin lymphoma" / "hodgkin lymphoma", "migraine without aura" / "migraine
with aura"), or the same diagnosis with qualifiers that exclude each other ("acute" /
"chronic myeloid leukemia"). A more general diagnosis than the reference ("leukemia" for
"acute lymphoblastic leukemia") does not match unless only qualifiers differ.

Top-1 needs one committed diagnosis: an answer that offers its first diagnosis as one of
alternatives on one line ("migraine or tension headache", "A vs B") is *hedged* and scores
0 for top-1; its diagnoses still count for top-3. A numbered or bulleted list is ranked:
its first item is the top-1.

Keys per item: ``top1`` and ``top3`` (1.0 / 0.0), ``mcq_correct`` (1.0 / 0.0, ``None`` when
the record has no options), ``predicted`` (the parsed top-3), ``hedged`` and ``mcq_choice``
(the index of the chosen option). The chosen option is one the top-1 candidate equals or
contains, else the option most similar to it; with no candidate nothing is chosen (wrong).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Sequence

from tod.evaluation.metrics.base import EvalItem, MetricContext, register
from tod.evaluation.transcript import Transcript

_FINAL = re.compile(r"final\s+diagnos[ie]s(?:\s+(?:is|would be))?\s*[:\-]?", re.IGNORECASE)
#: A line that starts with a diagnosis label ("Diagnosis:", "Most likely diagnosis:").
_LABEL = re.compile(r"^[ \t]*(?:[a-z]+[ \t]+){0,2}diagnos[ie]s[ \t]*:", re.IGNORECASE | re.MULTILINE)
_LIST_ITEM = re.compile(r"^\s*(?:\d+\s*[.):]|[-*\u2022])\s*(.*[^\W\d_].*)$")
#: Words after which a phrase states the diagnosis; a cue followed by words that do not
#: start a diagnosis ("this diagnosis is supported by ...") is not one.
_CUE = re.compile(
    r"\b(?:diagnos[ie]s(?:(?!\bwhich\b|\bthat\b)[^.:;]){0,80}?\b(?:is|are|would be)\b|diagnos[ie]s\s+of\b|"
    r"most likely(?:(?!\bwhich\b|\bthat\b)[^.:;,]){0,60}?\b(?:is|are)\b|diagnos[ie]s\s*:|you have|you may have|"
    r"you might have|suffering from|consistent with|suggestive of|indicative of|i think (?:it is|this is|it's)|"
    r"likely to be|most likely|probably)\b"
    r"(?!\s*(?:supported|based|made|confirmed|consistent|suggested|not|further|this|these|that|those|such)\b)[\s:]*",
    re.IGNORECASE,
)
#: "X is most likely", "X is the likely diagnosis" at the end of a sentence.
_TRAILING_HEDGE = re.compile(r"\s+(?:is|are|seems)\s+(?:the\s+)?(?:most\s+)?(?:likely|probable)(?:\s+diagnosis)?\s*$",
                             re.IGNORECASE)
#: "IBD, specifically Crohn's disease": the more specific diagnosis is the one stated.
_SPECIFIER = re.compile(r",?\s*\b(?:more specifically|specifically|namely|particularly|such as|i\.e\.)\s*,?\s*",
                        re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_SEPARATOR = re.compile(r"\s*[;,]\s*(?:(?:or|and)\s+)?|\s+(?:or|vs\.?|versus)\s+", re.IGNORECASE)
_HEDGE_SEPARATOR = re.compile(r"\s(?:or|vs\.?|versus)\s", re.IGNORECASE)
_EXPLANATION = re.compile(
    r"\s(?:-|\u2013|\u2014)\s|:\s|(?<!\bvs)\.(?:\s|$)|\s(?:based on|as evidenced by|because|given)\s|"
    r"\s(?:is|are|can|cannot|may|might|could|should|would|will)\s|,?\s(?:which|that)\s",
    re.IGNORECASE,
)
_PARENTHESES = re.compile(r"\s+\(([^()]*)\)")
_UNCLOSED = re.compile(r"\s+\([^)]*$")
_NAME_LEAD = re.compile(r"^(?:also known as|aka|a\.k\.a\.|i\.e\.,?)\s+", re.IGNORECASE)
#: Parenthesised text that starts with one of these words is an explanation, not a name.
_NOT_A_NAME = frozenset(
    "based due secondary if with without likely possible possibly probably in e g eg see or and which that most more "
    "less not from for as caused".split()
)
_HEDGES = ("most likely", "likely", "probable", "probably", "possible", "possibly", "suspected", "a", "an", "the")
#: Words that qualify a diagnosis without making it another one: course, severity, side,
#: extent, age group, certainty ("vulgaris": the common form).
QUALIFIERS = frozenset(
    "acute subacute chronic recurrent mild moderate severe primary simple uncomplicated isolated typical classic "
    "classical vulgaris physiologic physiological benign left right bilateral unilateral localized localised "
    "generalized generalised infantile neonatal adult senile possible probable suspected likely".split()
)
_GENERIC_HEADS = frozenset({"disease", "disorder", "infection"})
#: Words that negate what follows ("non hodgkin lymphoma"); "without" counts as "with" + a negation.
NEGATIONS = frozenset({"non", "no", "not", "without", "absent", "absence", "negative"})
_FILLERS = frozenset({"the", "of"})  # not "a": "hepatitis a"
_ROMAN = {"i": "1", "ii": "2", "iii": "3", "iv": "4"}


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


def _stem(word: str) -> str:
    """A word without its plural ending, with roman numerals as digits and British spellings
    as American ones ("fractures" -> "fracture", "ii" -> "2", "oedema" -> "edema"). Only the
    plural: a full stemmer would merge "esophagitis" with "esophageal"."""
    word = _ROMAN.get(word, word)
    if len(word) > 4:
        word = word.replace("ae", "e").replace("oe", "e")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith("es") and word[:-2].endswith(("ss", "x", "ch", "sh")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "is", "us")):
        return word[:-1]
    return word


def stemmed(norm: str) -> str:
    """The words of a normalised text without plural endings, in order ("kidney stones" -> "kidney stone")."""
    return " ".join(_stem(word) for word in norm.split())


def canonical(norm: str) -> tuple[str, frozenset[str]]:
    """What a normalised diagnosis name means for matching, and its qualifiers: its words
    (see :func:`_stem`) less "the", "of" and :data:`QUALIFIERS`, without a trailing generic head
    ("disease", "disorder", "infection"), sorted ("carcinoma of the thyroid, papillary" =
    "papillary thyroid carcinoma"); the qualifiers it had ({"acute"})."""
    words = norm.split()
    qualifiers = frozenset(w for w in words if w in QUALIFIERS)
    if len(words) > 1 and words[-1] in _GENERIC_HEADS and words[-2] not in _FILLERS | QUALIFIERS:
        words = words[:-1]  # "Parkinson disease", not "anemia of chronic disease"
    return " ".join(sorted(_stem(w) for w in words if w not in _FILLERS and w not in QUALIFIERS)), qualifiers


def _equivalent(left: str, right: str) -> bool:
    """Same :func:`canonical` form, and the qualifiers of one side include the other's
    ("acute gout" = "gout", but "acute myeloid leukemia" is not "chronic myeloid leukemia")."""
    (form, qualifiers), (other, other_qualifiers) = canonical(left), canonical(right)
    return form == other and (qualifiers <= other_qualifiers or other_qualifiers <= qualifiers)


def names(text: str) -> tuple[str, ...]:
    """The names of one diagnosis: the text with parenthesised parts removed, then each
    parenthesised part of at most five words that is a name rather than an explanation
    ("also known as" and "i.e." dropped). A parenthesis not preceded by a space is part of
    the name ("t(8;21)"); an unclosed one is dropped with what follows."""
    main = " ".join(_UNCLOSED.sub("", _PARENTHESES.sub(" ", text)).split())
    out = [main] if normalise(main) else []
    for inner in _PARENTHESES.findall(text):
        inner = _NAME_LEAD.sub("", inner.strip()).strip(" .,;")
        words = normalise(inner).split()
        if words and len(words) <= 5 and words[0] not in _NOT_A_NAME:
            out.append(inner)
    return tuple(dict.fromkeys(out))


def _split_outside_parentheses(text: str, pattern: re.Pattern[str]) -> tuple[list[str], list[str]]:
    """``text`` split at the matches of ``pattern`` that are not inside parentheses: the
    parts and the separators."""
    parts, separators, start = [], [], 0
    for match in pattern.finditer(text):
        before = text[: match.start()]
        if before.count("(") <= before.count(")") and match.end() > start:
            parts.append(text[start : match.start()])
            separators.append(match.group())
            start = match.end()
    return [*parts, text[start:]], separators


def _cut_explanation(candidate: str) -> str:
    """``candidate`` up to its first explanation outside parentheses (see :data:`_EXPLANATION`)."""
    return _split_outside_parentheses(candidate, _EXPLANATION)[0][0].strip(" .*_#'\"`:")


@dataclass(frozen=True)
class ParsedAnswer:
    """The doctor's diagnoses, ranked, each as its :func:`names`; ``hedged`` when the first is
    offered as one of alternatives on one line ("A or B"), so that no top-1 is committed."""

    diagnoses: tuple[tuple[str, ...], ...]
    hedged: bool = False

    @property
    def candidates(self) -> list[str]:
        """The first name of each diagnosis."""
        return [d[0] for d in self.diagnoses]

    @property
    def top1(self) -> tuple[str, ...] | None:
        """The names of the committed top-1 diagnosis (``None``: none, or hedged)."""
        return self.diagnoses[0] if self.diagnoses and not self.hedged else None


def _statement(line: str) -> str:
    """The part of one answer line that states diagnoses: after the last cue of the first
    sentence with a cue (see :data:`_CUE`), else the first sentence; ``""`` for a line that
    only introduces what follows ("The most likely diagnosis is:")."""
    sentences = [_TRAILING_HEDGE.sub("", s.strip(" .")) for s in _SENTENCE.split(line.strip())]
    for sentence in sentences:
        cues = list(_CUE.finditer(sentence))
        if cues:
            stated = sentence[cues[-1].end() :]
            return re.sub(r"^(?:have|has|is|are|be)\s+", "", stated, flags=re.IGNORECASE).strip()
    return "" if line.rstrip().endswith(":") else sentences[0]


def parse_answer(answer: str, limit: int = 3) -> ParsedAnswer:
    """The doctor's ranked diagnoses in ``answer`` (at most ``limit``, duplicates dropped).

    Markdown emphasis is removed; text after the last ``Final Diagnosis`` (else after the
    first line starting with a "Diagnosis:" label) is used when present. Lines that only
    introduce what follows are skipped. From the first list item on, a numbered or bulleted
    list gives one diagnosis per item; a line of prose gives what follows its last cue ("you
    have", "the most likely diagnosis is", ...), or its first sentence, preferring the
    specific diagnosis ("IBD, specifically Crohn's disease"), split at ``,``, ``;``, "or",
    "vs". Each diagnosis is cut before an explanation (" - ", ": ", a full stop, "based on",
    ", which", ...) and split into its :func:`names`.
    """
    text = re.sub(r"[*_#`]+", "", answer)
    finals = list(_FINAL.finditer(text))
    label = _LABEL.search(text)
    if finals:
        text = text[finals[-1].end() :]
    elif label:
        text = text[label.end() :]
    text = re.sub(r"^[\s:\-\u2013\u2014.]+", "", text)
    lines = [line for line in text.splitlines() if re.search(r"[^\W\d_]", line)]
    items: list[str] = []
    hedged = False
    for index, line in enumerate(lines):
        if _LIST_ITEM.match(line):
            items = [m.group(1) for m in map(_LIST_ITEM.match, lines[index:]) if m]
            break
        stated = _statement(line)
        if stated:
            specific = _split_outside_parentheses(stated, _SPECIFIER)[0]
            if len(specific) > 1 and normalise(specific[-1]):
                stated = specific[-1]
            items, separators = _split_outside_parentheses(_cut_explanation(stated), _SEPARATOR)
            hedged = len(items) > 1 and any(_HEDGE_SEPARATOR.search(f" {sep} ") for sep in separators)
            break
    out: list[tuple[str, ...]] = []
    for item in items:
        found = names(_cut_explanation(item))
        if found and normalise(found[0]) not in {normalise(d[0]) for d in out}:
            out.append(found)
    return ParsedAnswer(tuple(out[:limit]), hedged)


def parse_candidates(answer: str, limit: int = 3) -> list[str]:
    """The first name of each of the doctor's ranked diagnoses (see :func:`parse_answer`)."""
    return parse_answer(answer, limit).candidates


def _contains(text: str, phrase: str) -> bool:
    """Whether ``text`` holds ``phrase`` as whole words, not right after a negation ("non
    hodgkin lymphoma" does not contain "hodgkin lymphoma")."""
    if not phrase:
        return False
    padded, target = f" {text} ", f" {phrase} "
    start = padded.find(target)
    while start >= 0:
        before = padded[: start + 1].split()
        if not before or before[-1] not in NEGATIONS:
            return True
        start = padded.find(target, start + 1)
    return False


def _contradicts(left: str, right: str) -> bool:
    """Whether two normalised names say opposite things about the same diagnosis: one negates
    what the other states ("non hodgkin lymphoma", "migraine without aura"), or their
    qualifiers exclude each other ("acute" / "chronic myeloid leukemia")."""

    def polarity(norm: str) -> tuple[tuple[str, frozenset[str]], bool]:
        words = [part for w in norm.split() for part in (("with", "non") if w == "without" else (w,))]
        return canonical(" ".join(w for w in words if w not in NEGATIONS)), any(w in NEGATIONS for w in words)

    ((form, qualifiers), negated), ((other, other_qualifiers), other_negated) = polarity(left), polarity(right)
    if form != other:
        return False
    return negated != other_negated or not (qualifiers <= other_qualifiers or other_qualifiers <= qualifiers)


def _all_names(texts: Sequence[str]) -> list[str]:
    return [normalise(n) for text in texts for n in names(text) if normalise(n)]


def match_rule(candidate: str | Sequence[str], aliases: Sequence[str], alternatives: Sequence[str],
               context: MetricContext) -> str | None:
    """Which rule of the module docstring makes ``candidate`` (a text, or the names of one
    diagnosis) name the reference diagnosis: ``"exact"``, ``"equivalent"``, ``"contains"``
    or ``"embedding"``; ``None`` when none does."""
    texts = [candidate] if isinstance(candidate, str) else list(candidate)
    own = list(dict.fromkeys(_all_names(texts)))
    alias_names = list(dict.fromkeys(_all_names(aliases)))
    alternative_names = list(dict.fromkeys(_all_names(alternatives)))
    if not own or not alias_names:
        return None
    compact = {a.replace(" ", "") for a in alias_names}
    if any(n in alias_names or n.replace(" ", "") in compact for n in own):
        return "exact"
    if any(_equivalent(n, a) for n in own for a in alias_names) and not any(
        _equivalent(n, a) for n in own for a in alternative_names
    ):
        return "equivalent"
    if any(_contradicts(n, a) for n in own for a in alias_names):
        return None
    stems = [stemmed(n) for n in own]
    if any(_contains(s, stemmed(a)) for s in stems for a in alias_names) and not any(
        _contains(s, stemmed(a)) for s in stems for a in alternative_names
    ):
        return "contains"
    similarities = context.encoder.similarity(own, alias_names + alternative_names)
    best_alias = float(similarities[:, : len(alias_names)].max())
    best_alternative = float(similarities[:, len(alias_names) :].max()) if alternative_names else -1.0
    if best_alias >= context.match_threshold and best_alias > best_alternative:
        return "embedding"
    return None


def matches(candidate: str | Sequence[str], aliases: Sequence[str], alternatives: Sequence[str],
            context: MetricContext) -> bool:
    """Whether ``candidate`` names the reference diagnosis (rules in the module docstring)."""
    return match_rule(candidate, aliases, alternatives, context) is not None


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
        parsed = parse_answer(diagnosis_answer(item.transcript))
        predicted = parsed.candidates
        hits = [matches(names, aliases, reference.alternatives, context) for names in parsed.diagnoses]
        result: dict[str, Any] = {
            "predicted": predicted,
            "hedged": parsed.hedged,
            "top1": float(bool(hits) and hits[0] and not parsed.hedged),
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
