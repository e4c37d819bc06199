"""The patient agent: one simulated patient for one consultation.

Each doctor turn goes through parse (NLU) -> state -> policy -> NLG -> guard -> optional
polish -> dialogue manager (the types that pass between them are in
:mod:`tod.patient.acts`). The agent is given its stages; :meth:`PatientAgent.build` makes
the default ones from ``record.case`` only (a :class:`CaseFacts`), so it cannot reveal the
reference diagnosis, basis or treatment: it never has them.

Usage::

    patient = PatientAgent.build(record.case, parser, persona="sanguine", seed=1)
    print(patient.opening().text)
    while not patient.finished:
        print(patient.respond(input("doctor> ")).text)
"""

from __future__ import annotations

import logging
import random
from typing import Literal

from tod.nlu.types import TurnParse, TurnParser
from tod.patient.acts import IntentAnswer, Policy, Renderer, Rendering
from tod.patient.guard import GuardViolation, ProvenanceGuard
from tod.lexicon import LayLexicon, default_lexicon
from tod.patient.manager import ConsultationManager, EndReason, Phase, is_end_signal
from tod.patient.matching import DEFAULT_THRESHOLD, Matcher, SynonymTable, TextEncoder, default_synonyms
from tod.patient.nlg import TemplateRenderer
from tod.patient.persona import Persona
from tod.patient.policy import ECHOING_VARIANTS, UNMAPPED_VARIANTS, RecordPolicy
from tod.patient.polish import Polisher
from tod.patient.query_words import placed, placed_field_items
from tod.patient.reply import PatientReply
from tod.patient.state import DialogueState, TurnLog
from tod.patient.templates import Part, TemplateBank, compose, default_bank
from tod.patient.unmapped import CLEAR_CUES, widened
from tod.patient.voice import Voice
from tod.records.model import CaseFacts, Status
from tod.schema.labels import INTENT_SLOT
from tod.text_encoder import default_encoder

logger = logging.getLogger(__name__)


def _present_symptoms(case: CaseFacts) -> frozenset[str]:
    """The record paths of the patient's present symptoms ("symptoms[0]", ...)."""
    return frozenset(f"symptoms[{i}]" for i, symptom in enumerate(case.symptoms) if symptom.status is Status.present)


def _case_facts(case: CaseFacts) -> CaseFacts:
    if not isinstance(case, CaseFacts):
        raise TypeError(f"PatientAgent takes the case facts (record.case), not {type(case).__name__}")
    return case


