"""What a doctor's item says, read from its words alone: word tables and pure text helpers.

The record policy and its handlers ask these questions of a doctor's named item (a slot value)
or of a record text, with no record at hand: is it a catch-all ("any other conditions?") or a
class ("heart problems"), a measurement, a possible diagnosis, an attribute asked as a change;
what thing does it name (its head word, word roots and groups) and where on the body; which
body place does the turn's sentence give it (:func:`placed`); which catch-alls do the turn's
words hold (:func:`text_catch_alls`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping, Sequence

from tod.patient.matching import WEAK_WORDS, asked_place, body_regions, content_words, normalise, own_word

#: Words of a catch-all question ("any other conditions?", "anything else?", "any chronic
#: medical conditions?", "previous illnesses?") besides the matcher's generic words: a query
#: of only these names no item but the asked field itself, so it is answered with the
#: field's present facts, never denied item by item.
CATCH_ALL_WORDS = frozenset(
    normalise("""other else anything something symptom sign thing kind type chronic medical health healthcare
    illness illnesses ill sickness ailment ongoing underlying previous prior past significant major known serious
    current existing longstanding long-term long term pre-existing preexisting background relevant important
    general diagnosis diagnosed concern concerns disorder disorders unusual""").split()
)

#: Head nouns of a question about a kind of condition ("heart problems", "autoimmune
#: diseases", "endocrine disorders"): with one qualifier that is not a catch-all word, the
#: query names a class, not an item; unmatched, it is denied by its class ("No, no heart
#: problems that I know of.") and the recorded conditions follow, never a bare "No, not that one.".
CLASS_WORDS = frozenset(
    normalise("problem problems condition conditions issue issues illness illnesses disease diseases disorder "
              "disorders trouble troubles").split()
)

#: What a physical-change question may ask about without naming a change ("any changes
#: in your weight?" names "weight"): denied as unchanged ("no change in weight").
ATTRIBUTE_WORDS = frozenset(
    normalise("""weight appetite sleep sleeping energy mood bowel habit urination urine vision eyesight hearing
    hair skin voice libido sex drive thirst period menstrual cycle height strength memory concentration taste
    smell stamina eating diet activity exercise routine heartbeat speech breathing pattern consistency frequency
    movement intake fluid balance coordination stool feeding feed""").split()
)

#: Words of a query about a measurement or a test value, which a patient may really not
#: know ("kidney function", "blood pressure", "sugar levels"): never denied as unrecorded.
MEASURE_WORDS = frozenset(
    normalise("""function level count output pressure rate pulse reading result value sugar glucose cholesterol
    saturation oxygen test scan marker number""").split()
)
#: A query that may be the doctor's guess at a diagnosis (an abbreviation, a figure, a
#: disease word): never denied as an unrecorded symptom (it may be the hidden diagnosis).
_DIAGNOSIS_GUESS = re.compile(
    r"\b[A-Z][A-Z0-9]+\b|\d|(?i:\w+(?:itis|osis|emia|aemia|oma|pathy|plasia|ia|sis|ism)\b|\b(?:disease|disorder"
    r"|syndrome|cancer|tumou?r|diabetes|infection|failure|deficiency|insufficiency|attack|stroke|condition|problem"
    r"|issue|illness|trouble|virus|allergy|allergie|stone|ulcer|flu|influenza|covid|asthma|gout|lupus|migraine"
    r"|measles|mumps|chickenpox|herpes|shingles|cold)s?\b)"
)
#: An attack of a feeling or of an act ("panic attacks", "coughing fits"): an episode the person
#: (or a parent watching a young child) lives through and knows of, not a guess at a diagnosis.
_LIVED_EPISODE = re.compile(r"\b(?:panic|anxiety|crying|coughing|sneezing|choking|breath-holding|rage|temper)\s+"
                            r"(?:attacks?|fits?|spells?|episodes?)\b", re.IGNORECASE)
#: What narrows a catch-all to one part or cause ("any other symptoms related to your
#: kidneys?", "... in your legs?"): then it does not ask about everything.
_NARROWED_CATCH_ALL = re.compile(r"^\s*(?:related|relating|connected|linked|associated|of|in|on|with|affecting|involving"
                                 r"|caused|due)\b", re.IGNORECASE)
#: Words that only describe a symptom (its quality, spread, pattern or triggers): a slot value
#: made of them names no item of its own.
_DESCRIBING_WORDS = frozenset(normalise("""sharp dull stabbing throbbing shooting gnawing pressing squeezing crushing
    constant intermittent radiate radiates radiating radiation spread spreads spreading nature character
    quality severity intensity trigger triggers pattern patterns worse better""").split())
#: Words that name one sensation or function in several ways ("discomfort" and "pain",
#: "fever" and "temperature"): a query and a record text sharing a group are related.
WORD_GROUPS: Mapping[str, str] = MappingProxyType(
    {
        word: group
        for group, words in {
            "pain": """pain ache aching achy sore soreness hurt hurting discomfort tender tenderness cramp cramping painful
                       headache earache stomachache bellyache tummyache backache toothache tight tightness""",
            "fever": "fever feverish temperature hot chill chills shivering shivery",
            "sick": "nausea nauseous nauseated sick vomit vomiting throwing retch retching gag gagging",
            "skin": """rash rashes ulcer ulcers lesion lesions blister blisters spot spots pimple pimples hives wound wounds
                       patch patches bump bumps""",
            "urine": "urine urinary urination urinate urinating pee peeing wee bladder",
            "bowel": "bowel stool poo diarrhoea diarrhea constipation constipated motion",
            "breath": "breath breathing breathless breathlessness wheeze wheezing wheezy",
            "tired": "tired tiredness fatigue fatigued exhaustion exhausted weary lethargy lethargic energy weak weakness",
            "blood": "bleed bleeding blood bloody",
            "numb": "numb numbness tingling tingly pin needle",
            "swell": "swelling swollen swell puffy puffiness edema oedema",
            "itch": "itch itchy itching pruritus",
            "dizzy": "dizzy dizziness lightheaded light-headed vertigo faint fainting",
            "sleep": "sleep sleeping insomnia",
            "vision": "vision sight eyesight seeing blurry blurred",
            "pregnancy": """pregnant pregnancy pregnancies miscarriage termination abortion child children baby babies birth
                            delivery gravida""",
            "period": "period menstrual menstruation cycle menopause menarche",
            "infection": "infection infections infected infective infectious",
        }.items()
        for word in normalise(words).split()
    }
)


def only_describes(value: str) -> bool:
    """Whether a slot value only names a quality, a pattern or a trigger of a symptom
    ("sharp", "dull", "triggers", "spread"), not a symptom or an item of its own."""
    words = content_words(value)
    return bool(words) and words <= _DESCRIBING_WORDS


def class_topic(query: str) -> str | None:
    """The class a query names as the patient says it ("heart disease" -> "heart problems",
    "autoimmune disorders" -> "autoimmune problems"): a head noun of :data:`CLASS_WORDS`
    after exactly one qualifier that is not a catch-all word; ``None`` for any other query
    ("asthma", "chronic conditions", "inflammatory bowel disease")."""
    words = normalise(query).split()
    if not words or words[-1] not in CLASS_WORDS:
        return None
    qualifiers = [w for w in words[:-1] if content_words(w) and w not in CATCH_ALL_WORDS and w not in CLASS_WORDS]
    return f"{own_word(query, qualifiers[0])} problems" if len(qualifiers) == 1 and len(words) <= 3 else None


#: Where a place phrase after the thing named starts ("pain in my abdomen", "swelling of the legs").
_PLACE_AFTER = re.compile(r"\s+(?:in|on|at|around|over|of|behind|under|near|inside|across)\s+", re.IGNORECASE)


def head_word(text: str) -> str | None:
    """The root (:data:`WORD_GROUPS`) of the word naming the thing ``text`` names
    (:func:`own_head`): "abdominal discomfort" -> "pain", "racing thoughts" -> "thought"."""
    word = own_head(text)
    return WORD_GROUPS.get(word, word) if word else None


def own_head(text: str) -> str | None:
    """The last content word of ``text`` before any place phrase, as written (normalised), the
    thing it names ("pain in my abdomen" -> "pain", "cramping" -> "cramping"), a change or
    degree word (:data:`WEAK_WORDS`) passed over: "hair loss" -> "hair"; a name of change words
    only names what follows ("loss of appetite" -> "appetite", "change in bowel habit" ->
    "habit"); ``None`` without a content word."""
    before, *after = _PLACE_AFTER.split(text, maxsplit=1)
    kept = content_words(before)
    words = [w for w in normalise(before).split() if w in kept]
    named = [w for w in words if w not in WEAK_WORDS]
    if not named and after and own_head(after[0]):
        return own_head(after[0])
    return (named or words)[-1] if words else None


def unqualified(text: str) -> str:
    """``text`` without the words before its last word ahead of any place phrase, the
    qualities it gives the thing it names ("painful ulcers on my legs" -> "ulcers on my legs",
    "bloody diarrhoea" -> "diarrhoea"; "burning on urination" as it is)."""
    place = _PLACE_AFTER.search(text)
    before, rest = (text[: place.start()], text[place.start():]) if place else (text, "")
    words = before.split()
    return f"{words[-1]}{rest}" if words else text


def of_object(text: str) -> str | None:
    """The head word (:func:`head_word`) of what a name says it is "of" ("shortness of breath"
    -> "breath", "loss of hair" -> "hair"): the function or part whose trouble it names;
    ``None`` for a name without "of"."""
    _, found, rest = normalise(text).partition(" of ")
    return head_word(rest) if found else None


#: Derivational endings of English adjectives and nouns, longest first.
_DERIVATIONAL_ENDINGS = ("ability", "ibility", "ness", "ity", "able", "ible", "ful", "ous", "ing", "ed", "y", "i")


def word_stem(word: str) -> str:
    """``word`` without its derivational endings, while at least three letters remain
    ("irritability" -> "irrit", "irritable" -> "irrit", "tiredness" -> "tir", "itchy" -> "itch")."""
    stripped = True
    while stripped:
        stripped = False
        for ending in _DERIVATIONAL_ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                word, stripped = word[: -len(ending)], True
                break
    return word


def other_forms(query: str, text: str) -> bool:
    """Whether ``query`` and ``text`` share a word only in different forms (the stem of
    :func:`word_stem`, "irritable" and "irritability"), neither a weak word nor a body part.
    A word the two share as written is left to the root matching, which weighs it ("racing
    heartbeat?" is not the racing thoughts)."""
    def forms(words: frozenset[str]) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for word in words - WEAK_WORDS:
            if not body_regions(word):
                found.setdefault(word_stem(word), set()).add(word)
        return found

    asked, written = forms(content_words(query)), forms(content_words(text))
    return any(not asked[stem] & written[stem] for stem in asked.keys() & written.keys())


#: Words of a group that say how a part feels or looks ("sore", "tender"): their plural is a
#: noun of its own that names a thing ("sores" are open spots on the skin, no soreness).
_FELT_ADJECTIVES = frozenset(normalise("sore tender tight hot achy sick weak numb swollen itchy dizzy").split())
#: The group of marks on the skin: in a text about the eye or sight ("black spots in my right
#: eye", "floaters and spots in vision") its words name what is seen, no mark on the skin.
_SKIN_GROUP = "skin"


def _ungrouped_words(text: str) -> frozenset[str]:
    """The words of ``text`` that keep their own form in :func:`word_roots`: the singular of a
    plural of a felt adjective ("sores" -> "sore"), and every skin-mark word of a text about
    the eye or sight."""
    plurals = {w[:-1].lower() for w in re.findall(r"[A-Za-z]+s\b", text)}
    kept = {w for w in plurals if w in _FELT_ADJECTIVES}
    words = content_words(text)
    if about_sight(text):
        kept |= {w for w in words if WORD_GROUPS.get(w) == _SKIN_GROUP}
    return frozenset(kept)


def about_sight(text: str) -> bool:
    """Whether ``text`` is about the eye or sight ("black spots in my right eye", "spots in
    vision"): what it names is seen, never a mark on the skin."""
    return "eye" in body_regions(text) or any(WORD_GROUPS.get(w) == "vision" for w in content_words(text))


@lru_cache(maxsize=8192)
def word_roots(text: str) -> frozenset[str]:
    """The content words of ``text``, a word of :data:`WORD_GROUPS` as its group
    ("abdominal discomfort" -> {"abdominal", "pain"}), save a plural of a felt adjective
    ("sores") and a skin-mark word of a text about the eye ("spots in my eye"), which name
    things of their own (:func:`_ungrouped_words`)."""
    kept = _ungrouped_words(text)
    return frozenset(w if w in kept else WORD_GROUPS.get(w, w) for w in content_words(text))


def sight_fits(query: str, texts: Sequence[str]) -> bool:
    """Whether record ``texts`` may answer ``query`` as to the eye: a mark on the skin asked
    ("spots?", "lumps or bumps?") never lies in the eye or sight ("black spots in my eye",
    "floaters and spots in vision" are seen, not on the skin), whatever synonym they share."""
    asks_skin = not about_sight(query) and any(WORD_GROUPS.get(w) == _SKIN_GROUP for w in content_words(query))
    return not asks_skin or not all(about_sight(t) for t in texts)


def place_fits(query: str, texts: Sequence[str]) -> bool:
    """Whether record ``texts`` lie where ``query`` asks about: one of them names a body region
    the query names; a query that names none fits anything ("joint pain" is not an unlocated
    "pain", nor "chest pain"; a question about the skin asks anywhere: :func:`~tod.patient.matching.asked_place`;
    a mark on the skin never lies in the eye: :func:`sight_fits`)."""
    wanted = asked_place(query)
    return sight_fits(query, texts) and (not wanted or any(body_regions(t) & wanted for t in texts))


#: Words that call something a complaint without naming it ("trouble sleeping", "breathing problems").
COMPLAINT_WORDS = re.compile(r"\b(?:problems?|issues?|troubles?|difficult(?:y|ies))\b", re.IGNORECASE)


def _guesses_diagnosis(query: str) -> bool:
    """Whether a query may be the doctor's guess at a diagnosis (:data:`_DIAGNOSIS_GUESS`),
    except a complaint word on a body function, which names a symptom a person knows of
    (a body attribute or a sensation's word group: "trouble sleeping", "breathing problems";
    not "heart problems", whose rest names an organ, nor "kidney disease"). An episode lived
    through (:data:`_LIVED_EPISODE`: "panic attacks") is no guess."""
    query = _LIVED_EPISODE.sub(" ", query)
    if _DIAGNOSIS_GUESS.search(query) is None:
        return False
    rest = COMPLAINT_WORDS.sub(" ", query)
    function = word_roots(rest) & (ATTRIBUTE_WORDS | frozenset(WORD_GROUPS.values()))
    return not function or bool(body_regions(rest)) or _DIAGNOSIS_GUESS.search(rest) is not None


#: Measurement words that may name what a person feels of their own body: a function, a
#: pressure or a rate felt (:func:`felt_measure`), never a test value.
_FELT_MEASURES = frozenset(normalise("function pressure rate").split())
#: Organs and body fluids whose function, pressure or rate is known from a test, not felt
#: ("kidney function", "blood pressure", "liver function").
_TESTED_PARTS = frozenset(normalise("""blood kidney kidneys renal liver hepatic thyroid lung lungs pulmonary cardiac pancreas
    pancreatic adrenal pituitary marrow intracranial intraocular eye""").split())
#: Words that say how a rate feels ("high heart rate", "racing pulse"): a rate so qualified is felt.
_FELT_RATE_WORDS = frozenset(normalise("high fast rapid racing pounding irregular low slow").split())
#: What a felt rate is of.
_RATE_PARTS = frozenset(normalise("heart breathing breath").split())


def felt_measure(query: str) -> bool:
    """Whether an item worded as a measurement names something the patient feels of their own
    body, by kind: the function of a part they use ("hand function", "sexual function"), a
    pressure placed on the body ("pressure in your head"), or a rate of the heart or breath
    asked as how it feels ("high heart rate": a racing heart is felt); never of an organ or
    fluid known by a test (:data:`_TESTED_PARTS`: "kidney function", "blood pressure
    reading"), nor a bare rate ("heart rate?" asks a number)."""
    words = content_words(query)
    measures = words & MEASURE_WORDS
    rest = words - MEASURE_WORDS - WEAK_WORDS
    if not measures or not measures <= _FELT_MEASURES or not rest or rest & _TESTED_PARTS:
        return False
    if "rate" in measures:
        return bool(rest & _RATE_PARTS) and bool(rest & _FELT_RATE_WORDS)
    if "pressure" in measures:
        return bool(body_regions(query))
    return True


def about_body(query: str) -> bool:
    """Whether a named item is about the patient's own body, so a present symptom that may
    amount to it is said rather than "not sure": not a possible diagnosis
    (:func:`_guesses_diagnosis`), and not a measurement unless its other words are all body
    attributes ("energy levels", "sleep pattern": not "blood pressure", "sugar levels") or it
    names a felt function, pressure or rate (:func:`felt_measure`: "hand function")."""
    if _guesses_diagnosis(query):
        return False
    words = content_words(query)
    return (not words & MEASURE_WORDS or bool(words - MEASURE_WORDS) and words - MEASURE_WORDS <= ATTRIBUTE_WORDS
            or felt_measure(query))


def same_place(qualifiers: frozenset[str], roots: frozenset[str], shared_regions: frozenset[str]) -> bool:
    """Whether a record text (word ``roots``) lies where a query places its item: the query's
    ``qualifiers`` (its roots besides its head, weak and measurement words left out: "joint"
    of "joint pain", "leg" of "leg swelling") are none, or the text shares one of them or a
    body region (``shared_regions``). "Joint pain?" is not answered with a back pain."""
    qualifiers = qualifiers - WEAK_WORDS - MEASURE_WORDS
    return not qualifiers or bool(qualifiers & roots) or bool(shared_regions)


#: A catch-all the doctor's own words hold ("... or any other medical conditions?", "any
#: other symptoms?"): "any"/"other" and up to three catch-all words before a class word.
_CATCH_ALL_PHRASE = re.compile(
    r"\b(?:any|other)\b((?:\s+[\w-]+){0,3}?)\s+(symptoms?|conditions?|problems?|illness(?:es)?|diseases?|issues?"
    r"|disorders?)\b(?=([^.?!;,]*))",
    re.IGNORECASE,
)
_FAMILY_WORDS = re.compile(r"\b(?:family|relatives?|parents?|mother|father|mum|mom|dad|siblings?|brothers?|sisters?"
                           r"|grand\w+|run in|runs in)\b", re.IGNORECASE)


def text_catch_alls(text: str) -> dict[str, str]:
    """The catch-alls of a doctor's turn by the intent they ask (:data:`_CATCH_ALL_PHRASE`):
    conditions of the family (a family word after the class word, or before the phrase in its
    sentence) to the family history, other symptoms to the symptom intent, other conditions to
    the past diagnoses, unless narrowed (:data:`_NARROWED_CATCH_ALL`); each as a query of
    catch-all words ("other conditions")."""
    found: dict[str, str] = {}
    for sentence in re.split(r"(?<=[.?!;])\s+", text):
        for match in _CATCH_ALL_PHRASE.finditer(sentence):
            if any(w not in CATCH_ALL_WORDS for w in normalise(match.group(1)).split()):
                continue  # "any heart problems" names a class, not everything
            word = match.group(2).lower()
            if _FAMILY_WORDS.search(match.group(3)) or _FAMILY_WORDS.search(sentence[: match.start()]):
                intent = "ask_family_history"
            elif _NARROWED_CATCH_ALL.match(match.group(3)):
                continue  # "any other symptoms related to your kidneys" asks about the kidneys
            else:
                intent = "ask_symptom" if word.startswith("symptom") else "ask_past_diagnosis"
            found.setdefault(intent, f"other {word}")
    return found


#: The words of a list field that name no item until placed on the body ("any head trauma?",
#: "any injuries to your head?"): with no other item named, the placed word is the item asked
#: about, never a question about the whole field (answered "Yes" with a coronary stent).
PLACED_FIELD_WORDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {"ask_trauma_surgery": frozenset("trauma injury injuries surgery surgeries operation operations".split())}
)
#: How many words after a slot value its body place may lie ("numbness or weakness in your arms").
_PLACE_REACH = 6
#: Words that close a body place named by an adjective ("in the abdominal area").
_AREA_WORDS = frozenset({"area", "region"})
#: The words that open a body place ("in your arms").
_PLACE_WORDS = frozenset("in on at around near under behind over across inside".split())


