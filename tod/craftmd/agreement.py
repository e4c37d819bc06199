"""Inter-annotator agreement on the doubly labelled CRAFT-MD messages.

    python -m tod.craftmd.agreement --first 'annotations/craftmd/labels/*.jsonl' \\
        --second 'annotations/craftmd/double/*.jsonl'

Each id labelled in both sets is scored with the NLU metrics (the first annotator as "gold"):
intent micro-F1 is symmetric; slot F1 with containment matching is nearly so.
"""

from __future__ import annotations

import argparse
import json
import sys

from tod.craftmd.conversations import DEFAULT_SOURCE, SourceError, doctor_message_texts
from tod.craftmd.labels import label_files, read_label_file
from tod.nlu.annotations import AnnotatedTurn, TurnFileError
from tod.nlu.metrics import nlu_report


def _by_id(patterns: str, texts: dict[str, str]) -> dict[str, AnnotatedTurn]:
    return {t.id: t for path in label_files(patterns) for t in read_label_file(path, texts)}


def agreement(first: dict[str, AnnotatedTurn], second: dict[str, AnnotatedTurn]) -> dict[str, object]:
    """Agreement figures over the ids both sets label: count, intent micro-F1, slot F1, exact
    matches of the whole label, and the ids that differ."""
    ids = sorted(set(first) & set(second))
    a, b = [first[i] for i in ids], [second[i] for i in ids]
    report = nlu_report([t.intents for t in a], [t.intents for t in b], [t.slots for t in a], [t.slots for t in b])
    differ = [i for i in ids if set(first[i].intents) != set(second[i].intents)]
    return {"messages": len(ids), "intent_micro_f1": report["intents"]["micro_f1"],
            "slot_f1": report["slots"]["slot"]["f1"], "empty_turn_agreement": report["empty_turn_accuracy"],
            "identical_intents": len(ids) - len(differ), "intent_disagreements": differ}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", default="annotations/craftmd/labels/*.jsonl")
    parser.add_argument("--second", default="annotations/craftmd/double/*.jsonl")
    parser.add_argument("--source", default=str(DEFAULT_SOURCE))
    args = parser.parse_args(argv)
    try:
        texts = doctor_message_texts(args.source)
        result = agreement(_by_id(args.first, texts), _by_id(args.second, texts))
    except (TurnFileError, SourceError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
