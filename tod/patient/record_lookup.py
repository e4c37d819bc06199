"""Record lookup: which record facts a doctor's named item matches, touches, is denied by or may be.

:class:`RecordLookup` holds one case with its matcher and lay lexicon, and answers in record
paths, never in statements: the facts a query names (:meth:`RecordLookup.match`), the record
texts it touches (:meth:`RecordLookup.touched`), the recorded denials that cover it, the
patient's present facts that hold it or may amount to it, and the sorting of unmatched
symptoms into kin, maybe, unsure and absent (:meth:`RecordLookup.unmatched`).
"""

from __future__ import annotations

import re
from typing import Sequence

from tod.lexicon import LayLexicon
from tod.nlu.types import TurnParse
from tod.patient.facts import field_texts, resolve, resolve_optional
from tod.patient.matching import (LEXICAL_FLOOR, SYNONYM_SCORE, Matcher, asked_place, body_regions, content_words, names_examiner_sign,
                                  normalise)
from tod.patient.query_words import (
    ATTRIBUTE_WORDS,
    CATCH_ALL_WORDS,
    MEASURE_WORDS,
    WEAK_WORDS,
    WORD_GROUPS,
    about_body,
    head_word,
    of_object,
    other_forms,
    own_head,
    place_fits,
    same_place,
    sight_fits,
    unqualified,
    word_roots,
    word_stem,
)
from tod.records.model import CaseFacts, Examination, Fact, Status, Symptom
from tod.schema.labels import INTENT_SLOT

#: A recorded value that says the field holds nothing ("no past medical history available",
#: "none known", "no medical conditions"), whatever its status.
_NONE_VALUE = re.compile(
    r"^(?:no|none|nil|nothing)\b.*\b(?:history|known|significant|relevant|available|reported|conditions?|illness(?:es)?|diseases?)$"
    r"|^(?:no|none|nil|nothing)\b.*\b(?:history|known|significant|relevant|available|reported)\b|^(?:none|nil|nothing)$",
    re.IGNORECASE,
)


#: Words that qualify a category a doctor names without narrowing it to a kind ("current
#: medications", "over-the-counter pain relievers"); any other word narrows it ("heart
#: medications"), and a member of the whole category is then no known member of the kind.
_BROAD_QUALIFIERS = CATCH_ALL_WORDS | content_words("""regular regularly daily prescription prescribed over-the-counter
    over counter otc recent recently usual routine any take taking""")

#: The descriptors of how a symptom looks, feels or smells: a doctor's word for one of them
#: ("redness" for a red rash) is answered with it (:meth:`RecordLookup.described`).
_LOOKS = ("color", "shape", "texture", "smell")


def symptom_index(path: str) -> int:
    """The index of the symptom at ``path`` ("symptoms[2]" -> 2)."""
    return int(path[len("symptoms["):-1])


def blanket_denial(fact: Fact) -> bool:
    """Whether ``fact`` denies its whole field: a denial without a value, or a value that
    says there is nothing (:data:`_NONE_VALUE`)."""
    if fact.status is Status.denied and not fact.value:
        return True
    return bool(fact.value) and _NONE_VALUE.match(fact.value.strip()) is not None

def list_path(field: str) -> str:
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


def _attribute_roots(text: str) -> frozenset[str]:
    """The word roots of ``text`` (:func:`~tod.patient.query_words.word_roots`), a plural or
    third-person "s" also taken off ("sleeps" -> "sleep")."""
    return word_roots(text) | word_roots(" ".join(w.removesuffix("s") for w in normalise(text).split()))


