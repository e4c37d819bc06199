"""Import AgentClinic OSCE cases (MedQA structured files and NEJM free-text files) as records.

MedQA cases carry Patient_Actor sections (Demographics, History, Symptoms,
Past_Medical_History, Social_History, Review_of_Systems), examination findings, test results
and the correct diagnosis. NEJM image-challenge cases carry a question, patient_info,
physical_exams and multiple-choice answers. Free text is routed into fields by
:mod:`tod.records.routing` (best effort). AgentClinic has no reference basis or treatment,
so those stay empty unless a case has a management section.

Every import returns :class:`ImportResult` with the records and the warnings: a case fact that
contains the diagnosis name is left out of the case (it would leak the answer) and reported,
and clauses that matched no field are counted per record. Nothing is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tod.jsonl import iter_text_lines, parse_object
from tod.records.io import RecordFileError, _format_validation_error
from tod.records.model import Record, Status
from tod.records.routing import RoutedClause, is_negated, is_not_provided, route_text, split_sentences

_WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a": 1, "an": 1, "several": 3, "few": 3,
}
_AGE = re.compile(r"(\d+(?:\.\d+)?|" + "|".join(_WORD_NUMBERS) + r")[- ](year|month|week|day)s?[- ]old", re.I)
_DURATION = re.compile(
    r"\b((?:\d+|" + "|".join(_WORD_NUMBERS) + r")(?:[- ]to[- ]\d+)?[- ](?:hour|day|week|month|year)s?)(?![- ]old)"
    r"(?:[- ](?:history|duration)| ago)?"
    r"|\b(since (?:yesterday|this morning|last night|last week|\w+ days? ago))"
    r"|\b(started (?:yesterday|today|this morning|last night))",
    re.I,
)
_FEMALE = re.compile(r"\b(female|woman|girl|lady|mother|f)\b", re.I)
_MALE = re.compile(r"\b(male|man|boy|gentleman|father|m)\b", re.I)
_IMAGING = re.compile(r"x-?ray|radiograph|\bct\b|mri|ultraso\w*|echocardio\w*|imaging|scan|angiogra\w*|"
                      r"mammogra\w*|fluorosc\w*|endoscop\w*|colonoscop\w*", re.I)
_PHYSICAL = re.compile(r"exam|inspection|palpation|auscultation|appearance|general|neuro|abdom|cardio|"
                       r"respirat|skin|extremit|heent|musculo|cranial|reflex|motor|sensation|gait", re.I)

_DEPARTMENT_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (dept, re.compile(pattern, re.I))
    for dept, pattern in (
        ("obstetrics_gynecology", r"pregnan|ovar|uter|cervi|endometri|vagin|menstru|placent|gestation|eclampsia|"
         r"mola|ectopic|postpartum|labor|vulv|polycystic|breast"),
        ("psychiatry", r"depress|anxiety|bipolar|schizo|psych|personality|panic|obsessive|ptsd|delirium|"
         r"dementia|anorexia|bulimia|substance|withdrawal|adhd|autism|conversion|somat"),
        ("dermatology", r"derma|skin|rash|psoria|eczema|melan|acne|urticaria|pemphig|lichen|vitiligo|"
         r"ochronosis|nevus|keratosis|tinea|alopecia|telangiect|lesion"),
        ("infectious_disease", r"infect|virus|viral|bacter|sepsis|hiv|tubercul|malaria|syphilis|lyme|"
         r"fung|parasit|pneumonia|meningitis|hepatitis|abscess|cellulitis|osteomyelitis|endocarditis|"
         r"mononucleosis|influenza|covid|worm|leishman|toxoplasm|herpes|zoster|chlamydia|gonorr"),
        ("neurology", r"neuro|stroke|seizure|epilep|myasthenia|sclerosis|parkinson|migraine|headache|"
         r"neuropathy|palsy|ataxia|guillain|encephal|dystroph|myelo|leukoencephal|brain"),
        ("ent", r"\bear\b|otitis|sinus|laryn|pharyn|tonsil|nasal|hearing|vertigo|meniere|cholesteatoma|"
         r"epistaxis|thyroglossal|parotid"),
        ("surgery", r"fracture|append|hernia|obstruction|volvulus|perforat|rupture|torsion|trauma|"
         r"bursitis|tear|dislocation|cholecyst|aneurysm|ischemia|intussusception|pyloric"),
    )
)


class ImportFormatError(ValueError):
    """An unknown import format or a case that does not have the expected structure."""


@dataclass
class ImportResult:
    """Records imported from one file, with per-record warnings (leaks removed, unrouted text)."""

    records: list[Record] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class _CaseBuilder:
    """Accumulates facts for one case, keeping single-valued fields first-come and
    refusing contradictions and leaks of the diagnosis."""

    def __init__(self, diagnosis: str) -> None:
        self.diagnosis_terms = _diagnosis_terms(diagnosis)
        self.warnings: list[str] = []
        self.unrouted = 0
        self.symptoms: list[dict[str, Any]] = []
        self.history: dict[str, list[dict[str, Any]]] = {}
        self.social: dict[str, Any] = {}
        self.demographics: dict[str, Any] = {}
        self.examinations: list[dict[str, str]] = []

    def leaks(self, text: str) -> bool:
        low = text.lower()
        return any(term in low for term in self.diagnosis_terms)

    def _keep(self, where: str, text: str) -> bool:
        if self.leaks(text):
            self.warnings.append(f"{where}: left out, it names the diagnosis: {text!r}")
            return False
        return True

    def add_symptom(self, name: str, status: Status = Status.present, **descriptors: str) -> None:
        name = _clean(name)
        if not name or not self._keep("symptoms", name):
            return
        key = name.lower()
        for existing in self.symptoms:
            if existing["name"].lower() == key:
                return
        entry: dict[str, Any] = {"name": name, "status": status.value}
        if status is Status.present:
            entry.update({k: v for k, v in descriptors.items() if v})
        self.symptoms.append(entry)

    def add_fact(self, path: str, text: str, status: Status = Status.present) -> None:
        text = _clean(text)
        if not text or not self._keep(path, text):
            return
        section, name = path.split(".")
        fact = {"value": text, "status": status.value}
        if path in ("social.tobacco", "social.alcohol", "social.drug_use"):
            if name not in self.social:
                self.social[name] = fact
            return
        if path == "demographics.occupation":
            self.demographics.setdefault("occupation", {"value": text})
            return
        target = self.social if section == "social" else self.history
        items = target.setdefault(name, [])
        if any(item.get("value", "").lower() == text.lower() for item in items):
            return
        items.append(fact)

    def add_routed(self, clauses: list[RoutedClause], *, default: str | None) -> None:
        for clause in clauses:
            path = clause.field or default
            if path is None:
                self.unrouted += 1
                continue
            self.add_fact(path, clause.text, clause.status)

    def add_exam(self, name: str, result: str) -> None:
        name, result = _clean(name), _clean(result)
        if not name or not result or is_not_provided(result) or not self._keep(f"examinations.{name}", f"{name}: {result}"):
            return
        self.examinations.append({"name": name, "result": result, "category": _exam_category(name, result)})

    def case(self, opening: str) -> dict[str, Any]:
        if not self.symptoms:
            raise ImportFormatError("no symptom could be read from the case")
        _resolve_contradictions(self.symptoms)
        return {
            "opening_statement": opening,
            "demographics": self.demographics,
            "symptoms": self.symptoms,
            "history": {k: _blanket_denial_only_alone(v) for k, v in self.history.items()},
            "social": {k: (_blanket_denial_only_alone(v) if isinstance(v, list) else v) for k, v in self.social.items()},
            "examinations": self.examinations,
        }


def _blanket_denial_only_alone(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    present = [f for f in facts if f["status"] == "present"]
    if present:
        return [f for f in facts if f["status"] == "present" or not _is_blanket(f["value"])] or present
    return facts


def _is_blanket(text: str) -> bool:
    return bool(re.match(r"^\s*(no|none|denies)\b(?!.*\bof\b)", text, re.I))


def _resolve_contradictions(symptoms: list[dict[str, Any]]) -> None:
    present = {s["name"].lower() for s in symptoms if s["status"] == "present"}
    symptoms[:] = [s for s in symptoms if s["status"] == "present" or s["name"].lower() not in present]


def _diagnosis_terms(diagnosis: str) -> list[str]:
    main = diagnosis.lower().strip(" .")
    terms = [main]
    bare = re.sub(r"\s*\(.*?\)", "", main).strip()
    if bare and bare != main:
        terms.append(bare)
    terms += [t.strip().lower() for t in re.findall(r"\(([^)]+)\)", diagnosis) if len(t.strip()) > 3]
    return [t for t in terms if len(t) > 3]


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", str(text)).strip(" .;,*")


def _first_person(text: str) -> str:
    """Turn a case-report phrase into the patient's own ("on her face" -> "on my face")."""
    return re.sub(r"\b(his|her|their)\b", "my", text, flags=re.I)


