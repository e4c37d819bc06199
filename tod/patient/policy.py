"""Record lookup policy: which record facts answer the doctor's questions.

For each asked intent the policy reads the fields its rule in :data:`INTENT_RULES` names
and decides what to say as :class:`~tod.patient.acts.Statement` objects: an *outcome*
(present, denied, not recorded), a template *variant*, and *fills* holding record text
(already lay-mapped) with the field paths it came from. It never chooses words: that is
the NLG's job.

The policy is the dispatcher: :class:`RecordPolicy` gives each asked intent to the handler of
its rule's kind (:mod:`tod.patient.handlers`: one module per kind of answer), all sharing one
:class:`~tod.patient.record_lookup.RecordLookup` (which record facts an item matches, touches or
may be), one :class:`~tod.patient.handlers.statements.StatementMaker`, the "not sure" sorting
(:mod:`tod.patient.handlers.not_sure`) and the demographic limits
(:mod:`tod.patient.handlers.not_applicable`); what an item's words alone say is in
:mod:`tod.patient.query_words`.

Rules (k = ``max_facts``, facts stated per asked intent, default 3):

* Named items (slot values) are matched to record values with a :class:`Matcher`. A match
  answers with that fact (present, or its recorded denial). No match: a *denial* when the
  field is recorded (a blanket denial, or other items: "No heart problems in the family"),
  except that a habit, exposure, change, sex-life, periods or treatment field holding other
  present facts does not deny an item it does not mention ("Pets? Nothing comes to mind.",
  see :data:`~tod.patient.handlers.list_fields._KNOWN_FIELDS`); "not sure" when the field is empty, or "does not apply" /
  "too young" from the demographics. A named symptom or change that matches nothing
  (:meth:`~tod.patient.record_lookup.RecordLookup.unmatched`) is answered with the patient's present symptom of the
  same kind and place ("discomfort?" -> the belly pain), or with a present symptom that shares
  a word with it where the doctor places it, linked ("Well, I've had leg ulcers, if that's
  what you mean." for "leg swelling?"); with a recorded denial of the patient's body that
  covers it, that denial ("urine?" -> "No, no change in urine colour."); when a patient may
  really not know it (a measurement, a possible diagnosis) or another record text may amount
  to it (:meth:`~tod.patient.record_lookup.RecordLookup._may_be`), by what touched it
  (:meth:`~tod.patient.handlers.not_sure.NotSure.answer`):
  a present fact of the patient's own that holds it, said with the link ("joint pain?" ->
  the rheumatoid arthritis); only examination findings, "Not that I've noticed myself."
  (variant ``unnoticed``, no record path); else "not sure";
  else (touched by nothing, or only by denials, a relative's condition, a test) softly denied
  as a symptom the patient does not have ("No, I haven't noticed any rash."), a statement of
  variant ``absent_unrecorded`` with no record path. A match below a shared concept must lie
  where the question places it; a slot value naming no body place takes the one its sentence
  gives it (:func:`~tod.patient.query_words.placed`: "cramping" in "any cramping in your chest?").
* A named item about the patient's own body that cannot apply to them (an organ, function or
  test of the other sex, an adult's thing asked of a child: ``templates/applies.yaml``) is
  answered from the demographics ("I'm a man, so no."), unless the record names it. A birth or
  pregnancy event asked as a past illness is denied as an event ("No, nothing like that."),
  never as an illness. A category whose members are present symptoms ("respiratory
  infections?" with a cough now) is answered with them, linked, never denied. A field word
  placed on the body ("head trauma", "trauma to the breast") names an item, not the field.
* A symptom question naming items answers those items; only a catch-all naming symptoms
  ("or any other symptoms?") adds the rest, never "or anything like that".
* A catch-all may be in the turn's words only ("asthma, or any other medical conditions?"):
  :func:`~tod.patient.query_words.text_catch_alls` adds it to the asked intent's items.
* Generic questions give the present facts not yet revealed, up to k (of a list field,
  those of the turn's topic when some share a word group with it); when every present
  fact was already revealed, the same facts again (the NLG turns that into "As I said");
  with no present fact, the recorded denial; with nothing recorded, "not sure".
* Descriptor intents (duration, onset, degree, position, shape, color, smell, factors)
  answer for each named symptom, else for the chief symptom (the first present one).
* The questions of a turn no intent covers (:mod:`tod.patient.unmapped`) get a short honest
  line naming their topic, after the answers, with no record path.
* *Extras* are related facts not yet revealed, offered for a persona that volunteers:
  the other items of the asked field (diabetes when asked about heart disease), other
  descriptors of the described symptom, other present symptoms. Extras never push an
  intent past k facts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal, Mapping, Sequence

from tod.nlu.types import TurnParse
from tod.patient.acts import Fill, IntentAnswer, Statement
from tod.patient.applies import Applicability, default_applicability
from tod.patient.asking import only_requests_tests
from tod.patient.handlers.base import AnswerHandler
from tod.patient.handlers.changes import first_time, medicines_unchanged
from tod.patient.handlers.demographics import DemographicHandler, WeightHandler
from tod.patient.handlers.descriptors import DescriptorHandler
from tod.patient.handlers.exams import ExamHandler
from tod.patient.handlers.factors import FactorHandler
from tod.patient.handlers.list_fields import ListFieldHandler
from tod.patient.handlers.not_applicable import NotApplicable
from tod.patient.handlers.not_sure import NotSure
from tod.patient.handlers.premise import wrong_side
from tod.patient.handlers.single_facts import SingleFactHandler
from tod.patient.handlers.statements import StatementMaker
from tod.patient.handlers.symptoms import SymptomHandler
from tod.lexicon import LayLexicon
from tod.patient.matching import Matcher, content_words
from tod.patient.query_words import CATCH_ALL_WORDS, only_describes, placed, placed_field_items, text_catch_alls
from tod.patient.record_lookup import RecordLookup
from tod.patient.state import DialogueState, question_key
from tod.patient.unmapped import unmapped_topics
from tod.patient.voice import parent_speaks
from tod.records.model import CaseFacts
from tod.schema.labels import INTENT_SLOT

#: The ways the policy answers an intent, one handler each: named symptoms, symptom
#: descriptors, aggravating/relieving factors, a list of facts, a single fact,
#: examinations, and the demographics.
AnswerKind = Literal["symptoms", "descriptor", "factors", "list", "single", "exams", "age", "sex", "weight"]


@dataclass(frozen=True)
class IntentRule:
    """How the policy answers one intent: its ``kind`` of answer and the record ``fields``
    it reads, in order ("[*]" stands for every index). A reply to the intent states only
    facts of these fields.

    The fields also configure the handler: a list intent reads the list of its first field
    (and matches named items against the symptoms too when "symptoms[*]" follows); a
    single-fact intent reads its first field; descriptor and factor intents read the
    symptom fields after "symptoms[*]"; the symptom intent matches named items against
    all of its list fields.
    """

    kind: AnswerKind
    fields: tuple[str, ...]

    @property
    def symptom_fields(self) -> tuple[str, ...]:
        """The symptom attributes the rule reads ("duration", "aggravating_factors")."""
        prefix = "symptoms[*]."
        return tuple(f[len(prefix):].removesuffix("[*]") for f in self.fields if f.startswith(prefix))


#: The one intent-to-field table: which handler answers each schema intent, from which
#: record fields. Adding an intent: add it to the label schema, give it a rule here and
#: templates in ``templates/patient.yaml``.
INTENT_RULES: Mapping[str, IntentRule] = MappingProxyType(
    {
        "ask_symptom": IntentRule("symptoms", ("symptoms[*]", "history.physical_changes[*]")),
        "ask_symptom_duration": IntentRule("descriptor", ("symptoms[*]", "symptoms[*].duration")),
        "ask_symptom_description_time": IntentRule("descriptor", ("symptoms[*]", "symptoms[*].onset", "symptoms[*].course")),
        "ask_symptom_description_degree": IntentRule("descriptor", ("symptoms[*]", "symptoms[*].degree")),
        "ask_symptom_description_position": IntentRule("descriptor", ("symptoms[*]", "symptoms[*].position")),
        "ask_symptom_description_shape": IntentRule("descriptor", ("symptoms[*]", "symptoms[*].shape", "symptoms[*].texture")),
        "ask_symptom_description_color": IntentRule("descriptor", ("symptoms[*]", "symptoms[*].color")),
        "ask_symptom_description_smell": IntentRule("descriptor", ("symptoms[*]", "symptoms[*].smell")),
        "ask_symptom_factors": IntentRule(
            "factors", ("symptoms[*]", "symptoms[*].aggravating_factors[*]", "symptoms[*].relieving_factors[*]")
        ),
        "ask_coitus": IntentRule("list", ("social.sexual_history[*]",)),
        "ask_tobacco": IntentRule("single", ("social.tobacco",)),
        "ask_alcohol": IntentRule("single", ("social.alcohol",)),
        "ask_drug": IntentRule("single", ("social.drug_use",)),
        "ask_receiving_treatment": IntentRule("list", ("history.current_treatment[*]",)),
        "ask_age": IntentRule("age", ("demographics.age_years",)),
        # a recorded weight change answers "what's your weight?" too
        "ask_weight": IntentRule(
            "weight", ("demographics.weight", "demographics.height", "history.physical_changes[*]", "symptoms[*]")
        ),
        "ask_gender": IntentRule("sex", ("demographics.sex",)),
        "ask_medical_examination": IntentRule("exams", ("examinations[*]",)),
        "ask_living_habit": IntentRule("list", ("social.living_habits[*]",)),
        # a treatment started for this illness is a medicine the patient takes too
        "ask_past_medication": IntentRule("list", ("history.medications[*]", "history.current_treatment[*]")),
        "ask_past_diagnosis": IntentRule("list", ("history.past_diagnoses[*]",)),
        # "Any weight loss?" may be recorded as a symptom
        "ask_physical_change": IntentRule("list", ("history.physical_changes[*]", "symptoms[*]")),
        "ask_trauma_surgery": IntentRule("list", ("history.trauma_surgery[*]",)),
        "ask_preventive": IntentRule("list", ("history.vaccinations[*]",)),
        "ask_allergic_history": IntentRule("list", ("history.allergies[*]",)),
        "ask_contact_history": IntentRule("list", ("history.exposures[*]",)),
        "ask_family_history": IntentRule("list", ("history.family_history[*]",)),
        "ask_occupation": IntentRule("single", ("demographics.occupation",)),
        "ask_reproductive_history": IntentRule("list", ("social.reproductive_history[*]",)),
    }
)

#: The record fields each intent reads ("[*]" stands for every index), from :data:`INTENT_RULES`.
INTENT_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType({i: r.fields for i, r in INTENT_RULES.items()})

#: Symptom descriptor -> the intent that asks about it ("texture" -> the shape intent).
_DESCRIPTOR_INTENT: Mapping[str, str] = MappingProxyType(
    {name: intent for intent, rule in INTENT_RULES.items() if rule.kind == "descriptor" for name in rule.symptom_fields}
)

#: When an intent's own slot is empty it borrows this slot, unless the slot's own intent
#: was asked too ("Does anyone in your family have diabetes?" tagged as past_diagnosis).
_BORROWED_SLOT: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "ask_family_history": ("past_diagnosis", "ask_past_diagnosis"),
        "ask_symptom": ("physical_change", "ask_physical_change"),
        "ask_physical_change": ("symptom", "ask_symptom"),
        # "Have you had similar fainting episodes before?" tagged "fainting" as a symptom
        "ask_past_diagnosis": ("symptom", "ask_symptom"),
    }
)
#: The intents whose denial of an unmatched item does not repeat it (the doctor's guess at
#: the patient's own conditions may be the answer): in a turn that asks several things, or
#: about several items, the denial names its topic (``denied_asked_topic`` templates).
_UNNAMED_DENIALS = frozenset({"ask_past_diagnosis"})

#: The statement variants that answer a question no intent covers (:meth:`RecordPolicy._unmapped`).
UNMAPPED_VARIANTS = frozenset({"unmapped_topic"})
#: The statement variants that repeat words of the doctor no slot value holds: the topics of
#: uncovered questions, and the person of a premise the record rules out (:meth:`RecordPolicy._absent_dependant`).
ECHOING_VARIANTS = UNMAPPED_VARIANTS | {"no_dependant", "wrong_side"}


def _topic_denial(statement: Statement) -> Statement:
    """A denial that repeats no item said as a denial of its topic (:data:`_UNNAMED_DENIALS`)."""
    if statement.variant == "denied_asked" and statement.section in _UNNAMED_DENIALS:
        return replace(statement, variant="denied_asked_topic")
    return statement


def _tried_besides_medicines(answers: Sequence[IntentAnswer]) -> list[IntentAnswer]:
    """``answers`` with a treatments-tried answer that only says the patient recalls none
    (a "not sure" about the topic) said as about the rest ("Nothing else I've tried for it
    comes to mind.", variant ``nothing_else_tried``) when another answer of the turn states
    the patient's medicines: "I take ibuprofen when needed. Nothing I've tried for it comes
    to mind." reads as a contradiction."""
    medicines = any(s.outcome == "present" and any(p.startswith("history.medications[") for p in s.all_paths)
                    for a in answers for s in a.statements)
    if not medicines:
        return list(answers)
    return [replace(a, statements=(replace(a.statements[0], variant="nothing_else_tried"),))
            if a.intent == "ask_receiving_treatment" and len(a.statements) == 1
            and a.statements[0].variant == "not_recorded" and not a.statements[0].fills else a
            for a in answers]



class RecordPolicy:
    """Maps (intent, slots) to record facts of one case; see the module docstring.

    Args:
        case: the patient's facts (never the reference answers).
        matcher: named-item matcher; the record's matchable texts are indexed here, once.
        lexicon: lay table applied to every record text put into a fill.
        max_facts: k, the most facts stated per asked intent (>= 1).
    """

    def __init__(self, case: CaseFacts, matcher: Matcher, lexicon: LayLexicon, *, max_facts: int = 3,
                 applicability: Applicability | None = None) -> None:
        if max_facts < 1:
            raise ValueError(f"max_facts must be at least 1, got {max_facts}")
        self.case = case
        self.matcher = matcher
        self.lexicon = lexicon
        self.max_facts = max_facts
        self.applicability = applicability or default_applicability()
        rules = INTENT_RULES.values()
        self._lookup = RecordLookup(case, matcher, lexicon, max_facts=max_facts,
                                    list_fields=[r.fields[0] for r in rules if r.kind == "list"],
                                    single_fields=[r.fields[0] for r in rules if r.kind == "single"])
        self._say = StatementMaker(self._lookup)
        self._not_applicable = NotApplicable(self._lookup, self.applicability)
        tools = (self._say, NotSure(self._say), self._not_applicable)
        demographic = DemographicHandler(*tools)
        kinds: dict[AnswerKind, AnswerHandler] = {
            "symptoms": SymptomHandler(*tools),
            "descriptor": DescriptorHandler(*tools, descriptor_intents=_DESCRIPTOR_INTENT),
            "factors": FactorHandler(*tools),
            "list": ListFieldHandler(*tools),
            "single": SingleFactHandler(*tools),
            "exams": ExamHandler(*tools),
            "age": demographic,
            "sex": demographic,
            "weight": WeightHandler(*tools),
        }
        self._handlers: dict[str, AnswerHandler] = {intent: kinds[rule.kind] for intent, rule in INTENT_RULES.items()}

    # ---------------------------------------------------------------- public

    def handles(self, intent: str) -> bool:
        """Whether ``intent`` is one of the schema intents the policy answers."""
        return intent in self._handlers

    def queries(self, intent: str, parse: TurnParse) -> list[str]:
        """The named items ``intent`` asks about in ``parse`` (its slot, or a borrowed one),
        and the catch-all of the intent that the turn's words hold when the slots name items
        but no catch-all ("asthma or any other medical conditions?" tagged "asthma" only). A
        symptom value that only describes ("sharp", "triggers") names no symptom and is dropped."""
        slot = INTENT_SLOT.get(intent)
        values = list(parse.slots.get(slot, [])) if slot else []
        if not values and intent in _BORROWED_SLOT:
            other_slot, owner = _BORROWED_SLOT[intent]
            if owner not in parse.intents:
                values = list(parse.slots.get(other_slot, []))
        values = [v for v in dict.fromkeys(placed(v.strip(), parse.text) for v in values)
                  if v and not (slot == "symptom" and only_describes(v))]
        values = placed_field_items(intent, values, parse.text) or values
        catch_all = text_catch_alls(parse.text).get(intent)
        if catch_all and values and all(content_words(v) - CATCH_ALL_WORDS for v in values):
            values.append(catch_all)
        return values

    def answer(self, parse: TurnParse, state: DialogueState) -> list[IntentAnswer]:
        """One :class:`IntentAnswer` per distinct schema intent of ``parse``, in order.

        Intents outside the schema are skipped (the caller reports them). The examination
        intent of a turn that only does or orders a test now
        (:func:`~tod.patient.asking.only_requests_tests`) is agreed to ("Okay, sure."), with no
        earlier test listed. The state is read, never changed.
        """
        self._lookup.start_turn(parse)
        premise = self._absent_dependant(parse)
        if premise is not None:
            # every asked intent is answered by the premise, said once (nlg: one none-answer per item)
            return [IntentAnswer(i, question_key(i, []), (premise,)) for i in dict.fromkeys(parse.intents)
                    if i in self._handlers]
        answers = []
        several = sum(1 for intent in dict.fromkeys(parse.intents) if intent in self._handlers) > 1
        for intent in dict.fromkeys(parse.intents):
            handler = self._handlers.get(intent)
            if handler is None:
                continue
            queries = self.queries(intent, parse)
            inapplicable = self._not_applicable.items(intent, queries)
            queries = [q for q in queries if q not in inapplicable]
            if intent == "ask_medical_examination" and only_requests_tests(parse.text, queries):
                # "Let me listen to your chest": a test done now, agreed to; no earlier test is listed
                statements, extras = [Statement(intent, "agreed", "present")], []
            elif inapplicable and not queries:
                statements, extras = [], []
            else:
                statements, extras = handler.answer(intent, INTENT_RULES[intent], queries, state)
                if intent == "ask_past_medication":  # "any changes in your medication?": said as unchanged
                    statements, extras = medicines_unchanged(statements, extras, parse.text)
                elif intent == "ask_past_diagnosis":  # "have you had this before?": the first time, or the history
                    statements = first_time(statements, parse.text, self.case)
            # beside other items or questions, the demographic answer names what it answers
            asked = self._say.echoed(inapplicable) if inapplicable and (queries or several) else None
            statements = [*self._not_applicable.answer(inapplicable, asked), *statements]
            # every asked intent gets an answer: a handler that found nothing to say is "not sure"
            statements = statements or [self._say.unsure(intent, queries)]
            statements = [_topic_denial(s) if several or len(queries) > 1 else s for s in statements]
            key = question_key(intent, queries)
            paths = tuple(p for s in statements for p in s.all_paths)
            answers.append(
                IntentAnswer(
                    intent=intent,
                    key=key,
                    statements=tuple(statements),
                    extras=tuple(extras),
                    repeated=state.is_repeat(key, paths),
                )
            )
        answers = _tried_besides_medicines(answers)
        answers = self._side_corrected(answers, parse)
        topics = unmapped_topics(parse) if answers else []
        if topics:
            last = answers[-1]
            answers[-1] = replace(last, statements=(*last.statements, *self._unmapped(topics)))
        return answers

    def _side_corrected(self, answers: list[IntentAnswer], parse: TurnParse) -> list[IntentAnswer]:
        """``answers`` with the correction of a turn that places the complaint on the side of the
        body the record does not hold (:func:`~tod.patient.handlers.premise.wrong_side`: "No, it's
        my right hip, not the left.") said first, once; the answers themselves are kept (the
        hip pain's duration is still its duration)."""
        correction = wrong_side(parse.text, self.case, self._say.phrase) if answers else None
        if correction is None:
            return answers
        first = answers[0]
        return [replace(first, statements=(correction, *first.statements)), *answers[1:]]

    def _absent_dependant(self, parse: TurnParse) -> Statement | None:
        """The answer to a turn about a person in the patient's care the record rules out
        (:meth:`~tod.patient.applies.Applicability.dependant`: "your baby" asked of a woman
        speaking for herself whose reproductive history names no birth): "I don't have a baby,
        doctor." (variant ``no_dependant``), said for the whole turn, since its questions are
        about that person, never answered with the patient's own facts. ``None`` when a parent
        speaks for the patient (:func:`~tod.patient.voice.parent_speaks`) or the turn names
        no such person."""
        named = self.applicability.dependant(parse.text)
        if named is None or parent_speaks(self.case):
            return None
        births = any(self.applicability.event(" ".join(filter(None, (f.value, f.detail))))
                     for f in self.case.social.reproductive_history)
        if births:
            return None
        age = ("demographics.age_years",) if self.case.demographics.age_years is not None else ()
        return Statement("common", "no_dependant", "not_recorded", {"asked": Fill(named, items=(named,))}, paths=age)

    def _unmapped(self, topics: Sequence[str | None]) -> list[Statement]:
        """The honest replies to the questions of a turn no intent covers, said after the
        answers: one naming their topics in the doctor's words ("About the sleeping position,
        I can't really tell you anything.", variant ``unmapped_topic``). A question with no
        clean topic gets no line: blind judges read an unattributed "I'm not sure about the
        rest" as unlike a patient (round 8 of the reply audit). The line states no record fact
        (no path) and denies nothing."""
        named = self._say.echoed([t for t in topics if t])
        return [Statement("common", "unmapped_topic", "not_recorded", {"asked": named})] if named else []

    def echoed(self, queries: Sequence[str]) -> Fill | None:
        """The doctor's items as the patient repeats them (:meth:`~tod.patient.handlers.statements.StatementMaker.echoed`)."""
        return self._say.echoed(queries)
