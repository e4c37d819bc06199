"""The answer to the examination intent: which tests the patient has had, and their results.

:class:`ExamHandler` answers a named test with its recorded result, a test named by kind ("any
blood tests?") with the tests of that kind, and a general question with the tests done.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, Sequence

from tod.patient.acts import Fill, Statement
from tod.patient.facts import field_texts, resolve
from tod.patient.handlers.base import AnswerHandler
from tod.patient.matching import normalise
from tod.patient.state import DialogueState
from tod.patient.templates import join_items

if TYPE_CHECKING:
    from tod.patient.policy import IntentRule

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
#: The examination categories a named test may stand for.
_EXAM_CATEGORIES = frozenset(EXAM_CATEGORY_WORDS.values())


#: The name of an examination the doctor does by looking, feeling, listening or asking
#: ("physical examination", "sensory exam", "mental state examination"), not a test.
_EXAMINERS = re.compile(r"\b(?:examination|exam|assessment)s?$", re.IGNORECASE)


#: Words that name tests only in general ("test results", "lab results", "investigations"):
#: a name made only of them is no test's name and is never read out as one.
_GENERIC_TEST_WORDS = frozenset("""test tests result results lab labs laboratory investigation investigations finding
    findings other initial recent workup work-up the""".split())


def generic_test_name(name: str) -> bool:
    """Whether ``name`` names tests only in general ("test results", "Lab results"), not a test
    a patient could say they had."""
    words = name.lower().split()
    return bool(words) and set(words) <= _GENERIC_TEST_WORDS


def examiners_examination(name: str) -> bool:
    """Whether ``name`` names an examination by the doctor rather than a test ("general
    examination", "mental state examination"): a patient says "the doctor examined me",
    never "I've had some tests done, like the sensory examination"."""
    return _EXAMINERS.search(name.strip()) is not None


class ExamHandler(AnswerHandler):
    """Answers the examination intent (rule kind "exams")."""

    def _tests_done(self, paths: Sequence[str]) -> list[Statement]:
        """The answer to tests asked about in general or by kind ("any blood tests?"): the
        results the patient was told before this visit (``known_to_patient``) with their
        values, this visit's tests named only; a result of this visit (a value, a finding in
        a doctor's words) is said only for a test the doctor names."""
        told = [p for p in paths if resolve(self.lookup.case, p).known_to_patient]
        done = [p for p in paths if p not in told]
        statements = []
        if told:
            statements.append(Statement("ask_medical_examination", "told", "present", {"items": self.say.items(told)},
                                        items=len(told)))
        names = {p: self.lookup.lay(field_texts(self.lookup.case, p)[0]) for p in done}
        done = [p for p in done if not generic_test_name(names[p])]
        examined = [p for p in done if examiners_examination(names[p])]
        measured = [p for p in done if p not in examined and resolve(self.lookup.case, p).category == "vital_sign"]
        done = [p for p in done if p not in examined and p not in measured]
        if done:
            statements.append(self._named_list("done", done, names))
        if measured:  # vital signs are what the doctor measured, not tests: "they checked my pulse"
            statements.append(self._named_list("measured" if statements else "measured_alone", measured, names))
        if examined:  # "as well" only after the tests said before it
            frame = "examined" if statements else "examined_alone"
            statements.append(Statement("ask_medical_examination", frame, "present", paths=tuple(examined)))
        return statements

    @staticmethod
    def _named_list(frame: str, paths: Sequence[str], names: Mapping[str, str]) -> Statement:
        """A statement of ``frame`` listing the names of ``paths``, a test done twice named once."""
        said = dict.fromkeys(names[p] for p in paths)
        return Statement("ask_medical_examination", frame, "present",
                         {"items": Fill(join_items(list(said)), tuple(paths))}, items=len(paths))

    def _of_kind(self, query: str, category: str | None, paths: Sequence[str]) -> list[str]:
        """The tests of the kind ``query`` names, when no test matches it by name: those recorded
        under its examination ``category`` (:data:`EXAM_CATEGORY_WORDS`) or under the category of
        the lexicon's table it names ("imaging studies"), and those whose names are members of
        that lexicon category ("any imaging?" and an MRI recorded under another category): a
        recorded test of the kind is never denied."""
        categories = self.lookup.matcher.categories
        kinds = {category, *categories.named(query)} & _EXAM_CATEGORIES
        return [p for p, e in zip(paths, self.lookup.case.examinations)
                if e.category in kinds or categories.covers(query, e.name)]

    def answer(self, intent: str, rule: IntentRule, queries: list[str],
               state: DialogueState) -> tuple[list[Statement], list[Statement]]:
        """The named tests with their results, the tests of a named kind, and the tests not found
        named back; a general question: the tests done."""
        exams = self.lookup.case.examinations
        if not exams:
            return [Statement(intent, "not_recorded", "not_recorded")], []
        paths = [f"examinations[{j}]" for j in range(len(exams))]
        if not queries:
            return self._tests_done(self.say.fresh_first(paths, state)), []
        candidates = self.lookup.candidates(rule.fields[0])
        hits: list[str] = []
        kinds: list[str] = []
        missing: list[str] = []
        for query in queries:
            category = _EXAM_CATEGORY_KEYS.get(normalise(query))
            hit = None if category else self.lookup.matcher.best(query, candidates)
            if hit is not None:
                found = [hit]
                hits.append(hit)
            else:
                found = self._of_kind(query, category, paths)
                kinds.extend(found)
            if not found:
                missing.append(query)
        hits = list(dict.fromkeys(hits))[: self.lookup.max_facts]
        kinds = [p for p in dict.fromkeys(kinds) if p not in hits][: max(self.lookup.max_facts - len(hits), 0)]
        statements = []
        if hits:
            statements.append(Statement(intent, "named", "present", {"items": self.say.items(hits)}, items=len(hits)))
        if kinds:
            statements += self._tests_done(kinds)
        if missing:
            # the test not found is named back ("Blood pressure? I don't think I've had that done.")
            asked = self.say.echoed(missing)
            statements.append(Statement(intent, "not_found", "not_recorded", {"asked": asked} if asked else {}))
        return statements, []
