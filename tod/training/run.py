"""One training run: annotations -> NLU models (joint, or intent classifier + slot model) -> checkpoint folder."""

from __future__ import annotations

import json
import logging
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import torch
from transformers import set_seed

from tod.nlu.annotations import AnnotatedTurn, load_annotations
from tod.nlu.checkpoint import write_manifest
from tod.nlu.metrics import format_report, nlu_report
from tod.nlu.parser import NLUParser, PairedModels, TurnModel
from tod.nlu.questions import focus_turns
from tod.training.config import TrainConfig
from tod.training.real_turns import RealTurns, doctor_model_of, load_real_turns
from tod.training.self_training import self_training_turns
from tod.training.intent import train_intent_classifier
from tod.training.joint import train_joint_model
from tod.training.t5 import train_t5_tracker
from tod.training.tagger import train_slot_tagger

logger = logging.getLogger(__name__)


def evaluate_parser(parser: NLUParser, turns: Sequence[AnnotatedTurn]) -> dict[str, Any]:
    """NLU metrics of ``parser`` on labelled turns, with the mean parse time per turn."""
    start = time.perf_counter()
    parses = parser.parse_batch([t.text for t in turns])
    elapsed = time.perf_counter() - start
    report = nlu_report([t.intents for t in turns], [p.intents for p in parses],
                        [t.slots for t in turns], [p.slots for p in parses])
    report["batched_ms_per_turn"] = 1000 * elapsed / max(len(turns), 1)
    return report


def real_validation_sets(real: RealTurns) -> list[tuple[str, str, list[AnnotatedTurn]]]:
    """``(title, metrics key, turns)`` of the real validation split: all of it
    (``real_validation``), then each doctor model (``real_validation:MODEL``)."""
    sets = [("real validation (all doctor models)", "real_validation", real.validation)]
    for model in sorted({doctor_model_of(t.id) for t in real.validation}):
        turns = [t for t in real.validation if doctor_model_of(t.id) == model]
        sets.append((f"real validation, {model}", f"real_validation:{model}", turns))
    return sets


@dataclass
class TrainingData:
    """What the models are fitted and tuned on: ``train`` (synthetic turns plus the real
    training turns repeated ``real_turns.weight`` times), ``tune`` (the real validation split
    when real turns are available, else the synthetic validation file: early stopping and
    thresholds), the synthetic ``validation`` turns and the ``real`` turns for the report.
    The models read each turn's question focus (:func:`tod.nlu.questions.focus_turns`), as the
    parser feeds them."""

    train: list[AnnotatedTurn]
    tune: list[AnnotatedTurn]
    validation: list[AnnotatedTurn]
    real: RealTurns | None


def training_data(config: TrainConfig) -> TrainingData:
    """Load and mix the training data of ``config`` (see :class:`TrainingData`)."""
    train_turns = load_annotations(config.train_file)
    if config.max_train_examples > 0:
        train_turns = train_turns[: config.max_train_examples]
    validation = load_annotations(config.validation_file)
    real = load_real_turns(config.real_turns)
    tune_on = validation
    if real is not None:
        logger.info("real turns: %d training (x%d in the mix), %d validation", len(real.train),
                    config.real_turns.weight, len(real.validation))
        train_turns = train_turns + real.train * config.real_turns.weight
        tune_on = real.validation
    if config.self_training.enabled:
        if real is None:
            raise ValueError("self_training needs the real turns (real_turns.enabled and their source)")
        labelled = {t.id for t in real.train + real.validation}
        pseudo = self_training_turns(config.self_training, config.real_turns, labelled, config.seed)
        train_turns = train_turns + pseudo * config.self_training.weight
    return TrainingData(train_turns, tune_on, validation, real)


def fit_models(config: TrainConfig, train: list[AnnotatedTurn], tune: list[AnnotatedTurn], staging: Path,
               work: Path) -> TurnModel:
    """Fit the NLU models of ``config`` (the joint model, or the intent classifier and the slot
    model) on question foci, save them under ``staging`` and return them."""
    if config.slot_model == "joint":
        logger.info("training the joint intent and slot model on %d turns (base %s)", len(train),
                    config.joint.base_model)
        joint = train_joint_model(train, tune, config.joint, work_dir=work / "joint", seed=config.seed)
        joint.save(staging / "joint")
        return joint
    logger.info("training the intent classifier on %d turns (base %s)", len(train), config.intent.base_model)
    intents = train_intent_classifier(train, tune, config.intent, work_dir=work / "intent", seed=config.seed)
    intents.save(staging / "intent")
    logger.info("training the %s slot model", config.slot_model)
    if config.slot_model == "tagger":
        slots: Any = train_slot_tagger(train, tune, config.tagger, work_dir=work / "slots", seed=config.seed)
    else:
        slots = train_t5_tracker(train, tune, config.t5, work_dir=work / "slots", seed=config.seed)
    slots.save(staging / "slots")
    return PairedModels(intents, slots)


def train(config: TrainConfig) -> Path:
    """Train the NLU models of ``config`` and write ``config.output_dir``; returns that folder.

    The checkpoint is assembled in a sibling temporary folder and moved into place at the
    end, so an interrupted run never leaves a half-written checkpoint under the final name.
    """
    set_seed(config.seed)
    if config.threads > 0:
        torch.set_num_threads(config.threads)
    started = time.time()
    data = training_data(config)
    final = config.output_dir
    staging = final.parent / f".{final.name}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    work = staging / "work"
    parser = NLUParser(fit_models(config, focus_turns(data.train), focus_turns(data.tune), staging, work))
    shutil.rmtree(work, ignore_errors=True)
    real = data.real
    metrics: dict[str, Any] = {"validation": evaluate_parser(parser, data.validation),
                               "train_seconds": round(time.time() - started, 1),
                               "train_turns": len(data.train)}
    sections = [format_report("validation (synthetic)", metrics["validation"])]
    if real is not None:
        metrics["real_train_turns"] = len(real.train)
        for title, key, turns in real_validation_sets(real):
            metrics[key] = evaluate_parser(parser, turns)
            sections.append(format_report(title, metrics[key]))
    if config.dev_file:
        dev = load_annotations(config.dev_file)
        metrics["dev"] = evaluate_parser(parser, dev)
        sections.append(format_report(f"dev ({config.dev_file})", metrics["dev"]))
    write_manifest(staging, slot_kind=config.slot_model, config=config.to_dict(), metrics=metrics)
    (staging / "metrics.json").write_text(json.dumps(metrics, indent=2))
    (staging / "report.md").write_text(f"# NLU checkpoint {config.name}\n\n" + "\n\n".join(sections) + "\n")
    if final.exists():
        shutil.rmtree(final)
    staging.rename(final)
    return final
