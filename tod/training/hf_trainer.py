"""One place that builds the HF :class:`~transformers.Trainer` for every NLU model."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import torch
from transformers import EarlyStoppingCallback, Trainer, TrainerCallback, TrainingArguments


class TimeBudget(TrainerCallback):
    """Stops training once ``minutes`` have passed (after an evaluation, so the best model so
    far is kept); 0 means no budget."""

    def __init__(self, minutes: float) -> None:
        self.minutes = minutes
        self.started = 0.0

    def on_train_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        self.started = time.monotonic()

    def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self.minutes and time.monotonic() - self.started > 60 * self.minutes:
            control.should_evaluate = True
            control.should_save = True
            control.should_training_stop = True


def uses_bf16(precision: str) -> bool:
    """Whether ``precision`` (``auto``, ``fp32`` or ``bf16``) trains in bf16 mixed precision
    here: ``auto`` picks it where the device computes bf16 natively (a CUDA GPU that supports
    it; a CPU with AVX512-BF16 or AMX), since emulated bf16 would be slower than fp32."""
    if precision != "auto":
        return precision == "bf16"
    if torch.cuda.is_available():
        return torch.cuda.is_bf16_supported()
    native = [getattr(torch.cpu, probe, lambda: False)()
              for probe in ("_is_avx512_bf16_supported", "_is_amx_tile_supported")]
    return any(native)


def fit(
    *,
    model: Any,
    tokenizer: Any,
    train_dataset: Any,
    eval_dataset: Any,
    data_collator: Any,
    work_dir: Path,
    settings: Any,
    seed: int,
    metric: str,
    compute_metrics: Callable[[Any], dict[str, float]] | None = None,
    trainer_class: type[Trainer] = Trainer,
) -> Trainer:
    """Train with the hyper-parameters of ``settings`` (a :class:`~tod.training.config.ModelConfig`
    or :class:`~tod.training.config.T5Config`): evaluation every ``eval_steps`` steps, early stopping on ``metric`` (higher is
    better unless it is a loss) and the best model restored at the end.

    Intermediate checkpoints go to ``work_dir`` (only the best and the last are kept); the
    caller saves the final model where it belongs. ``eval_steps`` is capped so that short
    runs still evaluate at least twice. ``max_minutes`` (if > 0) ends training early at that
    wall time, keeping the best evaluated model. Batches group turns of similar length, which
    saves most of the padding on CPU. ``settings.precision`` chooses bf16 mixed precision
    (:func:`uses_bf16`).
    """
    epochs, batch_size, max_steps = settings.epochs, settings.batch_size, settings.max_steps
    steps_per_epoch = max(1, math.ceil(len(train_dataset) / batch_size))
    total = max_steps if max_steps > 0 else math.ceil(steps_per_epoch * epochs)
    every = max(1, min(settings.eval_steps, total // 2 or 1))
    args = TrainingArguments(
        output_dir=str(work_dir),
        num_train_epochs=epochs,
        max_steps=max_steps,
        per_device_train_batch_size=batch_size,
        per_device_eval_batch_size=batch_size * 2,
        learning_rate=settings.learning_rate,
        weight_decay=getattr(settings, "weight_decay", 0.0),
        warmup_steps=int(getattr(settings, "warmup_ratio", 0.0) * total),
        eval_strategy="steps",
        eval_steps=every,
        save_strategy="steps",
        save_steps=every,
        save_total_limit=1,
        save_only_model=True,
        load_best_model_at_end=True,
        metric_for_best_model=metric,
        greater_is_better="loss" not in metric,
        logging_steps=max(1, every // 2),
        report_to=[],
        seed=seed,
        data_seed=seed,
        use_cpu=not torch.cuda.is_available(),
        bf16=uses_bf16(settings.precision),
        dataloader_num_workers=0,
        train_sampling_strategy="group_by_length",
        disable_tqdm=False,
    )
    trainer = trainer_class(
        model=model,
        args=args,
        train_dataset=train_dataset,
        eval_dataset=eval_dataset,
        data_collator=data_collator,
        processing_class=tokenizer,
        compute_metrics=compute_metrics,
        callbacks=[EarlyStoppingCallback(early_stopping_patience=settings.early_stopping_patience),
                   TimeBudget(settings.max_minutes)],
    )
    trainer.train()
    return trainer


@dataclass(frozen=True)
class TurnTask:
    """What one NLU model learns from annotated turns: how turns become its dataset, the batch
    collator, and the validation metric that early stopping follows."""

    #: ``(turns, tokenizer, max_length) -> datasets.Dataset``
    dataset: Callable[[Sequence[Any], Any, int], Any]
    #: ``tokenizer -> data collator``
    collator: Callable[[Any], Any]
    metric: str
    compute_metrics: Callable[[Any], dict[str, float]]


def fit_turns(
    model: Any,
    tokenizer: Any,
    task: TurnTask,
    train: Sequence[Any],
    validation: Sequence[Any],
    settings: Any,
    *,
    work_dir: Path,
    seed: int,
) -> Trainer:
    """:func:`fit` of ``task`` on annotated turns: all of ``train``, early stopping on the first
    ``settings.eval_examples`` of ``validation`` (all when 0), turns cut at ``settings.max_length``."""
    return fit(
        model=model,
        tokenizer=tokenizer,
        train_dataset=task.dataset(train, tokenizer, settings.max_length),
        eval_dataset=task.dataset(validation[: settings.eval_examples or None], tokenizer, settings.max_length),
        data_collator=task.collator(tokenizer),
        work_dir=work_dir,
        settings=settings,
        seed=seed,
        metric=task.metric,
        compute_metrics=task.compute_metrics,
    )
