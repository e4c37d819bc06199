"""Answers from the demographics to what cannot apply to the patient.

:class:`NotApplicable` finds the doctor's items that cannot apply to this patient (an organ,
function or test of the other sex, an adult's thing asked of a child: ``templates/applies.yaml``)
and the unrecorded topics that do not apply (periods to a man, smoking to a child), and says
so from the recorded sex or age.
"""

from __future__ import annotations

import re
from typing import Sequence

from tod.patient.acts import Fill, Statement
from tod.patient.applies import Applicability
from tod.patient.facts import field_texts
from tod.patient.record_lookup import RecordLookup

#: Below this age (years) periods, pregnancies and a sex life are not asked of the patient.
_CHILD_AGE = 12
#: What a child is too young for.
_ADULT_TOPICS = frozenset({"ask_coitus", "ask_tobacco", "ask_alcohol", "ask_drug", "ask_occupation"})
#: Intents whose named items may be another person's (a relative's ovarian cancer, a
#: partner's pregnancy, a pregnant contact): never answered from the patient's sex or age.
_OTHERS_ITEMS = frozenset({"ask_family_history", "ask_coitus", "ask_contact_history"})


class NotApplicable:
    """What cannot apply to one patient, from their demographics.

    Args:
        lookup: the record lookup of the case.
        applicability: the table of what applies to whom (``templates/applies.yaml``).
    """

    def __init__(self, lookup: RecordLookup, applicability: Applicability) -> None:
        self.lookup = lookup
        self.applicability = applicability

    def topic(self, intent: str) -> Statement | None:
        """The statement that an unrecorded topic does not apply to the patient, from the
        demographics: periods and pregnancies to a man or a child under :data:`_CHILD_AGE`
        (the reproductive intent's own "not_applicable"), a sex life, smoking, drinking, drugs
        or a job to a child (a common "too_young", said once when several are asked together);
        ``None`` when it may apply."""
        age, sex = self.lookup.case.demographics.age_years, self.lookup.case.demographics.sex
        child = age is not None and age < _CHILD_AGE
        if intent == "ask_reproductive_history" and (sex == "male" or child):
            return Statement("ask_reproductive_history", "not_applicable", "not_recorded")
        if intent in _ADULT_TOPICS and child:
            return Statement("common", "too_young", "not_recorded")
        return None

    def items(self, intent: str, queries: Sequence[str]) -> list[str]:
        """The doctor's named items about the patient's own body that cannot apply to them
        (``templates/applies.yaml``): an organ, function or test of the other sex ("vaginal
        discharge" to a boy, "pregnancy ultrasound" to a man), or an adult's ("pregnancy test")
        to a child under :data:`_CHILD_AGE`; never when the record itself mentions the item, nor
        for an intent whose items may be another person's (:data:`_OTHERS_ITEMS`)."""
        if intent in _OTHERS_ITEMS:
            return []
        return [q for q in queries if self._foreign_words(q) and not self._in_record(self._foreign_words(q))]

    def _foreign_words(self, text: str) -> list[str]:
        """The words of ``text`` naming something of the other sex, or an adult's thing when
        the patient is a child."""
        age, sex = self.lookup.case.demographics.age_years, self.lookup.case.demographics.sex
        rules = self.applicability
        return [*rules.other_sex(text, sex), *(rules.adult_only(text) if age is not None and age < _CHILD_AGE else [])]

    def _in_record(self, words: Sequence[str]) -> bool:
        """Whether a record text names one of ``words`` (then the record answers the item)."""
        return any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", self.lookup.record_words, re.IGNORECASE) for w in words)

    def answer(self, items: Sequence[str], asked: Fill | None = None) -> list[Statement]:
        """The answer to items that cannot apply to the patient (:meth:`items`):
        "I'm a man, so no." from the recorded sex when one is of the other sex, else (an adult's
        thing asked of a child) the common "too young"; nothing without items. With ``asked``
        (the items as the patient repeats them, given when the turn asks other things too) the
        answer names what it answers ("Prostate problems? I'm a woman, so no.", variants
        ``..._asked``), so that it is never read as the answer to a neighbouring item."""
        if not items:
            return []
        named = {"asked": asked} if asked is not None else {}
        suffix = "_asked" if named else ""
        if any(self.applicability.other_sex(q, self.lookup.case.demographics.sex) for q in items):
            spoken = Fill(field_texts(self.lookup.case, "demographics.sex")[-1], ("demographics.sex",))
            return [Statement("common", f"not_for_sex{suffix}", "not_recorded", {"sex": spoken, **named})]
        return [Statement("common", f"too_young{suffix}", "not_recorded", named)]