def _exam_category(name: str, result: str) -> str:
    if re.search(r"biops|patholog|histolog|stain|culture|serolog|antibod|level|count|panel", name, re.I):
        return "lab"
    if re.search(r"vital|temperature|blood_?pressure|heart_?rate|pulse|respiratory_?rate|oxygen|saturation|"
                 r"\bbp\b|weight|height|bmi", name, re.I):
        return "vital_sign"
    if _IMAGING.search(name) or _IMAGING.search(result[:40]):
        return "imaging"
    if _PHYSICAL.search(name):
        return "physical_exam"
    return "lab"


def parse_age_sex(text: str) -> tuple[float | None, str | None]:
    """Age in years and sex from a demographics phrase ("35-year-old female", "8-month-old boy")."""
    age: float | None = None
    match = _AGE.search(text)
    if match:
        raw, unit = match.group(1).lower(), match.group(2).lower()
        number = float(_WORD_NUMBERS.get(raw, raw))
        age = round(number / {"year": 1, "month": 12, "week": 52, "day": 365}[unit], 2)
    elif re.search(r"\bnewborn|neonate\b", text, re.I):
        age = 0.0
    sex = "female" if _FEMALE.search(text) else "male" if _MALE.search(text) else None
    return age, sex


def find_duration(text: str) -> str | None:
    """The first duration phrase in a text ("1-month", "3 days", "since yesterday")."""
    match = _DURATION.search(text or "")
    if not match:
        return None
    return next(g for g in match.groups() if g).replace("-", " ")


