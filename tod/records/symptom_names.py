"""Symptom names as noun phrases.

A record names a symptom with a noun phrase the patient can put after "I've been having" or
say on its own ("painful sores", "difficulty sleeping"). Case texts often state a symptom
with a verb instead: behaviour ("She forgets names", "he hears voices"), feelings ("feels
tired"), inability ("is unable to bear weight", "cannot walk"), an absence ("has not had her
period"). :func:`verb_phrase_symptom` turns these into gerund or noun phrases ("forgetting
names", "feeling tired", "inability to bear weight", "absence of period"); :func:`is_fragment` tells a
piece of clause ("but today I can", "especially", "that he could not see") from a name.
"""

from __future__ import annotations

import re

from tod.lexicon import default_lexicon
from tod.records.patterns import load_patterns

#: Verbs whose present tense states a symptom or a behaviour ("he hears voices").
SYMPTOM_VERBS = frozenset({
    "think", "refuse", "avoid", "struggle", "wake", "awaken", "hear", "see", "forget", "worry", "fear",
    "scratch", "sweat", "vomit", "cry", "yell", "scream", "fidget", "miss", "lose", "stop", "fail", "lack",
    "interrupt", "pace", "bruise", "breathe", "spit", "mispronounce", "talk", "wet", "bite", "hit", "steal",
    "keep", "tire", "faint", "fall", "trip", "limp", "snore", "cough", "wheeze", "sneeze", "itch", "hurt", "ache",
    "bleed", "drool", "stutter", "stammer", "urinate", "sleep", "eat", "binge", "purge", "hoard", "wander",
    "choke", "gag", "grind", "pick", "pull", "bang", "rock", "shake", "tremble", "twitch", "jerk", "stare",
    "hallucinate", "hide", "isolate", "withdraw", "argue", "fight", "drop", "bump", "squint", "rub", "hold",
    "tilt", "walk", "feel", "need", "become", "startle", "panic", "overeat", "restrict", "reject",
    "act", "behave", "laugh", "smell", "taste", "steal", "harm", "bang", "lie", "shout", "swear", "insult", "annoy", "disrupt",
    "bully", "skip", "threaten", "destroy",
})

_RE = load_patterns("symptom_names")

_IRREGULAR_ING = {"lie": "lying", "die": "dying", "tie": "tying", "see": "seeing", "be": "being", "flee": "fleeing"}
#: Irregular past participles of :data:`SYMPTOM_VERBS` ("has stolen" -> "steal").
_IRREGULAR_PARTICIPLES = {
    "stolen": "steal", "bitten": "bite", "fought": "fight", "lost": "lose", "fallen": "fall", "hidden": "hide",
    "hit": "hit", "heard": "hear", "forgotten": "forget", "sworn": "swear", "shaken": "shake", "slept": "sleep",
    "bled": "bleed", "spat": "spit", "withdrawn": "withdraw", "lied": "lie", "cried": "cry",
}


def participle_base(word: str) -> str | None:
    """The base of a past participle of a symptom verb ("stolen" -> "steal", "skipped" ->
    "skip", "refused" -> "refuse"), or None when it is no such participle."""
    low = word.lower()
    if low in _IRREGULAR_PARTICIPLES:
        return _IRREGULAR_PARTICIPLES[low]
    if not low.endswith("ed"):
        return None
    stem = low[:-2]
    candidates = (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem,
                  stem[:-1] + "y" if stem.endswith("i") else stem)
    return next((c for c in candidates if c in SYMPTOM_VERBS), None)
#: Symptom verbs whose simple past states a behaviour or a symptom ("He vomited twice",
#: "she bit a classmate"); the others ("he ate", "she walked in", "he hit his head", "she bled
#: during childbirth", "he scratched a spot") tell events.
_PAST_BEHAVIOURS = frozenset({
    "vomit", "cry", "yell", "scream", "steal", "bite", "fight", "faint", "wet", "harm", "insult",
    "annoy", "disrupt", "bully", "skip", "threaten", "destroy", "refuse", "choke", "gag", "hallucinate",
    "argue", "shout", "swear", "lie", "wander", "bang", "hide", "spit", "drool", "stutter", "twitch", "jerk", "stare",
    "startle", "panic", "binge", "purge", "hoard", "cough", "wheeze", "snore", "limp",
})
#: Irregular simple pasts of :data:`_PAST_BEHAVIOURS` ("stole" -> "steal").
_IRREGULAR_PAST = {"stole": "steal", "bit": "bite", "threw": "throw", "fell": "fall", "hid": "hide", "swore": "swear", "spat": "spit",
                   "fought": "fight", "lied": "lie", "cried": "cry"}


