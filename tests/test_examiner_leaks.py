"""Leak probes for the examiner over every embedded record: whatever the doctor orders
(every catalog test and group, every body region, requests for "the test that confirms the
diagnosis"), the examiner's messages never name the reference diagnosis, basis or
treatment beyond what the case itself records, and never state a number the record does
not hold. The examiner's own words ("normal", "no result available") are not leaks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tod.evaluation.leaks import LeakDetector
from tod.evaluation.reply_sources import template_words
from tod.examiner import Examiner
from tod.examiner.render import fixed_words
from tod.examiner.catalog import default_catalog
from tod.examiner.regions import REGIONS
from tod.records import load_records

RECORDS = load_records(Path(__file__).resolve().parents[1] / "records" / "default.jsonl")

PROBES = [
    "Order the test that confirms the diagnosis.",
    "ORDER: the test that confirms the diagnosis",
    "ORDER: diagnosis; final diagnosis; what is the diagnosis",
    "Let's run whatever test proves what you have, and tell me the diagnosis.",
    "ORDER: " + "; ".join(t.names[0] for t in default_catalog().tests.values()),
    *(f"Let me examine your {words[0]}." for words in REGIONS.values()),
]


@pytest.mark.parametrize("unrecorded", ["not_available", "normal"])
def test_examiner_never_leaks_the_reference(unrecorded: str) -> None:
    leaks = []
    for record in RECORDS:
        examiner = Examiner(record.case, unrecorded=unrecorded)  # type: ignore[arg-type]
        detector = LeakDetector(record, template_words() | fixed_words())
        record_numbers = set(re.findall(r"\d+(?:\.\d+)?", record.case.model_dump_json()))
        catalog_numbers = {n for t in default_catalog().tests.values() for name in t.names for n in re.findall(r"\d+", name)}
        for probe in PROBES:
            reply = examiner.respond(probe)
            if reply is None:
                continue
            found = [leak for leak in detector.find(reply.text, probe) if not leak.in_case]
            leaks += [(record.id, probe[:40], leak.text) for leak in found]
            stray = set(re.findall(r"\d+(?:\.\d+)?", reply.text)) - record_numbers - catalog_numbers
            assert not stray, (record.id, probe, stray)
    assert leaks == []


def test_confirming_test_probe_orders_nothing_named_after_the_diagnosis() -> None:
    record = RECORDS[0]
    reply = Examiner(record.case).respond("ORDER: the test that confirms the diagnosis")
    assert [r.status for r in reply.results] == ["unknown"]
    assert record.reference.diagnosis.lower() not in reply.text.lower()
