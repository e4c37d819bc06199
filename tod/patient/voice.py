"""Who speaks (the patient, or a parent for a child), and record text in the patient's own voice.

The caregiver voice talks about the child in the third person ("She has had ...", "my
son"); its words fill the voice placeholders of the templates ({child}, {poss}, {obj},
{my_child}). Voice words are not record facts: the guard accepts them as fixed wording.
A caregiver for a child of unrecorded sex says "my child". A parent speaks when the
patient is under 10 or when the record's opening statement is a parent's ("My son came
home from his halls ..."), whatever the age: the replies keep the opening's voice.

:func:`first_person` puts record text written about the patient into the patient's own
words: "walks his dog daily" -> "I walk my dog daily", "wife keeps asking him to repeat
himself" -> "wife keeps asking me to repeat myself". It changes pronouns and a leading
note-form verb only, never a fact word or a number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Literal, Mapping

from tod.patient.figures import without_numbers
from tod.records.model import CaseFacts, Demographics
from tod.text import indefinite_article

#: An opening statement spoken by a parent: "My son ...", "Our five-week-old daughter ...".
_PARENT_OPENING = re.compile(
    r"^\W*(?:my|our)\s+(?:little\s+|baby\s+|newborn\s+|[\w-]+-old\s+)?"
    r"(?:son|daughter|child|baby|boy|girl|toddler|infant|kid)\b",
    re.IGNORECASE,
)

#: The voice placeholders of the caregiver templates.
VOICE_TOKENS: tuple[str, ...] = ("child", "poss", "obj", "my_child")

#: Below this age (years) a parent speaks for the patient.
CAREGIVER_AGE = 10.0

_CAREGIVER_WORDS: Mapping[str | None, Mapping[str, str]] = MappingProxyType(
    {
        "female": {"child": "she", "poss": "her", "obj": "her", "my_child": "my daughter"},
        "male": {"child": "he", "poss": "his", "obj": "him", "my_child": "my son"},
        None: {"child": "my child", "poss": "my child's", "obj": "my child", "my_child": "my child"},
    }
)

#: Every word a voice placeholder may be filled with, by placeholder (for the guard).
VOICE_WORDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {token: frozenset(words[token] for words in _CAREGIVER_WORDS.values()) for token in VOICE_TOKENS}
)


@dataclass(frozen=True)
class Voice:
    """A template voice: ``name`` selects the template set, ``words`` fill voice placeholders."""

    name: Literal["patient", "caregiver"]
    words: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def for_demographics(cls, demographics: Demographics) -> "Voice":
        """The caregiver voice when ``age_years`` < 10, else the patient's own voice (also
        when the age is not recorded)."""
        age = demographics.age_years
        if age is not None and age < CAREGIVER_AGE:
            return cls("caregiver", dict(_CAREGIVER_WORDS[demographics.sex]))
        return cls("patient")

    @classmethod
    def for_case(cls, case: CaseFacts) -> "Voice":
        """The caregiver voice when a parent speaks for the patient (:func:`parent_speaks`),
        else the patient's own voice."""
        if parent_speaks(case):
            return cls("caregiver", dict(_CAREGIVER_WORDS[case.demographics.sex]))
        return cls("patient")


def parent_speaks(case: CaseFacts) -> bool:
    """Whether a parent speaks for the patient: under 10, or a parent's opening statement."""
    age = case.demographics.age_years
    return (age is not None and age < CAREGIVER_AGE) or _PARENT_OPENING.match(case.opening_statement) is not None


#: Third-person words of a record and the patient's own ("his" -> "my").
_PRONOUNS: Mapping[str, str] = MappingProxyType(
    {"his": "my", "him": "me", "himself": "myself", "herself": "myself", "hers": "mine",
     "the patient's": "my", "patient's": "my"}
)
#: "her" is the object ("asking her to") before these words or at the end, else possessive ("her knee").
_HER_OBJECT_BEFORE = frozenset(
    "to and or about with for in on at up out off down again often every that the a an if when as from".split()
)
_SUBJECT_VERB = re.compile(r"\b(?:he|she|the patient)\s+([a-z]+)\b", re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:the patient's|patient's|his|him|himself|herself|hers)\b|\b(her)\b(\s+[A-Za-z]+)?", re.IGNORECASE)
#: Third-person present verbs a note may start with, and their first-person forms.
_IRREGULAR = MappingProxyType({"has": "have", "is": "am", "does": "do", "goes": "go", "was": "was"})
_NOTE_VERBS = frozenset(
    """lives works drinks smokes shares walks sleeps eats takes uses plays keeps spends runs cycles swims enjoys
    travels visits attends owns cares wears studies finds feels gets avoids prefers likes exercises drives reads
    cooks helps teaches hikes stays volunteers vapes chews snacks skips rides gardens lifts drinks handles
    recalls remembers has is does goes""".split()
)
#: Past-tense verbs a note may start with; they only need the subject.
_NOTE_PAST = frozenset(
    """quit stopped started moved returned travelled traveled had was visited went lost gained began worked lived
    used smoked drank gave took cut switched finished recently""".split()
)


