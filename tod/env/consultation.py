"""``ConsultationEnv``: a Gymnasium environment in which the agent is the doctor.

One episode is one consultation with tod's patient on one record::

    env = ConsultationEnv("records/default.jsonl", "checkpoints/default")
    opening, info = env.reset(seed=0, options={"record_id": "dm-001"})
    reply, reward, terminated, truncated, info = env.step("How long have you felt this way?")

* ``reset(seed, options)``: picks the record ``options["record_id"]`` (or one at random
  with the environment's seeded generator) and returns the patient's opening statement;
  info: ``record_id``, ``department``, ``turn`` (0).
* ``step(doctor_text)``: the patient's reply, the reward (:mod:`tod.env.rewards`),
  ``terminated`` (the consultation ended and the doctor answered the patient's three closing
  questions: diagnosis, basis, treatment), ``truncated`` (the interview reached
  ``max_turns`` doctor turns; the episode stops there, without the closing answers) and
  info: ``turn``, ``phase`` (the dialogue manager's phase when the turn came in:
  ``interview`` or ``closing``), ``intents`` and ``slots`` (the NLU parse of the turn),
  ``provenance`` (record fields the reply states), ``events``, ``revealed`` (fact paths
  stated for the first time), ``repeated`` (repeated questions), and on the last step
  ``diagnosis_score`` and ``summary_answers``.

Errors, never silent: an unknown ``record_id`` or option is a ``ValueError`` naming it; a
record file that does not validate raises :class:`tod.records.RecordFileError` (file, line,
field) from the constructor; an action that is not a string is
:class:`gymnasium.error.InvalidAction`; ``step`` before ``reset`` or after the episode
ended is :class:`gymnasium.error.ResetNeeded` (Gymnasium's convention).

The patient is :class:`tod.patient.agent.PatientAgent` given the record as the patient
knows it (:func:`tod.examiner.patient_view`: without this visit's results); tests the doctor
orders are answered by :class:`tod.examiner.Examiner`, as in ``tod.evaluate``, and their
results follow the patient's reply in the observation between
:data:`tod.doctors.prompts.RESULTS_OPEN` and :data:`~tod.doctors.prompts.RESULTS_CLOSE`
(info ``examiner``). ``provenance`` and ``revealed`` are paths of the full record. The
environment holds the reference answers to score the diagnosis.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Sequence

import gymnasium
from gymnasium.error import InvalidAction, ResetNeeded

from tod.doctors.prompts import RESULTS_CLOSE, RESULTS_OPEN
from tod.env.rewards import RewardConfig
from tod.env.spaces import UnicodeText
from tod.evaluation.consult import dialogue_transcript
from tod.evaluation.metrics import EvalItem, MetricContext
from tod.examiner import Examiner, PatientView, patient_view
from tod.nlu.types import TurnParse, TurnParser
from tod.patient.agent import PatientAgent
from tod.patient.matching import TextEncoder
from tod.patient.persona import Persona
from tod.records.io import load_records
from tod.records.model import Record, iter_fact_paths
from tod.session import Consultation, play_turn
from tod.text import replace_lone_surrogates

#: Longest observation (patient reply) and action (doctor turn) the spaces admit.
MAX_REPLY_CHARS = 100_000
MAX_ACTION_CHARS = 100_000
#: ``reset`` options the environment understands.
RESET_OPTIONS = ("record_id",)


class _Agent:
    """The doctor's name in transcripts built for scoring."""

    name = "agent"


def load_env_records(records: str | Path | Sequence[Record]) -> tuple[list[Record], str]:
    """The records and a description of where they came from (for error messages).

    Raises:
        tod.records.RecordFileError: a records file that does not validate.
        ValueError: no records, or duplicate ids.
    """
    if isinstance(records, (str, Path)):
        return load_records(records), str(records)
    loaded = list(records)
    if not loaded:
        raise ValueError("records: the environment needs at least one record")
    if not all(isinstance(r, Record) for r in loaded):
        raise ValueError("records: expected a records file path or a sequence of Record objects")
    ids = [r.id for r in loaded]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(f"records: duplicate record ids {duplicates}")
    return loaded, f"the {len(loaded)} given records"


