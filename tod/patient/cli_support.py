"""Helpers shared by the patient CLIs (``python -m tod.chat``, ``python -m tod.replay``)."""

from __future__ import annotations

import json
from pathlib import Path

from tod.records.model import Record


class CLIError(Exception):
    """A user error with a one-line message for stderr."""


def load_record(path: str | Path, record_id: str) -> Record:
    """The record ``record_id`` of a records file.

    A ``.json`` file holds one record object or a list of them (like
    ``records/example.json``); any other file is JSON Lines, read with
    :func:`tod.records.load_records`.

    Raises:
        CLIError: the file cannot be read or validated, or has no such record (the message
            names the file, and the ids available when there are few).
    """
    from pydantic import ValidationError

    from tod.records import RecordFileError, find_record, load_records

    path = Path(path)
    if not path.is_file():
        raise CLIError(f"records file not found: {path}")
    try:
        if path.suffix == ".json":
            data = json.loads(path.read_text(encoding="utf-8"))
            records = [Record.model_validate(item) for item in (data if isinstance(data, list) else [data])]
        else:
            records = load_records(path)
    except (RecordFileError, ValidationError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CLIError(f"{path}: cannot read records: {exc}") from None
    try:
        return find_record(records, record_id)
    except KeyError as exc:
        ids = [r.id for r in records]
        hint = f"; ids: {', '.join(ids)}" if len(ids) <= 20 else ""
        raise CLIError(f"{path}: {exc.args[0]}{hint}") from None


def load_nlu(checkpoint: str | Path):
    """The trained NLU parser of ``checkpoint`` (imported lazily: it loads torch models).

    Raises:
        CLIError: the checkpoint is missing or unreadable.
    """
    from tod.nlu import load_parser
    from tod.nlu.checkpoint import CheckpointError

    if not Path(checkpoint).is_dir():
        raise CLIError(
            f"no NLU checkpoint at {checkpoint}: train one with `python -m tod.train` or pass --checkpoint DIR"
        )
    try:
        return load_parser(str(checkpoint))
    except CheckpointError as exc:
        raise CLIError(f"cannot load the NLU checkpoint: {exc}") from None
