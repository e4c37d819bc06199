"""Record lookup policy: which record facts answer the doctor's questions.

For each asked intent the policy reads the fields its rule in :data:`INTENT_RULES` names
and decides what to say as :class:`~tod.patient.acts.Statement` objects: an *outcome*
(present, denied, not recorded), a template *variant*, and *fills* holding record text
(already lay-mapped) with the field paths it came from. It never chooses words: that is
the NLG's job.

Rules (k = ``max_facts``, facts stated per asked intent, default 3):

* Named items (slot values) are matched to record values with a :class:`Matcher`. A match
  answers with that fact (present, or its recorded denial). No match: a *denial* when the
  field is recorded (a blanket denial, or other items: "No heart problems in the family"),
  except that a habit, exposure, change, sex-life, periods or treatment field holding other
  present facts does not deny an item it does not mention ("Pets? Nothing comes to mind.",
  see :data:`_KNOWN_FIELDS`); "not sure" when the field is empty, or "does not apply" /
  "too young" from the demographics. A named symptom or change that matches nothing
  (:meth:`RecordPolicy._unmatched`) is answered with the patient's present symptom of the
  same kind and place ("discomfort?" -> the belly pain), or with a present symptom that shares
  a word with it where the doctor places it, linked ("Well, I've had leg ulcers, if that's
  what you mean." for "leg swelling?"); with a recorded denial of the patient's body that
  covers it, that denial ("urine?" -> "No, no change in urine colour."); when a patient may
  really not know it (a measurement, a possible diagnosis) or another record text may amount
  to it (:meth:`RecordPolicy._may_be`), by what touched it (:meth:`RecordPolicy._not_sure`):
  a present fact of the patient's own that holds it, said with the link ("joint pain?" ->
  the rheumatoid arthritis); only examination findings, "Not that I've noticed myself."
  (variant ``unnoticed``, no record path); else "not sure";
  else (touched by nothing, or only by denials, a relative's condition, a test) softly denied
  as a symptom the patient does not have ("No, I haven't noticed any rash."), a statement of
  variant ``absent_unrecorded`` with no record path. A match below a shared concept must lie
  where the question places it; a slot value naming no body place takes the one its sentence
  gives it (:func:`placed`: "cramping" in "any cramping in your chest?").
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
  :func:`text_catch_alls` adds it to the asked intent's items.
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

import re
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Callable, Literal, Mapping, Sequence

from tod.nlu.types import TurnParse
from tod.patient.acts import Fill, IntentAnswer, Statement
from tod.patient.applies import Applicability, default_applicability
from tod.patient.asking import only_requests_tests
from tod.patient.facts import field_texts, resolve, resolve_list, resolve_optional, spoken_phrase
from tod.patient.figures import without_numbers
from tod.patient.lexicon import LayLexicon
from tod.patient.matching import LEXICAL_FLOOR, SYNONYM_SCORE, Matcher, body_regions, content_words, normalise
from tod.patient.nlg import with_asked
from tod.patient.query_words import (
    ATTRIBUTE_WORDS,
    CATCH_ALL_WORDS,
    COMPLAINT_WORDS,
    MEASURE_WORDS,
    PLACED_FIELD_WORDS,
    WEAK_WORDS,
    WORD_GROUPS,
    about_body,
    class_topic,
    deniable,
    head_word,
    only_describes,
    other_forms,
    place_fits,
    placed,
    placed_field_items,
    same_place,
    text_catch_alls,
    word_roots,
)
from tod.patient.spoken import referred
from tod.patient.state import DialogueState, question_key
from tod.patient.templates import join_items, join_things
from tod.patient.unmapped import unmapped_topics
from tod.patient.voice import SYMPTOM_HEADS, echo_item, owner_word, parent_speaks, speakable, with_article
from tod.records.model import SYMPTOM_DESCRIPTORS, CaseFacts, Examination, Fact, Status, Symptom
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

#: Descriptors said with a template variant of their own ("the rash has been spreading to my
#: arms", not "it was spreading"); the others use their intent's "present" variant.
_DESCRIPTOR_VARIANT: Mapping[str, str] = MappingProxyType({"course": "course"})


def _descriptor_variant(name: str) -> str:
    """The template variant that says the descriptor ``name`` ("course", else "present")."""
    return _DESCRIPTOR_VARIANT.get(name, "present")


def _descriptor_groups(paths: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Descriptor paths grouped by the template variant that says them, in order."""
    groups: dict[str, list[str]] = {}
    for path in paths:
        groups.setdefault(_descriptor_variant(path.rsplit(".", 1)[-1]), []).append(path)
    return list(groups.items())


#: A descriptor intent whose own fields are empty answered from another descriptor: when
#: a symptom began, by how long it has lasted.
_DESCRIPTOR_FALLBACK: Mapping[str, str] = MappingProxyType({"ask_symptom_description_time": "duration"})

#: When an intent's own slot is empty it borrows this slot, unless the slot's own intent
#: was asked too ("Does anyone in your family have diabetes?" tagged as past_diagnosis).
_BORROWED_SLOT: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "ask_family_history": ("past_diagnosis", "ask_past_diagnosis"),
        "ask_symptom": ("physical_change", "ask_physical_change"),
        "ask_physical_change": ("symptom", "ask_symptom"),
    }
)

#: The answer variant of each factor field ("worse with walking", "better lying still").
_FACTOR_VARIANTS: Mapping[str, str] = MappingProxyType({"aggravating_factors": "worse", "relieving_factors": "better"})

#: Named tests that stand for a whole examination category.
EXAM_CATEGORY_WORDS: Mapping[str, str] = MappingProxyType(
    {
        **dict.fromkeys(["blood test", "blood work", "bloodwork", "lab", "lab test", "lab work",
                         "laboratory test", "blood result", "investigation"], "lab"),
        **dict.fromkeys(["imaging", "scan", "imaging test"], "imaging"),
        **dict.fromkeys(["vital sign", "vital", "observation", "measurement"], "vital_sign"),
        **dict.fromkeys(["physical exam", "physical examination", "examination"], "physical_exam"),
    }
)
_EXAM_CATEGORY_KEYS = {normalise(k): v for k, v in EXAM_CATEGORY_WORDS.items()}

#: The intents whose unmatched class queries are denied by class (``denied_class`` templates).
_CLASS_ASKED = frozenset({"ask_past_diagnosis"})
#: The intents whose denial of an unmatched item does not repeat it (the doctor's guess at
#: the patient's own conditions may be the answer): in a turn that asks several things, or
#: about several items, the denial names its topic (``denied_asked_topic`` templates).
_UNNAMED_DENIALS = frozenset({"ask_past_diagnosis"})


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

#: Intents about the patient's own body: a named symptom or change no record fact touches
#: is one the patient does not have ("No, I haven't noticed any rash."), see
#: :meth:`RecordPolicy._unmatched`.
_OWN_BODY = frozenset({"ask_symptom", "ask_physical_change"})

#: The path of a symptom's name ("symptoms[2]"): the item that takes its article in a list.
_SYMPTOM_NAME = re.compile(r"symptoms\[\d+\]")
#: Words of a catch-all that asks for the patient's other symptoms ("any other symptoms?",
#: "other signs"), not only more of the named kind ("anything else like that").
_OTHER_SYMPTOMS = frozenset(normalise("symptom symptoms sign signs").split())

#: Below this age (years) periods, pregnancies and a sex life are not asked of the patient.
_CHILD_AGE = 12
#: What a child is too young for.
_ADULT_HABITS = frozenset({"ask_coitus", "ask_tobacco", "ask_alcohol", "ask_drug"})
#: Intents whose named items may be another person's (a relative's ovarian cancer, a
#: partner's pregnancy, a pregnant contact): never answered from the patient's sex or age.
_OTHERS_ITEMS = frozenset({"ask_family_history", "ask_coitus", "ask_contact_history"})

