"""Reading and writing record files (JSON Lines, one :class:`Record` per line).

Errors name the file, the line, the record id (when it could be read) and the field path,
in one line, so a user can fix the file without reading a traceback. Writing is atomic:
a file is either written whole or not at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from pydantic import ValidationError

from tod.jsonio import write_lines_atomic
from tod.jsonl import iter_text_lines, parse_object
from tod.records.model import Record


class RecordFileError(ValueError):
    """A record file that cannot be read or holds an invalid record."""


def _format_validation_error(error: ValidationError) -> str:
    first = error.errors()[0]
    path = ".".join(str(part) for part in first["loc"]) or "<record>"
    message = first["msg"]
    if first["type"] == "extra_forbidden":
        message = "unknown field"
    more = f" (and {error.error_count() - 1} more errors)" if error.error_count() > 1 else ""
    return f"field {path}: {message}{more}"


def parse_record_line(line: str, *, where: str) -> Record:
    """Parse one JSON line into a :class:`Record`.

    Args:
        line: the JSON text of one record.
        where: "FILE:LINE" for the error message.

    Raises:
        RecordFileError: "FILE:LINE: record ID: field PATH: what is wrong".
    """
    data = parse_object(line, where=where, error=RecordFileError)
    record_id = data.get("id")
    label = f"record {record_id!r}" if isinstance(record_id, str) and record_id else "record without id"
    try:
        return Record.model_validate(data)
    except ValidationError as exc:
        raise RecordFileError(f"{where}: {label}: {_format_validation_error(exc)}") from None


def iter_records(path: str | Path) -> Iterator[Record]:
    """Yield the records of a JSONL file in order, validating each line.

    Blank lines are skipped. Duplicate ids are an error.

    Raises:
        RecordFileError: for a missing file, non-UTF-8 bytes, bad JSON, an invalid record
            or a duplicate id, naming the file and line.
    """
    if not Path(path).is_file():
        raise RecordFileError(f"{path}: no such record file")
    seen: dict[str, int] = {}
    for number, line in iter_text_lines(path, RecordFileError):
        where = f"{path}:{number}"
        record = parse_record_line(line, where=where)
        if record.id in seen:
            raise RecordFileError(f"{where}: record {record.id!r}: duplicate id (first on line {seen[record.id]})")
        seen[record.id] = number
        yield record


def load_records(path: str | Path) -> list[Record]:
    """Load and validate every record of a JSONL file (see :func:`iter_records`).

    Raises:
        RecordFileError: as :func:`iter_records`; also when the file holds no record.
    """
    records = list(iter_records(path))
    if not records:
        raise RecordFileError(f"{path}: no records in file")
    return records


def find_record(records: Iterable[Record], record_id: str) -> Record:
    """The record with ``record_id``.

    Raises:
        KeyError: naming the id and how many records were searched.
    """
    records = list(records)
    for record in records:
        if record.id == record_id:
            return record
    raise KeyError(f"no record with id {record_id!r} among {len(records)} records")


def write_records(records: Iterable[Record], path: str | Path) -> int:
    """Write records as JSONL atomically (temp file + rename); returns the count written."""
    return write_lines_atomic(path, (record.model_dump_json(exclude_none=True) for record in records))


def default_records_path() -> Path:
    """The embedded default records shipped in the repository's records/ folder."""
    return Path(__file__).resolve().parents[2] / "records" / "default.jsonl"
