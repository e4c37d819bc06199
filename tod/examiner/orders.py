"""Recognising the tests a doctor turn orders.

Three sources, merged in this order and without duplicates:

1. ``ORDER:`` lines (the syntax of the default doctor prompt): ``ORDER: chest X-ray; full
   blood count``. Items are separated by ``;`` or ``,``; an item that names no catalog test
   is an order of an *unknown test* (kept, with its text); a line that names nothing is an
   error the examiner reports to the doctor.
2. The rest of the text, sentence by sentence: a sentence that asks for something
   (:data:`ORDER_CUE`: "order", "get", "do", "check", "let's", "I'd like"...) orders the
   catalog tests it names; a sentence with an examination cue ("examine", "listen to",
   "have a look at") also orders a physical examination of each body region it names
   (:mod:`tod.examiner.regions`). A sentence that says a test is not needed orders nothing.
3. The NLU parse: the ``medical_examination`` values of an ``ask_medical_examination``
   intent; a value the catalog does not know (and that is more than generic words like
   "tests" or "results") is an unknown test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from tod.examiner.catalog import Catalog, default_catalog, normalise
from tod.examiner.regions import EXAM_CUE, regions_in
from tod.nlu.types import TurnParse

Source = Literal["order_line", "text", "nlu"]

ORDER_LINE = re.compile(r"^[ \t>*-]*ORDER\s*:(?P<items>.*)$", re.IGNORECASE | re.MULTILINE)
ORDER_CUE = re.compile(
    r"\b(order|ordering|get|getting|do|run|check|send|arrange|request|take|measure|perform|"
    r"need|want|like to|i'd like|we'd like|would like|let's|let me|we'll|i'll|going to|book|obtain|organi[sz]e|recommend|"
    r"results?|done|go for|start with)\b",
    re.IGNORECASE,
)
NOT_NEEDED = re.compile(
    r"\b(no need|don't need|do not need|doesn't need|not needed|unnecessary|won't need|will not need|"
    r"not going to|no point|not necessary|don't think we need)\b",
    re.IGNORECASE,
)
#: NLU values made only of these words name no test ("any tests", "the results").
GENERIC_WORDS = frozenset(
    "a an any the some your other recent recently test tests testing result results investigation investigations "
    "examination examinations exam exams measurement measurements check checks done before previous".split()
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass(frozen=True)
class Order:
    """One ordered test: the doctor's ``text`` for it, the catalog ``test`` key (``None``
    for an unknown test), the body ``region`` of a physical examination, and its
    ``source``."""

    text: str
    test: str | None
    region: str | None = None
    source: Source = "text"

    @property
    def key(self) -> tuple[str, str]:
        """What makes two orders the same order: the test and region, or the text of an
        unknown test."""
        return (self.test or "unknown:" + normalise(self.text), self.region or "")


@dataclass(frozen=True)
class OrderRequest:
    """The orders of one doctor turn and the problems found (an empty ``ORDER:`` line)."""

    orders: tuple[Order, ...] = ()
    errors: tuple[str, ...] = field(default_factory=tuple)


def _piece_orders(piece: str, source: Source, catalog: Catalog, *, exam_cue: bool) -> list[Order]:
    """The orders one piece of text makes: its catalog tests, and with an examination cue
    the body regions it names outside those tests' names ("chest" in "chest X-ray" is not
    a chest examination). A physical-examination group named together with regions
    ("abdominal examination") is an examination of those regions."""
    mentions = catalog.find(piece)
    spans = [(m.start, m.end) for m in mentions if m.test.kind != "physical_exam"]
    regions = [r for r in regions_in(piece) if not any(s <= r.start < e for s, e in spans)]
    physical = [m for m in mentions if m.test.kind == "physical_exam"]
    cue = exam_cue or bool(physical)
    orders = [Order(piece.strip(), m.test.key, None, source) for m in mentions if not (m.test.group and m.test.kind == "physical_exam" and regions)]
    if cue and regions:
        group = catalog.group_of("physical_exam")
        key = group.key if group else None
        orders += [Order(piece.strip(), key, r.region, source) for r in regions]
    return orders


def recognise_orders(text: str, parse: TurnParse | None = None, catalog: Catalog | None = None) -> OrderRequest:
    """The orders of one doctor turn (see the module docstring)."""
    catalog = catalog or default_catalog()
    orders: list[Order] = []
    errors: list[str] = []
    for match in ORDER_LINE.finditer(text):
        items = [i.strip() for i in re.split(r"[;,]", match.group("items")) if i.strip(" .")]
        if not items:
            errors.append(f"the line {match.group(0).strip()!r} names no test (write e.g. 'ORDER: chest X-ray; full blood count')")
        for item in items:
            found = _piece_orders(item, "order_line", catalog, exam_cue=True)
            orders += found or [Order(item.strip(" ."), None, None, "order_line")]
    rest = ORDER_LINE.sub("", text)
    for sentence in _SENTENCE.split(rest):
        if not sentence.strip() or NOT_NEEDED.search(sentence):
            continue
        exam_cue = EXAM_CUE.search(sentence) is not None
        if exam_cue or ORDER_CUE.search(sentence):
            orders += _piece_orders(sentence, "text", catalog, exam_cue=exam_cue)
    if parse is not None and "ask_medical_examination" in parse.intents:
        for value in parse.slots.get("medical_examination", []):
            if not value.strip() or set(normalise(value).split()) <= GENERIC_WORDS:
                continue
            found = _piece_orders(value, "nlu", catalog, exam_cue=True)
            orders += found or [Order(value.strip(), None, None, "nlu")]
    first: dict[tuple[str, str], Order] = {}
    for order in orders:
        first.setdefault(order.key, order)
    return OrderRequest(tuple(first.values()), tuple(errors))