#: Words a factor may start with that take no "with" ("after sex", "when lying down").
_CLAUSE_STARTS = frozenset("after before when while during on in at if whenever upon by from without once".split())

#: The statement variants that answer a question no intent covers (:meth:`RecordPolicy._unmapped`).
UNMAPPED_VARIANTS = frozenset({"unmapped_topic"})

Handler = Callable[[str, list[str], DialogueState], tuple[list[Statement], list[Statement]]]


#: A recorded value that says the field holds nothing ("no past medical history available",
#: "none known"), whatever its status.
_NONE_VALUE = re.compile(
    r"^(?:no|none|nil|nothing)\b.*\b(?:history|known|significant|relevant|available|reported)\b|^(?:none|nil|nothing)$",
    re.IGNORECASE,
)


def _symptom_index(path: str) -> int:
    """The index of the symptom at ``path`` ("symptoms[2]" -> 2)."""
    return int(path[len("symptoms["):-1])


def _blanket_denial(fact: Fact) -> bool:
    """Whether ``fact`` denies its whole field: a denial without a value, or a value that
    says there is nothing (:data:`_NONE_VALUE`)."""
    if fact.status is Status.denied and not fact.value:
        return True
    return bool(fact.value) and _NONE_VALUE.match(fact.value.strip()) is not None


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


def _starts_clause(text: str) -> bool:
    """Whether a factor starts with a preposition or conjunction ("after sex")."""
    return text.split(" ", 1)[0].lower() in _CLAUSE_STARTS


def _list_path(field: str) -> str:
    """The list a field pattern indexes: "history.allergies[*]" -> "history.allergies"."""
    return field.removesuffix("[*]")



