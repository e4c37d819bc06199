"""Reply checks applied alike to any patient on a CRAFT-MD case: tod and CRAFT-MD's GPT-4 patient.

Every check reads only the reply text, the doctor's message, the case's vignette and its
imported record, never how a reply was made, so both patients are scored the same way
(:class:`PeerChecker`). For one reply:

* **unfaithful facts**: numbers and medical terms (the units of :mod:`eval.faithfulness`)
  that occur neither in the vignette nor in the imported record's texts (raw or lay-mapped,
  or an equivalent term); a unit the doctor said, repeated in a negated sentence, is an echoed
  denial, not a fact. Sentences holding an unfaithful unit are counted too (CRAFT-MD reports
  sentences faithful within scope).
* **false denials**: a fact the record holds as *present* (a symptom name, a history or
  social value, its whole phrase in raw or lay words) starting within four words after a
  negation word in the same clause ("No, I haven't had a fever" for a recorded fever), or a
  history topic word so negated while its field is recorded present ("I don't smoke" for a
  smoker). Clauses of uncertainty ("I'm not sure", "no mention of", "I don't know") and
  clauses about another time, item or a change ("not like this before", "no other", "not
  anymore", "doesn't get worse") are not denials.
* **leaks**: the correct answer or a synonym (:class:`tod.evaluation.leaks.LeakDetector`)
  that the doctor did not quote and that the vignette does not itself name; an answer
  letter ("option B", "(C)"). Reference-only words are reported apart (free wording hits
  them by chance).
* **asked intents answered**: an asked intent (from a parse of the doctor's message, NLU or
  gold) is answered when the reply names a recorded fact of a field the intent reads
  (``tod.patient.policy.INTENT_FIELDS``), opens with a yes/no answer, or says the patient
  does not know ("not sure", "no mention"...). Generous on purpose and the same for both.
* **length** in words, **jargon** (terms of ``eval/jargon_terms.txt``), and **volunteered
  facts**: recorded facts the reply names that belong to no field of the asked intents and
  that the doctor did not name (only on turns that ask something).

A fact "named" by a reply: one of its record texts (raw or lay) occurs in the reply as whole
words, or a medical term of that text does.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Sequence

from eval.faithfulness import (
    NEGATIONS,
    TOPIC_FIELDS,
    FactChecker,
    Sources,
    content_units,
    equivalents,
    load_jargon_terms,
)
from tod.evaluation.leaks import STOP_WORDS, LeakDetector
from tod.evaluation.reply_sources import case_paths, case_texts, path_texts, with_lay, words_in
from tod.lexicon import default_lexicon, phrase_pattern
from tod.patient.policy import INTENT_FIELDS
from tod.records.model import CaseFacts, Record

#: An answer letter of the multiple-choice question.
ANSWER_LETTER = re.compile(r"\b(?:option|answer|choice)\s*\(?[A-D]\)?(?![A-Za-z])|\([A-D]\)|^\s*[A-D][.)]\s", re.MULTILINE)
#: A reply that opens with a yes/no answer.
POLAR_OPENING = re.compile(r"^\W*(yes|yeah|yep|no|nope|not really|never|none|nothing)\b", re.IGNORECASE)
#: The patient says it does not know (an answer, as tod's "I'm not sure" is).
UNCERTAIN = re.compile(
    r"\b(not sure|don'?t know|do not know|no idea|can'?t (?:say|recall|remember)|don'?t (?:remember|recall)|"
    r"no mention|not mentioned|isn'?t mentioned|doesn'?t (?:say|mention)|no information|not aware|"
    r"not that i know|haven'?t been told|wasn'?t told)\b",
    re.IGNORECASE,
)
#: A negated clause about another time, another item or a change ("not like this before",
#: "no other symptoms", "not anymore", "doesn't get worse") is not a denial of the item.
QUALIFIED = re.compile(r"\b(before|previous(ly)?|past|like this|else|other|again|anymore|any longer|no longer|"
                       r"worse|better|changed?|spread|elsewhere|since)\b", re.IGNORECASE)
#: Words after a negation within which a denied item must start ("I haven't had a fever").
DENIAL_WINDOW = 4
_DESCRIPTOR = re.compile(r"symptoms\[\d+\]\.")
_CLAUSE_SPLIT = re.compile(r"[.!?;,\n]+|\bbut\b|\bexcept\b|\bapart from\b|\bother than\b", re.IGNORECASE)


def _generic(path: str) -> str:
    """A field path with its indices as ``[*]`` ("symptoms[2].duration" -> "symptoms[*].duration")."""
    return re.sub(r"\[\d+\]", "[*]", path)


def _meaningful(phrase: str) -> bool:
    """Whether a phrase has a word of 4+ letters that is not a common word ("that" alone is not)."""
    return any(len(w) >= 4 and w not in STOP_WORDS and w not in NEGATIONS for w in words_in(phrase))


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z0-9]){re.escape(phrase)}(?![a-z0-9])", text) is not None


@dataclass(frozen=True)
class FactText:
    """One recorded fact as the checks see it: its field path, whether it is present, the
    lower-case phrases that name it (record texts and lay wordings) and the medical terms
    inside them (these name it too, but are too general to count as denying it)."""

    path: str
    present: bool
    phrases: tuple[str, ...]
    terms: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The phrases and the medical terms inside them."""
        return self.phrases + self.terms


