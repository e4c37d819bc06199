"""Reading a case by field path, and the record texts each path may be spoken as.

Field paths are those of :func:`tod.records.model.iter_fact_paths` ("symptoms[0].duration",
"history.allergies[1]", "social.tobacco", "demographics.age_years", "examinations[2]").
:func:`field_texts` is the single definition of which strings a path contributes to a
reply, and :func:`spoken_phrase` of how they are joined into one phrase; the policy fills
templates from them and the provenance guard checks against them.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Callable

from tod.patient.matching import body_regions
from tod.patient.plain import (
    owned_places, own_parts, plain_value, spoken_reading, symptom_clause, symptom_said,
)
from tod.patient.spoken import course_or_finding_said, spoken_fact
from tod.patient.templates import with_result
from tod.patient.voice import (
    MEDICINE_FORMS,
    SUBJECTS,
    about_child,
    first_person,
    occupation_phrase,
    occupation_said,
    owner_word,
    parent_speaks,
    relative_phrase,
    verb_clause,
    with_article,
)
from tod.records.model import CaseFacts, Examination, Fact, Status, Symptom, iter_fact_paths

_STEP = re.compile(r"([A-Za-z_]+)(?:\[(\d+)\])?")


class FactPathError(KeyError):
    """A field path that does not name a recorded value of the case."""


def resolve(case: CaseFacts, path: str) -> Any:
    """The value at ``path`` in ``case``.

    Raises:
        FactPathError: a malformed path, an unknown attribute, an index out of range, or a
            path to a field that is not recorded (``None``).
    """
    value: Any = case
    for step in path.split("."):
        match = _STEP.fullmatch(step)
        if match is None or not hasattr(value, match.group(1)):
            raise FactPathError(f"bad field path {path!r} at {step!r}")
        value = getattr(value, match.group(1))
        if match.group(2) is not None:
            index = int(match.group(2))
            if not isinstance(value, list) or index >= len(value):
                raise FactPathError(f"field path {path!r}: index {index} out of range")
            value = value[index]
    if value is None:
        raise FactPathError(f"field path {path!r} is not recorded")
    return value


def resolve_list(case: CaseFacts, path: str) -> list[Fact]:
    """The list of facts at ``path`` ("history.allergies"); empty when nothing is recorded."""
    section, name = path.split(".")
    return list(getattr(getattr(case, section), name))


def resolve_optional(case: CaseFacts, path: str) -> Any:
    """The single value at ``path`` (a :class:`Fact` at "social.tobacco", a number at
    "demographics.age_years"), or ``None`` when not recorded."""
    section, name = path.split(".")
    return getattr(getattr(case, section), name)


#: Days in a year and in a month, to say a baby's age in days, weeks or months.
_DAYS_A_YEAR = 365.25
_DAYS_A_MONTH = _DAYS_A_YEAR / 12


def _counted(number: int, unit: str) -> str:
    """"1 week old", "3 weeks old"."""
    return f"{number} {unit} old" if number == 1 else f"{number} {unit}s old"


def spoken_age(age_years: float) -> str:
    """An age as a person (or a parent) says it: "52 years old", "1 year old", "6 months
    old", "3 weeks old", "5 days old", "a newborn".

    Under a month the age is given in days, from a week in whole weeks, and a baby under a
    day old is "a newborn" (never "0 months old"); under two years in whole months (0.5 ->
    "6 months old", 1.5 -> "18 months old"); from two on, in whole years rounded down.
    """
    days = age_years * _DAYS_A_YEAR
    if days < _DAYS_A_MONTH - 0.5:
        whole_days = round(days)
        if whole_days < 1:
            return "a newborn"
        return _counted(whole_days, "day") if whole_days < 7 else _counted(whole_days // 7, "week")
    if age_years < 2:
        months = max(round(age_years * 12), 1)
        if months % 12 == 0:
            return _counted(months // 12, "year")
        return _counted(months, "month")
    return _counted(int(age_years), "year")


#: From this age (years) a patient is "a man" or "a woman", below it "a boy" or "a girl".
ADULT_AGE = 16


def sex_words(sex: str, *, child: bool) -> tuple[str, ...]:
    """How a recorded sex may be spoken: ("male", "a man") or ("male", "a boy") for a child."""
    noun = {"male": ("a boy" if child else "a man"), "female": ("a girl" if child else "a woman")}[sex]
    return (sex, noun)


#: A category label a record may put before an examination's name ("Vital Signs Blood Pressure").
_EXAM_LABEL = re.compile(r"^(?:vital signs?|laboratory(?: results?| tests?)?|lab(?: results?| tests?)?|imaging)"
                         r"\s*[:-]?\s+(?=\S)", re.IGNORECASE)
#: An owner before an examination's name ("patient's weight", "his pulse"): the reply says whose.
_EXAM_OWNER = re.compile(r"^(?:the )?(?:patient'?s'?|my|his|her)\s+(?=\S)", re.IGNORECASE)


def exam_name(name: str) -> str:
    """An examination's name as a person says it: without a category label before it
    ("Vital Signs Blood Pressure" -> "blood pressure") or an owner ("patient's weight" ->
    "weight", the reply says whose), a name in title case in lower case
    ("Complete Blood Count" -> "complete blood count", "Temperature" -> "temperature", so it
    reads in lower case inside a sentence; acronyms such as "ECG" kept)."""
    bare = _EXAM_OWNER.sub("", _EXAM_LABEL.sub("", name.strip()))
    words = bare.split()
    if words and all(w[:1].isupper() and w[1:].islower() for w in words if w[:1].isalpha()):
        bare = bare.lower()
    return bare


def _strip(text: str) -> str:
    return text.strip().rstrip(".;,").strip()


def field_texts(case: CaseFacts, path: str) -> tuple[str, ...]:
    """The raw record strings that ``path`` may contribute to a reply (not lay-mapped).

    * a symptom: its name; a descriptor or factor: its text;
    * a :class:`Fact`: its value and its detail (whichever are set);
    * an examination: its name and its result;
    * ``demographics.age_years``: :func:`spoken_age`; ``demographics.sex``:
      :func:`sex_words` (child forms under :data:`ADULT_AGE`); weight and height: their text.

    Trailing sentence punctuation is stripped so a text can end a templated sentence. Where
    the patient speaks for themself, third-person words of the record are put in the first
    person (:func:`~tod.patient.voice.first_person`: "walks his dog" -> "I walk my dog");
    where a parent speaks, a note gets the child as its subject (:func:`~tod.patient.voice.about_child`).

    Raises:
        FactPathError: as :func:`resolve`.
    """
    value = resolve(case, path)
    if path == "demographics.age_years":
        return (spoken_age(float(value)),)
    if path == "demographics.sex":
        age = case.demographics.age_years
        return sex_words(value, child=age is not None and age < ADULT_AGE)
    if isinstance(value, Symptom):
        texts: tuple[str | None, ...] = (value.name,)
    elif isinstance(value, Fact):
        texts = (value.value, value.detail)
    elif isinstance(value, Examination):
        texts = (exam_name(value.name), value.result)
    else:
        texts = (str(value),)
    caregiver = parent_speaks(case)
    if texts and texts[0] and not path.startswith("demographics"):
        subject = SUBJECTS[case.demographics.sex] if caregiver else "I"
        texts = (without_chart_tail(case, path, texts[0], subject), *texts[1:])
    if not path.startswith("demographics") or path == "demographics.occupation":
        if caregiver:
            texts = tuple(about_child(t, case.demographics.sex) if t else t for t in texts)
        else:
            texts = tuple(first_person(t) if t else t for t in texts)
    texts = _spoken_item(case, path, texts, caregiver)
    return tuple(_strip(t) for t in texts if t)


#: A chart tail after what a value names: a relative clause about the patient ("kidney disease
#: who was undergoing dialysis"), a "despite" clause or a place in hospital ("on the medical
#: floor", "in the ICU"), each to the end of the value.
_CHART_TAIL = re.compile(
    r" (?:(?P<who>who (?P<verb>was|is|had|has|were|underwent|received)\b)|despite\b|"
    r"(?P<place>(?:on|in) the (?:(?:medical|surgical|general|paediatric|pediatric|cardiac) (?:floor|ward)|"
    r"ICU|intensive care unit|emergency department|emergency room|ER|ED)\b)).*$",
    re.IGNORECASE,
)
#: Fact lists of conditions the patient had, where a treatment after the condition is a chart tail.
_CONDITION_LISTS = ("history.past_diagnoses[", "history.trauma_surgery[")
#: A treatment named after a condition ("with levofloxacin", "on levothyroxine").
_TREATED = re.compile(r" (?:with|on) ([A-Za-z][\w-]+)(?=[ ,;]|$)")
#: Nouns for a person, after which "who ..." is a plain relative clause ("an uncle who had ...").
_PERSON = re.compile(r"\b(?:man|woman|men|women|person|people|friend|colleague|partner|child|children|boy|girl|baby|"
                     r"mother|father|mum|dad|parents?|sister|brother|siblings?|uncle|aunt|cousin|son|daughter|"
                     r"grand\w+|husband|wife|neighbou?r|roommate|classmate|someone|patient|relative)$", re.IGNORECASE)
#: Words that hold no fact of their own when checking whether a tail is recorded elsewhere.
_NO_FACT_WORDS = frozenset("""who was is had has were with on in to the a an of and or for at by from despite use
    that this then than been being""".split())
#: A verb after "who" as the speaker says it of themself ("who has" -> "I have").
_FIRST_PERSON_VERB = MappingProxyType({"is": "am", "has": "have", "were": "was"})


def _fact_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][\w-]+", text.lower()) if w not in _NO_FACT_WORDS}


def _other_texts(case: CaseFacts, path: str) -> list[str]:
    """The raw texts of the record's facts other than ``path`` (and its parts), and its opening."""
    texts = [case.opening_statement]
    for other, _ in iter_fact_paths(case):
        if other != path and not other.startswith(path + "."):
            value = resolve(case, other)
            texts.extend(str(getattr(value, name, "") or "") for name in ("name", "value", "detail", "result"))
    return texts


