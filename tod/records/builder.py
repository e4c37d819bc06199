"""Assembling one imported case: facts in, a valid ``case`` object out.

Shared by the importers. :class:`CaseBuilder` keeps single-valued fields first-come (a
present fact wins over a denial of the same field), merges repeated symptoms, resolves
contradictions (a present item beats a denial of the same item; a blanket denial goes when
the field holds present items), speaks values in the patient's person (first person for an
adult; a parent speaks for a child, so a child's record keeps "his"/"her"), and leaves out
every fact that names the diagnosis, with a warning. Clauses no rule could place are
counted (:attr:`CaseBuilder.unrouted`) and listed in the warnings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from tod.lexicon import default_lexicon
from tod.records.model import Status
from tod.records.patterns import load_patterns, load_yaml
from tod.records.phrases import first_person, lower_chart_word, split_time
from tod.records.routing import SINGLE_FIELDS, SYMPTOMS, Routing, item_field
from tod.records.symptom_names import is_fragment, looks_like_symptom

_RE = load_patterns("builder")


def known_result(name: str, result: str) -> bool:
    """Whether an examination's text says the patient already knew the result (the patterns
    ``known_name`` and ``known_result`` of ``tod/records/data/builder.yaml``); other results
    are this visit's and come from the examiner."""
    return _RE.known_name.search(name) is not None or _RE.known_result.search(result) is not None


#: Where an examination was listed: a physical examination section or a test results section.
Section = str


def _leading_words(result: str) -> str:
    """A result without its leading article or possessive ("my MMSE score is 19/30" -> "MMSE score is 19/30")."""
    return re.sub(r"^(?:(?:a|an|the|my|his|her|their|your)\s+)+", "", result.strip(), flags=re.I)


def exam_category(name: str, result: str, *, section: Section | None = None) -> str:
    """The examination category of a test from its name (and the start of its result).

    ``section`` is where the source listed it, "physical" or "tests" (None: unknown); it
    decides a name that a cue word would misfile ("Strength testing" in a physical
    examination is no lab test, a "Complete blood count" result no physical finding).
    """
    if _RE.vitals.search(name) and not _RE.bedside_sense.search(name):
        return "vital_sign"
    if _RE.function_test.search(name) or _RE.generic_exam.match(name) and _RE.function_test.match(_leading_words(result)):
        return "other"  # "Test results: The newborn does not pass his auditory screening tests" too
    if _RE.imaging.search(name) or section != "physical" and _RE.imaging.search(result[:40]):
        return "imaging"
    if section == "physical" or _RE.maneuver.search(name):
        return "physical_exam"
    if _RE.lab.search(name):
        return "lab"
    if _RE.physical.search(name):
        return "physical_exam"
    return "lab" if section == "tests" else "other"


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", str(text)).strip(" .;,:*")


def _close_variants(name: str) -> list[str]:
    """Close variants of a diagnosis name: with one word before the head left out, for names
    of three or more words ("Gastric peptic ulcer" -> "peptic ulcer", "gastric ulcer"); the
    lesion a Greek compound is named after, in its own form ("Syringomyelia" -> "syrinx",
    as "laryngo-" comes from "larynx")."""
    words = name.split()
    variants = [" ".join(words[:i] + words[i + 1:]) for i in range(len(words) - 1)] if len(words) >= 3 else []
    for word in words:
        compound = re.match(r"^(?P<root>[a-z]{3,}n)go[a-z]{4,}$", word.lower())
        if compound:
            variants.append(compound.group("root") + "x")
    return variants


def diagnosis_terms(names: Iterable[str]) -> list[str]:
    """Names a leak check looks for: each name, without and inside parentheses, and its close
    variants (:func:`_close_variants`); acronyms as written, since they are matched
    case-sensitively, the rest in lower case."""
    terms: list[str] = []
    for name in names:
        main = _clean(name)
        bare = re.sub(r"\s*\(.*?\)", "", main).strip()
        for term in [main, bare, *(t.strip() for t in re.findall(r"\(([^)]+)\)", name)), *_close_variants(bare)]:
            terms.append(term if term.isupper() and len(term) <= 5 else term.lower())
    return list(dict.fromkeys(t for t in terms if len(t) >= 3))


#: A verb left at the end of a value once its time went to the detail ("my last menstrual
#: period was" + "2 weeks ago" -> "my last menstrual period").
_DANGLING_VERB = re.compile(r"(?:\s+(?:that|which))?\s+(?:was|were|is|are|began|begun|started|occurred|happened)$", re.I)

#: Words around a symptom's name that are no part of it: a chart lead ("positive for fever",
#: "shows signs of agitation"), a tail that only says no cause is known ("weakness without
#: any specific trigger") or a tail of reasoning about the cause ("epistaxis possibly due to X",
#: "swelling secondary to X").
_SYMPTOM_FRAME = re.compile(r"^(?:(?:is |was )?positive for|(?:(?:shows?|showing|displays?|displaying|exhibits?|exhibiting) )?"
                            r"(?:signs|evidence) of)\s+(?=\w)|"
                            r",?\s+(?:(?:possibly|probably|likely|presumably) due to|(?:(?:possibly|probably|likely|presumably)\s+)?"
                            r"(?:secondary to|caused by|attributed to))\s+.*$|"
                            r",?\s+without (?:any |an )?(?:specific |obvious |apparent |known |clear )?(?:trigger|cause|reason)s?$",
                            re.I)

