"""Command line: ``python -m tod.training.corpus --seed 13 --num-turns 20000 --output-dir annotations``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tod.jsonio import write_jsonl_atomic
from tod.training.corpus import build
from tod.training.corpus.lexicon import Lexicons

MIN_EXAMPLES = 150
#: Intent pairs printed: the highest P(B | A), over intents A asked in this many turns.
TOP_PAIRS, PAIR_SUPPORT = 10, 100


def _parse(argv: list[str] | None) -> argparse.Namespace:
    defaults = build.Sources()
    parser = argparse.ArgumentParser(prog="python -m tod.training.corpus", description=__doc__)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--num-turns", type=int, default=20000, help="generated turns (hand-written ones are added)")
    parser.add_argument("--output-dir", type=Path, default=Path("annotations"))
    parser.add_argument("--lexicon-dir", type=Path, default=defaults.lexicons)
    parser.add_argument("--phrasing-dir", type=Path, default=defaults.phrasings)
    parser.add_argument("--handwritten", type=Path, default=defaults.handwritten)
    parser.add_argument(
        "--allow-small-lexicons", action="store_true", help="generate even if a lexicon is below its required size"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Generate, split and write the corpus; print per-intent and per-slot counts and the
    intent pairs most often asked together."""
    args = _parse(argv)
    sources = build.Sources(args.lexicon_dir, args.phrasing_dir, args.handwritten)
    small = Lexicons.load(sources.lexicons).missing_requirements()
    if small and not args.allow_small_lexicons:
        print(f"lexicons below their required size: {small} (use --allow-small-lexicons)", file=sys.stderr)
        return 2
    records = build.generate(args.seed, args.num_turns, build.load_builder(sources), progress=True)
    handwritten = build.load_handwritten(sources.handwritten) if sources.handwritten.exists() else []
    train, validation = build.split(records + handwritten, args.seed)
    write_jsonl_atomic(args.output_dir / "train.jsonl", train)
    write_jsonl_atomic(args.output_dir / "validation.jsonl", validation)

    intents, slots, empty = build.label_counts(train)
    print(f"generated {len(records)} + hand-written {len(handwritten)} turns")
    print(f"train {len(train)} ({empty} with no question), validation {len(validation)}")
    print("\ntraining turns per intent:")
    for name, count in intents.items():
        print(f"  {name:34s} {count:6d}{'  < ' + str(MIN_EXAMPLES) if count < MIN_EXAMPLES else ''}")
    print("\ntraining slot values per slot:")
    for name, count in slots.items():
        print(f"  {name:34s} {count:6d}{'  < ' + str(MIN_EXAMPLES) if count < MIN_EXAMPLES else ''}")
    pairs = build.cooccurrence(train)
    common = [pair for pair in pairs if intents[pair[0]] >= PAIR_SUPPORT]
    print(f"\nintents asked together, P(B | A) (A in >= {PAIR_SUPPORT} training turns; compare the real turns):")
    for a, b in sorted(common, key=lambda pair: -pairs[pair])[:TOP_PAIRS]:
        print(f"  {a:34s} {b:34s} {pairs[a, b]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
