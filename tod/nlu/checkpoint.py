"""The NLU checkpoint folder: the NLU models + manifest.

Layout of ``checkpoints/<name>/``::

    manifest.json     format, label schema, slot model kind, config, package versions, metrics
    intent/           the intent classifier (HF model + tokenizer + thresholds.json)
    slots/            the slot tagger or the T5 tracker (HF model + tokenizer + settings)
    joint/            instead of intent/ and slots/ (``slot_model: joint``): one encoder with an
                      intent head and a tag head (:mod:`tod.nlu.joint_model`)
    report.md         validation (and dev) metrics, written by ``python -m tod.train``

Loading checks the manifest's label schema against the code's and that every file is there
and readable; any problem is a :class:`CheckpointError` that names the file and what is wrong.
"""

from __future__ import annotations

import importlib.metadata
import json
import platform
from pathlib import Path
from typing import Any

from tod.schema import schema_fingerprint

FORMAT = "tod-nlu-checkpoint"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
#: The model folders of each slot model kind (``slot_model`` of the training config): a tagger
#: or a T5 tracker beside the intent classifier, or one joint model for both.
PARTS = {"tagger": ("intent", "slots"), "t5": ("intent", "slots"), "joint": ("joint",)}
SLOT_KINDS = tuple(PARTS)
#: The repository's default NLU checkpoint (``python -m tod.train`` with the default config).
DEFAULT_CHECKPOINT = Path(__file__).resolve().parents[2] / "checkpoints" / "default"


class CheckpointError(ValueError):
    """A checkpoint folder that cannot be used."""


def package_versions() -> dict[str, str]:
    """Versions of the packages that matter for reproducing a run."""
    versions = {"python": platform.python_version()}
    for name in ("tod", "torch", "transformers", "datasets", "accelerate", "tokenizers", "scikit-learn",
                 "evaluate", "rouge-score", "bert-score", "numpy"):
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def write_manifest(directory: Path, *, slot_kind: str, config: dict[str, Any], metrics: dict[str, Any]) -> Path:
    """Write ``manifest.json`` for a freshly trained checkpoint."""
    manifest = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "label_schema": schema_fingerprint(),
        "slot_model": slot_kind,
        "config": config,
        "versions": package_versions(),
        "metrics": metrics,
    }
    path = directory / MANIFEST
    path.write_text(json.dumps(manifest, indent=2))
    return path


def read_manifest(directory: str | Path) -> dict[str, Any]:
    """Read and check a checkpoint manifest.

    Raises:
        CheckpointError: missing folder or manifest, bad JSON, another format, or a label
            schema that differs from the code's (names the first difference).
    """
    directory = Path(directory)
    path = directory / MANIFEST
    if not directory.is_dir():
        raise CheckpointError(f"{directory}: no such checkpoint folder; train one with `python -m tod.train`")
    if not path.is_file():
        raise CheckpointError(f"{path}: missing; is {directory} a checkpoint written by `python -m tod.train`?")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CheckpointError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise CheckpointError(f"{path}: not a tod NLU checkpoint manifest (format {manifest.get('format')!r})"
                              if isinstance(manifest, dict) else f"{path}: expected a JSON object")
    expected = schema_fingerprint()
    stored = manifest.get("label_schema") or {}
    for key in ("intents", "slots"):
        if stored.get(key) != expected[key]:
            missing = sorted(set(expected[key]) - set(stored.get(key) or []))
            extra = sorted(set(stored.get(key) or []) - set(expected[key]))
            raise CheckpointError(
                f"{path}: label schema mismatch in {key}: the checkpoint was trained for another label set "
                f"(missing {missing or 'none'}, unknown {extra or 'none'}{', or another order' if not missing and not extra else ''}); retrain it")
    if manifest.get("slot_model") not in SLOT_KINDS:
        raise CheckpointError(f"{path}: slot_model must be one of {SLOT_KINDS}, got {manifest.get('slot_model')!r}")
    for part in PARTS[manifest["slot_model"]]:
        if not (directory / part / "config.json").is_file():
            raise CheckpointError(f"{directory / part}: missing model files (config.json); the checkpoint is incomplete")
    return manifest