#: A clause of an examination result that states a conclusion ("..., consistent with X").
_CONCLUSION = re.compile(r"[,;]?\s*\b(?:consistent with|suggestive of|compatible with|diagnostic of|indicative of|"
                         r"characteristic of|typical of|confirming|confirms|suggesting|indicating|concerning for|"
                         r"in keeping with)\b")

#: A test whose result defines a diagnosis (a biopsy, histology, immunofluorescence).
_DEFINING_TEST = re.compile(r"\b(?:biops\w*|(?:histo)?patholog\w*|histolog\w*|immunofluorescen\w*|immunohistochem\w*|"
                            r"cytolog\w*)\b", re.I)
#: A word that names a lesion by its pathology ending ("keratosis", "vasculitis", "carcinoma").
_LESION_WORD = re.compile(r"^[a-z]{3,}(?:osis|oses|itis|omas?|plasia|opathy|trophy)$")


def activity_field(activity: str) -> str:
    """The field of an activity the patient does ("eating raw meat": an exposure; "wearing
    gloves", "using contact lenses": a living habit)."""
    match = _RE.activity.match(activity)
    return "history.exposures" if match and match.group("intake") else "social.living_habits"


def _names_condition(value: str) -> bool:
    """True when a past-history value names a condition: no treatment course, operation or
    verb phrase ("breast cancer", not "radiation", "lumpectomy" or "requiring hospitalization")."""
    return not (_RE.treatment_course.match(value) or item_field(value) == "history.trauma_surgery"
                or re.match(r"^(?:\w+ing|\w+ed|received|had|has)\b", value, re.I))


def history_symptom(path: str, value: str) -> str | None:
    """The symptom a history value tells, or None: a symptom of sexual activity in a sexual
    history ("painful intercourse"), a past event lived again in a history of injuries
    ("frequently re-experiences the accident" -> "re-experiencing the accident")."""
    if path == "social.sexual_history" and _RE.sexual_symptom.match(value):
        return value
    relived = _RE.relived_event.match(value) if path == "history.trauma_surgery" else None
    return f"{relived.group('v')}ing {relived.group('x')}" if relived else None


#: The treatment told in a condition's detail ("treated with chemotherapy 25 years ago").
_TREATED_WITH = re.compile(r"\btreated with (?P<x>.+?)(?= (?:\S+ )*?(?:ago|years?|months?|weeks?|days?)$|$)")


def lesion_words(terms: Iterable[str]) -> set[str]:
    """The lesion words of diagnosis names ("nipple hyperkeratosis" -> {"hyperkeratosis"})."""
    return {w for term in terms for w in re.findall(r"[a-z]+", term.lower()) if _LESION_WORD.match(w)}


