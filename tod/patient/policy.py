"""Record lookup policy: which record facts answer the doctor's questions.

For each asked intent the policy reads the fields of :data:`INTENT_FIELDS` and decides
what to say as :class:`Statement` objects: an *outcome* (present, denied, not recorded),
a template *variant*, and *fills* holding record text (already lay-mapped) with the field
paths it came from. It never chooses words: that is the NLG's job.

Rules (k = ``max_facts``, facts stated per asked intent, default 3):

* Named items (slot values) are matched to record values with a :class:`Matcher`. A match
  answers with that fact (present, or its recorded denial). No match: a *denial* when the
  field is recorded (a blanket denial, or other items: "No heart problems in the family");
  "not sure" when the field is empty. Named symptoms that match nothing are "not sure"
  (the record lists the symptoms it knows about, it does not deny others).
* Generic questions give the present facts not yet revealed, up to k; when every present
  fact was already revealed, the same facts again (the NLG turns that into "As I said");
  with no present fact, the recorded denial; with nothing recorded, "not sure".
* Descriptor intents (duration, onset, degree, position, shape, color, smell, factors)
  answer for each named symptom, else for the chief symptom (the first present one).
* *Extras* are related facts not yet revealed, offered for a persona that volunteers:
  the other items of the asked field (diabetes when asked about heart disease), other
  descriptors of the described symptom, other present symptoms. Extras never push an
  intent past k facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Literal, Mapping, Sequence

from tod.nlu.types import TurnParse
from tod.patient.facts import field_texts, resolve
from tod.patient.figures import without_numbers
from tod.patient.lexicon import LayLexicon
from tod.patient.matching import Matcher, normalise
from tod.patient.state import DialogueState, QuestionKey, question_key
from tod.records.model import SYMPTOM_DESCRIPTORS, CaseFacts, Fact, Status
from tod.schema.labels import INTENT_SLOT

Outcome = Literal["present", "denied", "not_recorded"]

#: The record fields each intent reads ("[*]" stands for every index).
INTENT_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "ask_symptom": ("symptoms[*]", "history.physical_changes[*]"),
        "ask_symptom_duration": ("symptoms[*]", "symptoms[*].duration"),
        "ask_symptom_description_time": ("symptoms[*]", "symptoms[*].onset"),
        "ask_symptom_description_degree": ("symptoms[*]", "symptoms[*].degree"),
        "ask_symptom_description_position": ("symptoms[*]", "symptoms[*].position"),
        "ask_symptom_description_shape": ("symptoms[*]", "symptoms[*].shape", "symptoms[*].texture"),
        "ask_symptom_description_color": ("symptoms[*]", "symptoms[*].color"),
        "ask_symptom_description_smell": ("symptoms[*]", "symptoms[*].smell"),
        "ask_symptom_factors": (
            "symptoms[*]",
            "symptoms[*].aggravating_factors[*]",
            "symptoms[*].relieving_factors[*]",
        ),
        "ask_coitus": ("social.sexual_history[*]",),
        "ask_tobacco": ("social.tobacco",),
        "ask_alcohol": ("social.alcohol",),
        "ask_drug": ("social.drug_use",),
        "ask_receiving_treatment": ("history.current_treatment[*]",),
        "ask_age": ("demographics.age_years",),
        "ask_weight": ("demographics.weight", "demographics.height"),
        "ask_gender": ("demographics.sex",),
        "ask_medical_examination": ("examinations[*]",),
        "ask_living_habit": ("social.living_habits[*]",),
        "ask_past_medication": ("history.medications[*]",),
        "ask_past_diagnosis": ("history.past_diagnoses[*]",),
        "ask_physical_change": ("history.physical_changes[*]", "symptoms[*]"),
        "ask_trauma_surgery": ("history.trauma_surgery[*]",),
        "ask_preventive": ("history.vaccinations[*]",),
        "ask_allergic_history": ("history.allergies[*]",),
        "ask_contact_history": ("history.exposures[*]",),
        "ask_family_history": ("history.family_history[*]",),
        "ask_occupation": ("demographics.occupation",),
        "ask_reproductive_history": ("social.reproductive_history[*]",),
    }
)


#: When an intent's own slot is empty it borrows this slot, unless the slot's own intent
#: was asked too ("Does anyone in your family have diabetes?" tagged as past_diagnosis).
_BORROWED_SLOT: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "ask_family_history": ("past_diagnosis", "ask_past_diagnosis"),
        "ask_symptom": ("physical_change", "ask_physical_change"),
        "ask_physical_change": ("symptom", "ask_symptom"),
    }
)

#: Descriptor intent -> the symptom descriptor fields it asks about.
DESCRIPTOR_FIELDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "ask_symptom_duration": ("duration",),
        "ask_symptom_description_time": ("onset",),
        "ask_symptom_description_degree": ("degree",),
        "ask_symptom_description_position": ("position",),
        "ask_symptom_description_shape": ("shape", "texture"),
        "ask_symptom_description_color": ("color",),
        "ask_symptom_description_smell": ("smell",),
    }
)
_DESCRIPTOR_INTENT = {name: intent for intent, names in DESCRIPTOR_FIELDS.items() for name in names}

_LIST_FIELDS: Mapping[str, str] = MappingProxyType(
    {
        "ask_coitus": "social.sexual_history",
        "ask_reproductive_history": "social.reproductive_history",
        "ask_living_habit": "social.living_habits",
        "ask_receiving_treatment": "history.current_treatment",
        "ask_past_medication": "history.medications",
        "ask_past_diagnosis": "history.past_diagnoses",
        "ask_physical_change": "history.physical_changes",
        "ask_trauma_surgery": "history.trauma_surgery",
        "ask_preventive": "history.vaccinations",
        "ask_allergic_history": "history.allergies",
        "ask_contact_history": "history.exposures",
        "ask_family_history": "history.family_history",
    }
)
_SINGLE_FIELDS: Mapping[str, str] = MappingProxyType(
    {
        "ask_tobacco": "social.tobacco",
        "ask_alcohol": "social.alcohol",
        "ask_drug": "social.drug_use",
        "ask_occupation": "demographics.occupation",
    }
)

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


@dataclass(frozen=True)
class Fill:
    """Text for one template placeholder and the record paths it states (``()`` for the
    doctor's own words)."""

    text: str
    paths: tuple[str, ...] = ()


@dataclass(frozen=True)
class Statement:
    """One thing to say: template ``section``/``variant`` with ``fills``.

    ``paths`` are facts the statement states without a fill (a blanket denial such as
    "No, I don't smoke" states ``social.tobacco``). ``items`` counts the facts stated, for
    the per-intent limit.
    """

    section: str
    variant: str
    outcome: Outcome
    fills: Mapping[str, Fill] = field(default_factory=dict)
    paths: tuple[str, ...] = ()
    items: int = 0

    @property
    def all_paths(self) -> tuple[str, ...]:
        """Every record path behind the statement, fills included, in order, no duplicates."""
        found = list(self.paths)
        for fill in self.fills.values():
            found.extend(fill.paths)
        return tuple(dict.fromkeys(found))


@dataclass(frozen=True)
class IntentAnswer:
    """The policy's answer to one asked intent.

    ``repeated``: the question was answered before and this answer states nothing new.
    ``extras``: statements a volunteering persona may add (related, unrevealed facts).
    """

    intent: str
    key: QuestionKey
    statements: tuple[Statement, ...]
    extras: tuple[Statement, ...] = ()
    repeated: bool = False

    @property
    def paths(self) -> tuple[str, ...]:
        """The record paths behind the statements (extras excluded)."""
        return tuple(dict.fromkeys(p for s in self.statements for p in s.all_paths))


def join_items(texts: Sequence[str], conjunction: str = "and") -> str:
    """"a", "a and b", "a, b and c"."""
    texts = list(texts)
    if len(texts) <= 1:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} {conjunction} {texts[-1]}"


