"""Chart words of a record value as a patient says them.

Records name findings in a clinician's words: a modifier before the noun that a patient
says another way or not at all ("scleral yellowing", "gross blood in the urine", "multiple
scratch marks"), a proper name in lower case ("raynaud's"), and symptom names that describe
how a complaint went rather than name it ("onset of pain while exercising", "rapid increase
in size of the lump", "first large patch"). :func:`plain_value` rewrites the modifiers
and proper names of any value, :func:`own_parts` says the body part a finding is in as
the speaker's; :func:`symptom_said` turns a descriptive symptom name into
the clause or the noun phrase a patient says.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Mapping

from tod.patient.matching import body_regions
from tod.patient.voice import plural_phrase
from tod.text import indefinite_article

#: Chart modifiers at the start of a value and how a patient says them: (words put before
#: the rest, words put after it). "" drops the modifier ("scleral yellowing" -> "yellowing").
_MODIFIERS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "scleral": ("", ""),
    "gross": ("", " that you can see"),
    "multiple": ("lots of ", ""),
    "numerous": ("lots of ", ""),
    "generalized": ("", " all over"),
    "generalised": ("", " all over"),
    "diffuse": ("", " all over"),
    "bilateral": ("", " on both sides"),
    "unilateral": ("", " on one side"),
    "intermittent": ("", " that comes and goes"),
    "comes and goes": ("", " that comes and goes"),
    "on both sides": ("", " on both sides"),
    "progressive": ("", " that's getting worse"),
    "unintentional": ("", " without trying"),
    "unintended": ("", " without trying"),
    "pitting": ("", ""),  # an examiner's press test ("pitting swollen feet"): no patient's word
})
#: A modifier's clause as said of a plural thing ("skin spots that are getting worse").
_PLURAL_VERBS = MappingProxyType({" that's getting worse": " that are getting worse",
                                  " that comes and goes": " that come and go"})
#: (The lay table's own words for a modifier, "comes and goes", are moved the same way.)
_MODIFIER = re.compile(rf"^({'|'.join(_MODIFIERS)})\s+(?=\S)", re.IGNORECASE)
#: Words that may stand between a place preposition and the body part they place ("in
#: whole head", "on right outstretched hand").
_PART_MODIFIERS = frozenset("""whole entire left right upper lower inner outer middle big little ring index
    outstretched""".split())
#: Place prepositions a bare body part may follow ("in left leg").
_PLACE_PREPOSITIONS = frozenset("in on at over around across behind into onto under to from".split())
#: Words a body part may be followed by when it ends its phrase ("in left leg and arm", "on
#: right hand six months ago"); any other next word makes it a modifier ("from back pain").
_PART_END = frozenset("""and or with at in on since for after before during when while that which who under over
    near behind around through to into from below above including one two three four five six seven eight nine
    ten""".split())
_MAX_PART_MODIFIERS = 3


def _bare_part_at(words: list[str], start: int) -> bool:
    """Whether ``words[start:]`` opens with a body part (or a run of them: "toe joint")
    without a determiner that ends its phrase, after at most :data:`_MAX_PART_MODIFIERS` side or extent words ("whole head",
    "left lower abdomen"), and is no part of a place ("back of the head")."""
    end = start
    while end < len(words) and end - start < _MAX_PART_MODIFIERS and words[end].lower() in _PART_MODIFIERS:
        end += 1
    parts = end
    while parts < len(words) and body_regions(words[parts].strip(",;.)")):
        if words[parts].strip(",;.)") != words[parts]:
            return True  # the phrase ends at its punctuation
        parts += 1
    if parts == end:
        return False
    following = words[parts].lower() if parts < len(words) else ""
    return not following or following in _PART_END or following[:1].isdigit() or following.endswith("ing")


def owned_places(text: str, owner: str = "my", *, leading: bool = False) -> str:
    """``text`` with a bare body part after a place preposition as ``owner``'s: "pain in
    whole head" -> "pain in my whole head", "a fall on right outstretched hand" -> "a fall on
    my right outstretched hand"; with ``leading`` also a body part that opens ``text`` (a
    recorded position: "left leg" -> "my left leg"). "on both hands", "in the chest", "from
    back pain", "at back of the head" and an extent ("from joint to joint") are unchanged."""
    words = text.split(" ")
    # "from joint to joint", "from head to toe": an extent, not the speaker's parts
    extents = {j for i, word in enumerate(words[:-3]) if word.lower() == "from" and words[i + 2].lower() == "to"
               for j in (i + 1, i + 3)}
    starts = [0] if leading else []
    starts += [i + 1 for i, word in enumerate(words[:-1]) if word.lower() in _PLACE_PREPOSITIONS and i + 1 not in extents]
    for start in reversed(starts):
        if _bare_part_at(words, start):
            words.insert(start, owner)
    return " ".join(words)


