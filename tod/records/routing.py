"""Rule-based routing of free-text history sentences into record fields (best effort).

Used by importers of free-text cases. A sentence or clause is matched against keyword
rules in order; the first matching rule decides the field, and negation cues ("non-smoker",
"denies", "no history of") make the fact denied. Clauses that match no rule are returned
unrouted so the caller can keep them as living habits or history detail: nothing is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tod.records.model import Status

#: (field, pattern) in priority order. Fields are CaseFacts paths understood by importers.
ROUTES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (field, re.compile(pattern, re.IGNORECASE))
    for field, pattern in (
        ("social.tobacco", r"\b(smok\w*|tobacco|cigar\w*|vap(e|ing)|pack[- ]years?|chew\w* tobacco)\b"),
        ("social.alcohol", r"\b(alcohol\w*|drinks?|drinking|beer|wine|liquor|ethanol|etoh)\b"),
        ("social.drug_use", r"\b(illicit|recreational|drug use|substance|cocaine|heroin|marijuana|cannabis|"
         r"methamphetamine|opioid use|intravenous drug|ivdu|polysubstance)\b"),
        ("social.sexual_history", r"\b(sexual\w*|sexually|partners?|condoms?|intercourse|men who have sex)\b"),
        ("social.reproductive_history", r"\b(pregnan\w*|menstrua\w*|period|gravida|para\b|g\d+p\d+|contracepti\w*|"
         r"gestation\w*|breastfeed\w*|miscarriage|menopaus\w*|conceive|birth control)\b"),
        ("history.family_history", r"\b(family history|mother|father|sister|brother|sibling|parents?|"
         r"grand(mother|father|parents?)|aunt|uncle|relatives?)\b.*\b(had|has|history|died|diagnosed|with)\b"),
        ("history.vaccinations", r"\b(vaccin\w*|immuniz\w*|immunis\w*|shots?)\b"),
        ("history.allergies", r"\ballerg\w*\b"),
        ("history.trauma_surgery", r"\b(surgery|surgical|operation|ectomy|otomy|plasty|injur\w*|trauma|fall|fell|"
         r"accident|fracture\w*|bitten|bite)\b"),
        ("history.exposures", r"\b(travel\w*|trip|visited|camping|hiking|exposure|exposed|contact with|animals?|"
         r"pets?|cats?|dogs?|birds?|farm|ticks?|mosquito\w*|sick contacts?|daycare|asbestos|chemicals?)\b"),
        ("history.medications", r"\b(taking|takes|medications?|mg\b|prescribed|inhaler|on (a |an )?\w+ (therapy|"
         r"regimen)|treated with|managed with|currently on)\b"),
        ("demographics.occupation", r"\b(works? (as|at|in)|employed|occupation|job|retired|student|teacher|"
         r"farmer|nurse|engineer|worker|attends (school|college|university))\b"),
        ("social.living_habits", r"\b(diet|exercis\w*|sleep\w*|lives (with|alone|in)|married|stress\w*|caffeine|"
         r"coffee|sedentary|runs?|running|gym|hobb\w*|volleyball|sports?|active)\b"),
    )
)

_NEGATION = re.compile(
    r"^\s*(no|non[- ]?\w+|denies|denied|never|does not|doesn't|did not|not|without|negative for|abstains?)\b"
    r"|\b(non[- ]?smoker|nonsmoker|denies|never (smoked|used|drank)|does not (smoke|drink|use)|"
    r"no (history|known|significant|recent)|abstains?)\b",
    re.IGNORECASE,
)

_NOT_PROVIDED = re.compile(
    r"^\s*(n/?a|none|not (provided|available|applicable|specified|reported)|information not provided|"
    r"no (additional|other) (information|symptoms)( provided| reported)?|unknown|unremarkable|"
    r".*\bnot (specified|provided|available|reported|mentioned|documented))\.?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class RoutedClause:
    """A clause and where it goes. ``field`` is None when no rule matched."""

    text: str
    field: str | None
    status: Status


def split_sentences(text: str) -> list[str]:
    """Split text into sentences (on . ! ? ; and line/bullet breaks), stripped, non-empty."""
    parts = re.split(r"(?<=[.!?;])\s+|\n+|\s+-\s+|\s*\d+\.\s+(?=[A-Z*])", text)
    return [p.strip(" -*\t") for p in parts if p and p.strip(" -*\t.")]


def split_clauses(sentence: str) -> list[str]:
    """Split a sentence into clauses on commas and 'but' when each side has a verb-like cue.

    "Non-smoker, drinks wine occasionally" -> ["Non-smoker", "drinks wine occasionally"].
    Lists such as "fever, chills, or cough" stay whole because no part matches a route alone.
    """
    pieces = [p.strip() for p in re.split(r",\s*(?:and\s+|but\s+)?|\s+but\s+", sentence) if p.strip()]
    if len(pieces) > 1 and sum(1 for p in pieces if route_field(p)) >= 2:
        return pieces
    return [sentence.strip()]


def route_field(clause: str) -> str | None:
    """The record field a clause belongs to, or None."""
    for field, pattern in ROUTES:
        if pattern.search(clause):
            return field
    return None


def as_text(value: object) -> str:
    """Free text from a JSON value: lists become sentences, objects "key: value" sentences."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ". ".join(as_text(v).rstrip(".") for v in value if as_text(v))
    if isinstance(value, dict):
        return ". ".join(f"{str(k).replace('_', ' ')}: {as_text(v).rstrip('.')}" for k, v in value.items())
    return str(value)


def is_not_provided(value: object) -> bool:
    """True for placeholders such as "N/A", "Information not provided", "None"."""
    text = as_text(value)
    return not text.strip() or bool(_NOT_PROVIDED.match(text))


def is_negated(clause: str) -> bool:
    """True when the clause states a negative ("non-smoker", "denies alcohol use")."""
    return bool(_NEGATION.search(clause))


def route_text(value: object) -> list[RoutedClause]:
    """Route every clause of a free-text value (string, list or object); placeholders give []."""
    if is_not_provided(value):
        return []
    routed = []
    for sentence in split_sentences(as_text(value)):
        if is_not_provided(sentence):
            continue
        for clause in split_clauses(sentence):
            status = Status.denied if is_negated(clause) else Status.present
            routed.append(RoutedClause(clause.rstrip("."), route_field(clause), status))
    return routed