class RecordLookup:
    """The record facts of one case that a doctor's named items match, touch or may be.

    Args:
        case: the patient's facts (never the reference answers).
        matcher: named-item matcher; the record's matchable texts are indexed here, once.
        lexicon: lay table applied to every record text compared or put into a fill.
        max_facts: k, the most facts said of one sort per asked intent (>= 1).
        list_fields: the list fields the policy answers from ("history.allergies[*]"), in order.
        single_fields: the single-fact fields it answers from ("social.tobacco").
    """

    def __init__(self, case: CaseFacts, matcher: Matcher, lexicon: LayLexicon, *, max_facts: int,
                 list_fields: Sequence[str], single_fields: Sequence[str]) -> None:
        self.case = case
        self.matcher = matcher
        self.lexicon = lexicon
        self.max_facts = max_facts
        self._list_fields = tuple(list_fields)
        self._single_fields = tuple(single_fields)
        self.turn_text = ""
        self.turn_groups: frozenset[str] = frozenset()
        self.turn_regions: frozenset[str] = frozenset()
        # whether the turn also asks which symptoms the patient has (the symptom slot is shared)
        self.turn_asks_symptoms = False
        # the case is fixed: the patient's present facts are read once, not per question
        self.present = tuple(self._present_paths())
        # every text of the record with its fact's path, word roots and body regions: what a
        # named symptom may touch (computed once, not per question)
        self._record_texts = [(path, text, word_roots(text) | word_roots(self.lay(text)), body_regions(text) | self._fact_place(path))
                              for path, text in self._all_texts()]
        matcher.index([*self._matchable_texts(), *(text for _, text, _, _ in self._record_texts)])
        self.record_words = " ".join(text for _, text, _, _ in self._record_texts)
        self._member_texts = self._own_member_texts()

    def start_turn(self, parse: TurnParse) -> None:
        """Reads what the doctor's turn is about: its text, its word groups and body regions (what a
        question that names no item is about), and whether it asks which symptoms the
        patient has."""
        self.turn_text = parse.text
        self.turn_groups = word_roots(parse.text) & frozenset(WORD_GROUPS.values())
        self.turn_regions = frozenset(body_regions(parse.text))
        self.turn_asks_symptoms = "ask_symptom" in parse.intents

    def _matchable_texts(self) -> list[str]:
        """The names of every item a named query may match: symptoms, tests, listed facts."""
        fields = ["symptoms[*]", "examinations[*]", *self._list_fields]
        return [name for field in fields for _, names in self.candidates(field) for name in names]

    def candidates(self, field: str) -> list[tuple[str, tuple[str, ...]]]:
        """The named items of a list field ("symptoms[*]", "history.allergies[*]") as the
        matcher takes them: ``(path, (name,))``, in record order, facts without a value left out;
        a symptom with a recorded position also as placed there (``("pain", "pain knee")``), so
        a question that names a body part finds it."""
        base = list_path(field)
        found = []
        for index, item in enumerate(resolve(self.case, base)):
            name = item.name if isinstance(item, (Symptom, Examination)) else item.value
            if name and not (isinstance(item, Fact) and blanket_denial(item)):
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

    def _fact_place(self, path: str) -> frozenset[str]:
        """The body regions where the symptom at ``path`` is recorded (its position), which every
        text of it lies in: a pain recorded as "pain" at "right ring finger" is no headache;
        none for any other fact."""
        if not path.startswith("symptoms["):
            return frozenset()
        return body_regions(self.case.symptoms[symptom_index(path)].position or "")

    def lay(self, text: str) -> str:
        """``text`` in lay words (the lexicon's table)."""
        return self.lexicon.to_lay(text)

    def match(self, queries: Sequence[str], fields: Sequence[str]) -> tuple[list[str], list[str]]:
        """The paths of the named items of ``fields`` that ``queries`` match (distinct, all of
        them: the fact cap never drops an item the doctor named), and the queries that match none."""
        candidates = [c for f in fields for c in self.candidates(f)]
        hits: list[str] = []
        misses: list[str] = []
        for query in queries:
            hit = self.best(query, candidates)
            if hit is None:
                misses.append(query)
            else:
                hits.append(hit)
        return list(dict.fromkeys(hits)), misses

    def best(self, query: str, candidates: Sequence[tuple[str, tuple[str, ...]]]) -> str | None:
        """The path of the fact ``query`` names best (ties: record order). A recorded denial
        answers only a query it covers: the same thing (equal, or a synonym), or a query that
        holds every content word of the denied fact. A narrower denial ("no facial weakness"
        for "weakness", "no joint pain" for "pain") or an embedding match ("leg weakness" ~
        "facial weakness") does not deny the doctor's item. A match below a shared concept lies
        where the query says, when it names a body part ("joint pain" is not an unlocated
        "pain", nor "chest pain"), and a mark on the skin never in the eye (:func:`sight_fits`)."""
        best, best_score = None, 0.0
        for path, texts in candidates:
            if not sight_fits(query, texts):
                continue
            score = max((self.matcher.score(query, t) for t in texts), default=0.0)
            if score < SYNONYM_SCORE and (not place_fits(query, texts) or self._member_by_quality(path, query, texts)):
                continue
            if score > best_score and (resolve(self.case, path).status is Status.present
                                       or self._denial_covers(query, texts, score)):
                best, best_score = path, score
        return best

    def _member_by_quality(self, path: str, query: str, texts: Sequence[str]) -> bool:
        """Whether the patient's symptom or change at ``path`` is a member of the category
        ``query`` names only by a quality it is given ("painful ulcers" for "discomfort?"): the
        ulcers are not the discomfort asked, but may be felt as it, so :meth:`unmatched` says
        them with the honest link rather than as the item itself."""
        if not path.startswith(("symptoms[", "history.physical_changes[")):
            return False
        covers = self.matcher.categories.covers
        return any(covers(query, t) for t in texts) and not any(covers(query, unqualified(t)) for t in texts)

    def _denial_covers(self, query: str, texts: Sequence[str], score: float) -> bool:
        if score >= SYNONYM_SCORE:
            return True
        if score < LEXICAL_FLOOR:
            return False
        asked = content_words(self.lay(query)) | content_words(query)
        return any(content_words(self.lay(t)) <= asked or content_words(t) <= asked for t in texts)

    def split_catch_alls(self, queries: Sequence[str], intent: str = "") -> tuple[list[str], bool]:
        """The named queries, and whether the doctor also asked a catch-all ("any other
        conditions?", "anything else"): a query with no content word besides "other"/"else"
        or the name of the ``intent``'s own field ("any other exposures?" asks about every
        exposure, not about one called "exposures")."""
        field = word_roots(INTENT_SLOT.get(intent, "").replace("_", " "))
        named = [q for q in queries if word_roots(" ".join(content_words(q) - CATCH_ALL_WORDS)) - field]
        return named, len(named) < len(queries)

    def _own_member_texts(self) -> list[tuple[str, str]]:
        """The texts of the patient's own present facts that may be members of a category a
        doctor names, each with its path: every present fact's texts (a relative's condition and
        an allergy left out: neither is the patient's having it), what eases a symptom by its own
        path (a remedy: "ibuprofen" under "symptoms[0].relieving_factors[0]"; what worsens it is
        no habit nor remedy of theirs: "worse with walking" is no exercise)."""
        found: list[tuple[str, str]] = []
        for path in self.present:
            if path.startswith(("history.family_history", "history.allergies")):
                continue
            found += [(path, text) for text in field_texts(self.case, path)]
            if path.startswith("symptoms["):
                symptom = resolve(self.case, path)
                found += [(f"{path}.relieving_factors[{j}]", text) for j, text in enumerate(symptom.relieving_factors)]
        return found

    def recorded_members(self, query: str, *, details: bool = True) -> list[str]:
        """The paths of the patient's own present record texts (:meth:`_own_member_texts`) that
        are members of the category ``query`` names (``templates/synonyms.yaml``: "pain relievers"
        and an ibuprofen that eases a symptom, "stomach issues" and a recorded acid reflux):
        a family or field the record holds a member of is never denied. None for a category
        narrowed by a word the category does not carry (:data:`_BROAD_QUALIFIERS`: "heart
        medications" is no "medications" a paracetamol belongs to). Without ``details``, whole
        facts only (no symptom factor)."""
        categories = self.matcher.categories
        named = categories.named(query)
        if not named or content_words(query) - WEAK_WORDS - _BROAD_QUALIFIERS - categories.name_words(named[0]):
            return []
        return list(dict.fromkeys(path for path, text in self._member_texts
                                  if (details or "]." not in path) and categories.covers(query, text)))

    def described(self, query: str) -> list[str]:
        """The paths of the descriptors of the patient's present symptoms (:data:`_LOOKS`: colour,
        shape, texture, smell) that ``query`` names in another word form, up to k: every word
        of the query besides weak words shares its stem (:func:`~tod.patient.query_words.word_stem`)
        with the descriptor or the symptom's name, one at least with the descriptor ("redness?"
        and a rash recorded as red). The patient says how it looks, never denies it."""
        wanted = {word_stem(w) for w in content_words(query) - WEAK_WORDS}
        found: list[str] = []
        for index, symptom in enumerate(self.case.symptoms):
            if symptom.status is not Status.present or not wanted:
                continue
            name = {word_stem(w) for w in content_words(symptom.name)}
            for field in _LOOKS:
                text = getattr(symptom, field) or ""
                stems = {word_stem(w) for w in content_words(text)}
                if wanted & stems and wanted <= stems | name:
                    found.append(f"symptoms[{index}].{field}")
        return found[: self.max_facts]

    def held_elsewhere(self, queries: Sequence[str]) -> list[str]:
        """The queries that name a category one of the record's present facts belongs to,
        in any field ("activity" when the living habits say "stopped exercising", "plants" when the
        patient gardens), or that match one by the matcher's lexical steps (:meth:`holders`),
        and that no recorded denial of the patient's body covers (:meth:`covering_denials`:
        that denial answers them): the patient does not deny those, and says the facts that
        hold them (:meth:`~tod.patient.handlers.not_sure.NotSure.answer`)."""
        return [q for q in queries if self.holders(q) and not self.covering_denials(q, self.touched(q)[2])]

    def holders(self, query: str) -> list[str]:
        """The paths of the patient's own present facts (a relative's condition left out) whose
        texts hold ``query``: a member of the category it names, or a match by the matcher's
        lexical steps ("tobacco smoke?" and a recorded "8 cigarettes a day"). A symptom or body
        change is left to :meth:`unmatched`, which says it only where the query places it; an
        allergy holds nothing else (what the patient reacts to is no medicine they take:
        "cough medications?" is not answered with a penicillin allergy)."""
        return [path for path in self.present if self._holds(path, query)]

    def _holds(self, path: str, query: str) -> bool:
        """Whether the fact at ``path`` holds ``query`` as :meth:`holders` asks (a present fact
        of the patient's own, not a symptom, body change, allergy or relative's condition)."""
        return (path in self.present and not path.startswith(("history.family_history", "history.allergies"))
                and not self._own_present(path)
                and any(self.matcher.categories.covers(query, t) or self.matcher.lexical_score(query, t)
                        for t in field_texts(self.case, path)))

    def touched(self, query: str) -> tuple[frozenset[str], frozenset[str], list[tuple[str, str, frozenset[str], frozenset[str]]]]:
        """The word roots of ``query`` (as asked and in lay words), its body regions, and the
        record texts (``(path, text, roots, regions)``) that touch it (:meth:`_touches`) and do
        not lie elsewhere than it places itself (a mark on the skin never in the eye: :func:`sight_fits`)."""
        asked = word_roots(query) | word_roots(self.lay(query))
        wanted = asked_place(query)
        touched = [entry for entry in self._record_texts
                   if (not wanted or not entry[3] or wanted & entry[3]) and sight_fits(query, entry[1:2])
                   and self._touches(query, asked, entry[1], entry[2])]
        return asked, wanted, touched

    def covering_denials(self, query: str, touched: Sequence[tuple[str, str, frozenset[str], frozenset[str]]]) -> list[str]:
        """The paths of the patient's recorded denials of a symptom or body change, among the
        ``touched`` texts, that cover ``query``: the denied text holds every word of the query
        besides weak and measurement words, as written, not only a word of its group ("urine?"
        and "no change in urine colour"; not "fevers?" and "no hot flushes"), or the matcher
        relates the two as :meth:`_denial_covers` asks. That denial answers the query, with its
        record path, instead of "not sure"."""
        wanted = [content_words(q) - WEAK_WORDS - MEASURE_WORDS for q in (query, self.lay(query))]
        return list(dict.fromkeys(
            path for path, text, _, _ in touched
            if self._own_denied(path) and (any(w and w <= content_words(text) | content_words(self.lay(text)) for w in wanted)
                                           or self._denial_covers(query, [text], self.matcher.score(query, text)))))

    def _own_denied(self, path: str) -> bool:
        """Whether ``path`` is a recorded denial of a symptom or physical change of the
        patient's own, with a name (not a blanket denial of the field)."""
        own = path.startswith("symptoms[") or path.startswith("history.physical_changes[")
        if not own or "]." in path:
            return False
        item = resolve(self.case, path)
        return item.status is Status.denied and not (isinstance(item, Fact) and blanket_denial(item))

    def only_found(self, query: str) -> bool:
        """Whether ``query`` names something of the patient's body a person would notice
        (:meth:`noticeable`) that only examination findings or test results of the record may
        amount to: the patient has not reported it, so "not that I've noticed myself", never
        "not sure" and never a flat "No"."""
        if not self.noticeable(query):
            return False
        asked, _, touched = self.touched(query)
        paths = {path for path, text, roots, _ in touched if self._may_be(query, asked, path, text, roots)}
        return bool(paths) and all(path.startswith("examinations[") for path in paths)

    @staticmethod
    def noticeable(query: str) -> bool:
        """Whether the patient would have noticed ``query`` if they had it, so that it may be
        denied when no record fact touches it: something of their own body (:func:`~tod.patient.query_words.about_body`:
        not a test value or a possible diagnosis; a level of a body attribute, "energy levels",
        is theirs to feel), and not a sign only an examiner sees
        (:func:`~tod.patient.matching.names_examiner_sign`: "papilledema?" is "I wouldn't
        know", never "No, no papilledema that I've noticed")."""
        return about_body(query) and not names_examiner_sign(query)

    def opening_holds(self, query: str) -> bool:
        """Whether the patient's opening statement holds ``query`` by the matcher's lexical
        steps (a shared concept: "appetite?" after "she is hardly eating"): the patient has
        told it already, so it is never denied nor met with a bare "not sure"."""
        return bool(self.matcher.lexical_score(query, self.case.opening_statement))

    def _present_paths(self) -> list[str]:
        """The paths of the record's present facts: symptoms, every list field and the
        single facts (occupation, tobacco, alcohol, drugs)."""
        found = []
        for field in ("symptoms[*]", *self._list_fields):
            base = list_path(field)
            found += [f"{base}[{i}]" for i, item in enumerate(resolve(self.case, base))
                      if item.status is Status.present and not (isinstance(item, Fact) and blanket_denial(item))]
        for field in self._single_fields:
            fact = resolve_optional(self.case, field)
            if fact is not None and fact.status is Status.present:
                found.append(field)
        return found

    def unmatched(self, queries: Sequence[str]) -> tuple[list[str], list[str], list[str], list[str]]:
        """The doctor's named symptoms or changes that no fact answers, sorted four ways.

        * *kin*: the patient's present symptoms and changes that touch a query in the same
          place by more than a weak word ("discomfort?" with abdominal pain recorded), said
          instead (up to k);
        * *maybe*: the patient's present symptoms and changes that may amount to a query
          they are not the same thing as (:meth:`_may_be`) by a shared word or word group,
          where the query places it (:func:`~tod.patient.query_words.same_place`: "leg swelling?" with leg ulcers),
          said with an honest link ("if that's what you mean"), for a query about the body
          (:func:`~tod.patient.query_words.about_body`), up to k;
        * *unsure*: queries a patient may really not know (a test value, a possible
          diagnosis, a sign only an examiner sees: not :meth:`noticeable`), or items of the body
          that a record text may be (:meth:`_may_answer`: a finding, a fact that holds it, a
          symptom of the patient's that shares the thing it names where it places it), unless a recorded
          denial of the patient's body covers them (:meth:`covering_denials`: that denial
          is said, as *kin*); :meth:`~tod.patient.handlers.not_sure.NotSure.answer` words them by what touched them;
        * *absent*: the symptoms of the body the record says nothing of, or that other
          texts only share a word with: the patient does not have them
          (``absent_unrecorded`` statements: "No, no chest pain that I've noticed.").
        """
        kin: list[str] = []
        maybe: list[str] = []
        unsure: list[str] = []
        absent: list[str] = []
        for query in queries:
            asked, wanted, touched = self.touched(query)
            heads = {head_word(query), head_word(self.lay(query))} - {None}
            paths = list(dict.fromkeys(path for path, _, _, _ in touched))
            own = [path for path in paths if self._own_present(path) and self._same_thing(path, heads, query)]
            # said: the texts that may be it (:meth:`_may_be`) that lie where the query places it,
            # share the thing the query names (its head word or that word's group, or a body
            # attribute) and whose fact is that thing (:meth:`_names_item`): "racing heartbeat?" is
            # not the racing thoughts, "pain in your abdomen?" not the excess hair on the abdomen,
            # "discomfort?" not a painful skin tightening
            named = heads | (asked & ATTRIBUTE_WORDS)
            may = [entry for entry in touched if self._may_be(query, asked, *entry[:3])]
            said = [path for path, _, roots, regions in may
                    if same_place(asked - heads, roots, wanted & regions) and named & roots
                    and self._names_item(path, query, heads)]
            kindred, other_form = self._kindred(query)
            members = self.recorded_members(query, details=False)
            if own:
                kin += own
            elif members:
                # "trouble walking?" with a child who refuses to stand: the member, linked
                maybe += members
            elif about_body(query) and (linked := said or kindred or self.attribute_holders(query)):
                maybe += linked
            elif not self.noticeable(query) or other_form or self._may_answer(query, named, may):
                # a recorded denial that covers it answers it; touched by nothing else, it is absent
                denials = self.covering_denials(query, touched)
                kin += denials
                unsure += [] if denials else [query]
            else:
                absent.append(query)
        kin = list(dict.fromkeys(kin))[: self.max_facts]
        maybe = [p for p in dict.fromkeys(maybe) if p not in kin][: self.max_facts]
        return kin, maybe, unsure, absent

    def attribute_holders(self, query: str) -> list[str]:
        """The patient's own present facts besides symptoms and body changes (a medicine, a habit,
        a past illness; not a relative's condition nor an allergy) whose texts name a body
        attribute ``query`` asks about (:data:`~tod.patient.query_words.ATTRIBUTE_WORDS`, by its
        word or word group, a plural "s" aside): "sleep patterns?" beside sleeping tablets or
        "sleeps 14 hours a day". Such a fact is said with the honest link, never "not sure"."""
        wanted = word_roots(query) & ATTRIBUTE_WORDS
        if not wanted:
            return []
        return [path for path in self.present
                if not path.startswith(("history.family_history", "history.allergies")) and not self._own_present(path)
                and any(wanted & _attribute_roots(t) for t in field_texts(self.case, path))]

    def _may_answer(self, query: str, named: set[str], may: Sequence[tuple[str, str, frozenset[str], frozenset[str]]]) -> bool:
        """Whether a record text that may amount to ``query`` (``may``, from :meth:`unmatched`)
        keeps it from a denial (it is then recalled, linked or "not sure" by
        :meth:`~tod.patient.handlers.not_sure.NotSure.answer`): a text of the patient's own
        symptom or change that may be the item (:meth:`_own_text_may_be`), or another fact that
        holds it (:meth:`_other_fact_may_be`). Another symptom that only shares a word or a
        quality with it ("chest pain?" beside a constant ache of the belly, "painful
        intercourse?" beside a tummy ache), or a history or social fact that only shares a word
        group ("painful intercourse?" beside one regular partner), is no such text: the patient
        knows they do not have the item, and says so."""
        return any(self._own_text_may_be(query, named, path, roots) if self._own_present(path)
                   else self._other_fact_may_be(query, path) for path, _, roots, _ in may)

    def _own_text_may_be(self, query: str, named: set[str], path: str, roots: frozenset[str]) -> bool:
        """Whether a text (word ``roots``: the name or a descriptor) of the patient's symptom or
        change at ``path`` shares the thing ``query`` names (``named``: its head word or that
        word's group, or a body attribute, up to a derivational ending) and the symptom does not
        lie elsewhere (:meth:`_lies_elsewhere`): "pain?" beside sore cracked hands, "joint
        pain?" beside an unlocated pain, "cough?" beside a back pain worse when coughing."""
        stems = {word_stem(w) for w in named}
        return (bool(stems & {word_stem(r) for r in roots}) and not self._lies_elsewhere(query, path)
                and not self._unplaced_other_word(query, path))

    def _other_fact_may_be(self, query: str, path: str) -> bool:
        """Whether the fact at ``path`` (not a symptom or change of the patient's own) holds
        ``query``: a finding ("not that I've noticed myself"), an opening statement that holds it
        (:meth:`opening_holds`), or a present fact that holds it (:meth:`_holds`: "sleep
        quality?" and sleeping tablets)."""
        if path.startswith("examinations["):
            return True
        return self.opening_holds(query) if path == "opening_statement" else self._holds(path, query)

    def _lies_elsewhere(self, query: str, path: str) -> bool:
        """Whether the patient's symptom or change at ``path`` lies in another body region than
        ``query`` places its item: both name regions, and none is shared (an unlocated "pain"
        may be the "joint pain?" asked, a belly ache is not the "chest pain?")."""
        wanted = asked_place(query)
        regions = frozenset(r for t in self.candidate_texts(path) for r in body_regions(t))
        return bool(wanted and regions) and not wanted & regions

    def _unplaced_other_word(self, query: str, path: str) -> bool:
        """Whether ``query`` places its item and the patient's symptom or change at ``path``
        names no place and another thing, word for word ("chest pain?" beside an unplaced
        "cramping"): the patient knows where the cramping is, so it is no doubt about the chest
        pain. An unplaced "pain" may be the "chest pain?" asked."""
        texts = self.candidate_texts(path)
        if not asked_place(query) or any(body_regions(t) for t in texts):
            return False
        heads = {word_stem(h) for t in texts for h in (own_head(t), own_head(self.lay(t))) if h}
        return word_stem(own_head(query) or "") not in heads

    def _names_item(self, path: str, query: str, heads: set[str]) -> bool:
        """Whether the fact at ``path`` is the thing ``query`` names, so that it may be said with
        the honest link: its name ends in the query's head word or that word's group (the fact
        is a kind of the item), it is a member of a category the query names ("bowel
        movements?" and the diarrhoea), its name holds every word of the query, or the two share a
        body attribute ("sleep pattern?" and the poor sleep), words as written. A word the fact only qualifies
        itself with ("painful skin tightening" for "discomfort?") or a place it shares is no
        such link: a different symptom or body part is never offered for the item. Only a
        symptom or change of the patient's own is such a fact."""
        if not self._own_present(path):
            return False
        texts = self.candidate_texts(path)
        names = {h for t in texts for h in (head_word(t), head_word(self.lay(t))) if h}
        words = {w for t in texts for w in content_words(t) | content_words(self.lay(t))}
        wanted = content_words(query) - WEAK_WORDS
        if names & heads or any(self.matcher.categories.covers(query, t) for t in texts):
            return True
        return bool(wanted) and (wanted <= words or bool(wanted & ATTRIBUTE_WORDS & words))

    def _kindred(self, query: str) -> tuple[list[str], list[str]]:
        """The patient's present symptoms and body changes whose names share a word of
        ``query`` up to its derivational ending (:func:`~tod.patient.query_words.word_stem`: "irritable mood?" and a
        recorded irritability, "itchy?" and itching): the same thing in other words, never
        absent. A body part shared is no such word ("abdominal swelling?" is not the
        abdominal pain), the fact lies where the query places it ("knee pain?" is not the
        abdominal pain), and the word it shares names the fact itself, not a quality of it
        ("pain during sex?" is not a painful skin tightening), or the function or part it is a
        trouble "of" ("breathing?" and the shortness of breath); and every fact sharing such a
        word, which makes the query one the patient is not sure of rather than one to deny
        ("dryness?" beside a dry cough)."""
        stems = {word_stem(w) for w in word_roots(query) | word_roots(self.lay(query))}
        found: list[str] = []
        shared: list[str] = []
        for path in self.present:
            texts = self.candidate_texts(path) if self._own_present(path) else ()
            if not (any(other_forms(query, t) for t in texts) and place_fits(query, texts)):
                continue
            shared.append(path)
            if {word_stem(h) for t in texts for h in (head_word(t), head_word(self.lay(t)), of_object(t)) if h} & stems:
                found.append(path)
        return found, shared

    def present_in(self, fields: Sequence[str]) -> list[str]:
        """The paths of the present facts (read once, :meth:`_present_paths`) of the history or
        social list ``fields`` ("history.current_treatment[*]"); other fields ("symptoms[*]")
        are left out."""
        bases = tuple(f"{base}[" for base in map(list_path, fields) if "." in base)
        return [path for path in self.present if path.startswith(bases)]

    def linked(self, queries: Sequence[str], *, within: str = "") -> tuple[list[str], list[str], list[str]]:
        """The doctor's unmatched items sorted by :meth:`unmatched`, one by one: the
        patient's present symptoms or changes that are the same thing as one (*kin*), those
        that may amount to one (*maybe*, said with the honest link), and the queries
        neither answers (left to be denied, recalled or "not sure"). With ``within`` (a path
        prefix, "symptoms["), only facts under it answer a query: a query that only a body
        change may amount to is left to the rest, so that it is still answered."""
        kin: list[str] = []
        maybe: list[str] = []
        rest: list[str] = []
        for query in queries:
            same, may, _, _ = self.unmatched([query])
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
        return present and not (isinstance(item, Fact) and blanket_denial(item))

    def _same_thing(self, path: str, heads: set[str], query: str) -> bool:
        """Whether the patient's symptom or change at ``path`` is the kind of thing the query
        names (its name ends in the same word or word group, "discomfort" and "belly pain")
        where the query places it (its name or recorded position)."""
        texts = self.candidate_texts(path)
        named = {h for t in texts[:1] for h in (head_word(t), head_word(self.lay(t))) if h}
        return bool(named & heads) and place_fits(query, texts)

    def candidate_texts(self, path: str) -> tuple[str, ...]:
        """The name of the symptom or fact at ``path`` and, for a symptom, its name as placed."""
        base = path.rsplit("[", 1)[0]
        return next((texts for p, texts in self.candidates(f"{base}[*]") if p == path), ())

    def _touches(self, query: str, asked: frozenset[str], text: str, roots: frozenset[str]) -> bool:
        """Whether record ``text`` (word ``roots``) touches ``query`` (roots ``asked``): a shared
        word (or word group), or a match of the matcher (a category the query names included).
        The caller has checked that the two do not lie in different places."""
        return bool(asked & roots) or bool(self.matcher.score(query, text))

    def _own_present(self, path: str) -> bool:
        """Whether ``path`` is a present symptom or physical change of the patient."""
        own = path.startswith("symptoms[") or path.startswith("history.physical_changes[")
        return own and resolve(self.case, path).status is Status.present

    def on_topic(self, paths: Sequence[str]) -> list[str]:
        """Of the facts ``paths`` that answer a question naming no item, those that share a
        word group (:data:`WORD_GROUPS`) with the turn's words ("been pregnant?" -> the
        children, not the menopause); all of them when none does."""
        kept = [p for p in paths if self.turn_groups & word_roots(" ".join(field_texts(self.case, p)))]
        return kept or list(paths)

    def by_status(self, paths: Sequence[str]) -> tuple[list[str], list[str]]:
        """``paths`` split into the present and the denied facts (or symptoms)."""
        statuses = [resolve(self.case, p).status for p in paths]
        return ([p for p, s in zip(paths, statuses) if s is Status.present],
                [p for p, s in zip(paths, statuses) if s is Status.denied])

    def of_turn_system(self, index: int) -> bool:
        """Whether the symptom at ``index`` belongs to the body system or place the turn's words
        name (a word group, "bowel habits" and diarrhoea; a body region, "your tummy" and
        abdominal pain): a descriptor question that names no symptom is about that one, not
        the chief complaint."""
        texts = self.candidate_texts(f"symptoms[{index}]")
        roots = frozenset(r for t in texts for r in word_roots(t) | word_roots(self.lay(t)))
        regions = frozenset(r for t in texts for r in body_regions(t))
        return bool(self.turn_groups & roots or self.turn_regions & regions)
