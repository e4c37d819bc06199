"""Import CRAFT-MD case vignettes (``cases.csv``) as records.

Each row is a third-person vignette with four answer options and the correct answer. The
vignette is read by :func:`tod.records.vignette.read_vignette` (the shared router and
narrative reader, as for AgentClinic cases).

The record keeps the case id, takes its department from the category, and its reference is
the correct option as diagnosis (with obvious synonyms), the four options and answer_index.
No case fact names the answer: such facts are left out and reported.

Bad input raises :class:`~tod.records.io.RecordFileError` naming the file, line, row and
column; nothing is returned for a file with any bad row.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tod.records.builder import CaseBuilder, diagnosis_terms
from tod.records.importing import ImportResult
from tod.records.io import RecordFileError, _format_validation_error
from tod.records.model import Record
from tod.records.opening import opening_statement, visit_opening
from tod.records.synonyms import normalise_name, same_diagnosis, synonyms_of
from tod.records.vignette import read_vignette

#: Columns a CRAFT-MD cases file must have.
COLUMNS: tuple[str, ...] = ("case_vignette", "choice_1", "choice_2", "choice_3", "choice_4", "answer", "category", "case_id")

#: CRAFT-MD category -> record department.
DEPARTMENTS: dict[str, str] = {
    "Dermatology": "dermatology",
    "Hematology and Oncology": "internal_medicine",
    "Neurology": "neurology",
    "Other": "other",
    "Gastrointestinal System": "internal_medicine",
    "Pediatrics and Neonatology": "pediatrics",
    "Cardiovascular System": "internal_medicine",
    "Infectious Diseases": "infectious_disease",
    "Obstetrics and Gynecology": "obstetrics_gynecology",
    "Renal and Genitourinary System": "internal_medicine",
    "Endocrinology": "internal_medicine",
    "Rheumatology": "internal_medicine",
}

def _where(path: Path, line: int, row: int, case_id: str | None) -> str:
    label = f" (case {case_id})" if case_id else ""
    return f"{path}:{line}: row {row}{label}"


def _read_rows(path: Path) -> list[tuple[int, int, dict[str, str]]]:
    """(line, row number, row) of every data row; the header must hold :data:`COLUMNS`."""
    if not path.is_file():
        raise RecordFileError(f"{path}: no such file")
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise RecordFileError(f"{path}:{line}: not UTF-8 text (byte {exc.start})") from None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader)
    except StopIteration:
        raise RecordFileError(f"{path}:1: empty file, expected a header with columns {', '.join(COLUMNS)}") from None
    except csv.Error as exc:
        raise RecordFileError(f"{path}:1: unreadable header: {exc}") from None
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise RecordFileError(f"{path}:1: header: column {missing[0]!r} is missing (expected {', '.join(COLUMNS)})")
    rows = []
    line = reader.line_num + 1
    number = 0
    while True:
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise RecordFileError(f"{_where(path, line, number + 1, None)}: unreadable row: {exc}") from None
        number += 1
        if len(values) != len(header):
            column = header[len(values)] if len(values) < len(header) else f"#{len(values)}"
            raise RecordFileError(f"{_where(path, line, number, None)}: column {column!r}: row has {len(values)} "
                                  f"fields, the header {len(header)}")
        rows.append((line, number, dict(zip(header, values))))
        line = reader.line_num + 1
    if not rows:
        raise RecordFileError(f"{path}: no rows after the header")
    return rows


def _reference(row: dict[str, str], where: str) -> dict[str, Any]:
    options = [re.sub(r"\s+", " ", row[f"choice_{i}"]).strip() for i in range(1, 5)]
    for i, option in enumerate(options, start=1):
        if not option:
            raise RecordFileError(f"{where}: column 'choice_{i}': empty option")
    answer = re.sub(r"\s+", " ", row["answer"]).strip()
    exact = [i for i, o in enumerate(options) if normalise_name(o) == normalise_name(answer)]
    matches = exact or [i for i, o in enumerate(options) if same_diagnosis(o, answer)]
    if len(matches) != 1:
        found = "is not one of the options" if not matches else "matches several options"
        raise RecordFileError(f"{where}: column 'answer': {answer!r} {found} ({'; '.join(options)})")
    index = matches[0]
    diagnosis = options[index]
    also = [answer] if normalise_name(answer) != normalise_name(diagnosis) else []
    return {"diagnosis": diagnosis, "synonyms": synonyms_of(diagnosis, *also),
            "alternatives": [o for i, o in enumerate(options) if i != index], "options": options, "answer_index": index}


def import_case(row: dict[str, str], *, where: str) -> tuple[Record, CaseBuilder, int]:
    """One CRAFT-MD row as a record, with its builder (warnings, unrouted count) and its count
    of skipped sentences (the question and "is shown" sentences).

    Raises:
        RecordFileError: a bad answer, an empty vignette, an unknown category or case id.
    """
    case_id = row["case_id"].strip()
    if not case_id or any(c.isspace() for c in case_id):
        raise RecordFileError(f"{where}: column 'case_id': {case_id!r} is not a usable id")
    text = row["case_vignette"].strip()
    if not text:
        raise RecordFileError(f"{where}: column 'case_vignette': empty vignette")
    category = row["category"].strip()
    if category not in DEPARTMENTS:
        raise RecordFileError(f"{where}: column 'category': unknown category {category!r} "
                              f"(expected one of: {', '.join(DEPARTMENTS)})")
    reference = _reference(row, where)
    vignette = read_vignette(text, leak_terms=diagnosis_terms([reference["diagnosis"], *reference["synonyms"]]))
    builder = vignette.builder
    opening = (visit_opening(vignette.visit_reason, caregiver=vignette.caregiver, sex=vignette.sex)
               if vignette.visit_reason else
               opening_statement(builder.current_symptoms(), caregiver=vignette.caregiver, sex=vignette.sex))
    record = {
        "id": case_id,
        "department": DEPARTMENTS[category],
        "source": "craftmd",
        "case": builder.case(opening),
        "reference": reference,
    }
    try:
        return Record.model_validate(record), builder, vignette.skipped
    except ValidationError as exc:
        raise RecordFileError(f"{where}: {_format_validation_error(exc)}") from None


def import_file(path: str | Path) -> ImportResult:
    """Import every row of a CRAFT-MD ``cases.csv``; record ids are the case ids.

    Raises:
        RecordFileError: a missing column, an unreadable row, a row whose answer is not among
            its options, a duplicate case id: one message naming file, line, row and column.
    """
    path = Path(path)
    result = ImportResult()
    seen: dict[str, int] = {}
    for line, number, row in _read_rows(path):
        where = _where(path, line, number, row.get("case_id", "").strip() or None)
        record, builder, skipped = import_case(row, where=where)
        if record.id in seen:
            raise RecordFileError(f"{where}: column 'case_id': duplicate id (first in row {seen[record.id]})")
        seen[record.id] = number
        result.add(record, builder.warnings, unrouted=builder.unrouted, skipped=skipped)
    return result
