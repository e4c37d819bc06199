"""Reading annotated doctor turns (the guide's JSONL format) and doctor-turn input files."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tod.jsonl import iter_text_lines, parse_object
from tod.schema import LabelError, check_intents, check_slots


class TurnFileError(ValueError):
    """A turns or annotation file that cannot be read; the message names file and line."""


@dataclass(frozen=True)
class AnnotatedTurn:
    """One labelled doctor turn."""

    id: str
    text: str
    intents: tuple[str, ...]
    slots: dict[str, list[str]]


def read_turn_texts(path: str | Path) -> list[tuple[str, str]]:
    """``(id, text)`` pairs from a file of doctor turns.

    A ``.jsonl`` file (or one whose first line is a JSON object) needs a string ``"text"`` per
    line and may carry ``"id"``; otherwise every non-blank line is one turn. Ids default to
    ``"line-N"``.

    Raises:
        TurnFileError: naming the file and line (non-UTF-8 bytes, bad JSON, missing text).
    """
    path = Path(path)
    rows = list(iter_text_lines(path, TurnFileError))
    as_json = path.suffix == ".jsonl" or (rows and rows[0][1].lstrip().startswith("{"))
    turns = []
    for number, line in rows:
        if not as_json:
            turns.append((f"line-{number}", line.rstrip("\n")))
            continue
        data = parse_object(line, where=f"{path}:{number}", error=TurnFileError)
        if not isinstance(data.get("text"), str):
            raise TurnFileError(f"{path}:{number}: expected an object with a string field 'text'")
        turns.append((str(data.get("id") or f"line-{number}"), data["text"]))
    return turns


def labelled_turn(turn_id: str, text: str, labels: dict, *, where: str) -> AnnotatedTurn:
    """The turn ``text`` with the ``intents`` and ``slots`` of ``labels``, checked: labels in
    the schema, every slot value copied from the text (case-insensitively).

    Raises:
        TurnFileError: starting with ``where``, naming the field.
    """
    for key, kind in (("intents", list), ("slots", dict)):
        if not isinstance(labels.get(key), kind):
            raise TurnFileError(f"{where}: field '{key}' must be a {kind.__name__}")
    try:
        check_intents(labels["intents"], where=f"{where}: intents")
        check_slots(labels["slots"], where=f"{where}: slots")
    except LabelError as exc:
        raise TurnFileError(str(exc)) from None
    low = text.lower()
    for name, values in labels["slots"].items():
        for value in values:
            if value.lower() not in low:
                raise TurnFileError(f"{where}: slots.{name}: value {value!r} does not occur in the text")
    return AnnotatedTurn(turn_id, text, tuple(labels["intents"]), {k: list(v) for k, v in labels["slots"].items() if v})


def load_annotations(path: str | Path) -> list[AnnotatedTurn]:
    """Load and check labelled turns: labels in the schema, slot values copied from the text.

    Raises:
        TurnFileError: naming file, line and field.
    """
    path = Path(path)
    turns = []
    for number, line in iter_text_lines(path, TurnFileError):
        where = f"{path}:{number}"
        data = parse_object(line, where=where, error=TurnFileError)
        if not isinstance(data.get("text"), str):
            raise TurnFileError(f"{where}: field 'text' must be a str")
        turns.append(labelled_turn(str(data.get("id", f"line-{number}")), data["text"], data, where=where))
    if not turns:
        raise TurnFileError(f"{path}: no turns in file")
    return turns
