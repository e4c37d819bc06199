"""``python -m tod.chat``: play the doctor against the simulated patient in the terminal.

    python -m tod.chat --records records/example.json --record-id im-001 --persona sanguine --debug

Type a question per line; an empty line is ignored; "quit" or end of input (Ctrl-D) ends
the session. The patient knows only the results they were told before this visit; order
tests or examinations ("ORDER: full blood count; chest X-ray", "let me examine your
abdomen") to get this visit's results from the examiner. Once the interview ends the patient
asks for your diagnosis, its basis and the treatment; after your answers a score card shows
how you did (facts elicited per field family, questions asked and repeated, whether your
top-1 diagnosis matched, the record fields you never asked about; see
:mod:`tod.evaluation.score_card`). ``--debug`` prints the parsed intents and slots, the record
fields each reply used (provenance) and the dialogue events. The reference answers are shown
only with ``--reveal``, after the score card.
"""

from __future__ import annotations

import argparse
import json
import sys

from tod.nlu.checkpoint import DEFAULT_CHECKPOINT
from tod.patient.cli_support import CLIError, load_nlu, load_record
from tod.patient.persona import Persona, PersonaError
from tod.patient.reply import PatientReply


def _debug_line(reply: PatientReply) -> str:
    return (
        f"  [intents: {', '.join(reply.intents) or '-'}] [slots: {json.dumps(reply.slots, ensure_ascii=False)}]"
        f" [provenance: {', '.join(reply.provenance) or '-'}] [events: {', '.join(reply.events) or '-'}]"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the interactive chat; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tod.chat", description=__doc__.splitlines()[0])
    parser.add_argument("--records", required=True, help="records file (JSONL, or a .json record)")
    parser.add_argument("--record-id", required=True, help="id of the patient's record")
    parser.add_argument("--persona", default="phlegmatic", help="TEMPERAMENT[,volunteer|no-volunteer,colloquial,uncertain]")
    parser.add_argument("--checkpoint", default=str(DEFAULT_CHECKPOINT), help="NLU checkpoint folder")
    parser.add_argument("--seed", type=int, default=0, help="seed of the patient's wording choices")
    parser.add_argument("--debug", action="store_true", help="print intents, slots, provenance and events")
    parser.add_argument("--unrecorded", choices=("not_available", "normal"), default="not_available",
                        help="the examiner's answer for an ordered test without a recorded result")
    parser.add_argument("--reveal", action="store_true", help="show the reference answers after the score card")
    args = parser.parse_args(argv)
    try:
        persona = Persona.parse(args.persona)
        record = load_record(args.records, args.record_id)
        nlu = load_nlu(args.checkpoint)
    except (CLIError, PersonaError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1

    from tod.examiner import Examiner, patient_view
    from tod.patient.agent import PatientAgent
    from tod.session import play_turn

    patient = PatientAgent.build(patient_view(record).record.case, nlu, persona=persona, seed=args.seed)
    examiner = Examiner(record.case, unrecorded=args.unrecorded)
    print(f"Patient {record.id} ({persona.temperament}). Type your questions; 'quit' or Ctrl-D ends.")
    opening = patient.opening().text
    print(f"patient> {opening}")
    replies: list[tuple[str, PatientReply]] = []
    while not patient.finished:
        try:
            line = input("doctor> ")
        except EOFError:
            print()
            break
        if line.strip().lower() in ("quit", "exit"):
            break
        if not line.strip():
            continue
        turn = play_turn(line, patient, examiner)
        replies.append((line, turn.patient))
        print(f"patient> {turn.patient.text}")
        if turn.examiner is not None:
            print(f"examiner> {turn.examiner.text}")
        if args.debug:
            print(_debug_line(turn.patient))
    if patient.finished:
        print(f"[consultation finished: {patient.end_reason}; facts revealed: {len(patient.revealed)}]")
        from tod.evaluation.score_card import practice_transcript, render_reference, render_score_card, score_card

        transcript = practice_transcript(
            record,
            opening,
            replies,
            summary_answers=patient.summary_answers,
            revealed=list(patient.revealed),
            end_reason=patient.end_reason,
        )
        print(render_score_card(score_card(record, transcript)))
        if args.reveal:
            print(render_reference(record.reference))
    elif args.reveal:
        print("[the reference answers are shown after the closing questions only]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
