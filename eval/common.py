"""Shared plumbing of the benchmarks: paths, record sets, dev turns, replay, output files.

The AgentClinic cases and the dev turns are read at run time from the shared data folder
next to the repository (``<repo>/../shared/data``); nothing of them is copied into the
project.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

os.environ.setdefault("TQDM_DISABLE", "1")  # no progress bars (GGUF conversion) in benchmark output

from tod.nlu.annotations import AnnotatedTurn, load_annotations  # noqa: E402
from tod.nlu.checkpoint import DEFAULT_CHECKPOINT  # noqa: E402
from tod.nlu.types import TurnParse  # noqa: E402
from tod.patient.manager import is_end_signal  # noqa: E402
from tod.records.io import load_records  # noqa: E402
from tod.records.model import Record  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
AGENTCLINIC_DIR = SHARED_DATA / "agentclinic"
DEV_FILE = SHARED_DATA / "dev" / "doctor_turns_dev.jsonl"
EMBEDDED_RECORDS = ROOT / "records" / "default.jsonl"
DEFAULT_OUTPUT = "eval/results"

#: Personas the replays cycle through (record i gets PERSONAS[i % len]): every temperament
#: and every switch is exercised, so fragments, hedges, fillers and volunteered facts are
#: all checked.
PERSONAS: tuple[str, ...] = (
    "phlegmatic",
    "sanguine",
    "choleric,colloquial",
    "melancholic,uncertain",
    "sanguine,colloquial,uncertain,volunteer",
    "phlegmatic,volunteer,uncertain",
)

#: Interview limits high enough that a replay never ends the interview by itself.
NO_LIMIT = 10**6


def quiet() -> None:
    """Silence the per-turn warnings of the NLU (long turns truncated) and progress bars."""
    logging.getLogger("tod").setLevel(logging.ERROR)
    logging.getLogger("transformers").setLevel(logging.ERROR)
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.set_verbosity_error()
        hf_logging.disable_progress_bar()
    except ImportError:  # pragma: no cover - transformers is a dependency
        pass


def bench_arguments(description: str) -> argparse.ArgumentParser:
    """An argument parser with the options every record benchmark shares: ``--checkpoint``,
    ``--dev``, ``--agentclinic-dir``, ``--threads`` (default 1, see :func:`set_threads`) and
    ``--output-dir``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--checkpoint", default=str(DEFAULT_CHECKPOINT))
    parser.add_argument("--dev", default=str(DEV_FILE))
    parser.add_argument("--agentclinic-dir", default=str(AGENTCLINIC_DIR))
    parser.add_argument("--threads", type=int, default=1, help="torch threads (0 = torch's default)")
    parser.add_argument("--output-dir", default=DEFAULT_OUTPUT)
    return parser


def begin(threads: int) -> tuple[dict[str, object], float]:
    """Start a benchmark run: quiet logging, ``threads`` torch threads; returns the machine
    description and the start time (``time.perf_counter()``)."""
    import time

    from eval.machine import machine_info

    quiet()
    set_threads(threads)
    return machine_info(), time.perf_counter()


def set_threads(threads: int) -> None:
    """Use ``threads`` torch threads (0 = torch's default). One thread is the default of the
    fidelity and speed benchmarks: a patient reply runs the encoder on one short text, and on
    a loaded 2-core machine two OpenMP threads contend for the cores (10-50x slower)."""
    if threads > 0:
        import torch

        torch.set_num_threads(threads)


def load_embedded(limit: int = 0, path: str | Path = EMBEDDED_RECORDS) -> list[Record]:
    """The embedded records (``records/default.jsonl``), the first ``limit`` when > 0."""
    records = load_records(path)
    return records[:limit] if limit > 0 else records


