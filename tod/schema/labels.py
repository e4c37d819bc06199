"""The label contract for doctor turns: 29 intents and 11 slots.

This module is the single definition of the schema in ../shared/annotation-guide.md.
Training, inference, the patient policy, evaluation and the question-type statistics
all import their label lists from here.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

SCHEMA_NAME = "tod-doctor-turn-labels"
SCHEMA_VERSION = "1.0"

_INTENTS: dict[str, str] = {
    "ask_symptom": "whether the patient has a symptom, what symptoms they have, other or associated "
    "symptoms, changes in a body function (review of systems), what brings them in",
    "ask_symptom_duration": "how long a symptom has lasted, since when",
    "ask_symptom_description_time": "onset (sudden or gradual) and timing pattern: constant or "
    "intermittent, episodes, time of day, frequency",
    "ask_symptom_description_degree": "severity, intensity, 1-10 scale, getting better or worse, "
    "how much it limits the patient",
    "ask_symptom_description_position": "location, side, spread, radiation",
    "ask_symptom_description_shape": "size, shape, appearance, texture of a lesion, rash, lump or swelling",
    "ask_symptom_description_color": "color of a lesion, skin, urine, stool, sputum, discharge",
    "ask_symptom_description_smell": "odor",
    "ask_coitus": "sexual activity, partners, protection, sexual exposure to infection",
    "ask_tobacco": "smoking, tobacco, vaping",
    "ask_alcohol": "alcohol use",
    "ask_drug": "recreational or illicit drug use, substance abuse",
    "ask_receiving_treatment": "treatment for the current problem: what was tried, whether a doctor "
    "treated it, response to it",
    "ask_age": "age",
    "ask_weight": "weight, height, BMI",
    "ask_gender": "sex or gender",
    "ask_medical_examination": "tests, measurements, exams and their results",
    "ask_living_habit": "habitual diet, exercise, sleep routine, hygiene, daily routine, stress, "
    "skin-care products",
    "ask_past_medication": "medications taken now or before, supplements, regular medicines",
    "ask_past_diagnosis": "existing or previous medical conditions, chronic illness, previous "
    "episodes, prior diagnoses",
    "ask_physical_change": "changes in weight, appetite, sleep, energy",
    "ask_trauma_surgery": "injuries, accidents, falls, bites, operations, procedures",
    "ask_preventive": "vaccinations, immunizations",
    "ask_allergic_history": "allergies",
    "ask_contact_history": "exposure: sick contacts, animals, insects, chemicals, new substances, "
    "travel, environments",
    "ask_family_history": "illnesses in the family",
    "ask_occupation": "job, work",
    "ask_reproductive_history": "menstruation, pregnancy, contraception, births, breastfeeding",
    "ask_symptom_factors": "what makes a symptom better or worse, triggers, relation to food, "
    "activity, position, rest",
}

_SLOTS: dict[str, str] = {
    "symptom": "a symptom or sign the doctor names",
    "past_diagnosis": "a disease or condition asked about as history",
    "past_medication": "a drug or drug class",
    "physical_change": "a body change (weight loss, appetite, sleep)",
    "trauma_surgery": "an injury or operation",
    "vaccination": "a vaccine",
    "allergy": "an allergen",
    "exposure": "a contact, place, animal or substance",
    "family_history": "a condition asked about in relatives",
    "living_habit": "a habit (diet, exercise, sleep routine)",
    "medical_examination": "a test or measurement",
}

INTENT_DESCRIPTIONS: Mapping[str, str] = MappingProxyType(_INTENTS)
SLOT_DESCRIPTIONS: Mapping[str, str] = MappingProxyType(_SLOTS)

#: The 29 intents in a fixed order (the classifier's label order).
INTENTS: tuple[str, ...] = tuple(_INTENTS)
#: The 11 slots in a fixed order.
SLOTS: tuple[str, ...] = tuple(_SLOTS)

#: The first 26 intents are MMD-Eval's; the last three extend them.
MMD_EVAL_INTENTS: tuple[str, ...] = INTENTS[:26]

#: Question-type families used by the evaluator's distribution (MMD-Eval Table 15 groups).
INTENT_FAMILIES: Mapping[str, str] = MappingProxyType(
    {
        "ask_symptom": "symptoms",
        "ask_symptom_duration": "symptom details",
        "ask_symptom_description_time": "symptom details",
        "ask_symptom_description_degree": "symptom details",
        "ask_symptom_description_position": "symptom details",
        "ask_symptom_description_shape": "symptom details",
        "ask_symptom_description_color": "symptom details",
        "ask_symptom_description_smell": "symptom details",
        "ask_symptom_factors": "symptom details",
        "ask_coitus": "sexual and reproductive",
        "ask_reproductive_history": "sexual and reproductive",
        "ask_tobacco": "social history",
        "ask_alcohol": "social history",
        "ask_drug": "social history",
        "ask_living_habit": "social history",
        "ask_occupation": "social history",
        "ask_contact_history": "social history",
        "ask_age": "basic information",
        "ask_weight": "basic information",
        "ask_gender": "basic information",
        "ask_receiving_treatment": "medical history",
        "ask_past_medication": "medical history",
        "ask_past_diagnosis": "medical history",
        "ask_physical_change": "medical history",
        "ask_trauma_surgery": "medical history",
        "ask_preventive": "medical history",
        "ask_allergic_history": "medical history",
        "ask_family_history": "medical history",
        "ask_medical_examination": "examinations",
    }
)

#: The slot whose values name what an intent asks about (intents not listed name nothing):
#: the patient policy reads named items from it, the evaluator counts repeated questions by it.
INTENT_SLOT: Mapping[str, str] = MappingProxyType(
    {
        **{intent: "symptom" for intent in _INTENTS if intent.startswith("ask_symptom")},
        "ask_past_diagnosis": "past_diagnosis",
        "ask_past_medication": "past_medication",
        "ask_receiving_treatment": "past_medication",
        "ask_physical_change": "physical_change",
        "ask_trauma_surgery": "trauma_surgery",
        "ask_preventive": "vaccination",
        "ask_allergic_history": "allergy",
        "ask_contact_history": "exposure",
        "ask_family_history": "family_history",
        "ask_living_habit": "living_habit",
        "ask_medical_examination": "medical_examination",
    }
)


class LabelError(ValueError):
    """An intent or slot name that is not part of the schema."""


def check_intents(intents: list[str], *, where: str = "intents") -> list[str]:
    """Return ``intents`` unchanged if every name is one of the 29 intents.

    Raises:
        LabelError: naming ``where`` and the first unknown intent.
    """
    for name in intents:
        if name not in _INTENTS:
            raise LabelError(f"{where}: unknown intent {name!r}; expected one of the {len(INTENTS)} schema intents")
    return intents


def check_slots(slots: Mapping[str, list[str]], *, where: str = "slots") -> Mapping[str, list[str]]:
    """Return ``slots`` unchanged if every key is one of the 11 slots and values are string lists.

    Raises:
        LabelError: naming ``where``, the slot and what was expected.
    """
    for name, values in slots.items():
        if name not in _SLOTS:
            raise LabelError(f"{where}: unknown slot {name!r}; expected one of {', '.join(SLOTS)}")
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise LabelError(f"{where}.{name}: expected a list of strings, got {values!r}")
    return slots


def schema_fingerprint() -> dict[str, object]:
    """The label schema as stored in checkpoints, to detect a mismatch with the code."""
    return {"name": SCHEMA_NAME, "version": SCHEMA_VERSION, "intents": list(INTENTS), "slots": list(SLOTS)}
