"""The practice score card: how a person who played the doctor in ``python -m tod.chat`` did.

Medical students practise history taking against the simulated patient; after the closing
questions the chat prints this card, scored with the evaluation's own metrics
(:mod:`tod.evaluation.metrics`): the facts elicited per field family out of those recorded
(information coverage), the questions asked and how many repeated an earlier question
(communication depth), whether the top-1 diagnosis matched the reference, and the record
fields never asked about (their paths, not their values). :func:`render_reference` prints
the reference answers, for ``--reveal``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from tod.evaluation.consult import transcript_phase
from tod.evaluation.metrics import EvalItem, MetricContext, score_items
from tod.evaluation.transcript import Transcript, Turn
from tod.patient.reply import PatientReply
from tod.records.model import Record, ReferenceAnswers, iter_fact_paths

#: The metric families the card uses.
CARD_FAMILIES: tuple[str, ...] = ("communication", "coverage", "diagnosis")


@dataclass(frozen=True)
class ScoreCard:
    """The score of one practice consultation.

    ``facts`` maps each field family of the record to ``(elicited, recorded)``;
    ``repeated`` is the number of questions that repeated an earlier one; ``top1`` is
    ``None`` when no diagnosis was given; ``never_asked`` lists the field paths of the
    recorded facts the patient never disclosed, in record order.
    """

    facts: dict[str, tuple[int, int]]
    questions: int
    repeated: int
    turns: int
    top1: bool | None
    predicted: tuple[str, ...]
    never_asked: tuple[str, ...]


def score_card(record: Record, transcript: Transcript, context: MetricContext | None = None) -> ScoreCard:
    """Score ``transcript`` (a dialogue on ``record``) with the evaluation metrics."""
    context = context or MetricContext(bertscore=False)
    (score,) = score_items([EvalItem(record, transcript)], context, families=CARD_FAMILIES)
    disclosed = set(transcript.revealed).union(*(t.provenance for t in transcript.turns))
    recorded: Counter[str] = Counter()
    elicited: Counter[str] = Counter()
    never = []
    for path, family in iter_fact_paths(record.case):
        recorded[family] += 1
        if path in disclosed:
            elicited[family] += 1
        else:
            never.append(path)
    questions = score["questions"]
    rate = score["repeated_question_rate"]
    predicted = tuple(score.get("predicted") or ())
    answered = bool(transcript.summary_answers.get("diagnosis", "").strip()) or bool(predicted)
    return ScoreCard(
        facts={family: (elicited[family], n) for family, n in recorded.items()},
        questions=questions,
        repeated=round(rate * questions) if rate is not None else 0,
        turns=score["turns"],
        top1=bool(score["top1"]) if answered and score.get("top1") is not None else None,
        predicted=predicted,
        never_asked=tuple(never),
    )


def render_score_card(card: ScoreCard) -> str:
    """The card as plain text for the terminal."""
    total_elicited = sum(e for e, _ in card.facts.values())
    total = sum(n for _, n in card.facts.values())
    lines = ["", "== Score card =="]
    lines.append(f"facts elicited: {total_elicited} of {total} recorded")
    width = max((len(f) for f in card.facts), default=0)
    for family, (got, n) in card.facts.items():
        lines.append(f"  {family:<{width}}  {got:>2} / {n:<2} {'#' * got}{'.' * (n - got)}")
    lines.append(f"questions asked: {card.questions} in {card.turns} turns; repeated questions: {card.repeated}")
    if card.top1 is None:
        lines.append("top-1 diagnosis: none given")
    else:
        said = f" ({card.predicted[0]})" if card.predicted else ""
        lines.append(f"top-1 diagnosis{said}: {'matches the reference' if card.top1 else 'does not match the reference'}")
    if card.never_asked:
        lines.append(f"record fields never asked about ({len(card.never_asked)}): {', '.join(card.never_asked)}")
    else:
        lines.append("record fields never asked about: none")
    return "\n".join(lines)


def render_reference(reference: ReferenceAnswers) -> str:
    """The reference answers as plain text (``--reveal``)."""
    lines = ["", "== Reference answers ==", f"diagnosis: {reference.diagnosis}"]
    if reference.synonyms:
        lines.append(f"  also called: {', '.join(reference.synonyms)}")
    if reference.alternatives:
        lines.append(f"  differentials: {', '.join(reference.alternatives)}")
    lines.append(f"basis: {reference.basis or '(not recorded)'}")
    lines.append(f"treatment: {reference.treatment or '(not recorded)'}")
    if reference.options is not None and reference.answer_index is not None:
        lines.append(f"multiple-choice answer: {reference.options[reference.answer_index]}")
    return "\n".join(lines)


def practice_transcript(
    record: Record,
    opening: str,
    replies: Sequence[tuple[str, PatientReply]],
    *,
    summary_answers: dict[str, str],
    revealed: Sequence[str],
    end_reason: str | None,
) -> Transcript:
    """The chat as a dialogue :class:`Transcript` (``replies`` are the doctor's text and the
    patient's reply, in order), so that the evaluation metrics score it."""
    turns = tuple(
        Turn(
            doctor=doctor,
            patient=reply.text,
            intents=reply.intents,
            slots=dict(reply.slots),
            provenance=reply.provenance,
            events=reply.events,
            phase=transcript_phase(reply.phase),
        )
        for doctor, reply in replies
    )
    return Transcript(
        record_id=record.id,
        department=record.department,
        condition="dialogue",
        doctor="human",
        status="ok",
        opening=opening,
        turns=turns,
        summary_answers=dict(summary_answers),
        revealed=tuple(sorted(revealed)),
        end_reason=end_reason,
    )