def load_agentclinic(limit: int = 0, directory: str | Path = AGENTCLINIC_DIR) -> tuple[list[Record], int]:
    """Import every AgentClinic file of ``directory`` (sorted by name) at run time.

    With ``limit`` > 0 the files are interleaved round-robin (1st case of each file, 2nd
    case of each file, ...) before cutting, so a small sample mixes MedQA and NEJM cases.
    Returns the records and the number of importer warnings.

    Raises:
        FileNotFoundError: the folder holds no ``.jsonl`` file.
    """
    from tod.records.agentclinic import import_file

    files = sorted(Path(directory).glob("*.jsonl"))
    if not files:
        raise FileNotFoundError(f"no AgentClinic .jsonl files in {directory}")
    per_file = []
    warnings = 0
    for path in files:
        result = import_file(path)
        per_file.append(result.records)
        warnings += len(result.warnings)
    if limit <= 0:
        return [r for records in per_file for r in records], warnings
    mixed = [r for row in zip_longest(*per_file) for r in row if r is not None]
    return mixed[:limit], warnings


def load_dev_turns(path: str | Path = DEV_FILE, limit: int = 0) -> list[AnnotatedTurn]:
    """The labelled dev turns, the first ``limit`` when > 0."""
    turns = load_annotations(path)
    return turns[:limit] if limit > 0 else turns


@dataclass(frozen=True)
class DoctorTurn:
    """A doctor turn to replay: its source ("dev" or "scripted"), id, text and gold labels
    (``None`` for the scripted doctor's questions, which are not annotated)."""

    source: str
    id: str
    text: str
    gold_intents: tuple[str, ...] | None = None
    gold_slots: dict[str, list[str]] | None = None

    @property
    def end_signal(self) -> bool:
        """Whether the turn ends the interview (a final diagnosis, "end inquiry"...)."""
        return is_end_signal(self.text)

    def gold_parse(self) -> TurnParse:
        """The gold labels as a parse (empty for an unlabelled turn)."""
        return TurnParse(self.text, tuple(self.gold_intents or ()), dict(self.gold_slots or {}))


def replay_turns(dev: Sequence[AnnotatedTurn], *, scripted: bool = True) -> list[DoctorTurn]:
    """The doctor turns the benchmarks replay: the dev turns, then (``scripted``) the
    scripted doctor's question plan."""
    turns = [DoctorTurn("dev", t.id, t.text, tuple(t.intents), dict(t.slots)) for t in dev]
    if scripted:
        from tod.doctors.scripted import QUESTION_PLAN

        turns += [DoctorTurn("scripted", f"plan-{i}", text) for i, text in enumerate(QUESTION_PLAN)]
    return turns


def window(items: Sequence, start: int, size: int) -> list:
    """``size`` items of ``items`` from ``start``, wrapping around (all when ``size`` <= 0 or
    ``size`` >= len(items))."""
    if size <= 0 or size >= len(items):
        return list(items)
    return [items[(start + k) % len(items)] for k in range(size)]


def percentiles(values_ms: Iterable[float]) -> dict[str, float | int]:
    """p50, p95, mean and max of a list of milliseconds, and the count."""
    values = np.asarray(list(values_ms), dtype=float)
    if values.size == 0:
        return {"n": 0, "p50": float("nan"), "p95": float("nan"), "mean": float("nan"), "max": float("nan")}
    return {
        "n": int(values.size),
        "p50": float(np.percentile(values, 50)),
        "p95": float(np.percentile(values, 95)),
        "mean": float(values.mean()),
        "max": float(values.max()),
    }


def peak_rss_mb() -> float:
    """This process's peak resident set size so far, in MiB (``ru_maxrss``)."""
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 if sys.platform != "darwin" else peak / 2**20


def share(numerator: int, denominator: int) -> float | None:
    """``numerator / denominator``, ``None`` when the denominator is 0."""
    return numerator / denominator if denominator else None


def pct(value: float | None, digits: int = 2) -> str:
    """A share as a percentage ("n/a" for ``None``)."""
    return "n/a" if value is None else f"{100 * value:.{digits}f}%"


def mark(ok: bool | None) -> str:
    """A target verdict for the Markdown tables."""
    return "n/a" if ok is None else ("yes" if ok else "**no**")


def write_outputs(output_dir: str | Path, stem: str, result: dict, markdown: str) -> tuple[Path, Path]:
    """Write ``<stem>.json`` and ``<stem>.md`` into ``output_dir``; returns both paths."""
    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    json_path, md_path = out / f"{stem}.json", out / f"{stem}.md"
    json_path.write_text(json.dumps(result, indent=2, default=str) + "\n", encoding="utf-8")
    md_path.write_text(markdown + "\n", encoding="utf-8")
    return json_path, md_path


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