def _strings(value: object) -> list[str]:
    """The texts of a dumped record item, nested lists and mappings included; statuses and
    categories left out."""
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in ("status", "category") for t in _strings(v)]
    if isinstance(value, list):
        return [t for v in value for t in _strings(v)]
    return []




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
        # whose things the doctor's "your" names when the patient repeats it ("my", or "her")
        self._owner = owner_word(case.demographics.sex, caregiver=parent_speaks(case))
        self._turn_groups: frozenset[str] = frozenset()
        self._turn_regions: frozenset[str] = frozenset()
        # whether the turn also asks which symptoms the patient has (the symptom slot is shared)
        self._turn_asks_symptoms = False
        # the case is fixed: the patient's present facts and the texts of their own (not the
        # relatives') are read once, not per question
        self._present = tuple(self._present_paths())
        self._present_texts = [text for path in self._present if not path.startswith("history.family_history")
                               for text in field_texts(case, path)]
        kinds: dict[AnswerKind, Handler] = {
            "symptoms": self._symptoms,
            "descriptor": self._descriptor,
            "factors": self._factors,
            "list": self._fact_list,
            "single": self._single_fact,
            "exams": self._exams,
            "age": self._demographic,
            "sex": self._demographic,
            "weight": self._weight,
        }
        self._handlers: dict[str, Handler] = {intent: kinds[rule.kind] for intent, rule in INTENT_RULES.items()}
        # every text of the record with its fact's path, word roots and body regions: what a
        # named symptom may touch (computed once, not per question)
        self._record_texts = [(path, text, word_roots(text) | word_roots(self._lay(text)), body_regions(text))
                              for path, text in self._all_texts()]
        matcher.index([*self._matchable_texts(), *(text for _, text, _, _ in self._record_texts)])
        self._record_words = " ".join(text for _, text, _, _ in self._record_texts)

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
        # the word groups of the turn: what a question that names no item is about
        self._turn_groups = word_roots(parse.text) & frozenset(WORD_GROUPS.values())
        self._turn_regions = frozenset(body_regions(parse.text))
        self._turn_asks_symptoms = "ask_symptom" in parse.intents
        answers = []
        several = sum(1 for intent in dict.fromkeys(parse.intents) if intent in self._handlers) > 1
        for intent in dict.fromkeys(parse.intents):
            handler = self._handlers.get(intent)
            if handler is None:
                continue
            queries = self.queries(intent, parse)
            inapplicable = self._inapplicable_items(intent, queries)
            queries = [q for q in queries if q not in inapplicable]
            if intent == "ask_medical_examination" and only_requests_tests(parse.text, queries):
                # "Let me listen to your chest": a test done now, agreed to; no earlier test is listed
                statements, extras = [Statement(intent, "agreed", "present")], []
            elif inapplicable and not queries:
                statements, extras = [], []
            else:
                statements, extras = handler(intent, queries, state)
            statements = [*self._not_applicable(inapplicable), *statements]
            # every asked intent gets an answer: a handler that found nothing to say is "not sure"
            statements = statements or [self._unsure(intent, queries)]
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
        topics = unmapped_topics(parse) if answers else []
        if topics:
            last = answers[-1]
            answers[-1] = replace(last, statements=(*last.statements, *self._unmapped(topics)))
        return answers

    def _unmapped(self, topics: Sequence[str | None]) -> list[Statement]:
        """The honest replies to the questions of a turn no intent covers, said after the
        answers: one naming their topics in the doctor's words ("About the sleeping position,
        I can't really tell you anything.", variant ``unmapped_topic``). A question with no
        clean topic gets no line: blind judges read an unattributed "I'm not sure about the
        rest" as unlike a patient (round 8 of the reply audit). The line states no record fact
        (no path) and denies nothing."""
        named = self.echoed([t for t in topics if t])
        return [Statement("common", "unmapped_topic", "not_recorded", {"asked": named})] if named else []

    # --------------------------------------------------------------- helpers

    def _matchable_texts(self) -> list[str]:
        """The names of every item a named query may match: symptoms, tests, listed facts."""
        fields = ["symptoms[*]", "examinations[*]", *(r.fields[0] for r in INTENT_RULES.values() if r.kind == "list")]
        return [name for field in fields for _, names in self._candidates(field) for name in names]

    def _candidates(self, field: str) -> list[tuple[str, tuple[str, ...]]]:
        """The named items of a list field ("symptoms[*]", "history.allergies[*]") as the
        matcher takes them: ``(path, (name,))``, in record order, facts without a value left out;
        a symptom with a recorded position also as placed there (``("pain", "pain knee")``), so
        a question that names a body part finds it."""
        base = _list_path(field)
        found = []
        for index, item in enumerate(resolve(self.case, base)):
            name = item.name if isinstance(item, (Symptom, Examination)) else item.value
            if name and not (isinstance(item, Fact) and _blanket_denial(item)):
                placed = (f"{name} {item.position}",) if isinstance(item, Symptom) and item.position else ()
                found.append((f"{base}[{index}]", (name, *placed)))
        return found

    def _all_texts(self) -> list[tuple[str, str]]:
        """Every text of the record with the path of its fact (a symptom's descriptors and
        factors under the symptom's path), the opening statement and the occupation included."""
        case = self.case
        found = [("opening_statement", case.opening_statement)]
        found += [(f"symptoms[{i}]", t) for i, s in enumerate(case.symptoms) for t in _strings(s.model_dump())]
        found += [(f"examinations[{i}]", t) for i, e in enumerate(case.examinations) for t in _strings(e.model_dump())]
        if case.demographics.occupation is not None:
            found += [("demographics.occupation", t) for t in _strings(case.demographics.occupation.model_dump())]
        for prefix, section in (("history", case.history), ("social", case.social)):
            for name, value in section:
                items = value if isinstance(value, list) else [value] if value is not None else []
                paths = [f"{prefix}.{name}[{j}]" for j in range(len(items))] if isinstance(value, list) else [f"{prefix}.{name}"]
                found += [(path, t) for path, item in zip(paths, items) for t in _strings(item.model_dump())]
        return found

    def _lay(self, text: str) -> str:
        return self.lexicon.to_lay(text)

    def _phrase(self, path: str) -> Fill:
        """A fact as spoken (:func:`spoken_phrase`): "beer at weekends", "my mother has had
        asthma", "blood pressure showed 150/90 mmHg", a symptom name, a descriptor."""
        return Fill(spoken_phrase(self.case, path, self._lay), (path,))

    def _items(self, paths: Sequence[str], *, articles: bool = True) -> Fill:
        """The facts of ``paths`` as one list fill, a later mention of an earlier item as
        "it" (:func:`~tod.patient.spoken.referred`); with ``articles`` (every list of what
        the patient has had; not a denial's "no ...") a symptom takes its article ("a
        throbbing headache")."""
        texts = [self._phrase(p).text for p in paths]
        if articles:
            texts = [with_article(t, SYMPTOM_HEADS) if _SYMPTOM_NAME.fullmatch(p) else t for p, t in zip(paths, texts)]
        return Fill(join_things(referred(texts)), tuple(paths))

    def echoed(self, queries: Sequence[str]) -> Fill | None:
        """The doctor's items as the patient repeats them (:func:`echo_item`: without numbers
        and edge function words, reworded only when a whole item is one lay-table term,
        "your" as "my"), the items that cannot stand as one (:func:`speakable`: a chat or
        question word, more than five words) left out; ``None`` when none is left."""
        echoed = [e for e in dict.fromkeys(echo_item(q, self.lexicon.whole_to_lay, self._owner) for q in queries) if speakable(e)]
        return Fill(join_items(echoed, "or"), items=tuple(echoed)) if echoed else None

    def _match(self, queries: Sequence[str], fields: Sequence[str]) -> tuple[list[str], list[str]]:
        """The paths of the named items of ``fields`` that ``queries`` match (distinct, all of
        them: the fact cap never drops an item the doctor named), and the queries that match none."""
        candidates = [c for f in fields for c in self._candidates(f)]
        hits: list[str] = []
        misses: list[str] = []
        for query in queries:
            hit = self._best(query, candidates)
            if hit is None:
                misses.append(query)
            else:
                hits.append(hit)
        return list(dict.fromkeys(hits)), misses

    def _best(self, query: str, candidates: Sequence[tuple[str, tuple[str, ...]]]) -> str | None:
        """The path of the fact ``query`` names best (ties: record order). A recorded denial
        answers only a query it covers: the same thing (equal, or a synonym), or a query that
        holds every content word of the denied fact. A narrower denial ("no facial weakness"
        for "weakness", "no joint pain" for "pain") or an embedding match ("leg weakness" ~
        "facial weakness") does not deny the doctor's item. A match below a shared concept lies
        where the query says, when it names a body part ("joint pain" is not an unlocated
        "pain", nor "chest pain")."""
        best, best_score = None, 0.0
        for path, texts in candidates:
            score = max((self.matcher.score(query, t) for t in texts), default=0.0)
            if score < SYNONYM_SCORE and not place_fits(query, texts):
                continue
            if score > best_score and (resolve(self.case, path).status is Status.present
                                       or self._denial_covers(query, texts, score)):
                best, best_score = path, score
        return best

    def _denial_covers(self, query: str, texts: Sequence[str], score: float) -> bool:
        if score >= SYNONYM_SCORE:
            return True
        if score < LEXICAL_FLOOR:
            return False
        asked = content_words(self._lay(query)) | content_words(query)
        return any(content_words(self._lay(t)) <= asked or content_words(t) <= asked for t in texts)

    def _split_catch_alls(self, queries: Sequence[str], intent: str = "") -> tuple[list[str], bool]:
        """The named queries, and whether the doctor also asked a catch-all ("any other
        conditions?", "anything else"): a query with no content word besides "other"/"else"
        or the name of the ``intent``'s own field ("any other exposures?" asks about every
        exposure, not about one called "exposures")."""
        field = word_roots(INTENT_SLOT.get(intent, "").replace("_", " "))
        named = [q for q in queries if word_roots(" ".join(content_words(q) - CATCH_ALL_WORDS)) - field]
        return named, len(named) < len(queries)

    def _held_elsewhere(self, queries: Sequence[str]) -> list[str]:
        """The queries that name a category one of the record's present facts belongs to,
        in any field ("activity" when the living habits say "stopped exercising", "plants" when the
        patient gardens), or that match one by the matcher's lexical steps (:meth:`_holders`),
        and that no recorded denial of the patient's body covers (:meth:`_covering_denials`:
        that denial answers them): the patient does not deny those, and says the facts that
        hold them (:meth:`_not_sure`)."""
        return [q for q in queries if self._holders(q) and not self._covering_denials(q, self._touched(q)[2])]

    def _holders(self, query: str) -> list[str]:
        """The paths of the patient's own present facts (a relative's condition left out) whose
        texts hold ``query``: a member of the category it names, or a match by the matcher's
        lexical steps ("tobacco smoke?" and a recorded "8 cigarettes a day"). A symptom or body
        change is left to :meth:`_unmatched`, which says it only where the query places it; an
        allergy holds nothing else (what the patient reacts to is no medicine they take:
        "cough medications?" is not answered with a penicillin allergy)."""
        return [path for path in self._present if not path.startswith(("history.family_history", "history.allergies"))
                and not self._own_present(path)
                and any(self.matcher.categories.covers(query, t) or self.matcher.lexical_score(query, t)
                        for t in field_texts(self.case, path))]

    def _touched(self, query: str) -> tuple[frozenset[str], frozenset[str], list[tuple[str, str, frozenset[str], frozenset[str]]]]:
        """The word roots of ``query`` (as asked and in lay words), its body regions, and the
        record texts (``(path, text, roots, regions)``) that touch it (:meth:`_touches`) and do
        not lie elsewhere than it places itself."""
        asked = word_roots(query) | word_roots(self._lay(query))
        wanted = body_regions(query)
        touched = [entry for entry in self._record_texts
                   if (not wanted or not entry[3] or wanted & entry[3]) and self._touches(query, asked, entry[1], entry[2])]
        return asked, wanted, touched

    def _covering_denials(self, query: str, touched: Sequence[tuple[str, str, frozenset[str], frozenset[str]]]) -> list[str]:
        """The paths of the patient's recorded denials of a symptom or body change, among the
        ``touched`` texts, that cover ``query``: the denied text holds every word of the query
        besides weak and measurement words, as written, not only a word of its group ("urine?"
        and "no change in urine colour"; not "fevers?" and "no hot flushes"), or the matcher
        relates the two as :meth:`_denial_covers` asks. That denial answers the query, with its
        record path, instead of "not sure"."""
        wanted = [content_words(q) - WEAK_WORDS - MEASURE_WORDS for q in (query, self._lay(query))]
        return list(dict.fromkeys(
            path for path, text, _, _ in touched
            if self._own_denied(path) and (any(w and w <= content_words(text) | content_words(self._lay(text)) for w in wanted)
                                           or self._denial_covers(query, [text], self.matcher.score(query, text)))))

    def _own_denied(self, path: str) -> bool:
        """Whether ``path`` is a recorded denial of a symptom or physical change of the
        patient's own, with a name (not a blanket denial of the field)."""
        own = path.startswith("symptoms[") or path.startswith("history.physical_changes[")
        if not own or "]." in path:
            return False
        item = resolve(self.case, path)
        return item.status is Status.denied and not (isinstance(item, Fact) and _blanket_denial(item))

    def _only_found(self, query: str) -> bool:
        """Whether ``query`` names something of the patient's body a person would notice (a
        symptom, not a measurement or a possible diagnosis: :func:`deniable`,
        :func:`about_body`) that only examination findings or test results of the record may
        amount to: the patient has not reported it, so "not that I've noticed myself", never
        "not sure" and never a flat "No"."""
        if not deniable(query) or not about_body(query):
            return False
        asked, _, touched = self._touched(query)
        paths = {path for path, text, roots, _ in touched if self._may_be(query, asked, path, text, roots)}
        return bool(paths) and all(path.startswith("examinations[") for path in paths)

    def _not_sure(self, intent: str, queries: Sequence[str]) -> list[Statement]:
        """What the patient says about the doctor's items that no fact answers and that they
        do not deny, by what touched each: the patient's own present facts that hold it, said
        with the honest link (:meth:`_holders`; "Well, 8 cigarettes a day, if that's what you
        mean." to "tobacco smoke?"; of an item of the body, only a condition the patient was
        told of: "Well, I've had rheumatoid arthritis, if that's what you mean." to "joint
        pain?"), never to a question about the relatives; an item of the body
        (asked as a symptom or change, or described: ``intent`` "common") that only
        examination findings touch, "not that I've noticed myself" (:meth:`_only_found`,
        variant ``unnoticed``); else "not sure" (:meth:`_unsure`: a measurement, a possible
        diagnosis, a relative's detail)."""
        body = intent in _OWN_BODY or intent == "common"
        holders = {q: [p for p in self._holders(q) if not body or p.startswith("history.past_diagnoses[")]
                   if intent != "ask_family_history" else [] for q in queries}
        held = list(dict.fromkeys(p for q in queries for p in holders[q]))[: self.max_facts]
        unnoticed = [q for q in queries if body and not holders[q] and self._only_found(q)]
        rest = [q for q in queries if not holders[q] and q not in unnoticed]
        statements = with_asked(self._maybe(intent if intent in _OWN_BODY else "common", held), self.echoed([q for q in queries if holders[q]]))
        asked = self.echoed(unnoticed) if unnoticed else None
        if asked is not None:
            statements.append(Statement("common", "unnoticed", "not_recorded", {"asked": asked}))
        elif unnoticed:
            rest += unnoticed
        if rest or not statements:
            statements.append(self._unsure(intent, rest))
        return statements

    def _present_paths(self) -> list[str]:
        """The paths of the record's present facts: symptoms, every list field and the
        single facts (occupation, tobacco, alcohol, drugs)."""
        found = []
        for field in ("symptoms[*]", *(r.fields[0] for r in INTENT_RULES.values() if r.kind == "list")):
            base = _list_path(field)
            found += [f"{base}[{i}]" for i, item in enumerate(resolve(self.case, base))
                      if item.status is Status.present and not (isinstance(item, Fact) and _blanket_denial(item))]
        for rule in INTENT_RULES.values():
            fact = resolve_optional(self.case, rule.fields[0]) if rule.kind == "single" else None
            if fact is not None and fact.status is Status.present:
                found.append(rule.fields[0])
        return found

    def _unmatched(self, queries: Sequence[str]) -> tuple[list[str], list[str], list[str], list[str]]:
        """The doctor's named symptoms or changes that no fact answers, sorted four ways.

        * *kin*: the patient's present symptoms and changes that touch a query in the same
          place by more than a weak word ("discomfort?" with abdominal pain recorded), said
          instead (up to k);
        * *maybe*: the patient's present symptoms and changes that may amount to a query
          they are not the same thing as (:meth:`_may_be`) by a shared word or word group,
          where the query places it (:func:`same_place`: "leg swelling?" with leg ulcers),
          said with an honest link ("if that's what you mean"), for a query about the body
          (:func:`about_body`), up to k;
        * *unsure*: queries a patient may really not know (a measurement, a possible
          diagnosis, :func:`deniable`) or that touch some other record text (a denied
          symptom, a finding, a history item, the opening statement), unless a recorded
          denial of the patient's body covers them (:meth:`_covering_denials`: that denial
          is said, as *kin*); :meth:`_not_sure` words them by what touched them;
        * *absent*: the symptoms the record says nothing of at all, in any field: the
          patient does not have them (``absent_unrecorded`` statements).
        """
        kin: list[str] = []
        maybe: list[str] = []
        unsure: list[str] = []
        absent: list[str] = []
        for query in queries:
            asked, wanted, touched = self._touched(query)
            heads = {head_word(query), head_word(self._lay(query))} - {None}
            paths = list(dict.fromkeys(path for path, _, _, _ in touched))
            own = [path for path in paths if self._own_present(path) and self._same_thing(path, heads, query)]
            # (path, lies where the query places it, shares the thing it names: its head word or
            # that word's group, or a body attribute ("sleep pattern?" may be the poor sleep);
            # "racing heartbeat?" is not the racing thoughts, "pain in your abdomen?" not the
            # excess hair on the abdomen)
            named = heads | (asked & ATTRIBUTE_WORDS)
            amounts = [(path, same_place(asked - heads, roots, wanted & regions), bool(named & roots))
                       for path, text, roots, regions in touched if self._may_be(query, asked, path, text, roots)]
            said = [path for path, placed_there, shares in amounts if placed_there and shares and self._own_present(path)]
            kindred = self._kindred(query)
            if own:
                kin += own
            elif about_body(query) and (said or kindred):
                maybe += said or kindred
            elif not deniable(query) or amounts or kindred:
                # a recorded denial that covers it answers it; touched by nothing else, it is absent
                denials = self._covering_denials(query, touched)
                kin += denials
                unsure += [] if denials else [query]
            else:
                absent.append(query)
        kin = list(dict.fromkeys(kin))[: self.max_facts]
        maybe = [p for p in dict.fromkeys(maybe) if p not in kin][: self.max_facts]
        return kin, maybe, unsure, absent

    def _kindred(self, query: str) -> list[str]:
        """The patient's present symptoms and body changes whose names share a word of
        ``query`` up to its derivational ending (:func:`word_stem`: "irritable mood?" and a
        recorded irritability, "itchy?" and itching): the same thing in other words, never
        absent. A body part shared is no such word ("abdominal swelling?" is not the
        abdominal pain), and the fact lies where the query places it ("knee pain?" is not the
        abdominal pain)."""
        found = []
        for path in self._present:
            texts = self._candidate_texts(path) if self._own_present(path) else ()
            if any(other_forms(query, t) for t in texts) and place_fits(query, texts):
                found.append(path)
        return found

    def _present_in(self, fields: Sequence[str]) -> list[str]:
        """The paths of the present facts (read once, :meth:`_present_paths`) of the history or
        social list ``fields`` ("history.current_treatment[*]"); other fields ("symptoms[*]")
        are left out."""
        bases = tuple(f"{base}[" for base in map(_list_path, fields) if "." in base)
        return [path for path in self._present if path.startswith(bases)]

    def _linked(self, queries: Sequence[str], *, within: str = "") -> tuple[list[str], list[str], list[str]]:
        """The doctor's unmatched items sorted by :meth:`_unmatched`, one by one: the
        patient's present symptoms or changes that are the same thing as one (*kin*), those
        that may amount to one (*maybe*, said with the honest link), and the queries
        neither answers (left to be denied, recalled or "not sure"). With ``within`` (a path
        prefix, "symptoms["), only facts under it answer a query: a query that only a body
        change may amount to is left to the rest, so that it is still answered."""
        kin: list[str] = []
        maybe: list[str] = []
        rest: list[str] = []
        for query in queries:
            same, may, _, _ = self._unmatched([query])
            same, may = [p for p in same if p.startswith(within)], [p for p in may if p.startswith(within)]
            kin += same
            maybe += may
            if not same and not may:
                rest.append(query)
        kin = list(dict.fromkeys(kin))[: self.max_facts]
        return kin, [p for p in dict.fromkeys(maybe) if p not in kin][: self.max_facts], rest

    def _may_be(self, query: str, asked: frozenset[str], path: str, text: str, roots: frozenset[str]) -> bool:
        """Whether record ``text`` (of the fact at ``path``), which touches ``query``, may amount
        to the patient having it: a present fact of the patient's own (not a denial, not a
        relative's condition, not a measurement or test) that shares more than a weak word
        with the query, or that the matcher relates to it by its lexical steps or categories.
        A query touched only by other texts is one the patient does not have."""
        if not self._present_fact(path) or set(normalise(text).split()) & MEASURE_WORDS:
            return False
        categories = self.matcher.categories
        return (bool((asked - WEAK_WORDS) & roots) or bool(self.matcher.lexical_score(query, text))
                or categories.covers(query, text) or categories.related(query, text))

    def _present_fact(self, path: str) -> bool:
        """Whether ``path`` holds something the patient has or says: the opening statement, or
        a present fact of the patient's own (a relative's condition and a denial are not)."""
        if path == "opening_statement":
            return True
        if path.startswith("history.family_history"):
            return False
        item = resolve(self.case, path)
        present = getattr(item, "status", Status.present) is Status.present
        return present and not (isinstance(item, Fact) and _blanket_denial(item))

    def _same_thing(self, path: str, heads: set[str], query: str) -> bool:
        """Whether the patient's symptom or change at ``path`` is the kind of thing the query
        names (its name ends in the same word or word group, "discomfort" and "belly pain")
        where the query places it (its name or recorded position)."""
        texts = self._candidate_texts(path)
        named = {h for t in texts[:1] for h in (head_word(t), head_word(self._lay(t))) if h}
        return bool(named & heads) and place_fits(query, texts)

    def _candidate_texts(self, path: str) -> tuple[str, ...]:
        """The name of the symptom or fact at ``path`` and, for a symptom, its name as placed."""
        base = path.rsplit("[", 1)[0]
        return next((texts for p, texts in self._candidates(f"{base}[*]") if p == path), ())

    def _touches(self, query: str, asked: frozenset[str], text: str, roots: frozenset[str]) -> bool:
        """Whether record ``text`` (word ``roots``) touches ``query`` (roots ``asked``): a shared
        word (or word group), or a match of the matcher (a category the query names included).
        The caller has checked that the two do not lie in different places."""
        return bool(asked & roots) or bool(self.matcher.score(query, text))

    def _own_present(self, path: str) -> bool:
        """Whether ``path`` is a present symptom or physical change of the patient."""
        own = path.startswith("symptoms[") or path.startswith("history.physical_changes[")
        return own and resolve(self.case, path).status is Status.present

    def _absent(self, section: str, queries: Sequence[str]) -> list[Statement]:
        """The soft denial of symptoms no record fact touches, naming them ("No, I haven't
        noticed any rash."; an attribute as unchanged, "No change in my appetite"): outcome
        denied, variant ``absent_unrecorded``, no record path (an unrecorded symptom assumed
        absent). Nothing the patient can repeat is named: "not sure" about the topic."""
        unchanged = [q for q in queries if content_words(q) <= ATTRIBUTE_WORDS and not COMPLAINT_WORDS.search(q)]
        return self._named_denials(section, (("absent_unrecorded", [q for q in queries if q not in unchanged]),
                                             ("absent_unrecorded_unchanged", unchanged)))

    def _maybe(self, section: str, paths: Sequence[str]) -> list[Statement]:
        """The patient's present symptoms that may amount to what the doctor asked, said with
        an honest link ("Well, I've had sores on my legs, if that's what you mean."): variant
        ``present_maybe``, the facts' paths as provenance; nothing when ``paths`` is empty."""
        if not paths:
            return []
        return [Statement(section, "present_maybe", "present", {"items": self._items(paths)}, items=len(paths))]

    def _on_topic(self, paths: Sequence[str]) -> list[str]:
        """Of the facts ``paths`` that answer a question naming no item, those that share a
        word group (:data:`WORD_GROUPS`) with the turn's words ("been pregnant?" -> the
        children, not the menopause); all of them when none does."""
        kept = [p for p in paths if self._turn_groups & word_roots(" ".join(field_texts(self.case, p)))]
        return kept or list(paths)

    def _by_status(self, paths: Sequence[str]) -> tuple[list[str], list[str]]:
        """``paths`` split into the present and the denied facts (or symptoms)."""
        statuses = [resolve(self.case, p).status for p in paths]
        return ([p for p, s in zip(paths, statuses) if s is Status.present],
                [p for p, s in zip(paths, statuses) if s is Status.denied])

    def _yes_and_no(self, intent: str, hits: Sequence[str]) -> list[Statement]:
        """One statement for the present facts among ``hits`` and one for the denied ones."""
        said_yes, said_no = self._by_status(hits)
        statements = []
        if said_yes:
            statements.append(Statement(intent, "present", "present", {"items": self._items(said_yes)},
                                        items=len(said_yes)))
        if said_no:
            statements.append(Statement(intent, "denied", "denied", {"items": self._items(said_no, articles=False)}, items=len(said_no)))
        return statements

    def _extras(self, intent: str, paths: Sequence[str], hits: Sequence[str], state: DialogueState, room: int) -> list[Statement]:
        """What a volunteering persona may add: the present ``paths`` neither asked about nor
        revealed yet, one statement each, at most ``room``."""
        return [
            Statement(intent, "present", "present", {"items": self._items([p])}, items=1)
            for p in paths
            if p not in hits and not state.is_revealed(p)
        ][: max(room, 0)]

    def _fresh_first(self, paths: Sequence[str], state: DialogueState) -> list[str]:
        """Up to k of ``paths``: the unrevealed ones first; when all were revealed, the first
        k again (which makes an already answered question a repeat)."""
        fresh = [p for p in paths if not state.is_revealed(p)]
        return (fresh or list(paths))[: self.max_facts]

    # -------------------------------------------------------------- handlers

    def _fact_list(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        fields = INTENT_RULES[intent].fields
        base = _list_path(fields[0])
        facts = resolve_list(self.case, base)
        # a bare figure names no item
        queries, catch_all = self._split_catch_alls([q for q in queries if without_numbers(q)], intent)
        if not facts:
            inapplicable = self._inapplicable(intent)
            return ([inapplicable] if inapplicable else self._elsewhere(intent, queries, fields[1:])), []
        paths = [f"{base}[{j}]" for j in range(len(facts))]
        named = [(p, f) for p, f in zip(paths, facts) if f.value and not _blanket_denial(f)]
        # a value saying "nothing" denies the field only when no other fact is present in it
        blanket = next((p for p, f in zip(paths, facts) if _blanket_denial(f)
                        and (not f.value or not any(g.status is Status.present for _, g in named))), None)
        present = [p for p, f in named if f.status is Status.present]
        if not queries:
            if present:
                chosen = self._fresh_first(self._on_topic(present), state)
                return [Statement(intent, "present", "present", {"items": self._items(chosen)}, items=len(chosen))], []
            # "No, I'm not on any medication." is never said beside a treatment recorded in the
            # intent's other fields (a drug the GP started for this illness)
            elsewhere = self._present_in(fields[1:])
            if elsewhere:
                chosen = self._fresh_first(elsewhere, state)[: self.max_facts]
                return [Statement(intent, "present", "present", {"items": self._items(chosen)}, items=len(chosen))], []
            if blanket:
                return [Statement(intent, "denied_all", "denied", paths=(blanket,), items=1)], []
            denied = [p for p, _ in named][: self.max_facts]
            return [Statement(intent, "denied", "denied", {"items": self._items(denied, articles=False)}, items=len(denied))], []

        hits, misses = self._match(queries, fields)
        topics = {} if blanket or intent not in _CLASS_ASKED else {m: class_topic(m) for m in misses}
        classes = {m: topic for m, topic in topics.items() if topic}
        misses = [m for m in misses if m not in classes]
        # "any respiratory infections?" with a cough now: that cough, with the honest link
        covered, misses = self._covered_symptoms(intent, misses)
        # the relatives' history is not contradicted by the patient's own facts
        unsure = [] if blanket or intent == "ask_family_history" else self._held_elsewhere(misses)
        absent = [] if blanket else [m for m in misses if m not in unsure]
        linked: list[str] = []
        maybe: list[str] = []
        if intent in _OWN_BODY:
            # "sleep pattern?" with poor sleep recorded as a symptom: said, not "nothing comes to mind"
            linked, maybe, absent = self._linked(absent)
        if intent in PLACED_FIELD_WORDS:
            # "operations on your abdomen?" with an appendectomy: what may lie there, linked
            placed_there, absent = self._may_lie_there(absent, [p for p in present if p not in hits])
            maybe += placed_there
        maybe = list(dict.fromkeys([*maybe, *covered]))[: self.max_facts]
        statements = self._yes_and_no(intent, list(dict.fromkeys([*hits, *linked])))
        statements += self._maybe(intent, maybe)
        hits = list(dict.fromkeys([*hits, *linked, *maybe]))
        if classes:
            # "heart problems?" with none recorded: the class is denied by name
            topics = list(dict.fromkeys(classes.values()))
            statements.append(Statement(intent, "denied_class", "denied", {"asked": Fill(join_items(topics, "or"), items=tuple(topics))}))
        if blanket and len(hits) < len(queries):
            statements.append(Statement(intent, "denied_all", "denied", paths=(blanket,), items=1))
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
            statements.append(Statement(intent, variant, "present", {"items": self._items(kin)}, items=len(kin)))
            hits = [*hits, *kin]
        if unsure:
            statements += self._not_sure(intent, unsure)
        if catch_all:
            statements += self._remaining(intent, present, hits, state)
        room = self.max_facts - sum(s.items for s in statements)
        return statements, self._extras(intent, present, hits, state, room)

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
                t for t in field_texts(self.case, p)[:1] if t))) or regions & wanted)]
            found += there
            if not there:
                left.append(query)
        return list(dict.fromkeys(found))[: self.max_facts], left

    def _covered_symptoms(self, intent: str, queries: Sequence[str]) -> tuple[list[str], list[str]]:
        """For a past-illness question (:data:`_CLASS_ASKED`), the patient's past illnesses and
        present symptoms that are members of a category a query names ("respiratory
        infections" and a cough, ``templates/synonyms.yaml``), up to k, and the queries none is
        a member of: a category whose members the patient has is never denied nor left "not sure".
        Other intents: no symptoms, ``queries`` unchanged."""
        if intent not in _CLASS_ASKED:
            return [], list(queries)
        categories = self.matcher.categories
        symptoms = [*self._present_in(INTENT_RULES[intent].fields), *(p for p in self._present if p.startswith("symptoms["))]
        found = {q: [p for p in symptoms if any(categories.covers(q, t) for t in field_texts(self.case, p)[:1])]
                 for q in queries}
        paths = list(dict.fromkeys(p for q in queries for p in found[q]))[: self.max_facts]
        return paths, [q for q in queries if not found[q]]

    def _elsewhere(self, intent: str, queries: list[str], fields: Sequence[str]) -> list[Statement]:
        """The answer when the intent's own field holds nothing: the named items matched
        against the rule's other fields ("weight loss?" recorded as a symptom); about the
        rest, recall ("Pets? Nothing comes to mind.") where the intent asks about the
        patient's own life (:data:`_RECALLED`) and no present fact of the record names the
        item; about the patient's own body (:data:`_OWN_BODY`), as :meth:`_unmatched` sorts
        them; else "not sure" (and about the topic when nothing is named)."""
        if not queries:
            # "What medicines are you on?" with none listed but a treatment started for this
            # illness: that treatment, never "nothing comes to mind" beside it
            elsewhere = self._present_in(fields)[: self.max_facts]
            if elsewhere:
                return [Statement(intent, "present", "present", {"items": self._items(elsewhere)}, items=len(elsewhere))]
            return [self._unsure(intent, queries)]
        hits, misses = self._match(queries, fields) if fields else ([], list(queries))
        absent: list[str] = []
        recalled: list[str] = []
        maybe: list[str] = []
        if intent in _OWN_BODY:
            kin, maybe, unsure, absent = self._unmatched(misses)
            hits = list(dict.fromkeys([*hits, *kin]))
        else:
            maybe, misses = self._covered_symptoms(intent, misses)
            unsure = self._held_elsewhere(misses) if intent in _RECALLED else misses
            recalled = [m for m in misses if m not in unsure]
        statements = self._yes_and_no(intent, hits)
        statements += self._maybe(intent, maybe)
        statements += self._absent(intent, absent)
        if recalled:
            statements += self._not_recalled(intent, recalled)
        if unsure:
            statements += self._not_sure(intent, unsure)
        return statements

    def _kin(self, absent: Sequence[str], present: Sequence[str]) -> list[str]:
        """The present facts of ``present`` related to a denied item by a category of
        ``templates/synonyms.yaml`` (both members of it), up to k."""
        categories = self.matcher.categories
        return [p for p in present
                if any(categories.related(q, " ".join(field_texts(self.case, p))) for q in absent)][: self.max_facts]

    def _denied_asked(self, intent: str, absent: Sequence[str]) -> list[Statement]:
        """Denials of the doctor's items the field does not hold: "no change in weight" for
        what a physical-change question names as an attribute, "no hair loss" for a change."""
        unchanged = [q for q in absent if intent == "ask_physical_change" and content_words(q) <= ATTRIBUTE_WORDS]
        events = self._events(intent, absent)
        changes = [q for q in absent if q not in unchanged and q not in events]
        return [*self._named_denials(intent, (("denied_asked", changes), ("denied_unchanged", unchanged))),
                *self._event_denials(intent, events)]

    def _events(self, intent: str, queries: Sequence[str]) -> list[str]:
        """The queries of a past-illness question that name an event of birth or pregnancy
        ("premature birth", ``templates/applies.yaml``): not illnesses to deny having had."""
        return [q for q in queries if intent == "ask_past_diagnosis" and self.applicability.event(q)]

    def _event_denials(self, intent: str, events: Sequence[str]) -> list[Statement]:
        """"No, nothing like that, as far as I know." for unrecorded birth or pregnancy events
        (:meth:`_events`), never framed as an illness; nothing without events."""
        return [Statement(intent, "denied_event", "denied")] if events else []

    def _named_denials(self, section: str, groups: Sequence[tuple[str, Sequence[str]]]) -> list[Statement]:
        """One denial statement of each ``(variant, items)`` group that holds items, naming the
        doctor's items; a group whose words name no item the patient can repeat gets "not
        sure" about the topic, never a bare "No"."""
        statements = []
        for variant, group in groups:
            asked = self.echoed(group) if group else None
            if asked is not None:
                statements.append(Statement(section, variant, "denied", {"asked": asked}))
            elif group:
                statements.append(self._unsure(section, []))
        return statements

    def _inapplicable(self, intent: str) -> Statement | None:
        """The statement that an unrecorded topic does not apply to the patient, from the
        demographics: periods and pregnancies to a man or a child under :data:`_CHILD_AGE`
        (the reproductive intent's own "not_applicable"), a sex life, smoking, drinking or
        drugs to a child (a common "too_young", said once when several are asked together);
        ``None`` when it may apply."""
        age, sex = self.case.demographics.age_years, self.case.demographics.sex
        child = age is not None and age < _CHILD_AGE
        if intent == "ask_reproductive_history" and (sex == "male" or child):
            return Statement("ask_reproductive_history", "not_applicable", "not_recorded")
        if intent in _ADULT_HABITS and child:
            return Statement("common", "too_young", "not_recorded")
        return None

    def _inapplicable_items(self, intent: str, queries: Sequence[str]) -> list[str]:
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
        age, sex = self.case.demographics.age_years, self.case.demographics.sex
        rules = self.applicability
        return [*rules.other_sex(text, sex), *(rules.adult_only(text) if age is not None and age < _CHILD_AGE else [])]

    def _in_record(self, words: Sequence[str]) -> bool:
        """Whether a record text names one of ``words`` (then the record answers the item)."""
        return any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", self._record_words, re.IGNORECASE) for w in words)

    def _not_applicable(self, items: Sequence[str]) -> list[Statement]:
        """The answer to items that cannot apply to the patient (:meth:`_inapplicable_items`):
        "I'm a man, so no." from the recorded sex when one is of the other sex, else (an adult's
        thing asked of a child) the common "too young"; nothing without items."""
        if not items:
            return []
        if any(self.applicability.other_sex(q, self.case.demographics.sex) for q in items):
            spoken = Fill(field_texts(self.case, "demographics.sex")[-1], ("demographics.sex",))
            return [Statement("common", "not_for_sex", "not_recorded", {"sex": spoken})]
        return [Statement("common", "too_young", "not_recorded")]

    def _not_recalled(self, intent: str, absent: Sequence[str]) -> list[Statement]:
        """What the patient says about the doctor's items that a field holding other facts
        does not mention: "Pets? Nothing comes to mind." (no denial of a fact the record
        does not hold, no "not sure" about the patient's own life)."""
        events = self._events(intent, absent)
        absent = [q for q in absent if q not in events]
        asked = self.echoed(absent) if intent != "ask_past_diagnosis" else None
        recalled = [Statement("common", "not_recalled", "not_recorded", {"asked": asked}) if asked
                    else self._unsure(intent, [])] if absent else []
        return [*recalled, *self._event_denials(intent, events)]

    def _unsure(self, intent: str, queries: Sequence[str]) -> Statement:
        """A "not sure" about the doctor's items (named back to them), or about the topic.
        The doctor's guess at the patient's own conditions is never repeated (it may be the
        diagnosis): a past-diagnosis "not sure" names the topic."""
        asked = self.echoed(queries) if queries and intent != "ask_past_diagnosis" else None
        return Statement(intent, "not_recorded", "not_recorded", {"asked": asked} if asked else {})

    def _remaining(self, intent: str, present: Sequence[str], hits: Sequence[str], state: DialogueState) -> list[Statement]:
        """The answer to a catch-all next to named items ("... or any other conditions?"): the
        present facts not named, unrevealed first, up to k."""
        rest = self._fresh_first([p for p in present if p not in hits], state)
        if not rest:
            return []
        return [Statement(intent, "present", "present", {"items": self._items(rest)}, items=len(rest), named=False)]

    def _single_fact(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        path = INTENT_RULES[intent].fields[0]
        fact = resolve_optional(self.case, path)
        if fact is None:
            return [self._inapplicable(intent) or Statement(intent, "not_recorded", "not_recorded")], []
        if fact.status is Status.present:
            return [Statement(intent, "present", "present", {"items": self._phrase(path)}, items=1)], []
        if fact.detail:
            detail = Fill(self._lay(field_texts(self.case, path)[-1]), (path,))
            return [Statement(intent, "denied", "denied", {"items": detail}, items=1)], []
        return [Statement(intent, "denied_all", "denied", paths=(path,), items=1)], []

    def _demographic(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """Age or sex, in the placeholder named by the rule's kind ({age}, {sex}), as a person
        says it ("52 years old", "a man": the last of :func:`field_texts`)."""
        rule = INTENT_RULES[intent]
        path = rule.fields[0]
        if resolve_optional(self.case, path) is None:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        spoken = Fill(field_texts(self.case, path)[-1], (path,))
        return [Statement(intent, "present", "present", {rule.kind: spoken}, items=1)], []

    def _weight(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """One statement per recorded measurement (its variant is the field name, "weight" or
        "height"), then the recorded weight changes ("weight loss, about 9 kg in 3 months"):
        a patient who lost weight never says they cannot tell about their weight."""
        fields = INTENT_RULES[intent].fields
        statements = [
            Statement(intent, path.split(".")[-1], "present", {"items": self._phrase(path)}, items=1)
            for path in fields
            if not path.endswith("[*]") and resolve_optional(self.case, path)
        ]
        hits, _ = self._match(["weight"], [f for f in fields if f.endswith("[*]")])
        changes = self._by_status(hits)[0]
        if changes:
            statements.append(Statement(intent, "change", "present", {"items": self._items(changes)}, items=len(changes)))
        return statements or [Statement(intent, "not_recorded", "not_recorded")], []

    def _symptoms(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        present_symptoms = [f"symptoms[{i}]" for i, s in enumerate(self.case.symptoms) if s.status is Status.present]
        if not queries:
            fresh = [p for p in present_symptoms if not state.is_revealed(p)]
            key = question_key(intent, [])
            if not fresh and not state.was_answered(key):
                return [Statement(intent, "nothing_else", "denied")], []
            chosen = (fresh or present_symptoms)[: self.max_facts]
            return [Statement(intent, "present", "present", {"items": self._items(chosen)}, items=len(chosen))], []

        named, _ = self._split_catch_alls(queries)
        # "or any other symptoms?" asks for the rest; "or anything like that?" only about the named items
        catch_all = any(q not in named and set(normalise(q).split()) & _OTHER_SYMPTOMS for q in queries)
        queries = named
        if not queries:
            return self._symptoms(intent, [], state)
        hits, unknown = self._match(queries, INTENT_RULES[intent].fields)
        kin, maybe, unsure, absent = self._unmatched(unknown)
        hits = list(dict.fromkeys([*hits, *kin]))
        said_yes, said_no = self._by_status(hits)
        statements = []
        if said_yes:
            statements.append(Statement(intent, "present", "present", {"items": self._items(said_yes)},
                                        items=len(said_yes)))
        if said_no:
            names = Fill(join_items([self._lay(field_texts(self.case, p)[0]) for p in said_no]), tuple(said_no))
            statements.append(Statement(intent, "denied", "denied", {"items": names}, items=len(said_no)))
        statements += self._maybe(intent, [p for p in maybe if p not in hits])
        hits = list(dict.fromkeys([*hits, *maybe]))
        if catch_all:
            statements += self._remaining(intent, present_symptoms, hits, state)
        statements += self._absent(intent, absent)
        if unsure:
            statements += self._not_sure(intent, unsure)
        return statements, self._extras(intent, present_symptoms, hits, state, self.max_facts - len(hits))

    def _targets(self, queries: list[str], fields: Sequence[str] = ()) -> tuple[list[int], list[Statement]]:
        """Symptom indices a descriptor question is about, and statements for named
        symptoms that are denied ("I don't actually have any X") or unknown ("not sure").
        With no named symptom (for a factors question, or none the patient has in a turn that
        also asks which symptoms the patient has): the present symptom of the system the turn names that holds
        one of the asked descriptor ``fields`` (:meth:`_of_turn_system`), else the chief one."""
        symptoms = self.case.symptoms
        if not queries:
            present = [i for i, s in enumerate(symptoms) if s.status is Status.present]
            if not present:
                return [], [Statement("common", "not_recorded", "not_recorded")]
            # the symptom of the system the turn names, when it holds what is asked
            system = [i for i in present if self._of_turn_system(i) and any(getattr(symptoms[i], f) for f in fields)]
            return [(system or present)[0]], []
        candidates = [(i, (s.name,)) for i, s in enumerate(symptoms)]
        queries = self._described(queries)
        targets: list[int] = []
        other: list[Statement] = []
        unknown: list[str] = []
        maybe: list[str] = []
        for query in queries:
            path = self._best(query, [(f"symptoms[{i}]", texts) for i, texts in candidates])
            hit = None if path is None else _symptom_index(path)
            if hit is None:
                unknown.append(query)
            elif symptoms[hit].status is Status.denied:
                other.append(self._symptom_absent(hit))
            elif hit not in targets:
                targets.append(hit)
        # "how long have you had the leg swelling?" with leg ulcers recorded and no symptom of
        # the question found: that symptom is described, with the honest link
        linked, maybe, unknown = self._linked(unknown, within="symptoms[") if not targets else ([], [], unknown)
        linked_symptoms = [*linked, *maybe]
        # a recorded denial that covers a named symptom is said, not described
        present, denied = self._by_status(linked_symptoms)
        targets += [i for i in map(_symptom_index, present) if i not in targets]
        other += [self._symptom_absent(_symptom_index(p)) for p in denied]
        other += self._maybe("ask_symptom", [p for p in maybe if p in linked_symptoms])
        _, _, _, absent = self._unmatched(unknown)
        unsure = [q for q in unknown if q not in absent]
        # "how long have you had the rash?" with no rash recorded: "I haven't actually had any rash."
        other += self._absent("common", absent)
        if unsure:
            other += self._not_sure("common", unsure)
        if not targets and self._turn_asks_symptoms and any(f.endswith("_factors") for f in fields):
            # "Any fever? Anything that makes it worse?": the named symptoms the patient lacks
            # answer the symptom question; the factors are those of the symptom the patient has,
            # when recorded (a "haven't paid attention to what affects ..." about a symptom the
            # doctor did not name reads as an answer to a question not asked)
            fallback, _ = self._targets([], fields)
            symptoms = self.case.symptoms
            targets = [i for i in fallback if any(getattr(symptoms[i], f) for f in fields)]
        return targets, other

    def _described(self, queries: list[str]) -> list[str]:
        """The named items a descriptor or factors question is about. In a turn that also asks
        which symptoms the patient has ("Tell me about the night sweats: are they severe? Any
        other symptoms, such as fatigue or fever?"), the slot values of that question come with
        it, after the item described: the description is of the first item named, never of
        a symptom of the list (the fever's degree) nor of one linked in other words to an item
        of the list; the symptom question answers those items itself."""
        return queries[:1] if self._turn_asks_symptoms else queries

    def _symptom_absent(self, index: int) -> Statement:
        """"I don't actually have any X" of the recorded denied symptom at ``index``."""
        fill = Fill(self._lay(self.case.symptoms[index].name), (f"symptoms[{index}]",))
        return Statement("common", "symptom_absent", "denied", {"symptom": fill}, items=1)

    def _of_turn_system(self, index: int) -> bool:
        """Whether the symptom at ``index`` belongs to the body system or place the turn's words
        name (a word group, "bowel habits" and diarrhoea; a body region, "your tummy" and
        abdominal pain): a descriptor question that names no symptom is about that one, not
        the chief complaint."""
        texts = self._candidate_texts(f"symptoms[{index}]")
        roots = frozenset(r for t in texts for r in word_roots(t) | word_roots(self._lay(t)))
        regions = frozenset(r for t in texts for r in body_regions(t))
        return bool(self._turn_groups & roots or self._turn_regions & regions)

    def _symptom_fill(self, index: int) -> Fill:
        return Fill(self._lay(self.case.symptoms[index].name), (f"symptoms[{index}]",))

    def _descriptor(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        targets, statements = self._targets(queries, INTENT_RULES[intent].symptom_fields)
        extras: list[Statement] = []
        for index in targets[: self.max_facts]:
            symptom = self.case.symptoms[index]
            paths = [f"symptoms[{index}].{name}" for name in INTENT_RULES[intent].symptom_fields if getattr(symptom, name)]
            fills = {"symptom": self._symptom_fill(index)}
            fallback = _DESCRIPTOR_FALLBACK.get(intent)
            if not paths and fallback and getattr(symptom, fallback):
                # "recent, or for a long time?" with no onset recorded: how long it has lasted
                path = f"symptoms[{index}].{fallback}"
                value = Fill(self._lay(field_texts(self.case, path)[0]), (path,))
                statements.append(Statement(_DESCRIPTOR_INTENT[fallback], "present", "present",
                                            {**fills, "value": value}, items=1))
                continue
            if not paths:
                statements.append(Statement(intent, "not_recorded", "not_recorded", fills))
                continue
            for variant, group in _descriptor_groups(paths):
                value = Fill(join_items([self._lay(field_texts(self.case, p)[0]) for p in group]), tuple(group))
                statements.append(Statement(intent, variant, "present", {**fills, "value": value}, items=1))
        room = self.max_facts - sum(s.items for s in statements)
        if targets and room > 0:
            extras = self._other_descriptors(targets[0], exclude=intent, state=state)[:room]
        return statements, extras

    def _other_descriptors(self, index: int, *, exclude: str, state: DialogueState) -> list[Statement]:
        symptom = self.case.symptoms[index]
        found = []
        for name in SYMPTOM_DESCRIPTORS:
            other = _DESCRIPTOR_INTENT[name]
            path = f"symptoms[{index}].{name}"
            if other == exclude or not getattr(symptom, name) or state.is_revealed(path):
                continue
            value = Fill(self._lay(field_texts(self.case, path)[0]), (path,))
            found.append(Statement(other, _descriptor_variant(name), "present",
                                   {"symptom": self._symptom_fill(index), "value": value}, items=1))
        return found

    def _factors(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        targets, statements = self._targets(queries, INTENT_RULES[intent].symptom_fields)
        budget = self.max_facts
        for index in targets:
            symptom = self.case.symptoms[index]
            fills = {"symptom": self._symptom_fill(index)}
            said = False
            for name in INTENT_RULES[intent].symptom_fields:
                paths = [f"symptoms[{index}].{name}[{j}]" for j in range(len(getattr(symptom, name)))][:budget]
                budget -= len(paths)
                said = said or bool(paths)
                clauses = [p for p in paths if _starts_clause(self._phrase(p).text)]
                for variant, group in ((_FACTOR_VARIANTS[name], [p for p in paths if p not in clauses]),
                                       (f"{_FACTOR_VARIANTS[name]}_when", clauses)):
                    if group:
                        statements.append(Statement(intent, variant, "present", {**fills, "items": self._items(group)}, items=len(group)))
            if not said:
                statements.append(Statement(intent, "not_recorded", "not_recorded", fills))
            if budget <= 0:
                break
        return statements, []

    def _tests_done(self, paths: Sequence[str]) -> list[Statement]:
        """The answer to tests asked about in general or by kind ("any blood tests?"): the
        results the patient was told before this visit (``known_to_patient``) with their
        values, this visit's tests named only; a result of this visit (a value, a finding in
        a doctor's words) is said only for a test the doctor names."""
        told = [p for p in paths if resolve(self.case, p).known_to_patient]
        done = [p for p in paths if p not in told]
        statements = []
        if told:
            statements.append(Statement("ask_medical_examination", "told", "present", {"items": self._items(told)},
                                        items=len(told)))
        if done:
            names = dict.fromkeys(self._lay(field_texts(self.case, p)[0]) for p in done)  # a test done twice is named once
            statements.append(Statement("ask_medical_examination", "done", "present",
                                        {"items": Fill(join_items(list(names)), tuple(done))}, items=len(done)))
        return statements

    def _exams(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        exams = self.case.examinations
        if not exams:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        paths = [f"examinations[{j}]" for j in range(len(exams))]
        if not queries:
            return self._tests_done(self._fresh_first(paths, state)), []
        candidates = self._candidates(INTENT_RULES[intent].fields[0])
        hits: list[str] = []
        kinds: list[str] = []
        missing: list[str] = []
        for query in queries:
            category = _EXAM_CATEGORY_KEYS.get(normalise(query))
            if category is not None:
                found = [p for p, e in zip(paths, exams) if e.category == category]
                kinds.extend(found)
            else:
                hit = self.matcher.best(query, candidates)
                found = [hit] if hit is not None else []
                hits.extend(found)
            if not found:
                missing.append(query)
        hits = list(dict.fromkeys(hits))[: self.max_facts]
        kinds = [p for p in dict.fromkeys(kinds) if p not in hits][: max(self.max_facts - len(hits), 0)]
        statements = []
        if hits:
            statements.append(Statement(intent, "named", "present", {"items": self._items(hits)}, items=len(hits)))
        if kinds:
            statements += self._tests_done(kinds)
        if missing:
            # the test not found is named back ("Blood pressure? I don't think I've had that done.")
            asked = self.echoed(missing)
            statements.append(Statement(intent, "not_found", "not_recorded", {"asked": asked} if asked else {}))
        return statements, []

