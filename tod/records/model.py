"""The structured medical record (MMD-Eval's structured case) as pydantic models.

A :class:`Record` has two parts that never mix:

* ``case``: everything the simulated patient may know (:class:`CaseFacts`);
* ``reference``: the answers the doctor is scored against (:class:`ReferenceAnswers`).

The patient simulator is handed ``record.case`` only, so it cannot reveal the reference
answers by construction.

"Denied" and "not recorded" are distinct: a :class:`Fact` with ``status="denied"`` is a
recorded negative ("non-smoker", "no allergies"); a missing field or empty list means the
record says nothing.
"""

from __future__ import annotations

from enum import Enum
from typing import Iterator, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

SCHEMA_VERSION = "1.0"

DEPARTMENTS: tuple[str, ...] = (
    "internal_medicine",
    "surgery",
    "obstetrics_gynecology",
    "pediatrics",
    "ent",
    "dermatology",
    "neurology",
    "psychiatry",
    "infectious_disease",
    "other",
)


class _Strict(BaseModel):
    """Base model: unknown fields are an error, strings are stripped."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Status(str, Enum):
    """Whether a recorded fact is present or explicitly denied."""

    present = "present"
    denied = "denied"


class Fact(_Strict):
    """One recorded item of history (a condition, drug, exposure, habit...).

    ``value`` names the item ("asthma", "penicillin"). A denied fact with no value is a
    blanket denial of the whole field ("no known allergies"). ``detail`` adds record text
    about the item ("since childhood", "rash and hives").
    """

    value: Optional[str] = None
    status: Status = Status.present
    detail: Optional[str] = None

    @model_validator(mode="after")
    def _present_needs_value(self) -> "Fact":
        if self.status is Status.present and not self.value:
            raise ValueError("a present fact needs a non-empty 'value'")
        return self


class Symptom(_Strict):
    """A symptom or sign with its descriptors (MMD-Eval's symptom attributes)."""

    name: str = Field(min_length=1)
    status: Status = Status.present
    duration: Optional[str] = None
    onset: Optional[str] = None
    #: How the symptom has gone since it began, as a participle phrase ("spreading to my
    #: arms", "getting worse").
    course: Optional[str] = None
    degree: Optional[str] = None
    position: Optional[str] = None
    shape: Optional[str] = None
    color: Optional[str] = None
    smell: Optional[str] = None
    texture: Optional[str] = None
    aggravating_factors: list[str] = Field(default_factory=list)
    relieving_factors: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _denied_has_no_descriptors(self) -> "Symptom":
        if self.status is Status.denied:
            described = [k for k in SYMPTOM_DESCRIPTORS if getattr(self, k)]
            if described or self.aggravating_factors or self.relieving_factors:
                raise ValueError(
                    f"symptom {self.name!r} is denied but has descriptors {described or ['factors']}"
                )
        return self


SYMPTOM_DESCRIPTORS: tuple[str, ...] = (
    "duration",
    "onset",
    "course",
    "degree",
    "position",
    "shape",
    "color",
    "smell",
    "texture",
)


class Demographics(_Strict):
    """Basic information. ``age_years`` may be fractional for infants (0.5 = six months)."""

    age_years: Optional[float] = Field(default=None, ge=0, le=120)
    sex: Optional[Literal["male", "female"]] = None
    weight: Optional[str] = None
    height: Optional[str] = None
    occupation: Optional[Fact] = None


class History(_Strict):
    """Medical history; each list holds present and denied facts."""

    past_diagnoses: list[Fact] = Field(default_factory=list)
    medications: list[Fact] = Field(default_factory=list)
    current_treatment: list[Fact] = Field(default_factory=list)
    physical_changes: list[Fact] = Field(default_factory=list)
    trauma_surgery: list[Fact] = Field(default_factory=list)
    vaccinations: list[Fact] = Field(default_factory=list)
    allergies: list[Fact] = Field(default_factory=list)
    exposures: list[Fact] = Field(default_factory=list)
    family_history: list[Fact] = Field(default_factory=list)


class Social(_Strict):
    """Social history. ``None`` = not recorded; a denied Fact = recorded negative."""

    tobacco: Optional[Fact] = None
    alcohol: Optional[Fact] = None
    drug_use: Optional[Fact] = None
    living_habits: list[Fact] = Field(default_factory=list)
    sexual_history: list[Fact] = Field(default_factory=list)
    reproductive_history: list[Fact] = Field(default_factory=list)


ExamCategory = Literal["vital_sign", "lab", "imaging", "physical_exam", "other"]


class Examination(_Strict):
    """A medical examination: test or measurement name and its result.

    ``known_to_patient`` marks a result the patient was told before this visit (a past
    HbA1c, a home blood pressure reading): the patient may mention it. Other results are
    this visit's and come from the examiner only when the doctor orders the test
    (:mod:`tod.examiner`).
    """

    name: str = Field(min_length=1)
    result: str = Field(min_length=1)
    category: ExamCategory = "other"
    known_to_patient: bool = False


class CaseFacts(_Strict):
    """Everything the patient may know and say. Contains no reference answer."""

    opening_statement: str = Field(min_length=1)
    demographics: Demographics = Field(default_factory=Demographics)
    symptoms: list[Symptom] = Field(min_length=1)
    history: History = Field(default_factory=History)
    social: Social = Field(default_factory=Social)
    examinations: list[Examination] = Field(default_factory=list)

    @model_validator(mode="after")
    def _no_contradictions(self) -> "CaseFacts":
        _check_unique_statuses("symptoms", [(s.name, s.status) for s in self.symptoms])
        for name in History.model_fields:
            _check_fact_list(f"history.{name}", getattr(self.history, name))
        for name in ("living_habits", "sexual_history", "reproductive_history"):
            _check_fact_list(f"social.{name}", getattr(self.social, name))
        return self


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def _check_unique_statuses(where: str, items: list[tuple[str, Status]]) -> None:
    seen: dict[str, Status] = {}
    for name, status in items:
        key = _normalise(name)
        if key in seen and seen[key] is not status:
            raise ValueError(f"{where}: {name!r} is both present and denied")
        seen[key] = status


def _check_fact_list(where: str, facts: list[Fact]) -> None:
    named = [(f.value, f.status) for f in facts if f.value]
    _check_unique_statuses(where, named)
    blanket_denial = any(f.status is Status.denied and not f.value for f in facts)
    if blanket_denial and any(f.status is Status.present for f in facts):
        raise ValueError(f"{where}: has a blanket denial and present items")


class ReferenceAnswers(_Strict):
    """What the doctor is scored against. Never shown to the patient.

    ``basis`` and ``treatment`` may be missing in imported records (AgentClinic has no
    reference basis); the embedded records always carry all three answers, and metrics
    that need a missing answer skip that record and count it.
    """

    diagnosis: str = Field(min_length=1)
    synonyms: list[str] = Field(default_factory=list)
    alternatives: list[str] = Field(default_factory=list)
    basis: Optional[str] = None
    treatment: Optional[str] = None
    options: Optional[list[str]] = None
    answer_index: Optional[int] = None

    @model_validator(mode="after")
    def _options_consistent(self) -> "ReferenceAnswers":
        if (self.options is None) != (self.answer_index is None):
            raise ValueError("'options' and 'answer_index' must be given together")
        if self.options is not None and not 0 <= self.answer_index < len(self.options):  # type: ignore[operator]
            raise ValueError(f"answer_index {self.answer_index} is outside options (0..{len(self.options) - 1})")
        return self


class Record(_Strict):
    """One structured medical record: the case facts plus the reference answers."""

    schema_version: Literal["1.0"] = SCHEMA_VERSION
    id: str = Field(min_length=1)
    department: Literal[DEPARTMENTS]  # type: ignore[valid-type]
    source: Optional[str] = None
    case: CaseFacts
    reference: ReferenceAnswers

    @field_validator("id")
    @classmethod
    def _id_is_simple(cls, value: str) -> str:
        if any(c.isspace() for c in value):
            raise ValueError("id must not contain whitespace")
        return value


def iter_fact_paths(case: CaseFacts) -> Iterator[tuple[str, str]]:
    """Yield ``(field_path, family)`` for every recorded fact of a case.

    Field paths are relative to the case ("symptoms[0].duration", "history.allergies[1]",
    "social.tobacco", "demographics.age_years"); they are the unit of provenance and of
    information coverage. The opening statement is not a fact path.
    """
    demo = case.demographics
    for name in ("age_years", "sex", "weight", "height", "occupation"):
        if getattr(demo, name) is not None:
            yield f"demographics.{name}", "demographics"
    for i, symptom in enumerate(case.symptoms):
        yield f"symptoms[{i}]", "symptoms"
        for name in SYMPTOM_DESCRIPTORS:
            if getattr(symptom, name):
                yield f"symptoms[{i}].{name}", "symptom_details"
        for name in ("aggravating_factors", "relieving_factors"):
            for j, _ in enumerate(getattr(symptom, name)):
                yield f"symptoms[{i}].{name}[{j}]", "symptom_details"
    for name in History.model_fields:
        for j, _ in enumerate(getattr(case.history, name)):
            yield f"history.{name}[{j}]", "history"
    for name in ("tobacco", "alcohol", "drug_use"):
        if getattr(case.social, name) is not None:
            yield f"social.{name}", "social"
    for name in ("living_habits", "sexual_history", "reproductive_history"):
        family = "social" if name == "living_habits" else "sexual_reproductive"
        for j, _ in enumerate(getattr(case.social, name)):
            yield f"social.{name}[{j}]", family
    for j, _ in enumerate(case.examinations):
        yield f"examinations[{j}]", "examinations"
