"""Obvious synonyms of diagnosis names, for imported references.

A name's synonyms are its parenthesised parts ("Necrobiotic xanthogranuloma (NXG)" ->
"Necrobiotic xanthogranuloma", "NXG") and the other members of its group in
:data:`SYNONYM_GROUPS`, a short table of well-known equivalent names (eponyms, common and
abbreviated names); an answer key that names a finding or a test ("Monosodium urate crystals")
also accepts the diagnosis it establishes (:data:`FINDING_DIAGNOSES`, one way only). The group
table lets an importer match an answer written one way to an option written another
("Henoch-Schonlein purpura" is the option "IgA vasculitis").
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
    ("Pulmonary embolism", "Pulmonary thromboembolism", "PE"),
    ("Myocardial infarction", "Heart attack", "MI"),
    ("Kawasaki disease", "Mucocutaneous lymph node syndrome"),
    ("Stevens-Johnson syndrome", "SJS"),
    ("Toxic epidermal necrolysis", "TEN"),
    ("Atopic dermatitis", "Eczema", "Atopic eczema", "Eczematous dermatitis"),
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
    ("Bacterial vaginosis", "Anaerobic bacterial overgrowth of the vagina",
     "Anaerobic bacteria overgrowth within the vagina"),
    ("Minimal change disease", "Lipoid nephrosis"),
    ("Chronic kidney disease", "Chronic kidney failure", "Chronic renal failure", "CKD"),
    ("Night terrors", "Sleep terror disorder", "Sleep terrors", "Pavor nocturnus"),
    ("Oppositional defiant disorder", "Hostile and disobedient behavior towards authority"),
    ("Clostridioides difficile infection", "Clostridium difficile infection", "C. difficile colitis",
     "C. difficile infection", "Clostridioides difficile colitis", "Clostridium difficile colitis"),
    ("Typhoid fever", "Enteric fever"),
    ("Green nail syndrome", "Pseudomonas nail infection", "Chloronychia"),
    ("Kidney stone", "Kidney stones", "Nephrolithiasis", "Renal calculi", "Renal stones"),
    ("Measles", "Rubeola"),
    ("Greater trochanteric pain syndrome", "Trochanteric bursitis", "Hip bursitis"),
    ("Vaginismus", "Genitopelvic pain disorder", "Genito-pelvic pain/penetration disorder"),
    ("Miscarriage", "Spontaneous abortion"),
    ("Congenital diaphragmatic hernia", "Bochdalek hernia"),
    ("Primary aldosteronism", "Primary hyperaldosteronism", "Conn syndrome", "Conn's syndrome"),
    ("Primary biliary cholangitis", "Primary biliary cirrhosis", "PBC"),
    ("Midgut volvulus", "Mid-gut volvulus", "Malrotation with volvulus"),
    ("X-linked agammaglobulinemia", "Bruton agammaglobulinemia", "Bruton's agammaglobulinemia"),
    ("Neurofibromatosis type 1", "Neurofibromatosis type I", "Von Recklinghausen disease", "NF1"),
    ("Overactive bladder", "Urge incontinence", "Urge urinary incontinence"),
    ("Myelodysplastic syndrome", "Myelodysplasia", "MDS"),
    ("Beta-thalassemia minor", "Beta thalassemia minor", "Beta-thalassemia trait", "Beta thalassemia trait"),
    ("Cat-scratch disease", "Cat scratch disease", "Bartonella henselae infection"),
    ("Frontotemporal dementia", "Pick's disease", "Pick disease"),
    ("Chilblains", "Perniosis", "Pernio"),
    ("Uterine fibroids", "Leiomyoma", "Uterine leiomyoma", "Fibroids"),
    ("Cradle cap", "Infantile seborrheic dermatitis"),
    ("Conversion disorder", "Functional neurological symptom disorder", "Functional neurological disorder"),
    ("Zollinger-Ellison syndrome", "Gastrinoma"),
    ("Coccidioidomycosis", "Valley fever"),
    ("Trichomoniasis", "Trichomonas vaginalis infection"),
    ("Toxicodendron dermatitis", "Poison ivy dermatitis", "Poison ivy contact dermatitis"),
    ("Systemic sclerosis", "Scleroderma"),
    ("Infantile hemangioma", "Superficial hemangioma", "Strawberry hemangioma"),
    ("Presbycusis", "Age-related hearing loss"),
    ("Morphea", "Localized scleroderma"),
    ("Legg-Calve-Perthes disease", "Perthes disease", "Legg-Calve-Perthes"),
    ("Hordeolum", "Stye"),
    ("Acute liver failure", "Fulminant hepatic failure", "Fulminant liver failure"),
    ("Boerhaave syndrome", "Esophageal rupture", "Oesophageal rupture"),
    ("Eosinophilic granulomatosis with polyangiitis", "Churg-Strauss syndrome", "EGPA"),
    ("Echinococcosis", "Hydatid disease", "Hydatid cyst disease", "Hydatid cyst"),
    ("Drug reaction with eosinophilia and systemic symptoms", "DRESS syndrome", "DRESS",
     "Drug-induced hypersensitivity syndrome"),
    ("Charcot arthropathy", "Charcot foot", "Diabetic arthropathy", "Neuropathic arthropathy"),
    ("Dermatographism", "Dermatographic urticaria", "Dermographism"),
    ("Cubital tunnel syndrome", "Cubital tunnel compression", "Ulnar nerve entrapment at the elbow"),
    ("Congenital CMV infection", "Congenital cytomegalovirus infection"),
    ("Child abuse", "Non-accidental injury", "Non-accidental trauma", "Child maltreatment"),
    ("Graft-versus-host disease", "Graft versus host disease", "GVHD"),
    ("Acute graft-versus-host disease", "Acute graft versus host disease", "Acute GVHD"),
    ("Mallory-Weiss tear", "Mallory-Weiss syndrome"),
    ("Lynch syndrome", "Hereditary nonpolyposis colorectal cancer", "HNPCC"),
    ("Medial collateral ligament injury", "MCL injury", "MCL sprain"),
    ("Osteoarthritis", "Degenerative joint disease", "OA"),
    ("Nummular dermatitis", "Nummular eczema", "Discoid eczema"),
    ("Poliomyelitis", "Polio"),
    ("Multiple system atrophy", "Shy-Drager syndrome"),
    ("Postpartum blues", "Baby blues", "Postpartum baby blues"),
    ("Patellofemoral pain syndrome", "Chondromalacia patellae", "Runner's knee"),
)


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
