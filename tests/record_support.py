"""Helpers of the record-import tests (issue 16): the case tod imports from a made-up
AgentClinic MedQA entry."""

from __future__ import annotations

from typing import Any

from tod.records.agentclinic import import_medqa_case


def imported_case(actor: dict[str, Any]) -> dict[str, Any]:
    """The case (JSON form) of a made-up AgentClinic MedQA entry whose patient part is
    ``actor``, with no examination findings or test results."""
    case = {"OSCE_Examination": {"Objective_for_Doctor": "Assess the patient.", "Patient_Actor": actor,
                                 "Physical_Examination_Findings": {}, "Test_Results": {},
                                 "Correct_Diagnosis": "Made-up disease"}}
    record, _, _ = import_medqa_case(case, case_id="t-1")
    return record.model_dump(mode="json")["case"]
