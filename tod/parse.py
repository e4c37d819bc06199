"""``python -m tod.parse``: run the trained NLU on doctor turns.

    python -m tod.parse --checkpoint checkpoints/default --input turns.jsonl --output preds.jsonl
    python -m tod.parse --checkpoint checkpoints/default --text "Any fever or chills?"

Input: JSONL with a "text" field per line (and optional "id"), or plain text, one turn per
line. Output: one {"id", "text", "intents", "slots"} line per input line (the guide's format),
written whole or not at all. Errors (a bad turns file, a missing or mismatched checkpoint,
an unwritable output) print one line and exit with 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterator

from tqdm import tqdm

from tod.jsonio import write_jsonl_atomic


def _parses(nlu, turns: list[tuple[str, str]], batch_size: int) -> Iterator[dict[str, Any]]:
    """The parses of ``turns`` as output rows, parsed in batches."""
    for start in tqdm(range(0, len(turns), batch_size), desc="parsing", unit="batch"):
        chunk = turns[start:start + batch_size]
        for (turn_id, _), parse in zip(chunk, nlu.parse_batch([t for _, t in chunk])):
            yield parse.to_json(turn_id)


def main(argv: list[str] | None = None) -> int:
    """Run the parse CLI; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tod.parse", description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", required=True, help="NLU checkpoint folder")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--input", help="turns file (JSONL with 'text', or one turn per line)")
    source.add_argument("--text", help="parse one turn and print it")
    parser.add_argument("--output", help="predictions JSONL (required with --input)")
    parser.add_argument("--batch-size", type=int, default=32)
    args = parser.parse_args(argv)
    if args.input and not args.output:
        parser.error("--output is required with --input")

    from tod.nlu.annotations import TurnFileError, read_turn_texts
    from tod.nlu.checkpoint import CheckpointError
    from tod.nlu.parser import load_parser

    try:
        turns = [("text", args.text)] if args.text is not None else read_turn_texts(args.input)
        nlu = load_parser(args.checkpoint)
    except (TurnFileError, CheckpointError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.text is not None:
        print(json.dumps(nlu.parse(args.text).to_json(None), ensure_ascii=False))
        return 0
    out = Path(args.output)
    try:
        write_jsonl_atomic(out, _parses(nlu, turns, args.batch_size))
    except OSError as exc:  # an output path that is a folder, not writable, a full disk
        print(f"error: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {len(turns)} parses to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