@dataclass
class CaseBuilder:
    """Accumulates the facts of one case (see the module docstring).

    Args:
        leak_terms: names of the reference answer; a fact that contains one is left out.
        adult: speak values in the first person (False for a child, whose parent speaks).
    """

    leak_terms: list[str]
    adult: bool = True
    warnings: list[str] = field(default_factory=list)
    unrouted: int = 0
    symptoms: list[dict[str, Any]] = field(default_factory=list)
    history: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    social: dict[str, Any] = field(default_factory=dict)
    demographics: dict[str, Any] = field(default_factory=dict)
    examinations: list[dict[str, str]] = field(default_factory=list)
    #: Names of present symptoms the source says have gone ("the fever resolved"): facts of the
    #: case, but not the complaint an opening states.
    resolved: set[str] = field(default_factory=set)
    #: Names of symptoms read from a history field ("painful intercourse" in a sexual history):
    #: stated after the others in an opening, never before the complaint the visit is for.
    from_history: set[str] = field(default_factory=set)
    #: The history or social fact added last, while no symptom followed it: the condition a
    #: treatment course told next was for ("breast cancer ... treated with radiation").
    _last_fact: dict[str, Any] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        acronyms = [t for t in self.leak_terms if t.isupper() and len(t) <= 5]
        words = [t for t in self.leak_terms if t not in acronyms]
        self._lesions = lesion_words(self.leak_terms)
        self._leaks = [re.compile(r"(?<![A-Za-z0-9])(?:" + "|".join(re.escape(t) for t in terms) + r")(?:e?s)?(?![A-Za-z0-9])",
                                  flags) for terms, flags in ((words, re.I), (acronyms, 0)) if terms]

    def speak(self, text: str) -> str:
        """``text`` in the speaker's person: first person for an adult, as written for a child."""
        return first_person(text) if self.adult else text

    def leaks(self, text: str) -> bool:
        """True when ``text`` names the reference answer."""
        return any(pattern.search(text) for pattern in self._leaks)

    def defines_diagnosis(self, name: str, result: str) -> bool:
        """True when a defining test's result names the lesion of the diagnosis ("skin biopsy:
        hyperkeratosis with papillomatosis" for a keratosis): a word of the result ends with a
        lesion word of the diagnosis name."""
        if not self._lesions or not _DEFINING_TEST.search(f"{name} {result}"):
            return False
        return any(word.endswith(lesion) for word in re.findall(r"[a-z]+", result.lower()) for lesion in self._lesions)

    def _keep(self, where: str, text: str) -> bool:
        if self.leaks(text):
            self.warnings.append(f"{where}: left out, it names the diagnosis: {text!r}")
            return False
        return True

    def add_unrouted(self, texts: Iterable[str]) -> None:
        """Count clauses no rule could place, and list them in the warnings."""
        for text in texts:
            self.unrouted += 1
            self.warnings.append(f"unrouted: {_clean(text)!r}")

    def add_symptom(self, name: str, status: Status = Status.present, **descriptors: Any) -> None:
        """Add a symptom; a repeated name keeps the first entry and fills its missing descriptors.

        A present symptom restated with fewer words ("shooting pain" after "occasional shooting
        pain in the ear") or in other word forms ("breathing rapidly" after "rapid breathing",
        "vomited 3 times" after "vomiting", :func:`_same_roots`) is the same symptom, not a new one."""
        name = self.speak(_clean(_SYMPTOM_FRAME.sub("", _clean(name))))
        name = " ".join([lower_chart_word(name.split(" ")[0]), *name.split(" ")[1:]]) if name else name
        if not name or _RE.bare_heading.match(name) or _RE.not_a_symptom.match(name) or not self._keep("symptoms", name):
            return  # "no further symptoms", "indicative of X": no symptom of its own
        if _RE.care_plan.search(name):
            self.warnings.append(f"symptoms: left out, a plan of care is no symptom: {name!r}")
            return
        medicine = _RE.medicine_use.match(name)
        if medicine:  # "use of an antihistamine": a medication, not a symptom
            self.add_fact("history.medications", medicine.group("item"), status)
            return
        device = _RE.device_use.match(name)
        if device or _RE.activity.match(name):  # "uses contact lenses", "eating raw meat": no symptom
            self.add_fact(activity_field(name), name, status)
            return
        if self._others_event(name, status):
            return
        history = _RE.history_item.match(name)
        if history:  # "history significant for X", "family history of X": history, not a symptom
            field = "history.family_history" if history.group("family") else "history.past_diagnoses"
            self.add_fact(field, history.group("item"), status, detail="recent" if history.group("recent") else None)
            return
        values = {k: (self.speak(_clean(v)) if isinstance(v, str) else [self.speak(_clean(x)) for x in v])
                  for k, v in descriptors.items() if v}
        values = {k: v for k, v in values.items() if v and self._keep(f"symptoms.{k}", str(v))}
        for existing in self.symptoms:
            if existing["status"] == status.value and (_one_holds_other(existing["name"], name) or (
                    status is Status.denied and _same_denial(existing["name"], name))):
                self._merge_restated(existing, name, values)
                return
            if _same_item(existing["name"], name) or _same_stems(existing["name"], name) or (
                    existing["status"] == status.value and _same_roots(existing["name"], name)) or (
                    status is Status.present and existing["status"] == "present"
                    and (_restates(name, existing["name"]) or _described_again(existing["name"], name))
                    and values.get("position", existing.get("position")) == existing.get("position")):
                if status is Status.present and existing["status"] == "present":
                    for key, value in values.items():
                        if isinstance(value, list):
                            existing[key] = _distinct_items([*existing.get(key, []), *value])
                        else:
                            existing.setdefault(key, value)
                elif status is Status.present:
                    existing.update({"status": "present", **values})
                return
        self._last_fact = None
        entry: dict[str, Any] = {"name": name, "status": status.value}
        if status is Status.present:
            entry.update({k: _distinct_items(v) if isinstance(v, list) else v for k, v in values.items()})
        self.symptoms.append(entry)

    def _others_event(self, name: str, status: Status) -> bool:
        """Store what another person's event inside a symptom tells (:data:`others_loss`,
        :data:`others_finding` in builder.yaml) as the patient's fact; False when the name tells
        no such event."""
        loss = _RE.others_loss.match(name)
        if loss:
            self.add_fact("social.living_habits", loss.group("event"))
            if loss.group("head") and not is_fragment(loss.group("head")):
                self.add_symptom(loss.group("head"), status)
            return True
        found = _RE.others_finding.match(name)
        if found:
            self.add_symptom(found.group("x"), Status.present)
            return True
        return False

    @staticmethod
    def _merge_restated(existing: dict[str, Any], name: str, values: dict[str, Any]) -> None:
        """Merge a symptom stated again in other words (:func:`_one_holds_other`) into the
        entry: the more specific name stays (the one with a site, value or qualifier), missing
        descriptors are filled and factors joined without repeats. A wording that holds more
        than the entry without being kept ("a similar case with X" beside "X") adds no time
        (duration, onset), which may date another's."""
        renamed = _more_specific(name, existing["name"])
        if renamed:
            existing["name"] = name
        if existing["status"] != "present":
            return
        if not renamed and _symptom_key(name) != _symptom_key(existing["name"]):
            values = {k: v for k, v in values.items() if k not in ("duration", "onset")}
        for key, value in values.items():
            if isinstance(value, list):
                existing[key] = _distinct_items([*existing.get(key, []), *value])
            else:
                existing.setdefault(key, value)

    def add_fact(self, path: str, value: str | None, status: Status = Status.present, detail: str | None = None) -> None:
        """Add a history, social or occupation fact (``value`` None: a blanket denial).

        A time that ends the value ("peptic ulcer disease 6 months ago") becomes its detail, so
        the same item stated twice is one fact."""
        value = self.speak(_clean(value)) if value else None
        if value and _RE.bare_heading.match(value):
            value = None  # "not on any medication": a blanket denial, no item
        unrecalled = _RE.not_recalled.match(value or "")
        if unrecalled:  # "inability to remember any fall": the patient knows of none
            value, status = unrecalled.group("item"), Status.denied
        symptom = value and history_symptom(path, value)
        if symptom:  # "painful intercourse", "re-experiences the accident": a symptom
            count = len(self.symptoms)
            self.add_symptom(symptom, status)
            if len(self.symptoms) > count:
                self.from_history.add(self.symptoms[-1]["name"])
            return
        if path in ("history.medications", "history.current_treatment") and value and _RE.activity.match(value):
            path = activity_field(value)  # "using ice packs": what the patient does, no medicine
        value, time = split_time(value) if value else (value, None)
        if time:
            value, detail = _DANGLING_VERB.sub("", value).strip(" ,"), detail or time
        detail = self.speak(_clean(detail)) if detail else None
        if status is Status.present and not value:
            return
        if not self._keep(path, f"{value or ''} {detail or ''}"):
            return
        course = _RE.treatment_course.match(value or "") if path == "history.past_diagnoses" else None
        if course and status is Status.present:
            if self._treated_last_condition(course.group("x"), detail):
                return
            value = value if re.search(r"\bcourses? of\b", value, re.I) else f"a course of {course.group('x')}"
        fact = {k: v for k, v in (("value", value), ("status", status.value), ("detail", detail)) if v}
        section, name = path.split(".")
        if path in SINGLE_FIELDS:
            target = self.demographics if section == "demographics" else self.social
            current = target.get(name)
            if current is None or (current["status"] == "denied" and status is Status.present):
                target[name] = fact
            return
        items = (self.social if section == "social" else self.history).setdefault(name, [])
        for item in items:
            if _same_item(item.get("value") or "", value or "") or (
                    value and item.get("value") and _same_fact(item["value"], value)):
                if status is Status.present:
                    item["status"] = "present"
                if detail and "detail" not in item:
                    item["detail"] = detail
                self._remember(path, item)
                return
            if value and item.get("value") and item["status"] == status.value and _holds_value(item, value, detail):
                return
        items.append(fact)
        self._remember(path, fact)

    def _remember(self, path: str, fact: dict[str, Any]) -> None:
        """Keep ``fact`` as the condition a treatment course told next may be for when it is
        past history; an operation told between them keeps the condition ("cancer treated with
        mastectomy and radiation"); any other fact ends it."""
        if path != "history.trauma_surgery":
            self._last_fact = fact if path == "history.past_diagnoses" else None

    def _treated_last_condition(self, course: str, time: str | None) -> bool:
        """Give a finished treatment course ("radiation", "chemotherapy") to the past condition
        told just before it as that condition's detail ("breast cancer", detail "treated with
        radiation 3 years ago"); False when no present condition was told last. A second course
        joins the first ("treated with chemotherapy and radiation")."""
        last = self._last_fact
        if last is None or last["status"] != "present" or not _names_condition(last.get("value", "")):
            return False
        detail = last.get("detail") or ""
        told = _TREATED_WITH.search(detail)
        if told:  # a course already told: this one joins it
            last["detail"] = f"{detail[:told.end('x')]} and {course}{detail[told.end('x'):]}"
            return True
        when = time or detail
        said = f"treated with {course}" + (f" {when[0].lower()}{when[1:]}" if when else "")
        last["detail"] = f"{detail}; {said}" if detail and time and detail != time else said
        return True

    def add_routing(self, routing: Routing) -> None:
        """Add every routed fact (symptoms by name) and count the unrouted clauses."""
        for fact in routing.facts:
            if fact.field == SYMPTOMS:
                if fact.value:
                    self.add_symptom(fact.value, fact.status)
            else:
                self.add_fact(fact.field, fact.value, fact.status, fact.detail)
        self.add_unrouted(routing.unrouted)

    def add_exam(self, name: str, result: str, category: str | None = None, *, section: Section | None = None) -> None:
        """Add an examination result (category from the name and ``section`` when not given).

        A result clause that names the diagnosis ("..., consistent with X") is left out and
        the rest kept; a result already recorded under the same test is not added again."""
        name, result = _clean(name), self.speak(_clean(result))
        if self.leaks(result) and not self.leaks(name):
            kept = [p for p in re.split(r"(?<=[.;])\s+|" + _CONCLUSION.pattern, result) if p and not self.leaks(p)]
            if kept and kept != [result]:
                self.warnings.append(f"examinations.{name}: a clause naming the diagnosis left out")
                result = _clean(" ".join(kept))
        if not name or not result or not self._keep(f"examinations.{name}", f"{name}: {result}"):
            return
        if self.defines_diagnosis(name, result):
            self.warnings.append(f"examinations.{name}: left out, its result names the diagnosis by its lesion: {result!r}")
            return
        if len(name.split()) <= 4 and _RE.treatment_name.search(name):  # "IV fluids": a treatment, not a test
            heading = _RE.treatment_heading.match(name)
            self.add_fact("history.current_treatment", result if heading else name, detail=None if heading else result)
            return
        key = (name.lower().split()[-1], _normal_text(result))
        if any((e["name"].lower().split()[-1], _normal_text(e["result"])) == key for e in self.examinations):
            return
        exam = {"name": name, "result": result, "category": category or exam_category(name, result, section=section)}
        if exam["category"] == "vital_sign" and self._repeats_vitals(result):
            return  # a trend row restating readings already recorded
        if known_result(name, result):
            exam["known_to_patient"] = True
        self.examinations.append(exam)

    def _repeats_vitals(self, result: str) -> bool:
        """Whether every reading of a vital-sign result is already recorded in another vital
        sign ("BP 120/80 mmHg, HR 90/min" after "Blood pressure: 120/80 mmHg" and "Heart rate:
        90/min")."""
        readings = _vital_readings(result)
        if not readings or re.search(r"[a-z]{3,}", _VITAL_WORDS.sub(" ", _READING.sub(" ", result.lower()))):
            return False  # words beyond the readings ("lower when standing") say more
        return readings <= {r for e in self.examinations if e["category"] == "vital_sign" for r in _vital_readings(e["result"])}

    def examined(self, name: str) -> bool:
        """Whether a physical examination finding names the sign ``name``: its roots all in one
        finding's name and result ("scleral icterus" in "Eyes: scleral icterus noted")."""
        key = _symptom_key(name)
        return bool(key) and any(key <= _symptom_key(f"{e['name']} {e['result']}")
                                 for e in self.examinations if e["category"] == "physical_exam")

    def present_symptoms(self) -> list[dict[str, Any]]:
        """The symptoms recorded as present, in order."""
        return [s for s in self.symptoms if s["status"] == "present"]

    def current_symptoms(self) -> list[dict[str, Any]]:
        """The present symptoms an opening may state: those not :attr:`resolved`, or all
        present ones when every one has resolved; those read from a history field last."""
        present = self.present_symptoms()
        current = [s for s in present if s["name"] not in self.resolved] or present
        return sorted(current, key=lambda s: s["name"] in self.from_history)

    def case(self, opening: str) -> dict[str, Any]:
        """The ``case`` object of the record.

        Raises:
            ValueError: no symptom was read from the case.
        """
        if not self.present_symptoms():
            raise ValueError("no symptom could be read from the case")
        symptoms = _without_denials_said_twice(self.symptoms, self.history)
        return {
            "opening_statement": opening,
            "demographics": self.demographics,
            "symptoms": symptoms,
            "history": {k: _without_overruled_denials(_without_denied_symptoms(_without_restated_symptoms(v, symptoms),
                                                                               symptoms)
                                                      if k == "past_diagnoses" else v) for k, v in self.history.items()},
            "social": {k: (_without_overruled_denials(v) if isinstance(v, list) else v) for k, v in self.social.items()},
            "examinations": self.examinations,
        }


