"""The consultation as an inspect solver: the model under evaluation is the doctor.

It plays what ``python -m tod.evaluate`` plays (:mod:`tod.evaluation.consult`), with the
doctor's turns generated through inspect (``generate``) instead of a tod backend:

* ``dialogue``: the patient (a :class:`~tod.patient.agent.PatientAgent` given
  ``record.case`` only, seeded per record as the evaluator seeds it) speaks first; each
  doctor message gets a patient reply until the patient is finished (the three closing
  answers given) or ``max_turns`` + 3 doctor turns;
* ``vignette`` / ``opening``: the doctor reads the case as a vignette (or only its opening
  statement) and answers the three closing questions.

The conversation is ``state.messages``: tod's doctor system prompt, the patient as
``user``, the doctor as ``assistant``. Each patient message carries, as its metadata, the
NLU parse of the doctor turn it answers (``intents``, ``slots``), its ``provenance``
(record fields stated), ``events`` and ``phase``, so ``inspect view`` shows them. The tod
:class:`~tod.evaluation.transcript.Transcript` of the consultation goes into
``state.metadata["tod_transcript"]`` for the scorers.
"""

from __future__ import annotations

import anyio
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.solver import Generate, Solver, TaskState, solver

from tod.evaluation.consult import SUMMARY_QUESTIONS, dialogue_transcript
from tod.evaluation.runner import record_seed
from tod.evaluation.transcript import SUMMARY_FIELDS, Transcript
from tod.evaluation.vignette import render_opening, render_vignette
from tod.inspect.resources import nlu_parser, records_by_id
from tod.nlu.types import TurnParser
from tod.patient.persona import Persona
from tod.patient.reply import PatientReply
from tod.records.model import Record
from tod.session import CLOSING_TURNS, Consultation, ConsultationTurn
from tod.text import replace_lone_surrogates

#: Where the solver leaves the consultation's transcript for the scorers.
TRANSCRIPT_KEY = "tod_transcript"


class _Doctor:
    """The doctor's name in the transcript: the model's."""

    def __init__(self, name: str) -> None:
        self.name = name


def reply_message(reply: PatientReply) -> ChatMessageUser:
    """A patient reply as a ``user`` message with the turn's parse and provenance as metadata."""
    return ChatMessageUser(
        content=reply.text,
        metadata={
            "intents": list(reply.intents),
            "slots": {k: list(v) for k, v in reply.slots.items()},
            "provenance": list(reply.provenance),
            "events": list(reply.events),
            "phase": reply.phase,
        },
    )


@solver
def consult_patient(
    records: str,
    checkpoint: str,
    *,
    condition: str = "dialogue",
    persona: str | None = None,
    max_turns: int = 20,
    seed: int = 0,
    system_prompt_file: str | None = None,
) -> Solver:
    """The consultation of each sample's record (the records file ``records``, by sample
    id) under ``condition``, with the NLU of ``checkpoint`` (dialogue only)."""
    from tod.doctors.prompts import load_system_prompt

    system_prompt = load_system_prompt(system_prompt_file)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        record = records_by_id(records)[str(state.sample_id)]
        doctor = _Doctor(str(state.model))
        state.messages = [ChatMessageSystem(content=system_prompt)]
        if condition == "dialogue":
            transcript = await _interview(state, generate, record, doctor, nlu_parser(checkpoint))
        else:
            transcript = await _read_case(state, generate, record, doctor)
        state.metadata[TRANSCRIPT_KEY] = transcript.to_json()
        return state

    async def _interview(state: TaskState, generate: Generate, record: Record, doctor: _Doctor,
                         nlu: TurnParser) -> Transcript:
        from tod.patient.agent import PatientAgent

        patient_seed = record_seed(seed, record.id)
        patient = PatientAgent.build(record.case, nlu, persona=Persona.parse(persona) if persona else Persona(),
                                     seed=patient_seed)
        patient.limit_turns(max_turns)
        opening = patient.opening()
        consultation = Consultation(doctor_name=doctor.name, opening=opening)
        state.messages.append(reply_message(opening))
        for _ in range(max_turns + CLOSING_TURNS):
            state = await generate(state)
            if state.completed:  # a message or token limit of inspect's
                break
            doctor_text = replace_lone_surrogates(state.output.completion)
            reply = await anyio.to_thread.run_sync(patient.respond, doctor_text)
            consultation.turns.append(ConsultationTurn(doctor_text, reply))
            state.messages.append(reply_message(reply))
            if patient.finished:
                break
        consultation.end_reason = patient.end_reason
        consultation.summary_answers = patient.summary_answers
        consultation.revealed = patient.revealed
        return dialogue_transcript(record, doctor, consultation, patient_seed)  # type: ignore[arg-type]

    async def _read_case(state: TaskState, generate: Generate, record: Record, doctor: _Doctor) -> Transcript:
        text = render_vignette(record.case) if condition == "vignette" else render_opening(record.case)
        answers = {name: "" for name in SUMMARY_FIELDS}
        for index, name in enumerate(SUMMARY_FIELDS):
            question = SUMMARY_QUESTIONS[name]
            state.messages.append(ChatMessageUser(content=f"{text}\n\n{question}" if index == 0 else question))
            state = await generate(state)
            if state.completed:
                break
            answers[name] = replace_lone_surrogates(state.output.completion)
        return Transcript(
            record_id=record.id, department=record.department, condition=condition, doctor=doctor.name, status="ok",
            seed=record_seed(seed, record.id), opening=record.case.opening_statement, summary_answers=answers,
            end_reason="read",
        )

    return solve
