"""The answer to the symptom intent: which symptoms the patient has.

:class:`SymptomHandler` answers "any fever?" with the matched symptoms (present or recorded as
denied), the unmatched ones as the record lookup sorts them (the same thing in other words, a
linked maybe, a soft denial, "not sure"), and a general question with the present symptoms
not yet revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tod.patient.acts import Fill, Statement
from tod.patient.facts import field_texts
from tod.patient.handlers.base import AnswerHandler
from tod.patient.matching import normalise
from tod.patient.state import DialogueState, question_key
from tod.patient.templates import join_items
from tod.records.model import Status

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule

#: Words of a catch-all that asks for the patient's other symptoms ("any other symptoms?",
#: "other signs"), not only more of the named kind ("anything else like that").
_OTHER_SYMPTOMS = frozenset(normalise("symptom symptoms sign signs").split())


class SymptomHandler(AnswerHandler):
    """Answers the symptom intent (rule kind "symptoms")."""

    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """The named symptoms, matched or sorted by the record lookup (with the rest of the present
        symptoms for a catch-all); a general question: the present symptoms not yet revealed."""
        present_symptoms = [f"symptoms[{i}]" for i, s in enumerate(self.lookup.case.symptoms) if s.status is Status.present]
        if not queries:
            fresh = [p for p in present_symptoms if not state.is_revealed(p)]
            key = question_key(intent, [])
            if not fresh and not state.was_answered(key):
                return [Statement(intent, "nothing_else", "denied")], []
            chosen = (fresh or present_symptoms)[: self.lookup.max_facts]
            return [Statement(intent, "present", "present", {"items": self.say.items(chosen)}, items=len(chosen))], []

        named, _ = self.lookup.split_catch_alls(queries)
        # "or any other symptoms?" asks for the rest; "or anything like that?" only about the named items
        catch_all = any(q not in named and set(normalise(q).split()) & _OTHER_SYMPTOMS for q in queries)
        queries = named
        if not queries:
            return self.answer(intent, rule, [], state)
        hits, unknown = self.lookup.match(queries, rule.fields)
        # "redness?" with a rash recorded as red: how it looks is said, never denied
        described = {q: self.lookup.described(q) for q in unknown}
        looks = list(dict.fromkeys(p for q in unknown for p in described[q]))
        kin, maybe, unsure, absent = self.lookup.unmatched([q for q in unknown if not described[q]])
        hits = list(dict.fromkeys([*hits, *kin]))
        said_yes, said_no = self.lookup.by_status(hits)
        statements = []
        if said_yes:
            statements.append(Statement(intent, "present", "present", {"items": self.say.items(said_yes)},
                                        items=len(said_yes)))
        if said_no:
            names = Fill(join_items([self.lookup.lay(field_texts(self.lookup.case, p)[0]) for p in said_no]), tuple(said_no))
            statements.append(Statement(intent, "denied", "denied", {"items": names}, items=len(said_no)))
        statements += self.say.maybe(intent, [p for p in maybe if p not in hits])
        statements += self.said_members(intent, looks)
        hits = list(dict.fromkeys([*hits, *maybe, *looks]))
        if catch_all:
            statements += self.say.remaining(intent, present_symptoms, hits, state)
        statements += self.say.absent(intent, absent)
        if unsure:
            statements += self.not_sure.answer(intent, unsure)
        return statements, self.say.extras(intent, present_symptoms, hits, state, self.lookup.max_facts - len(hits))
