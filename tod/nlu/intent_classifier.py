"""Multi-label intent classifier: any HF encoder + sigmoid outputs, thresholds per intent.

Built with ``AutoModelForSequenceClassification`` and ``problem_type="multi_label_classification"``
(BCE loss). After training, one threshold per intent is chosen on the validation set to
maximise that intent's F-beta (``intent.threshold_beta``, default 2: recall first, since a
missed intent is a question the patient leaves unanswered; intents too rare to tune keep
0.5). A turn whose probabilities are all below their thresholds has no intent: a turn with
no question.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import numpy as np
import torch
from datasets import Dataset
from sklearn.metrics import f1_score, fbeta_score
from transformers import AutoModelForSequenceClassification, DataCollatorWithPadding

from tod.nlu.annotations import AnnotatedTurn
from tod.nlu.encoders import load_tokenizer, resolve_model_name, warn_if_truncated
from tod.schema import INTENTS
from tod.training.config import IntentConfig
from tod.training.hf_trainer import fit

THRESHOLD_GRID = np.round(np.arange(0.05, 0.96, 0.05), 2)
MIN_POSITIVES_TO_TUNE = 5
THRESHOLDS_FILE = "thresholds.json"


def intent_matrix(turns: Sequence[AnnotatedTurn]) -> np.ndarray:
    """Multi-hot matrix (turns x 29 intents)."""
    index = {name: i for i, name in enumerate(INTENTS)}
    matrix = np.zeros((len(turns), len(INTENTS)), dtype=np.float32)
    for row, turn in enumerate(turns):
        for name in turn.intents:
            matrix[row, index[name]] = 1.0
    return matrix


def tune_thresholds(probs: np.ndarray, gold: np.ndarray, *, beta: float = 1.0) -> np.ndarray:
    """Per-intent thresholds maximising F-beta on ``(probs, gold)`` (``beta`` > 1 favours
    recall); 0.5 for intents with fewer than :data:`MIN_POSITIVES_TO_TUNE` positives. Ties
    keep the threshold closest to 0.5."""
    thresholds = np.full(probs.shape[1], 0.5)
    order = sorted(THRESHOLD_GRID, key=lambda t: abs(t - 0.5))
    for j in range(probs.shape[1]):
        if gold[:, j].sum() < MIN_POSITIVES_TO_TUNE:
            continue
        scores = [(fbeta_score(gold[:, j], probs[:, j] >= t, beta=beta, zero_division=0), t) for t in order]
        thresholds[j] = max(scores, key=lambda s: s[0])[1]
    return thresholds


class IntentClassifier:
    """A trained classifier with its tokenizer and per-intent thresholds."""

    def __init__(self, model: Any, tokenizer: Any, thresholds: np.ndarray, *, max_length: int) -> None:
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.thresholds = np.asarray(thresholds, dtype=np.float64)
        self.max_length = max_length

    @torch.inference_mode()
    def predict_proba(self, texts: Sequence[str], *, batch_size: int = 32) -> np.ndarray:
        """Sigmoid probabilities (len(texts) x 29). Texts longer than ``max_length`` tokens
        are truncated with a logged warning."""
        texts = list(texts)
        warn_if_truncated(self.tokenizer, texts, self.max_length, what="intent classifier")
        out = []
        for start in range(0, len(texts), batch_size):
            batch = self.tokenizer(texts[start:start + batch_size], truncation=True, max_length=self.max_length,
                                   padding=True, return_tensors="pt")
            out.append(torch.sigmoid(self.model(**batch).logits).float().numpy())
        return np.concatenate(out) if out else np.zeros((0, len(INTENTS)))

    def decode(self, probs: np.ndarray) -> list[tuple[str, ...]]:
        """Intents whose probability reaches their threshold, in schema order."""
        return [tuple(INTENTS[j] for j in np.flatnonzero(row >= self.thresholds)) for row in probs]

    def predict(self, texts: Sequence[str], *, batch_size: int = 32) -> list[tuple[str, ...]]:
        """The intents of each text."""
        return self.decode(self.predict_proba(texts, batch_size=batch_size))

    def save(self, directory: str | Path) -> None:
        """Write model, tokenizer and thresholds to ``directory``."""
        directory = Path(directory)
        self.model.save_pretrained(directory)
        self.tokenizer.save_pretrained(directory)
        payload = {"intents": list(INTENTS), "thresholds": self.thresholds.tolist(), "max_length": self.max_length}
        (directory / THRESHOLDS_FILE).write_text(json.dumps(payload, indent=2))

    @classmethod
    def load(cls, directory: str | Path) -> "IntentClassifier":
        """Load a classifier written by :meth:`save`."""
        directory = Path(directory)
        payload = json.loads((directory / THRESHOLDS_FILE).read_text())
        model = AutoModelForSequenceClassification.from_pretrained(directory)
        return cls(model, load_tokenizer(str(directory)), np.array(payload["thresholds"]),
                   max_length=int(payload["max_length"]))


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


def _dataset(turns: Sequence[AnnotatedTurn], tokenizer: Any, max_length: int) -> Dataset:
    data = Dataset.from_dict({"text": [t.text for t in turns], "labels": intent_matrix(turns).tolist()})
    return data.map(lambda b: tokenizer(b["text"], truncation=True, max_length=max_length),
                    batched=True, remove_columns=["text"])


def _micro_f1(eval_pred: Any) -> dict[str, float]:
    logits, labels = eval_pred
    preds = (1 / (1 + np.exp(-logits))) >= 0.5
    return {"micro_f1": float(f1_score(labels, preds, average="micro", zero_division=0))}


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
    for the F-beta of ``config.threshold_beta``."""
    tokenizer = load_tokenizer(config.tokenizer or config.base_model)
    model = build_model(config.base_model)
    init_bias_to_prior(model, intent_matrix(train))
    trainer = fit(
        model=model,
        tokenizer=tokenizer,
        train_dataset=_dataset(train, tokenizer, config.max_length),
        eval_dataset=_dataset(validation[: config.eval_examples or None], tokenizer, config.max_length),
        data_collator=DataCollatorWithPadding(tokenizer),
        work_dir=work_dir,
        settings=config,
        seed=seed,
        metric="micro_f1",
        compute_metrics=_micro_f1,
    )
    classifier = IntentClassifier(trainer.model, tokenizer, np.full(len(INTENTS), 0.5), max_length=config.max_length)
    probs = classifier.predict_proba([t.text for t in validation])
    classifier.thresholds = tune_thresholds(probs, intent_matrix(validation), beta=config.threshold_beta)
    return classifier
