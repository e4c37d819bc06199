"""Per-field fill rates, departments and counts of a record collection."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Mapping, Sequence

from tod.records.model import Record, Status

#: Field name -> predicate "this record has the field filled" (denied counts as recorded).
FIELD_CHECKS: dict[str, Callable[[Record], bool]] = {
    "opening_statement": lambda r: bool(r.case.opening_statement),
    "age": lambda r: r.case.demographics.age_years is not None,
    "sex": lambda r: r.case.demographics.sex is not None,
    "weight": lambda r: r.case.demographics.weight is not None,
    "occupation": lambda r: r.case.demographics.occupation is not None,
    "symptoms": lambda r: any(s.status is Status.present for s in r.case.symptoms),
    "denied_symptoms": lambda r: any(s.status is Status.denied for s in r.case.symptoms),
    "symptom_duration": lambda r: any(s.duration for s in r.case.symptoms),
    "symptom_onset": lambda r: any(s.onset for s in r.case.symptoms),
    "symptom_course": lambda r: any(s.course for s in r.case.symptoms),
    "symptom_appearance": lambda r: any(s.shape or s.color or s.texture for s in r.case.symptoms),
    "symptom_degree": lambda r: any(s.degree for s in r.case.symptoms),
    "symptom_position": lambda r: any(s.position for s in r.case.symptoms),
    "symptom_factors": lambda r: any(s.aggravating_factors or s.relieving_factors for s in r.case.symptoms),
    "past_diagnoses": lambda r: bool(r.case.history.past_diagnoses),
    "medications": lambda r: bool(r.case.history.medications),
    "current_treatment": lambda r: bool(r.case.history.current_treatment),
    "physical_changes": lambda r: bool(r.case.history.physical_changes),
    "trauma_surgery": lambda r: bool(r.case.history.trauma_surgery),
    "vaccinations": lambda r: bool(r.case.history.vaccinations),
    "allergies": lambda r: bool(r.case.history.allergies),
    "exposures": lambda r: bool(r.case.history.exposures),
    "family_history": lambda r: bool(r.case.history.family_history),
    "tobacco": lambda r: r.case.social.tobacco is not None,
    "alcohol": lambda r: r.case.social.alcohol is not None,
    "drug_use": lambda r: r.case.social.drug_use is not None,
    "living_habits": lambda r: bool(r.case.social.living_habits),
    "sexual_history": lambda r: bool(r.case.social.sexual_history),
    "reproductive_history": lambda r: bool(r.case.social.reproductive_history),
    "examinations": lambda r: bool(r.case.examinations),
    "diagnosis": lambda r: bool(r.reference.diagnosis),
    "basis": lambda r: bool(r.reference.basis),
    "treatment": lambda r: bool(r.reference.treatment),
    "options": lambda r: r.reference.options is not None,
}


def fill_rates(records: Sequence[Record]) -> dict[str, float]:
    """Share of records (0..1) in which each field of :data:`FIELD_CHECKS` is recorded."""
    if not records:
        return {name: 0.0 for name in FIELD_CHECKS}
    return {name: sum(check(r) for r in records) / len(records) for name, check in FIELD_CHECKS.items()}


def collection_stats(records: Sequence[Record]) -> dict[str, object]:
    """Counts, departments, sources and fill rates of a collection (JSON-ready)."""
    from tod.records.model import iter_fact_paths

    facts = [sum(1 for _ in iter_fact_paths(r.case)) for r in records]
    return {
        "records": len(records),
        "departments": dict(sorted(Counter(r.department for r in records).items())),
        "sources": dict(sorted(Counter(r.source or "embedded" for r in records).items())),
        "facts_per_record": {
            "min": min(facts, default=0),
            "mean": round(sum(facts) / len(facts), 2) if facts else 0.0,
            "max": max(facts, default=0),
        },
        "core_fields_complete": sum(
            all(FIELD_CHECKS[f](r) for f in ("symptoms", "age", "sex", "diagnosis")) for r in records
        ),
        "fill_rates": {k: round(v, 4) for k, v in fill_rates(records).items()},
    }


def format_stats_table(stats: Mapping[str, Mapping[str, Any]]) -> str:
    """One Markdown table of several collections' :func:`collection_stats`, a column per file:
    counts, facts per record, departments (records), then fill rates."""
    names = list(stats)
    values = list(stats.values())

    def row(label: str, cells: Sequence[object]) -> str:
        return "| " + " | ".join([label, *map(str, cells)]) + " |"

    lines = [row("", names), "|" + "---|" * (len(names) + 1)]
    lines.append(row("records", [v["records"] for v in values]))
    lines.append(row("facts per record (min / mean / max)",
                     [f"{v['facts_per_record']['min']} / {v['facts_per_record']['mean']} / {v['facts_per_record']['max']}"
                      for v in values]))
    lines.append(row("records with symptoms, age, sex and diagnosis", [v["core_fields_complete"] for v in values]))
    departments = sorted({d for v in values for d in v["departments"]})
    lines += [row(f"department: {d}", [v["departments"].get(d, 0) for v in values]) for d in departments]
    lines += [row(f"fill: {field}", [f"{v['fill_rates'][field]:.1%}" for v in values]) for field in FIELD_CHECKS]
    return "\n".join(lines)
