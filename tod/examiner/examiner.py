"""The examiner: the stage that returns test results, only for the tests the doctor orders.

For each order of a doctor turn (:func:`tod.examiner.orders.recognise_orders`) the
examiner returns the record's examinations of that test, verbatim, and their record
paths:

* a catalog test: the examinations that are that test (:meth:`Catalog.tests_of`);
* a group ("blood tests", "vital signs"): every examination of its kind;
* a physical examination of a body region: that region's findings
  (:func:`tod.examiner.regions.region_findings`);
* an unknown test: an examination whose name is the ordered text (or contains it),
  else it is recorded as an unknown test.

A test the record has no result for gets the ``unrecorded`` answer (``not_available``,
the default, or ``normal``, AgentClinic's convention); never a number or finding that is
not in the record. The examiner is built from ``record.case``, never the reference
answers, so it cannot name the diagnosis.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from tod.examiner import render
from tod.examiner.catalog import Catalog, default_catalog, normalise
from tod.examiner.orders import Order, recognise_orders
from tod.examiner.regions import region_findings
from tod.examiner.render import UNRECORDED, Unrecorded
from tod.nlu.types import TurnParse
from tod.records.model import CaseFacts, Examination

Status = Literal["result", "unrecorded", "unknown"]
_NUMBER = re.compile(r"\d[\d.,:/]*")


@dataclass(frozen=True)
class OrderResult:
    """What one order got: ``status`` (``result``, ``unrecorded`` or ``unknown``), the
    record ``paths`` returned, the price ``category`` (the catalog key, or ``None`` for an
    unknown test) and the examiner's ``line`` for it."""

    order: Order
    status: Status
    paths: tuple[str, ...]
    category: str | None
    line: str

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (what a transcript keeps of the order)."""
        return {
            "text": self.order.text,
            "test": self.order.test,
            "region": self.order.region,
            "source": self.order.source,
            "status": self.status,
            "category": self.category,
            "paths": list(self.paths),
        }


@dataclass(frozen=True)
class ExaminerReply:
    """The examiner's message for one doctor turn and the result of each order."""

    text: str
    results: tuple[OrderResult, ...]

    @property
    def paths(self) -> tuple[str, ...]:
        """The record paths this reply returned, in order, without repeats."""
        return tuple(dict.fromkeys(p for r in self.results for p in r.paths))


class Examiner:
    """Returns the recorded results of ordered tests (see the module docstring).

    Args:
        case: the case facts (``record.case``; a whole record is refused).
        unrecorded: the answer for an ordered test without a recorded result.
        catalog: the test catalog (default: the shipped ``tests.yaml``).

    Raises:
        TypeError: ``case`` is not a :class:`CaseFacts`.
        ValueError: ``unrecorded`` is not one of :data:`~tod.examiner.render.UNRECORDED`.
    """

    def __init__(self, case: CaseFacts, *, unrecorded: Unrecorded = "not_available", catalog: Catalog | None = None) -> None:
        if not isinstance(case, CaseFacts):
            raise TypeError(f"Examiner takes the case facts (record.case), not {type(case).__name__}")
        if unrecorded not in UNRECORDED:
            raise ValueError(f"unrecorded must be one of {', '.join(UNRECORDED)}, got {unrecorded!r}")
        self.unrecorded: Unrecorded = unrecorded
        self.catalog = catalog or default_catalog()
        self.exams = [(f"examinations[{j}]", e) for j, e in enumerate(case.examinations)]
        self._tests = {path: self.catalog.tests_of(e) for path, e in self.exams}

    def respond(self, doctor_text: str, parse: TurnParse | None = None) -> ExaminerReply | None:
        """The examiner's reply to a doctor turn, or ``None`` when the turn orders nothing."""
        request = recognise_orders(doctor_text, parse, self.catalog)
        if not request.orders and not request.errors:
            return None
        results = tuple(self.result(order) for order in request.orders)
        lines = [r.line for r in results] + [render.error_line(e) for e in request.errors]
        return ExaminerReply(render.message(lines), results)

    def result(self, order: Order) -> OrderResult:
        """What one order returns."""
        if order.test is None:
            return self._unknown(order)
        test = self.catalog.tests[order.test]
        if order.region is not None:
            physical = [(p, e) for p, e in self.exams if e.category == "physical_exam"]
            findings = region_findings(order.region, physical)
            name = f"examination of the {render.region_name(order.region)}"
            if not findings:
                return self._unrecorded(order, name, order.test)
            lines = [render.result_line(f.name, f.text) for f in findings]
            return OrderResult(order, "result", tuple(f.path for f in findings), order.test, "\n".join(lines))
        if test.group:
            found = [(p, e) for p, e in self.exams if e.category == test.kind]
        else:
            found = [(p, e) for p, e in self.exams if test.key in self._tests[p]]
        if not found:
            return self._unrecorded(order, test.display, order.test)
        return self._found(order, found, order.test)

    def _found(self, order: Order, found: list[tuple[str, Examination]], category: str | None) -> OrderResult:
        lines = [render.result_line(e.name, e.result) for _, e in found]
        return OrderResult(order, "result", tuple(p for p, _ in found), category, "\n".join(lines))

    def _unrecorded(self, order: Order, name: str, category: str) -> OrderResult:
        return OrderResult(order, "unrecorded", (), category, render.unrecorded_line(name, self.unrecorded))

    def _unknown(self, order: Order) -> OrderResult:
        """An order the catalog does not know: an examination of that name, else unknown."""
        wanted = normalise(_NUMBER.sub(" ", order.text))
        found = [(p, e) for p, e in self.exams if len(wanted) >= 3 and _names(wanted, normalise(e.name))]
        if found:
            return self._found(order, found, self._category(found[0][0], found[0][1]))
        return OrderResult(order, "unknown", (), None, render.unknown_line(wanted or "(no name)"))

    def _category(self, path: str, exam: Examination) -> str | None:
        """The price category of a recorded examination: its first catalog test, else the
        group of its kind."""
        keys = sorted(self._tests[path])
        if keys:
            return keys[0]
        group = self.catalog.group_of(exam.category)
        return group.key if group else None


def _names(wanted: str, name: str) -> bool:
    """Whether an ordered text and an examination name name the same test: one contains
    the other as whole words."""
    return f" {wanted} " in f" {name} " or f" {name} " in f" {wanted} "
