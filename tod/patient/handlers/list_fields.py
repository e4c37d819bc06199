"""The answer to a list-field intent: past illnesses, medicines, allergies, habits, exposures, ...

:class:`ListFieldHandler` answers an intent whose rule reads a list field ("history.allergies[*]",
then maybe "symptoms[*]"): the named items matched to the field's facts, the unmatched ones
denied, recalled, linked or "not sure" by the kind of field; a general question with the
present facts not yet revealed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from tod.patient.acts import Fill, Statement
from tod.patient.facts import field_texts, resolve_list
from tod.patient.figures import without_numbers
from tod.patient.handlers.base import AnswerHandler
from tod.patient.handlers.not_sure import OWN_BODY
from tod.patient.matching import body_regions, content_words, normalise
from tod.patient.query_words import ATTRIBUTE_WORDS, CLASS_WORDS, PLACED_FIELD_WORDS, class_topic, word_roots
from tod.patient.record_lookup import blanket_denial, list_path
from tod.patient.state import DialogueState
from tod.patient.templates import join_items
from tod.records.model import Status
from tod.schema.labels import INTENT_FAMILIES

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule

#: The intents whose unmatched class queries are denied by class (``denied_class`` templates).
_CLASS_ASKED = frozenset({"ask_past_diagnosis"})

#: List intents about what the patient knows for certain (their own diagnoses, medicines,
#: allergies, operations, vaccinations, their family's illnesses): an item the field does
#: not hold is denied ("No, I've never been told I have that one."), and related facts follow with "But I have had
#: ...". In the other list fields (habits, exposures, changes, sex life, periods and
#: pregnancies, treatments tried) an item the record does not mention is not denied while
#: the field holds other facts: "Pets? Nothing comes to mind."
_KNOWN_FIELDS = frozenset({"ask_past_diagnosis", "ask_past_medication", "ask_allergic_history", "ask_trauma_surgery",
                           "ask_preventive", "ask_family_history"})

#: List intents about the patient's own life (what they know, take, do, were exposed to or
#: tried): an item an empty field does not hold, and no present fact names, is answered as
#: recall ("Pets? Nothing comes to mind."), never "not sure" and never a flat "No".
_RECALLED = _KNOWN_FIELDS | {"ask_living_habit", "ask_contact_history", "ask_receiving_treatment"}


#: Intents about other people than the patient: a recall line names whose it is ("... in the
#: family?"), so the same item asked of the patient and of the family gets two answers.
_OTHERS_RECALLED = frozenset({"ask_family_history"})

#: The intent a question about the patient's birth is parsed as, with no item ("born prematurely?").
_BIRTH_ASKED = "ask_past_diagnosis"
#: Words of a question about illnesses (:data:`~tod.patient.query_words.CLASS_WORDS`, "medical").
_ILLNESS_WORDS = CLASS_WORDS | frozenset(normalise("medical illness sickness diagnosed").split())
#: Words about the patient's own birth ("born prematurely", "full term", "gestation", "NICU");
#: not the pregnancies or deliveries of a mother, nor birth control.
_BIRTH_WORDS = re.compile(r"\b(?:born|premature(?:ly)?|prem|(?:full|at|pre)[ -]?term|gestation(?:al)?|nicu|neonatal"
                          r"|birth(?!\s*control))\b", re.IGNORECASE)
#: Words of a birth asked the usual way ("full term?", "born at term?"): a "No" would say it was not.
_AT_TERM = re.compile(r"\b(?:full|at)[ -]?term\b", re.IGNORECASE)

#: The intent that asks what the patient has tried for the complaint.
_TRIED = "ask_receiving_treatment"

#: The categories of ``templates/synonyms.yaml`` whose members are remedies a patient tries.
_REMEDIES = ("medicines", "pain relievers", "supplements")


class ListFieldHandler(AnswerHandler):
    """Answers the list-field intents (rule kind "list")."""

    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """The named items of the list field (see the module docstring); a general question:
        the present facts not yet revealed (those of the turn's topic when some share a word group
        with it)."""
        fields = rule.fields
        base = list_path(fields[0])
        facts = resolve_list(self.lookup.case, base)
        # a bare figure names no item
        queries, catch_all = self.lookup.split_catch_alls([q for q in queries if without_numbers(q)], intent)
        if not facts:
            inapplicable = self.not_applicable.topic(intent)
            return ([inapplicable] if inapplicable else self._elsewhere(intent, queries, fields)), []
        paths = [f"{base}[{j}]" for j in range(len(facts))]
        named = [(p, f) for p, f in zip(paths, facts) if f.value and not blanket_denial(f)]
        # a value saying "nothing" denies the field only when no other fact is present in it
        blanket = next((p for p, f in zip(paths, facts) if blanket_denial(f)
                        and (not f.value or not any(g.status is Status.present for _, g in named))), None)
        present = [p for p, f in named if f.status is Status.present]
        if intent == _BIRTH_ASKED and self._asks_birth() and all(self._names_birth(q) for q in queries):
            return self._birth_answer(intent), []
        if not queries:
            if present:
                chosen = self.say.fresh_first(self.lookup.on_topic(present), state)
                return [Statement(intent, "present", "present", {"items": self.say.items(chosen)}, items=len(chosen))], []
            # "No, I'm not on any medication." is never said beside a treatment recorded in the
            # intent's other fields (a drug the GP started for this illness)
            elsewhere = self.lookup.present_in(fields[1:])
            if elsewhere:
                chosen = self.say.fresh_first(elsewhere, state)[: self.lookup.max_facts]
                return [Statement(intent, "present", "present", {"items": self.say.items(chosen)}, items=len(chosen))], []
            if blanket:
                return [Statement(intent, "denied_all", "denied", paths=(blanket,), items=1)], []
            denied = [p for p, _ in named][: self.lookup.max_facts]
            return [Statement(intent, "denied", "denied", {"items": self.say.items(denied, articles=False)}, items=len(denied))], []

        hits, misses = self.lookup.match(queries, fields)
        # "any stomach issues?" with acid reflux recorded, "pain relievers?" with an ibuprofen
        # that eases the pain: the member is said, never the family denied past it
        members, misses = self._recorded_members(intent, misses)
        topics = {} if blanket or intent not in _CLASS_ASKED else {m: class_topic(m) for m in misses}
        classes = {m: topic for m, topic in topics.items() if topic}
        misses = [m for m in misses if m not in classes]
        # "any respiratory infections?" with a cough now: that cough, with the honest link
        covered, misses = self._covered_symptoms(intent, fields, misses)
        # the relatives' history is not contradicted by the patient's own facts
        unsure = [] if blanket or intent == "ask_family_history" else self.lookup.held_elsewhere(misses)
        absent = [] if blanket else [m for m in misses if m not in unsure]
        linked: list[str] = []
        maybe: list[str] = []
        if intent in OWN_BODY:
            # "sleep pattern?" with poor sleep recorded as a symptom: said, not "nothing comes to mind"
            linked, maybe, absent = self.lookup.linked(absent)
        if intent in PLACED_FIELD_WORDS:
            # "operations on your abdomen?" with an appendectomy: what may lie there, linked
            placed_there, absent = self._may_lie_there(absent, [p for p in present if p not in hits])
            maybe += placed_there
        maybe = list(dict.fromkeys([*maybe, *covered]))[: self.lookup.max_facts]
        statements = self.say.yes_and_no(intent, list(dict.fromkeys([*hits, *linked])))
        statements += self.say.maybe(intent, maybe)
        members = [p for p in members if p not in hits and p not in maybe]
        statements += self.said_members(intent, members)
        hits = list(dict.fromkeys([*hits, *linked, *maybe, *members]))
        if classes:
            # "heart problems?" with none recorded: the class is denied by name
            topics = list(dict.fromkeys(classes.values()))
            statements.append(Statement(intent, "denied_class", "denied", {"asked": Fill(join_items(topics, "or"), items=tuple(topics))}))
        # "born prematurely?" beside "no medical conditions": an event of birth is no condition
        # the blanket denies; it is denied as an event
        events = self._events(intent, misses) if blanket else []
        if blanket and len(hits) + len(events) < len(queries):
            statements.append(Statement(intent, "denied_all", "denied", paths=(blanket,), items=1))
        statements += self._event_denials(intent, events)
        others = [p for p in present if p not in hits]
        if absent:
            if others and intent not in _KNOWN_FIELDS:
                statements += self._not_recalled(intent, absent)
            else:
                statements += self._denied_asked(intent, absent)
        # only the facts related to a denied item or class follow it (answer what was asked;
        # volunteering the rest is the persona's, as extras)
        kin = self._kin([*absent, *classes], others)
        if kin:
            # "No bronchitis?" with a recorded COPD: the related fact follows the denial,
            # linked to it ("But I have had ...") where the denial was said
            denied = any(s.outcome == "denied" for s in statements)
            variant = "present_but" if denied and intent in _KNOWN_FIELDS else "present"
            statements.append(Statement(intent, variant, "present", {"items": self.say.items(kin)}, items=len(kin)))
            hits = [*hits, *kin]
        if unsure:
            statements += self.not_sure.answer(intent, unsure)
        if catch_all:
            statements += self.say.remaining(intent, present, hits, state)
        room = self.lookup.max_facts - sum(s.items for s in statements)
        return statements, self.say.extras(intent, present, hits, state, room)

    def _may_lie_there(self, queries: Sequence[str], others: Sequence[str]) -> tuple[list[str], list[str]]:
        """For the unmatched items of an injury or operation question that name a body place
        ("operations on your abdomen", "head trauma"), the recorded ones of ``others`` that
        may lie there: their text names the same place, or none the body-region table knows
        (an appendectomy, a stent); up to k, with the queries none may answer. A named place
        is never denied beside a recorded operation the matcher could not place ("No, nothing
        like operations on my abdomen." with an appendectomy on record); only one whose facts
        all lie elsewhere (a broken wrist for "head trauma?") is."""
        found: list[str] = []
        left: list[str] = []
        for query in queries:
            wanted = body_regions(query)
            there = [p for p in others if wanted and (not (regions := body_regions(" ".join(
                t for t in field_texts(self.lookup.case, p)[:1] if t))) or regions & wanted)]
            found += there
            if not there:
                left.append(query)
        return list(dict.fromkeys(found))[: self.lookup.max_facts], left

    def _covered_symptoms(self, intent: str, fields: Sequence[str], queries: Sequence[str]) -> tuple[list[str], list[str]]:
        """For a past-illness question (:data:`_CLASS_ASKED`), the patient's past illnesses and
        present symptoms that are members of a category a query names ("respiratory
        infections" and a cough, ``templates/synonyms.yaml``), up to k, and the queries none is
        a member of: a category whose members the patient has is never denied nor left "not sure".
        Other intents: no symptoms, ``queries`` unchanged."""
        if intent not in _CLASS_ASKED:
            return [], list(queries)
        categories = self.lookup.matcher.categories
        symptoms = [*self.lookup.present_in(fields), *(p for p in self.lookup.present if p.startswith("symptoms["))]
        found = {q: [p for p in symptoms if any(categories.covers(q, t) for t in field_texts(self.lookup.case, p)[:1])]
                 for q in queries}
        paths = list(dict.fromkeys(p for q in queries for p in found[q]))[: self.lookup.max_facts]
        return paths, [q for q in queries if not found[q]]

    def _elsewhere(self, intent: str, queries: list[str], rule_fields: Sequence[str]) -> list[Statement]:
        """The answer when the intent's own field holds nothing: the named items matched against the
        rule's other fields ("weight loss?" recorded as a symptom); about the rest, recall ("Pets?
        Nothing comes to mind.") where the intent asks about the patient's own life
        (:data:`_RECALLED`) and no present fact of the record names the item; about the patient's
        own body (:data:`~tod.patient.handlers.not_sure.OWN_BODY`), as
        :meth:`~tod.patient.record_lookup.RecordLookup.unmatched` sorts them; else "not sure" (and
        about the topic when nothing is named). ``rule_fields``: the rule's fields, its own first."""
        fields = rule_fields[1:]
        if not queries:
            # "What medicines are you on?" with none listed but a treatment started for this
            # illness: that treatment, never "nothing comes to mind" beside it
            elsewhere = self.lookup.present_in(fields)[: self.lookup.max_facts]
            if elsewhere:
                return [Statement(intent, "present", "present", {"items": self.say.items(elsewhere)}, items=len(elsewhere))]
            # "anything about your reproductive health?" with painful intercourse recorded as a
            # symptom: that symptom, linked, never "nothing comes to mind" beside it
            members = self._topic_members(intent, rule_fields[0]) or self._tried_otherwise(intent)
            return self.said_members(intent, members) if members else [self.say.unsure(intent, queries)]
        hits, misses = self.lookup.match(queries, fields) if fields else ([], list(queries))
        absent: list[str] = []
        recalled: list[str] = []
        maybe: list[str] = []
        members: list[str] = []
        if intent in OWN_BODY:
            kin, maybe, unsure, absent = self.lookup.unmatched(misses)
            hits = list(dict.fromkeys([*hits, *kin]))
        else:
            maybe, misses = self._covered_symptoms(intent, fields, misses)
            members, misses = self._recorded_members(intent, misses)
            maybe = [p for p in maybe if p not in members]
            unsure = self.lookup.held_elsewhere(misses) if intent in _RECALLED else misses
            recalled = [m for m in misses if m not in unsure]
        statements = self.say.yes_and_no(intent, hits)
        statements += self.say.maybe(intent, maybe)
        statements += self.said_members(intent, members)
        statements += self.say.absent(intent, absent)
        if recalled:
            statements += self._not_recalled(intent, recalled)
        if unsure:
            statements += self.not_sure.answer(intent, unsure)
        return statements

    def _topic_members(self, intent: str, field: str) -> list[str]:
        """The patient's own present facts, in any field, that are members of the category the
        family of ``intent`` or its own (empty) ``field`` names (:data:`~tod.schema.labels.INTENT_FAMILIES`:
        "sexual and reproductive" and a recorded painful intercourse; "history.trauma_surgery[*]":
        a kidney transplant among the past illnesses), up to k; none for a topic no category names."""
        topics = (INTENT_FAMILIES.get(intent, ""), list_path(field).rsplit(".", 1)[-1].replace("_", " "))
        found = (p for topic in topics if topic for p in self.lookup.recorded_members(topic, details=False))
        return list(dict.fromkeys(found))[: self.lookup.max_facts]

    def _tried_otherwise(self, intent: str) -> list[str]:
        """For a treatments-tried question (:data:`_TRIED`) with no treatment recorded as such,
        what else the record shows the patient has tried for the complaint, up to k: whatever
        eases a present symptom as a remedy (:data:`_REMEDIES`: a cream, a painkiller; lying still
        is no treatment) and the medicines whose texts name a present symptom ("amoxicillin for
        the sore throat, the rash came during the course"); none for other intents. Said, never "nothing I've tried comes to mind" beside them."""
        if intent != _TRIED:
            return []
        case = self.lookup.case
        symptoms = [p for p in self.lookup.present if p.startswith("symptoms[")]
        eased = [p for remedy in _REMEDIES for p in self.lookup.recorded_members(remedy) if ".relieving_factors[" in p]
        complaint = frozenset(r for p in symptoms for t in self.lookup.candidate_texts(p) for r in word_roots(t))
        medicines = [p for p in self.lookup.present_in(("history.medications[*]",))
                     if complaint & word_roots(" ".join(field_texts(case, p)))]
        return list(dict.fromkeys([*eased, *medicines]))[: self.lookup.max_facts]

    def _recorded_members(self, intent: str, queries: Sequence[str]) -> tuple[list[str], list[str]]:
        """The patient's own record texts that are members of a family a query names
        (:meth:`~tod.patient.record_lookup.RecordLookup.recorded_members`), up to k, and the
        queries none is a member of; none for a question about the relatives."""
        if intent in _OTHERS_RECALLED:
            return [], list(queries)
        found = {q: self.lookup.recorded_members(q) for q in queries}
        paths = list(dict.fromkeys(p for q in queries for p in found[q]))[: self.lookup.max_facts]
        return paths, [q for q in queries if not found[q]]

    def _kin(self, absent: Sequence[str], present: Sequence[str]) -> list[str]:
        """The present facts of ``present`` related to a denied item by a category of
        ``templates/synonyms.yaml`` (both members of it), up to k."""
        categories = self.lookup.matcher.categories
        return [p for p in present
                if any(categories.related(q, " ".join(field_texts(self.lookup.case, p))) for q in absent)][: self.lookup.max_facts]

    def _denied_asked(self, intent: str, absent: Sequence[str]) -> list[Statement]:
        """Denials of the doctor's items the field does not hold: "no change in weight" for
        what a physical-change question names as an attribute, "no hair loss" for a change."""
        unchanged = [q for q in absent if intent == "ask_physical_change" and content_words(q) <= ATTRIBUTE_WORDS]
        events = self._events(intent, absent)
        changes = [q for q in absent if q not in unchanged and q not in events]
        return [*self.say.named_denials(intent, (("denied_asked", changes), ("denied_unchanged", unchanged))),
                *self._event_denials(intent, events)]

    @staticmethod
    def _names_birth(text: str) -> bool:
        """Whether ``text`` names the patient's own birth ("born prematurely", "full term")."""
        return _BIRTH_WORDS.search(text) is not None

    def _asks_birth(self) -> bool:
        """Whether the doctor's turn asks about the patient's birth by its words ("born
        prematurely?", "was she full term?") and about no illness besides ("any medical
        conditions?" is answered as such)."""
        turn = self.lookup.turn_text
        return self._names_birth(turn) and not set(normalise(turn).split()) & _ILLNESS_WORDS

    def _birth_answer(self, intent: str) -> list[Statement]:
        """A birth question that names no item but the birth: the recorded facts of the birth,
        in any field ("born at 32 weeks"), with the honest link, else that nothing unusual is
        known of it: an event ("born prematurely?") denied as an event, a birth asked the usual
        way ("full term?") never answered "No"; never the blanket of medical conditions."""
        facts = [p for p in self.lookup.present if any(self._names_birth(t) for t in field_texts(self.lookup.case, p))]
        if facts:
            return self.say.maybe(intent, facts[: self.lookup.max_facts])
        if _AT_TERM.search(self.lookup.turn_text):
            return [Statement(intent, "birth_unrecorded", "not_recorded")]
        return self._event_denials(intent, [self.lookup.turn_text])

    def _events(self, intent: str, queries: Sequence[str]) -> list[str]:
        """The queries of a past-illness question that name an event of birth or pregnancy
        ("premature birth", ``templates/applies.yaml``): not illnesses to deny having had."""
        return [q for q in queries if intent == "ask_past_diagnosis" and self.not_applicable.applicability.event(q)]

    def _event_denials(self, intent: str, events: Sequence[str]) -> list[Statement]:
        """"No, nothing like that, as far as I know." for unrecorded birth or pregnancy events
        (:meth:`_events`), never framed as an illness; nothing without events."""
        return [Statement(intent, "denied_event", "denied")] if events else []

    def _not_recalled(self, intent: str, absent: Sequence[str]) -> list[Statement]:
        """What the patient says about the doctor's items that a field holding other facts
        does not mention: "Pets? Nothing comes to mind." (no denial of a fact the record
        does not hold, no "not sure" about the patient's own life); about other people
        (:data:`_OTHERS_RECALLED`) in that intent's own frame ("Cancer in the family? Nothing
        comes to mind."), never read as a second answer about the patient's own."""
        events = self._events(intent, absent)
        absent = [q for q in absent if q not in events]
        asked = self.say.echoed(absent) if intent != "ask_past_diagnosis" else None
        section = intent if intent in _OTHERS_RECALLED else "common"
        recalled = [Statement(section, "not_recalled", "not_recorded", {"asked": asked}) if asked
                    else self.say.unsure(intent, [])] if absent else []
        return [*recalled, *self._event_denials(intent, events)]