#: The body part a finding is in, said as the speaker's own ("of the skin" -> "of my skin").
_OWN_PART = re.compile(r"\b(in|of|on) the (skin|eyes?|urine|stools?|mouth|tongue|face|chest|back|legs?|arms?|hands?|feet|"
                       r"foot|belly|tummy|abdomen)\b", re.IGNORECASE)
#: Proper names of conditions, written in lower case by some records ("raynaud's phenomenon").
_PROPER = re.compile(r"\b(raynaud|crohn|parkinson|alzheimer|hodgkin|addison|cushing|graves|bell|huntington|meniere|"
                     r"sjogren|sjögren|tourette|asperger|hashimoto|wilson|kawasaki|lyme)(?=(?:['’]s?)?\b(?:\s+"
                     r"(?:disease|syndrome|phenomenon|palsy|lymphoma)\b)|['’]s\b)")


def plain_value(text: str) -> str:
    """``text`` with a leading chart modifier said the patient's way (:data:`_MODIFIERS`:
    "multiple scratch marks" -> "lots of scratch marks", "gross blood in the urine" ->
    "blood in the urine that you can see") and a proper name capitalised ("raynaud's
    phenomenon" -> "Raynaud's phenomenon")."""
    match = _MODIFIER.match(text)
    if match:
        before, after = _MODIFIERS[match.group(1).lower()]
        thing = text[match.end():]
        text = f"{before}{thing}{_PLURAL_VERBS.get(after, after) if plural_phrase(thing) else after}"
    return _PROPER.sub(lambda m: m.group(1).capitalize(), text)


def own_parts(text: str, owner: str = "my") -> str:
    """``text`` with the body part a finding is in as ``owner``'s: "blood in the urine" ->
    "blood in my urine", "yellowing of the skin" -> "yellowing of my skin"."""
    return _OWN_PART.sub(lambda m: f"{m.group(1)} {owner} {m.group(2)}", text)


#: "onset of pain while exercising": the complaint, and when it started.
_ONSET = re.compile(r"^(?:(sudden|gradual) )?onset of (?:the )?(.+?) (while|when|during|after|on) (.+)$", re.IGNORECASE)
#: "rapid increase in size of the lump": how fast the thing has grown.
_GROWTH = re.compile(r"^(?:(rapid|quick|fast|sudden|slow|gradual|steady) )?increase in (?:the )?size of (?:the )?(.+)$",
                     re.IGNORECASE)
_GROWTH_ADVERBS = MappingProxyType({"rapid": "quickly", "quick": "quickly", "fast": "quickly", "sudden": "suddenly",
                                    "slow": "slowly", "gradual": "gradually", "steady": "steadily"})