#: A vital-sign reading: a value and its unit ("120/80 mmHg", "90/min", "37.2°C", "98%").
_READING = re.compile(r"(\d+(?:\.\d+)?(?:/\d+)?)\s*(%|°\s*[cf]|mm ?hg|bpm|/min|beats|breaths)?", re.I)
#: Words that name a reading in a trend row ("BP", "heart rate", "then", "on room air").
_VITAL_WORDS = re.compile(r"\b(?:bp|hr|rr|blood pressure|heart rate|pulse|respiratory rate|respirations|temperature|temp|"
                          r"spo2|o2 sat\w*|oxygen saturation|on room air|initial(?:ly)?|repeat\w*|later|then|now|at|and|to|"
                          r"from|was|is|of|hours?|minutes?|mmhg)\b")
#: Units that say the same kind of reading.
_UNIT_KIND = {"bpm": "/min", "beats": "/min", "breaths": "/min"}


def _vital_readings(result: str) -> frozenset[tuple[str, str]]:
    """The readings of a vital-sign result as (value, unit kind) pairs."""
    readings = set()
    for value, unit in _READING.findall(result):
        unit = re.sub(r"\s+", "", unit.lower())
        readings.add((value, _UNIT_KIND.get(unit, unit)))
    return frozenset(readings)