def _recorded_drugs(case: CaseFacts) -> set[str]:
    """The first word of each recorded medication, in lower case ("levothyroxine")."""
    return {m.value.split()[0].lower() for m in case.history.medications if m.value and m.value.split()}


def without_chart_tail(case: CaseFacts, path: str, value: str, subject: str = "I") -> str:
    """``value`` as the patient says it, without the chart's tails: after a past condition, a
    treatment with a recorded medication ("pneumonia with levofloxacin" -> "pneumonia", the
    medicine is said where medicines are asked), and a tail (:data:`_CHART_TAIL`) whose fact words the
    record's other facts all hold. A tail with a fact of its own is kept, said as its own
    clause where it is a relative clause about the patient ("kidney disease who was on
    dialysis" -> "kidney disease; I was on dialysis", ``subject`` being the speaker's word
    for the patient) or a place ("pneumonia on the medical floor" -> "pneumonia; that was on
    the medical floor")."""
    if path.startswith(_CONDITION_LISTS):
        drugs = _recorded_drugs(case)
        value = _TREATED.sub(lambda m: "" if m.group(1).lower() in drugs else m.group(0), value)
    match = _CHART_TAIL.search(value)
    if match is None or match.start() == 0:
        return value
    head, tail = value[:match.start()], value[match.start() + 1:]
    if _fact_words(tail) <= _fact_words(" ".join(_other_texts(case, path))):
        return head
    if match.group("who") and not _PERSON.search(head.rstrip(",; ")):
        verb = match.group("verb").lower()
        said = _FIRST_PERSON_VERB.get(verb, verb) if subject == "I" else verb
        return f"{head}; {subject} {said}{tail[match.end('verb') - match.start() - 1:]}"
    if match.group("place"):
        return f"{head}; that was {tail}"
    return value