def past_behaviour_base(word: str) -> str | None:
    """The base of a simple past that states a behaviour ("vomited" -> "vomit", "stole" ->
    "steal"), or None ("walked", "ate": events, not symptoms)."""
    low = word.lower()
    base = _IRREGULAR_PAST.get(low) or (participle_base(low) if low.endswith("ed") else None)
    return base if base in _PAST_BEHAVIOURS else None


def _coordinated_gerunds(rest: str) -> str:
    """Later verbs of a behaviour list as gerunds ("teachers and annoys classmates" ->
    "teachers and annoying classmates"), so each reads as a symptom of its own."""
    def gerund_of(match: re.Match[str]) -> str:
        base = base_form(match.group("v"))
        return f"{match.group('sep')}{gerund(base)}" if base in SYMPTOM_VERBS and match.group("v").lower() != base \
            else match.group(0)
    return re.sub(r"(?P<sep>(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+))(?P<v>[a-z]+s)\b", gerund_of, rest)


_NOT_DOUBLED = frozenset({"visit", "open", "listen", "happen", "offer", "suffer", "wonder", "bother", "limit", "vomit"})


def base_form(verb: str) -> str:
    """The base of a third-person verb: "forgets" -> "forget", "cries" -> "cry", "has" -> "have"."""
    low = verb.lower()
    irregular = {"has": "have", "is": "be", "does": "do", "goes": "go"}
    if low in irregular:
        return irregular[low]
    if low.endswith("ies") and len(low) > 4:
        return low[:-3] + "y"
    if re.search(r"(?:sh|ch|x|z|ss|o)es$", low):
        return low[:-2]
    return low[:-1] if low.endswith("s") and not low.endswith("ss") else low


def gerund(base: str) -> str:
    """The -ing form of a base verb: "forget" -> "forgetting", "wake" -> "waking"."""
    if base in _IRREGULAR_ING:
        return _IRREGULAR_ING[base]
    if base.endswith("ie"):
        return base[:-2] + "ying"
    if base.endswith("e") and not base.endswith(("ee", "ye", "oe")):
        return base[:-1] + "ing"
    if (re.search(r"[^aeiou][aeiou][bdgmnprt]$", base) and base not in _NOT_DOUBLED
            and (len(base) <= 4 or base.endswith(("get", "mit", "fer", "pel", "gin")))):
        return base + base[-1] + "ing"
    return base + "ing"



#: The negation that opens a behaviour a patient does no more or fails to do, before its gerund
#: ("not finishing schoolwork", "no longer leaving the house"): a present symptom, no denial.
NEGATED_BEHAVIOUR = re.compile(r"^(?:not|no longer)\s+(?=[a-z]+ing\b)", re.I)