@dataclass
class ReplyVerdict:
    """What the checks found in one reply."""

    words: int
    units: int
    sentences: int
    unfaithful: list[str]
    unfaithful_sentences: int
    false_denials: list[str]
    leaks: list[str]
    leaks_quoted_or_in_vignette: list[str]
    reference_words: list[str]
    answer_letter: bool
    asked: list[str]
    answered: list[str]
    jargon: list[str]
    volunteered: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return asdict(self)


def fact_texts(case: CaseFacts) -> list[FactText]:
    """Every recorded fact of ``case`` with the phrases that name it (see :class:`FactText`).

    A symptom is named by its name, a history or social fact by its value (its detail is
    read for the descriptor-like fields only), an examination by its name, the age by its
    number, the sex by its words; numbers alone name only descriptor fields ("10 days").
    """
    data = case.model_dump(mode="json")
    lexicon = default_lexicon()
    facts = []
    for path in case_paths(case):
        node: object = data
        for step in re.findall(r"[A-Za-z_]+|\d+", path):
            node = node[int(step)] if step.isdigit() else node.get(step)  # type: ignore[index, union-attr]
        status = node.get("status", "present") if isinstance(node, dict) else "present"
        texts = path_texts(case, path, data)
        if isinstance(node, dict) and "value" in node:  # a Fact: its value names it
            texts = [node["value"]] if node.get("value") else []
        if path.startswith("examinations"):
            texts = texts[:1]
        phrases = {t.lower().strip(" .") for t in with_lay(texts, lexicon)}
        phrases = {p for p in phrases if _meaningful(p) or p.replace(".", "").isdigit()}
        terms = {u.text for t in phrases for u in content_units(t) if u.kind == "term" and u.text not in TOPIC_FIELDS}
        facts.append(FactText(path, status == "present", tuple(sorted(phrases)), tuple(sorted(terms - phrases))))
    return facts


def _starts_in(tail: str, head: str, phrase: str) -> bool:
    """Whether ``phrase`` occurs in ``tail`` starting within its first words (``head``)."""
    match = re.search(rf"(?<![a-z0-9]){re.escape(phrase)}(?![a-z0-9])", tail)
    return match is not None and match.start() < len(head)


