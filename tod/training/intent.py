"""Fitting the intent classifier (:class:`tod.nlu.intent_classifier.IntentClassifier`).

``AutoModelForSequenceClassification`` with ``problem_type="multi_label_classification"``
(BCE loss), its output bias set to the intents' training frequencies. After training, the
decision thresholds are chosen on the validation set (``intent.threshold_scope``: one shared
by all intents for the best micro F-beta, the default, or one per intent for that intent's
F-beta, rare intents keeping 0.5; ``intent.threshold_beta``, default 1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import numpy as np
import torch
from datasets import Dataset
from sklearn.metrics import f1_score
from transformers import AutoModelForSequenceClassification, DataCollatorWithPadding

from tod.nlu.annotations import AnnotatedTurn
from tod.nlu.encoders import load_tokenizer, resolve_model_name
from tod.nlu.intent_classifier import IntentClassifier
from tod.schema import INTENTS
from tod.training.config import IntentConfig
from tod.training.hf_trainer import TurnTask, fit_turns
from tod.training.thresholds import tune_shared_threshold, tune_thresholds


def intent_matrix(turns: Sequence[AnnotatedTurn]) -> np.ndarray:
    """Multi-hot matrix (turns x 29 intents)."""
    index = {name: i for i, name in enumerate(INTENTS)}
    matrix = np.zeros((len(turns), len(INTENTS)), dtype=np.float32)
    for row, turn in enumerate(turns):
        for name in turn.intents:
            matrix[row, index[name]] = 1.0
    return matrix


def build_model(base_model: str) -> Any:
    """A fresh multi-label head on ``base_model`` (hub name, path or ``"minilm"``)."""
    return AutoModelForSequenceClassification.from_pretrained(
        resolve_model_name(base_model),
        num_labels=len(INTENTS),
        problem_type="multi_label_classification",
        id2label=dict(enumerate(INTENTS)),
        label2id={name: i for i, name in enumerate(INTENTS)},
        ignore_mismatched_sizes=True,
    )


def init_bias_to_prior(model: Any, gold: np.ndarray) -> None:
    """Set the output bias to the logit of each intent's training frequency, so training
    starts from the base rates instead of p=0.5 (faster convergence with rare labels)."""
    prior = np.clip(gold.mean(axis=0), 1e-3, 1 - 1e-3)
    head = model.get_output_embeddings() if hasattr(model, "get_output_embeddings") else None
    linear = getattr(model, "classifier", None) or getattr(model, "score", None) or head
    while linear is not None and not hasattr(linear, "bias"):
        linear = getattr(linear, "out_proj", None)
    if linear is None or linear.bias is None:
        return
    with torch.no_grad():
        linear.bias.copy_(torch.tensor(np.log(prior / (1 - prior)), dtype=linear.bias.dtype))


def tuned_thresholds(probs: np.ndarray, validation: Sequence[AnnotatedTurn], config: IntentConfig) -> np.ndarray:
    """Decision thresholds for intent probabilities ``probs`` of the ``validation`` turns, as
    ``config.threshold_scope`` and ``config.threshold_beta`` say."""
    tune = tune_shared_threshold if config.threshold_scope == "shared" else tune_thresholds
    return tune(probs, intent_matrix(validation), beta=config.threshold_beta)


def _dataset(turns: Sequence[AnnotatedTurn], tokenizer: Any, max_length: int) -> Dataset:
    data = Dataset.from_dict({"text": [t.text for t in turns], "labels": intent_matrix(turns).tolist()})
    return data.map(lambda b: tokenizer(b["text"], truncation=True, max_length=max_length),
                    batched=True, remove_columns=["text"])


def micro_f1(eval_pred: Any) -> dict[str, float]:
    """Intent micro-F1 at threshold 0.5 of ``(logits, labels)`` (early stopping's metric)."""
    logits, labels = eval_pred
    preds = (1 / (1 + np.exp(-logits))) >= 0.5
    return {"micro_f1": float(f1_score(labels, preds, average="micro", zero_division=0))}


#: Multi-label intents: padded batches, early stopping on micro-F1.
_TASK = TurnTask(dataset=_dataset, collator=DataCollatorWithPadding, metric="micro_f1", compute_metrics=micro_f1)


def train_intent_classifier(
    train: Sequence[AnnotatedTurn],
    validation: Sequence[AnnotatedTurn],
    config: IntentConfig,
    *,
    work_dir: Path,
    seed: int,
) -> IntentClassifier:
    """Fine-tune ``config.base_model`` on ``train`` (early stopping on the micro-F1 of the first
    ``config.eval_examples`` validation turns), then tune thresholds on all of ``validation``
    (``config.threshold_scope``, for the F-beta of ``config.threshold_beta``)."""
    tokenizer = load_tokenizer(config.tokenizer or config.base_model)
    model = build_model(config.base_model)
    init_bias_to_prior(model, intent_matrix(train))
    trainer = fit_turns(model, tokenizer, _TASK, train, validation, config, work_dir=work_dir, seed=seed)
    classifier = IntentClassifier(trainer.model, tokenizer, np.full(len(INTENTS), 0.5), max_length=config.max_length)
    classifier.thresholds = tuned_thresholds(classifier.predict_proba([t.text for t in validation]), validation, config)
    return classifier