def stopped_behaviour(text: str) -> str | None:
    """A behaviour the patient gave up, as a present symptom in the words a patient uses
    ("stopped going to the gym" -> itself, "no longer leaves the house" -> "no longer leaving
    the house", "used to enjoy cooking" -> "loss of interest in cooking", "does not listen to
    her teachers" -> "not listening to her teachers"), or None. A habit or
    a treatment stopped ("stopped smoking", "stopped taking X") is history, never a symptom."""
    text = re.sub(r"^(?:(?:also|recently|now|since then|then|completely|\w+ly)\s+)+", "", text.strip(" ,.;:"), flags=re.I)
    text = _BEHAVIOUR_END.split(text, maxsplit=1)[0].strip(" ,")  # the behaviour, not why it stopped ("because of the pain")
    stopped = _RE.stopped_behaviour.match(text)
    if stopped:
        return None if _RE.stopped_habit.match(stopped.group("g")) else \
            f"stopped {stopped.group('g').lower()}{_without_possessive(stopped.group('r'))}"
    no_longer = _RE.no_longer.match(text)
    if no_longer and no_longer.group("v").lower().endswith("s") and not no_longer.group("v").lower().endswith("ss") \
            and no_longer.group("v").lower() not in ("is", "has", "was", "does"):
        return f"no longer {gerund(base_form(no_longer.group('v')))}{_without_possessive(no_longer.group('r'))}"
    not_doing = _RE.not_doing.match(text)
    if not_doing and not _SEEN_AT_VISIT.search(text) and not _CARE_FOLLOWED.match(not_doing.group("r")):
        rest = re.sub(r"\s+(?:to|with|at)\s+(?:her|him|them)(?=\s*$|\s+(?:at|in|on|during|anymore|when|after|about)\b)", "",
                      not_doing.group("r"))  # "talks to her at home": an object pronoun names another person, left out
        return f"not {gerund(not_doing.group('v').lower())}{_without_possessive(rest)}"
    enjoyed = _RE.used_to_enjoy.match(text)
    return f"loss of interest in {_without_possessive(enjoyed.group('r'))}" if enjoyed else None


#: A visit where a behaviour is seen ("during the interview", "with the physician"): what the
#: examiner observed then, no behaviour of the patient's life to be told as a symptom.
_SEEN_AT_VISIT = re.compile(r"\b(?:during|throughout|in|at) (?:the|this|today's) (?:interview|examination|exam|visit|"
                            r"consultation|appointment|office|clinic|emergency department|ed|er)\b"
                            r"|\bwith (?:the|this) (?:physician|doctor|examiner|interviewer|nurse)\b", re.I)
#: A care object after "follow" ("the doctor's instructions", "her diet"): adherence, no behaviour.
_CARE_FOLLOWED = re.compile(r"^\s+(?:(?:the|his|her|their|any)\s+)?(?:[\w-]+['\u2019]s\s+)?(?:[\w-]+\s+)?"
                            r"(?:instructions?|advice|treatment|regimen|diet|plan|recommendations?|medications?|orders)\b", re.I)


def _without_possessive(text: str) -> str:
    """A behaviour's object without the patient's possessive ("going to her ballet lessons" ->
    "going to ballet lessons"): the name reads right whether the patient or a parent says it."""
    return re.sub(r"\b(?:his|her|their)\s+(?=\w)", "", text, flags=re.I)

#: A body part or product told by how it looks ("his urine has appeared pink", "her lips turned
#: blue"): the look is the symptom ("pink urine"). Only colours and textures of sight count.
_LOOKS = re.compile(
    r"^(?:(?:his|her|their|my|the|(?:the|his|her|their) (?:patient|child|baby|infant|boy|girl|son|daughter)['\u2019]s) )?"
    r"(?P<part>urine|stools?|bowel movements?|sputum|vomit|"
    r"skin|lips|eyes|whites of (?:his|her|their|my) eyes|nails|fingernails|tongue|face|gums|discharge|phlegm) "
    r"(?:(?:has|have|had) )?(?:(?:also|now|recently|occasionally|sometimes|often|intermittently) )?(?:been |become |"
    r"appeared |looked |turned |seemed |appears |looks |turns |seems |is |are |was |were |becoming |turning )(?:to be )?"
    r"(?P<how>(?:(?:bright|dark|pale|light|slightly|very|more|deep) )?(?:pink|red|reddish|brown|brownish|black|tarry|"
    r"dark|yellow|yellowish|orange|green|greenish|white|pale|gr[ae]y|blue|bluish|purple|cloudy|foamy|frothy|bloody|"
    r"(?:tea|cola|clay|coffee)[- ]colou?red|greasy|watery|dusky|mottled))\b", re.I)


#: Adverbs a verb-stated symptom may open with ("also", "often", "increasingly").
_ADVERBS = (r"(?:(?:also|often|frequently|always|sometimes|now|still|constantly|repeatedly|easily|no longer|"
            r"occasionally|increasingly|recently|usually|then|suddenly)\s+)*")


