"""The reading conditions: the case as a written vignette, or its opening statement only.

:func:`render_vignette` writes every fact of :class:`~tod.records.model.CaseFacts` as a
short clinical vignette (the CRAFT-MD "vignette" condition). It takes the case, never the
record, so the reference answers cannot leak into it. Denied facts are written as
negatives ("denies chest pain", "allergies: none"); fields the record does not mention are
left out.
"""

from __future__ import annotations

from tod.records.model import SYMPTOM_DESCRIPTORS, CaseFacts, Fact, History, Status, Symptom

_HISTORY_TITLES = {
    "past_diagnoses": "Past medical history",
    "medications": "Medications",
    "current_treatment": "Treatment for the current problem",
    "physical_changes": "Physical changes",
    "trauma_surgery": "Injuries and operations",
    "vaccinations": "Vaccinations",
    "allergies": "Allergies",
    "exposures": "Exposures",
    "family_history": "Family history",
}
_SOCIAL_TITLES = {
    "tobacco": "Tobacco",
    "alcohol": "Alcohol",
    "drug_use": "Recreational drugs",
    "living_habits": "Living habits",
    "sexual_history": "Sexual history",
    "reproductive_history": "Reproductive history",
}


def _fact(fact: Fact) -> str:
    if fact.status is Status.denied:
        return f"denies {fact.value}" if fact.value else "none"
    return f"{fact.value} ({fact.detail})" if fact.detail else str(fact.value)


def _facts(facts: list[Fact]) -> str:
    return "; ".join(_fact(f) for f in facts)


def _symptom(symptom: Symptom) -> str:
    if symptom.status is Status.denied:
        return f"denies {symptom.name}"
    parts = [f"{name.replace('_', ' ')}: {getattr(symptom, name)}" for name in SYMPTOM_DESCRIPTORS if getattr(symptom, name)]
    if symptom.aggravating_factors:
        parts.append("worse with " + ", ".join(symptom.aggravating_factors))
    if symptom.relieving_factors:
        parts.append("better with " + ", ".join(symptom.relieving_factors))
    return symptom.name + (f" ({'; '.join(parts)})" if parts else "")


def _patient_line(case: CaseFacts) -> str:
    demo = case.demographics
    parts = []
    if demo.age_years is not None:
        age = demo.age_years
        parts.append(f"{age:g}-year-old" if age >= 1 else f"{round(age * 12)}-month-old")
    parts.append(demo.sex or "patient")
    line = " ".join(parts)
    extras = [f"weight {demo.weight}" if demo.weight else "", f"height {demo.height}" if demo.height else ""]
    if demo.occupation is not None:
        extras.append(f"occupation: {_fact(demo.occupation)}")
    extras = [e for e in extras if e]
    return "Patient: " + line + (", " + ", ".join(extras) if extras else "") + "."


def render_vignette(case: CaseFacts) -> str:
    """The whole case as a vignette (one fact group per line)."""
    lines = [
        _patient_line(case),
        f'Presenting complaint, in the patient\'s words: "{case.opening_statement}"',
        "Symptoms: " + "; ".join(_symptom(s) for s in case.symptoms) + ".",
    ]
    for name in History.model_fields:
        facts = getattr(case.history, name)
        if facts:
            lines.append(f"{_HISTORY_TITLES[name]}: {_facts(facts)}.")
    for name, title in _SOCIAL_TITLES.items():
        value = getattr(case.social, name)
        if isinstance(value, Fact):
            lines.append(f"{title}: {_fact(value)}.")
        elif value:
            lines.append(f"{title}: {_facts(value)}.")
    if case.examinations:
        lines.append("Examinations: " + "; ".join(f"{e.name}: {e.result}" for e in case.examinations) + ".")
    return "\n".join(lines)


def render_opening(case: CaseFacts) -> str:
    """Only what the patient says on entering (the "opening" condition)."""
    return f'The patient says: "{case.opening_statement}"'