def load_env_parser(parser: TurnParser | str | Path) -> TurnParser:
    """``parser`` itself, or the NLU parser of the checkpoint folder it names."""
    if isinstance(parser, (str, Path)):
        from tod.nlu import load_parser

        return load_parser(parser)
    return parser


class ConsultationEnv(gymnasium.Env[str, str]):
    """One consultation per episode with tod's patient (see the module docstring).

    Args:
        records: a records file (JSONL) or a sequence of records.
        parser: the NLU (a :class:`~tod.nlu.types.TurnParser`) or a checkpoint folder.
        persona: the patient persona (a :class:`Persona` or a spec such as ``"sanguine"``).
        max_turns: doctor turns after which the interview is over (``truncated``).
        idle_limit: doctor turns in a row without a new question after which the patient
            ends the interview and asks the closing questions.
        reward: the reward settings.
        encoder: the patient's sentence encoder for named items (``"minilm"``, the bundled
            one, or any object with ``encode``; ``None`` = lexical matching only).
        metric_context: scores the diagnosis (default: the evaluator's defaults, no BERTScore).
        render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns the conversation so far).

    Raises:
        tod.records.RecordFileError: the records file does not validate.
        tod.nlu.checkpoint.CheckpointError: the checkpoint cannot be loaded.
        ValueError: bad settings (an unknown persona, ``max_turns`` < 1, no records).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        records: str | Path | Sequence[Record],
        parser: TurnParser | str | Path,
        *,
        persona: Persona | str | None = None,
        max_turns: int = 20,
        idle_limit: int = 2,
        reward: RewardConfig | None = None,
        encoder: TextEncoder | None | Literal["minilm"] = "minilm",
        metric_context: MetricContext | None = None,
        render_mode: str | None = None,
    ) -> None:
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.records, self.records_source = load_env_records(records)
        self._by_id = {r.id: r for r in self.records}
        self.parser = load_env_parser(parser)
        self.persona = Persona.parse(persona) if isinstance(persona, str) else (persona or Persona())
        self.max_turns = max_turns
        self.idle_limit = idle_limit
        self.reward_config = reward or RewardConfig()
        self.encoder = encoder
        self.metric_context = metric_context or MetricContext(bertscore=False)
        self.render_mode = render_mode
        self.observation_space = UnicodeText(MAX_REPLY_CHARS)
        self.action_space = UnicodeText(MAX_ACTION_CHARS)
        self.record: Record | None = None
        self.patient: PatientAgent | None = None
        self.view: PatientView | None = None
        self.examiner: Examiner | None = None
        self.consultation: Consultation | None = None
        self._families: dict[str, str] = {}
        self._done = False

    # ----------------------------------------------------------------- episode

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """Start a consultation; returns the opening statement and ``{record_id,
        department, turn}``.

        Raises:
            ValueError: an unknown option or ``record_id``.
        """
        super().reset(seed=seed)
        options = dict(options or {})
        unknown = sorted(set(options) - set(RESET_OPTIONS))
        if unknown:
            raise ValueError(f"reset options: unknown {unknown}; expected some of {list(RESET_OPTIONS)}")
        record_id = options.get("record_id")
        if record_id is None:
            record = self.records[int(self.np_random.integers(len(self.records)))]
        elif not isinstance(record_id, str) or record_id not in self._by_id:
            raise ValueError(f"reset options: unknown record_id {record_id!r}: not among {self.records_source}")
        else:
            record = self._by_id[record_id]
        self.record = record
        self.view = patient_view(record)
        self.examiner = Examiner(record.case)
        self.patient = PatientAgent.build(
            self.view.record.case, self.parser, persona=self.persona, seed=int(self.np_random.integers(2**31)),
            encoder=self.encoder, turn_limit=self.max_turns, idle_limit=self.idle_limit,
        )
        self.consultation = Consultation(doctor_name=_Agent.name, opening=self.patient.opening())
        self._families = dict(iter_fact_paths(record.case))
        self._done = False
        return self.consultation.opening.text, {"record_id": record.id, "department": record.department, "turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """The patient's reply to the doctor's message ``action`` (see the module docstring).

        Raises:
            gymnasium.error.InvalidAction: ``action`` is not a string.
            gymnasium.error.ResetNeeded: no episode is running.
        """
        return self.play(self.doctor_text(action))

    @property
    def needs_parse(self) -> bool:
        """Whether the next doctor turn goes through the NLU (the interview is running)."""
        return self.patient is not None and not self._done and self.patient.manager.phase == "interview"

    def doctor_text(self, action: Any) -> str:
        """``action`` checked and cleaned as :func:`tod.session.run_consultation` does
        (lone surrogates become U+FFFD).

        Raises:
            gymnasium.error.InvalidAction: not a string.
            gymnasium.error.ResetNeeded: no episode is running.
        """
        if self.patient is None:
            raise ResetNeeded("step() called before reset(); call reset() to start a consultation")
        if self._done:
            raise ResetNeeded("step() called after the episode ended (terminated or truncated); call reset() first")
        if not isinstance(action, str):
            raise InvalidAction(f"the action must be the doctor's message as a str, got {type(action).__name__}: {action!r:.80}")
        return replace_lone_surrogates(action)

    def play(self, doctor_text: str, parse: TurnParse | None = None) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """One step with a checked doctor text (:meth:`doctor_text`) and, when computed
        already (a batch), its NLU parse."""
        patient, consultation, view = self.patient, self.consultation, self.view
        assert patient is not None and consultation is not None and view is not None
        before = patient.revealed
        turn = play_turn(doctor_text, patient, self.examiner, parse=parse)
        reply = turn.patient
        consultation.turns.append(turn)
        revealed = [view.record_path(path) for path in patient.revealed if path not in before]
        repeated = [e.split(":", 1)[1] for e in reply.events if e.startswith("repeated_question:")]
        reward = self.reward_config.step_reward([self._families.get(p, "") for p in revealed], len(repeated))
        terminated = patient.finished
        truncated = not terminated and patient.end_reason == "turn_limit"
        info: dict[str, Any] = {
            "turn": len(consultation.turns),
            "phase": reply.phase,
            "intents": list(reply.intents),
            "slots": {k: list(v) for k, v in reply.slots.items()},
            "provenance": [view.record_path(path) for path in reply.provenance],
            "events": list(reply.events),
            "revealed": revealed,
            "repeated": repeated,
            "examiner": turn.examiner.text if turn.examiner else "",
        }
        if terminated:
            consultation.end_reason = patient.end_reason
            consultation.summary_answers = patient.summary_answers
            consultation.revealed = patient.revealed
            score = self.diagnosis_score()
            reward += self.reward_config.diagnosis_weight * score
            info["diagnosis_score"] = score
            info["summary_answers"] = dict(consultation.summary_answers)
        self._done = terminated or truncated
        observation = reply.text
        if turn.examiner is not None:
            observation += f"\n{RESULTS_OPEN}\n{turn.examiner.text}\n{RESULTS_CLOSE}"
        return observation, float(reward), terminated, truncated, info

    def diagnosis_score(self) -> float:
        """The doctor's diagnosis scored against the reference (``top1`` or ``similarity``,
        see :mod:`tod.env.rewards`)."""
        from tod.evaluation.metrics.diagnosis import diagnosis, diagnosis_answer, parse_answer

        assert self.record is not None and self.consultation is not None
        transcript = dialogue_transcript(self.record, _Agent(), self.consultation, seed=0)  # type: ignore[arg-type]
        if self.reward_config.diagnosis == "top1":
            return float(diagnosis([EvalItem(self.record, transcript)], self.metric_context)[0]["top1"])
        candidates = parse_answer(diagnosis_answer(transcript)).candidates
        if not candidates:
            return 0.0
        reference = self.record.reference
        similarity = self.metric_context.encoder.similarity(candidates[:1], [reference.diagnosis, *reference.synonyms])
        return float(min(1.0, max(0.0, similarity.max())))

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the conversation so far, one ``role: text`` line per message."""
        if self.render_mode != "ansi" or self.consultation is None:
            return None
        return "\n".join(f"{m.role}: {m.content}" for m in self.consultation.messages())
