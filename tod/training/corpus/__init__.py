"""Synthetic training corpus for the doctor-turn NLU (intents and slots per the annotation guide).

Run ``python -m tod.training.corpus --seed 13 --num-turns 20000 --output-dir annotations``.
"""

from tod.training.corpus.build import (
    CorpusError,
    Sources,
    cooccurrence,
    generate,
    label_counts,
    load_builder,
    load_handwritten,
    split,
    to_record,
    validate_record,
)

__all__ = [
    "CorpusError",
    "Sources",
    "cooccurrence",
    "generate",
    "label_counts",
    "load_builder",
    "load_handwritten",
    "split",
    "to_record",
    "validate_record",
]
