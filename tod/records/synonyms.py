"""Obvious synonyms of diagnosis names, for imported references.

A name's synonyms are its parenthesised parts ("Necrobiotic xanthogranuloma (NXG)" ->
"Necrobiotic xanthogranuloma", "NXG") and the other members of its group in
:data:`SYNONYM_GROUPS`, a short table of well-known equivalent names (eponyms, common and
abbreviated names; ``tod/records/data/synonyms.yaml``); an answer key that names a finding or
a test ("Monosodium urate crystals") also accepts the diagnosis it establishes
(:data:`FINDING_DIAGNOSES`, one way only). The group table lets an importer match an answer
written one way to an option written another ("Henoch-Schonlein purpura" is the option "IgA
vasculitis").
"""

from __future__ import annotations

import re
import unicodedata

from tod.records.patterns import load_yaml


def _synonym_groups() -> tuple[tuple[str, ...], ...]:
    """The groups of ``tod/records/data/synonyms.yaml``; ValueError names a malformed group."""
    groups = load_yaml("synonyms").get("groups")
    if not isinstance(groups, list):
        raise ValueError("tod/records/data/synonyms.yaml: groups: expected a list of name lists")
    for number, group in enumerate(groups, 1):
        if not isinstance(group, list) or len(group) < 2 or not all(isinstance(n, str) and n.strip() for n in group):
            raise ValueError(
                f"tod/records/data/synonyms.yaml: groups: entry {number}: expected two or more names, got {group!r}"
            )
    return tuple(tuple(group) for group in groups)


SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = _synonym_groups()


# Answer keys that name a finding or a test rather than a disease (MedQA-style options), with the
# diagnosis that finding establishes: a doctor who names that diagnosis has the answer. One way
# only: the diagnosis is accepted for the finding, not the finding for the diagnosis.
FINDING_DIAGNOSES: dict[str, tuple[str, ...]] = {
    "Positive urinary beta-hCG and no intrauterine mass": ("Ectopic pregnancy",),
    "Identification of C. difficile toxin in stool": ("Clostridioides difficile infection",),
    "Anti-tTG or gliadin antibodies": ("Celiac disease", "Coeliac disease"),
    "Monosodium urate crystals": ("Gout",),
    "Presence of endometrial glands and stroma in uterine myometrium": ("Adenomyosis",),
    "Presence of endometrial tissue within the myometrium": ("Adenomyosis",),
    "Cessation of menses for at least 12 months": ("Menopause",),
    "Erythema migrans": ("Lyme disease",),
    "Borrelia burgdorferi": ("Lyme disease",),
    "Spongiosis": ("Eczematous dermatitis", "Eczema", "Contact dermatitis", "Atopic dermatitis"),
    "Tingling when the right wrist is percussed": ("Carpal tunnel syndrome",),
    "Non-caseating granulomas": ("Sarcoidosis",),
    "Noncaseating granulomas on lung tissue biopsy": ("Sarcoidosis",),
    "A triad of cirrhosis, diabetes mellitus, and skin pigmentation is characteristic": ("Hemochromatosis",),
    "Elevated serum insulin-like growth factor-1 level": ("Acromegaly",),
    "Presence of hyphae when KOH added to skin scrapings": ("Tinea corporis", "Ringworm", "Dermatophytosis"),
    "Anti-hemidesmosome antibodies": ("Bullous pemphigoid",),
    "Murmur radiates to carotid arteries bilaterally": ("Aortic stenosis",),
    "Anti-HEV IgM": ("Hepatitis E",),
    "Inherited membrane abnormality of red cells": ("Hereditary spherocytosis",),
    "Autoimmune destruction of red blood cells": ("Autoimmune hemolytic anemia",),
    "t(15;17)": ("Acute promyelocytic leukemia",),
}


def normalise_name(name: str) -> str:
    """A name for comparison: no accents, lower case, single spaces, no trailing dot."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text).strip(" .").lower()


_GROUP_OF: dict[str, int] = {normalise_name(n): i for i, group in enumerate(SYNONYM_GROUPS) for n in group}
_FINDING_OF: dict[str, tuple[str, ...]] = {normalise_name(k): v for k, v in FINDING_DIAGNOSES.items()}


def same_diagnosis(a: str, b: str) -> bool:
    """True when two names are equal after :func:`normalise_name` or share a synonym group."""
    na, nb = normalise_name(a), normalise_name(b)
    return na == nb or (na in _GROUP_OF and _GROUP_OF.get(na) == _GROUP_OF.get(nb))


def synonyms_of(name: str, *also: str) -> list[str]:
    """Obvious synonyms of ``name`` (see the module docstring), plus ``also`` (another spelling
    of it found in the source); never ``name`` itself."""
    found: list[str] = [re.sub(r"\s*\(.*?\)\s*", " ", name).strip()]
    found += [p.strip() for p in re.findall(r"\(([^)]+)\)", name)]
    found += list(also)
    group = _GROUP_OF.get(normalise_name(name))
    if group is not None:
        found += SYNONYM_GROUPS[group]
    found += _FINDING_OF.get(normalise_name(name), ())
    seen = {normalise_name(name)}
    out = []
    for item in found:
        key = normalise_name(item)
        if key and key not in seen:
            seen.add(key)
            out.append(item.strip())
    return out
