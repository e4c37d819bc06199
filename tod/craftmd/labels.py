"""Labels of real CRAFT-MD doctor messages, stored by id and joined with their texts at run time.

A labels file holds one JSON object a line: ``{"id": "MODEL/case_N/tT/mM", "intents": [...],
"slots": {...}}`` (the annotation guide's labels without the text). ``join_labels`` reads the
texts from a CRAFT-MD source and checks every line.

    python -m tod.craftmd.labels check annotations/craftmd/labels/*.jsonl   # validate label files
    python -m tod.craftmd.labels show annotations/craftmd/batches/batch_01.txt  # print id + text
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
from pathlib import Path
from typing import Iterable

from tod.craftmd.conversations import DEFAULT_SOURCE, SourceError, doctor_message_texts
from tod.jsonl import iter_text_lines, parse_object
from tod.nlu.annotations import AnnotatedTurn, TurnFileError, labelled_turn


def label_files(patterns: str) -> list[Path]:
    """The label files named by comma-separated globs, in order (each glob sorted)."""
    files: list[Path] = []
    for pattern in (p.strip() for p in patterns.split(",")):
        if pattern:
            files.extend(Path(p) for p in sorted(glob.glob(pattern)))
    return files


def read_label_file(path: str | Path, texts: dict[str, str]) -> list[AnnotatedTurn]:
    """Labelled turns of one labels file, joined with their texts.

    Raises:
        TurnFileError: naming the file, line and id: an id not in the source, a label outside
            the schema, a slot value that is not a substring of its text, a repeated id.
    """
    path = Path(path)
    turns: list[AnnotatedTurn] = []
    seen: set[str] = set()
    for number, line in iter_text_lines(path, TurnFileError):
        data = parse_object(line, where=f"{path}:{number}", error=TurnFileError)
        turn_id = data.get("id")
        where = f"{path}:{number}: id {turn_id!r}"
        if not isinstance(turn_id, str):
            raise TurnFileError(f"{path}:{number}: expected a string field 'id'")
        if turn_id in seen:
            raise TurnFileError(f"{where}: the id is labelled twice in this file")
        seen.add(turn_id)
        if turn_id not in texts:
            raise TurnFileError(f"{where}: no doctor message with this id in the CRAFT-MD source")
        turns.append(labelled_turn(turn_id, texts[turn_id], data, where=where))
    return turns


def join_labels(paths: Iterable[str | Path], source: str | Path = DEFAULT_SOURCE) -> list[AnnotatedTurn]:
    """All labelled turns of several files; a later file's label of an id replaces an earlier one
    (so an adjudicated file listed last overrides first-pass labels)."""
    texts = doctor_message_texts(source)
    by_id: dict[str, AnnotatedTurn] = {}
    for path in paths:
        for turn in read_label_file(path, texts):
            by_id[turn.id] = turn
    return list(by_id.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check CRAFT-MD label files or print messages by id.")
    parser.add_argument("command", choices=("check", "show"))
    parser.add_argument("files", nargs="+")
    parser.add_argument("--source", default=str(DEFAULT_SOURCE))
    args = parser.parse_args(argv)
    try:
        texts = doctor_message_texts(args.source)
        if args.command == "check":
            total = sum(len(read_label_file(path, texts)) for path in args.files)
            print(f"ok: {total} labelled messages in {len(args.files)} file(s)")
            return 0
        for path in args.files:
            for _, line in iter_text_lines(path, TurnFileError):
                turn_id = line.strip()
                if turn_id not in texts:
                    raise TurnFileError(f"{path}: id {turn_id!r}: no doctor message with this id")
                print(json.dumps({"id": turn_id, "text": texts[turn_id]}, ensure_ascii=False))
        return 0
    except (TurnFileError, SourceError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