#: How a parent's note about the child starts (:func:`~tod.patient.voice.about_child`).
_CHILD_SUBJECTS = frozenset({"she", "he", "my"})

#: Fact lists whose values name a countable thing the patient (or a relative) had ("a heart
#: attack", "an uncomplicated pregnancy", "an operation for vomiting as a baby").
_COUNTABLE_LISTS = ("history.past_diagnoses[", "history.trauma_surgery[", "history.family_history[",
                    "history.vaccinations[", "social.reproductive_history[", "history.exposures[")
#: Fields of the patient's own past whose templates take a clause ("present_clause", or
#: "Well, {items}."): a value that is a verb phrase is said as a clause with the speaker's
#: subject ("born at full term" -> "I was born at full term").
_OWN_FIELDS = ("history.past_diagnoses[", "history.trauma_surgery[", "history.vaccinations[", "history.exposures[",
               "history.physical_changes[", "social.reproductive_history[")


#: A test in the history with what it found, in a chart's words ("laryngoscopy revealed white patches").
_TEST_FOUND = re.compile(r"^(?P<test>[\w -]+?) (?:revealed|showed|demonstrated|confirmed|found) (?P<found>\w.*)$",
                         re.IGNORECASE)


def _finding_of_test(value: str) -> str | None:
    """A past test noted with what it found as a person says it, the test had and what it
    showed ("fiberoptic laryngoscopy revealed white patches" -> "a fiberoptic laryngoscopy,
    which showed white patches"); ``None`` for any other value."""
    match = _TEST_FOUND.match(value)
    if not match:
        return None
    return f"{with_article(match.group('test'))}, which showed {match.group('found')}"


