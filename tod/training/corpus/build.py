"""Generate the corpus: labelled records, checks, the train/validation split and counts."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from itertools import permutations
from pathlib import Path
from typing import Any, Iterable, Iterator

from tqdm import tqdm

from tod.schema import INTENTS, SLOTS, LabelError, check_intents, check_slots

from tod.training.corpus.assemble import TurnBuilder, TurnShape
from tod.training.corpus.fillers import CategoryData, LexiconFiller
from tod.training.corpus.lexicon import Lexicons
from tod.training.corpus.phrasings import load_questions, load_statements
from tod.training.corpus.speech import SPEECH_FILE, SpeechBank
from tod.training.corpus.template import Piece

#: The repository's ``annotations/`` folder.
ANNOTATIONS_DIR = Path(__file__).resolve().parents[3] / "annotations"
VALIDATION_FRACTION = 0.1
HANDWRITTEN_PREFIX = "hand-"

Record = dict[str, Any]


class CorpusError(ValueError):
    """A record that breaks the annotation guide's format."""


@dataclass(frozen=True)
class Sources:
    """Where the generator reads its inputs."""

    lexicons: Path = ANNOTATIONS_DIR / "lexicons"
    phrasings: Path = ANNOTATIONS_DIR / "phrasings"
    handwritten: Path = ANNOTATIONS_DIR / "handwritten.jsonl"


def load_builder(sources: Sources = Sources(), shape: TurnShape = TurnShape()) -> TurnBuilder:
    """A :class:`TurnBuilder` over the lexicons and phrasing banks of ``sources``."""
    filler = LexiconFiller(Lexicons.load(sources.lexicons), CategoryData.load(sources.phrasings / "categories.yaml"))
    kinds = filler.kinds()
    questions = load_questions(sources.phrasings, kinds)
    statements = load_statements(sources.phrasings / "statements.yaml", kinds)
    speech = SpeechBank.load(sources.phrasings / SPEECH_FILE, kinds)
    return TurnBuilder(questions, statements, speech, filler, shape)


def to_record(piece: Piece, turn_id: str) -> Record:
    """The guide's JSON record for a rendered turn (slot values in order of appearance, deduplicated)."""
    slots: dict[str, list[str]] = {}
    for span in sorted(piece.spans, key=lambda s: (s.start, s.end)):
        value = piece.text[span.start : span.end]
        values = slots.setdefault(span.slot, [])
        if value.lower() not in (v.lower() for v in values):
            values.append(value)
    record = {"id": turn_id, "text": piece.text, "intents": list(piece.intents), "slots": slots}
    validate_record(record)
    return record


def validate_record(record: Record) -> None:
    """Raise :class:`CorpusError` unless ``record`` follows the guide's format and rules."""
    where = str(record.get("id"))
    text = record.get("text")
    if not isinstance(text, str) or not text.strip():
        raise CorpusError(f"{where}: empty text")
    intents, slots = record.get("intents"), record.get("slots")
    if not isinstance(intents, list) or not isinstance(slots, dict):
        raise CorpusError(f"{where}: intents must be a list and slots an object")
    try:
        check_intents(intents, where=f"{where}.intents")
        check_slots(slots, where=f"{where}.slots")
    except LabelError as err:
        raise CorpusError(str(err)) from err
    if len(set(intents)) != len(intents):
        raise CorpusError(f"{where}: duplicate intents {intents}")
    if slots and not intents:
        raise CorpusError(f"{where}: slots without any intent")
    for slot, values in slots.items():
        if not values:
            raise CorpusError(f"{where}.{slot}: empty value list (omit the slot instead)")
        for value in values:
            if not value.strip() or value != value.strip():
                raise CorpusError(f"{where}.{slot}: blank or padded value {value!r}")
            if value not in text:
                raise CorpusError(f"{where}.{slot}: value {value!r} is not a substring of the text")


def generate(seed: int, num_turns: int, builder: TurnBuilder, *, progress: bool = False) -> list[Record]:
    """``num_turns`` generated records, deterministic for ``seed``."""
    rng = random.Random(seed)
    turns: Iterable[int] = range(num_turns)
    if progress:
        turns = tqdm(turns, desc="generating turns", unit="turn")
    return [to_record(builder.build(rng), f"gen-{seed}-{i:06d}") for i in turns]


def read_jsonl(path: Path) -> Iterator[Record]:
    """The records of a JSONL file."""
    with path.open(encoding="utf-8") as handle:
        for line_no, line in enumerate(handle, 1):
            if line.strip():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as err:
                    raise CorpusError(f"{path}:{line_no}: {err}") from err


def load_handwritten(path: Path) -> list[Record]:
    """The hand-written records, validated; ids must start with ``hand-`` and be unique."""
    records = list(read_jsonl(path))
    ids = [r.get("id") for r in records]
    for record in records:
        validate_record(record)
        if not str(record["id"]).startswith(HANDWRITTEN_PREFIX):
            raise CorpusError(f"{record['id']}: hand-written ids start with {HANDWRITTEN_PREFIX!r}")
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise CorpusError(f"{path}: duplicate ids {duplicates}")
    return records


def split(records: list[Record], seed: int) -> tuple[list[Record], list[Record]]:
    """Shuffle deterministically and split into (train, validation) with a 90/10 ratio."""
    shuffled = list(records)
    random.Random(seed).shuffle(shuffled)
    cut = round(len(shuffled) * VALIDATION_FRACTION)
    return shuffled[cut:], shuffled[:cut]


def label_counts(records: Iterable[Record]) -> tuple[Counter[str], Counter[str], int]:
    """Turns per intent, slot values per slot, and the number of turns with no intent."""
    intents: Counter[str] = Counter({i: 0 for i in INTENTS})
    slots: Counter[str] = Counter({s: 0 for s in SLOTS})
    empty = 0
    for record in records:
        intents.update(record["intents"])
        for slot, values in record["slots"].items():
            slots[slot] += len(values)
        empty += not record["intents"]
    return intents, slots, empty


def cooccurrence(records: Iterable[Record]) -> dict[tuple[str, str], float]:
    """P(B | A) for every ordered pair of intents asked together: the share of turns asking
    A that also ask B (a generator that bundles A with B shows it far above the real turns)."""
    turns: Counter[str] = Counter()
    pairs: Counter[tuple[str, str]] = Counter()
    for record in records:
        intents = sorted(set(record["intents"]))
        turns.update(intents)
        pairs.update(permutations(intents, 2))
    return {(a, b): count / turns[a] for (a, b), count in pairs.items()}
