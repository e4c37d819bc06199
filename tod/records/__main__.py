"""``python -m tod.records``: import, validate and describe record files.

    python -m tod.records import --format agentclinic|craftmd IN --output OUT.jsonl
    python -m tod.records validate FILE
    python -m tod.records stats FILE [FILE ...] [--json]

Errors print one line ("error: FILE:LINE: ...: field or column ...: what is wrong") and exit
with 1; nothing is written half (the output file appears whole or not at all).
"""

from __future__ import annotations

import argparse
import json
import sys

from tod.records.importing import FORMATS, ImportFormatError, import_file
from tod.records.io import RecordFileError, load_records, write_records
from tod.records.stats import collection_stats, format_stats_table


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tod.records", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import", help="convert external cases into a record file")
    imp.add_argument("input", help="the file to import")
    imp.add_argument("--format", required=True, help=f"input format: {', '.join(FORMATS)}")
    imp.add_argument("--output", required=True, help="the JSONL record file to write")
    imp.add_argument("--show-warnings", action="store_true",
                     help="print every warning (left-out facts, unrouted clauses), not only the counts")
    val = sub.add_parser("validate", help="check every record of a file")
    val.add_argument("file")
    sta = sub.add_parser("stats", help="fill rates, departments and counts, one column per file")
    sta.add_argument("files", nargs="+", metavar="FILE")
    sta.add_argument("--json", action="store_true", help="print JSON (file -> statistics) instead of Markdown")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the records CLI; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "import":
            result = import_file(args.input, fmt=args.format)
            count = write_records(result.records, args.output)
            print(f"imported {count} records from {args.input} into {args.output}")
            print(result.summary() + ("" if args.show_warnings or not result.warnings else "; --show-warnings lists them"))
            if args.show_warnings and result.warnings:
                print("\n".join(result.warnings))
        elif args.command == "validate":
            records = load_records(args.file)
            print(f"{args.file}: {len(records)} valid records")
        else:
            stats = {path: collection_stats(load_records(path)) for path in args.files}
            print(json.dumps(stats, indent=2) if args.json else format_stats_table(stats))
    except (RecordFileError, ImportFormatError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