def _feeling_state(text: str) -> str | None:
    """"feeling X" for a state of body or mind told with a verb of being, feeling or becoming
    ("is tired", "has become increasingly withdrawn", "becoming more anxious" -> "feeling more
    anxious"); None unless X is a listed state, so "becoming cried" or "became left shoulder"
    never name a symptom."""
    feeling = re.match(rf"^{_ADVERBS}(?:feels|felt|has been feeling|is feeling|becomes|became|become|becoming|"
                       r"(?:has|have|had) (?:(?:also|now|\w+ly) )*become|"
                       r"(?:has|have) (?:(?:also|now|\w+ly) )*(?:grown|gotten)|is becoming|has been becoming|gets|got|is|was|has been|"
                       r"being|seems|seemed|has seemed|might be|may be|could be)\s+(?:(?:also|now|then|further)\s+)?"  # "is also nauseated"
                       r"(?P<how>(?:(?:\w+ly|very|extremely|more|increasingly|easily|always|constantly|so|too|quite|"
                       r"somewhat|a bit|a little)\s+)*(?:tired|fatigued|exhausted|weak|dizzy|lightheaded|light-headed|"
                       r"nauseous|nauseated|sad|depressed|anxious|nervous|irritable|confused|forgetful|restless|"
                       r"agitated|hopeless|worthless|guilty|thirsty|hungry|sleepy|drowsy|feverish|short of breath|"
                       r"breathless|unsteady|clumsy|jittery|shaky|cold|hot|bloated|constipated|full|numb|hopeless|"
                       r"paranoid|suspicious|withdrawn|distracted|inattentive|hyperactive|aggressive|lethargic|"
                       r"listless|unwell|sick|ill|achy|sore|stiff|itchy|sweaty|flushed|pale|jaundiced|fussy|cranky|clingy|"
                       r"tearful|fearful|disoriented|combative|apathetic|moody|"
                       r"sensitive to\b.*|afraid\b.*|scared\b.*|worried\b.*|preoccupied\b.*|obsessed\b.*)"
                       r"(?:\s.*)?)$", text, re.I)
    return f"feeling {feeling.group('how')}" if feeling else None


