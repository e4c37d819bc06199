"""The examiner's messages: one line per ordered test, record text only.

A result line is the examination's recorded name and result, verbatim. An unrecorded test
is answered by the configured convention (:data:`UNRECORDED_TEXT`), never with a number or
a finding of its own; an unknown test says that the catalog has no such test.
"""

from __future__ import annotations

import re
from typing import Literal, Sequence

Unrecorded = Literal["not_available", "normal"]
UNRECORDED: tuple[str, ...] = ("not_available", "normal")

#: What an ordered test that the record holds no result for returns, by convention.
UNRECORDED_TEXT: dict[str, str] = {
    "not_available": "no result available",
    "normal": "normal",
}

HEADER = "Examiner, results of the tests ordered:"


def region_name(region: str) -> str:
    """A body region as written in results: "head_and_neck" -> "head and neck"."""
    return region.replace("_", " ")


def result_line(name: str, text: str) -> str:
    """A recorded result: ``- name: text``."""
    return f"- {name}: {text.strip()}"


def unrecorded_line(name: str, unrecorded: Unrecorded) -> str:
    """An ordered test without a recorded result, answered by ``unrecorded``."""
    return f"- {name}: {UNRECORDED_TEXT[unrecorded]}."


def unknown_line(text: str) -> str:
    """An order that names no test in the catalog."""
    return f"- {text}: unknown test (not in the test catalog); nothing was done."


def error_line(problem: str) -> str:
    """A problem with how tests were ordered (an ``ORDER:`` line naming nothing)."""
    return f"- Note: {problem}."


def message(lines: Sequence[str]) -> str:
    """The examiner's message: :data:`HEADER` and one line per order or problem."""
    return "\n".join([HEADER, *lines])


def fixed_words() -> frozenset[str]:
    """The words of the examiner's own phrases (its header, the unrecorded answers, the
    unknown-test and region lines): words a leak check must not count against it."""
    texts = [HEADER, *UNRECORDED_TEXT.values(), unknown_line(""), error_line(""), "examination of the"]
    return frozenset(w for text in texts for w in re.findall(r"[a-z]+", text.lower()))
