"""Whether a doctor turn asks about the patient's earlier tests or only does or orders one now.

The annotation guide labels a request for a test ("I'd like to order an ultrasound", "Let me
listen to your chest") with the examination intent, as it labels a question about earlier
tests ("Have you had any blood tests?"). A patient answers the question with the tests they
have had; to a request or an instruction ("Take a deep breath") they list nothing, and they
never say "Ultrasound? I don't think I've had that done" to a scan the doctor books.
"""

from __future__ import annotations

import re
from typing import Sequence

from tod.nlu.questions import question_sentences

#: Connectives that may open a sentence before its first real word ("Also, ...", "Okay, ...").
_CONNECTIVES = r"(?:(?:also|and|so|now|finally|lastly|next|then|first|ok(?:ay)?|great|alright|right|well|good)\b[,:]?\s*)*"
#: A sentence that does or orders something now rather than asking: "I'd like to perform /
#: order / examine ...", "I'd like you to ...", "I'm going to ...", "I'll / we'll ...", "let
#: me / let's ...", "please ...", an instruction that opens with its verb ("Take a deep breath"),
#: a question asking the patient's consent to what is done now ("Would you be willing to have
#: a chest X-ray?", "Are you okay with a blood test?", "Can we do a urine test?"), or one asking
#: the patient to do something for the examination now ("Can you please remove your shirt and
#: lie on the examination table?", "Could you provide a urine sample?"): about a plan, never
#: about the patient's history.
_REQUEST = re.compile(
    r"^\W*" + _CONNECTIVES +
    r"(?:i(?:'d|\s+would)\s+(?:like|want)\s+(?:to|you\s+to)\b|i(?:'m|\s+am)\s+going\s+to\b|i(?:'ll|\s+will)\b|"
    r"we(?:'ll|\s+will|'re\s+going\s+to|\s+(?:need|should)\s+to)\b|i\s+(?:want|need)\s+to\s+"
    r"(?:examine|check|listen|look|order|perform|do|run|take|get|arrange|book|schedule|send|refer)\b|"
    r"let\s+me\b|let's\b|please\b|(?:take|breathe|lie|look|follow|open|stand|sit|squeeze|push|pull|relax|cough|"
    r"say|hold|raise|bend|turn|walk|close|stick|touch)\b|"
    r"(?:would|will|are)\s+you\s+(?:be\s+)?(?:willing|ok(?:ay)?|happy|comfortable|agreeable)\s+(?:to|with)\b|"
    r"would\s+you\s+(?:agree|consent)\s+to\b|(?:do|would)\s+you\s+mind\b|"
    r"(?:can|could|may|shall)\s+(?:we|i)\s+(?:do|run|take|get|arrange|book|order|perform|examine|check|listen|look)\b|"
    r"(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:remove|undress|take\s+off|lie|sit|stand|breathe|open|roll|"
    r"lift|raise|bend|turn|hold|squeeze|cough|provide|give|bring|collect|hop|step|pop|move|wiggle|flex|straighten|"
    r"stretch|rotate|tilt|press|point|follow|walk|put|place|extend|spread|show|cover|lean|keep)\b)"
    r"(?!\s*(?:(?:you\s+to|me)\s+)?(?:tell|describe|share|list|explain|confirm|specify|clarify|mention|know|hear|ask|"
    r"understand|let\s+me\s+know)\b)",
    re.IGNORECASE,
)
#: Words of a question about tests done ("tested", "results", "scan", "blood work", "check-up").
_TEST_WORDS = re.compile(
    r"\b(?:tests?|tested|testing|results?|scans?|scanned|x-?rays?|imaging|blood\s*work|labs?|checked|check-?ups?|"
    r"screen(?:ed|ing|ings)?|measured|biops(?:y|ies)|ultrasounds?|mri|ct|ecg|ekg|eeg|examin(?:ed|ations?)|"
    r"physicals?|work-?up|readings?|levels?|values?|counts?|swabs?|cultures?|samples?)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


def _asks_about_tests(sentence: str, named: Sequence[str]) -> bool:
    lower = sentence.lower()
    return bool(_TEST_WORDS.search(sentence)) or any(n and n.lower() in lower for n in named)


def only_requests_tests(text: str, named: Sequence[str] = ()) -> bool:
    """Whether the turn ``text`` does or orders a test now (a request or an instruction, see
    :data:`_REQUEST`) and no question of it (:func:`~tod.nlu.questions.question_sentences`,
    which leaves out an invitation to ask) asks about tests: a question that is no request
    and names a test word (:data:`_TEST_WORDS`) or one of the doctor's ``named`` tests. "Let me listen to your chest. Take a deep breath." -> True; "I'd like to order an
    ultrasound. Have you had an ultrasound before?" -> False; a turn without a request -> False."""
    requests = [s for s in _sentences(text) if _REQUEST.match(s)]
    questions = [text[a:b] for a, b in question_sentences(text)]
    asked = [q for q in questions if not _REQUEST.match(q) and _asks_about_tests(q, named)]
    return bool(requests) and not asked


#: A test the doctor names by what it tests for ("tested for tuberculosis", "screened for HIV or
#: hepatitis") or by its name before "test" ("a flu test", "any COVID tests"): the words up to
#: the end of the clause or a time word.
_NAMED_TEST = re.compile(
    r"\b(?:test(?:ed)?|screened|checked)\s+for\s+(?:any\s+|an?\s+|the\s+)?"
    r"(?P<aim>[a-z][a-z-]*(?:,?\s+[a-z][a-z-]*){0,5}?)"
    r"(?=\s*(?:[?.;!]|$|\s(?:before|recently|lately|ever|yet|in|at|since|last|this|when|while)\b))|"
    r"\b(?:an?|any|the|your)\s+(?!(?:other|more|further|recent|previous|additional|new|medical|such)\b)"
    r"(?P<name>[a-z][a-z-]*)\s+(?:tests?|screens?|swabs?)\b",
    re.IGNORECASE,
)

#: What parts a list of tested-for items ("HIV, hepatitis or syphilis").
_MEMBERS = re.compile(r"\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", re.IGNORECASE)


def named_tests(text: str) -> list[str]:
    """The tests the questions of ``text`` name by what they test for or by their name ("Have
    you been tested for tuberculosis?" -> ["tuberculosis"]; "tested for HIV or hepatitis?" ->
    ["HIV", "hepatitis"]; "Had a flu test?" -> ["flu test"]):
    the items of an examination question whose parse named none, so that it is answered for
    the named test and never with a list of the other tests done. A word that only says what
    kind of test ("any blood tests" -> "blood test") is kept too, as the doctor names it."""
    found: list[str] = []
    for start, end in question_sentences(text):
        for match in _NAMED_TEST.finditer(text[start:end]):
            aim, name = match.group("aim"), match.group("name")
            found += _MEMBERS.split(aim.strip()) if aim else [f"{name} test"]
    return list(dict.fromkeys(found))