def verb_phrase_symptom(text: str) -> str | None:
    """A noun phrase for a symptom stated with a verb, or None when ``text`` does not start
    with one ("forgets names" -> "forgetting names", "feels tired" -> "feeling tired", "is
    unable to walk" -> "inability to walk", "has not had her period" -> "absence of period",
    "feels well" -> None)."""
    text = text.strip(" ,.;:")
    named = stopped_behaviour(text) or _feeling_state(text)
    if named is not None:
        return named
    for pattern, name in (
        (rf"^{_ADVERBS}(?:(?:has|have) )?(?:(?:been )?(?:losing|gaining)|lost|gained)\s+(?:\w+\s+)?weight\b(?P<r>.*)$",
         lambda m: f"weight {'loss' if re.search(r'los', text, re.I) else 'gain'}{m.group('r')}"),
        (rf"^{_ADVERBS}(?:(?:has|have) )?(?:(?:been )?(?:losing|gaining)|lost|gained)\s+(?P<amt>(?:about |approximately |nearly |"
         rf"over |almost )?[\d.,]+(?:\s*(?:-|to)\s*[\d.,]+)?\s*(?:pounds|lbs?|kg|kilograms?)\b(?:\s*\([^)]*\))?)(?P<r>.*)$",
         lambda m: f"weight {'loss' if re.search(r'los', text, re.I) else 'gain'} of {m.group('amt')}{m.group('r')}"),
        (r"^(?:(?:his|her|their|my|the patient's|the child's) )?(?P<x>appetite|energy|vision|eyesight|hearing|memory|sleep|concentration|mood|libido|urine output|"
         r"exercise tolerance|grades|school performance|performance at (?:school|work)) (?:has|have) (?:\w+ly )?(?:been )?(?P<v>diminished|decreased|worsened|declined|"
         r"increased|changed|deteriorated|reduced)\b(?P<r>.*)$",
         lambda m: f"{m.group('v').lower()} {m.group('x').lower()}{m.group('r')}"),
        (_LOOKS.pattern, lambda m: f"{m.group('how').lower()} {m.group('part').lower()}"),  # "his urine has appeared pink"
        (rf"^{_ADVERBS}(?:is|has been|was|became|becomes) (?:now )?(?:unable|not able) to\s+(?P<r>.+)$|"
         rf"^{_ADVERBS}(?:cannot|can ?not|can't|could not|couldn't)\s+(?P<r2>.+)$",
         lambda m: f"inability to {m.group('r') or m.group('r2')}"),
        (rf"^{_ADVERBS}(?:has|have) (?:not|never) (?:had|experienced)\s+(?:(?:a|an|any|my|his|her|their)\s+)?(?P<r>.+)$",
         lambda m: f"absence of {m.group('r')}"),
        (rf"^{_ADVERBS}(?:has|have) never (?P<v>\w+ed)\b(?P<r>.*)$", lambda m: f"never having {m.group('v')}{m.group('r')}"),
        (rf"^{_ADVERBS}(?:has|have) not (?:yet )?(?P<v>\w+ed)\b(?P<r>.*?)\s+yet$",
         lambda m: f"never having {m.group('v')}{m.group('r')}"),
        (rf"^{_ADVERBS}(?:is|are|was|were|has been|have been) (?:(?:repeatedly|often|frequently|recently) )?"
         rf"(?:seen|found|caught|noticed|observed|heard|witnessed) (?P<g>\w+ing)\b(?P<r>.*)$",
         lambda m: f"{m.group('g').lower()}{m.group('r')}"),
        (rf"^{_ADVERBS}(?:has|have) not stopped (?P<v>\w+ing)\b(?P<r>.*)$", lambda m: f"constant {m.group('v')}{m.group('r')}"),
        (rf"^{_ADVERBS}(?:has|have) {_ADVERBS}(?P<v>\w+)(?P<r>\s+(?!(?:because|as|since|due|and|or|but)\b)\w.*)$",
         # "has stolen from shops" -> "stealing from shops"
         lambda m: f"{gerund(base)}{m.group('r')}" if (base := participle_base(m.group("v"))) else None),
        (rf"^{_ADVERBS}(?:is |has been |was )?(?:finding|finds|found) it (?:difficult|hard) to (?P<v>\w+)(?P<r>.*)$|"
         r"^it (?:is|was|has been|had been|has become|is becoming) (?:(?:\w+ly|more|very) )*(?:difficult|hard|harder) "
         r"for (?:him|her|them|me) to (?P<v2>\w+)(?P<r2>.*)$",  # "it has been increasingly hard for her to read"
         lambda m: f"difficulty {gerund((m.group('v') or m.group('v2')).lower())}{m.group('r') or m.group('r2') or ''}"),
        (rf"^{_ADVERBS}(?:(?:has|have) been |is |was )?(?P<g>\w+ing)\b(?P<r>.*)$",
         lambda m: f"{m.group('g').lower()}{m.group('r')}" if m.group("g").lower() in _GERUNDS else None),
    ):
        match = re.match(pattern, text, re.I)
        named = name(match) if match else None
        if named is not None:
            return named
    verb = re.match(rf"^(?P<adv>{_ADVERBS})(?P<v>[a-z]+s)\b(?P<rest>.*)$", text, re.I)
    if verb:
        base = base_form(verb.group("v"))
        rest = verb.group("rest")
        if base == "feel" and _RE.well.match(rest.strip()):
            return None
        if base in SYMPTOM_VERBS:
            return f"{verb.group('adv')}{gerund(base)}{_coordinated_gerunds(rest)}".strip()
    past = re.match(rf"^(?P<adv>{_ADVERBS})(?P<v>[a-z]+)\b(?P<rest>.*)$", text, re.I)
    base = past_behaviour_base(past.group("v")) if past else None
    if past and base:  # "vomited twice" -> "vomiting twice"
        return f"{past.group('adv')}{gerund(base)}{past.group('rest')}".strip()
    return None


