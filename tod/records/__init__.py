"""Structured medical records: schema, files, import and statistics."""

from tod.records.io import (
    RecordFileError,
    default_records_path,
    find_record,
    iter_records,
    load_records,
    write_records,
)
from tod.records.model import (
    DEPARTMENTS,
    SCHEMA_VERSION,
    CaseFacts,
    Fact,
    Record,
    ReferenceAnswers,
    Status,
    Symptom,
    iter_fact_paths,
)

__all__ = [
    "DEPARTMENTS",
    "SCHEMA_VERSION",
    "CaseFacts",
    "Fact",
    "Record",
    "RecordFileError",
    "ReferenceAnswers",
    "Status",
    "Symptom",
    "default_records_path",
    "find_record",
    "iter_fact_paths",
    "iter_records",
    "load_records",
    "write_records",
]