def _first_person_verb(verb: str) -> str:
    lower = verb.lower()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if lower.endswith("ies") and len(lower) > 4:
        return lower[:-3] + "y"
    if lower.endswith(("ches", "shes", "sses", "xes")):
        return lower[:-2]
    return lower[:-1] if lower.endswith("s") and not lower.endswith("ss") else lower


def first_person(text: str) -> str:
    """``text`` about the patient in the patient's own words (see the module docstring)."""
    text = _SUBJECT_VERB.sub(lambda m: f"I {_first_person_verb(m.group(1))}", text)

    def pronoun(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return _PRONOUNS[match.group(0).lower()]
        following = match.group(2) or ""
        word = following.strip().lower()
        return ("me" if not word or word in _HER_OBJECT_BEFORE else "my") + following

    text = _PRONOUN.sub(pronoun, text)
    first, _, rest = text.partition(" ")
    lower = first.lower()
    if lower in _NOTE_VERBS and (rest or lower not in _IRREGULAR):
        return _own_kin(f"I {_first_person_verb(lower)} {_joined_verbs(rest)}".rstrip())
    if rest and lower in _NOTE_PAST:
        return _own_kin(f"I {lower} {_joined_verbs(rest)}")
    return text


def _joined_verbs(rest: str) -> str:
    """The rest of a note-form clause whose subject is now "I", with each third-person verb
    joined by "and" said in the first person too ("... and recalls a friend falling ill" ->
    "... and recall a friend falling ill")."""
    return _AND_VERB.sub(lambda m: m.group(1) + _first_person_verb(m.group(2)) if m.group(2).lower() in _NOTE_VERBS
                         else m.group(0), rest)


#: A relative named without a determiner after "with" in a note ("lives with wife").
_BARE_KIN = re.compile(r"\bwith (?=(?:wife|husband|partner|parents|mother|father|mum|dad|daughter|son|children|kids|"
                       r"sister|brother|boyfriend|girlfriend|grandparents|family)\b)", re.IGNORECASE)


def _own_kin(clause: str) -> str:
    """A first-person clause with the speaker's relatives owned: "I live with wife" ->
    "I live with my wife"."""
    return _BARE_KIN.sub("with my ", clause)


_AND_VERB = re.compile(r"(\band\s+)([A-Za-z]+)")


_YOUR = re.compile(r"\byour\b|\byours\b|\byourself\b", re.IGNORECASE)


def patient_words(asked: str, owner: str = "my") -> str:
    """The doctor's words as the speaker repeats them: "blood in your stool" -> "blood in my
    stool" (``owner`` "my"), or "blood in her stool" where a parent speaks (``owner`` "her")."""
    if owner != "my":
        return _YOUR.sub(lambda m: owner if m.group(0).lower() == "your" else m.group(0), asked)
    return _YOUR.sub(lambda m: {"your": "my", "yours": "mine", "yourself": "myself"}[m.group(0).lower()], asked)


#: Words an echoed item does not start with ("or foods" -> "foods", "any rashes" -> "rashes").
_ECHO_LEADING = frozenset("or and any some of to for with in on at do does did have has had are is ever currently been you".split())
#: Words an echoed item does not end with ("foods or" -> "foods", "blood clots or").
_ECHO_TRAILING = _ECHO_LEADING | frozenset("a an the your my".split())
_ECHO_PUNCTUATION = " ?!.,;:-"
#: Words that make the doctor's words no item to repeat ("meds are u on rn", "what kind").
_UNSPEAKABLE = frozenset("u ur rn pls plz thx btw lol ya yo what which how when where who why whether".split())
#: The most words of an item the patient repeats.
ECHO_MAX_WORDS = 5


#: A number inside the doctor's item: glued to a word's letters ("CD4", "B12") or between
#: two words ("type 2 diabetes"); without it the item is a broken fragment ("CD cell count").
_INNER_NUMBER = re.compile(r"[A-Za-z]\d|\d[A-Za-z]|[A-Za-z]\s+\d[\d.,/:]*\s+[A-Za-z]")


def echo_item(query: str, to_lay: Callable[[str], str] = lambda text: text, owner: str = "my") -> str:
    """The doctor's item as the patient repeats it: without its numbers (a figure the record
    does not hold is never spoken), without the function words and punctuation at its
    edges ("or foods" -> "foods", "COVID-" -> "COVID"), reworded by ``to_lay`` (a whole
    lay-table term), "your" as ``owner`` ("my", or the child's "her" where a parent
    speaks). Empty when nothing is left, and when a number stands inside the item
    ("CD4 cell count", "type 2 diabetes"): what is left without it is no item."""
    if _INNER_NUMBER.search(query):
        return ""
    words = without_numbers(query).strip(_ECHO_PUNCTUATION).split()
    while words and words[0].lower().strip(_ECHO_PUNCTUATION) in _ECHO_LEADING:
        words.pop(0)
    while words and words[-1].lower().strip(_ECHO_PUNCTUATION) in _ECHO_TRAILING:
        words.pop()
    text = " ".join(words).strip(_ECHO_PUNCTUATION)
    return patient_words(to_lay(text), owner) if text else ""


#: Words naming something one can look at: marks on the skin, swellings and lumps, what the
#: body passes or brings up ("rash", "swollen ankle", "stool", "phlegm"); a question about how
#: such a thing looks (shape, colour) can be hedged with "I haven't looked that closely".
_SEEN_WORDS = frozenset("""rash rashes redness red spot spots patch patches lesion lesions bruise bruises bruising
    blister blisters sore sores ulcer ulcers scab scabs discoloration discolouration papules pustules bump bumps
    mark marks peeling scaling wound wounds mole moles cut cuts bite bites wart warts scratch swelling swollen
    lump lumps mass growth discharge stool stools poo poop faeces feces urine pee wee vomit vomiting sick sputum
    phlegm mucus snot blood bleeding nosebleed pus skin nail nails hair tongue eye eyes jaundice yellowing
    boil boils cyst abscess scar scars crust crusting flaking""".split())


def can_be_seen(name: str) -> bool:
    """Whether the symptom ``name`` is something one can look at (a word of
    :data:`_SEEN_WORDS`: "itchy rash", "swollen left ankle"); a feeling or a whole-body
    state ("pain", "fatigue", "nausea") is not."""
    return bool(set(re.findall(r"[a-z]+", name.lower())) & _SEEN_WORDS)


#: Words of a sensation only the one who has it feels ("pain", "itching", "numbness",
#: "nausea", "chills"); words ending in "ache" ("headache", "earache") are felt too.
_FELT_WORDS = frozenset("""pain pains painful ache aches aching achy sore soreness tender tenderness itch itching
    itchy itchiness numb numbness tingling pins needles burning stinging throbbing cramp cramps cramping nausea
    nauseous nauseated queasy chills shivers shivery dizzy dizziness lightheaded lightheadedness vertigo tired
    tiredness fatigue weakness heartburn palpitations tightness discomfort stiffness""".split())


def is_felt(name: str) -> bool:
    """Whether the item ``name`` is a sensation only its bearer feels (a word of
    :data:`_FELT_WORDS` or one ending in "ache": "ear pain", "breast tenderness", "chills")
    and nothing one can look at (:func:`can_be_seen`): no one else notices it."""
    words = set(re.findall(r"[a-z]+", name.lower()))
    felt = words & _FELT_WORDS or any(w.endswith("ache") for w in words)
    return bool(felt) and not can_be_seen(name)


#: Words that may follow a whole item in the doctor's question: conjunctions, prepositions,
#: verbs, pronouns and time words ("rashes or ...", "pain in ...", "fever lately?"); any
#: other word right after an item continues its phrase ("current" of "current medications").
_AFTER_ITEM = frozenset("""or and nor but so then also of to for with in on at by from about after before since during
    into like as than that which who is are was were be been do does did have has had can could would should will
    you your yours i me my we us they them it its he she his her lately recently now currently ever before today
    anything something else etc please too either at all any""".split())


#: The endings of a modifier (an adjective or participle: "current", "unexplained",
#: "gastrointestinal", "chronic"), which needs the noun after it to name a thing.
_MODIFIER_ENDING = re.compile(r"[a-z]{2}(?:al|ous|ive|ic|ary|ent|ant|able|ible|less|ful|ed|ish)$", re.IGNORECASE)


def cut_from(query: str, text: str) -> bool:
    """Whether the doctor's item ``query`` is a modifier cut from its noun in the turn
    ``text``: it ends with a modifier (:data:`_MODIFIER_ENDING`) and each place it stands in
    the text is followed, with no punctuation between, by a word that continues its phrase
    (not one of :data:`_AFTER_ITEM`): "current" of "any current medications?", "unexplained"
    of "unexplained weight loss". Such an item is never repeated on its own; an item not
    found in the text is not cut."""
    core = query.strip(_ECHO_PUNCTUATION)
    if not core or not _MODIFIER_ENDING.search(core):
        return False
    nexts = [m.group(1) for m in re.finditer(rf"(?<![\w-]){re.escape(core)}(?![\w-])[ \t]*([A-Za-z][\w'-]*)?", text, re.IGNORECASE)]
    return bool(nexts) and all(n is not None and n.lower() not in _AFTER_ITEM for n in nexts)


#: A doctor's question about a change of something ("any changes in your gait?",
#: "a change to her facial expressions"): the sentence after it.
_CHANGE_ASKED = re.compile(r"\bchanges?\s+(?:in|to|of)\b([^.?!]*)", re.IGNORECASE)


def asked_change_in(query: str, text: str) -> bool:
    """Whether the doctor's turn ``text`` asks about a change in the item ``query``: the item
    stands in the same sentence after "change(s) in/to/of" ("Any changes in your vision or
    sense of touch?" asks a change in "sense of touch"). Such an item, when it names
    something every person has, is denied as unchanged, never as had ("no gait")."""
    core = query.strip(_ECHO_PUNCTUATION)
    item = re.compile(rf"(?<![\w-]){re.escape(core)}(?![\w-])", re.IGNORECASE)
    return bool(core) and any(item.search(m.group(1)) for m in _CHANGE_ASKED.finditer(text))


def speakable(echo: str) -> bool:
    """Whether an echoed item can stand as an item in a reply: some words, at most
    :data:`ECHO_MAX_WORDS`, no chat or question word."""
    words = [w.lower() for w in re.findall(r"[A-Za-z']+", echo)]
    return 0 < len(words) <= ECHO_MAX_WORDS and not set(words) & _UNSPEAKABLE


#: A parent's word for the child as the subject of a sentence, by the child's sex.
SUBJECTS: Mapping[str | None, str] = MappingProxyType({"female": "she", "male": "he", None: "my child"})


def about_child(text: str, sex: str | None) -> str:
    """Record text in note form as a parent says it: "shares a room with her sister" ->
    "she shares a room with her sister" (pronouns stay: the parent speaks of the child)."""
    first = text.partition(" ")[0].lower()
    if first in _NOTE_VERBS or first in _NOTE_PAST:
        return f"{SUBJECTS[sex]} {text[0].lower()}{text[1:]}"
    return text


#: Singular heads of a thing noticed one at a time or of an episode ("a squeaky noise", "an
#: episode of upper belly pain", "a cold with a sore throat"): countable as a symptom and as a
#: past condition.
_EPISODE_HEADS = frozenset("""episode bout attack spell fit flare noise sound smell taste cold lump bump spot patch
    cut wound sore ulcer blister graze fall""".split())
#: Head nouns of a countable thing a person "had" ("a heart attack", "an operation"): a
#: record value ending in one of them, with no determiner, is spoken with "a"/"an".
_COUNTABLE_HEADS = _EPISODE_HEADS | frozenset(
    """attack infection stone fracture ulcer stroke hernia injury operation replacement section bump clot tumour
    tumor cyst episode stent transplant bypass miscarriage termination pregnancy delivery sprain tear burn cut
    wound bite scan procedure surgery removal repair graft biopsy dislocation accident fall concussion
    appendectomy hysterectomy cholecystectomy tonsillectomy mastectomy vasectomy seizure bleed abscess
    blockage murmur polyp rupture lump nodule coil implant vaccine jab booster trip problem condition defect""".split()
)
#: Endings of a procedure's name, countable as the operations above ("a colonoscopy", "a mammogram").
_PROCEDURE_ENDINGS = ("scopy", "ectomy", "otomy", "ostomy", "plasty", "gram")
#: Body parts there is one of (or one is meant): with a word before them a condition of
#: theirs is countable ("an enlarged prostate", "an underactive thyroid", "a slipped disc").
_ORGAN_HEADS = frozenset("prostate liver thyroid disc lung kidney heart heartbeat spleen gallbladder bladder uterus womb".split())
#: Body parts a person has one of on each side, or one of ("ear", "wrist", "tongue"): with a
#: word before them that is not only the side, a state of theirs is countable ("a blocked
#: ear", "a broken left wrist", "a swollen belly"); "left ear" alone is not.
_BODY_PART_HEADS = frozenset("""ear eye wrist ankle knee elbow shoulder hip toe finger thumb nose hand foot arm leg jaw
    lip tongue belly tummy neck tooth nail calf thigh heel shin collarbone rib bone appendix""".split())
_SIDE_WORDS = frozenset("left right upper lower inner outer both".split())
#: Words that tie a body part to a head before it ("arthritis of the knee", "trauma to the wrist").
_LINK_WORDS = frozenset("the of to on in at and with a an my i".split())
_DETERMINERS = frozenset("a an the my his her their one two three several some many no any this that".split())
#: Occupation words that are not a noun taking an article ("retired", "unemployed").
_STATE_WORDS = frozenset("retired unemployed self-employed homeless disabled".split())


#: Head nouns of a symptom had once or as a bout ("a throbbing headache", "a sore throat").
SYMPTOM_HEADS = frozenset("headache cough rash lump fever temperature throat nose nosebleed bump blister sore ulcer "
                          "wound spot swelling patch mass growth bruise boil mole wart cyst infection tremor limp "
                          "twitch stye murmur".split()) | _EPISODE_HEADS


#: Head nouns of a medicine named by its countable form ("salmeterol inhaler", "combined pill",
#: "insulin pump"): said with an article ("I take a combined pill"); a drug by its name is not.
MEDICINE_FORMS = frozenset("pill inhaler patch implant coil ring spray injection pump device".split())

#: Head nouns of a change that takes an article once a word describes it ("an unintentional
#: 9-kg weight loss"; plain "weight loss" is said without one).
_DESCRIBED_HEADS = frozenset("loss gain".split())
#: The fewest words of a described change ("sudden weight loss").
_DESCRIBED_WORDS = 3

#: Words that open a clause rather than name a thing ("feeling cold", "I've been", "there is").
_CLAUSE_VERBS = frozenset("""feeling having getting being going losing gaining becoming i he she it they we there
    has have had is was been can't cannot""".split())


#: What may follow a head noun without being part of it ("weight loss of 3 kg", "weight
#: loss without trying", "swelling on both sides").
#: An episode head ends its phrase at "of" too ("an episode of belly pain"); a time, a time
#: word, an article or a comma ends any phrase ("a cold 10 days ago", "a fall last year").
_TAIL = re.compile(r"\s*[,;(]| (?=(?:of \d|without|on|all over|that|for|as|at|in|after|before|since|with|via|from|"
                   r"next to|near|beside|behind|under|below|above|around|inside|between|along|across|"
                   r"during|when|while|because|aged|once|twice|last|about|an?|\d+ (?:minutes?|hours?|days?|weeks?|months?|years?|"
                   r"times?))\b)")
_OF = re.compile(r" of\b")


def _described_part(words: list[str]) -> bool:
    """Whether ``words`` name a body part with a word before it that says more than its side
    ("blocked ear", "broken left wrist"; not "left ear")."""
    head = words[-1].lower().strip(",;")
    before = [w.lower() for w in words[:-1]]
    return (head in _BODY_PART_HEADS and not set(before) & _LINK_WORDS
            and any(w not in _SIDE_WORDS for w in before))


def head_phrase(text: str) -> str:
    """The noun phrase that ``text`` opens, without what follows its head ("squeaky noise when
    breathing in" -> "squeaky noise", "weight loss of 3 kg" -> "weight loss", "episode of
    belly pain" -> "episode"; "arthritis of the knee" kept whole, its head a place)."""
    core = _TAIL.split(text, maxsplit=1)[0]
    of = _OF.search(core)
    if of and core[:of.start()].split()[-1:] and core[:of.start()].split()[-1].lower() in _EPISODE_HEADS:
        return core[:of.start()]
    return core


def plural_phrase(text: str) -> bool:
    """Whether the noun phrase ``text`` opens names more than one thing ("skin spots", "red
    patches on my arms"; not "stress", "pain in my legs"), so it takes "are", not "is"."""
    words = head_phrase(text).split()
    head = words[-1].lower().strip(",;") if words else ""
    return len(head) > 3 and head.endswith("s") and not head.endswith(("ss", "us", "is", "ous"))


def with_article(text: str, heads: frozenset[str] = _COUNTABLE_HEADS) -> str:
    """A countable thing as a person names it: "heart attack" -> "a heart attack",
    "enlarged prostate" -> "an enlarged prostate" (a described organ, :data:`_ORGAN_HEADS`,
    or body part, :data:`_BODY_PART_HEADS`: "a broken left wrist", not "left ear"),
    "unintentional 9-kg weight loss" -> "an unintentional 9-kg weight loss" (a described
    change; also with a tail after the head, "9-kg weight loss without trying", "weight
    loss of 3 kg"), an episode or a thing noticed once ("a squeaky noise when breathing in", "an
    episode of belly pain, a year ago"), "appendix removed", "type 2 diabetes" and plurals ("skin
    spots") unchanged (not a countable head noun of ``heads``: past conditions and operations by
    default, :data:`SYMPTOM_HEADS` for symptoms)."""
    core = head_phrase(text)
    words = core.split()
    if not words or words[0].lower() in _DETERMINERS or words[0].lower() in _CLAUSE_VERBS or "'" in words[0]:
        return text  # "feeling cold", "having a cough", "I've been ...": a clause, not a thing
    head = words[-1].lower().strip(",;")
    organ = len(words) > 1 and (head in _ORGAN_HEADS or _described_part(words))
    described = (len(words) >= _DESCRIBED_WORDS or core != text) and head in _DESCRIBED_HEADS
    procedure = heads is _COUNTABLE_HEADS and head.endswith(_PROCEDURE_ENDINGS)
    if not (head in heads or organ or described or procedure) or len(words) > 5:
        return text
    return f"{indefinite_article(text)} {text}"


def occupation_phrase(text: str, subject: str = "I") -> str:
    """A recorded occupation as the answer to "what do you do?": a noun with its article
    ("graphic designer" -> "a graphic designer"), a state word alone as it is ("retired"),
    a note-form clause in the first person ("works in a bank" -> "I work in a bank"); a
    note-form clause after a comma joined as ``subject``'s own ("traffic warden, frequently
    plays golf" -> "a traffic warden, and I frequently play golf")."""
    words = text.split()
    if not words:
        return text
    head, comma, tail = text.partition(", ")
    clause = _note_clause(tail, subject) if comma and head else None
    if clause:
        return f"{occupation_phrase(head, subject)}, and {clause}"
    first = words[0].lower()
    if first in _DETERMINERS or first == "i":
        return text
    if first in _NOTE_VERBS or first in _NOTE_PAST:
        return first_person(text)
    if len(words) == 1 and first in _STATE_WORDS:
        return text
    return f"{indefinite_article(text)} {text}"


def _note_clause(text: str, subject: str = "I") -> str | None:
    """A note-form clause about the patient, maybe after an adverb ("frequently plays golf"),
    with ``subject`` ("I frequently play golf", "she frequently plays golf"); None for text
    that is no such clause."""
    adverb, _, rest = text.partition(" ")
    if not (adverb.lower().endswith("ly") and rest.partition(" ")[0].lower() in _NOTE_VERBS):
        adverb, rest = "", text
    verb = rest.partition(" ")[0].lower()
    if verb not in _NOTE_VERBS and verb not in _NOTE_PAST:
        return None
    said = first_person(rest)[2:] if subject == "I" else rest
    return " ".join(word for word in (subject, adverb, said) if word)


#: How the speaker says what the patient is, by the subject ("I'm a teacher", "she's a pupil").
_IS = MappingProxyType({"I": "I'm", "she": "she's", "he": "he's"})
#: How a phrase that is already a clause starts ("I work in a bank", "she attends nursery").
_OWN_CLAUSE = re.compile(r"^(?:I|he|she|they|my child)\b")


def occupation_said(phrase: str, subject: str = "I") -> str:
    """An occupation phrase (:func:`occupation_phrase`) as the whole clause a person answers
    with, ``subject`` being the speaker's word for the patient: "an elementary school
    teacher" -> "I'm an elementary school teacher", "retired" -> "I'm retired", "a pupil" ->
    "she's a pupil"; a clause ("I work in a bank") as it is."""
    if not phrase or _OWN_CLAUSE.match(phrase):
        return phrase
    return f"{_IS.get(subject, f'{subject} is')} {phrase}"


#: Relatives a family-history detail may name first ("mother", "older brother, on blood thinners").
_RELATIVE = re.compile(
    r"^(?:(?:older|younger|elder|twin|maternal|paternal|late)\s+)*"
    r"(?:mother|father|mum|mom|dad|parents?|sister|brother|siblings?|grandmother|grandfather|grandparents?|"
    r"grandma|grandpa|aunt|uncle|cousin|son|daughter|half-brother|half-sister|niece|nephew)\b",
    re.IGNORECASE,
)


def relative_phrase(detail: str, owner: str) -> str:
    """A family-history detail that starts with a relative, owned by the speaker's word for
    the patient ("mother" -> "my mother", "father at 70" -> "his father at 70"); any other
    detail unchanged."""
    if _RELATIVE.match(detail):
        return f"{owner} {detail[0].lower()}{detail[1:]}"
    return detail


def owner_word(sex: str | None, *, caregiver: bool) -> str:
    """Whose relatives a record's family history names, in the speaker's words: "my" for the
    patient, the child's possessive ("her", "his", "my child's") for a parent."""
    return _CAREGIVER_WORDS[sex]["poss"] if caregiver else "my"


#: Participles of a passive record note: the patient was the one acted on ("born at full
#: term", "diagnosed with asthma", "admitted to hospital").
_PASSIVE = frozenset("""born diagnosed admitted treated vaccinated immunised immunized hospitalised hospitalized
    prescribed bitten stung injured referred seen given told operated circumcised breastfed bottle-fed delivered
    intubated ventilated exposed scratched hit kicked stabbed assaulted adopted raised brought""".split())
#: Participles that differ from their past tense: said with "have" ("undergone a resection").
_PARTICIPLES = frozenset("undergone taken had done gone been eaten drunk flown ridden swum run begun".split())
#: Past-tense verbs (irregular) a note may start with ("swam in a river", "fell off a ladder").
_IRREGULAR_PAST = frozenset("""swam went ate drank took ran rode began came flew fell broke underwent got caught
    spent left slept sat stood wore grew became bought brought found made met saw""".split())
#: Words after a verb that show it is one ("treated with", "travelled to", "underwent a"), not
#: an adjective before its noun ("raised patches").
_AFTER_VERB = frozenset("""a an the with to by for at in on into from after before during as off out up back
    her his my their some two three several twice once""".split())
#: How a subject says "have" and "was" ("I've", "she's"; "I was").
_HAVE_SUBJECT = MappingProxyType({"I": "I've", "she": "she's", "he": "he's"})


def verb_kind(text: str) -> str | None:
    """What verb form a record value starts with: "passive" ("born at full term"),
    "perfect" ("undergone a resection"), "past" ("swam in a river", "travelled to Kenya"),
    or ``None`` for a noun phrase ("raised patches", "heart attack") or a clause."""
    words = text.split()
    if len(words) < 2:
        return None
    first, second = words[0].lower(), words[1].lower()
    if first in _PASSIVE and (second in _AFTER_VERB or second[:1].isdigit() or first == "born"):
        return "passive"
    if first in _PARTICIPLES and second in _AFTER_VERB:
        return "perfect"
    if first in _IRREGULAR_PAST or (first.endswith("ed") and len(first) > 4 and second in _AFTER_VERB):
        return "past"
    return None


def verb_clause(text: str, subject: str = "I") -> str:
    """A record value that is a verb phrase as a clause with ``subject`` (:func:`verb_kind`):
    "born at full term" -> "I was born at full term", "undergone a resection" -> "I've
    undergone a resection", "swam in a river" -> "I swam in a river"; a parent's subject
    ("she was born ..."); any other text unchanged."""
    kind = verb_kind(text)
    if kind is None:
        return text
    start = {"passive": "I was" if subject == "I" else f"{subject} was",
             "perfect": _HAVE_SUBJECT.get(subject, f"{subject} has"),
             "past": subject}[kind]
    return f"{start} {text[0].lower()}{text[1:]}"
