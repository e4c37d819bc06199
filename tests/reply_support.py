"""Helpers of the reply tests (issue 15): a record edited for one test, a patient's reply or
replies to one turn put with a given parse, the statements its policy makes of it, and the
patterns of a reply the tests look for."""

from __future__ import annotations

import re
from typing import Callable, Sequence

from tod.nlu.types import TurnParse
from tod.patient.acts import Statement
from tod.patient.reply import PatientReply
from tod.records.model import Record

#: The seeds a wording test replies with: each template of a variant gets its turn.
SEEDS = range(6)

#: A hedge of a patient who does not know.
UNSURE = re.compile(r"not sure|couldn't say|don't really know|don't know", re.IGNORECASE)
#: A reply that opens with a denial, after a persona's opening fragment ("Mm. No, ...").
DENIES = re.compile(r"^(?:[A-Z][a-z]*\. )?No\b")
#: The honest link of a present fact that may amount to the asked item.
LINK = re.compile(r"if that's what you mean|not sure about that as such")
#: A recall answer ("nothing comes to mind").
RECALL = re.compile(r"comes to mind|can think of", re.IGNORECASE)

#: The symptoms of a made-up record without a rash: a located pain and a denied fever.
WITHOUT_RASH = [
    {"name": "abdominal pain", "duration": "three days", "degree": "7 out of 10", "position": "right lower quadrant"},
    {"name": "fever", "status": "denied"},
]


def edited(record: Record, *, symptoms: list[dict] | None = None, demographics: dict | None = None,
           **history: list[dict]) -> Record:
    """A copy of ``record`` with its symptoms replaced, its demographics updated and the named
    history fields replaced."""
    data = record.model_dump()
    if symptoms is not None:
        data["case"]["symptoms"] = symptoms
    data["case"]["demographics"].update(demographics or {})
    data["case"]["history"].update(history)
    return Record.model_validate(data)


def updated(rich_record: Record, **changes: object) -> Record:
    """``rich_record`` with its symptoms replaced (``symptoms``) and other case sections
    updated ("history", "social", "demographics")."""
    data = rich_record.model_dump()
    for section, value in changes.items():
        if section == "symptoms":
            data["case"]["symptoms"] = value
        else:
            data["case"][section].update(value)
    return Record.model_validate(data)


def with_case_edit(record: Record, edit: Callable[[dict], None]) -> Record:
    """A copy of ``record`` whose case (JSON form) ``edit`` has changed in place."""
    data = record.model_dump()
    edit(data["case"])
    return Record.model_validate(data)


def vaguely_opened(record: Record, symptoms: list[dict]) -> Record:
    """A copy of ``record`` with the given symptoms and an opening statement naming none."""
    data = record.model_dump()
    data["case"]["symptoms"] = symptoms
    data["case"]["opening_statement"] = "I haven't been feeling right lately."
    return Record.model_validate(data)


def ask(agent, parser, text: str, intent: str, slots: dict[str, list[str]] | None = None) -> str:
    """The text of ``agent``'s reply to ``text``, parsed as ``intent`` and ``slots``."""
    return agent.respond(parser.add(text, [intent], slots or {})).text


def diagnosis_reply(record: Record, parser, make_agent, seed: int, text: str, intents: list[str],
                    items: list[str] | None = None) -> str:
    """The reply text of a fresh patient (``seed``) to ``text``, parsed as ``intents`` with the
    past diagnoses ``items`` as slot values."""
    slots = {"past_diagnosis": items} if items else {}
    return make_agent(record, parser, seed=seed).respond(parser.add(text, intents, slots)).text


def reply_to(record: Record, parser, make_agent, seed: int, text: str, intents: list[str],
             slots: dict[str, list[str]] | None = None) -> PatientReply:
    """The reply of a fresh patient (``seed``) to ``text``, parsed as ``intents`` and ``slots``."""
    return make_agent(record, parser, seed=seed).respond(parser.add(text, intents, slots or {}))


def replies_to(record: Record, parser, make_agent, text: str, intents: list[str],
               slots: dict[str, list[str]] | None = None, seeds: Sequence[int] = SEEDS) -> list[str]:
    """The reply texts of fresh patients, one per seed, to ``text`` with the given parse."""
    parser.add(text, intents, slots or {})
    return [make_agent(record, parser, seed=seed).respond(text).text for seed in seeds]


def statements_of(record: Record, parser, make_agent, text: str, intents: list[str],
                  slots: dict[str, list[str]]) -> list[Statement]:
    """The statements a fresh patient's policy makes of the turn, in order."""
    agent = make_agent(record, parser)
    answers = agent.policy.answer(TurnParse(text, tuple(intents), slots), agent.state)
    return [s for a in answers for s in a.statements]


#: Words of a question item that name nothing it asks about.
_ITEM_FILLER = frozenset("""have has had having been any other some your with about anything else recently
lately there that this what when where which does did with from into they them were will would could
should also just ever currently still feel felt noticed experienced experiencing""".split())


def unanswered_items(text: str, reply: str) -> list[str]:
    """The question items of a doctor turn ``text`` (each question sentence of a turn asking
    several, each joined item of one: :func:`~tod.patient.unmapped.question_items`) the
    ``reply`` says nothing about: none of the item's own words (four letters or more, filler
    left out, compared by their first four letters) is in the reply. A lexical count, for
    measuring, not a judgment."""
    from tod.nlu.questions import question_sentences
    from tod.patient.unmapped import question_items

    said = {w[:4] for w in re.findall(r"[a-z]+", reply.lower())}
    sentences = [text[a:b].strip() for a, b in question_sentences(text)]
    questions = [s for s in sentences if s.endswith("?")]
    items = [i for q in questions for i in question_items(q)] if questions else []
    missed = []
    for item in items:
        words = {w[:4] for w in re.findall(r"[a-z]+", item.lower()) if len(w) >= 4 and w not in _ITEM_FILLER}
        if words and not words & said:
            missed.append(item)
    return missed
