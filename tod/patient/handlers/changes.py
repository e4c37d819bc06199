"""Change and recurrence questions, answered as such.

"Any changes in your medication or dosage?" asks whether something changed, not what the
patient takes: when the turn asks about a change in medicines and no recorded medicine says it
was started, stopped or adjusted, the medicine list is said as unchanged ("No changes, I still
take lisinopril 10 mg daily."). A recorded change (a medicine's text naming one) is stated as
recorded, and a patient who takes nothing keeps the plain denial.

"Have you had this before?" asks whether the complaint came before, not for every past
illness: when that is all the turn asks of the history and the record holds no earlier episode
(a symptom or past illness told as recurring, or a past illness that names a word of a
complaint), the answer is "No, this is the first time." (variant ``denied_first_time``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from tod.patient.acts import Statement
from tod.lexicon import default_lexicon
from tod.patient.query_words import word_roots
from tod.records.model import CaseFacts

#: A question about a change in medicines: a change word and a medicine word in one clause
#: ("any changes in your medication", "has your dose been adjusted", "started any new pills").
_CHANGE = r"(?:chang\w*|adjust\w*|switch\w*|stopp\w*|start\w*|new|increas\w*|decreas\w*|reduc\w*)"
_MEDICINE = r"(?:medications?|medicines?|meds|drugs?|doses?|dosages?|prescriptions?|pills?|tablets?)"
_MEDICINE_CHANGE = re.compile(rf"\b{_CHANGE}\b[^.?!;]{{0,40}}?\b{_MEDICINE}\b|\b{_MEDICINE}\b[^.?!;]{{0,20}}?\b{_CHANGE}\b",
                              re.IGNORECASE)
#: A recorded medicine that was changed ("started 2 weeks ago", "dose increased", "stopped it").
#: A course of days or weeks ("nose spray for 4 days", "since last week") is a medicine begun lately.
_RECORDED_CHANGE = re.compile(r"\b(?:start\w*|stopp\w*|switch\w*|increas\w*|decreas\w*|reduc\w*|adjust\w*|"
                              r"doubl\w*|halv\w*|new|recently|chang\w*|since|"
                              r"(?:for|over) (?:the (?:last|past) )?(?:\d+|a|one|two|three|a few|several) (?:days?|weeks?))\b",
                              re.IGNORECASE)
#: "with no change" in a medicine's text reports its effect, not a change in it.
_NO_CHANGE = re.compile(r"\bno changes?\b", re.IGNORECASE)
#: The variants of a medicine list said as unchanged.
_UNCHANGED = {"present": "unchanged", "present_but": "unchanged_but"}


def asks_medicine_change(text: str) -> bool:
    """Whether ``text`` asks about a change in the patient's medicines."""
    return bool(_MEDICINE_CHANGE.search(text))


def _recorded_change(statement: Statement) -> bool:
    """Whether a fill of ``statement`` names a change of a medicine."""
    return any(_RECORDED_CHANGE.search(_NO_CHANGE.sub("", fill.text)) for fill in statement.fills.values())


def medicines_unchanged(statements: Sequence[Statement], extras: Sequence[Statement],
                        text: str) -> tuple[list[Statement], list[Statement]]:
    """``statements`` of a medicines answer with its medicine list said as unchanged when
    ``text`` asks about a change in medicines and none of the listed medicines records one,
    and ``extras`` less those that would say a relabelled medicine again."""
    listed = [s for s in statements if s.variant in _UNCHANGED and s.outcome == "present"]
    if not asks_medicine_change(text) or not listed or any(_recorded_change(s) for s in listed):
        return list(statements), list(extras)
    said = {p for s in listed for p in s.all_paths}
    return ([replace(s, variant=_UNCHANGED[s.variant]) if s in listed else s for s in statements],
            [e for e in extras if not said & set(e.all_paths)])


#: A question whether the complaint came before ("had this before?", "anything like this in the
#: past?", "similar episodes before?", "is this the first time?").
_RECURRENCE = re.compile(r"\b(?:this|it|these|that|similar|same)\b[^.?!;]{0,30}?\b(?:before|previously|in the past)\b"
                         r"|\b(?:first time|similar (?:episodes?|symptoms?|problems?))\b", re.IGNORECASE)
#: The other past-history words a turn may ask with it ("any other medical conditions?", "in
#: previous pregnancies?": then it asks about those, not whether the complaint came before).
_HISTORY_WORDS = re.compile(r"\b(?:conditions?|illness\w*|diseases?|medical history|diagnos\w*|operations?|surger\w*|"
                            r"pregnanc\w*|births?|deliver\w*)\b",
                            re.IGNORECASE)
#: A record text that tells of an earlier episode ("recurrent", "third episode", "had it before").
_EARLIER_EPISODE = re.compile(r"\b(?:recurr\w*|episodes?|again|before|previous\w*|prior|attacks|relaps\w*|flare\w*)\b",
                              re.IGNORECASE)


def asks_only_recurrence(text: str) -> bool:
    """Whether the history question of ``text`` is only whether the complaint came before."""
    return bool(_RECURRENCE.search(text)) and not _HISTORY_WORDS.search(text)


def earlier_episode(case: CaseFacts) -> bool:
    """Whether ``case`` tells of an earlier episode of its complaint: a symptom or past illness
    told as recurring, or a past illness that shares a content word with a symptom's name, in
    the record's words or the lay ones, a word of a group standing for its group (:func:`_roots`)."""
    symptoms = [s.model_dump_json(exclude_none=True) for s in case.symptoms]
    illnesses = [f"{f.value or ''} {f.detail or ''}" for f in case.history.past_diagnoses]
    if any(_EARLIER_EPISODE.search(text) for text in (*symptoms, *illnesses)):
        return True
    complaint = set().union(*(_roots(s.name) for s in case.symptoms)) if case.symptoms else set()
    return any(_roots(f.value or "") & complaint for f in case.history.past_diagnoses)


def _roots(text: str) -> frozenset[str]:
    """The content words of ``text`` and of its lay form, each word of a group as its group
    (:func:`~tod.patient.query_words.word_roots`): a past "urinary tract infection" (a "urine
    infection") and a complaint of "burning when peeing" share "urine"."""
    return word_roots(text) | word_roots(default_lexicon().to_lay(text))


def first_time(statements: Sequence[Statement], text: str, case: CaseFacts) -> list[Statement]:
    """``statements`` of a past-illness answer, or "this is the first time" when ``text`` only
    asks whether the complaint came before and ``case`` holds no earlier episode."""
    if not asks_only_recurrence(text) or earlier_episode(case):
        return list(statements)
    return [Statement("ask_past_diagnosis", "denied_first_time", "denied")]
