"""JSON output files, written atomically: a reader never sees half a file.

Each writer writes a temporary file beside the target, flushes and fsyncs it, then renames
it over the target; on any error the temporary file is removed and the target is left as
it was. JSON text that cannot be encoded as UTF-8 (a lone surrogate, which a doctor
endpoint's ``"\\ud800"`` escape decodes to) is written with ASCII escapes instead, so it
still reads back the same (:func:`json_text`).
"""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterable, Iterator, TextIO


def json_text(data: Any, *, indent: int | None = None) -> str:
    """``data`` as JSON text that can be encoded as UTF-8: non-ASCII characters as they
    are, unless some text cannot be encoded (a lone surrogate), then all as ASCII escapes.
    One line when ``indent`` is ``None``."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, ensure_ascii=True, indent=indent)
    return text


@contextmanager
def _replacing(path: str | Path, *, errors: str = "strict") -> Iterator[TextIO]:
    """A UTF-8 text handle on a temporary file that replaces ``path`` when the block ends.

    Raises:
        IsADirectoryError: ``path`` is a folder (before anything is written).
    """
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(21, "is a folder", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors=errors) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (text that cannot be encoded as UTF-8 is
    written as backslash escapes)."""
    with _replacing(path, errors="backslashreplace") as handle:
        handle.write(text)


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Write ``data`` as indented UTF-8 JSON, atomically (see :func:`json_text`)."""
    write_text_atomic(path, json_text(data, indent=2) + "\n")


def write_lines_atomic(path: str | Path, lines: Iterable[str]) -> int:
    """Write ``lines`` (without their newlines), one a line, atomically; returns how many.

    ``lines`` may be a generator: it is consumed while the temporary file is open, so work
    that fails half-way leaves ``path`` untouched.
    """
    count = 0
    with _replacing(path) as handle:
        for line in lines:
            handle.write(line + "\n")
            count += 1
    return count


def write_jsonl_atomic(path: str | Path, rows: Iterable[Any]) -> int:
    """Write ``rows`` as JSON Lines (one :func:`json_text` a line), atomically; returns
    how many (see :func:`write_lines_atomic`)."""
    return write_lines_atomic(path, (json_text(row) for row in rows))


def read_json(path: str | Path) -> Any:
    """Parse a JSON file."""
    return json.loads(Path(path).read_text(encoding="utf-8"))