def _spoken_item(case: CaseFacts, path: str, texts: tuple[str | None, ...], caregiver: bool) -> tuple[str | None, ...]:
    """Record values of a fact as a person says them: "a heart attack" (past diagnoses and
    operations), a recorded position as the speaker's body part ("my whole head",
    :func:`~tod.patient.plain.owned_places`), "I'm a graphic designer" (occupation), a family-history detail naming a relative
    as the speaker's ("diabetes", "my mother")."""
    if len(texts) < 1 or not texts[0]:
        return texts
    value, rest = texts[0], texts[1:]
    if path.startswith(_OWN_FIELDS):
        value = verb_clause(value, SUBJECTS[case.demographics.sex] if caregiver else "I")
    if path.startswith(_COUNTABLE_LISTS):
        value = _finding_of_test(value) or with_article(value)
    elif path == "demographics.occupation" and not (caregiver and value.split(" ", 1)[0].lower() in _CHILD_SUBJECTS):
        subject = SUBJECTS[case.demographics.sex] if caregiver else "I"
        value = occupation_said(occupation_phrase(value, subject), subject)
    if path.startswith("history.family_history[") and rest and rest[0]:
        rest = (relative_phrase(rest[0], owner_word(case.demographics.sex, caregiver=caregiver)), *rest[1:])
    if path.endswith(".position"):  # a descriptor fill says it as it is: "in {value}"
        value = owned_places(value, owner_word(case.demographics.sex, caregiver=caregiver), leading=True)
    return (value, *rest)


#: The path of a symptom's name ("symptoms[2]"), not of its descriptors.
_SYMPTOM_NAME = re.compile(r"symptoms\[\d+\]")


def _owned(path: str, text: str, owner: str) -> str:
    """``text`` of the fact at ``path`` with a bare body part placed in it as ``owner``'s
    (:func:`~tod.patient.plain.owned_places`); a relative's fact is left as it is, the body
    part is not the speaker's."""
    if path.startswith("history.family_history["):
        return text
    return owned_places(text, owner)


#: Symptoms seen on the skin, placed "on" a body part ("redness on my palms"); others "in"
#: ("weakness in my right hand").
_ON_SKIN = frozenset("""rash rashes redness spot spots patch patches lesion lesions bruise bruises bruising blister
    blisters sore sores ulcer ulcers scab scabs scabbing discoloration discolouration papules pustules bump bumps
    mark marks peeling scaling itching itch wound wounds mole moles cut cuts bite bites wart warts scratch""".split())
#: A position said as a body part of the speaker's, or both of a pair ("my palms", "both eyes",
#: "the side of my neck").
_OWNED_PLACE = re.compile(r"\b(?:my|his|her|both)\s", re.IGNORECASE)
#: How a position said after a symptom starts: a body part ("my palms", "the side of my
#: neck"), maybe with its recorded preposition ("in my chest"), not "deep in ..." or "centre of ...".
_PLACE_START = re.compile(r"^(?:(?:in|on)\s+)?(?:my|his|her|both|the)\s", re.IGNORECASE)
#: Body parts a symptom is seen "in", even one seen on the skin elsewhere ("spots in my eye").
_INSIDE_PLACES = frozenset("eye eyes ear ears mouth throat nose".split())
#: The most words of a recorded position said after a symptom's name (a longer one is a note).
_PLACE_WORDS = 5


