"""What the patient says about the doctor's items that no record fact answers and they do not deny.

:class:`NotSure` words the items the record lookup left unanswered by what touched them: the
patient's own present facts that hold one, said with the honest link; an item of the body
that only examination findings touch, "not that I've noticed myself"; else "not sure".
"""

from __future__ import annotations

from typing import Callable, Sequence

from tod.patient.acts import Statement
from tod.patient.handlers.statements import StatementMaker
from tod.patient.matching import names_examiner_sign
from tod.patient.nlg import with_asked

#: Intents about the patient's own body: a named symptom or change no record fact touches
#: is one the patient does not have ("No, I haven't noticed any rash."), see
#: :meth:`~tod.patient.record_lookup.RecordLookup.unmatched`.
OWN_BODY = frozenset({"ask_symptom", "ask_physical_change"})


class NotSure:
    """The "not sure" answers of one case (see :meth:`answer`).

    Args:
        say: the statement maker of the case (its lookup included).
    """

    def __init__(self, say: StatementMaker) -> None:
        self.say = say
        self.lookup = say.lookup

    def answer(self, intent: str, queries: Sequence[str]) -> list[Statement]:
        """What the patient says about the doctor's items that no fact answers and that they do not
        deny, by what touched each: the patient's own present facts that hold it, said with the
        honest link (:meth:`~tod.patient.record_lookup.RecordLookup.holders`; "Well, 8 cigarettes a
        day, if that's what you mean." to "tobacco smoke?"; of an item of the body, only a condition
        the patient was told of: "Well, I've had rheumatoid arthritis, if that's what you mean." to
        "joint pain?", or a fact naming the body attribute asked: sleeping tablets to "sleep
        patterns?"), never to a question about the relatives; an item of the body (asked as a
        symptom or change, or described: ``intent`` "common") that only examination findings touch,
        "not that I've noticed myself" (:meth:`~tod.patient.record_lookup.RecordLookup.only_found`,
        variant ``unnoticed``); a sign only an examiner sees, "I wouldn't know, that's for you to
        check" (:func:`~tod.patient.matching.names_examiner_sign`, variant ``unseen_sign``); an item the
        opening statement holds, "not sure, apart from what I've told you"
        (:meth:`~tod.patient.record_lookup.RecordLookup.opening_holds`); else "not sure"
        (:meth:`~tod.patient.handlers.statements.StatementMaker.unsure`: a measurement, a possible
        diagnosis, a relative's detail)."""
        body = intent in OWN_BODY or intent == "common"
        holders = {q: self._holders(q, body) if intent != "ask_family_history" else [] for q in queries}
        held = list(dict.fromkeys(p for q in queries for p in holders[q]))[: self.lookup.max_facts]
        unnoticed = [q for q in queries if body and not holders[q] and self.lookup.only_found(q)]
        rest = [q for q in queries if not holders[q] and q not in unnoticed]
        statements = with_asked(self.say.maybe(intent if intent in OWN_BODY else "common", held),
                                self.say.echoed([q for q in queries if holders[q]]))
        asked = self.say.echoed(unnoticed) if unnoticed else None
        if asked is not None:
            statements.append(Statement("common", "unnoticed", "not_recorded", {"asked": asked}))
        elif unnoticed:
            rest += unnoticed
        rest = self._said_apart(statements, rest, "unseen_sign", names_examiner_sign)
        rest = self._said_apart(statements, rest, "not_recorded_besides", self.lookup.opening_holds)
        if rest or not statements:
            statements.append(self.say.unsure(intent, rest))
        return statements

    def _holders(self, query: str, body: bool) -> list[str]:
        """The patient's present facts that hold ``query``
        (:meth:`~tod.patient.record_lookup.RecordLookup.holders`); of an item of the ``body``, only
        a condition the patient was told of or a fact that names the body attribute asked about
        (:meth:`~tod.patient.record_lookup.RecordLookup.attribute_holders`: "sleep patterns?" and
        sleeping tablets)."""
        found = self.lookup.holders(query)
        if not body:
            return found
        attribute = self.lookup.attribute_holders(query)
        return [p for p in found if p.startswith("history.past_diagnoses[") or p in attribute]

    def _said_apart(self, statements: list[Statement], queries: Sequence[str], variant: str,
                    applies: Callable[[str], bool]) -> list[str]:
        """Appends one common ``variant`` statement naming the ``queries`` that ``applies``
        holds for (when the patient can repeat them) to ``statements``; returns the others."""
        picked = [q for q in queries if applies(q)]
        asked = self.say.echoed(picked) if picked else None
        if asked is None:
            return list(queries)
        statements.append(Statement("common", variant, "not_recorded", {"asked": asked}))
        return [q for q in queries if q not in picked]
