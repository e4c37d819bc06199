"""Helpers of the record-import tests (issue 16): the case tod imports from a made-up
AgentClinic MedQA entry or reads from a made-up vignette, the facts the router reads from a
clause, and the parts of a case the tests compare."""

from __future__ import annotations

from typing import Any

from tod.records.agentclinic import import_medqa_case
from tod.records.builder import CaseBuilder
from tod.records.routing import route_clause
from tod.records.vignette import read_vignette

#: The first sentence of a made-up vignette whose complaint is no symptom a test asks about.
KNEE_OPENING = "A 52-year-old woman comes to the clinic because of a sore knee. "


def imported_case(actor: dict[str, Any], tests: dict[str, Any] | None = None, *,
                  exams: dict[str, Any] | None = None) -> dict[str, Any]:
    """The case (JSON form) of a made-up AgentClinic MedQA entry whose patient part is
    ``actor``, with the given test results and examination findings (none by default)."""
    case = {"OSCE_Examination": {"Objective_for_Doctor": "Assess the patient.", "Patient_Actor": actor,
                                 "Physical_Examination_Findings": exams or {}, "Test_Results": tests or {},
                                 "Correct_Diagnosis": "Made-up disease"}}
    record, _, _ = import_medqa_case(case, case_id="t-1")
    return record.model_dump(mode="json")["case"]


def build(text: str) -> tuple[dict, CaseBuilder]:
    """The case read from a vignette, and its builder (warnings, unrouted count)."""
    builder = read_vignette(text, leak_terms=[]).builder
    return builder.case("x"), builder


def read(text: str) -> tuple[dict, int]:
    """The case read from a vignette and its count of unrouted clauses."""
    case, builder = build(text)
    return case, builder.unrouted


def case_of(text: str) -> dict:
    """The case read from a vignette."""
    return build(text)[0]


def knee_case(text: str) -> dict:
    """The case read from a made-up vignette that opens with :data:`KNEE_OPENING`."""
    return case_of(KNEE_OPENING + text)


def routed(clause: str) -> list[tuple[str, str | None, str, str | None]]:
    """The facts the router reads from ``clause`` (none of it left unrouted), each as its field,
    value, status and detail."""
    routing = route_clause(clause, default=None)
    assert not routing.unrouted, routing.unrouted
    return [(f.field, f.value, f.status.value, f.detail) for f in routing.facts]


def routed_values(clause: str) -> list[tuple[str, str | None]]:
    """The routed facts of ``clause`` as field and value."""
    return [(field, value) for field, value, _, _ in routed(clause)]


def routed_statuses(clause: str) -> list[tuple[str, str | None, str]]:
    """The routed facts of ``clause`` as field, value and status."""
    return [(field, value, status) for field, value, status, _ in routed(clause)]


def routed_details(clause: str) -> list[tuple[str, str | None, str | None]]:
    """The routed facts of ``clause`` as field, value and detail."""
    return [(field, value, detail) for field, value, _, detail in routed(clause)]


def symptom_names(case: dict, status: str = "present") -> list[str]:
    """The names of the case's symptoms of the given status."""
    return [s["name"] for s in case["symptoms"] if s["status"] == status]


def builder_symptoms(builder: CaseBuilder) -> list[tuple[str, str]]:
    """The name and status of each symptom a case builder holds."""
    return [(s["name"], s["status"]) for s in builder.symptoms]


def field_statuses(case: dict, section: str, field: str) -> list[tuple[str | None, str]]:
    """The value and status of each item of a case field."""
    return [(f.get("value"), f["status"]) for f in case[section][field]]