def guess_department(*texts: str, age_years: float | None) -> str:
    """A department from keywords of the objective and diagnosis; children are pediatrics."""
    if age_years is not None and age_years < 16:
        return "pediatrics"
    blob = " ".join(texts)
    for dept, pattern in _DEPARTMENT_RULES:
        if pattern.search(blob):
            return dept
    return "internal_medicine"


def _flatten(prefix: str, node: Any) -> list[tuple[str, str]]:
    if isinstance(node, dict):
        out: list[tuple[str, str]] = []
        for key, value in node.items():
            name = f"{prefix} {key}".strip() if prefix and key.lower() not in ("findings", "result", "results") else (prefix or key)
            out += _flatten(name, value)
        return out
    if isinstance(node, list):
        return [(prefix, "; ".join(str(v) for v in node))]
    return [(prefix, str(node))]


def _exam_name(raw: str) -> str:
    return raw.replace("_", " ").strip()


def _denied_symptoms(text: str) -> tuple[list[str], list[str]]:
    """Split a review-of-systems text into (denied, reported) symptom names."""
    denied: list[str] = []
    reported: list[str] = []
    for sentence in split_sentences(text):
        match = re.match(r"^(?:the )?(?:patient )?(denies|denied|no|negative for|reports no|without)\s+(?:any\s+)?(.*)$",
                         sentence, re.I)
        if match:
            items = re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+", match.group(2))
            denied += [_clean(re.sub(r"^(experiencing\s+)?(any\s+)?(recent|other)?\s*", "", i, flags=re.I))
                       for i in items if _clean(i)]
        elif re.match(r"^(?:the )?(?:patient )?(reports|endorses|positive for|notes|complains of)\s+(.*)$", sentence, re.I):
            rest = re.sub(r"^(?:the )?(?:patient )?\w+( of| for)?\s+", "", sentence, flags=re.I)
            reported += [_clean(i) for i in re.split(r",\s*(?:and\s+)?|\s+and\s+", rest) if _clean(i)]
    return [d for d in denied if len(d) < 60], [r for r in reported if len(r) < 60]


