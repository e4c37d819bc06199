"""Text as tod stores and processes it: lone surrogates replaced."""

from __future__ import annotations

import re

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def replace_lone_surrogates(text: str) -> str:
    """``text`` with every lone UTF-16 surrogate replaced by U+FFFD, one character for one
    (so character offsets do not move); everything else is kept as it is.

    A JSON ``"\\ud800"`` escape from a doctor endpoint decodes to such a character, and no
    UTF-8 encoder, tokenizer or file accepts it.
    """
    return _LONE_SURROGATE.sub("\ufffd", text)
