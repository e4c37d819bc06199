"""Fitting the joint intent-and-slot model (:class:`tod.nlu.joint_model.JointIntentSlotModel`).

One pretrained encoder learns both tasks at once (``slot_model: joint``): each turn brings its
intents (multi-hot, binary cross-entropy) and its BIO slot tags (placed as the tagger places
them, :func:`tod.training.tagger.locate_slot_spans`). Early stopping follows the mean of the
intent micro-F1 (at 0.5) and the slot-tag F1; the intent thresholds are then tuned on the
validation turns as for the separate classifier (:func:`tod.training.intent.tuned_thresholds`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import numpy as np
from datasets import Dataset
from transformers import AutoModel, DataCollatorForTokenClassification

from tod.nlu.annotations import AnnotatedTurn
from tod.nlu.encoders import load_tokenizer, resolve_model_name
from tod.nlu.joint_model import IntentSlotNetwork, JointIntentSlotModel
from tod.schema import INTENTS
from tod.training.config import JointConfig
from tod.training.hf_trainer import TurnTask, fit_turns
from tod.training.intent import init_bias_to_prior, intent_matrix, micro_f1, tuned_thresholds
from tod.training.tagger import tagged_columns, token_f1


def _dataset(turns: Sequence[AnnotatedTurn], tokenizer: Any, max_length: int) -> Dataset:
    columns = tagged_columns(turns, tokenizer, max_length)
    columns["intent_labels"] = intent_matrix(turns).tolist()
    return Dataset.from_dict(columns)


def joint_f1(eval_pred: Any) -> dict[str, float]:
    """Intent micro-F1, slot-tag F1 and their mean (``joint_f1``, early stopping's metric) of
    ``((intent_logits, tag_logits), (intent_labels, tag_labels))``."""
    (intent_logits, tag_logits), (intent_labels, tag_labels) = eval_pred
    scores = {**micro_f1((intent_logits, intent_labels)), **token_f1((tag_logits, tag_labels))}
    return {**scores, "joint_f1": (scores["micro_f1"] + scores["token_f1"]) / 2}


#: Intents and tags of a turn: token labels padded by the token-classification collator (the
#: intent rows are all of one length, so they batch as they are).
_TASK = TurnTask(dataset=_dataset, collator=DataCollatorForTokenClassification, metric="joint_f1",
                 compute_metrics=joint_f1, label_names=("intent_labels", "labels"))


def train_joint_model(
    train: Sequence[AnnotatedTurn],
    validation: Sequence[AnnotatedTurn],
    config: JointConfig,
    *,
    work_dir: Path,
    seed: int,
) -> JointIntentSlotModel:
    """Fine-tune ``config.base_model`` with an intent head and a tag head on ``train`` (early
    stopping on :func:`joint_f1` of the first ``config.eval_examples`` validation turns), then
    tune the intent thresholds on all of ``validation``."""
    tokenizer = load_tokenizer(config.tokenizer or config.base_model)
    network = IntentSlotNetwork(AutoModel.from_pretrained(resolve_model_name(config.base_model)),
                                slot_loss_weight=config.slot_loss_weight)
    init_bias_to_prior(network, intent_matrix(train))
    trainer = fit_turns(network, tokenizer, _TASK, train, validation, config, work_dir=work_dir, seed=seed)
    model = JointIntentSlotModel(trainer.model, tokenizer, np.full(len(INTENTS), 0.5), max_length=config.max_length)
    model.thresholds = tuned_thresholds(model.predict([t.text for t in validation]).probs, validation, config)
    return model
