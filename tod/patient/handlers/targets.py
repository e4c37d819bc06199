"""Which of the patient's symptoms a descriptor or factors question is about.

:class:`SymptomTargets` is the base of the descriptor and factor handlers: it finds the
symptoms a question describes (those it names, else the one of the system the turn names,
else the chief one) and answers the named symptoms that cannot be described (recorded as
denied, or unknown).
"""

from __future__ import annotations

from typing import Sequence

from tod.nlu.questions import question_sentences
from tod.patient.acts import Statement
from tod.patient.handlers.base import AnswerHandler
from tod.patient.record_lookup import symptom_index
from tod.patient.unmapped import INTENT_CUES
from tod.records.model import Status

#: The words that show a sentence asks what makes a symptom worse or better.
_FACTOR_CUE = INTENT_CUES["ask_symptom_factors"]


def asks_factors_unnamed(text: str, named: Sequence[str]) -> bool:
    """Whether a sentence of the turn ``text`` asks about factors (:data:`_FACTOR_CUE`) and
    names none of the doctor's ``named`` symptoms ("Any fever? Anything that makes it worse?"):
    such a question is about the patient's complaint. A factors question that names its
    symptoms ("Any joint pain that is worse with heat?") is about them only."""
    sentences = [text[a:b] for a, b in question_sentences(text)] or [text]
    return any(_FACTOR_CUE.search(s) and not any(n.lower() in s.lower() for n in named) for s in sentences)


class SymptomTargets(AnswerHandler):
    """A handler that describes symptoms: finds the ones a question is about."""

    def targets(self, queries: list[str], fields: Sequence[str] = ()) -> tuple[list[int], list[Statement]]:
        """Symptom indices a descriptor question is about, and statements for named
        symptoms that are denied ("I don't actually have any X") or unknown ("not sure").
        With no named symptom (for a factors question, or none the patient has in a turn that
        also asks which symptoms the patient has): the present symptom of the system the turn names that holds
        one of the asked descriptor ``fields``
        (:meth:`~tod.patient.record_lookup.RecordLookup.of_turn_system`), else the chief one;
        a factors question whose named symptoms the patient lacks takes the complaint only
        when a sentence of it asks about factors without naming them (:func:`asks_factors_unnamed`)."""
        symptoms = self.lookup.case.symptoms
        if not queries:
            present = [i for i, s in enumerate(symptoms) if s.status is Status.present]
            if not present:
                return [], [Statement("common", "not_recorded", "not_recorded")]
            # the symptom of the system the turn names, when it holds what is asked
            system = [i for i in present if self.lookup.of_turn_system(i) and any(getattr(symptoms[i], f) for f in fields)]
            return [(system or present)[0]], []
        candidates = [(i, (s.name,)) for i, s in enumerate(symptoms)]
        named = list(queries)
        queries = self._described(queries)
        targets: list[int] = []
        other: list[Statement] = []
        unknown: list[str] = []
        maybe: list[str] = []
        for query in queries:
            path = self.lookup.best(query, [(f"symptoms[{i}]", texts) for i, texts in candidates])
            hit = None if path is None else symptom_index(path)
            if hit is None:
                unknown.append(query)
            elif symptoms[hit].status is Status.denied:
                other.append(self._symptom_absent(hit))
            elif hit not in targets:
                targets.append(hit)
        # "how long have you had the leg swelling?" with leg ulcers recorded and no symptom of
        # the question found: that symptom is described, with the honest link
        linked, maybe, unknown = self.lookup.linked(unknown, within="symptoms[") if not targets else ([], [], unknown)
        linked_symptoms = [*linked, *maybe]
        # a recorded denial that covers a named symptom is said, not described
        present, denied = self.lookup.by_status(linked_symptoms)
        targets += [i for i in map(symptom_index, present) if i not in targets]
        other += [self._symptom_absent(symptom_index(p)) for p in denied]
        other += self.say.maybe("ask_symptom", [p for p in maybe if p in linked_symptoms])
        _, _, _, absent = self.lookup.unmatched(unknown)
        unsure = [q for q in unknown if q not in absent]
        # "how long have you had the rash?" with no rash recorded: "I haven't actually had any rash."
        other += self.say.absent("common", absent)
        if unsure:
            other += self.not_sure.answer("common", unsure)
        if not targets and self.lookup.turn_asks_symptoms and any(f.endswith("_factors") for f in fields) \
                and asks_factors_unnamed(self.lookup.turn_text, named):
            # "Any fever? Anything that makes it worse?": the named symptoms the patient lacks
            # answer the symptom question; the factors are those of the symptom the patient has,
            # when recorded (a "haven't paid attention to what affects ..." about a symptom the
            # doctor did not name reads as an answer to a question not asked); a factors
            # question naming its symptoms ("Any joint pain that is worse with heat?") is
            # answered by them alone, never with the complaint's factors
            fallback, _ = self.targets([], fields)
            symptoms = self.lookup.case.symptoms
            targets = [i for i in fallback if any(getattr(symptoms[i], f) for f in fields)]
        return targets, other

    def _described(self, queries: list[str]) -> list[str]:
        """The named items a descriptor or factors question is about. In a turn that also asks
        which symptoms the patient has ("Tell me about the night sweats: are they severe? Any
        other symptoms, such as fatigue or fever?"), the slot values of that question come with
        it, after the item described: the description is of the first item named, never of
        a symptom of the list (the fever's degree) nor of one linked in other words to an item
        of the list; the symptom question answers those items itself."""
        return queries[:1] if self.lookup.turn_asks_symptoms else queries

    def _symptom_absent(self, index: int) -> Statement:
        """"I don't actually have any X" of the recorded denied symptom at ``index``."""
        return Statement("common", "symptom_absent", "denied", {"symptom": self.symptom_fill(index)}, items=1)
