"""One place that builds the HF :class:`~transformers.Trainer` for every NLU model."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable, Sequence

import torch
from torch.optim.lr_scheduler import LambdaLR
from transformers import EarlyStoppingCallback, Trainer, TrainerCallback, TrainingArguments


class TimeBudget(TrainerCallback):
    """Stops training once ``minutes`` have passed (after an evaluation, so the best model so
    far is kept); 0 means no budget. ``clock`` returns seconds (tests pass a fake one)."""

    def __init__(self, minutes: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.minutes = minutes
        self.clock = clock
        self.started: float | None = None

    def spent(self) -> float:
        """The share of the budget used since training began (0 without a budget or before
        training begins; above 1 once it has run out)."""
        if not self.minutes or self.started is None:
            return 0.0
        return (self.clock() - self.started) / (60 * self.minutes)

    def on_train_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        self.started = self.clock()

    def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
        if self.spent() >= 1:
            control.should_evaluate = True
            control.should_save = True
            control.should_training_stop = True


def budgeted_linear_factor(step: int, *, warmup_steps: int, total_steps: int, budget: TimeBudget) -> float:
    """The learning-rate factor of a linear schedule that ends where training ends: a linear
    warm-up over ``warmup_steps``, then a linear decay to 0 over whichever runs out first,
    ``total_steps`` or the time ``budget``. A run that its budget stops early still ends with a
    decayed learning rate, instead of being cut at a high one (which cost 6 points of
    real-validation intent F1, see training/README.md)."""
    if step < warmup_steps:
        return step / max(1, warmup_steps)
    by_steps = (step - warmup_steps) / max(1, total_steps - warmup_steps)
    return max(0.0, 1.0 - max(by_steps, budget.spent()))


class BudgetTrainer(Trainer):
    """A :class:`~transformers.Trainer` whose learning rate follows
    :func:`budgeted_linear_factor` for its ``budget`` (``args.lr_scheduler_type`` is not used)."""

    def __init__(self, *args: Any, budget: TimeBudget, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.budget = budget

    def create_scheduler(self, num_training_steps: int, optimizer: torch.optim.Optimizer | None = None) -> Any:
        """The budgeted linear schedule (created once)."""
        if self.lr_scheduler is None:
            factor = partial(budgeted_linear_factor, warmup_steps=self.args.get_warmup_steps(num_training_steps),
                             total_steps=num_training_steps, budget=self.budget)
            self.lr_scheduler = LambdaLR(optimizer or self.optimizer, factor)
        return self.lr_scheduler


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
    label_names: Sequence[str] | None = None,
) -> Trainer:
    """Train with the hyper-parameters of ``settings`` (a :class:`~tod.training.config.ModelConfig`
    or :class:`~tod.training.config.T5Config`): evaluation every ``eval_steps`` steps, early stopping on ``metric`` (higher is
    better unless it is a loss) and the best model restored at the end.

    Intermediate checkpoints go to ``work_dir`` (only the best and the last are kept); the
    caller saves the final model where it belongs. ``eval_steps`` is capped so that short
    runs still evaluate at least twice. ``max_minutes`` (if > 0) ends training early at that
    wall time, keeping the best evaluated model; the learning rate decays linearly to 0 by
    ``max_steps`` or by ``max_minutes``, whichever comes first (:func:`budgeted_linear_factor`),
    so a run stopped by its budget ends annealed (its result then depends on the machine's
    speed; a run that finishes its steps inside the budget is reproducible). Batches group turns of similar length, which
    saves most of the padding on CPU. ``settings.precision`` chooses bf16 mixed precision
    (:func:`uses_bf16`). ``label_names`` are the batch keys holding labels (by default the
    model's ``forward`` arguments named like labels).
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
        label_names=list(label_names) if label_names else None,
    )
    budget = TimeBudget(settings.max_minutes)
    trainer = BudgetTrainer(
        budget=budget,
        model=model,
        args=args,
        train_dataset=train_dataset,
        eval_dataset=eval_dataset,
        data_collator=data_collator,
        processing_class=tokenizer,
        compute_metrics=compute_metrics,
        callbacks=[EarlyStoppingCallback(early_stopping_patience=settings.early_stopping_patience),
                   budget],
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
    #: batch keys that hold labels (None: the model's ``forward`` arguments named like labels)
    label_names: tuple[str, ...] | None = None


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
        label_names=task.label_names,
    )