class RecordPolicy:
    """Maps (intent, slots) to record facts of one case; see the module docstring.

    Args:
        case: the patient's facts (never the reference answers).
        matcher: named-item matcher; the record's matchable texts are indexed here, once.
        lexicon: lay table applied to every record text put into a fill.
        max_facts: k, the most facts stated per asked intent (>= 1).
    """

    def __init__(self, case: CaseFacts, matcher: Matcher, lexicon: LayLexicon, *, max_facts: int = 3) -> None:
        if max_facts < 1:
            raise ValueError(f"max_facts must be at least 1, got {max_facts}")
        self.case = case
        self.matcher = matcher
        self.lexicon = lexicon
        self.max_facts = max_facts
        self._handlers: dict[str, Callable[[str, list[str], DialogueState], tuple[list[Statement], list[Statement]]]] = {
            "ask_symptom": self._symptoms,
            "ask_symptom_factors": self._factors,
            "ask_medical_examination": self._exams,
            "ask_age": self._age,
            "ask_gender": self._gender,
            "ask_weight": self._weight,
            **{intent: self._descriptor for intent in DESCRIPTOR_FIELDS},
            **{intent: self._fact_list for intent in _LIST_FIELDS},
            **{intent: self._single_fact for intent in _SINGLE_FIELDS},
        }
        missing = set(INTENT_FIELDS) - set(self._handlers)
        assert not missing, f"intents without a handler: {sorted(missing)}"
        matcher.index(self._matchable_texts())

    # ---------------------------------------------------------------- public

    def handles(self, intent: str) -> bool:
        """Whether ``intent`` is one of the schema intents the policy answers."""
        return intent in self._handlers

    def queries(self, intent: str, parse: TurnParse) -> list[str]:
        """The named items ``intent`` asks about in ``parse`` (its slot, or a borrowed one)."""
        slot = INTENT_SLOT.get(intent)
        values = list(parse.slots.get(slot, [])) if slot else []
        if not values and intent in _BORROWED_SLOT:
            other_slot, owner = _BORROWED_SLOT[intent]
            if owner not in parse.intents:
                values = list(parse.slots.get(other_slot, []))
        return [v for v in dict.fromkeys(v.strip() for v in values) if v]

    def answer(self, parse: TurnParse, state: DialogueState) -> list[IntentAnswer]:
        """One :class:`IntentAnswer` per distinct schema intent of ``parse``, in order.

        Intents outside the schema are skipped (the caller reports them). The state is read,
        never changed.
        """
        answers = []
        for intent in dict.fromkeys(parse.intents):
            handler = self._handlers.get(intent)
            if handler is None:
                continue
            queries = self.queries(intent, parse)
            statements, extras = handler(intent, queries, state)
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
        return answers

    # --------------------------------------------------------------- helpers

    def _matchable_texts(self) -> list[str]:
        case = self.case
        texts = [s.name for s in case.symptoms] + [e.name for e in case.examinations]
        for name in _LIST_FIELDS.values():
            texts += [f.value for f in resolve_list(case, name) if f.value]
        return texts

    def _lay(self, text: str) -> str:
        return self.lexicon.to_lay(text)

    def _phrase(self, path: str) -> Fill:
        """A fact as spoken: "value (detail)", "test: result", a symptom name, a descriptor."""
        texts = [self._lay(t) for t in field_texts(self.case, path)]
        if len(texts) == 1:
            return Fill(texts[0], (path,))
        joiner = ": " if path.startswith("examinations") else " ("
        closer = "" if joiner == ": " else ")"
        return Fill(f"{texts[0]}{joiner}{texts[1]}{closer}", (path,))

    def _items(self, paths: Sequence[str]) -> Fill:
        fills = [self._phrase(p) for p in paths]
        return Fill(join_items([f.text for f in fills]), tuple(paths))

    def _asked(self, queries: Sequence[str]) -> Fill:
        """The doctor's items as the patient repeats them: without their numbers (a figure the
        record does not hold is never spoken) and reworded only when a whole item is one
        lay-table term. Every query must keep some words without its numbers."""
        echoed = dict.fromkeys(without_numbers(q) for q in queries)
        return Fill(join_items([self.lexicon.whole_to_lay(e) for e in echoed], "or"))

    def _fresh_first(self, paths: Sequence[str], state: DialogueState) -> list[str]:
        """Up to k of ``paths``: the unrevealed ones first; when all were revealed, the first
        k again (which makes an already answered question a repeat)."""
        fresh = [p for p in paths if not state.is_revealed(p)]
        return (fresh or list(paths))[: self.max_facts]

    # -------------------------------------------------------------- handlers

    def _fact_list(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        base = _LIST_FIELDS[intent]
        facts = resolve_list(self.case, base)
        if not facts:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        paths = [f"{base}[{j}]" for j in range(len(facts))]
        blanket = next((p for p, f in zip(paths, facts) if f.status is Status.denied and not f.value), None)
        named = [(p, f) for p, f in zip(paths, facts) if f.value]
        present = [p for p, f in named if f.status is Status.present]
        queries = [q for q in queries if without_numbers(q)]  # a bare figure names no item
        if not queries:
            if present:
                chosen = self._fresh_first(present, state)
                return [Statement(intent, "present", "present", {"items": self._items(chosen)}, items=len(chosen))], []
            if blanket:
                return [Statement(intent, "denied_all", "denied", paths=(blanket,), items=1)], []
            denied = [p for p, _ in named][: self.max_facts]
            return [Statement(intent, "denied", "denied", {"items": self._items(denied)}, items=len(denied))], []

        hits: list[str] = []
        absent: list[str] = []
        candidates = [(p, (f.value or "",)) for p, f in named]
        if intent == "ask_physical_change":  # "Any weight loss?" may be recorded as a symptom
            candidates += self._symptom_candidates()
        for query in queries:
            hit = self.matcher.best(query, candidates)
            if hit is not None:
                hits.append(hit)
            elif blanket is None:
                absent.append(query)
        hits = list(dict.fromkeys(hits))[: self.max_facts]
        said_yes = [p for p in hits if self._status(p) is Status.present]
        said_no = [p for p in hits if self._status(p) is Status.denied]
        statements = []
        if said_yes:
            statements.append(Statement(intent, "present", "present", {"items": self._items(said_yes)}, items=len(said_yes)))
        if said_no:
            statements.append(Statement(intent, "denied", "denied", {"items": self._items(said_no)}, items=len(said_no)))
        if blanket and len(hits) < len(queries):
            statements.append(Statement(intent, "denied_all", "denied", paths=(blanket,), items=1))
        if absent:
            statements.append(Statement(intent, "denied_asked", "denied", {"asked": self._asked(absent)}))
        room = self.max_facts - sum(s.items for s in statements)
        extras = [
            Statement(intent, "present", "present", {"items": self._items([p])}, items=1)
            for p in present
            if p not in hits and not state.is_revealed(p)
        ][: max(room, 0)]
        return statements, extras

    def _single_fact(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        path = _SINGLE_FIELDS[intent]
        fact = resolve_optional(self.case, path)
        if fact is None:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        if fact.status is Status.present:
            return [Statement(intent, "present", "present", {"items": self._phrase(path)}, items=1)], []
        if fact.detail:
            detail = Fill(self._lay(field_texts(self.case, path)[-1]), (path,))
            return [Statement(intent, "denied", "denied", {"items": detail}, items=1)], []
        return [Statement(intent, "denied_all", "denied", paths=(path,), items=1)], []

    def _age(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        if self.case.demographics.age_years is None:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        path = "demographics.age_years"
        return [Statement(intent, "present", "present", {"age": Fill(field_texts(self.case, path)[0], (path,))}, items=1)], []

    def _gender(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        if self.case.demographics.sex is None:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        path = "demographics.sex"
        return [Statement(intent, "present", "present", {"sex": Fill(field_texts(self.case, path)[1], (path,))}, items=1)], []

    def _weight(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        statements = [
            Statement(intent, name, "present", {"items": self._phrase(f"demographics.{name}")}, items=1)
            for name in ("weight", "height")
            if getattr(self.case.demographics, name)
        ]
        return statements or [Statement(intent, "not_recorded", "not_recorded")], []

    def _symptom_candidates(self) -> list[tuple[str, tuple[str, ...]]]:
        return [(f"symptoms[{i}]", (s.name,)) for i, s in enumerate(self.case.symptoms)]

    def _status(self, path: str) -> Status:
        """The status of the symptom or fact at ``path``."""
        return resolve(self.case, path).status

    def _symptoms(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        present_symptoms = [f"symptoms[{i}]" for i, s in enumerate(self.case.symptoms) if s.status is Status.present]
        if not queries:
            fresh = [p for p in present_symptoms if not state.is_revealed(p)]
            key = question_key(intent, [])
            if not fresh and not state.was_answered(key):
                return [Statement(intent, "nothing_else", "denied")], []
            chosen = (fresh or present_symptoms)[: self.max_facts]
            return [Statement(intent, "present", "present", {"items": self._items(chosen)}, items=len(chosen))], []

        candidates = self._symptom_candidates() + [
            (f"history.physical_changes[{j}]", (f.value,))
            for j, f in enumerate(self.case.history.physical_changes)
            if f.value
        ]
        hits: list[str] = []
        unknown = False
        for query in queries:
            hit = self.matcher.best(query, candidates)
            if hit is None:
                unknown = True
            else:
                hits.append(hit)
        hits = list(dict.fromkeys(hits))[: self.max_facts]
        said_yes = [p for p in hits if self._status(p) is Status.present]
        said_no = [p for p in hits if self._status(p) is Status.denied]
        statements = []
        if said_yes:
            statements.append(Statement(intent, "present", "present", {"items": self._items(said_yes)}, items=len(said_yes)))
        if said_no:
            names = Fill(join_items([self._lay(resolve_name(self.case, p)) for p in said_no]), tuple(said_no))
            statements.append(Statement(intent, "denied", "denied", {"items": names}, items=len(said_no)))
        if unknown:
            statements.append(Statement(intent, "not_recorded", "not_recorded"))
        room = self.max_facts - len(hits)
        extras = [
            Statement(intent, "present", "present", {"items": self._items([p])}, items=1)
            for p in present_symptoms
            if p not in hits and not state.is_revealed(p)
        ][: max(room, 0)]
        return statements, extras

    def _targets(self, queries: list[str]) -> tuple[list[int], list[Statement]]:
        """Symptom indices a descriptor question is about, and statements for named
        symptoms that are denied ("I don't actually have any X") or unknown ("not sure")."""
        symptoms = self.case.symptoms
        if not queries:
            chief = next((i for i, s in enumerate(symptoms) if s.status is Status.present), None)
            if chief is None:
                return [], [Statement("common", "not_recorded", "not_recorded")]
            return [chief], []
        candidates = [(i, (s.name,)) for i, s in enumerate(symptoms)]
        targets: list[int] = []
        other: list[Statement] = []
        unknown = False
        for query in queries:
            hit = self.matcher.best(query, candidates)
            if hit is None:
                unknown = True
            elif symptoms[hit].status is Status.denied:
                fill = Fill(self._lay(symptoms[hit].name), (f"symptoms[{hit}]",))
                other.append(Statement("common", "symptom_absent", "denied", {"symptom": fill}, items=1))
            elif hit not in targets:
                targets.append(hit)
        if unknown:
            other.append(Statement("common", "not_recorded", "not_recorded"))
        return targets, other

    def _symptom_fill(self, index: int) -> Fill:
        return Fill(self._lay(self.case.symptoms[index].name), (f"symptoms[{index}]",))

    def _descriptor(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        targets, statements = self._targets(queries)
        extras: list[Statement] = []
        for index in targets[: self.max_facts]:
            symptom = self.case.symptoms[index]
            paths = [f"symptoms[{index}].{name}" for name in DESCRIPTOR_FIELDS[intent] if getattr(symptom, name)]
            fills = {"symptom": self._symptom_fill(index)}
            if not paths:
                statements.append(Statement(intent, "not_recorded", "not_recorded", fills))
                continue
            value = Fill(join_items([self._lay(field_texts(self.case, p)[0]) for p in paths]), tuple(paths))
            statements.append(Statement(intent, "present", "present", {**fills, "value": value}, items=1))
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
            found.append(Statement(other, "present", "present", {"symptom": self._symptom_fill(index), "value": value}, items=1))
        return found

    def _factors(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        targets, statements = self._targets(queries)
        budget = self.max_facts
        for index in targets:
            symptom = self.case.symptoms[index]
            fills = {"symptom": self._symptom_fill(index)}
            said = False
            for variant, name in (("worse", "aggravating_factors"), ("better", "relieving_factors")):
                paths = [f"symptoms[{index}].{name}[{j}]" for j in range(len(getattr(symptom, name)))][:budget]
                if paths:
                    budget -= len(paths)
                    said = True
                    statements.append(Statement(intent, variant, "present", {**fills, "items": self._items(paths)}, items=len(paths)))
            if not said:
                statements.append(Statement(intent, "not_recorded", "not_recorded", fills))
            if budget <= 0:
                break
        return statements, []

    def _exams(self, intent: str, queries: list[str], state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        exams = self.case.examinations
        if not exams:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        paths = [f"examinations[{j}]" for j in range(len(exams))]
        if not queries:
            chosen = self._fresh_first(paths, state)
            return [Statement(intent, "present", "present", {"items": self._items(chosen)}, items=len(chosen))], []
        candidates = [(p, (e.name,)) for p, e in zip(paths, exams)]
        hits: list[str] = []
        missing = False
        for query in queries:
            category = _EXAM_CATEGORY_KEYS.get(normalise(query))
            if category is not None:
                found = [p for p, e in zip(paths, exams) if e.category == category]
            else:
                hit = self.matcher.best(query, candidates)
                found = [hit] if hit is not None else []
            hits.extend(found)
            missing = missing or not found
        hits = list(dict.fromkeys(hits))[: self.max_facts]
        statements = []
        if hits:
            statements.append(Statement(intent, "named", "present", {"items": self._items(hits)}, items=len(hits)))
        if missing:
            statements.append(Statement(intent, "not_found", "not_recorded"))
        return statements, []


def resolve_list(case: CaseFacts, path: str) -> list[Fact]:
    """The list of facts at ``path`` ("history.allergies"); empty when nothing is recorded."""
    section, name = path.split(".")
    return list(getattr(getattr(case, section), name))


def resolve_optional(case: CaseFacts, path: str) -> Fact | None:
    """The single fact at ``path`` ("social.tobacco"), or ``None`` when not recorded."""
    section, name = path.split(".")
    return getattr(getattr(case, section), name)


def resolve_name(case: CaseFacts, path: str) -> str:
    """The name of the symptom or the value of the fact at ``path``."""
    value = resolve(case, path)
    return value.name if hasattr(value, "name") else value.value
