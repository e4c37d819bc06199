"""``python -m tod.replay``: replay doctor turns from a file against the patient.

    python -m tod.replay --checkpoint checkpoints/default --records records/example.json \\
        --record-id im-001 --turns turns.txt --output replies.jsonl

Turns: one doctor turn per line of plain text, or JSONL with a string "text" per line.
Output: one JSON line per patient reply, the opening statement first, each with "text",
"intents", "slots", "provenance" and "events"; written whole or not at all. Replay stops
when the consultation is finished; later turns are reported and skipped. Errors (bad
records, turns or checkpoint, an unwritable output) print one line and exit with 1.
"""

from __future__ import annotations

import argparse
import sys

from tod.jsonio import write_jsonl_atomic
from tod.patient.cli_support import CLIError, load_nlu, load_record
from tod.patient.persona import Persona, PersonaError


def main(argv: list[str] | None = None) -> int:
    """Run the replay; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tod.replay", description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", required=True, help="NLU checkpoint folder")
    parser.add_argument("--records", required=True, help="records file (JSONL, or a .json record)")
    parser.add_argument("--record-id", required=True, help="id of the patient's record")
    parser.add_argument("--turns", required=True, help="doctor turns: plain text lines or JSONL with 'text'")
    parser.add_argument("--output", required=True, help="output JSONL, one patient reply per line")
    parser.add_argument("--persona", default="phlegmatic", help="TEMPERAMENT[,volunteer|no-volunteer,colloquial,uncertain]")
    parser.add_argument("--seed", type=int, default=0, help="seed of the patient's wording choices")
    parser.add_argument("--unrecorded", choices=("not_available", "normal"), default="not_available",
                        help="the examiner's answer for an ordered test without a recorded result")
    args = parser.parse_args(argv)

    from tod.nlu.annotations import TurnFileError, read_turn_texts

    try:
        persona = Persona.parse(args.persona)
        record = load_record(args.records, args.record_id)
        turns = [text for _, text in read_turn_texts(args.turns)]
        nlu = load_nlu(args.checkpoint)
    except (CLIError, PersonaError, TurnFileError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1

    from tod.examiner import Examiner, patient_view
    from tod.patient.agent import PatientAgent
    from tod.session import play_turn

    view = patient_view(record)
    patient = PatientAgent.build(view.record.case, nlu, persona=persona, seed=args.seed)
    examiner = Examiner(record.case, unrecorded=args.unrecorded)
    rows = [patient.opening().to_json()]
    parses = nlu.parse_batch(turns)
    replayed = 0
    for text, parse in zip(turns, parses):
        if patient.finished:
            break
        turn = play_turn(text, patient, examiner, parse=parse)
        row = turn.to_json()
        reply = dict(row["patient"])  # type: ignore[call-overload]
        reply["provenance"] = [view.record_path(p) for p in reply["provenance"]]
        rows.append({**reply, **({"examiner": row["examiner"]} if "examiner" in row else {})})
        replayed += 1
    try:
        write_jsonl_atomic(args.output, rows)
    except OSError as exc:  # an output path that is a folder, not writable, a full disk
        print(f"error: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    skipped = len(turns) - replayed
    note = f"; {skipped} turns after the end were skipped" if skipped else ""
    print(f"wrote {len(rows)} replies to {args.output} (end: {patient.end_reason or 'not reached'}{note})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
