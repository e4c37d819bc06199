"""Fitting the extractive slot tagger (:class:`tod.nlu.slot_tagger.SlotTagger`): BIO labels
from gold slot spans, a token-classification head, early stopping on slot-tag F1.

Annotations give slot values as strings copied from the turn, not offsets. A value is placed
at its occurrences inside question sentences (:func:`tod.nlu.questions.question_sentences`);
if it occurs in none, at its last occurrence. Longer values are placed first and spans never
overlap.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Sequence

from datasets import Dataset
from transformers import AutoModelForTokenClassification, DataCollatorForTokenClassification

from tod.nlu.annotations import AnnotatedTurn
from tod.nlu.encoders import load_tokenizer, resolve_model_name
from tod.nlu.questions import question_sentences
from tod.nlu.slot_tagger import SlotTagger
from tod.nlu.spans import TAG_TO_ID, TAGS, Span
from tod.training.config import ModelConfig
from tod.training.hf_trainer import TurnTask, fit_turns

IGNORE = -100


def locate_slot_spans(text: str, slots: dict[str, list[str]]) -> list[Span]:
    """``(start, end, slot)`` spans for the slot values of a turn, sorted by start."""
    low = text.lower()
    regions = question_sentences(text)
    taken: list[Span] = []
    pairs = sorted(((s, v) for s, vs in slots.items() for v in vs), key=lambda p: -len(p[1]))
    for slot, value in pairs:
        needle = value.lower()
        starts = [m.start() for m in re.finditer(re.escape(needle), low)]
        free = [i for i in starts if all(i + len(needle) <= a or i >= b for a, b, _ in taken)]
        if not free:
            continue
        in_questions = [i for i in free if any(a <= i < b for a, b in regions)]
        for start in in_questions or free[-1:]:
            taken.append((start, start + len(needle), slot))
    return sorted(taken)


def tag_ids_for(offsets: Sequence[tuple[int, int]], spans: Sequence[Span]) -> list[int]:
    """BIO tag ids for tokens with character ``offsets``; special tokens ((0, 0)) get -100."""
    tags = []
    for start, end in offsets:
        if start == end:
            tags.append(IGNORE)
            continue
        tag = "O"
        for s_start, s_end, slot in spans:
            if start >= s_start and end <= s_end:
                tag = f"{'B' if start == s_start or not tags or tags[-1] == TAG_TO_ID['O'] else 'I'}-{slot}"
                break
        tags.append(TAG_TO_ID[tag])
    return tags


def tagged_columns(turns: Sequence[AnnotatedTurn], tokenizer: Any, max_length: int) -> dict[str, list[Any]]:
    """``input_ids``, ``attention_mask`` and BIO tag ids (``labels``) of the turns."""
    enc = tokenizer([t.text for t in turns], truncation=True, max_length=max_length, return_offsets_mapping=True)
    labels = [tag_ids_for(offs, locate_slot_spans(t.text, t.slots)) for offs, t in zip(enc["offset_mapping"], turns)]
    return {"input_ids": enc["input_ids"], "attention_mask": enc["attention_mask"], "labels": labels}


def _dataset(turns: Sequence[AnnotatedTurn], tokenizer: Any, max_length: int) -> Dataset:
    return Dataset.from_dict(tagged_columns(turns, tokenizer, max_length))


def token_f1(eval_pred: Any) -> dict[str, float]:
    """F1 of the slot tags (tokens tagged other than O) of ``(logits, labels)``; padding and
    special tokens (-100) are left out."""
    logits, labels = eval_pred
    preds = logits.argmax(-1)
    keep = labels != IGNORE
    gold_pos, pred_pos = (labels != 0) & keep, (preds != 0) & keep
    tp = float(((preds == labels) & gold_pos).sum())
    precision = tp / max(pred_pos.sum(), 1)
    recall = tp / max(gold_pos.sum(), 1)
    return {"token_f1": 0.0 if tp == 0 else 2 * precision * recall / (precision + recall)}


#: Slot tags: padded token labels, early stopping on the token F1 of slot tags.
_TASK = TurnTask(
    dataset=_dataset, collator=DataCollatorForTokenClassification, metric="token_f1", compute_metrics=token_f1
)


def train_slot_tagger(
    train: Sequence[AnnotatedTurn],
    validation: Sequence[AnnotatedTurn],
    config: ModelConfig,
    *,
    work_dir: Path,
    seed: int,
) -> SlotTagger:
    """Fine-tune a token-classification head on ``config.base_model`` (early stopping on the
    token F1 of slot tags on the first ``config.eval_examples`` validation turns)."""
    tokenizer = load_tokenizer(config.tokenizer or config.base_model)
    model = AutoModelForTokenClassification.from_pretrained(
        resolve_model_name(config.base_model),
        num_labels=len(TAGS),
        id2label=dict(enumerate(TAGS)),
        label2id=dict(TAG_TO_ID),
        ignore_mismatched_sizes=True,
    )
    trainer = fit_turns(model, tokenizer, _TASK, train, validation, config, work_dir=work_dir, seed=seed)
    return SlotTagger(trainer.model, tokenizer, max_length=config.max_length)