class PeerChecker:
    """The checks of the module docstring for one case.

    Args:
        record: the imported record of the case (facts and the reference answer).
        vignette: the case's vignette as CRAFT-MD gave it to its patient.
        fact_checker: a shared :class:`FactChecker` (built once per run).
    """

    def __init__(self, record: Record, vignette: str, *, fact_checker: FactChecker | None = None,
                 jargon: re.Pattern[str] | None = None) -> None:
        self.record = record
        self.vignette = vignette.lower()
        self.checker = fact_checker or FactChecker()
        self.sources = Sources(with_lay([vignette], self.checker.lexicon) + case_texts(record.case, self.checker.lexicon))
        self.leaks = LeakDetector(record)
        self.jargon = jargon or jargon_pattern()
        self.facts = fact_texts(record.case)
        self.present_fields = {_generic(f.path).removesuffix("[*]") for f in self.facts if f.present}
        denied = [p for f in self.facts if not f.present for p in f.names]
        self.denied_phrases = frozenset(denied) | {e for p in denied for e in equivalents().get(p, ())}

    def named_facts(self, text: str) -> list[FactText]:
        """The recorded facts ``text`` names (see the module docstring)."""
        lower = text.lower()
        return [f for f in self.facts if any(_has(lower, p) for p in f.names)]

    def false_denials(self, reply: str) -> list[str]:
        """Present record facts the reply denies (see the module docstring)."""
        found: list[str] = []
        for clause in _CLAUSE_SPLIT.split(reply.lower()):
            if UNCERTAIN.search(clause) or QUALIFIED.search(clause):
                continue
            words = words_in(clause)
            first = next((i for i, w in enumerate(words) if w in NEGATIONS), None)
            if first is None:
                continue
            # the denied item starts within DENIAL_WINDOW words of the negation
            tail = " ".join(words[first + 1:])
            head = " ".join(words[first + 1:first + 1 + DENIAL_WINDOW])
            for fact in self.facts:
                if not fact.present or fact.path.startswith(("demographics", "examinations")) or _DESCRIPTOR.match(fact.path):
                    continue
                for phrase in fact.phrases:
                    if phrase not in self.denied_phrases and _has(tail, phrase) and _starts_in(tail, head, phrase):
                        found.append(phrase)
                        break
            for topic, fields in TOPIC_FIELDS.items():
                if _has(head, topic) and any(f in self.present_fields for f in fields):
                    found.append(topic)
        return sorted(set(found))

    def check(self, reply: str, doctor_text: str, asked: Sequence[str]) -> ReplyVerdict:
        """Score one reply to ``doctor_text`` whose asked intents are ``asked``."""
        fact = self.checker.check(reply, self.sources, doctor_text)
        sentences = [s for s in re.split(r"(?<=[.!?])\s+|\n+", reply) if s.strip()]
        bad = [u.lower() for u in fact.unfaithful]
        unfaithful_sentences = sum(any(b in s.lower() for b in bad) for s in sentences)
        leaks, excused, words = [], [], []
        for leak in self.leaks.find(reply, doctor_text):
            if leak.what == "reference_word":
                words.append(leak.text)
            elif leak.quoted or leak.in_case or _has(self.vignette, leak.text.lower()):
                excused.append(leak.text)
            else:
                leaks.append(leak.text)
        named = self.named_facts(reply)
        doctor_lower = doctor_text.lower()
        asked_fields = {f for intent in asked for f in INTENT_FIELDS.get(intent, ())}
        generic_answer = bool(POLAR_OPENING.search(reply) or UNCERTAIN.search(reply))
        answered = [i for i in asked if generic_answer or any(_generic(f.path) in INTENT_FIELDS.get(i, ()) for f in named)]
        volunteered = [] if not asked else sorted({
            f.path for f in named
            if _generic(f.path) not in asked_fields and not any(_has(doctor_lower, p) for p in f.names)
        })
        return ReplyVerdict(
            words=len(words_in(reply)), units=len(fact.units), sentences=len(sentences),
            unfaithful=fact.unfaithful, unfaithful_sentences=unfaithful_sentences,
            false_denials=self.false_denials(reply), leaks=leaks, leaks_quoted_or_in_vignette=excused,
            reference_words=words, answer_letter=bool(ANSWER_LETTER.search(reply)), asked=list(asked),
            answered=answered, jargon=sorted({m.group(0).lower() for m in self.jargon.finditer(reply)}),
            volunteered=volunteered,
        )


def jargon_pattern() -> re.Pattern[str]:
    """The jargon terms of ``eval/jargon_terms.txt`` as one whole-word pattern."""
    return phrase_pattern(list(load_jargon_terms()))
