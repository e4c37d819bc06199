"""``manifest.json``: what produced a run (settings, versions, checkpoint, git commit).

The manifest holds the run settings without secrets (the API key's variable name, never
its value), the versions of the packages that affect results, the NLU checkpoint folder and
the SHA-256 of its ``manifest.json`` (``None`` when absent), the SHA-256 of the records
file (``python -m tod.report`` pairs two runs only when it matches), and the git commit of the code
with a flag for uncommitted changes (see :func:`git_state`).
"""

from __future__ import annotations

import hashlib
import platform
import subprocess
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any

from tod.evaluation.config import TRANSCRIPT_SETTINGS, EvalConfig

#: Distributions whose versions are recorded.
PACKAGES: tuple[str, ...] = (
    "torch",
    "transformers",
    "numpy",
    "scipy",
    "httpx",
    "pydantic",
    "rouge-score",
    "bert-score",
    "matplotlib",
)
REPO_ROOT = Path(__file__).resolve().parents[2]


def package_versions() -> dict[str, str | None]:
    """Installed version of each of :data:`PACKAGES` (``None`` when not installed)."""
    versions: dict[str, str | None] = {}
    for name in PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def _git(root: Path, *args: str) -> str | None:
    """The stripped output of a git command in ``root``, ``None`` when it fails."""
    try:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def git_state(root: Path = REPO_ROOT) -> dict[str, Any]:
    """``{"commit", "dirty"}`` of the checkout at ``root``: the HEAD commit (``None``
    outside git or before the first commit) and whether tracked files have uncommitted
    changes (``None`` when unknown)."""
    commit = _git(root, "rev-parse", "--verify", "-q", "HEAD") or None
    status = _git(root, "status", "--porcelain", "--untracked-files=no")
    return {"commit": commit, "dirty": None if status is None else bool(status)}


def checkpoint_info(checkpoint: str | None) -> dict[str, str | None] | None:
    """``{"path", "manifest_sha256"}`` for an NLU checkpoint folder, ``None`` without one."""
    if checkpoint is None:
        return None
    manifest = Path(checkpoint) / "manifest.json"
    digest = hashlib.sha256(manifest.read_bytes()).hexdigest() if manifest.is_file() else None
    return {"path": str(Path(checkpoint).resolve()), "manifest_sha256": digest}


def file_sha256(path: str | Path) -> str | None:
    """The SHA-256 of the file at ``path``, ``None`` when it is not a readable file."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def build_manifest(config: EvalConfig, *, doctor_name: str, resumed: bool) -> dict[str, Any]:
    """The manifest of a run started (or resumed) now."""
    import tod

    settings = config.to_json()
    return {
        "tod_version": tod.__version__,
        "started_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "resumed": resumed,
        "doctor_name": doctor_name,
        "config": settings,
        "transcript_settings": {k: settings[k] for k in TRANSCRIPT_SETTINGS},
        "records_sha256": file_sha256(config.records),
        "checkpoint": checkpoint_info(config.checkpoint),
        "packages": package_versions(),
        "python": platform.python_version(),
        "git": git_state(),
    }