def _split_symptom(text: str) -> tuple[str, str | None]:
    """Split "Knee pain, specifically over the medial tibia" into name and position."""
    parts = [p.strip() for p in re.split(r",\s*", text, maxsplit=1)]
    if len(parts) == 2 and re.search(r"\b(over|on|in|at|left|right|aspect|side|radiat\w*|located)\b", parts[1], re.I):
        return parts[0], parts[1]
    return text, None


def _opening(symptom: str, duration: str | None, *, child: bool) -> str:
    """A plain opening statement built from the chief symptom (imported cases have none)."""
    who = "My child has" if child else "I've"
    text = f"Doctor, {who} been having {symptom[:1].lower() + symptom[1:]}."
    if duration and duration[0].isdigit():
        text += f" It has been going on for {duration}."
    elif duration:
        text += f" It {duration}." if duration.startswith("started") else f" It has been like this {duration}."
    return text + " I'd like to know what is going on."


def import_medqa_case(case: dict[str, Any], *, case_id: str) -> tuple[Record, list[str]]:
    """Convert one AgentClinic MedQA OSCE case to a record (and its warnings)."""
    osce = case.get("OSCE_Examination")
    if not isinstance(osce, dict) or "Patient_Actor" not in osce or "Correct_Diagnosis" not in osce:
        raise ImportFormatError("expected OSCE_Examination with Patient_Actor and Correct_Diagnosis")
    actor = osce["Patient_Actor"]
    diagnosis = _clean(osce["Correct_Diagnosis"])
    builder = _CaseBuilder(diagnosis)
    age, sex = parse_age_sex(str(actor.get("Demographics", "")))
    if age is not None:
        builder.demographics["age_years"] = age
    if sex:
        builder.demographics["sex"] = sex
    history = str(actor.get("History", ""))
    duration = find_duration(history)
    symptoms = actor.get("Symptoms") or {}
    primary = symptoms.get("Primary_Symptom") if isinstance(symptoms, dict) else None
    secondary = symptoms.get("Secondary_Symptoms", []) if isinstance(symptoms, dict) else symptoms
    if primary:
        name, position = _split_symptom(str(primary))
        builder.add_symptom(name, duration=duration or "", position=position or "")
    for item in secondary or []:
        builder.add_symptom(str(item))
    denied, reported = _denied_symptoms(str(actor.get("Review_of_Systems", "")))
    for item in reported:
        builder.add_symptom(item)
    for item in denied:
        builder.add_symptom(item, Status.denied)
    past = actor.get("Past_Medical_History")
    builder.add_routed(route_text(past), default="history.past_diagnoses")
    for key in ("Current_Medications", "Medications", "Drug_History"):
        value = actor.get(key)
        items = value if isinstance(value, list) else split_sentences(str(value)) if value else []
        for item in items:
            if not is_not_provided(str(item)):
                builder.add_fact("history.medications", str(item), Status.denied if is_negated(str(item)) else Status.present)
    family = actor.get("Family_History")
    if family and not is_not_provided(str(family)):
        builder.add_routed(route_text(str(family)), default="history.family_history")
    builder.add_routed(route_text(actor.get("Social_History")), default="social.living_habits")
    builder.add_routed([c for c in route_text(history) if c.field], default=None)
    for section in ("Physical_Examination_Findings", "Test_Results"):
        for name, result in _flatten("", osce.get(section) or {}):
            builder.add_exam(_exam_name(name), result)
    first = builder.symptoms[0]["name"] if builder.symptoms else "these symptoms"
    child = age is not None and age < 10
    record = {
        "id": case_id,
        "department": guess_department(str(osce.get("Objective_for_Doctor", "")), diagnosis, age_years=age),
        "source": "agentclinic-medqa",
        "case": builder.case(_opening(first, duration, child=child)),
        "reference": {"diagnosis": diagnosis, "treatment": _management(osce)},
    }
    return Record.model_validate(record), builder.warnings + _unrouted_note(builder)


def _management(osce: dict[str, Any]) -> str | None:
    value = osce.get("Management_and_Follow_Up")
    if not value:
        return None
    return "; ".join(f"{k}: {v}" for k, v in _flatten("", value)) if isinstance(value, (dict, list)) else str(value)


def _unrouted_note(builder: _CaseBuilder) -> list[str]:
    return [f"{builder.unrouted} free-text clauses matched no field"] if builder.unrouted else []


