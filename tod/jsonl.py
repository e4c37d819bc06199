"""Reading JSON Lines input files with errors that name the file and line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator


def iter_text_lines(path: str | Path, error: type[Exception]) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, text)`` for the non-blank lines of a UTF-8 file.

    Raises:
        error: "FILE: no such file", or "FILE:LINE: not UTF-8 text (byte N)".
    """
    path = Path(path)
    if not path.is_file():
        raise error(f"{path}: no such file")
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise error(f"{path}:{number}: not UTF-8 text (byte {exc.start}); save the file as UTF-8") from None
            if line.strip():
                yield number, line


def parse_object(line: str, *, where: str, error: type[Exception]) -> dict[str, Any]:
    """Parse one JSON line that must hold an object.

    Raises:
        error: "WHERE: not valid JSON (...)" or "WHERE: expected a JSON object, got TYPE".
    """
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise error(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict):
        raise error(f"{where}: expected a JSON object, got {type(data).__name__}")
    return data
