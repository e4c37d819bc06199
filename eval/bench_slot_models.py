"""Slot-model benchmark: the extractive BIO tagger vs the generative tracker, on the real
validation split and the dev file.

    .venv/bin/python -m eval.bench_slot_models --checkpoint checkpoints/default \
        --t5-minutes 8 --output-dir eval/results

The tagger is read from the checkpoint's ``slots/`` folder (when the checkpoint's slot model is
the tagger); the generative tracker is trained here on the same data as ``python -m tod.train``
(:func:`tod.training.run.training_data`: synthetic plus real training turns, the real validation
split for early stopping) with the ``t5`` section of the training config (``--config``; offline
default: warm-started from the pretrained MiniLM as encoder and decoder), capped at
``--t5-minutes``, or loaded from ``--t5-dir``. Both are scored with the NLU slot metrics
(slot-key F1, slot F1 with value containment, value ROUGE) on the real validation split (when
the CRAFT-MD source is there) and the dev file, and timed one turn at a time (p50/p95) on this
machine. Both read each turn's question focus (``tod.nlu.questions``), as the parser does.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Callable

import numpy as np

from eval.common import DEV_FILE, ROOT
from eval.machine import format_machine, machine_info
from tod.nlu.annotations import load_annotations
from tod.nlu.checkpoint import DEFAULT_CHECKPOINT, read_manifest
from tod.nlu.metrics import slot_scores
from tod.nlu.questions import focus_turns, question_focus
from tod.nlu.slot_t5 import T5SlotTracker
from tod.nlu.parser import load_parser
from tod.training.config import load_config
from tod.training.run import training_data
from tod.training.t5 import train_t5_tracker


def _score(predict: Callable[[list[str]], list[dict[str, list[str]]]], turns: list) -> dict[str, object]:
    """Slot scores and per-turn latency of ``predict`` (texts -> slot dicts) reading each
    turn's question focus, as the parser feeds it (a turn with an empty focus gets no slots
    and is not timed)."""
    texts = [question_focus(t.text) for t in turns]
    predict([t for t in texts if t][:2])  # warm up
    single = []
    preds: list[dict[str, list[str]]] = []
    for text in texts:
        if not text:
            preds.append({})
            continue
        start = time.perf_counter()
        preds += predict([text])
        single.append(1000 * (time.perf_counter() - start))
    scores = slot_scores([t.slots for t in turns], preds)
    scores["latency_ms"] = {"p50": float(np.percentile(single, 50)), "p95": float(np.percentile(single, 95))}
    return scores


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", default=str(DEFAULT_CHECKPOINT))
    parser.add_argument("--config", default=str(ROOT / "training/configs/default.yaml"))
    parser.add_argument("--dev", default=str(DEV_FILE))
    parser.add_argument("--t5-dir", help="a trained T5 tracker folder (skips training)")
    parser.add_argument("--t5-minutes", type=float, default=10.0, help="training budget for the T5 tracker")
    parser.add_argument("--set", dest="overrides", action="append", default=[], help="training config overrides")
    parser.add_argument("--output-dir", default="eval/results")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (0 = torch's default)")
    args = parser.parse_args(argv)
    if args.threads > 0:
        import torch

        torch.set_num_threads(args.threads)

    config = load_config(args.config, args.overrides)
    data = training_data(config)
    sets = {"dev": load_annotations(args.dev)}
    if data.real is not None:
        sets = {"real validation": data.real.validation, **sets}
    out = Path(args.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, object] = {"benchmark": "slot_models", "dev_file": args.dev, "machine": machine_info()}
    models: dict[str, Callable[[list[str]], list[dict[str, list[str]]]]] = {}
    kind = read_manifest(args.checkpoint)["slot_model"]
    if kind != "t5":  # the checkpoint's tagger, or its joint model's tag head
        turn_model = load_parser(args.checkpoint).model
        models[kind] = lambda texts: turn_model.predict(texts).slots
    if args.t5_dir:
        models["t5"] = T5SlotTracker.load(args.t5_dir).predict
        note = f"Generative tracker loaded from {args.t5_dir}."
    else:
        config.t5.max_minutes = args.t5_minutes
        started = time.time()
        tracker = train_t5_tracker(focus_turns(data.train), focus_turns(data.tune), config.t5,
                                   work_dir=out / "t5_work", seed=config.seed)
        seconds = round(time.time() - started, 1)
        tracker.save(out / "t5_tracker")
        models["t5"] = tracker.predict
        results["t5_train_seconds"] = seconds
        results["t5_config"] = dataclasses.asdict(config.t5)
        note = (f"Generative tracker (base {config.t5.base_model}) trained for {seconds:.0f} s on {len(data.train)} "
                f"turns (budget {args.t5_minutes} min).")
    lines = ["# Slot models", "", format_machine(results["machine"]), "",
             "| turns | slot model | slot-key F1 | slot F1 | value ROUGE-1 | value ROUGE-L | p50 ms/turn | p95 ms/turn |",
             "|---|---|---|---|---|---|---|---|"]
    for set_name, turns in sets.items():
        for name, model in models.items():
            r = _score(model, turns)
            results[f"{name}:{set_name}"] = r
            lines.append(f"| {set_name} ({len(turns)}) | {name} | {r['slot_key']['f1']:.3f} | {r['slot']['f1']:.3f} | "
                         f"{r['value_rouge1']:.3f} | {r['value_rougeL']:.3f} | {r['latency_ms']['p50']:.1f} | "
                         f"{r['latency_ms']['p95']:.1f} |")
    lines += ["", note]
    text = "\n".join(lines)
    (out / "slot_models.json").write_text(json.dumps(results, indent=2, default=str))
    (out / "slot_models.md").write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