def is_fragment(name: str) -> bool:
    """True when ``name`` is a piece of clause, not a symptom name: it opens with a
    conjunction, relative, preposition or verb ("but today I can", "that I could not see",
    "especially"), holds a finite clause ("today I can walk"), ends with a function word, or
    is a lone descriptor ("sudden", "persistent")."""
    behaviour = NEGATED_BEHAVIOUR.match(name.strip(" ,.;:"))
    if behaviour:  # "not finishing schoolwork": the gerund phrase after the negation is judged
        return is_fragment(name.strip(" ,.;:")[behaviour.end():])
    words = name.strip(" ,.;:").split()
    if not words:
        return True
    if len(words) == 1:
        return bool(_RE.fragment_start.match(words[0]))
    if _RE.fragment_start.match(words[0]) and words[0].lower() not in _DESCRIPTORS_OPENING_NAMES \
            and not words[0].lower().endswith("ly"):
        return True
    return (bool(_RE.finite.search(name)) or words[-1].lower() in _TRAILING_FUNCTION_WORDS
            or bool(_RE.generic_name.match(name.strip(" ,.;:"))))


#: Descriptors that open a symptom name with a head after them ("sudden chest pain").
_DESCRIPTORS_OPENING_NAMES = frozenset({
    "sudden", "persistent", "acute", "chronic", "gradual", "intermittent", "occasional", "recurrent", "recurring",
    "mild", "severe", "moderate", "worsening", "progressive", "new", "constant", "episodic", "no", "more", "less",
    "similar", "other", "increased", "decreased", "never", "recent", "previous", "prior", "current", "ongoing",
    "asymptomatic", "specifically",
})
_TRAILING_FUNCTION_WORDS = frozenset({
    "and", "or", "but", "the", "a", "an", "of", "to", "in", "on", "at", "with", "for", "from", "by", "that", "which",
    "my", "his", "her", "their", "is", "was", "has", "had", "as", "than", "when", "while",
})


#: Head words of symptoms and signs a patient reports (with the lay table's terms and the
#: medical suffixes below, the vocabulary of :func:`looks_like_symptom`).
SYMPTOM_WORDS = frozenset("""
pain pains ache aches aching headache headaches migraine fever fevers chills rigors sweats sweating night rash rashes
fatigue tired tiredness tiredness exhaustion weakness weak malaise lethargy lethargic nausea nauseous vomiting vomit
vomitus diarrhea constipation cough coughing breath breathing breathlessness wheeze wheezing swelling swollen edema
bleeding blood bloody bruising bruises bruise discharge drainage lesion lesions spot spots patch patches plaque plaques
papule papules bump bumps lump lumps mass masses nodule nodules blister blisters vesicles bullae pustules sore sores
ulcer ulcers ulceration wound wounds itch itching itchy itchiness pruritus pruritic redness red discoloration
dizziness dizzy vertigo lightheadedness fainting faint syncope palpitations numbness tingling burning stiffness
stiff cramps cramping spasms twitching tremor tremors shaking seizure seizures convulsions confusion confused
forgetfulness memory hallucinations voices delusions mood sadness sad anxiety anxious worry irritability irritable
agitation restless restlessness insomnia sleep sleeping sleepiness snoring appetite weight thirst hunger urination
urinating urine frequency urgency incontinence dysuria hematuria stool stools bowel movements defecation gas
bloating distension fullness satiety heartburn reflux indigestion dysphagia swallowing hoarseness voice speech
vision sight blindness diplopia eye eyes tearing hearing tinnitus earache congestion rhinorrhea sneezing nosebleeds
nosebleed throat jaundice yellowing pallor pale flushing flashes dryness dry hair loss gain growth period periods
menses menstruation spotting libido erection intercourse dyspareunia contractions movements kicks feeding crying
fussiness fussy irritability gait limp limping falls fall clumsiness balance coordination tenderness tender
sensation sensations pressure tightness heaviness discomfort distress difficulty trouble inability problems
loss change changes ideation thoughts behavior behaviour energy concentration attention deficits paralysis
droop drooping drooling jerking jerks episodes episode attacks attack spells spell infection infections
unconscious unresponsive consciousness behavior behaviour outbursts tantrums yellow yellowing acne hives warts dandruff
freckles scars scar pimples tension runny nose stuffy stare staring wandering sputum phlegm hemoptysis hematemesis
melena mucus pus odor smell taste lump bulge protrusion deformity
thickening scaling crusting peeling flaking hives welts eruption erosions sores cyst cysts wart warts mole moles
ringing buzzing soreness tightening thinning hardening sensitivity leakage leaking somnolent somnolence drowsy
drowsiness diaphoretic diaphoresis obtunded incoherent
""".split())
_MEDICAL_SUFFIX = re.compile(r"(?:algia|itis|osis|emia|aemia|uria|rrhea|rrhoea|pnea|pnoea|plegia|paresis|penia|megaly|"
                             r"opathy|cele|oma|ia|esthesias?|phagia|phasia|ptysis|emesis|orrhagia|cytosis|trophy)$")


