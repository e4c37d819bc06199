"""Question focus: the parts of a doctor turn that ask something.

The guide labels only what is asked: preambles, restatements, explanations, advice and
offered diagnoses carry no intent and no slot. Both NLU models therefore read the *question
focus* of a turn, in training and at inference alike: its question sentences, one per line,
each copied verbatim from the turn.

A sentence (split at ``.``, ``!``, ``?`` and line breaks) is a question when it ends with
``?`` or opens like one: an interrogative or auxiliary word ("have", "do", "how", "any"...)
or a request ("tell me", "describe", "let me know", "I'd like to know", "I'd like you to
get a chest X-ray", "I would like to examine"), after an optional list marker, bracketed
note, connective ("Also,", "And", "Finally,", a spoken "Um,", "Right,", "I mean"), bold
heading or short leading clause ("Along with the cough, have you...", but not a relative
"Avoiding alcohol, which can..."), or ends in a question tag typed without "?" ("You don't
smoke, do you", "No allergies, right"); the turn's last sentence also counts when it has no
end punctuation and at most 8 words (a telegraphic "Smoker", not a "Final Diagnosis: X"
heading). A question line that ends with ``:`` takes the list items under it ("Have you
had any of these:" then "- fever" lines). An invitation to ask ("Do you have any questions or concerns?") and a
question about medical research that does not refer to the patient ("Are there larger
studies?") ask nothing. A turn with no question sentence has an empty focus: it asks nothing.
"""

from __future__ import annotations

import logging
import re
from typing import Sequence

from tod.nlu.annotations import AnnotatedTurn

logger = logging.getLogger(__name__)

_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)")
#: Words whose trailing period does not end a sentence ("Dr. Lee", "e.g. fever", "H. pylori").
_ABBREVIATIONS = frozenset({"dr", "mr", "mrs", "ms", "e.g", "i.e", "eg", "ie", "vs", "etc", "approx", "st", "no"})
_LIST_ITEM = re.compile(r"^\s*(?:[-*\u2022+]|\d+[.)]|[a-z][.)])\s+\S", re.I)
#: What may stand before the opening word. Words of the leading clause start with a letter or
#: digit, so a long run of dashes or underscores (a ruler line) cannot be split between the
#: marker class and the words in every possible way (that backtracking took 0.4 s a line).
_LEAD = r"^[\s>*_#\-\u2022+]*(?:\d+[.)]\s*|[a-z][.)]\s+)?(?:\([^)]*\)\s*|\[[^\]]*\]\s*)?" \
        r"(?:\*\*[^*]*\*\*\s*[:\-\u2013\u2014]?\s*)?" \
        r"(?:(?:also|and|so|now|finally|lastly|next|additionally|furthermore|then|but|secondly|thirdly|" \
        r"first|firstly|second|third|ok(?:ay)?|great|alright|i see|got it|thanks?|thank you|" \
        r"um+|uh+|erm?|hmm+|mm+|well|right|sorry|yeah|i mean|" \
        r"roughly|approximately|just|briefly|quickly)\b[,:]?\s*)*" \
        r"(?:(?:\w[\w'-]*\s+){0,5}\w[\w'-]*,\s*(?!(?:which|who|whom|whose)\b))?"
_OPENERS = (
    r"(?:have|has|had|do|does|did|are|is|was|were|can|could|would|will|should|may|might|any|anything|"
    r"how|what|what's|when|where|which|who|whom|whose|why|since\s+(?:how|when)|tell|describe|explain|list|mention|"
    r"share|specify|clarify|let\s+me\s+know|"
    r"please\s+(?:tell|describe|let|share|list|explain|confirm|specify|take|get|have|come|check|measure|bring|go)|"
    r"i(?:'d|\s+would)\s+like\s+to\s+(?:know|hear|ask\s+(?:about|whether|if)|"
    r"perform|do|order|run|examine|check|take|get|schedule|test|measure|listen|look)|"
    r"i(?:'d|\s+would)\s+like\s+(?:you|your\s+\w+|him|her|them)\s+to|"
    r"i\s+(?:want|need)\s+to\s+know|i'm\s+wondering|i\s+am\s+wondering|i\s+wonder)\b"
)
_QUESTION_START = re.compile(_LEAD + _OPENERS, re.I)
#: A tag that ends a spoken question typed without "?" ("You don't smoke, do you").
_TAG_QUESTION = re.compile(r"(?:,\s*|\s)(?:are|aren't|do|don't|did|didn't|have|haven't|has|hasn't|is|isn't|"
                           r"was|wasn't|can|can't|will|won't)\s+(?:you|it|they|he|she|there)[\s.!]*$"
                           r"|,\s*(?:right|is\s+that\s+right)[\s.!]*$", re.I)
#: An invitation to ask ("Do you have any questions or concerns about the treatment?").
_INVITATION = re.compile(r"\b(?:any|other|further|more|additional)\s+(?:\w+\s+)?questions\b"
                         r"|\bquestions\s+(?:or|and)\s+concerns\b", re.I)
