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
        for key, kind in (("text", str), ("intents", list), ("slots", dict)):
            if not isinstance(data.get(key), kind):
                raise TurnFileError(f"{where}: field '{key}' must be a {kind.__name__}")
        try:
            check_intents(data["intents"], where=f"{where}: intents")
            check_slots(data["slots"], where=f"{where}: slots")
        except LabelError as exc:
            raise TurnFileError(str(exc)) from None
        low = data["text"].lower()
        for name, values in data["slots"].items():
            for value in values:
                if value.lower() not in low:
                    raise TurnFileError(f"{where}: slots.{name}: value {value!r} does not occur in the text")
        turns.append(AnnotatedTurn(str(data.get("id", f"line-{number}")), data["text"], tuple(data["intents"]),
                                   {k: list(v) for k, v in data["slots"].items() if v}))
    if not turns:
        raise TurnFileError(f"{path}: no turns in file")
    return turns