def _normal_text(text: str) -> str:
    return re.sub(r"[^a-z0-9%/.]+", " ", text.lower()).strip()


def _item_words(text: str) -> list[str]:
    return re.sub(r"\b(?:an?|the|my|his|her)\b", " ", _normal_text(text)).split()


def _same_item(a: str, b: str) -> bool:
    """Two history values name the same item: equal once articles and punctuation go."""
    return _item_words(a) == _item_words(b)


_LINK_WORDS = frozenset({"in", "of", "the", "a", "an", "my", "his", "her", "their", "with", "on", "to"})


def _stems(text: str) -> frozenset[str]:
    """Content words without inflection ("decrease in bowel sounds" and "decreased bowel sound"
    give the same set)."""
    stems = set()
    for word in _item_words(text):
        if word in _LINK_WORDS:
            continue
        for suffix in ("es", "s", "ed", "d", "e"):
            if len(word) > 4 and word.endswith(suffix):
                word = word[: -len(suffix)]
                break
        stems.add(word.rstrip("e") if len(word) > 4 else word)
    return frozenset(stems)


def _same_stems(a: str, b: str) -> bool:
    """Two symptom names say the same in other word forms ("voice changes", "changes in voice")."""
    first, second = _stems(a), _stems(b)
    return bool(first) and first == second