#: "first large patch": the complaint that came first.
_FIRST = re.compile(r"^first (?!(?:time|day|week|month|year)\b)(.+)$", re.IGNORECASE)
#: The noun for the lump a record calls a "mass".
_MASS = re.compile(r"\bmass\b", re.IGNORECASE)
_BE_PAST = MappingProxyType({"I": "I was"})
#: A symptom named as something the patient cannot do ("inability to pass urine", "unable
#: to close eye"): said as "I can't ...".
_CANNOT_DO = re.compile(r"^(?:an? )?(?:inability|unable) to (?P<doing>\w.*)$", re.IGNORECASE)
#: A symptom named as the loss of a faculty or thing ("loss of appetite", "loss of some
#: eyelashes"): said as what the patient has lost ("I've lost my appetite").
_LOSS_OF = re.compile(r"^loss of (?P<lost>\w.*)$", re.IGNORECASE)
#: Words that open a noun phrase, so a lost thing after them takes no possessive ("some eyelashes").
_DETERMINERS = frozenset("a an the my his her their our its some all any both one two several most much".split())
#: Lost things that are states, not the speaker's own faculty: no possessive ("I've lost
#: consciousness", "I've lost interest in things", "I've lost weight").
_UNOWNED_LOSSES = frozenset("consciousness interest weight control track touch".split())
_HAVE = MappingProxyType({"I": "I've", "she": "she's", "he": "he's"})
_OWN = MappingProxyType({"I": "my", "she": "her", "he": "his"})


#: A symptom named with what eases or worsens it, in a chart's passive ("bladder discomfort
#: relieved by voiding", "rash exacerbated by sun exposure").
_BY_FACTOR = re.compile(r"^(?P<thing>.+?)\s+(?P<verb>relieved|eased|improved|aggravated|exacerbated|worsened|"
                        r"provoked|triggered)\s+by\s+(?P<by>(?:(?!\b(?:that|which|who)\b)[^,;])+)$", re.IGNORECASE)
#: The verbs of :data:`_BY_FACTOR` that say the factor eases the symptom.
_EASING = frozenset({"relieved", "eased", "improved"})


def symptom_said(name: str, subject: str = "I") -> str:
    """A symptom name that describes how a complaint went, as a patient says it: "onset of
    pain while exercising" -> "the pain started while I was exercising", "rapid increase in
    size of the mass" -> "the lump has grown quickly", "first large patch" -> "a large patch
    first"; any other name unchanged. ``subject`` is the speaker's word for the patient."""
    onset = _ONSET.match(name)
    if onset:
        how, what, when, rest = onset.groups()
        if rest.split()[0].lower().endswith("ing") and when.lower() in ("while", "when"):
            rest = f"{_BE_PAST.get(subject, f'{subject} was')} {rest}"
        started = f"{how.lower()}ly started" if how else "started"
        return f"the {what} {started} {when} {rest}"
    growth = _GROWTH.match(name)
    if growth:
        speed, what = growth.groups()
        adverb = f" {_GROWTH_ADVERBS[speed.lower()]}" if speed else ""
        return f"the {_MASS.sub('lump', what)} has grown{adverb}"
    lost = _loss_said(name, subject)
    if lost:
        return lost
    factor = _BY_FACTOR.match(name)
    if factor:
        how = "better" if factor["verb"].lower() in _EASING else "worse"
        return f"{factor['thing']} that gets {how} with {factor['by']}"
    first = _FIRST.match(name)
    if first:
        rest = first.group(1)
        article = "" if rest.endswith("s") else f"{indefinite_article(rest)} "
        return f"{article}{rest} first"
    return _MASS.sub("lump", name)


def _loss_said(name: str, subject: str) -> str | None:
    """A symptom named as an inability or a loss, as a clause with ``subject``, or ``None``:
    "inability to pass urine" -> "I can't pass urine"; "loss of appetite" -> "I've lost my
    appetite", "loss of some eyelashes" -> "I've lost some eyelashes", "loss of
    consciousness" -> "I've lost consciousness"."""
    cannot = _CANNOT_DO.match(name)
    if cannot:
        doing = cannot.group("doing").split(" ", 1)
        owned = owned_places(doing[1], _OWN.get(subject, "their"), leading=True) if len(doing) > 1 else ""
        return f"{subject} can't {' '.join([doing[0], owned]).strip()}"
    loss = _LOSS_OF.match(name)
    if not loss:
        return None
    lost = loss.group("lost")
    first = lost.split()[0].lower()
    owner = "" if first in _DETERMINERS | _UNOWNED_LOSSES else f"{_OWN.get(subject, 'their')} "
    return f"{_HAVE.get(subject, f'{subject} has')} lost {owner}{lost}"