_NEJM_PRESENTATION = re.compile(
    r"presented[^.]*?\bwith (?:an? |a several[- ]|several )?(?:(?:[\w-]+[- ](?:day|week|month|year)|"
    r"\d+[- ]\w+)[- ]history of )?(?P<symptom>[^.;]+?)(?:\.|;| and (?:a|an) |, (?:and )?(?:a|an) \d)",
    re.I,
)
_SECOND_PERSON = re.compile(r"^(for your role|as a patient|you are|here's|here is|your role)", re.I)


def import_nejm_case(case: dict[str, Any], *, case_id: str) -> tuple[Record, list[str]]:
    """Convert one AgentClinic NEJM image-challenge case to a record (and its warnings)."""
    for key in ("question", "patient_info", "answers"):
        if key not in case:
            raise ImportFormatError(f"expected field {key!r} in an NEJM case")
    answers = case["answers"]
    correct = [i for i, a in enumerate(answers) if a.get("correct")]
    if len(correct) != 1:
        raise ImportFormatError(f"expected exactly one correct answer, found {len(correct)}")
    diagnosis = _clean(answers[correct[0]]["text"])
    builder = _CaseBuilder(diagnosis)
    question = str(case["question"])
    age, sex = parse_age_sex(question)
    if age is not None:
        builder.demographics["age_years"] = age
    if sex:
        builder.demographics["sex"] = sex
    duration = find_duration(question)
    match = _NEJM_PRESENTATION.search(question)
    symptom = match.group("symptom") if match else split_sentences(str(case["patient_info"]))[-1]
    builder.add_symptom(_first_person(symptom), duration=duration or "")
    info = [s for s in split_sentences(str(case["patient_info"])) if not _SECOND_PERSON.match(s)]
    builder.add_routed([c for c in route_text(" ".join(info)) if c.field], default=None)
    builder.unrouted += sum(1 for c in route_text(" ".join(info)) if not c.field)
    for number, item in enumerate(split_sentences(str(case.get("physical_exams", ""))), start=1):
        name, _, result = item.partition(":")
        if re.match(r"^the information|relevant to", item, re.I):
            continue
        if result.strip():
            builder.add_exam(name, result)
        else:
            builder.add_exam(f"finding {number}", item)
    child = age is not None and age < 10
    first = builder.symptoms[0]["name"] if builder.symptoms else symptom
    record = {
        "id": case_id,
        "department": guess_department(question, diagnosis, age_years=age),
        "source": "agentclinic-nejm",
        "case": builder.case(_opening(first, duration, child=child)),
        "reference": {
            "diagnosis": diagnosis,
            "alternatives": [_clean(a["text"]) for i, a in enumerate(answers) if i != correct[0]],
            "options": [_clean(a["text"]) for a in answers],
            "answer_index": correct[0],
        },
    }
    return Record.model_validate(record), builder.warnings + _unrouted_note(builder)


#: Import formats understood by :func:`import_file`.
FORMATS: tuple[str, ...] = ("agentclinic",)


def import_file(path: str | Path, *, fmt: str = "agentclinic") -> ImportResult:
    """Import every case of an AgentClinic JSONL file (MedQA or NEJM, detected per line).

    Record ids are ``<file stem>-<line number>``.

    Raises:
        ImportFormatError: unknown format.
        RecordFileError: a line that is not JSON or cannot be converted, naming file and line.
    """
    if fmt not in FORMATS:
        raise ImportFormatError(f"unknown import format {fmt!r}; expected one of: {', '.join(FORMATS)}")
    path = Path(path)
    result = ImportResult()
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", path.stem)
    for number, line in iter_text_lines(path, RecordFileError):
        where = f"{path}:{number}"
        case = parse_object(line, where=where, error=RecordFileError)
        convert = import_medqa_case if "OSCE_Examination" in case else import_nejm_case
        case_id = f"{stem}-{number}"
        try:
            record, warnings = convert(case, case_id=case_id)
        except ImportFormatError as exc:
            raise RecordFileError(f"{where}: case {case_id}: {exc}") from None
        except ValidationError as exc:
            raise RecordFileError(f"{where}: case {case_id}: {_format_validation_error(exc)}") from None
        result.records.append(record)
        result.warnings += [f"{case_id}: {w}" for w in warnings]
    return result
