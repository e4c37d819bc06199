"""The reply audit of issue 15: a fixed sample of (record, real doctor turn) pairs, blinded
A/B sheets of two versions' replies, and the scores of the judgments.

    # 1. replies of a version (run by path, so an older checkout's tod can be used:
    #    PYTHONPATH=/tmp/base python eval/audit_replies.py replies ...)
    python eval/audit_replies.py replies --output /tmp/replies_after.jsonl
    # 2. a blinded sheet of two versions (the key, which says which version wrote which
    #    reply, goes to a separate file the judge does not open)
    python eval/audit_replies.py sheet /tmp/replies_before.jsonl /tmp/replies_after.jsonl \
        --output /tmp/audit_sheet.md --key /tmp/audit_key.json
    # 3. scores of the judgments, per version
    python eval/audit_replies.py score eval/audits/replies/judgments.jsonl --key /tmp/audit_key.json

The sample (``eval/audits/replies/sample.jsonl``) holds ids only: the CRAFT-MD turn id and
the record id (embedded ``records/default.jsonl`` or an imported AgentClinic record), the
persona and the seed. Turn texts are read at run time from ``../shared/data/craftmd``; the
sheets hold them and therefore go to ``/tmp``, never into the repository. Each pair is put
to a fresh patient with its gold parse, so the audit judges the patient, not the NLU.
Protocol and criteria: ``eval/audits/replies/protocol.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AUDIT_DIR = ROOT / "eval" / "audits" / "replies"
SAMPLE = AUDIT_DIR / "sample.jsonl"
LABELS = "annotations/craftmd/labels/*.jsonl,annotations/craftmd/adjudicated.jsonl"
CRITERIA = ("complete", "faithful", "grammatical", "patient_like", "no_leak")
SAMPLE_SEED = 15


def _records(agentclinic_limit: int = 100) -> dict[str, object]:
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))  # after PYTHONPATH: an older checkout's tod and eval come first
    from eval import common

    records = {r.id: r for r in common.load_embedded()}
    records.update({r.id: r for r in common.load_agentclinic(agentclinic_limit)[0]})
    return records


def _turns() -> dict[str, object]:
    from tod.craftmd.labels import join_labels, label_files

    return {t.id: t for t in join_labels(label_files(",".join(str(ROOT / p) for p in LABELS.split(","))))}


def draw_sample(size: int, output: Path, *, seed: int = SAMPLE_SEED, exclude: Sequence[Path] = ()) -> None:
    """Draw ``size`` (turn, record) pairs: turns with gold intents, half on embedded and half
    on AgentClinic records, with ``random.Random(seed)``; write ids only.

    ``exclude`` names earlier samples whose turns are not drawn again, so that a new sample
    (another seed) holds only turns the earlier ones never showed; the pair numbers of every
    sample start at 0."""
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))  # after PYTHONPATH: an older checkout's tod and eval come first
    from eval import common

    rng = random.Random(seed)
    taken = {row["turn_id"] for path in exclude for row in _read_jsonl(path)}
    turn_ids = sorted(t.id for t in _turns().values() if t.intents and t.id not in taken)
    embedded = sorted(r.id for r in common.load_embedded())
    agentclinic = sorted(r.id for r in common.load_agentclinic(100)[0])
    chosen = rng.sample(turn_ids, size)
    with output.open("w", encoding="utf-8") as handle:
        for index, turn_id in enumerate(chosen):
            pool = embedded if index % 2 == 0 else agentclinic
            line = {"pair": index, "turn_id": turn_id, "record_id": rng.choice(pool), "persona": "phlegmatic", "seed": index}
            handle.write(json.dumps(line) + "\n")


def _read_jsonl(path: Path) -> list[dict]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"error: {path}:{number}: not JSON ({exc.msg})")
    return rows


def write_replies(sample: Path, output: Path) -> None:
    """The reply of a fresh patient (the ``tod`` on the path) to each pair of ``sample``."""
    from tod.nlu.types import TurnParse
    from tod.patient.agent import PatientAgent

    records, turns = _records(), _turns()
    with output.open("w", encoding="utf-8") as handle:
        for row in _read_jsonl(sample):
            turn, record = turns[row["turn_id"]], records[row["record_id"]]
            patient = PatientAgent.build(record.case, None, persona=row["persona"], seed=row["seed"], encoder="minilm")
            patient.opening()
            reply = patient.respond(turn.text, parse=TurnParse(turn.text, tuple(turn.intents), dict(turn.slots)))
            case = record.case.model_dump(exclude_none=True, exclude_defaults=True)
            handle.write(json.dumps({"pair": row["pair"], "reply": reply.text, "provenance": list(reply.provenance),
                                     "case": case}) + "\n")


def _case_block(title: str, case: dict) -> list[str]:
    """A sheet's case-facts block: the title, then the facts as indented JSON."""
    return [title, "", "```json", json.dumps(case, indent=1, ensure_ascii=False), "```", ""]


