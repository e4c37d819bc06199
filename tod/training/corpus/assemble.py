"""Assemble whole doctor turns from questions and unlabelled statements.

A written turn is 0-2 preamble sentences, an optional restatement, explanation or list of
possible causes, 1-5 questions (plain sentences, a numbered or bulleted list, or bold
headings) and an optional closing; some turns carry a stage direction or an invented
patient answer. 12% of turns ask nothing (a "Final Diagnosis" line, "Thank you.", advice
ending in "Do you have any questions?"), some are very short ("For how long?"), and 10%
are spoken (:mod:`tod.training.corpus.speech`: fillers, echoes, elliptic follow-ups, tag
questions, identity checks, plans; 30% of them ask nothing). The turn's intents and slots
are the union of its questions'.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping

from tod.schema import INTENTS

from tod.training.corpus.fillers import LexiconFiller
from tod.training.corpus.noise import add_typos, drop_final_question_mark, lower_first, lowercase
from tod.training.corpus.phrasings import Phrasing, QuestionBank, StatementBank
from tod.training.corpus.speech import Speaker, SpeechBank, SpeechShape
from tod.training.corpus.template import Piece, join, placeholder_kinds, render

#: Relative frequency of each intent among generated questions (LLM doctors ask about
#: symptoms far more often than about, say, gender).
INTENT_WEIGHTS: Mapping[str, float] = {
    "ask_symptom": 16.0,
    "ask_symptom_duration": 6.0,
    "ask_symptom_description_time": 6.0,
    "ask_symptom_description_degree": 6.0,
    "ask_symptom_description_position": 5.0,
    "ask_symptom_description_shape": 4.0,
    "ask_symptom_description_color": 3.0,
    "ask_symptom_description_smell": 1.5,
    "ask_coitus": 1.2,
    "ask_tobacco": 2.0,
    "ask_alcohol": 2.0,
    "ask_drug": 1.2,
    "ask_receiving_treatment": 5.0,
    "ask_age": 1.2,
    "ask_weight": 1.0,
    "ask_gender": 1.0,
    "ask_medical_examination": 4.0,
    "ask_living_habit": 3.0,
    "ask_past_medication": 5.0,
    "ask_past_diagnosis": 6.0,
    "ask_physical_change": 3.0,
    "ask_trauma_surgery": 2.5,
    "ask_preventive": 1.8,
    "ask_allergic_history": 3.5,
    "ask_contact_history": 4.0,
    "ask_family_history": 3.5,
    "ask_occupation": 1.5,
    "ask_reproductive_history": 1.8,
    "ask_symptom_factors": 5.0,
}


@dataclass(frozen=True)
class TurnShape:
    """Probabilities that shape a generated turn."""

    no_question: float = 0.12
    short: float = 0.08
    #: Weights of 1-5 questions per written turn, near the real CRAFT-MD turns (annotations/
    #: README.md, "Co-occurrence ties"): more questions per turn tie every pair of intents.
    question_counts: tuple[float, ...] = (62, 24, 8, 4, 2)
    preamble_counts: tuple[float, ...] = (30, 52, 18)
    empathy: float = 0.15
    context: float = 0.25
    cause_list: float = 0.06
    closing: float = 0.25
    stage_direction: float = 0.04
    patient_answer: float = 0.04
    doctor_prefix: float = 0.03
    lead_in: float = 0.25
    paragraphs: float = 0.35
    numbered: float = 0.16
    bullets: float = 0.07
    bold: float = 0.07
    typos: float = 0.08
    lowercase: float = 0.03
    no_question_mark: float = 0.06
    speech: SpeechShape = SpeechShape()


#: What a spoken turn that asks nothing says: speech.yaml sections and their weights.
SPOKEN_STATEMENTS: tuple[tuple[tuple[str, ...], float], ...] = (
    (("echoes",), 3),
    (("echoes", "plans"), 2),
    (("plans",), 3),
    (("identity_checks",), 2),
)


class TurnBuilder:
    """Builds labelled doctor turns from the phrasing banks."""

    def __init__(
        self,
        questions: QuestionBank,
        statements: StatementBank,
        speech: SpeechBank,
        filler: LexiconFiller,
        shape: TurnShape = TurnShape(),
        weights: Mapping[str, float] = INTENT_WEIGHTS,
    ) -> None:
        empty = filler.empty_kinds()

        def usable(group: tuple[Phrasing, ...]) -> tuple[Phrasing, ...]:
            return tuple(p for p in group if not placeholder_kinds(p.template) & empty)

        self._regular = {i: usable(g) for i, g in questions.by_intent.items() if usable(g)}
        self._short = {i: usable(g) for i, g in questions.short.items() if usable(g)}
        self._spoken = {i: usable(g) for i, g in questions.spoken.items() if usable(g)}
        self._intents = [i for i in INTENTS if i in self._regular]
        self._weights = [weights.get(i, 1.0) for i in self._intents]
        self._sections = {
            name: tuple(t for t in templates if not placeholder_kinds(t) & empty)
            for name, templates in statements.sections.items()
        }
        self._headings = statements.headings
        self._filler = filler
        self._shape = shape
        self._speaker = Speaker(speech, filler, shape.speech)

    def build(self, rng: random.Random) -> Piece:
        """One labelled doctor turn."""
        self._filler.new_turn()
        shape = self._shape
        roll = rng.random()
        if roll < shape.no_question:
            return self._no_question_turn(rng)
        if roll < shape.no_question + shape.short:
            return self._short_turn(rng)
        if roll < shape.no_question + shape.short + shape.speech.share:
            return self._spoken_turn(rng)
        turn = self._standard_turn(rng)
        if rng.random() < shape.typos:
            turn = add_typos(turn, rng, rng.randint(1, 3))
        if rng.random() < shape.lowercase:
            turn = lowercase(turn)
        if rng.random() < shape.no_question_mark:
            turn = drop_final_question_mark(turn)
        return turn

    # -- pieces -------------------------------------------------------------------------

    def _say(self, section: str, rng: random.Random) -> Piece:
        return render(rng.choice(self._sections[section]), (), rng, self._filler, labelled=False)

    def _intent(self, rng: random.Random, used: set[str]) -> str:
        """An intent by :data:`INTENT_WEIGHTS`, redrawn up to 3 times while already asked."""
        intent = rng.choices(self._intents, weights=self._weights)[0]
        for _ in range(3):
            if intent not in used:
                break
            intent = rng.choices(self._intents, weights=self._weights)[0]
        return intent

    def _ask(self, phrasings: tuple[Phrasing, ...], rng: random.Random, used: set[str]) -> Piece:
        phrasing = rng.choice(phrasings)
        piece = render(phrasing.template, phrasing.intents, rng, self._filler)
        used.update(piece.intents)
        return piece

    def _question(self, rng: random.Random, used: set[str]) -> Piece:
        return self._ask(self._regular[self._intent(rng, used)], rng, used)

    def _spoken_question(self, rng: random.Random, used: set[str]) -> Piece:
        """A question from the spoken bank, the short bank or the regular bank, said aloud."""
        intent = self._intent(rng, used)
        shape = self._shape.speech
        roll = rng.random()
        if roll < shape.spoken_phrasing and intent in self._spoken:
            bank = self._spoken
        elif roll < shape.spoken_phrasing + shape.short_phrasing and intent in self._short:
            bank = self._short
        else:
            bank = self._regular
        return self._speaker.speak(self._ask(bank[intent], rng, used), rng)

    def _opening(self, rng: random.Random) -> list[Piece]:
        count = rng.choices(range(len(self._shape.preamble_counts)), weights=self._shape.preamble_counts)[0]
        sections = ["preambles"] * count
        if rng.random() < self._shape.empathy:
            sections.append("empathy")
        return [self._say(s, rng) for s in sections]

    def _context(self, rng: random.Random) -> list[Piece]:
        if rng.random() < self._shape.cause_list:
            return [self._cause_list(rng)]
        if rng.random() < self._shape.context:
            return [self._say(rng.choice(("restatements", "explanations")), rng)]
        return []

    def _cause_list(self, rng: random.Random) -> Piece:
        count = rng.randint(2, 4)
        items = [self._say("cause_items", rng) for _ in range(count)]
        parts: list[Piece | str] = [self._say("cause_intros", rng), "\n\n"]
        for i, item in enumerate(items, 1):
            parts += [f"{i}. ", item, "\n"]
        parts += ["\n", self._say("cause_outros", rng)]
        return join(parts)

    # -- question blocks ----------------------------------------------------------------

    def _questions(self, rng: random.Random) -> tuple[list[Piece], str]:
        weights = self._shape.question_counts
        count = rng.choices(range(1, len(weights) + 1), weights=weights)[0]
        used: set[str] = set()
        questions = [self._question(rng, used) for _ in range(count)]
        roll = rng.random()
        shape = self._shape
        if count >= 2 and roll < shape.numbered:
            return questions, "numbered"
        if count >= 2 and roll < shape.numbered + shape.bullets:
            return questions, "bullets"
        if roll < shape.numbered + shape.bullets + shape.bold:
            return questions, "bold"
        return questions, "plain"

    def _plain_block(self, questions: list[Piece], rng: random.Random) -> Piece:
        parts: list[Piece | str] = []
        for i, question in enumerate(questions):
            if i:
                parts.append(" ")
                if rng.random() < self._shape.lead_in:
                    parts.append(rng.choice(self._sections["lead_ins"]))
                    question = lower_first(question)
            parts.append(question)
        return join(parts)

    def _list_block(self, questions: list[Piece], style: str, rng: random.Random) -> Piece:
        parts: list[Piece | str] = []
        if rng.random() < 0.7:
            parts += [self._say("list_intros", rng), rng.choice(("\n\n", "\n"))]
        marker = rng.choice(("{}. ", "{}) ")) if style == "numbered" else rng.choice(("- ", "* ", "• "))
        for i, question in enumerate(questions, 1):
            parts += [marker.format(i) if "{}" in marker else marker, question, "\n"]
        return join(parts[:-1])

    def _bold_block(self, questions: list[Piece], rng: random.Random) -> Piece:
        numbered = rng.random() < 0.6
        style = rng.choice(("**{}:** ", "**{}**: ", "**{}** - "))
        parts: list[Piece | str] = []
        for i, question in enumerate(questions, 1):
            headings = self._headings.get(question.intents[0], ("Question",))
            prefix = f"{i}. " if numbered else ""
            parts += [prefix + style.format(rng.choice(headings)), question, "\n"]
        return join(parts[:-1])

    # -- turns --------------------------------------------------------------------------

    def _standard_turn(self, rng: random.Random) -> Piece:
        shape = self._shape
        questions, style = self._questions(rng)
        if style == "plain":
            block = self._plain_block(questions, rng)
        elif style == "bold":
            block = self._bold_block(questions, rng)
        else:
            block = self._list_block(questions, style, rng)
        head = self._opening(rng) + self._context(rng)
        if rng.random() < shape.stage_direction:
            head.insert(rng.randint(0, len(head)), self._say("stage_directions", rng))
        tail: list[Piece] = []
        if rng.random() < shape.closing:
            tail.append(self._say(rng.choice(("closings", "closings", "non_questions")), rng))
        paragraphs = style != "plain" or rng.random() < shape.paragraphs
        turn = self._layout(head, block, tail, paragraphs, rng)
        if rng.random() < shape.patient_answer:
            turn = join([turn, rng.choice(("\n\n", "\n", " ")), self._say("patient_answers", rng)])
        if rng.random() < shape.doctor_prefix:
            turn = join(["Doctor: ", turn])
        return turn

    def _layout(
        self, head: list[Piece], block: Piece, tail: list[Piece], paragraphs: bool, rng: random.Random
    ) -> Piece:
        """Join head sentences, the question block and tail sentences into one text."""
        if not paragraphs:
            return join(_spaced([*head, block, *tail]))
        groups: list[Piece] = []
        if head:
            groups.append(join(_spaced(head)))
        groups.append(block)
        if tail:
            groups.append(join(_spaced(tail)))
        separator = rng.choice(("\n\n", "\n\n", "\n"))
        return join([x for g in groups for x in (g, separator)][:-1])

    def _short_turn(self, rng: random.Random) -> Piece:
        intent = rng.choice(list(self._short))
        phrasing = rng.choice(self._short[intent])
        turn = render(phrasing.template, phrasing.intents, rng, self._filler)
        if rng.random() < 0.25:
            turn = join([self._say("preambles", rng), " ", turn])
        if rng.random() < 0.25:
            turn = lowercase(turn)
        if rng.random() < self._shape.no_question_mark:
            turn = drop_final_question_mark(turn)
        return turn

    def _spoken_turn(self, rng: random.Random) -> Piece:
        """A turn as said or typed in a live consultation; see :mod:`tod.training.corpus.speech`."""
        speaker = self._speaker
        shape = speaker.shape
        if rng.random() < shape.no_question:
            options, weights = zip(*SPOKEN_STATEMENTS)
            sections = rng.choices(options, weights=weights)[0]
            parts = [speaker.speak(speaker.say(section, rng), rng) for section in sections]
        else:
            parts = []
            if rng.random() < shape.identity_check:
                parts.append(speaker.speak(speaker.say("identity_checks", rng), rng))
            if rng.random() < shape.echo:
                parts.append(speaker.say("echoes", rng))
            used: set[str] = set()
            count = 2 if rng.random() < shape.second_question else 1
            parts += [self._spoken_question(rng, used) for _ in range(count)]
        return speaker.type_out(join(_spaced(parts)), rng)

    def _no_question_turn(self, rng: random.Random) -> Piece:
        roll = rng.random()
        if roll < 0.3:
            return self._say("no_question_turns", rng)
        if roll < 0.7:
            head = self._opening(rng)
            if rng.random() < 0.5:
                head.append(self._say("explanations", rng))
            diagnosis = self._say("final_diagnoses", rng)
            return join([*_spaced(head), "\n\n" if head else "", diagnosis])
        if roll < 0.85:
            head = self._opening(rng)
            return join([*_spaced(head), "\n\n" if head else "", self._cause_list(rng)])
        parts = self._opening(rng) + [self._say(rng.choice(("explanations", "restatements", "empathy")), rng)]
        parts += [self._say("advice", rng) for _ in range(rng.choice((0, 1, 1, 2, 3)))]
        if rng.random() < 0.6:
            parts.append(self._say(rng.choice(("closings", "non_questions", "non_questions")), rng))
        return join(_spaced(parts))


def _spaced(pieces: list[Piece]) -> list[Piece | str]:
    """Pieces separated by single spaces."""
    out: list[Piece | str] = []
    for i, piece in enumerate(pieces):
        if i:
            out.append(" ")
        out.append(piece)
    return out