#: Word endings a root leaves out ("weaker", "weakness" -> "weak"; "confused", "confusion" -> "confus";
#: "anxious", "anxiety" -> "anxi").
_ROOT_ENDINGS = ("ingly", "edly", "ively", "ness", "ence", "ance", "ation", "ion", "ing", "ive", "ous", "ety",
                 "ed", "er", "ly", "al", "es", "s", "e", "y")


def _root(word: str) -> str:
    """A word without its ending, and a verb-forming "-en" after it ("darkening" -> "dark",
    "refusal", "refused" -> "refus")."""
    for ending in _ROOT_ENDINGS:
        if len(word) - len(ending) >= 4 and word.endswith(ending):
            word = word[: -len(ending)]
            break
    return word[:-2] if len(word) >= 6 and word.endswith("en") else word


#: Roots that tell how a symptom goes, not which it is ("progressively become more confused
#: throughout the day" is confusion; "weight loss without trying" is weight loss).
_COURSE_ROOTS = frozenset(_root(w) for w in (
    "progressive", "progressively", "progressing", "worsening", "worse", "getting", "become", "becoming", "more",
    "increasing", "increased", "throughout", "day", "days", "time", "times", "feeling", "generalized", "general",
    "without", "trying", "unintentional", "unintended", "recent", "recently", "new", "constant", "persistent",
    "severe", "mild", "moderate", "occasional", "intermittent", "episodes", "episode", "several", "multiple",
    "extremely", "very", "quite", "really", "slight", "slightly", "somewhat", "onset", "frequent", "frequently",
    "repeated", "repeatedly",
    "the", "a", "an", "my", "his", "her", "with", "of", "in", "on", "and", "to", "at", "is", "are", "has", "have",
    "been", "having", "had"))


def _same_roots(a: str, b: str) -> bool:
    """Two symptom names say the same in other word forms and course words ("breathing
    rapidly" and "rapid breathing", "feeling weaker" and "generalized weakness", "vomited 3
    times" and "vomiting")."""
    first, second = ({_root(w) for w in re.findall(r"[a-z]+", text.lower())} - _COURSE_ROOTS for text in (a, b))
    return bool(first) and first == second


def _restates(short: str, long: str) -> bool:
    """``short`` names the symptom ``long`` names, with fewer words and the same head word."""
    few, many = _item_words(short), _item_words(long)
    return bool(few) and few[-1] == many[-1] and set(few) <= set(many)


#: Words that describe a symptom without naming another one ("severe back pain" is "back pain").
_DESCRIBING_WORDS = frozenset({"severe", "mild", "moderate", "intense", "worsening", "progressive", "sudden", "acute",
                               "chronic", "persistent", "constant", "intermittent", "occasional", "recurrent",
                               "increasing", "excruciating", "new", "onset", "new-onset", "sharp", "dull", "slight",
                               "marked", "extreme", "generalized", "general"})


def _described_again(known: str, new: str) -> bool:
    """``new`` is ``known`` with describing words added ("back pain" -> "severe back pain")."""
    few, many = _item_words(known), _item_words(new)
    return bool(few) and few[-1] == many[-1] and set(few) <= set(many) and set(many) - set(few) <= _DESCRIBING_WORDS


