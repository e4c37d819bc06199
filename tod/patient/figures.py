"""Numbers in reply and doctor texts: what the guard checks and what the patient may echo."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"\d+(?:[.,/:]\d+)*")


def numbers(text: str) -> set[str]:
    """The numbers written in ``text`` ("148/92 mmHg" -> {"148/92"})."""
    return set(_NUMBER.findall(text))


def without_numbers(text: str) -> str:
    """``text`` with its numbers (and the spaces they leave) removed, as the patient echoes
    a doctor's item: "fasting glucose 14" -> "fasting glucose"; "14" -> ""."""
    return " ".join(_NUMBER.sub(" ", text).split())