def _placed(case: CaseFacts, path: str, name: str, to_lay: Callable[[str], str]) -> str:
    """A symptom name that names no body part, with its recorded position as the speaker's
    ("redness" -> "redness on my palms", "weakness" -> "weakness in my right hand"), so a list
    never gives a bare label the record places; the name unchanged when it names a place, or
    the position is a note (a list, more than a few words)."""
    position = getattr(resolve(case, path), "position", None)
    if not position or body_regions(name.lower()) or " and " in name or re.search(r"[,;]", position):
        return name
    owner = owner_word(case.demographics.sex, caregiver=parent_speaks(case))
    place = spoken_phrase(case, f"{path}.position", to_lay)
    if not _OWNED_PLACE.search(place):  # "the left knee" -> "my left knee"; "the side of my neck" stays
        place = re.sub(r"^the\s+", f"{owner} ", place)
    if (len(place.split()) > _PLACE_WORDS or not _PLACE_START.match(place) or not _OWNED_PLACE.search(place)
            or not body_regions(place.lower())):
        return name  # not a body part as the speaker's ("deep in the pelvis", "centre of the bump", "night-time")
    if place.split()[0].lower() in ("in", "on"):  # recorded with its preposition: "in the chest"
        return f"{name} {place}"
    on_skin = name.split()[-1].lower() in _ON_SKIN and not _INSIDE_PLACES & set(place.lower().split())
    return f"{name} {'on' if on_skin else 'in'} {place}"


def _present(case: CaseFacts, path: str) -> bool:
    """Whether the fact at ``path`` is recorded as present (a denied one is said after "no")."""
    return getattr(resolve(case, path), "status", None) != Status.denied


def spoken_phrase(case: CaseFacts, path: str, to_lay: Callable[[str], str] = lambda text: text) -> str:
    """The fact at ``path`` as one phrase of a reply: its :func:`field_texts` put into lay
    words (``to_lay``, :func:`~tod.patient.plain.plain_value`, the body part as the
    speaker's, :func:`~tod.patient.plain.own_parts`, :func:`_owned`; a symptom name that
    describes how a complaint went as a clause, :func:`~tod.patient.plain.symptom_said`; a
    medicine named by its countable form with its article, "a salmeterol inhaler")
    and joined as a person says them (an examination as "name showed result", its reading
    without chart units, :func:`~tod.patient.plain.spoken_reading`; any other fact by
    :func:`~tod.patient.spoken.spoken_fact`). The policy fills templates with it and the
    provenance guard accepts it as a text of ``path``.

    Raises:
        FactPathError: as :func:`resolve`.
    """
    caregiver = parent_speaks(case)
    subject = SUBJECTS[case.demographics.sex] if caregiver else "I"
    owner = owner_word(case.demographics.sex, caregiver=caregiver)
    texts = tuple(_owned(path, own_parts(plain_value(to_lay(t)), owner), owner) for t in field_texts(case, path))
    if path.startswith("examinations") and len(texts) > 1:
        return with_result(texts[0], spoken_reading(texts[1]))
    if _SYMPTOM_NAME.fullmatch(path) and texts:
        said = symptom_said(texts[0], subject)
        if _present(case, path):
            said = course_or_finding_said(said, subject) or symptom_clause(said, subject)
            said = _placed(case, path, said, to_lay) if said == texts[0] else said
        texts = (said, *texts[1:])
    if path.startswith("history.medications[") and texts:  # in lay words: "the pill" keeps its article
        texts = (with_article(texts[0], MEDICINE_FORMS), *texts[1:])
    voice = (lambda t: about_child(t, case.demographics.sex)) if caregiver else first_person
    return spoken_fact(path, texts, subject=subject, voice=lambda t: _strip(to_lay(voice(t))))
