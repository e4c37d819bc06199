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

from tod.records.model import Status
from tod.records.phrases import first_person, lower_chart_word
from tod.records.routing import SINGLE_FIELDS, SYMPTOMS, Routing

_IMAGING = re.compile(r"x-?ray|radiograph|\bct\b|\bmri\b|ultraso\w*|sonograph\w*|echocardio\w*|imaging|\bscan\b|"
                      r"angiogra\w*|mammogra\w*|fluorosc\w*|endoscop\w*|colonoscop\w*|\becg\b|\bekg\b|"
                      r"electrocardiogra\w*|\beeg\b|doppler|tomograph\w*|pet\b|bronchoscop\w*|laparoscop\w*", re.I)
_VITALS = re.compile(r"vital|temperature|blood[ _]?pressure|heart[ _]?rate|pulse|respiratory[ _]?rate|respirations|"
                     r"oxygen|saturation|\bbp\b|weight|height|\bbmi\b|body mass index|spo2", re.I)
_LAB = re.compile(r"biops|patholog|histolog|stain|culture|serolog|antibod|level|count|panel|blood test|urinalysis|"
                  r"laboratory|\blab|serum|plasma|smear|swab|\bpcr\b|assay|titer|titre|aspirat|fluid|analysis|"
                  r"hemoglobin|haemoglobin|glucose|sodium|potassium|creatinine|urine|test", re.I)
_PHYSICAL = re.compile(r"exam|inspection|palpation|auscultation|appearance|general|neuro|abdom|cardio|respirat|skin|"
                       r"extremit|heent|musculo|cranial|reflex|motor|sensation|gait|finding|lesion|chest|lung|heart",
                       re.I)


def exam_category(name: str, result: str) -> str:
    """The examination category of a test from its name (and the start of its result)."""
    if _VITALS.search(name):
        return "vital_sign"
    if _IMAGING.search(name) or _IMAGING.search(result[:40]):
        return "imaging"
    if _LAB.search(name):
        return "lab"
    if _PHYSICAL.search(name):
        return "physical_exam"
    return "other"


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", str(text)).strip(" .;,*")


def diagnosis_terms(names: Iterable[str]) -> list[str]:
    """Names a leak check looks for: each name, without and inside parentheses (acronyms as
    written, since they are matched case-sensitively; the rest in lower case)."""
    terms: list[str] = []
    for name in names:
        main = _clean(name)
        bare = re.sub(r"\s*\(.*?\)", "", main).strip()
        for term in [main, bare, *(t.strip() for t in re.findall(r"\(([^)]+)\)", name))]:
            terms.append(term if term.isupper() and len(term) <= 5 else term.lower())
    return list(dict.fromkeys(t for t in terms if len(t) >= 3))


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

    def __post_init__(self) -> None:
        acronyms = [t for t in self.leak_terms if t.isupper() and len(t) <= 5]
        words = [t for t in self.leak_terms if t not in acronyms]
        self._leaks = [re.compile(r"(?<![A-Za-z0-9])(?:" + "|".join(re.escape(t) for t in terms) + r")(?![A-Za-z0-9])",
                                  flags) for terms, flags in ((words, re.I), (acronyms, 0)) if terms]

    def speak(self, text: str) -> str:
        """``text`` in the speaker's person: first person for an adult, as written for a child."""
        return first_person(text) if self.adult else text

    def leaks(self, text: str) -> bool:
        """True when ``text`` names the reference answer."""
        return any(pattern.search(text) for pattern in self._leaks)

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
        """Add a symptom; a repeated name keeps the first entry and fills its missing descriptors."""
        name = self.speak(_clean(name))
        name = " ".join([lower_chart_word(name.split(" ")[0]), *name.split(" ")[1:]]) if name else name
        if not name or not self._keep("symptoms", name):
            return
        values = {k: (self.speak(_clean(v)) if isinstance(v, str) else [self.speak(_clean(x)) for x in v])
                  for k, v in descriptors.items() if v}
        values = {k: v for k, v in values.items() if v and self._keep(f"symptoms.{k}", str(v))}
        for existing in self.symptoms:
            if existing["name"].lower() == name.lower():
                if status is Status.present and existing["status"] == "present":
                    for key, value in values.items():
                        if isinstance(value, list):
                            existing[key] = list(dict.fromkeys([*existing.get(key, []), *value]))
                        else:
                            existing.setdefault(key, value)
                elif status is Status.present:
                    existing.update({"status": "present", **values})
                return
        entry: dict[str, Any] = {"name": name, "status": status.value}
        if status is Status.present:
            entry.update(values)
        self.symptoms.append(entry)

    def add_fact(self, path: str, value: str | None, status: Status = Status.present, detail: str | None = None) -> None:
        """Add a history, social or occupation fact (``value`` None: a blanket denial)."""
        value = self.speak(_clean(value)) if value else None
        detail = self.speak(_clean(detail)) if detail else None
        if status is Status.present and not value:
            return
        if not self._keep(path, f"{value or ''} {detail or ''}"):
            return
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
            if (item.get("value") or "").lower() == (value or "").lower():
                if status is Status.present:
                    item["status"] = "present"
                return
        items.append(fact)

    def add_routing(self, routing: Routing) -> None:
        """Add every routed fact (symptoms by name) and count the unrouted clauses."""
        for fact in routing.facts:
            if fact.field == SYMPTOMS:
                if fact.value:
                    self.add_symptom(fact.value, fact.status)
            else:
                self.add_fact(fact.field, fact.value, fact.status, fact.detail)
        self.add_unrouted(routing.unrouted)

    def add_exam(self, name: str, result: str, category: str | None = None) -> None:
        """Add an examination result (category from the name when not given)."""
        name, result = _clean(name), self.speak(_clean(result))
        if not name or not result or not self._keep(f"examinations.{name}", f"{name}: {result}"):
            return
        if any(e["name"].lower() == name.lower() and e["result"] == result for e in self.examinations):
            return
        self.examinations.append({"name": name, "result": result, "category": category or exam_category(name, result)})

    def present_symptoms(self) -> list[dict[str, Any]]:
        """The symptoms recorded as present, in order."""
        return [s for s in self.symptoms if s["status"] == "present"]

    def case(self, opening: str) -> dict[str, Any]:
        """The ``case`` object of the record.

        Raises:
            ValueError: no symptom was read from the case.
        """
        if not self.present_symptoms():
            raise ValueError("no symptom could be read from the case")
        return {
            "opening_statement": opening,
            "demographics": self.demographics,
            "symptoms": self.symptoms,
            "history": {k: _without_overruled_denials(v) for k, v in self.history.items()},
            "social": {k: (_without_overruled_denials(v) if isinstance(v, list) else v) for k, v in self.social.items()},
            "examinations": self.examinations,
        }


def _without_overruled_denials(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A blanket denial only when the field holds no present item; one blanket denial at most."""
    if any(f["status"] == "present" for f in facts):
        return [f for f in facts if "value" in f]
    blankets = [f for f in facts if "value" not in f]
    named = [f for f in facts if "value" in f]
    return named + blankets[:1]