def _synonym_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The groups of ``tod/records/data/symptom_synonyms.yaml``: a pattern of the group's
    words (longest first) and the word it is compared as."""
    groups = []
    for word, others in load_yaml("symptom_synonyms").items():
        if not isinstance(others, list) or not all(isinstance(o, str) for o in others):
            raise ValueError(f"tod/records/data/symptom_synonyms.yaml: {word}: expected a list of words")
        alternatives = "|".join(re.escape(o) for o in sorted(others, key=len, reverse=True))
        groups.append((re.compile(rf"\b(?:{alternatives})\b", re.I), str(word)))
    return tuple(groups)


_SYNONYMS = _synonym_patterns()
#: Words that tie a symptom to another item or frame it without naming it ("pain during
#: periods", "appears tired").
_TIE_ROOTS = frozenset(_root(w) for w in (
    "during", "when", "while", "after", "before", "upon", "from", "for", "by", "about", "few", "minutes", "hours", "some",
    "any", "other", "appears", "appear", "seems", "looks", "noted", "observed", "reports", "reported", "anything",
    "only", "significant", "noticeable", "notable", "marked", "considerable", "kg", "lb", "lbs", "pounds", "kilograms",
    "prolonged", "gradual", "gradually", "developing", "continuous", "sustained", "amount", "afterwards"))
#: A tail that names what is absent or what causes or follows the item ("nausea without
#: vomiting", "weight gain despite poor appetite", "trouble walking due to the
#: pain"): not part of what the item names.
_OTHER_TAIL = re.compile(r"\b(?:without|but no|no|not|despite|due to|because of|caus\w+|result\w*|secondary to|"
                         r"(?:that|which) could|(?:during|in|over|for) (?:this|that|the same) (?:time|period))\b.*$", re.I)


def _symptom_key(text: str) -> frozenset[str]:
    """The roots a symptom or a factor names, compared across wordings: lay words for clinical
    ones (the lay table), one word per synonym group, no course, tie or absence words
    ("pain with menses" and "painful periods" give {pain, period})."""
    lay = _OTHER_TAIL.sub("", default_lexicon().to_lay(text).lower())
    for pattern, word in _SYNONYMS:
        lay = pattern.sub(word, lay)
    roots = {_root(w) for w in re.findall(r"[a-z]+", lay)}
    return frozenset(roots - _COURSE_ROOTS - _TIE_ROOTS - {_root(w) for w in _LINK_WORDS})


def _one_holds_other(a: str, b: str) -> bool:
    """Two symptoms or factors name one thing: the same roots (:func:`_symptom_key`;
    "fatigue" and "tiredness", "rest" and "resting for a while"), or the roots of one,
    two or more, all held by the other ("weight loss" and "weight loss of 4 kg"; a bare
    "pain" may be another pain)."""
    first, second = _symptom_key(a), _symptom_key(b)
    if not first or not second:
        return False
    smaller = min(first, second, key=len)
    return first == second or len(smaller) >= 2 and (first <= second or second <= first)


#: Where a denial's tail begins: what it is tied to or an example of ("no pain associated with
#: the swelling", "no constitutional symptoms such as fever").
_DENIAL_TAIL = re.compile(r"\s+(?:with|from|associated with|such as|like|including|elsewhere|in|on|during|after|"
                          r"before|prior to|around|near|over)\s+", re.I)


def _same_denial(a: str, b: str) -> bool:
    """Two denials deny one symptom: one names the other with a tail or a heading ("no
    itching" and "no itching with the spot", "no fever" and "no general symptoms such as
    fever"), at the same sites; "no cough" and "no coughing up blood", "no weakness" and "no arm
    weakness" stay two."""
    if {w.lower() for w in _SITE.findall(a)} != {w.lower() for w in _SITE.findall(b)}:
        return False
    short, long = sorted((a, b), key=lambda t: len(_symptom_key(t)))
    key = _symptom_key(short)
    return bool(key) and any(_symptom_key(part) == key for part in _DENIAL_TAIL.split(long, maxsplit=1))


def _distinct_items(items: list[str]) -> list[str]:
    """The items, each said once: of two that name one thing in other words
    (:func:`_one_holds_other`), the more specific is kept in the place of the first."""
    kept: list[str] = []
    for item in items:
        same = next((i for i, k in enumerate(kept) if _one_holds_other(k, item)), None)
        if same is None:
            kept.append(item)
        elif _more_specific(item, kept[same]):
            kept[same] = item
    return kept


def _same_fact(a: str, b: str) -> bool:
    """Two history values name one item in other words ("vaccinations current",
    "vaccinations are current"; "hypertension (treated with X)", "hypertension"; "known
    hypertension", "hypertension"; "depression for 2 years", "depression"). Other numbers name
    other items ("type 1 diabetes", "type 2 diabetes")."""
    numbers = [re.findall(r"\d+", _LASTING.sub(" ", re.sub(r"\s*\(.*?\)", "", t))) for t in (a, b)]
    if numbers[0] != numbers[1]:
        return False
    keys = [(_symptom_key(t), _symptom_key(re.sub(r"\s*\(.*?\)", "", t)), _history_key(_LASTING.sub(" ", t)))
            for t in (a, b)]
    return any(x and x == y for x, y in zip(keys[0], keys[1]))


#: Words that frame a history item without naming it: how it is known, treated or controlled,
#: and that it is past ("known", "diagnosis of", "treated for", "well-controlled", "in the past").
_HISTORY_FRAME = re.compile(r"\b(?:known|previous(?:ly)?|prior|past|(?:a )?diagnosis of|diagnosed(?: with| as)?|"
                            r"treated(?: for| with)?|(?:well[- ])?controlled|in the past|history(?: of)?)\b", re.I)
#: How long an item has lasted ("for 2 years", "for several months").
_LASTING = re.compile(r"\bfor (?:about |over |nearly )?(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|"
                      r"several|many|few)[- ](?:day|week|month|year)s?\b", re.I)


def _history_key(text: str) -> frozenset[str]:
    """The roots a history value names without its frame (:data:`_HISTORY_FRAME`) or a
    bracketed remark: "known hypertension" and "hypertension (treated)" give {hypertension}."""
    return _symptom_key(_HISTORY_FRAME.sub(" ", re.sub(r"\s*\(.*?\)", "", text)))


def _holds_value(item: dict[str, Any], value: str, detail: str | None) -> bool:
    """Whether a fact of the same list and status already holds ``value``: the content words
    (:func:`_stems`, two or more) of one are all words of the other ("painful left ankle
    joint" in "painful swollen left ankle joint", "abdominal hysterectomy" in "abdominal
    hysterectomy for fibroids"), and they have no two times. The item then keeps the wording
    that holds more; a one-word value ("clopamide") is never merged this way."""
    old, new = _stems(item["value"]), _stems(value)
    if detail and item.get("detail") and detail != item["detail"] or min(len(old), len(new)) < 2 \
            or not (old <= new or new <= old):
        return False
    if old < new:
        item["value"] = value
    if detail:
        item.setdefault("detail", detail)
    return True


def _without_denials_said_twice(symptoms: list[dict[str, Any]],
                                history: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The symptoms without a denial that a past diagnosis also denies in other words ("no
    renal dialysis" read twice); the denial stays in the field it reads as: a symptom name
    (:func:`~tod.records.symptom_names.looks_like_symptom`) or a class of symptoms
    ("digestive symptoms") in the symptoms, other items ("renal dialysis") in the past
    diagnoses, which drop it in :func:`_without_denied_symptoms`."""
    denied = {_history_key(f["value"]) for f in history.get("past_diagnoses", [])
              if f["status"] == "denied" and f.get("value")}
    return [s for s in symptoms if s["status"] != "denied" or looks_like_symptom(s["name"])
            or re.search(r"\bsymptoms?\b", s["name"], re.I) or _symptom_key(s["name"]) not in denied]


def _without_denied_symptoms(facts: list[dict[str, Any]], symptoms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The past diagnoses without a denial that a denied symptom already holds (same roots)."""
    said = {_symptom_key(s["name"]) for s in symptoms if s["status"] == "denied"}
    return [f for f in facts if f["status"] != "denied" or not f.get("value") or _history_key(f["value"]) not in said]


def _without_restated_symptoms(facts: list[dict[str, Any]], symptoms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The past diagnoses without the present ones that restate a present symptom and carry no
    time of their own ("history of a seizure" beside the symptom "seizure"): the symptom holds
    the fact once. A dated item ("two years ago", "for 1 year") is an earlier episode or a
    length the symptom lacks, and stays; so does a denial, which may be the right field of a
    denied item stored as a symptom."""
    said = {_symptom_key(s["name"]) for s in symptoms if s["status"] == "present"}
    return [f for f in facts if f["status"] != "present" or "detail" in f or not f.get("value")
            or _history_key(f["value"]) not in said]


#: Words that name a site: a side, a region or a body part.
_SITE = re.compile(r"\b(?:left|right|upper|lower|both|bilateral|central|inner|outer|front|back|head|face|eyes?|ears?|nose|"
                   r"mouth|lips?|teeth|throat|neck|chest|breasts?|belly|abdomen|abdominal|flank|groin|pelvi\w*|vagina\w*|"
                   r"penis|rectal|rectum|anal|arms?|elbows?|wrists?|hands?|fingers?|thumbs?|hips?|thighs?|knees?|legs?|"
                   r"calf|calves|ankles?|feet|foot|toes?|shoulders?|spine|joints?|skin|scalp|urine|stools?)\b", re.I)


def _more_specific(new: str, old: str) -> bool:
    """Whether ``new`` says more than ``old`` of one item: a value ("weight loss of 4 kg"
    over "weight loss") or a site old lacks ("knee swelling" over "swelling"); describing,
    course and setting words add nothing ("severe back pain" is "back pain")."""
    if re.search(r"\d", new) and not re.search(r"\d", old):
        return True
    return bool({w.lower() for w in _SITE.findall(new)} - {w.lower() for w in _SITE.findall(old)}) \
        and _symptom_key(old) < _symptom_key(new)


def _without_overruled_denials(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A blanket denial only when the field holds no present item; one blanket denial at most."""
    if any(f["status"] == "present" for f in facts):
        return [f for f in facts if "value" in f]
    blankets = [f for f in facts if "value" not in f]
    named = [f for f in facts if "value" in f]
    return named + blankets[:1]