def placed(value: str, text: str, place_words: frozenset[str] = _PLACE_WORDS) -> str:
    """The slot ``value`` with the body place the turn's sentence gives it when it names none:
    "cramping" in "any cramping in your abdomen?" -> "cramping in your abdomen", in "any
    abdominal cramping?" -> "abdominal cramping"; ``value`` itself when it names a place or
    its sentence names none near it, or is an attribute ("hearing", "appetite": asked as a change)."""
    if not value or body_regions(value) or content_words(value) <= ATTRIBUTE_WORDS:
        return value
    for sentence in re.split(r"(?<=[.?!;])\s+", text):
        words = re.findall(r"[\w'-]+", sentence)
        lowered = [w.lower() for w in words]
        size = len(value.split())
        starts = [i for i in range(len(words) - size + 1) if " ".join(lowered[i:i + size]) == value.lower()]
        if not starts:
            continue
        start, end = starts[0], starts[0] + size
        if start and body_regions(words[start - 1]):
            return f"{words[start - 1]} {value}"
        body = next((i for i in range(end, min(end + _PLACE_REACH, len(words))) if body_regions(words[i])), None)
        at = next((i for i in range(body - 1, end - 1, -1) if lowered[i] in place_words), None) if body else None
        if at is None:
            return value
        last = body + 1 if body + 1 < len(words) and lowered[body + 1] in _AREA_WORDS else body  # "the abdominal area"
        return " ".join([value, *words[at:last + 1]])
    return value


def placed_field_items(intent: str, values: Sequence[str], text: str) -> list[str]:
    """The items a turn names by placing a field word of ``intent`` on the body
    (:data:`PLACED_FIELD_WORDS`: "head trauma", "trauma to the breast"), when its slot
    ``values`` name nothing but the field (none, or only field and catch-all words); else none."""
    words = PLACED_FIELD_WORDS.get(intent, frozenset())
    field = {normalise(w) for w in words}
    if not words or any(content_words(v) - CATCH_ALL_WORDS - field for v in values):
        return []
    found = [placed(w, text, _PLACE_WORDS | {"to"}) for w in re.findall(r"[\w-]+", text.lower()) if w in words]
    return list(dict.fromkeys(f for f in found if body_regions(f)))
