"""Which F-beta should the per-intent thresholds maximise? Cross-fitted on the real validation split.

    .venv/bin/python -m eval.bench_thresholds --checkpoint checkpoints/default --output-dir eval/results

The checkpoint's thresholds were tuned on the whole real validation split, so scoring them on
that split flatters them. Here the split's cases are divided into two folds (a stable salted hash
of the case id); thresholds tuned on one fold for each beta are scored on the other, and the
two folds' predictions are pooled into one intent micro P/R/F1 per setting: one threshold
per intent or one shared by all intents, each for several betas. A fixed 0.5 for every
intent is the reference row.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from sklearn.metrics import precision_recall_fscore_support

from eval.machine import format_machine, machine_info
from tod.nlu.parser import load_parser
from tod.nlu.questions import focus_turns
from tod.training.config import load_config
from tod.training.intent import intent_matrix
from tod.training.real_turns import case_of, in_validation, load_real_turns
from tod.training.thresholds import tune_shared_threshold, tune_thresholds

BETAS = (0.5, 1.0, 2.0)


def cross_fitted(probs: np.ndarray, gold: np.ndarray, fold: np.ndarray, beta: float | None,
                 shared: bool = False) -> np.ndarray:
    """Predictions of each fold with thresholds tuned on the other fold (``beta`` None: 0.5;
    ``shared``: one threshold for all intents, else one per intent)."""
    predicted = np.zeros_like(gold, dtype=bool)
    tune = tune_shared_threshold if shared else tune_thresholds
    for part in (False, True):
        mine, other = fold == part, fold != part
        thresholds = np.full(gold.shape[1], 0.5) if beta is None else tune(probs[other], gold[other], beta=beta)
        predicted[mine] = probs[mine] >= thresholds
    return predicted


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--config", default="training/configs/default.yaml",
                        help="training config whose real_turns section names the labels and source")
    parser.add_argument("--output-dir", default="eval/results")
    args = parser.parse_args(argv)
    real = load_real_turns(load_config(args.config).real_turns)
    if real is None:
        print("error: the real turns (CRAFT-MD source and labels) are needed", file=sys.stderr)
        return 1
    turns = focus_turns(real.validation)
    probs = load_parser(args.checkpoint).model.predict([t.text for t in turns]).probs
    gold = intent_matrix(turns)
    # The split's own hash put all these cases below its share; a salted hash halves them.
    fold = np.array([in_validation(f"{case_of(t.id)}#fold", 0.5) for t in turns])
    rows = {}
    settings = [("0.5 fixed", None, False)] + [(f"per intent, F{b:g}", b, False) for b in BETAS] \
        + [(f"shared, F{b:g}", b, True) for b in BETAS]
    for name, beta, shared in settings:
        predicted = cross_fitted(probs, gold, fold, beta, shared)
        p, r, f, _ = precision_recall_fscore_support(gold, predicted, average="micro", zero_division=0)
        rows[name] = {"precision": p, "recall": r, "f1": f}
    lines = [f"# Intent thresholds, cross-fitted on the real validation split ({len(turns)} turns with a question, "
             f"{int(fold.sum())}/{int((~fold).sum())} per fold)", "", format_machine(machine_info()), "",
             f"Checkpoint: {args.checkpoint}", "", "| thresholds | P | R | F1 |", "|---|---|---|---|"]
    lines += [f"| {name} | {v['precision']:.3f} | {v['recall']:.3f} | {v['f1']:.3f} |" for name, v in rows.items()]
    out = Path(args.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "thresholds.json").write_text(json.dumps({"checkpoint": args.checkpoint, "rows": rows}, indent=2))
    (out / "thresholds.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