#: Verbs whose "-ing" form opens a symptom named as a doing, never as a thing ("feeling
#: cold", "passing blood", "losing weight"); nouns in "-ing" ("swelling", "vomiting") are not
#: among them.
_DOING_VERBS = frozenset("""feeling being getting seeing passing losing gaining coughing bringing waking
    having finding becoming going rejecting refusing throwing bumping tripping dropping struggling needing
    wanting avoiding acting thinking worrying""".split())
#: Words after an "-ing" word that make it a doing of the speaker's ("tiring easily",
#: "sleeping more", "swelling up"), not a thing ("ringing in the ears").
_DOING_AFTER = frozenset("up into out over off down away more less easily a lot".split())
#: Nouns of episodes an "-ing" word may name the kind of ("coughing fits", "fainting spells",
#: "crying episodes"): the name is a thing, not a doing.
_EPISODES = frozenset("fit fits spell spells episode episodes attack attacks bout bouts".split())
#: What a body part does, after it in a symptom's name ("voice tiring", "ears ringing"): the
#: part is its subject, never its object ("nail biting" is no such name).
_PART_DOES = frozenset("""tiring ringing bleeding swelling peeling thinning racing pounding aching itching burning
    throbbing tingling twitching shaking trembling jerking locking clicking tightening blurring drooping cracking flaking weeping
    buzzing spinning""".split())
#: "-ing" words that alone say something the patient does, never a thing had ("crying",
#: "staring", "fainting": "he has been crying", never "he has had crying").
_DONE_ALONE = frozenset("""crying screaming staring fainting snoring drooling grunting limping scratching
    rocking fidgeting sleepwalking""".split())
#: A part's doing named the chart way round ("shaking of my hand", "twitching of the eyelid").
_DOING_OF_PART = re.compile(r"^(?P<doing>[a-z]+ing) of (?:(?:the|my|his|her) )?(?P<part>[a-z][\w -]*)$", re.IGNORECASE)
#: A chart change word before the name of a function or measure ("decreased feeding",
#: "elevated mood", "increased physical activity") and the way a patient says the change.
_CHANGE_WORDS: Mapping[str, str] = MappingProxyType({
    "increased": "higher", "elevated": "higher", "raised": "higher", "heightened": "higher",
    "decreased": "lower", "reduced": "lower", "diminished": "lower", "lowered": "lower",
})
_CHANGED = re.compile(rf"^(?P<change>{'|'.join(_CHANGE_WORDS)}) (?P<what>[a-z][a-z -]*)$", re.IGNORECASE)
#: The amount word of a doing for a level word ("feeding less than usual", not "lower").
_AMOUNT_WORDS: Mapping[str, str] = MappingProxyType({"higher": "more", "lower": "less"})
#: Functions named by a noun that a patient says as the doing they measure ("appetite" ->
#: "I've been eating less than usual").
_EATING_FUNCTIONS: Mapping[str, str] = MappingProxyType({"appetite": "eating", "appetites": "eating"})
#: Heads a change word keeps as a thing had ("increased swelling", "reduced pain"): symptoms,
#: not functions or measures.
_HAD_HEADS = frozenset("""pain pains ache swelling bleeding discharge cough coughing sweating redness tenderness
    stiffness weakness numbness tingling itching itchiness rash lump vomiting nausea diarrhoea diarrhea fatigue
    tiredness wheeze wheezing breathlessness""".split())
