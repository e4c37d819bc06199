"""NLU benchmark: dev-set accuracy and parse latency of a trained checkpoint.

    .venv/bin/python -m eval.bench_nlu --checkpoint checkpoints/default \
        --dev ../shared/data/dev/doctor_turns_dev.jsonl --output-dir eval/results

Prints and writes (Markdown + JSON) intent micro/macro F1, per-intent F1, slot-key and slot F1,
value ROUGE, empty-turn accuracy, and latency per turn (one turn at a time, p50/p95, and
batched), with the machine it ran on. ``--real-validation`` also scores the real CRAFT-MD
validation split of the training config (when its source is there); ``--nlu-dtype qint8``
measures the int8-quantised NLU (``load_parser(..., dtype="qint8")``) and writes
``nlu_<checkpoint>_qint8.*``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from eval.common import DEV_FILE
from eval.machine import format_machine, machine_info
from tod.nlu.annotations import load_annotations
from tod.nlu.checkpoint import DEFAULT_CHECKPOINT
from tod.nlu.metrics import format_report
from tod.nlu.parser import load_parser
from tod.training.config import load_config
from tod.training.real_turns import load_real_turns
from tod.training.run import evaluate_parser


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", default=str(DEFAULT_CHECKPOINT))
    parser.add_argument("--dev", default=str(DEV_FILE))
    parser.add_argument("--output-dir", default="eval/results")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N dev turns")
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads (0 = torch's default); 1 as in the other benchmarks: on a loaded "
                             "2-core machine two threads contend and per-turn latency grows 10-50x")
    parser.add_argument("--nlu-dtype", choices=["qint8"], default=None,
                        help="run the NLU in this weight type (default: the checkpoint's float32)")
    parser.add_argument("--real-validation", action="store_true",
                        help="also score the real validation split of the default training config")
    args = parser.parse_args(argv)
    if args.threads > 0:
        import torch

        torch.set_num_threads(args.threads)

    turns = load_annotations(args.dev)
    if args.limit:
        turns = turns[: args.limit]
    nlu = load_parser(args.checkpoint, dtype=args.nlu_dtype)
    nlu.parse("warm up")
    report = evaluate_parser(nlu, turns)
    real_report = None
    if args.real_validation:
        real = load_real_turns(load_config(None).real_turns)
        if real is None:
            print("no real validation split: the CRAFT-MD source of the training config is missing", file=sys.stderr)
        else:
            real_report = evaluate_parser(nlu, real.validation)
    single = []
    for turn in turns:
        start = time.perf_counter()
        nlu.parse(turn.text)
        single.append(1000 * (time.perf_counter() - start))
    report["latency_ms"] = {"p50": float(np.percentile(single, 50)), "p95": float(np.percentile(single, 95)),
                            "batched_per_turn": report.pop("batched_ms_per_turn")}
    info = machine_info()
    manifest = json.loads((Path(args.checkpoint) / "manifest.json").read_text())
    result = {"benchmark": "nlu", "checkpoint": args.checkpoint, "slot_model": manifest["slot_model"],
              "dev_file": args.dev, "nlu_dtype": args.nlu_dtype or "float32", "machine": info, "report": report,
              "real_validation": real_report}
    lat = report["latency_ms"]
    text = "\n".join([
        f"# NLU benchmark ({args.checkpoint}, slot model: {manifest['slot_model']}, "
        f"weights {args.nlu_dtype or 'float32'})", "",
        format_machine(info), "",
        format_report(f"dev {Path(args.dev).name}", report), "",
        *([format_report("real validation", real_report), ""] if real_report else []),
        f"Parse latency per turn: p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms (one at a time); "
        f"{lat['batched_per_turn']:.1f} ms batched.",
    ])
    out = Path(args.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    stem = f"nlu_{Path(args.checkpoint).name}" + (f"_{args.nlu_dtype}" if args.nlu_dtype else "")
    (out / f"{stem}.json").write_text(json.dumps(result, indent=2))
    (out / f"{stem}.md").write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
