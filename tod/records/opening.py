"""The opening statement of an imported case: the chief complaint in the patient's lay words.

Imported cases have no opening of their own, so it is built from the record's present
symptoms (never a denied one, so the opening cannot contradict the facts), with medical
terms reworded by tod's lay table (:class:`tod.patient.lexicon.LayLexicon`) and the
duration of the first symptom. A parent speaks for a child under 10 ("Doctor, my son has
had ...").
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from tod.patient.lexicon import LayLexicon, default_lexicon

#: Symptoms an opening names at most.
MAX_OPENING_SYMPTOMS = 3
_CAREGIVER_SUBJECT = {"female": "my daughter", "male": "my son", None: "my child"}


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _phrase(symptom: dict[str, Any], lexicon: LayLexicon) -> str:
    name = lexicon.to_lay(symptom["name"])
    position = symptom.get("position")
    if position and lexicon.to_lay(position).lower() not in name.lower():
        place = lexicon.to_lay(position)
        surface = re.search(r"\b(skin|face|scalp|arms?|legs?|back|chest|hands?|feet|foot|penis|shaft|cheeks?|lips?|"
                            r"nose|forehead|neck|trunk|torso|fingers?|toes?|palms?|soles?|thighs?|shins?|elbows?|"
                            r"knees?|buttocks?|body|abdomen|belly|shoulders?|extremit\w*)\b", place, re.I)
        name += f" {'on' if surface else 'in'} {place}"
    return name[:1].lower() + name[1:] if not name[:2].isupper() else name


def _since(duration: str) -> str:
    if re.match(r"^(since|yesterday|this morning|last night|earlier today)\b", duration, re.I):
        return f" It started {duration}." if not duration.startswith("since") else f" It's been like this {duration}."
    return f" It's been going on for {duration}."


def visit_opening(reason: str, *, caregiver: bool, sex: str | None) -> str:
    """The opening of a case that states no complaint, only why the patient came
    ("a well-child examination")."""
    if caregiver:
        return f"Doctor, I've brought {_CAREGIVER_SUBJECT[sex]} in for {reason}."
    return f"Doctor, I'm here for {reason}."


def opening_statement(
    symptoms: Sequence[dict[str, Any]],
    *,
    caregiver: bool,
    sex: str | None,
    lexicon: LayLexicon | None = None,
) -> str:
    """An opening from the first present symptoms (at most :data:`MAX_OPENING_SYMPTOMS`).

    Args:
        symptoms: the case's symptom objects (dicts with ``name``, ``status``, descriptors).
        caregiver: a parent speaks ("my son has had ..."), else the patient ("I've had ...").
        sex: the patient's sex, for the caregiver's "my son" / "my daughter".
        lexicon: the lay table (default: the repository's).

    Raises:
        ValueError: no present symptom.
    """
    lexicon = lexicon or default_lexicon()
    present = [s for s in symptoms if s.get("status", "present") == "present"]
    if not present:
        raise ValueError("an opening needs a present symptom")
    chosen = present[:MAX_OPENING_SYMPTOMS]
    subject = f"{_CAREGIVER_SUBJECT[sex]} has" if caregiver else "I've"
    text = f"Doctor, {subject} been having {_join([_phrase(s, lexicon) for s in chosen])}."
    duration = chosen[0].get("duration")
    if duration:
        text += _since(lexicon.to_lay(duration))
    return text + (" I'm worried about it." if not caregiver else " I'm worried.")
