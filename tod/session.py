"""A consultation session: the doctor and the patient take turns (ConvLab-style).

The patient speaks first (the record's opening statement); then each doctor message gets
one patient reply until the patient is finished: the interview has ended and the doctor
has answered the three closing questions (diagnosis, basis, treatment).

With an examiner (:class:`tod.examiner.Examiner`), a third role: an interview turn that
orders tests or examinations also gets the examiner's message with the recorded results
(:func:`play_turn`), after the patient's reply; the doctor sees it as its own message
(role ``examiner``). The patient is then given the record as the patient knows it
(:func:`tod.examiner.patient_view`), so this visit's results come from the examiner only.

Doctor messages pass through :func:`tod.text.replace_lone_surrogates` (lone surrogates
become U+FFFD). The consultation keeps the typed :class:`~tod.patient.reply.PatientReply`
of every turn. A consultation that breaks off (the doctor fails after its retries, or the
patient side raises) keeps what was said: the exception carries the partial
:class:`Consultation` (see :func:`partial_consultation`), so the evaluator can log the
turns already played.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tod.doctors.base import Doctor, Message
from tod.examiner.examiner import Examiner, ExaminerReply
from tod.nlu.types import TurnParse
from tod.patient.agent import PatientAgent
from tod.patient.manager import is_end_signal
from tod.patient.reply import PatientReply
from tod.text import replace_lone_surrogates

#: Doctor turns after the interview: the answers to the three closing questions.
CLOSING_TURNS = 3


@dataclass(frozen=True)
class ConsultationTurn:
    """One exchange: the doctor's message, the patient's reply and, when the doctor ordered
    tests, the examiner's reply."""

    doctor: str
    patient: PatientReply
    examiner: ExaminerReply | None = None

    def messages(self) -> list[Message]:
        """The exchange as messages: doctor, patient, then examiner (when it spoke)."""
        found = [Message("doctor", self.doctor), Message("patient", self.patient.text)]
        return found + ([Message("examiner", self.examiner.text)] if self.examiner else [])

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of the exchange (``examiner`` only when it spoke)."""
        data: dict[str, object] = {"doctor": self.doctor, "patient": self.patient.to_json()}
        if self.examiner is not None:
            data["examiner"] = {"text": self.examiner.text, "orders": [r.to_json() for r in self.examiner.results]}
        return data


@dataclass
class Consultation:
    """A finished consultation.

    ``revealed`` maps each record fact path the patient stated to the turn that first
    stated it; ``summary_answers`` holds the doctor's closing answers.
    """

    doctor_name: str
    opening: PatientReply
    turns: list[ConsultationTurn] = field(default_factory=list)
    end_reason: str | None = None
    summary_answers: dict[str, str] = field(default_factory=dict)
    revealed: dict[str, int] = field(default_factory=dict)

    def messages(self) -> list[Message]:
        """The conversation as doctor/patient/examiner messages, opening first."""
        found = [Message("patient", self.opening.text)]
        for turn in self.turns:
            found += turn.messages()
        return found

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of the consultation."""
        return {
            "doctor": self.doctor_name,
            "opening": self.opening.to_json(),
            "turns": [t.to_json() for t in self.turns],
            "end_reason": self.end_reason,
            "summary_answers": self.summary_answers,
            "revealed": self.revealed,
        }


def partial_consultation(exc: BaseException) -> Consultation | None:
    """The consultation so far that :func:`run_consultation` attached to ``exc`` when it
    broke off (``None`` for an exception raised elsewhere)."""
    found = getattr(exc, "consultation", None)
    return found if isinstance(found, Consultation) else None


def _fill_state(consultation: Consultation, patient: PatientAgent) -> None:
    consultation.end_reason = patient.end_reason
    consultation.summary_answers = patient.summary_answers
    consultation.revealed = patient.revealed


def play_turn(
    doctor_text: str, patient: PatientAgent, examiner: Examiner | None = None, *, parse: TurnParse | None = None
) -> ConsultationTurn:
    """One doctor turn: the patient's reply and, in the interview, the examiner's results
    for the tests the turn orders (parsed once, for both; ``parse`` when already computed).
    A turn that orders something counts as a new request for the patient (it does not make
    the interview idle), and the patient does not answer its examination request, which the
    examiner answered. A turn that ends the interview (a final diagnosis) orders nothing."""
    if examiner is None or patient.manager.phase != "interview" or is_end_signal(doctor_text):
        return ConsultationTurn(doctor_text, patient.respond(doctor_text, parse=parse))
    parse = parse or patient.parser.parse(doctor_text)
    results = examiner.respond(doctor_text, parse)
    ordered = results is not None and bool(results.results)
    reply = patient.respond(doctor_text, parse=_without_orders(parse) if ordered else parse, ordered=ordered)
    return ConsultationTurn(doctor_text, reply, results)


def _without_orders(parse: TurnParse) -> TurnParse:
    """``parse`` without the examination request the examiner answered: the patient answers
    the turn's other questions ("Okay." when there are none), not the order again."""
    slots = {k: v for k, v in parse.slots.items() if k != "medical_examination"}
    return replace(parse, intents=tuple(i for i in parse.intents if i != "ask_medical_examination"), slots=slots)


def run_consultation(
    doctor: Doctor, patient: PatientAgent, *, examiner: Examiner | None = None, max_turns: int = 20
) -> Consultation:
    """Run one consultation to the end.

    Args:
        doctor: the doctor model; it gets the whole conversation each turn.
        patient: a fresh patient agent (its opening statement starts the conversation).
        examiner: returns the results of ordered tests (``None``: no examiner, the patient
            alone answers).
        max_turns: interview turn limit; the patient's own limit is lowered to it.

    Raises:
        tod.doctors.base.DoctorError: from the doctor, unchanged (the evaluator records it).
        RuntimeError: the patient did not finish within ``max_turns`` + 3 doctor turns
            (a dialogue-manager bug, never a doctor's fault).

        Any exception (not ``KeyboardInterrupt`` or ``SystemExit``) raised once the
        consultation has started carries the partial consultation as its ``consultation``
        attribute: the opening and every completed turn, with the facts revealed and the
        closing answers given so far (read it with :func:`partial_consultation`).
    """
    patient.limit_turns(max_turns)
    opening = patient.opening()
    consultation = Consultation(doctor_name=getattr(doctor, "name", type(doctor).__name__), opening=opening)
    messages = [Message("patient", opening.text)]
    try:
        for _ in range(max_turns + CLOSING_TURNS):
            doctor_text = replace_lone_surrogates(doctor.reply(list(messages)))
            turn = play_turn(doctor_text, patient, examiner)
            messages += turn.messages()
            consultation.turns.append(turn)
            if patient.finished:
                break
        else:
            raise RuntimeError(f"patient not finished after {max_turns + CLOSING_TURNS} doctor turns")
    except Exception as exc:
        _fill_state(consultation, patient)
        try:
            exc.consultation = consultation  # type: ignore[attr-defined]
        except (AttributeError, TypeError):  # an exception type that refuses attributes
            pass
        raise
    _fill_state(consultation, patient)
    return consultation
