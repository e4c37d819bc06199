"""The ``tod/consultation`` inspect task.

    inspect eval tod/consultation --model openai/gpt-4o-mini \\
        -T records=records/default.jsonl -T limit=20 -T checkpoint=checkpoints/default
    inspect eval tod/consultation --model tod/scripted -T condition=vignette

Options (``-T name=value``), as in ``python -m tod.evaluate``: ``records`` (a records file,
default the embedded ``records/default.jsonl``), ``limit`` (the first N records),
``checkpoint`` (the NLU checkpoint; the dialogue condition needs it, default
``checkpoints/default``), ``condition`` (``dialogue``, ``vignette`` or ``opening``),
``persona`` (the patient persona spec), ``max_turns``, ``seed``, ``system_prompt_file``,
``bertscore`` (false skips BERTScore) and ``match_threshold`` (diagnosis synonym matching).

One sample per record: its id is the record id, its input the opening statement, its
target the reference diagnosis (the model never sees it: the examiner scores with it).
Bad settings fail before any sample runs, with the evaluator's messages: a records file
that does not validate (file, line, field), an unknown condition or persona, a checkpoint
that cannot be loaded.
"""

from __future__ import annotations

from functools import lru_cache

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample

from tod.evaluation.config import CONDITIONS
from tod.evaluation.metrics import MetricContext
from tod.inspect.scorers import tod_scorers
from tod.inspect.solver import consult_patient
from tod.nlu.checkpoint import DEFAULT_CHECKPOINT
from tod.nlu.types import TurnParser
from tod.records.io import default_records_path, load_records
from tod.records.model import Record


def record_sample(record: Record) -> Sample:
    """The sample of one record (see the module docstring)."""
    return Sample(
        id=record.id,
        input=record.case.opening_statement,
        target=record.reference.diagnosis,
        metadata={"department": record.department},
    )


@task
def consultation(
    records: str | None = None,
    limit: int | None = None,
    checkpoint: str | None = None,
    condition: str = "dialogue",
    persona: str | None = None,
    max_turns: int = 20,
    seed: int = 0,
    system_prompt_file: str | None = None,
    bertscore: bool = True,
    match_threshold: float = 0.8,
) -> Task:
    """A consultation per record: the model is the doctor, tod the patient and the examiner.

    Raises:
        tod.records.RecordFileError: the records file does not validate.
        ValueError: an unknown condition or persona, a limit or max_turns below 1.
        tod.nlu.checkpoint.CheckpointError: (dialogue) the checkpoint cannot be loaded.
    """
    from tod.doctors.prompts import load_system_prompt
    from tod.patient.persona import Persona

    if condition not in CONDITIONS:
        raise ValueError(f"condition {condition!r} is not one of {', '.join(CONDITIONS)}")
    if limit is not None and int(limit) < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if int(max_turns) < 1:
        raise ValueError(f"max_turns must be at least 1, got {max_turns}")
    if persona:
        Persona.parse(persona)
    loaded = load_records(records or default_records_path())
    loaded = loaded[: int(limit)] if limit else loaded
    by_id = {r.id: r for r in loaded}
    parser = _parser_loader(str(checkpoint or DEFAULT_CHECKPOINT))
    if condition == "dialogue":
        parser()  # a bad checkpoint fails here, before any sample
    context = MetricContext(bertscore=bool(bertscore), match_threshold=float(match_threshold))
    return Task(
        dataset=MemoryDataset([record_sample(r) for r in loaded], name="tod-records", location=str(records or default_records_path())),
        solver=consult_patient(by_id, parser, condition=condition, persona=persona, max_turns=int(max_turns),
                               seed=int(seed), system_prompt=load_system_prompt(system_prompt_file)),
        scorer=tod_scorers(by_id, context),
        metadata={"condition": condition, "persona": persona, "checkpoint": str(checkpoint or DEFAULT_CHECKPOINT)},
    )


def _parser_loader(checkpoint: str):  # noqa: ANN202 - a zero-argument loader of a TurnParser
    @lru_cache(maxsize=1)
    def load() -> TurnParser:
        from tod.nlu import load_parser

        return load_parser(checkpoint)

    return load
