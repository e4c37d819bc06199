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

from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample

from tod.evaluation.config import CONDITIONS
from tod.inspect.resources import nlu_parser, records_by_id
from tod.inspect.scorers import tod_scorers
from tod.inspect.solver import consult_patient
from tod.nlu.checkpoint import DEFAULT_CHECKPOINT
from tod.records.io import default_records_path
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
    load_system_prompt(system_prompt_file)  # a missing prompt file fails here
    path = str(Path(records or default_records_path()).resolve())
    loaded = list(records_by_id(path).values())
    loaded = loaded[: int(limit)] if limit else loaded
    checkpoint = str(checkpoint or DEFAULT_CHECKPOINT)
    if condition == "dialogue":
        nlu_parser(checkpoint)  # a bad checkpoint fails here, before any sample
    return Task(
        dataset=MemoryDataset([record_sample(r) for r in loaded], name="tod-records", location=path),
        solver=consult_patient(path, checkpoint, condition=condition, persona=persona, max_turns=int(max_turns),
                               seed=int(seed), system_prompt_file=system_prompt_file),
        scorer=tod_scorers(path, bool(bertscore), float(match_threshold)),
        metadata={"condition": condition, "persona": persona, "checkpoint": checkpoint},
    )
