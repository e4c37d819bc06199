"""The record as the patient knows it.

The patient knows their symptoms, their history and the results they were told before
this visit; this visit's examination findings, vital signs, laboratory and imaging results
come from the examiner, only when the doctor orders them. :func:`patient_view` keeps the
examinations marked ``known_to_patient`` and drops the others; since that renumbers the
examinations, :meth:`PatientView.record_path` maps the patient's provenance paths back to
the record's ("examinations[0]" of the view may be "examinations[3]" of the record).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tod.records.model import Record

_EXAM_PATH = re.compile(r"^examinations\[(\d+)\]")


@dataclass(frozen=True)
class PatientView:
    """A record as the patient knows it (``record``) and, for each examination it keeps,
    the index of that examination in the full record (``exam_indices``)."""

    record: Record
    exam_indices: tuple[int, ...]

    def record_path(self, path: str) -> str:
        """``path`` of the view as a path of the full record (only examination paths change)."""
        match = _EXAM_PATH.match(path)
        if match is None:
            return path
        return f"examinations[{self.exam_indices[int(match.group(1))]}]" + path[match.end():]


def patient_view(record: Record) -> PatientView:
    """``record`` without this visit's examinations: only those with ``known_to_patient``
    stay (see the module docstring). The reference answers are kept as they are; the
    patient is given ``view.record.case`` only."""
    exams = record.case.examinations
    kept = tuple(i for i, exam in enumerate(exams) if exam.known_to_patient)
    case = record.case.model_copy(update={"examinations": [exams[i] for i in kept]})
    return PatientView(record.model_copy(update={"case": case}), kept)
