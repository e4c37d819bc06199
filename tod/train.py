"""``python -m tod.train``: fit the NLU (intent classifier + slot model) and write a checkpoint.

    python -m tod.train                                    # training/configs/default.yaml
    python -m tod.train --config training/configs/smoke.yaml --set name=smoke
    python -m tod.train --set slot_model=t5 --set t5.epochs=4 --set dev_file=../shared/data/dev/doctor_turns_dev.jsonl

The checkpoint lands in ``<output_root>/<name>/`` with the tokenizer, the label schema,
thresholds, validation metrics (and dev metrics when ``dev_file`` is set), a report and a
manifest of package versions.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

DEFAULT_CONFIG = Path(__file__).resolve().parents[1] / "training" / "configs" / "default.yaml"


def main(argv: list[str] | None = None) -> int:
    """Run the training CLI; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tod.train", description=__doc__.splitlines()[0])
    parser.add_argument("--config", default=str(DEFAULT_CONFIG), help="YAML config (default: %(default)s)")
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                        help="override a config value, e.g. --set intent.epochs=2 (repeatable)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    from tod.nlu.annotations import TurnFileError
    from tod.training.config import ConfigError, load_config

    try:
        config = load_config(args.config, args.overrides)
        from tod.training.run import train

        out = train(config)
    except (ConfigError, TurnFileError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"checkpoint written to {out} (report: {out / 'report.md'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