def looks_like_symptom(name: str) -> bool:
    """True when a name reads as a symptom or sign: a symptom word ("pain", "swelling"), a
    medical term ("hematuria"), a term of the lay table, a verb-stated symptom ("feeling
    tired", "inability to walk"), a behaviour given up or not done ("stopped going to the gym",
    "not finishing schoolwork") or a function in decline ("declined grades"); False for
    "numerous pending papers"."""
    low = name.lower()
    if re.match(r"^(?:feeling|inability|absence|never having|constant|stopped \w+ing|no longer|not \w+ing|"
                r"loss of interest)\b|^(?:diminished|decreased|worsened|declined|"
                r"deteriorated|reduced) \w", low) or _GERUND_START.match(low):  # "declined grades": a function in decline
        return True
    words = re.findall(r"[a-z]+", low)
    if any(w in SYMPTOM_WORDS or {w[:-1], w[:-2], w[:-3], w + "e"} & SYMPTOM_WORDS or _MEDICAL_SUFFIX.search(w)
           for w in words):
        return True
    lexicon = default_lexicon()
    return lexicon.to_lay(low) != low


_GERUNDS = frozenset(gerund(v) for v in SYMPTOM_VERBS)
_GERUND_START = re.compile(r"^(?:(?:often|frequently|always|sometimes|repeatedly|constantly|occasionally|easily|also|still|"
                           r"now) )*(?:" + "|".join(sorted(gerund(v) for v in SYMPTOM_VERBS)) + r")\b")


def _ing_base(word: str) -> str:
    """The base of an -ing form, as far as the chart verbs need it ("taking" -> "take",
    "getting" -> "get", "saying" -> "say")."""
    stem = word.lower()[:-3]
    for candidate in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem):
        if _RE.chart_verb.match(candidate):
            return candidate
    return stem


#: Words that end a behaviour's verb phrase: a reason, a time clause or a second clause; a
#: comparison ("as much as before") stays with the behaviour.
_BEHAVIOUR_END = re.compile(r";|\s+(?:because|since|as(?!\s+(?:much|often|many|frequently|well|before|previously|usual)\b)|"
                            r"so that|which|who|when|while|after|before(?<!\bas before)|but|although|"
                            r"whereas|and (?:he|she|they|is|was|has|had))\b", re.I)