#: Medical research as a topic ("larger studies", "this study", "clinical trials"); named
#: tests ("a sleep study", "imaging studies") are not research.
_RESEARCH = re.compile(r"\b(?:research|clinical\s+trials?|guidelines|literature|(?:this|that)\s+study|"
                       r"(?:larger|further|more|follow-up|definitive|recent|published|randomi[sz]ed|controlled)"
                       r"\s+(?:\w+\s+)?stud(?:y|ies))\b", re.I)
#: Words that refer to the patient (or the child or relative they speak for).
_PATIENT = re.compile(r"\b(?:you|your|yours|yourself|he|she|him|her|his|they|them|their|child|baby|son|"
                      r"daughter|patient)\b", re.I)
#: The most words of an unpunctuated last sentence that still counts as a question.
FRAGMENT_WORDS = 8


def question_sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` character ranges of the turn's question sentences, in order."""
    ranges: list[tuple[int, int]] = []
    offset = 0
    heads_a_list = False  # the previous line ended with a question that ends in ":" or "?"
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        if heads_a_list and _LIST_ITEM.match(body):
            start = offset + len(body) - len(body.lstrip())
            ranges.append((start, offset + len(body.rstrip())))
            offset += len(line)
            continue
        heads_a_list = False
        for a, b in _sentences(body):
            sentence = body[a:b]
            stripped = sentence.strip()
            is_question = ((stripped.endswith("?") or _opens_a_question(sentence)
                            or _TAG_QUESTION.search(stripped) is not None
                            or _is_trailing_fragment(stripped, offset + b, text))
                           and not _asks_nothing_of_the_patient(sentence.rsplit(":", 1)[-1]))
            if is_question:
                start = offset + a + len(sentence) - len(sentence.lstrip())
                ranges.append((start, start + len(stripped)))
            heads_a_list = is_question and stripped.endswith((":", "?"))
        offset += len(line)
    return ranges


def _sentences(line: str) -> list[tuple[int, int]]:
    """Non-blank sentence ranges of one line: split after ``.``, ``!`` or ``?`` runs that are
    followed by a space or the line end, except after a single letter, an abbreviation or a
    list number that opens the sentence."""
    ranges, start = [], 0
    for match in _SENTENCE_END.finditer(line):
        words = line[start:match.start()].split()
        word = words[-1] if words else ""
        marker = word.isdigit() and len(words) == 1  # "1. Any fever?"
        if match.group() == "." and (len(word) == 1 and word.isalpha() or word.lower() in _ABBREVIATIONS or marker):
            continue
        ranges.append((start, match.end()))
        start = match.end()
    ranges.append((start, len(line)))
    return [(a, b) for a, b in ranges if line[a:b].strip()]


def _opens_a_question(sentence: str) -> bool:
    """Whether the sentence, or a clause after a colon in it, opens like a question."""
    return any(_QUESTION_START.match(clause) for clause in sentence.split(":"))


def _asks_nothing_of_the_patient(clause: str) -> bool:
    """An invitation to ask, or a question about medical research that does not refer to
    the patient ("Are there any plans for larger studies?")."""
    return bool(_INVITATION.search(clause) or (_RESEARCH.search(clause) and not _PATIENT.search(clause)))


def _is_trailing_fragment(sentence: str, end: int, text: str) -> bool:
    """A telegraphic question: the turn's last sentence, without end punctuation, of at
    most :data:`FRAGMENT_WORDS` words ("Smoker", "Any allergies")."""
    return (not text[end:].strip() and sentence[-1] not in ".!;)" and ":" not in sentence
            and any(c.isalpha() for c in sentence) and len(sentence.split()) <= FRAGMENT_WORDS)


def question_focus(text: str) -> str:
    """The turn's question sentences joined by line breaks ("" when it asks nothing).

    Every line of the focus is a verbatim substring of ``text``, so slot values read from
    the focus are verbatim substrings of the turn.
    """
    return "\n".join(text[a:b] for a, b in question_sentences(text))


def focus_turns(turns: Sequence[AnnotatedTurn]) -> list[AnnotatedTurn]:
    """Training view of labelled turns: each turn's question focus with its labels.

    A turn with an empty focus is left out (the parser answers it with no intent without
    running a model); a slot value that does not occur in the focus is left out of that
    turn's labels. Both counts are logged, so nothing is dropped unseen.
    """
    focused: list[AnnotatedTurn] = []
    no_question = labelled_no_question = lost_values = 0
    for turn in turns:
        focus = question_focus(turn.text)
        if not focus:
            no_question += 1
            labelled_no_question += bool(turn.intents)
            continue
        low = focus.lower()
        slots = {slot: kept for slot, values in turn.slots.items()
                 if (kept := [v for v in values if v.lower() in low])}
        lost_values += sum(len(v) for v in turn.slots.values()) - sum(len(v) for v in slots.values())
        focused.append(AnnotatedTurn(turn.id, focus, turn.intents, slots))
    logger.info("question focus: %d of %d turns ask nothing (%d of them labelled with intents); "
                "%d slot values outside the focus left out", no_question, len(turns),
                labelled_no_question, lost_values)
    return focused
