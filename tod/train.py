"""``python -m tod.train``: fit the NLU (intent classifier + slot model) and write a checkpoint.

    python -m tod.train                                    # training/configs/default.yaml
    python -m tod.train --config training/configs/smoke.yaml --set name=smoke
    python -m tod.train --set slot_model=t5 --set t5.epochs=4 --set dev_file=../shared/data/dev/doctor_turns_dev.jsonl

The checkpoint lands in ``<output_root>/<name>/`` with the tokenizer, the label schema,
thresholds, validation metrics (and dev metrics when ``dev_file`` is set), a report and a
manifest of package versions.

Errors (a bad config, a bad annotation file, a base model that cannot be loaded) print one
line, ``error: FILE[:LINE]: what is wrong``, and exit with 1. Every input file is checked
before training starts, and a run that fails leaves no output: the checkpoint is assembled
in ``<output_root>/.<name>.partial`` and only renamed into place when complete, and that
staging folder is removed on failure.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import shutil
import sys
from pathlib import Path
from typing import Any

DEFAULT_CONFIG = Path(__file__).resolve().parents[1] / "training" / "configs" / "default.yaml"


def one_line(message: object) -> str:
    """``message`` on a single line (newlines and runs of spaces collapsed)."""
    return " ".join(str(message).split())


def _config_error_message(exc: Exception, config_path: str | None) -> str:
    """The message of a :class:`ConfigError`; a YAML syntax error is named by file, line
    and column instead of PyYAML's multi-line report."""
    import yaml

    cause = exc.__context__
    if isinstance(cause, yaml.MarkedYAMLError) and cause.problem_mark is not None:
        mark = cause.problem_mark
        return f"{config_path}:{mark.line + 1}:{mark.column + 1}: not valid YAML ({one_line(cause.problem)})"
    return one_line(exc)


def check_config_values(config: Any, defaults: Any, where: str = "config") -> None:
    """Refuse ``null`` for a setting whose default is a value (``train_file: null``...),
    naming the key: the config loader accepts ``null`` for any key.

    Raises:
        tod.training.config.ConfigError: naming the key.
    """
    from tod.training.config import ConfigError

    for item in dataclasses.fields(config):
        value, default = getattr(config, item.name), getattr(defaults, item.name)
        if dataclasses.is_dataclass(value):
            check_config_values(value, default, f"{where}.{item.name}")
        elif value is None and default is not None:
            raise ConfigError(f"{where}.{item.name}: expected {type(default).__name__}, got null")


def _in_hub_cache(name: str) -> bool:
    """Whether the hub model ``name`` is in the local Hugging Face cache (usable offline)."""
    try:
        from huggingface_hub import try_to_load_from_cache

        return isinstance(try_to_load_from_cache(name, "config.json"), str)
    except Exception:  # noqa: BLE001 - an invalid repo id is simply not cached
        return False


def check_inputs(config: Any) -> None:
    """Read every annotation file of ``config`` before training (a bad dev file must not
    fail after an hour of training) and, offline, check that each base model is local.

    Raises:
        tod.nlu.annotations.TurnFileError: naming file, line and field.
        tod.training.config.ConfigError: a base model that is neither a local alias nor a
            folder while hub downloads are off (``HF_HUB_OFFLINE=1``, the default).
        tod.training.real_turns.RealTurnsMissing: real turns required but not there.
        tod.craftmd.conversations.SourceError: a CRAFT-MD source that cannot be read.
    """
    import os

    from tod.nlu.annotations import load_annotations
    from tod.nlu.encoders import LOCAL_ALIASES
    from tod.training.config import ConfigError

    models = {"intent.base_model": config.intent.base_model, "tagger.base_model": config.tagger.base_model}
    if config.slot_model == "t5":
        models = {"intent.base_model": config.intent.base_model, "t5.base_model": config.t5.base_model}
    if os.environ.get("HF_HUB_OFFLINE", "1") not in ("0", "false", "False", ""):
        for key, name in models.items():
            if name not in LOCAL_ALIASES and name != "scratch" and not Path(name).is_dir() and not _in_hub_cache(name):
                raise ConfigError(f"{key}: {name!r} is not a local model folder, an alias ({', '.join(LOCAL_ALIASES)}) "
                                  "or a cached hub model, and hub downloads are off (set HF_HUB_OFFLINE=0 to download)")
    for path in (config.train_file, config.validation_file, config.dev_file):
        if path:
            load_annotations(path)
    real = config.real_turns
    if real.enabled:
        from tod.craftmd.labels import join_labels, label_files
        from tod.training.real_turns import RealTurnsMissing, missing_reason

        problem = missing_reason(real)
        if problem is None:
            join_labels(label_files(real.labels), real.source)
        elif real.required:
            raise RealTurnsMissing(f"real_turns: {problem} (real_turns.required is true)")


def main(argv: list[str] | None = None) -> int:
    """Run the training CLI; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tod.train", description=__doc__.splitlines()[0])
    parser.add_argument("--config", default=str(DEFAULT_CONFIG), help="YAML config (default: %(default)s)")
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                        help="override a config value, e.g. --set intent.epochs=2 (repeatable)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    from tod.craftmd.conversations import SourceError
    from tod.nlu.annotations import TurnFileError
    from tod.training.config import ConfigError, TrainConfig, load_config
    from tod.training.real_turns import RealTurnsMissing

    try:
        config = load_config(args.config, args.overrides)
        check_config_values(config, TrainConfig())
        check_inputs(config)
    except ConfigError as exc:
        print(f"error: {_config_error_message(exc, args.config)}", file=sys.stderr)
        return 1
    except (TurnFileError, RealTurnsMissing, SourceError) as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 1

    from tod.training.run import train

    root = Path(config.output_root)
    root_existed = root.exists()
    staging = config.output_dir.parent / f".{config.output_dir.name}.partial"
    try:
        out = train(config)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)  # no half-written checkpoint is left behind
        if not root_existed and root.is_dir() and not any(root.iterdir()):
            root.rmdir()
        if isinstance(exc, KeyboardInterrupt):
            print("interrupted; no checkpoint was written", file=sys.stderr)
            return 130
        if isinstance(exc, (OSError, ValueError)):  # a base model that cannot be loaded, a bad file
            print(f"error: {type(exc).__name__}: {one_line(exc)[:500]}", file=sys.stderr)
            return 1
        raise
    print(f"checkpoint written to {out} (report: {out / 'report.md'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