def write_sheet(first: Path, second: Path, sample: Path, output: Path, key: Path) -> None:
    """A blinded Markdown sheet: per pair the record's case facts, the doctor's turn and the
    two replies as X and Y in a random order; the order goes to ``key`` only. Each reply is
    shown with the case facts its version was given (the ``case`` of its replies row; older
    files without it: the record as this tree imports it); when the two differ (an importer
    changed), both blocks are shown."""
    records, turns = _records(), _turns()
    replies = [{r["pair"]: r for r in _read_jsonl(p)} for p in (first, second)]
    rng = random.Random(SAMPLE_SEED + 1)
    lines = ["# Reply audit sheet (blinded)", "",
             "Judge each reply on the five criteria of eval/audits/replies/protocol.md; write one JSON line per "
             'reply: {"pair": N, "reply": "X", "complete": 1, "faithful": 1, "grammatical": 1, "patient_like": 1, '
             '"no_leak": 1, "note": "..."}.', ""]
    order = {}
    for row in _read_jsonl(sample):
        pair = row["pair"]
        flip = rng.random() < 0.5
        order[pair] = {"X": "second" if flip else "first", "Y": "first" if flip else "second"}
        rows = {name: replies[0 if version == "first" else 1][pair] for name, version in order[pair].items()}
        current = records[row["record_id"]].case.model_dump(exclude_none=True, exclude_defaults=True)
        cases = {name: shown.get("case", current) for name, shown in rows.items()}
        lines += [f"## Pair {pair} (record {row['record_id']})", ""]
        if cases["X"] == cases["Y"]:
            lines += _case_block("Case facts:", cases["X"])
        else:  # the versions imported the record differently: each reply is judged on its own facts
            lines += _case_block("Case facts X was given:", cases["X"]) + _case_block("Case facts Y was given:", cases["Y"])
        lines += [f"Doctor: {turns[row['turn_id']].text}", "", f"X: {rows['X']['reply']}", "", f"Y: {rows['Y']['reply']}", ""]
    output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    key.write_text(json.dumps({"first": str(first), "second": str(second), "order": order}, indent=1) + "\n", encoding="utf-8")


def score(judgments: Path, key: Path) -> dict[str, dict[str, object]]:
    """Per version: replies judged, the share good on each criterion and on all five.

    Raises:
        SystemExit: a judgment line without a pair in the key or without a 0/1 criterion.
    """
    order = {int(k): v for k, v in json.loads(key.read_text(encoding="utf-8"))["order"].items()}
    counts: dict[str, Counter] = {}
    for number, row in enumerate(_read_jsonl(judgments), 1):
        where = f"{judgments}:{number}"
        if row.get("pair") not in order or row.get("reply") not in ("X", "Y"):
            raise SystemExit(f"error: {where}: expected a pair of the key and reply X or Y")
        if any(row.get(c) not in (0, 1) for c in CRITERIA):
            raise SystemExit(f"error: {where}: expected 0 or 1 for each of {', '.join(CRITERIA)}")
        version = order[row["pair"]][row["reply"]]
        tally = counts.setdefault(version, Counter())
        tally["judged"] += 1
        tally.update(c for c in CRITERIA if row[c])
        tally["all_five"] += all(row[c] for c in CRITERIA)
    return {v: {"judged": c["judged"], **{k: c[k] / c["judged"] for k in (*CRITERIA, "all_five")}} for v, c in counts.items()}


def main(argv: list[str] | None = None) -> int:
    """Command line; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    draw = sub.add_parser("draw", help="draw the fixed sample (ids only)")
    draw.add_argument("--size", type=int, default=160)
    draw.add_argument("--output", type=Path, default=SAMPLE)
    draw.add_argument("--seed", type=int, default=SAMPLE_SEED, help="the generator's seed (15: the audit sample)")
    draw.add_argument("--exclude", type=Path, action="append", default=[], help="an earlier sample whose turns are left out (repeatable)")
    rep = sub.add_parser("replies", help="replies of the tod on the path to the sample")
    rep.add_argument("--sample", type=Path, default=SAMPLE)
    rep.add_argument("--output", type=Path, required=True)
    sheet = sub.add_parser("sheet", help="a blinded A/B sheet of two reply files")
    sheet.add_argument("first", type=Path)
    sheet.add_argument("second", type=Path)
    sheet.add_argument("--sample", type=Path, default=SAMPLE)
    sheet.add_argument("--output", type=Path, default=Path("/tmp/audit_sheet.md"))
    sheet.add_argument("--key", type=Path, default=Path("/tmp/audit_key.json"))
    sc = sub.add_parser("score", help="score judgments against the key")
    sc.add_argument("judgments", type=Path)
    sc.add_argument("--key", type=Path, required=True)
    args = parser.parse_args(argv)
    import logging

    logging.getLogger("tod").setLevel(logging.ERROR)
    if args.command == "draw":
        draw_sample(args.size, args.output, seed=args.seed, exclude=args.exclude)
    elif args.command == "replies":
        write_replies(args.sample, args.output)
    elif args.command == "sheet":
        write_sheet(args.first, args.second, args.sample, args.output, args.key)
    else:
        print(json.dumps(score(args.judgments, args.key), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
