"""One consultation of one record under an evaluation condition, as a :class:`Transcript`.

* ``dialogue``: the doctor interviews the simulated patient
  (:class:`tod.patient.agent.PatientAgent` driven by :func:`tod.session.run_consultation`),
  which ends with the three closing questions. The patient knows the record as
  :func:`tod.examiner.patient_view` gives it; the examiner (:class:`tod.examiner.Examiner`,
  on the whole case) returns the results of the tests the doctor orders;
* ``vignette``: the doctor reads the whole case written as a vignette
  (:func:`~tod.evaluation.vignette.render_vignette`, never the reference) and answers the
  three closing questions;
* ``opening``: the same with the opening statement only.

Any exception but ``KeyboardInterrupt``/``SystemExit`` becomes a ``failed`` transcript
whose ``error`` says why (``doctor error: ...`` for a :class:`DoctorError`, otherwise the
exception type and message), so one bad consultation does not stop a run. A dialogue that
breaks off mid-way keeps the opening and the turns played before the failure.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tod.doctors.base import Doctor, DoctorError, Message
from tod.evaluation.transcript import SUMMARY_FIELDS, Phase, Transcript, Turn
from tod.evaluation.vignette import render_opening, render_vignette
from tod.nlu.types import TurnParser
from tod.records.model import Record
from tod.text import replace_lone_surrogates

if TYPE_CHECKING:
    from tod.evaluation.config import EvalConfig
    from tod.patient.manager import Phase as ManagerPhase
    from tod.patient.polish import Polisher
    from tod.session import Consultation

#: The closing questions of the reading conditions, asked in this order.
SUMMARY_QUESTIONS: dict[str, str] = {
    "diagnosis": "What is the most likely diagnosis? Answer with 'Final Diagnosis: ...'.",
    "basis": "What is the basis for this diagnosis?",
    "treatment": "What treatment do you recommend?",
}


def read_case(record: Record, doctor: Doctor, condition: str) -> dict[str, str]:
    """The doctor's answers to :data:`SUMMARY_QUESTIONS` after reading the case (the
    vignette or the opening statement), asked as one conversation."""
    text = render_vignette(record.case) if condition == "vignette" else render_opening(record.case)
    messages: list[Message] = []
    answers: dict[str, str] = {}
    for name in SUMMARY_FIELDS:
        question = SUMMARY_QUESTIONS[name]
        messages.append(Message("patient", f"{text}\n\n{question}" if not messages else question))
        answers[name] = replace_lone_surrogates(doctor.reply(messages))
        messages.append(Message("doctor", answers[name]))
    return answers


def transcript_phase(phase: "ManagerPhase") -> Phase:
    """A transcript turn's phase from the manager's phase when the doctor's turn came in:
    ``interview`` stays, the answers to the closing questions (and any turn after them,
    which a session never plays) are ``closing``."""
    return "interview" if phase == "interview" else "closing"


def interview(
    record: Record, doctor: Doctor, parser: TurnParser, config: "EvalConfig", seed: int, polisher: "Polisher | None"
) -> Transcript:
    """The dialogue condition: the doctor interviews the simulated patient.

    Raises:
        Exception: what broke the consultation; when it had started, the exception carries
            the partial consultation (:func:`tod.session.partial_consultation`) that
            :func:`consult` logs with the failure.
    """
    from tod.examiner import Examiner, patient_view
    from tod.patient.agent import PatientAgent
    from tod.patient.persona import Persona
    from tod.session import run_consultation

    persona = Persona.parse(config.persona) if config.persona else Persona()
    known = patient_view(record).record.case
    patient = PatientAgent.build(known, parser, persona=persona, seed=seed, polisher=polisher)
    examiner = Examiner(record.case, unrecorded=config.unrecorded)  # type: ignore[arg-type]
    consultation = run_consultation(doctor, patient, examiner=examiner, max_turns=config.max_turns)
    return dialogue_transcript(record, doctor, consultation, seed)


def dialogue_transcript(
    record: Record, doctor: Doctor, consultation: "Consultation", seed: int, *, error: str | None = None
) -> Transcript:
    """A dialogue-condition transcript of ``consultation``: ``ok``, or ``failed`` with
    ``error`` (then the turns are those played before the failure).

    The patient was given :func:`~tod.examiner.patient_view` of ``record``; its
    provenance and revealed paths are mapped back to the record's paths."""
    from tod.examiner import patient_view

    view = patient_view(record)
    turns = tuple(
        Turn(
            doctor=turn.doctor,
            patient=turn.patient.text,
            intents=turn.patient.intents,
            slots=dict(turn.patient.slots),
            provenance=tuple(view.record_path(p) for p in turn.patient.provenance),
            events=turn.patient.events,
            phase=transcript_phase(turn.patient.phase),
            examiner=turn.examiner.text if turn.examiner else "",
            orders=tuple(r.to_json() for r in turn.examiner.results) if turn.examiner else (),
        )
        for turn in consultation.turns
    )
    return _transcript(
        record,
        doctor,
        "dialogue",
        seed,
        error=error,
        opening=consultation.opening.text,
        turns=turns,
        summary_answers={k: consultation.summary_answers.get(k, "") for k in SUMMARY_FIELDS},
        revealed=tuple(sorted(view.record_path(p) for p in consultation.revealed)),
        end_reason=consultation.end_reason,
    )


def consult(
    record: Record,
    doctor: Doctor,
    parser: TurnParser | None,
    config: "EvalConfig",
    *,
    seed: int,
    polisher: "Polisher | None" = None,
) -> Transcript:
    """Run one consultation under ``config.condition``; never raises but for interrupts.

    ``polisher`` (dialogue only) rewrites the patient's replies (``--polish``)."""
    start = time.monotonic()
    try:
        if config.condition == "dialogue":
            if parser is None:
                raise ValueError("the dialogue condition needs an NLU parser")
            transcript = interview(record, doctor, parser, config, seed, polisher)
        else:
            transcript = _transcript(
                record,
                doctor,
                config.condition,
                seed,
                opening=record.case.opening_statement,
                summary_answers=read_case(record, doctor, config.condition),
                end_reason="read",
            )
    except DoctorError as exc:
        transcript = _failed(record, doctor, config, seed, f"doctor error: {exc}", exc)
    except Exception as exc:  # noqa: BLE001 - one broken consultation must not end a long run
        transcript = _failed(record, doctor, config, seed, f"{type(exc).__name__}: {exc}", exc)
    return replace(transcript, elapsed_s=round(time.monotonic() - start, 3))


def _failed(record: Record, doctor: Doctor, config: "EvalConfig", seed: int, reason: str, exc: BaseException) -> Transcript:
    """A ``failed`` transcript; a dialogue that broke off keeps its turns so far."""
    from tod.session import partial_consultation

    partial = partial_consultation(exc)
    if partial is not None:
        return dialogue_transcript(record, doctor, partial, seed, error=reason)
    return _transcript(record, doctor, config.condition, seed, error=reason)


def _transcript(
    record: Record, doctor: Doctor, condition: str, seed: int, *, error: str | None = None, **fields: Any
) -> Transcript:
    """A transcript of ``record`` and ``doctor``: ``ok``, or ``failed`` with ``error``."""
    return Transcript(
        record_id=record.id,
        department=record.department,
        condition=condition,
        doctor=doctor.name,
        status="ok" if error is None else "failed",
        error=error,
        seed=seed,
        **fields,
    )
