"""What the task's solver and scorers share, loaded once per process and keyed by plain
settings (inspect logs a solver's and a scorer's arguments, so they take paths and
numbers, not loaded objects)."""

from __future__ import annotations

from functools import lru_cache

from tod.evaluation.metrics import MetricContext
from tod.nlu.types import TurnParser
from tod.records.io import load_records
from tod.records.model import Record


@lru_cache(maxsize=8)
def records_by_id(path: str) -> dict[str, Record]:
    """The records of ``path`` by id.

    Raises:
        tod.records.RecordFileError: the file does not validate (file, line, field).
    """
    return {record.id: record for record in load_records(path)}


@lru_cache(maxsize=4)
def nlu_parser(checkpoint: str) -> TurnParser:
    """The NLU parser of ``checkpoint``.

    Raises:
        tod.nlu.checkpoint.CheckpointError: the checkpoint cannot be loaded.
    """
    from tod.nlu import load_parser

    return load_parser(checkpoint)


@lru_cache(maxsize=4)
def metric_context(bertscore: bool, match_threshold: float) -> MetricContext:
    """The metrics' settings and shared encoders."""
    return MetricContext(bertscore=bertscore, match_threshold=match_threshold)