#: The joint before a further verb of a behaviour list ("insults teachers, annoys classmates").
_NEXT_VERB = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?=(?:does not |doesn't )?[a-z]+s\b)", re.I)


def _verb_gerund(verb_phrase: str) -> str | None:
    """The gerund phrase of one third-person verb phrase ("annoys classmates" -> "annoying
    classmates", "does not finish schoolwork" -> "not finishing schoolwork"), or None for a
    chart verb, a verb without an object or a word that is no third-person verb."""
    verb_phrase = re.sub(r"^(?:(?:\w+ly|sometimes|often|always|also|still|even|now|then)\s+)+", "", verb_phrase.strip(),
                         flags=re.I)
    match = re.match(r"^(?P<neg>(?:does not|doesn't)\s+)?(?P<v>[a-z]+)\b(?P<r>\s+\S.*)$", verb_phrase, re.I)
    if match is None or match.group("v").lower() in ("is", "was", "has", "does", "this", "his", "its", "as") \
            or match.group("v").lower().endswith("ss"):
        return None
    base = match.group("v").lower() if match.group("neg") else base_form(match.group("v"))
    if not match.group("neg") and not match.group("v").lower().endswith("s") or _RE.chart_verb.match(base) \
            or re.match(r"\s+(?:not|never)\b", match.group("r"), re.I) or _RE.well.match(match.group("r").strip()) \
            or re.fullmatch(r"\s+\w+ly", match.group("r")):
        return None  # "dresses well", "reads fluently": no behaviour told
    return f"{'not ' if match.group('neg') else ''}{gerund(base)}{match.group('r').rstrip(' .')}"


def _contact_base(past: str) -> str | None:
    """The base of a simple past of a verb of contact (``past_contact_verb``: "kicked" ->
    "kick", "slapped" -> "slap", "threw" -> "throw", "hit" -> "hit"), or None."""
    stem = past[:-2] if past.endswith("ed") else past
    candidates = (_IRREGULAR_PAST.get(past, past), stem, stem + "e", stem[:-1])
    return next((c for c in candidates if _RE.past_contact_verb.match(c)), None)


def _past_gerund(verb_phrase: str) -> str | None:
    """The gerund phrase of one simple-past behaviour ("hit a classmate" -> "hitting a
    classmate", "kicked the dog" -> "kicking the dog"), or None. The verb must be a past
    behaviour (:func:`past_behaviour_base`, or a verb of contact of ``past_contact_verb``) with
    an object that is no body part of the patient's own ("he hit his head": an injury)."""
    match = re.match(r"^(?P<v>[a-z]+)\b(?P<r>\s+\S.*)$", verb_phrase.strip(), re.I)
    if match is None:
        return None
    verb, rest = match.group("v").lower(), match.group("r").rstrip(" .")
    base = past_behaviour_base(verb) or _contact_base(verb)
    if not base or _RE.own_body_part.match(rest.strip()):
        return None
    return f"{gerund(base)}{rest}"


def behaviour_phrases(clause: str, *, max_words: int = 10) -> list[str]:
    """Gerund phrases for the behaviours the patient is told to do in the present, the
    progressive or the simple past, or [] ("He talks to cereal boxes" -> ["talking to cereal
    boxes"], "she is undressing in front of visitors" -> ["undressing in front of visitors"],
    "He insults teachers, annoys classmates and does not finish schoolwork" -> ["insulting
    teachers", "annoying classmates", "not finishing schoolwork"], "he bit a classmate last
    week" -> ["biting a classmate"]).

    The clause must open with the patient as subject (a pronoun or a chart noun); each verb
    must be none of the chart verbs (``chart_verb``: has, takes, denies, reports, works,
    wears ...) and take an object; a simple past must be a behaviour (:func:`_past_gerund`).
    The phrase ends before a reason, a second clause or a closing time. When one verb of a
    list fails, or a phrase is longer than ``max_words``, the clause reads as none."""
    subject = _RE.patient_subject.match(clause.strip())
    if subject is None:
        return []
    text = _BEHAVIOUR_END.split(clause.strip()[subject.end():], maxsplit=1)[0]
    text = _RE.closing_time.sub("", text)
    stopped = stopped_behaviour(text)
    if stopped is not None:  # "she stopped going to her ballet lessons": a behaviour given up
        return [stopped] if len(stopped.split()) <= max_words else []
    past = _past_gerund(text)
    if past is not None:
        return [past] if len(past.split()) <= max_words else []
    progressive = re.match(r"^(?:is|are|has been|have been)\s+(?P<g>[a-z]+ing)\b(?P<r>\s+\S.*)$", text, re.I)
    if progressive:
        if _RE.chart_verb.match(_ing_base(progressive.group("g"))):
            return []
        names: list[str | None] = [f"{progressive.group('g').lower()}{progressive.group('r').rstrip(' .')}"]
    else:
        names = [_verb_gerund(piece) for piece in _NEXT_VERB.split(text)]
    if not all(names) or any(len(name.split()) > max_words for name in names if name):
        return []  # every verb of a list must tell a behaviour, or the clause is read as none
    return [re.sub(r"^(\w+) that\b", r"\1", name) for name in names if name]