#: Heads of an examiner's sign ("reduced bowel sounds", "decreased reflexes"): a change of
#: one is no feeling of the patient's, so its name is left as it is.
_SIGN_HEADS = frozenset("sounds reflexes reflex tone pulses pulse entry power sensation saturation".split())
#: Side words that may stand before a part that does something ("left eyelid twitching").
_SIDES = frozenset("left right both upper lower".split())
#: Parts and faculties beyond the body regions that may do it ("voice", "heart", "vision").
_FACULTIES = frozenset("voice heart hair vision memory".split())
#: Plural body parts not ending in "s".
_PLURAL_PARTS = frozenset("feet teeth".split())
#: A symptom named as an absence ("no memory of the spells", "no energy"), not "no longer ...".
_NONE_OF = re.compile(r"^no\s+(?!longer\b|more\b)(?=\S)", re.IGNORECASE)


def _doing(words: list[str]) -> bool:
    """Whether ``words`` (a symptom name) say a doing: "feeling cold", "tiring easily"."""
    if len(words) == 1 and words[0].lower() in _DONE_ALONE:
        return True
    if len(words) < 2 or not words[0].endswith("ing") or words[1].lower() == "of" or words[1].lower() in _EPISODES:
        return False  # "feeling of ...", "coughing fits" are things
    after = words[1].lower()
    adverb = after.endswith("ly") and after != "only" and not body_regions(after)  # "easily", not "belly"
    return words[0].lower() in _DOING_VERBS or after in _DOING_AFTER or adverb


def _is_body_part(word: str) -> bool:
    """Whether ``word`` names a body part or faculty ("voice", "ears", "chest")."""
    return word in _FACULTIES or bool(body_regions(word))


def symptom_clause(name: str, subject: str = "I") -> str:
    """A present symptom named as a doing or an absence, as a clause of its own with
    ``subject``, so a list never joins it to things under one frame ("having tiredness and
    feeling cold"): "feeling cold" -> "I've been feeling cold", "tiring easily" -> "I've been
    tiring easily", "voice tiring" -> "my voice has been tiring", "no memory of the spells" ->
    "I've had no memory of the spells"; any other name unchanged."""
    name = _part_first(name)
    words = name.split()
    have = _HAVE.get(subject, f"{subject} has")
    changed = _change_clause(name, subject)
    if changed:
        return changed
    if _doing(words):
        return f"{have} been {name[0].lower()}{name[1:]}"
    if _part_does(words):
        part = " ".join(words[:-1]).lower()
        last = part.split()[-1]
        plural = last in _PLURAL_PARTS or (last.endswith("s") and not last.endswith("ss"))
        return f"{_OWN.get(subject, 'their')} {part} {'have' if plural else 'has'} been {words[-1].lower()}"
    if _NONE_OF.match(name):
        return f"{have} had {_NONE_OF.sub('no ', name)}"
    return name


def _part_does(words: list[str]) -> bool:
    """Whether ``words`` name a body part, perhaps with its side, and what it does ("ears
    ringing", "left eyelid twitching")."""
    lowered = [word.lower() for word in words]
    if len(lowered) < 2 or lowered[-1] not in _PART_DOES or not _is_body_part(lowered[-2]):
        return False
    return all(word in _SIDES for word in lowered[:-2])


def _part_first(name: str) -> str:
    """A part's doing named the chart way round put as a patient names it: "shaking of my
    hand" -> "hand shaking" (said "my hand has been shaking"); any other name unchanged."""
    match = _DOING_OF_PART.match(name)
    if not match or match.group("doing").lower() not in _PART_DOES:
        return name
    part = match.group("part")
    return f"{part} {match.group('doing')}" if _is_body_part(part.split()[-1].lower()) else name


#: Senses and abilities: a change of one is said as better or worse ("decreased vision" ->
#: "my vision has been worse than usual"), never by level.
_ABILITIES = frozenset("""vision eyesight sight hearing smell taste memory concentration attention focus balance
    coordination speech""".split())
_ABILITY_WORDS = MappingProxyType({"lower": "worse", "higher": "better"})


