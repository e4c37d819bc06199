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


#: Word starts spelt with a vowel but said with a consonant sound ("a university", "a urine
#: test", "a one-off", "a European").
_CONSONANT_SOUND = re.compile(r"^(?:uni|use|usu|uti|ure|uri|uro|ura|eu|ewe|one\b|once)", re.IGNORECASE)
#: Word starts spelt with an "h" that is not said ("an hour", "an honest answer").
_SILENT_H = re.compile(r"^(?:hour|honest|honou?r|heir)", re.IGNORECASE)


def indefinite_article(word: str) -> str:
    """"a" or "an" for the word (or phrase) ``word`` as it is said, not as it is spelt: "an
    ulcer", "a university student", "a urine infection", "an hour"; "a" for an empty text."""
    if _SILENT_H.match(word):
        return "an"
    return "an" if word[:1].lower() in tuple("aeiou") and not _CONSONANT_SOUND.match(word) else "a"
