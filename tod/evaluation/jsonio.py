"""Atomic JSON and text file writes for run outputs (a reader never sees half a file)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and a rename (text that cannot be
    encoded as UTF-8 is written as backslash escapes)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json_atomic(path: str | Path, data: Any) -> None:
    """Write ``data`` as indented UTF-8 JSON, atomically (ASCII escapes when some text
    cannot be encoded as UTF-8, e.g. a lone surrogate)."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=2, ensure_ascii=True)
    write_text_atomic(path, text + "\n")


def read_json(path: str | Path) -> Any:
    """Parse a JSON file."""
    return json.loads(Path(path).read_text(encoding="utf-8"))