def _change_clause(name: str, subject: str) -> str | None:
    """A chart change of a function or measure as the patient says it: a doing (an "-ing"
    word) or the appetite by how much the patient does it ("decreased feeding" -> "he's been
    feeding less than usual", "reduced appetite" -> "I've been eating less than usual"), any
    sense or ability as better or worse (:data:`_ABILITIES`: "decreased vision" -> "my vision
    has been worse than usual"), any other function or measure by its level ("elevated mood"
    -> "my mood has been higher than usual"); ``None`` for any other name and for a symptom's change ("increased swelling" is
    a thing had)."""
    match = _CHANGED.match(name)
    if not match or match.group("what").split()[-1].lower() in _HAD_HEADS | _SIGN_HEADS:
        return None
    what, level = match.group("what"), _CHANGE_WORDS[match.group("change").lower()]
    head = what.split()[-1].lower()
    verb = "have" if head in _PLURAL_PARTS or re.search(r"[^s]s$", what) else "has"
    if head in _ABILITIES:  # a sense or ability is better or worse, never higher or lower
        return f"{_OWN.get(subject, 'their')} {what} {verb} been {_ABILITY_WORDS[level]} than usual"
    if head.endswith("ing") or head in _EATING_FUNCTIONS:
        doing = _EATING_FUNCTIONS.get(head, what)
        return f"{_HAVE.get(subject, f'{subject} has')} been {doing} {_AMOUNT_WORDS[level]} than usual"
    return f"{_OWN.get(subject, 'their')} {what} {verb} been {level} than usual"


#: A blood-pressure reading with its unit ("122/78 mmHg").
_PRESSURE = re.compile(r"\b(\d{2,3})\s*/\s*(\d{2,3})\s*mm\s*hg\b", re.IGNORECASE)
#: A pulse or breathing rate with its unit ("72 bpm").
_RATE = re.compile(r"\b(\d{1,3})\s*(?:bpm|beats/min|/min)\b", re.IGNORECASE)


def spoken_reading(result: str) -> str:
    """A test result's numbers as a patient says them, without chart units: "122/78 mmHg" ->
    "122 over 78", "72 bpm" -> "72 a minute"; other results unchanged."""
    return _RATE.sub(r"\1 a minute", _PRESSURE.sub(r"\1 over \2", result))



#: Past forms that are not "-ed" of things a lump, a sore or a rash does ("bled", "grown").
_IRREGULAR_PAST = frozenset("bled grown spread shrunk burst torn broken swollen risen fallen".split())
#: Small words a verb or an adjective item may carry ("crusted over", "bled or crusted").
_VERB_PARTICLES = frozenset("or and over up out away off down".split())
#: Adjectives a doctor names a feature by ("painful", "itchy", "tender") beyond their endings; words
#: that are nouns too ("sore", "cold") are left to the nouns.
_ADJECTIVES = frozenset("""red hot warm tender numb stiff hard soft firm raised flat weak tired dizzy
    sick pale yellow blue purple dark swollen lumpy bumpy smooth rough dry wet moist""".split())
_ADJECTIVE_ENDINGS = ("ful", "ous", "ive", "ible", "able", "less", "ish", "itchy", "scaly", "flaky", "crusty")


def item_word_class(item: str) -> str:
    """What kind of word a doctor's item is, so a denial takes a frame that fits it: "verb"
    (a past form with its particles: "bled or crusted over", denied as "it hasn't bled or
    crusted over"), "adjective" ("painful", "itchy or tender": "it isn't painful") or "noun"
    (anything else: "no rash"); never "no bled" or "no painful"."""
    words = [w.strip(",;?.").lower() for w in item.split()]
    content = [w for w in words if w and w not in _VERB_PARTICLES]
    if not content:
        return "noun"
    if all(w.endswith("ed") or w in _IRREGULAR_PAST for w in content) and content[0] not in _ADJECTIVES:
        return "verb"
    if all(w in _ADJECTIVES or w.endswith(_ADJECTIVE_ENDINGS) for w in content):
        return "adjective"
    return "noun"