class PatientAgent:
    """A simulated patient answering only from its case facts, through the stages it is given.

    Args:
        case: the patient's facts (``record.case``); a whole record is refused.
        parser: stage 1, the NLU that parses doctor turns.
        policy: stage 2, which record facts answer a turn.
        renderer: stage 3, the words of the answers (as template parts).
        guard: checks every reply against its provenance (the renderer's template bank).
        manager: stage 4, ending the interview and the closing questions.
        polisher: optional LLM rewriting of replies (off by default).
        strict_guard: raise :class:`GuardViolation` instead of replying with a safe
            "I'm not sure" when a reply fails the provenance guard.

    Raises:
        TypeError: ``case`` is not a :class:`CaseFacts`.
    """

    def __init__(
        self,
        case: CaseFacts,
        parser: TurnParser,
        *,
        policy: Policy,
        renderer: Renderer,
        guard: ProvenanceGuard,
        manager: ConsultationManager,
        polisher: Polisher | None = None,
        strict_guard: bool = False,
    ) -> None:
        self.case = _case_facts(case)
        self.parser = parser
        self.policy = policy
        self.renderer = renderer
        self.guard = guard
        self.manager = manager
        self.polisher = polisher
        self.strict_guard = strict_guard
        self.state = DialogueState()

    @classmethod
    def build(
        cls,
        case: CaseFacts,
        parser: TurnParser,
        *,
        persona: Persona | str = Persona(),
        seed: int = 0,
        max_facts_per_turn: int = 3,
        encoder: TextEncoder | None | Literal["minilm"] = "minilm",
        idle_limit: int = 2,
        turn_limit: int = 20,
        polisher: Polisher | None = None,
        strict_guard: bool = False,
        match_threshold: float = DEFAULT_THRESHOLD,
        bank: TemplateBank | None = None,
        lexicon: LayLexicon | None = None,
        synonyms: SynonymTable | None = None,
        matcher: Matcher | None = None,
    ) -> "PatientAgent":
        """A patient with the default stages: :class:`RecordPolicy`, :class:`TemplateRenderer`,
        :class:`ProvenanceGuard` and :class:`ConsultationManager`.

        Args:
            case, parser, polisher, strict_guard: as for the constructor.
            persona: a :class:`Persona` or a spec string ("sanguine,colloquial").
            seed: seed of the renderer's own ``random.Random`` (wording choices only).
            max_facts_per_turn: k, the most facts stated per asked intent.
            encoder: sentence encoder for named-item matching; ``"minilm"`` = the bundled
                MiniLM (loaded once per process), ``None`` = lexical matching only.
            idle_limit: turns without a new question that end the interview.
            turn_limit: doctor turns after which the interview ends.
            match_threshold: cosine threshold for embedding matches.
            bank, lexicon, synonyms: template bank and word lists (default: ``templates/``).
            matcher: a named-item matcher to reuse (its embeddings of this case's texts are
                kept, so fresh patients of one record skip the encoder); ``encoder``,
                ``synonyms`` and ``match_threshold`` are then not used.

        Raises:
            TypeError: ``case`` is not a :class:`CaseFacts`.
        """
        case = _case_facts(case)
        persona = Persona.parse(persona) if isinstance(persona, str) else persona
        bank = bank or default_bank()
        lexicon = lexicon or default_lexicon()
        chosen_encoder = default_encoder() if encoder == "minilm" and matcher is None else encoder
        matcher = matcher or Matcher(chosen_encoder, synonyms or default_synonyms(), lexicon, threshold=match_threshold)
        return cls(
            case,
            parser,
            policy=RecordPolicy(case, matcher, lexicon, max_facts=max_facts_per_turn),
            renderer=TemplateRenderer(bank, Voice.for_case(case), persona, random.Random(seed), _present_symptoms(case)),
            guard=ProvenanceGuard(case, bank, lexicon),
            manager=ConsultationManager(idle_limit=idle_limit, turn_limit=turn_limit),
            polisher=polisher,
            strict_guard=strict_guard,
        )

    # ------------------------------------------------------------ properties

    @property
    def finished(self) -> bool:
        """Whether the consultation is over (all three closing answers stored)."""
        return self.manager.phase == "finished"

    @property
    def end_reason(self) -> str | None:
        """Why the interview ended ("final_diagnosis", "no_new_question", "turn_limit")."""
        return self.manager.end_reason

    @property
    def summary_answers(self) -> dict[str, str]:
        """The doctor's answers to the closing questions (keys diagnosis, basis, treatment)."""
        return dict(self.manager.summary_answers)

    @property
    def revealed(self) -> dict[str, int]:
        """Fact path -> the turn that first stated it."""
        return dict(self.state.revealed)

    # ----------------------------------------------------------------- turns

    def opening(self) -> PatientReply:
        """The record's opening statement (turn 0); states no fact path."""
        part = self.renderer.opening(self.case.opening_statement)
        self.guard.enforce(part.text, [part], ())
        return PatientReply(text=part.text, events=("opening",))

    def limit_turns(self, turn_limit: int) -> None:
        """Lower the interview's turn limit (used by a session with its own limit)."""
        self.manager.lower_turn_limit(turn_limit)

    def respond(self, doctor_text: str, *, parse: TurnParse | None = None, ordered: bool = False) -> PatientReply:
        """Answer one doctor turn.

        Args:
            doctor_text: the doctor's message.
            parse: its NLU parse when already computed (batched replay); parsed here if
                ``None``. Closing-phase turns are not parsed.
            ordered: the turn ordered tests from the examiner, so it is not an idle turn
                even when it asks the patient nothing.
        """
        index = self.state.next_turn
        phase = self.manager.phase
        if phase == "interview":
            return self._interview_turn(index, doctor_text, parse or self.parser.parse(doctor_text), ordered)
        events: list[str] = []
        if phase == "closing":
            key = self.manager.pending
            following = self.manager.record_answer(doctor_text)
            events.append(f"answer:{key}")
            variant = following or "farewell"
            events.append(following or "finished")
            part = self.renderer.fixed("closing", variant)
        else:
            part = self.renderer.fixed("common", "after_finished")
            events.append("after_finished")
        return self._finish(index, doctor_text, TurnParse(doctor_text), Rendering((part,), ()), [], events, [], phase)

    def _interview_turn(self, index: int, doctor_text: str, parse: TurnParse, ordered: bool = False) -> PatientReply:
        # every question and joined item of the turn is answered: what the parse leaves out
        # but clearly names is added to it (:func:`~tod.patient.unmapped.widened`)
        parse = widened(parse, frozenset(i for i in CLEAR_CUES if self.policy.handles(i)))
        events = [f"unknown_intent:{i}" for i in parse.intents if not self.policy.handles(i)]
        closing: list[Part] = []
        end_signal = is_end_signal(doctor_text)
        answers = self.policy.answer(parse, self.state)
        if answers:
            rendering = self.renderer.answers(answers)
        elif end_signal:
            rendering = Rendering((), ())
        else:
            variant = "unmapped_question" if "?" in doctor_text else "no_question"
            rendering = Rendering((self.renderer.fixed("common", variant),), ())
            events.append(variant)
        events += [f"unmapped_question:{s.variant}" for a in answers for s in a.statements if s.variant in UNMAPPED_VARIANTS]
        events += [f"repeated_question:{a.intent}" for a in answers if a.repeated]
        events += [f"volunteered:{p}" for p in rendering.volunteered]
        if end_signal:
            # the turn's questions are answered first, then the closing phase starts
            closing = self._end("final_diagnosis", events)
        else:
            reason = self.manager.after_turn(index, new_question=ordered or any(not a.repeated for a in answers))
            if reason is not None:
                closing = self._end(reason, events)
        return self._finish(index, doctor_text, parse, rendering, answers, events, closing, "interview")

    def _end(self, reason: EndReason, events: list[str]) -> list[Part]:
        first = self.manager.end_interview(reason)
        events += [f"end:{reason}", first]
        return [self.renderer.fixed("closing", first)]

    def _finish(
        self,
        index: int,
        doctor_text: str,
        parse: TurnParse,
        rendering: Rendering,
        answers: list[IntentAnswer],
        events: list[str],
        closing: list[Part],
        phase: Phase,
    ) -> PatientReply:
        """Guard, polish, record the turn and build the reply (given in ``phase``)."""
        parts = [*rendering.parts, *closing]
        provenance = rendering.provenance
        # the doctor's items as named, and as the policy places them ("cramping in your chest")
        asked = [form for values in parse.slots.values() for value in values for form in (value, placed(value, parse.text))]
        # and the items the policy reads from the turn's words ("head trauma" for a bare "trauma")
        asked += [item for intent in dict.fromkeys(parse.intents)
                  for item in placed_field_items(intent, parse.slots.get(INTENT_SLOT.get(intent, ""), []), parse.text)]
        # the topics of the questions no intent covers and the person of a failed premise, as the policy repeats them
        asked += [i for a in answers for s in a.statements if s.variant in ECHOING_VARIANTS
                  for fill in s.fills.values() for i in fill.items]
        text = compose(parts)
        answered = tuple(dict.fromkeys(a.intent for a in answers if a.statements))
        violations = self.guard.check(text, parts, provenance, asked)
        if violations:
            if self.strict_guard:
                raise GuardViolation(violations)
            logger.warning("patient reply failed the provenance guard: %s", "; ".join(violations))
            events.append("guard_violation")
            parts = [self.renderer.fixed("common", "guard_fallback"), *closing]
            provenance = ()
            answered = ()
            text = compose(parts)
            self.guard.enforce(text, parts, provenance)
        if self.polisher is not None and rendering.parts and provenance:
            polished, accepted = self.polisher.polish(rendering.text, rendering.facts)
            events.append("polished" if accepted else "polish_fallback")
            text = " ".join(t for t in (polished, compose(closing)) if t)
        self.state.commit(
            TurnLog(
                index=index,
                text=doctor_text,
                intents=parse.intents,
                slots=dict(parse.slots),
                repeated=tuple(a.intent for a in answers if a.repeated),
                new_question=any(not a.repeated for a in answers),
                provenance=provenance,
                events=tuple(events),
            ),
            tuple(a.key for a in answers),
        )
        return PatientReply(
            text=text,
            intents=parse.intents,
            slots=dict(parse.slots),
            provenance=provenance,
            events=tuple(events),
            answered=answered,
            phase=phase,
        )
