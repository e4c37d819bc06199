"""Obvious synonyms of diagnosis names, for imported references.

A name's synonyms are its parenthesised parts ("Necrobiotic xanthogranuloma (NXG)" ->
"Necrobiotic xanthogranuloma", "NXG") and the other members of its group in
:data:`SYNONYM_GROUPS`, a short table of well-known equivalent names (eponyms, common and
abbreviated names). The same table lets an importer match an answer written one way to an
option written another ("Henoch-Schonlein purpura" is the option "IgA vasculitis").
"""

from __future__ import annotations

import re
import unicodedata

SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("IgA vasculitis", "Henoch-Schonlein purpura", "Henoch-Schoenlein purpura", "Henoch-Scholein vasculitis",
     "Henoch-Schonlein vasculitis", "HSP"),
    ("Herpes zoster", "Shingles"),
    ("Varicella", "Chickenpox", "Chicken pox"),
    ("Lymphogranuloma venereum", "LGV"),
    ("Systemic lupus erythematosus", "SLE", "Lupus"),
    ("Rheumatoid arthritis", "RA"),
    ("Giant cell arteritis", "Temporal arteritis"),
    ("Polymyalgia rheumatica", "PMR"),
    ("Gastroesophageal reflux disease", "GERD", "Acid reflux"),
    ("Deep vein thrombosis", "DVT"),
    ("Pulmonary embolism", "PE"),
    ("Myocardial infarction", "Heart attack", "MI"),
    ("Kawasaki disease", "Mucocutaneous lymph node syndrome"),
    ("Stevens-Johnson syndrome", "SJS"),
    ("Toxic epidermal necrolysis", "TEN"),
    ("Atopic dermatitis", "Eczema", "Atopic eczema"),
    ("Multiple sclerosis", "MS"),
    ("Amyotrophic lateral sclerosis", "ALS", "Lou Gehrig disease"),
    ("Guillain-Barre syndrome", "Guillain-Barré syndrome", "GBS"),
    ("Chronic obstructive pulmonary disease", "COPD"),
    ("Hidradenitis suppurativa", "Acne inversa"),
    ("Pemphigus foliaceus", "Pemphigus foliaceous"),
    ("Pemphigus vulgaris", "Pemphigis vulgaris"),
    ("Infectious mononucleosis", "Mononucleosis", "Glandular fever"),
    ("Urinary tract infection", "UTI"),
    ("Rocky Mountain spotted fever", "RMSF"),
    ("Tinea corporis", "Ringworm"),
    ("Tinea pedis", "Athlete's foot"),
    ("Tinea versicolor", "Pityriasis versicolor"),
    ("Verruca vulgaris", "Common wart", "Common warts"),
    ("Erythema infectiosum", "Fifth disease"),
    ("Roseola infantum", "Roseola", "Exanthem subitum", "Sixth disease"),
    ("Hand, foot, and mouth disease", "Hand foot and mouth disease", "HFMD"),
    ("Scabies", "Sarcoptes scabiei infestation"),
    ("Acne vulgaris", "Acne"),
    ("Seborrheic dermatitis", "Seborrhoeic dermatitis", "Dandruff"),
    ("Herpes simplex", "HSV infection"),
    ("Langerhans cell histiocytosis", "Langerhan cell histiocytosis", "LCH"),
    ("Transient ischemic attack", "TIA"),
    ("Irritable bowel syndrome", "IBS"),
    ("Inflammatory bowel disease", "IBD"),
    ("Benign prostatic hyperplasia", "BPH"),
    ("Polycystic ovary syndrome", "Polycystic ovarian syndrome", "PCOS"),
    ("Acute respiratory distress syndrome", "ARDS"),
    ("Disseminated intravascular coagulation", "DIC"),
    ("Immune thrombocytopenic purpura", "Immune thrombocytopenia", "ITP"),
    ("Thrombotic thrombocytopenic purpura", "TTP"),
    ("Hemolytic uremic syndrome", "HUS"),
    ("Attention-deficit/hyperactivity disorder", "ADHD", "Attention deficit hyperactivity disorder"),
    ("Post-traumatic stress disorder", "PTSD", "Posttraumatic stress disorder"),
    ("Obsessive-compulsive disorder", "OCD"),
    ("Major depressive disorder", "Depression", "Major depression"),
    ("Generalized anxiety disorder", "GAD"),
    ("Sudden infant death syndrome", "SIDS"),
)


def normalise_name(name: str) -> str:
    """A name for comparison: no accents, lower case, single spaces, no trailing dot."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text).strip(" .").lower()


_GROUP_OF: dict[str, int] = {normalise_name(n): i for i, group in enumerate(SYNONYM_GROUPS) for n in group}


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
    seen = {normalise_name(name)}
    out = []
    for item in found:
        key = normalise_name(item)
        if key and key not in seen:
            seen.add(key)
            out.append(item.strip())
    return out
