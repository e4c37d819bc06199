"""Real labelled doctor turns for training and validation: CRAFT-MD messages labelled by id
(``annotations/craftmd/``), joined with their texts from a CRAFT-MD source at run time, and
split by case so that no case is in both parts.

The source is ``../shared/data/craftmd`` by default or a copy of the public CRAFT-MD
repository (``results/MODEL/case_N.json``); see :mod:`tod.craftmd.conversations`.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tod.craftmd.conversations import SourceError
from tod.craftmd.labels import join_labels, label_files
from tod.nlu.annotations import AnnotatedTurn
from tod.training.config import RealTurnsConfig

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class RealTurns:
    """The real turns, split by case."""

    train: list[AnnotatedTurn]
    validation: list[AnnotatedTurn]


class RealTurnsMissing(FileNotFoundError):
    """The configuration requires real turns but the source or the labels are missing."""


def case_of(turn_id: str) -> str:
    """``MODEL/case_N/tT/mM`` -> ``case_N``."""
    parts = turn_id.split("/")
    return parts[1] if len(parts) > 1 else turn_id


def doctor_model_of(turn_id: str) -> str:
    """``MODEL/case_N/tT/mM`` -> ``MODEL``."""
    return turn_id.split("/", 1)[0]


def in_validation(case_id: str, share: float) -> bool:
    """Whether a case belongs to the validation split (a stable hash of its id)."""
    digest = int(hashlib.sha256(case_id.encode()).hexdigest()[:8], 16)
    return digest % 10_000 < share * 10_000


def split_by_case(turns: Sequence[AnnotatedTurn], share: float) -> RealTurns:
    """Split turns into train and validation by case."""
    train = [t for t in turns if not in_validation(case_of(t.id), share)]
    validation = [t for t in turns if in_validation(case_of(t.id), share)]
    return RealTurns(train, validation)


def missing_reason(config: RealTurnsConfig) -> str | None:
    """Why the real turns of an enabled ``config`` cannot be read (no label file matches, or
    the source is missing), or ``None`` when both are there."""
    if not label_files(config.labels):
        return f"no label files match {config.labels!r}"
    if not Path(config.source).exists():
        return f"the CRAFT-MD source {config.source} is missing"
    return None


def load_real_turns(config: RealTurnsConfig) -> RealTurns | None:
    """The real turns of ``config``, or ``None`` when they are disabled or, unless required,
    missing (then one log line says that training goes on with the synthetic corpus only).

    Raises:
        RealTurnsMissing: ``required`` and the source or the label files are missing.
        tod.nlu.annotations.TurnFileError: a label file with an unknown id, a label outside
            the schema or a slot value that is not in its text (file, line and id named).
    """
    if not config.enabled:
        return None
    problem = missing_reason(config)
    if problem is None:
        try:
            turns = join_labels(label_files(config.labels), config.source)
        except SourceError as exc:
            problem = str(exc)
        else:
            return split_by_case(turns, config.validation_share)
    if config.required:
        raise RealTurnsMissing(f"real_turns: {problem} (real_turns.required is true)")
    logger.warning("real turns: %s; training on the synthetic corpus only", problem)
    return None
