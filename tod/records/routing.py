"""Rule-based routing of free-text history into record fields, shared by every importer.

A sentence is cut into clauses; a clause is either negated ("denies fever or chills",
"no history of smoking, alcohol, or drug use", "non-smoker", "not on any medications") or
affirmative. Its lead words ("history of", "takes", "is allergic to", "works as", "her mother
had") decide the field of the list that follows; the list is split into items, and an item
with a field of its own ("smokes 1 pack daily" in a list of conditions) goes there. Negated
items are stored as denials: a generic item ("any medications", "significant past medical
history") is a blanket denial of its field, a named one a denied value. Values are short
noun phrases in the patient's person (:func:`tod.records.phrases.short_value`).

A clause that no rule places and that has no default field is returned as unrouted text:
importers count it per record, nothing is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tod.records.model import Status
from tod.records.patterns import load_patterns
from tod.records.phrases import (
    first_person,
    obstetric_phrase,
    short_value,
    split_items,
    split_sentences,
    split_time,
    strip_subject,
)
from tod.records.symptom_names import looks_like_symptom, stopped_behaviour, verb_phrase_symptom

#: Fields that hold one fact (the others are lists).
SINGLE_FIELDS = frozenset({"social.tobacco", "social.alcohol", "social.drug_use", "demographics.occupation"})
#: Where symptom facts go (importers keep their descriptors separately).
SYMPTOMS = "symptoms"

_SOCIAL_HABITS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.I))
    for name, pattern in (
        ("social.drug_use", r"\b(illicit|recreational|street|intravenous|injection|iv) drugs?\b|\bdrug (use|abuse)\b|"
         r"\b(cocaine|heroin|marijuana|cannabis|methamphetamines?|amphetamines?|polysubstance|substance (use|abuse)|"
         r"ivdu|opioid (use|abuse)|drugs? of abuse|uses drugs|injects)\b"),
        ("social.tobacco", r"\b(smok\w*|tobacco|cigar\w*|vap(e|es|ing)|pack[- ]years?|nicotine|chews?)\b"),
        ("social.alcohol", r"\b(alcohol\w*|drinks?|drinkers?|drinking|drank|beers?|wine|liquor|spirits|ethanol|etoh|vodka|whiskey)\b"),
    )
)

#: Item-level routes: an item that names one of these goes there whatever the lead said.
_ITEM_ROUTES: tuple[tuple[str, re.Pattern[str]], ...] = _SOCIAL_HABITS + tuple(
    (name, re.compile(pattern, re.I))
    for name, pattern in (
        ("history.allergies", r"\ballerg\w*\b"),
        ("history.family_history", r"\bfamily (medical )?history\b|\bin (?:the|my|his|her|their) family\b"),
        ("history.vaccinations", r"\b(vaccin\w*|immuni[sz](?:ations?|ed))\b"),
        ("social.sexual_history", r"\b(sexual(ly)?|sex partners?|condoms?|intercourse)\b"),
        ("social.reproductive_history", r"(?<!oral )\bcontraception\b(?! pills?| tablets?)|\bmenstrual cycles?\b|\bmenarche\b|"
         r"^(?:[\w-]+\s+){0,3}(?:prenatal|antenatal) (?:care|visits?|check-?ups?)\b"),
        ("history.trauma_surgery", r"\b(surger(y|ies)|surgical|operations?|\w+ectomy|\w+otomy|\w+plasty|injur(y|ies)|"
         r"trauma|fractures?|accidents?|\w+oscop(?:y|ies)|(?<!needs )(?<!requires )repairs?|collisions?|crash(?:es)?|"
         r"d&c|curettage|cesarean|c-section|amputation|stent(?:ing)?|bypass|"
         r"(?:joint|hip|knee|valve|shoulder) replacements?|resections?|excisions?|(?:kidney|renal|liver|heart|lung|"
         r"bone marrow|stem cell) transplant(?:ation)?s?|(?:blood |exchange |platelet |red (?:blood )?cell )?transfusions?)(?!\w)"),
        ("history.exposures", r"\b(travel\w*|trips?|sick contacts?|exposures?|exposed)\b"),
        ("history.medications", r"^(?:(?:adjuvant|neoadjuvant|systemic|whole-brain) )?(?:chemotherapy|radiation(?: therapy)?|"
         r"radiotherapy|chemoradiation)$|^(?:(?:current|regular|daily|home|prescription|other|new|chronic|long-term) )*"
         r"(medications?|medicines?|drugs|prescriptions?|supplements?|pills?|treatments?|therapy)$"),
    )
)

OCCUPATION = (r"(?:student|teacher|farmer|nurse|engineer|worker|driver|officer|soldier|mechanic|painter|carpenter|"
               r"cashier|accountant|lawyer|physician|doctor|chef|cook|designer|manager|programmer|athlete|runner|"
               r"model|musician|electrician|plumber|miner|secretary|waitress|waiter|veterinarian|technician|janitor|"
               r"firefighter|clerk|salesman|saleswoman|pilot|librarian|professor|instructor|banker|executive|"
               r"consultant|analyst|scientist|researcher|dancer|gardener|landscaper|housekeeper|homemaker|"
               r"hairdresser|butcher|baker|fisherman|rancher|welder|laborer|labourer|contractor|attendant|"
               r"veteran|recruit|journalist|writer|artist|photographer|pharmacist|dentist|surgeon|receptionist|"
               r"bartender|guard|sailor|marine|missionary|volunteer|caregiver|babysitter|retiree|swimmer|player|"
               r"cyclist|wrestler|gymnast|climber|boxer|dancer)s?")
#: A bare occupation ("retired school teacher"); one owned by a possessive ("insults her teachers")
#: is another person's.
_BARE_OCCUPATION = re.compile(rf"^(?:(?:an?|retired|former|full-time|part-time|unemployed|current)\s+)*"
                              rf"(?:(?!(?:his|her|my|their|our|its)\b)[\w-]+\s+){{0,3}}"
                              rf"{OCCUPATION}(?:\s+(?:at|in|for|with)\s+.+)?$", re.I)

_RE = load_patterns("routing")
#: A body part named alone ("the abdomen", "left knee").
_BODY_PART = load_patterns("narrative").body_part
#: An item that ends in a place: what is there, and the place ("trauma to the back").
_AT_PLACE = re.compile(r"^(?P<head>.+?\s(?:to|in|of|on|around|over|near)\s+(?:(?:the|his|her|their|my)\s+)?)(?P<place>\S.*)$",
                       re.I)

_RELATIVE = (r"(?:(?:mother|father)(?:'s|\u2019s) side(?: of the family)?|(?:maternal|paternal) side(?: of the family)?|"
             r"mother|father|sister|brother|siblings?|parents?|son|daughter|grand(?:mother|father|parents?)|"
             r"aunt|uncle|cousin|twin|maternal \w+|paternal \w+|relatives?)")

#: Lead words of an affirmative clause -> field of the items that follow (in priority order).
_LEADS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.I))
    for name, pattern in (
        ("history.family_history", r"^(?:has |with |there is )?(?:an? )?(?:(?:significant|positive|notable|strong) )?family "
         r"(?:medical )?history (?:is |was )?(?:(?:also|only) )*(?:significant |notable |positive |remarkable |relevant )?"
         r"(?:only )?(?:for|of|includes?|:)\s*"),
        ("history.trauma_surgery", r"^(?:has |with |a )?(?:past |previous |prior )?surgical history (?:is )?(?:significant |notable )?"
         r"(?:for|of|includes?|:)\s*|^(?:has |had )?(?:previously |recently )?(?:underwent|undergone|(?:had|received) (?:an? )?(?=(?:[\w-]+ )?\w*(?:ectomy|otomy|"
         r"plasty|surgery|operation|repair|transplant|replacement|bypass))|status post|s/p)\s*|"
         r"^(?:was|were|had been|has been) (?:\w+ly )?(?=transfused\b)"),
        ("social.sexual_history", r"^(?:is |has been )?(?=sexually active)|^(?:has |with )?(?:a )?sexual history (?:is )?(?:of|:)?\s*"),
        ("history.exposures", r"^(?=(?:has |had )?(?:previously |formerly )?worked (?:as|at|in|for|with) |"
         r"(?:has been |is )?working (?:at|in|on) (?:an? |the |his |her |their |my )?(?:[\w'-]+ ){0,3}(?:farm|mine|factory|"
         r"shipyard|plant|ranch|hospital|laboratory|lab|construction)\b)|"
         r"^(?:has |had )?(?:recently )?(?:traveled|travelled|returned from|came back from|visited|"
         r"went (?:camping|hiking|on a trip)|was exposed to|has been exposed to|exposure to|travel history (?:includes?|of|:)?)\s*"),
        ("history.allergies", r"^(?:is |has been )?(?:allergic to|allergies (?:to|include|:)|has (?:an? )?allerg\w* to|"
         r"(?:known )?allergies:?)\s*"),
        ("history.vaccinations", r"^(?=(?:(?:my|his|her|the) )?(?:vaccinations?|immuni[sz]ations?)\b)"),
        ("history.medications", r"^(?:(?:is|(?:has|have) (?:(?:also|only|since|now) )?been|was|were) )?(?:(?:currently|regularly|also|only|initially|previously|"
         r"recently|then|briefly|subsequently|empirically|successfully|originally|first|still|now) )*(?:(?:taking|takes|took|(?<!been )(?<!was )(?<!were )(?<!is )taken|uses|"
         r"using|applying|applies|receiving|receives|received|maintained on|started on|treated with|prescribed|on (?:an? )?(?:\w+ )?regimen of|"
         r"(?:completed|finished)(?= (?:an? |the )?(?:[\w-]+ )?(?:course|regimen|cycles?|rounds?) of))\s+"
         r"(?!(?:off|out|up|away|over|down|apart)\b(?!-))(?!(?:a |an )?(?:trip|vacation|break|"
         r"walk|nap|shower|bath|class|course(?! of)|diagnosis|job|part|care|time|place|advantage|turns?)\b)|"
         r"on\s+(?!(?:his|her|their|my|the|a|an|an?other|one|two|several|vacation|holiday|duty|call|leave|time|"
         r"foot|board|review|examination|exam|arrival|admission|presentation|questioning|further|physical|"
         r"inspection|palpation|auscultation)\b))|"
         r"^(?:(?:has|have|had|did) )?(?:also |only |previously )?(?:tried|try) (?:to (?:take|use|apply) |using |taking |"
         r"applying |(?!to\b))|"
         r"^(?:has |have )?(?:recently )?(?:started|begun|began|starts) (?:taking |using |on )?"
         r"(?!(?:to|a|an|the|his|her|their|\w+ing)\b)|"
         r"^(?:(?:my|his|her|the|current|only|home|daily|regular) )*medications? (?:included|includes|include|are|is|were|was|"
         r"consist of|:)\s*"),
        ("history.past_diagnoses", r"^(?:has |had |with )?(?:an? )?(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|"
         r"ten|several|many)[- ](?:years?|months?)[- ])?(?:(?:significant|known|documented|long|prior|previous|"
         r"longstanding|remote) )?(?:past )?(?:medical )?history (?:is |was )?(?:(?:also|otherwise|only) )*(?:significant |notable |remarkable |"
         r"positive |relevant )?(?:only )?(?:for|of|includes?|:)\s*|^(?:was |has been |had been )?(?:recently |previously )?diagnosed with\s*|"
         r"^(?:recently |previously )?(?:received|was given|got) (?:an? |the )?diagnosis of\s*|"
         r"^(?:(?:is |was )?known (?:to have|for|with)|known case of|suffers from|(?:recently )?completed (?:a course of )?treatment for|has been treated for|was treated for|is being treated for|(?:currently )?being treated for|"
         r"(?:is |has been |was )?managing|manages)\s*|^there (?:is|was) (?:a |an )?(?:(?:known|prior|past|previous) )?"
         r"(?:medical )?history of\s*|^(?:was |were )?(?=born (?:at|by|via|preterm|prematurely|premature|full|term|vaginally|by)\b)|"
         r"^(?:was|were) (?=delivered (?:at|by|via|preterm|prematurely|full|term|vaginally|healthy|without)\b)|"
         r"^(?:has |have |is |are |has been |had been )?(?=(?:met|meeting) (?:all )?(?:(?:his|her|their) )?"
         r"(?:(?:developmental|motor|verbal|social|speech|language)(?:,? (?:and )?|\s+))*milestones\b)"),
        ("demographics.occupation", r"^(?:works? (?:(?:part-time|full-time|part time|full time) )?(?:as|at|in|for)|is employed (?:as|at|by)|employed as|occupation:?|"
         r"is (?=(?:an? )?(?:[\w-]+ ){0,3}" + OCCUPATION + r"\b))\s*"),
        ("social.living_habits", r"^(?=(?:lives|lived|(?:has|have) (?:lived|been living)|is living|is married|is divorced|is widowed|is single|exercises|eats|"
         r"follows|has a (?:\w+ )?diet|sleeps|runs|plays|attends|walks|jogs|swims|is (?:physically )?active|"
         r"is sedentary|enjoys|likes|loves|spends (?:\w+ )?time|is homeless|"
         r"is (?:in|a) (?:the )?(?:[\w-]+ )?(?:grade|school|kindergarten|preschool|daycare|day care|college|university)|"
         r"(?:is|was|has been) (?:\w+ly )?(?:adopted|placed (?:in|with) (?:foster care|a foster (?:home|family)))|"
         r"(?:is|has been) (?:living|staying) (?:in|with|at)|"
         # a life event of the patient's: a breakup, a divorce, a lost job, a move
         r"(?:(?:has |had )?(?:recently |just )?(?:broke|broken) up with|(?:recently )?(?:got |was |has been )?divorced|"
         r"(?:recently )?separated from|(?:has |had )?(?:recently )?lost (?:his|her|their) (?:job|home|house)|"
         r"(?:was|has been|had been) (?:recently )?(?:fired|laid off|let go)|(?:recently )?moved (?:in with|out of|back)|"
         r"(?:has |had )?(?:recently )?(?:started|begun|began) (?:a )?new (?:job|relationship)|"
         r"(?:has|had) (?:recently )?(?:a )?new (?:boyfriend|girlfriend|partner|job)|"
         # a strain the patient lives under: "has had a lot of stress at work"
         r"(?:is|was|has been|had been) (?:under (?:a lot of |a great deal of |much |significant )?stress|(?:very |quite )?stressed)|"
         r"(?:has|had|has had|have had) (?:(?:a lot|a great deal|plenty) of |(?:much |a little )?more |increased |significant |)stress))\b)"),
        ("social.reproductive_history", r"^(?=(?:(?:my|her) )?(?:last menstrual period|last (?:menstrual )?(?:cycle|period)|menstrual|menarche|menses|(?:menstrual )?cycles? (?:are|is|were|was)|"
         r"periods?|(?:is |was )?(?:an? )?(?:gravida|g\d+p\d+)|obstetric history|is \d+ weeks pregnant|is pregnant|pregnan\w*|"
         r"contracepti\w*|uses (?:oral )?contracepti\w*|delivered|gave birth|breastfeed\w*|menopaus\w*|"
         r"postmenopausal|had (?:\w+ ){1,2}(?:pregnancies|miscarriages|children|deliveries))\b)"),
    )
)

_FAMILY_MEMBER = re.compile(
    rf"^(?:(?:my|his|her|their|the patient's|the|a|an|one|both|two) )?(?:(?:older|younger|biological|twin) )*"
    rf"(?P<who>{_RELATIVE}(?: and (?:(?:my|his|her) )?{_RELATIVE})?)\s+"
    rf"(?:(?:had\s+)?died (?:at (?:the )?(?:age (?:of )?)?\d+(?: years)?(?: of age)? |(?:\w+ ){{1,3}}ago )?"
    rf"(?:of|from|because of|due to)\s+(?:complications of\s+)?|(?:committed|died by|died of) (?=suicide\b)|(?:has|have|had|was|were|is)\s+(?:been\s+)?(?:diagnosed with\s+|treated for\s+|"
    rf"(?:undergoing|receiving) treatment for\s+|being treated for\s+)?|"
    rf"suffers? from\s+|suffered from\s+|passed away from\s+|with\s+)(?P<what>.+)$",
    re.I,
)
_FAMILY_TAIL = re.compile(rf"^(?P<what>.+?)\s+in (?:(?:my|his|her|their|a|the|both) )*(?P<who>{_RELATIVE}(?: and \w+)?)$", re.I)

_GENERIC: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern, re.I)
    for name, pattern in (
        ("history.past_diagnoses", r"^(?:(?:other|past|prior|previous|significant|major|chronic|serious|known|medical|"
         r"relevant|notable|remarkable)\s+)*(?:past medical history|medical history|history|medical (?:problems?|"
         r"conditions?|issues?)|illness(?:es)?|diseases?|conditions?|problems?|health (?:problems?|issues?)|"
         r"medical events?|hospitali[sz]ations?|comorbidit(?:y|ies)|co-morbidit(?:y|ies))(?: of note)?$"),
        ("history.medications", r"^(?:(?:other|regular|current|daily|chronic|home|prescription|prescribed|new|recent|topical|oral|"
         r"long-term)\s+)*(?:medications?|medicines?|drugs|pills|prescriptions?|medication use|treatments?|"
         r"over-the-counter (?:medications?|drugs)|supplements?)$"),
        ("history.allergies", r"^(?:(?:known|drug|medication|food)\s+)*allerg(?:y|ies)(?: to (?:medications?|drugs))?$"),
        ("history.trauma_surgery", r"^(?:(?:previous|prior|past|major|recent)\s+)*(?:surger(?:y|ies)|surgical history|"
         r"operations?|trauma|injur(?:y|ies)|falls?|accidents?)$"),
        ("history.family_history", r"^(?:(?:significant|relevant|notable|positive|known)\s+)*family (?:medical )?history"
         r"(?: of (?:similar|such) (?:problems|conditions|symptoms))?$"),
        ("history.exposures", r"^(?:(?:recent|international|foreign)\s+)*(?:travel|trips?|sick contacts?|exposures?)$"),
        ("social.tobacco", r"^(?:smok(?:e|es|ed|ing|er)|tobacco(?: use)?|cigarettes?|tobacco products|nicotine)$"),
        ("social.alcohol", r"^(?:(?:drink|drinks|drank|consume|consumes)\s+)?(?:alcohol(?: use| consumption| intake)?|"
         r"drink(?:s|ing|er)?|alcoholic beverages)$"),
        ("social.drug_use", r"^(?:(?:illicit|recreational|street|intravenous|iv|illegal)\s+)*(?:drugs?|drug use|"
         r"drug abuse|substance (?:use|abuse))(?: use)?$"),
        ("social.sexual_history", r"^(?:sexually active|sexual activity|sexual partners?|sex)$"),
        ("history.vaccinations", r"^(?:vaccinations?|immuni[sz]ations?)$"),
    )
}
#: Sections whose bare "None" / "Unremarkable" is a blanket denial of the field.
_BLANKET_FIELDS = frozenset({"history.past_diagnoses", "history.medications", "history.allergies",
                             "history.trauma_surgery", "history.family_history"})


@dataclass(frozen=True)
class RoutedFact:
    """One fact for a record field.

    ``field`` is a case path ("history.allergies", "social.tobacco", "symptoms",
    "demographics.occupation"). ``value`` is None for a blanket denial ("no medications").
    """

    field: str
    value: str | None
    status: Status = Status.present
    detail: str | None = None


@dataclass
class Routing:
    """The facts of a text and the clauses no rule could place."""

    facts: list[RoutedFact] = field(default_factory=list)
    unrouted: list[str] = field(default_factory=list)

    def extend(self, other: "Routing") -> None:
        """Append another routing's facts and unrouted clauses."""
        self.facts += other.facts
        self.unrouted += other.unrouted


def as_text(value: object) -> str:
    """Free text from a JSON value: lists become sentences, objects "key: value" sentences."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ". ".join(as_text(v).rstrip(".") for v in value if as_text(v))
    if isinstance(value, dict):
        return ". ".join(f"{str(k).replace('_', ' ')}: {as_text(v).rstrip('.')}" for k, v in value.items() if as_text(v))
    return str(value)


def is_not_provided(value: object) -> bool:
    """True for text that gives no information: "N/A", "Information not provided", "No
    mention of smoking", a pending or hypothetical result ("MRI could be considered")."""
    text = as_text(value)
    return not text.strip() or bool(_RE.not_provided.match(text))


def is_bare_normal(value: object) -> bool:
    """True for a bare normal or empty answer: "Normal", "Negative", "Unremarkable", "None"."""
    return bool(_RE.normal.match(as_text(value)))


def is_blanket_wellness(clause: str) -> bool:
    """True for a clause that says only that all is well, naming nothing: "He feels well",
    "Review of systems is otherwise negative" (no fact, like "no other complaints")."""
    text = strip_subject(clause.strip(" .,;:"))
    return bool(_RE.feels_well.match(text) or _RE.blanket_review.match(text))


def _unchanged_functions(text: str) -> Routing | None:
    """A bodily function stated as normal or unchanged ("Her appetite and sleep are normal"):
    a denied change in each one; None when the clause says no such thing."""
    match = _RE.unchanged_function.match(text)
    if not match:
        return None
    functions = [f for f in re.split(r",?\s+and\s+|,\s*", match.group("x").lower()) if f.strip()]
    return Routing([RoutedFact(SYMPTOMS, f"change in {function.strip()}", Status.denied) for function in functions])


def excepted_complaint(clause: str) -> str | None:
    """The complaint a "no complaints except X" clause states ("She has no complaints except
    for mild abdominal pain" -> "mild abdominal pain"), or None."""
    exception = _RE.complaint_exception.match(strip_subject(clause.strip(" .,;:")))
    return exception.group("rest") if exception else None


def negated_object(clause: str) -> str | None:
    """The negated part of a clause ("denies fever or chills" -> "fever or chills";
    "non-smoker" -> "smoker"), or None when the clause is affirmative."""
    text = re.sub(r"\b(is|are|was|were|has|have|had|does|do|did)\s+(?:currently|presently|now|still|also|otherwise|"
                  r"really)\s+(not|never)\b", r"\1 \2", strip_subject(clause), flags=re.I)  # "is currently not taking"
    habit = _RE.non_habit.match(text)
    if habit and re.search(r"\b(non|never)[- ]?(smoker|drinker|drug user|alcoholic)", habit.group(0), re.I):
        return habit.group(1)
    match = _RE.negation.match(text)
    if not match or stopped_behaviour(text) is not None:  # "no longer leaves the house": a behaviour given up
        return None
    rest = text[match.end():].strip(" .,:")
    if _RE.prior_episode.match(rest):  # "no previous similar episodes": kept whole, history (see _denied_facts)
        return rest
    return _RE.negated_head.sub("", rest).strip(" .,:")


def is_asymptomatic(clause: str) -> bool:
    """True for "the left eye is asymptomatic": a denial of symptoms there."""
    return _RE.asymptomatic.match(strip_subject(clause.strip(" .,;:"))) is not None


def is_negated(clause: str) -> bool:
    """True when the clause states a negative ("non-smoker", "denies alcohol use")."""
    return negated_object(clause) is not None


def item_field(item: str) -> str | None:
    """The field an item names by itself ("smokes a pack a day" -> social.tobacco), or None
    for a wish or request ("desire for a laparoscopy": nothing done yet)."""
    if _RE.wish.match(item.strip()):
        return None
    for name, pattern in _ITEM_ROUTES:
        if pattern.search(item):
            return name
    return None


#: What may follow a field's name without naming an item: that it was reported, and by whom
#: ("medical history noted", "has been reported by his wife").
_FIELD_TAIL = re.compile(r"\s+(?:(?:(?:has|have) been|was|were|is|are)\s*)?(?:noted|reported|documented|mentioned|recorded)?"
                         r"(?:\s+by\s.*)?$", re.I)
#: A denial with an exception ("medical history except (for) recurrent infections").
_EXCEPTION = re.compile(r"^(?P<head>.+?),?\s+(?:except|apart from|aside from|other than|besides)\s+(?:for\s+)?"
                        r"(?:(?:the\s+)?(?:noted|known|reported)\s+)?(?P<item>\S.*)$", re.I)


def generic_field(item: str) -> str | None:
    """The field whose whole content an item names ("any medications" -> history.medications;
    "significant medical history noted": the past history)."""
    text = _FIELD_TAIL.sub("", _RE.negated_head.sub("", item.strip(" .,:").lower()).strip())
    for name, pattern in _GENERIC.items():
        if pattern.match(text):
            return name
    return None


def looks_chronic(text: str) -> bool:
    """True when a phrase names a long-standing condition or a past event ("type 2 diabetes",
    "a prior STEMI"): history, never the presenting complaint."""
    return bool(_RE.chronic.search(text))


def looks_lasting(text: str) -> bool:
    """True when a phrase names a condition one has for good: long-standing (:func:`looks_chronic`)
    or named as a disease, disorder, syndrome, defect or deficiency ("Crohn's disease")."""
    return looks_chronic(text) or bool(_LASTING_CONDITION.search(text))


def looks_like_condition(text: str) -> bool:
    """True when a phrase names a disease or condition rather than a complaint."""
    return bool(_RE.condition.search(text))


#: A condition the patient has ("has celiac disease"): past history when it is long-standing
#: (:func:`looks_chronic`) or named as a lasting condition (:data:`_LASTING_CONDITION`).
_HELD_CONDITION = re.compile(r"^(?:has|had|have|has had|has been living with|lives with)\s+(?!been\b)(?P<x>.+)$", re.I)
#: A condition stated with its treatment ("asthma treated with an inhaler").
_TREATED_BY = re.compile(r"\b(?:treated|managed|controlled) (?:with|by)\b", re.I)
_LASTING_CONDITION = re.compile(r"\b(?:disease|disorder|syndrome|defect|deficiency)\b", re.I)

#: A quality word or verb -> the symptom it names ("not itchy", "does not itch" -> itching
#: denied; a lone "tender" -> tenderness).
QUALITY_NOUNS = {"itchy": "itching", "pruritic": "itching", "painful": "pain", "tender": "tenderness",
                 "swollen": "swelling", "warm": "warmth", "red": "redness", "bleeding": "bleeding",
                 "draining": "drainage", "growing": "growth", "enlarging": "growth", "sore": "soreness",
                 "itch": "itching", "hurt": "pain", "burn": "burning", "bleed": "bleeding", "drain": "drainage"}


def _lead(clause: str) -> tuple[str, str] | None:
    for name, pattern in _LEADS:
        match = pattern.match(clause)
        if match:
            return name, clause[match.end():]
    return None


def _family(clause: str) -> RoutedFact | None:
    """A relative's condition ("Her maternal uncle has ankylosing spondylitis"), or None; a
    doing that names no condition ("her mother is giving him ibuprofen") is none."""
    for pattern in (_FAMILY_MEMBER, _FAMILY_TAIL):
        match = pattern.match(clause)
        if match:
            who = re.sub(r"\b(my|his|her|their)\s+", "", match.group("who"), flags=re.I).lower()
            what = short_value(_RE.family_lead.sub("", match.group("what")))
            if what and not re.match(r"^(?:no|not|never)\b", what, re.I) and not (
                    re.match(r"^\w+ing\b", what) and not looks_like_condition(what)):
                return RoutedFact("history.family_history", what, Status.present, who)  # "ankylosing spondylitis"
    return None


_PURPOSE_TAIL = re.compile(r"\s+(?:for|on|to|against) (?:it|them|this|that|these|those|the|his|her|their|my)\b.*$", re.I)


#: A verb by which another person speaks for the patient ("Parents deny any fever").
_SPEAKER_VERB = re.compile(r"\b(?:den(?:y|ies|ied)|recalls?|recalled|remembers?|remembered|reports?|reported|"
                           r"notices?|noticed)\b", re.I)


def _generic_lead_field(item: str) -> str | None:
    """The field a lead names when its object is that field's whole content ("taken any
    medications", "tried any treatments for the lesions" -> history.medications); else None."""
    lead = _lead(item)
    if lead is None:
        return None
    field, rest = lead
    return field if generic_field(_PURPOSE_TAIL.sub("", rest)) == field else None


def _denied_facts(obj: str, default: str | None, *, history: bool = False) -> Routing:
    """The facts of a negated object ("fever or chills"), denied; with ``history`` (a denied
    history: "denies any history of X"), an item that reads as no symptom is past history."""
    routing = Routing()
    exception = _EXCEPTION.match(obj)
    field = generic_field(exception.group("head")) if exception else None
    if field in _BLANKET_FIELDS:  # "no medical history except asthma": none but the exception, which is present
        routing.facts.append(RoutedFact(field, None, Status.denied))
        routing.extend(route_clause(exception.group("item"), default=field))
        return routing
    family = _RE.denied_family.match(obj)
    if family:
        return Routing([RoutedFact("history.family_history", short_value(item), Status.denied)
                        for item in split_items(obj[family.end():]) if short_value(item)])
    both = _RE.self_or_family.match(obj)
    if both:  # "no cancer in herself or her family": denied for the patient and for the family
        obj = both.group("x")
        routing.facts += [RoutedFact("history.family_history", short_value(item), Status.denied)
                          for item in split_items(obj) if short_value(item)]
    items = _with_place_heads(split_items(obj))
    for number, item in enumerate(items):
        amount = number and number == len(items) - 1 and _RE.habit_amount.match(item) \
            and re.search(r",\s*" + re.escape(item) + r"\W*$", obj)  # "Non-smoker, moderate alcohol use"
        if number and _RE.affirmative_item.match(item):  # "denies alcohol, and enjoys walking and sunbathing"
            routing.extend(route_clause(" and ".join(items[number:]), default=None))
            break
        if number and (negated_object(item) is not None or amount
                       or re.search(r"\s(?:is|are|was|were|has been|have been)\s", item)):
            routing.extend(route_clause(item, default=None if amount else default))
            continue
        if _RE.prior_episode.match(item.strip(" .,:")):
            routing.facts.append(RoutedFact("history.past_diagnoses", "similar episodes before", Status.denied))
            continue
        if _RE.vague_item.match(item.strip(" .,:")) or _RE.no_response.match(_RE.negated_head.sub("", item).strip(" .,:")):
            routing.unrouted.append(item)  # "no specific symptoms", "no improvement with rest": reported, no symptom
            continue
        item = _RE.negated_head.sub("", item).strip(" .,:")
        if not item or is_not_provided(item) or is_bare_normal(item) or re.match(r"^(other )?(symptoms?|complaints?|abnormalit\w*|changes?|problems?"
                                                         r" (today|now))$|^(?:undergone|been (?:evaluated|tested|seen|"
                                                         r"treated)|sought)\b", item, re.I):
            continue
        generic = generic_field(item) or _generic_lead_field(item)
        if generic == "history.exposures" and not _RE.bare_exposure.match(item):
            routing.facts.append(RoutedFact(generic, short_value(item), Status.denied))  # a kind of exposure: "travel"
            continue
        if generic is not None:
            routing.facts.append(RoutedFact(generic, None, Status.denied))
            continue
        name = item_field(item) or default
        if name in (None, SYMPTOMS) and looks_like_condition(item):
            name = "history.past_diagnoses"
        previous = routing.facts[-1].field if routing.facts else None
        if name in (None, SYMPTOMS) and previous not in (None, SYMPTOMS) and not previous.startswith("social.") \
                and previous != "history.past_diagnoses":
            if not looks_like_symptom(item):  # "denies medication exposures or new topical products"
                name = previous
        if history and name in (None, SYMPTOMS):
            if not looks_like_symptom(item):  # "denies any history of psychiatric illness"; "no history of fever" stays
                name = "history.past_diagnoses"
        if name == SYMPTOMS and _RE.verb_item.match(item):  # "has not lost weight", "has not yet begun care"
            verbal = verb_phrase_symptom(f"has {item}") or ""
            if verbal and not verbal.startswith(("absence of", "never having")):
                item = verbal
            elif not _RE.degree_participle.match(item):  # "blurred vision", "decreased appetite": a noun phrase, kept
                routing.unrouted.append(obj)
                continue
        if name is None:
            routing.unrouted.append(item)
            continue
        if name in SINGLE_FIELDS:
            routing.facts.append(RoutedFact(name, None, Status.denied, short_value(item)))
        else:
            if name == "history.family_history":
                item = _RE.family_lead.sub("", re.sub(r"^(?:an? |any )", "", item))
                item = re.sub(r"\s+(?:history\s+)?in (?:the|my|his|her|their) family$", "", item, flags=re.I)
            routing.facts.append(RoutedFact(name, short_value(item), Status.denied))
    return routing


_SHARED_HEAD = re.compile(r"^(?P<a>[\w-]+(?: [\w-]+)?),? and (?P<b>[\w-]+(?: [\w-]+)?) (?P<head>histor(?:y|ies))$", re.I)


def _shared_head_parts(subject: str) -> list[str]:
    """The subjects two modifiers of one head name ("medical and family histories" -> "medical
    history", "family history"); any other subject alone."""
    match = _SHARED_HEAD.match(subject.strip())
    if match is None:
        return [subject]
    return [f"{match.group(part)} history" for part in ("a", "b")]


def _with_place_heads(items: list[str]) -> list[str]:
    """The items with a bare body part after an item that ends in a body part given that item's
    head ("trauma to the back", "abdomen" -> "trauma to the abdomen"): a place split from its
    list is no item of its own."""
    out: list[str] = []
    for item in items:
        before = _AT_PLACE.match(out[-1]) if out else None
        if before and _BODY_PART.match(item.strip()) and _BODY_PART.match(before.group("place").strip()):
            item = before.group("head") + re.sub(r"^(?:the|his|her|their|my)\s+", "", item.strip(), flags=re.I)
        out.append(item)
    return out


def _unremarkable(subject: str | None, clause: str, default: str | None) -> Routing:
    """A normal statement: a blanket denial of the field it names ("past medical history
    unremarkable", "previously healthy"), a denied item of a history section ("birth history
    unremarkable"), else unrouted."""
    fields = [generic_field(part) for part in _shared_head_parts(subject)] if subject else ["history.past_diagnoses"]
    if fields and all(fields):
        return Routing([RoutedFact(field, None, Status.denied) for field in dict.fromkeys(fields)])
    if default in _BLANKET_FIELDS and subject:
        return Routing([RoutedFact(default, short_value(subject), Status.denied)])
    return Routing(unrouted=[clause])


def _route_item(item: str, default: str) -> list[RoutedFact]:
    """One item of a section's list: to the field it names itself, else the section's; a
    negated item ("non-smoker") is a denial."""
    if negated_object(item) is not None:
        return route_clause(item, default=default).facts
    lead = _lead(item.strip())
    if lead is not None and lead[0] == "history.medications" and default != lead[0] and item_field(item) is None:
        return _listed(lead[0], lead[1]).facts  # "peptic ulcer disease, currently taking omeprazole"
    own = item_field(item)
    if default == "history.past_diagnoses" and _TREATED_BY.search(item):
        return [f for f in _split_condition_treatment(item) if f.value]  # "breast cancer treated with mastectomy"
    if own is not None and own != default:
        return [RoutedFact(own, short_value(item))]
    if default == "history.past_diagnoses":
        return [f for f in _split_condition_treatment(item) if f.value]
    value = short_value(item)
    return [RoutedFact(default, value)] if value else []


def _listed(name: str, rest: str) -> Routing:
    """The items of a lead's list, each to its own field when it names one; a step of care
    listed with them ("and discharged the next day") is returned unrouted (counted)."""
    rest = re.sub(r",?\s+(?:during|after|before|following|for|since) which\b.*$|,\s+(?:which|who)\b.*$", "", rest, flags=re.I)
    facts, steps = [], []
    for item in split_items(rest):
        if facts and re.fullmatch(rf"(?:(?:my|his|her|their) )?{_RELATIVE}", item.strip(), re.I):
            facts[-1] = RoutedFact(facts[-1].field, f"{facts[-1].value} and {short_value(item)}", facts[-1].status)
            continue  # "thyroid cancer in his father and uncle"
        if _RE.clinician_step.match(item):  # "treated with X and discharged the next day"
            steps.append(item)
            continue
        own = item_field(item)
        target = own if own and own != name and own.startswith("social.") else name
        if target == "history.medications" and _RE.lifestyle.search(item):
            target = "social.living_habits"  # "tried diet plans and exercise regimens"
        value = short_value(item)
        generic = _GENERIC.get(target)
        if value and re.search(r"\w", value) and not (generic and generic.match(re.sub(r"(?:\s+(?:\w+ly|as (?:prescribed|directed|needed)))+$", "",
                                                               _RE.negated_head.sub("", value.lower())))):
            facts.append(RoutedFact(target, value))
    return Routing(facts, steps)


def _medications(rest: str, *, finished: bool = False) -> Routing:
    """The medications a medication lead lists, with the outcome or time the clause states as
    their detail ("tried ibuprofen and naproxen without improvement" -> both, detail "without
    improvement"; "using a cream for the past 3 weeks" -> "cream", detail "for the past 3
    weeks"); a condition one was for is past history (:func:`_for_condition`). A ``finished``
    treatment ("was treated with", "completed a course of") is no current medication: see
    :func:`finished_treatment_field`. A clause that ends the treatment after its list ("and
    completed the course 3 days ago") is no item: the treatment is over, dated by its time."""
    rest = re.sub(r",?\s+given (?:the|his|her|their|a|an|recent|ongoing|persistent)\b.*$", "", rest,
                  flags=re.I)  # "cefepime for 5 days given the fevers": why it was started is no item
    ended = _RE.treatment_end.search(rest)
    rest, finished = (rest[: ended.start()], True) if ended else (rest, finished)
    outcome = _RE.treatment_outcome.search(rest)
    rest = rest[: outcome.start()] if outcome else rest
    rest, time = _treatment_time(rest)
    time = time or (split_time(f"it {ended.group('t').strip(' ,.')}")[1] if ended else None)
    listed = _listed("history.medications", re.sub(r"^(?:an? )?(?:[\w-]+ )?course of\s+", "", rest.strip(), flags=re.I))
    facts = [f for fact in listed.facts for f in _for_condition(fact)]
    if outcome or time:
        facts = [RoutedFact(f.field, f.value, f.status, f.detail or time or outcome.group("o").lower())
                 if f.field == "history.medications" or (time and not f.detail) else f for f in facts]
    if finished:
        facts = [RoutedFact(finished_treatment_field(f.detail), f.value, f.status, f.detail)
                 if f.field == "history.medications" else f for f in facts]
    return Routing([_as_treatment(f) for f in facts], listed.unrouted)


def _treatment_time(rest: str) -> tuple[str, str | None]:
    """What a medication lead lists, without the time that closes it, and that time ("a cream
    for the past 3 weeks", "amoxicillin last month"); the text as it is and None without one."""
    span = _RE.treatment_span.search(rest)
    if span:
        return rest[: span.start()], span.group("t")
    return split_time(rest)


#: A time that dates a treatment months or years back ("2 years ago", "as a child", "in 2015").
_LONG_AGO = re.compile(r"\b(?:months?|years?|decades?|(?:19|20)\d\d|child|childhood|infancy|infant|teenager|adolescen\w+|age)\b",
                       re.I)


def finished_treatment_field(time: str | None) -> str:
    """The field of a treatment that is over ("was treated with radiation", "completed a course
    of amoxicillin"): past history when ``time`` dates it months or years back, else the
    treatment tried for the present illness (current treatment). Never a current medication."""
    return "history.past_diagnoses" if time and _LONG_AGO.search(time) else "history.current_treatment"


def dated_treatment(fact: RoutedFact, time: str | None) -> RoutedFact:
    """A current-treatment fact that ``time`` dates months or years back as past history;
    any other fact as it is."""
    if fact.field != "history.current_treatment" or finished_treatment_field(time) == fact.field:
        return fact
    return RoutedFact("history.past_diagnoses", fact.value, fact.status, fact.detail or time)


def _as_treatment(fact: RoutedFact) -> RoutedFact:
    """A medication fact that names supportive care given by a line, tube or mask
    ("total parenteral nutrition", "IV fluids", "home oxygen") as current treatment; any
    other fact as it is."""
    if fact.field != "history.medications" or not _RE.supportive_care.search(fact.value or ""):
        return fact
    return RoutedFact("history.current_treatment", fact.value, fact.status, fact.detail)


def _for_condition(fact: RoutedFact) -> list[RoutedFact]:
    """A medication and the condition it was for, with the time stated after it
    ("antibiotics for pneumonia last month" -> antibiotics and pneumonia, both "last month");
    the fact as it is when it names no condition ("ibuprofen for the pain")."""
    purpose = _RE.treated_condition.search(fact.value or "") if fact.field == "history.medications" else None
    if purpose is None:
        return [fact]
    condition, time = split_time(purpose.group("c"))
    condition = re.sub(r"\s+(?:as well|too|also|by (?:his|her|their|my|a|an|the) [\w-]+)$", "", condition, flags=re.I)
    if not looks_like_condition(condition) or _GENERIC["history.medications"].match(purpose.group("drug")):
        return [fact]  # "ibuprofen for the pain", "medication for hypertension": kept whole
    return [RoutedFact(fact.field, purpose.group("drug"), fact.status, fact.detail or time),
            RoutedFact("history.past_diagnoses", short_value(condition), detail=time)]


#: A treatment clause that names no treatment ("..., for which he was successfully treated").
_UNNAMED_TREATMENT = re.compile(r",?\s+(?:for which|which|that) (?:(?:he|she|they|the patient|I) )?(?:was|were|has been|had been) "
                                r"(?:\w+ly )?treated$", re.I)


def _split_condition_treatment(item: str) -> list[RoutedFact]:
    """"hypertension treated with lisinopril" -> a diagnosis and a medication; a treatment
    not named ("chlamydia, for which he was treated") leaves the diagnosis."""
    item = _UNNAMED_TREATMENT.sub("", item)
    match = re.match(r"^(?:(?P<cond>.+?),?\s+)?(?:(?:which|that|for which) (?:is|was|has been|are|were) )?(?:(?:well|poorly|"
                     r"adequately|currently|being)[- ])?(?:treated|managed|controlled)(?: medically)? (?:with|by|on)\s+"
                     r"(?P<drug>.+)$|"
                     r"^(?P<cond2>.+?),?\s+(?:for which (?:he|she|they|the patient) (?:takes|is on|uses|receives))\s+"
                     r"(?P<drug2>.+)$", item, re.I)
    if not match:
        return [RoutedFact("history.past_diagnoses", short_value(item))]
    cond = match.group("cond") or match.group("cond2")
    drug = match.group("drug") or match.group("drug2")
    # "PCOS, currently managed with the pill": the condition was the item before, only the drug here
    facts = [] if not cond or re.fullmatch(r"(?:currently|now|still|being|well|(?:which|that) (?:is|was|were|has been|had been))",
                                          cond.strip(), re.I) else \
        [RoutedFact("history.past_diagnoses", short_value(cond))]
    ongoing = _ONGOING_TREATMENT.search(item) is not None
    for part in split_items(drug):
        lifestyle = re.match(r"^(?:a |an )?(?:\w+ )?(diet|lifestyle|exercise|weight loss)", part, re.I)
        surgery = item_field(part) == "history.trauma_surgery"  # "treated with mastectomy"
        over = not ongoing and _COURSE_TREATMENT.search(part)  # "cancer treated with radiation": a course that ended
        field = "social.living_habits" if lifestyle else "history.trauma_surgery" if surgery else \
            "history.past_diagnoses" if over else "history.medications"
        facts.append(RoutedFact(field, short_value(part)))
    return facts


#: A treatment given as a course that ends (radiation, chemotherapy, antibiotics), not a standing medication.
_COURSE_TREATMENT = re.compile(r"\b(?:chemo\w*|radiation|radiotherapy|irradiation|antibiotics?|antivirals?|"
                               r"(?:\w+[- ])?courses? of)\b", re.I)
#: A treatment link told as still going on ("is being treated with", "currently managed with").
_ONGOING_TREATMENT = re.compile(r"\b(?:is|are|being|currently|now|still)\s+(?:\w+ly\s+)?(?:treated|managed|controlled)\b", re.I)


#: A procedure received whole, not a medication ("a blood transfusion", "two units of packed
#: red cells", "a kidney transplant"), at the head of what a medication lead names.
_RECEIVED_PROCEDURE = re.compile(r"^(?:(?:an?|one|two|three|four|several|multiple|\d+)\s+)?(?:units? of\s+)?(?:[\w-]+\s+){0,2}"
                                 r"(?:transfusions?|transplant(?:ation)?s?)\b(?!\s+(?:and|,))|"
                                 r"^(?:an?|one|two|three|four|several|multiple|\d+)\s+units? of\s+(?:[\w-]+\s+){0,3}"
                                 r"(?:blood|cells|platelets|plasma)\s*$", re.I)
_PAST_TIME = re.compile(r"\s+(?P<t>(?:(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|several|a few)\s+"
                        r"(?:days?|weeks?|months?|years?)\s+(?:ago|earlier|prior)|(?:last|this past) (?:week|month|year)|"
                        r"in (?:19|20)\d\d))\b", re.I)


def _past_event(text: str) -> RoutedFact | None:
    """The history fact of a past event the clause tells, or None: a hospital stay with its
    reason or treatment ("was discharged 3 days ago after IV antibiotics" -> "hospital stay
    after IV antibiotics", detail "3 days ago"; an admission without a time or "previously" is
    this illness's own), or an illness dated months or years back ("had
    a withdrawal seizure 2 years ago" -> "withdrawal seizure", detail "2 years ago")."""
    stay = _RE.hospital_stay.match(text.strip())
    if stay:
        rest = stay.group("rest")
        time = _PAST_TIME.search(rest)
        rest = (rest[: time.start()] + rest[time.end():]) if time else rest
        if time is None and not re.search(r"\b(?:discharged|previously)\b", stay.group(0), re.I):
            return None  # "was admitted to the ICU": the stay of this illness, not a past event
        why = re.match(r"^\s*(?P<p>for|with|after|due to|because of)\s+(?P<x>[^,;]+?)\s*$", rest, re.I)
        joint = "after" if why and why.group("p").lower() == "after" else "for"
        value = f"hospital stay {joint} {short_value(why.group('x'))}" if why else "hospital stay"
        return RoutedFact("history.past_diagnoses", value, Status.present, time.group("t") if time else None)
    dated = _RE.dated_event.match(text.strip())
    if dated and not _is_generic_event(dated.group("x")) and item_field(dated.group("x")) is None:  # an operation keeps its route
        return RoutedFact("history.past_diagnoses", short_value(dated.group("x")), Status.present, dated.group("t"))
    return None


def _is_generic_event(text: str) -> bool:
    """True when a would-be event is a generic word, not a named illness ("history", "symptoms")."""
    return bool(re.match(r"^(?:similar |these |the same |such )?(?:history|symptoms?|episodes?|problems?|issues?)$",
                         text.strip(), re.I))


def route_clause(clause: str, *, default: str | None) -> Routing:
    """Route one clause (see the module docstring); ``default`` is the field of a clause
    that names none (the section it came from), or None to leave it unrouted."""
    clause = _RE.otherwise_aside.sub(lambda m: f"{m.group('aux')} " if m.group("aux") else "", clause.strip(" .,;:"))
    if not clause or is_not_provided(clause) or is_bare_normal(clause) or is_blanket_wellness(clause):
        return Routing()
    exception = _RE.complaint_exception.match(strip_subject(clause))
    if exception:
        return Routing([RoutedFact(default or SYMPTOMS, short_value(item)) for item in split_items(exception.group("rest"))
                        if short_value(item)])
    negative = _RE.negative_history.match(_RE.possessive_history.sub("", strip_subject(clause)))
    if negative:
        field = "history.family_history" if "family" in negative.group("field").lower() else "history.past_diagnoses"
        return Routing([RoutedFact(generic_field(item) or field, None if generic_field(item) else short_value(item),
                                   Status.denied) for item in split_items(negative.group("x")) if short_value(item)])
    quality = _RE.not_quality.match(strip_subject(clause))
    if quality and default in (None, SYMPTOMS):
        names = [QUALITY_NOUNS.get(item.lower().strip(), None)
                 for item in re.split(r",\s*(?:or\s+|and\s+|nor\s+)?|\s+(?:or|and|nor)\s+", quality.group("x")) if item.strip()]
        if names and all(names):
            return Routing([RoutedFact(SYMPTOMS, name, Status.denied) for name in names])
    asymptomatic = _RE.asymptomatic.match(strip_subject(clause))
    if asymptomatic and default in (None, SYMPTOMS):
        return Routing([RoutedFact(SYMPTOMS, f"symptoms in {asymptomatic.group('x')}", Status.denied)])
    failed = _RE.failed_treatment.match(strip_subject(clause))
    if failed and default in (None, SYMPTOMS, "history.medications"):  # "Ibuprofen did not help"
        tried = _medications(failed.group("x"))
        if tried.facts:
            return Routing([RoutedFact(f.field, f.value, f.status, f.detail or failed.group("o").lower()) for f in tried.facts])
    obj = negated_object(clause)
    if obj is not None and _RE.other_person.match(strip_subject(clause)) and not _SPEAKER_VERB.search(clause):
        return Routing(unrouted=[clause])  # "his mother had no bleeding": another person's, no denial of the patient
    ability = re.match(r"^(?:been )?able to (?P<x>\w.*)$", obj or "", re.I)
    if ability and default in (None, SYMPTOMS):  # "has not been able to sleep": the inability is present
        return Routing([RoutedFact(SYMPTOMS, short_value(f"inability to {ability.group('x')}"))])
    if obj is not None:
        history = default in (None, SYMPTOMS) and _RE.denied_history.match(strip_subject(clause)) is not None
        return _denied_facts(obj, default, history=history)
    normal_except = _RE.normal_except.match(_RE.possessive_history.sub("", strip_subject(clause)))
    if normal_except:  # "Insignificant, except for chronic knee pain"; "healthy except for asthma"
        history = "history.family_history" if normal_except.group("family") else "history.past_diagnoses"
        return route_clause(normal_except.group("rest") or normal_except.group("rest2"), default=default or history)
    unchanged = _unchanged_functions(strip_subject(clause)) if default in (None, SYMPTOMS) else None
    if unchanged is not None:
        return unchanged
    unremarkable = _RE.unremarkable.match(strip_subject(clause))
    if unremarkable:
        return _unremarkable(unremarkable.group("x") or unremarkable.group("y"), clause, default)
    family = _family(re.sub(r"^(?:the )?patient'?s\s+", "", clause.replace("\u2019", "'"), flags=re.I))
    if family is not None:
        return Routing([family])
    text = _RE.possessive_history.sub("", strip_subject(clause))
    if _RE.opinion.match(text):
        return Routing(unrouted=[clause])
    family = _family(text)
    if family is not None:
        return Routing([family])
    if _RE.moved_from.match(text):  # "emigrated to the US from X 5 years ago": where the patient has lived
        return Routing([RoutedFact("history.exposures", short_value(text))])
    given = _RE.caregiver_gives.match(text)
    if given:  # "his mother has been giving him ibuprofen": the patient's remedy
        return _medications(given.group("x"), finished=given.group("v").lower() in ("gave", "administered"))
    if _RE.other_person.match(text):  # where a child's family lives is where the child lives
        habit = (item_field(text) or "").startswith("social.") or default == "social.living_habits" \
            or _RE.household_home.match(text) is not None
        return Routing([RoutedFact("social.living_habits", short_value(text))]) if habit else Routing(unrouted=[clause])
    treated = _RE.treated_with.match(re.sub(r"^(?:(?:has|had|with)\s+)+", "", text, flags=re.I)) \
        if re.match(r"^(?:has|had|with)\s", text, re.I) or default == "history.past_diagnoses" else None
    if treated and _lead(text) is None:  # "has chronic constipation for which he takes lactulose"
        return Routing([RoutedFact("history.past_diagnoses", short_value(treated.group("cond")))] +
                       [RoutedFact("history.medications", short_value(d)) for d in split_items(treated.group("drug"))
                        if not _GENERIC["history.medications"].match(short_value(d))])
    past_event = _past_event(text)
    if past_event is not None:
        return Routing([past_event])
    lead = _lead(text)
    if lead is not None and lead[0] == "history.past_diagnoses" and _RE.dated_history.match(text) \
            and not looks_like_condition(lead[1]):
        lead = None  # "a 2-month history of difficulty concentrating" is a complaint, not past history
    if lead is not None and lead[0] == "history.medications" and (item_field(text) or "").startswith("social."):
        return Routing([RoutedFact(item_field(text) or "", short_value(text))])
    if lead is not None:
        name, rest = lead
        if name == "social.reproductive_history":
            return Routing([RoutedFact(name, obstetric_phrase(short_value(text)))])
        if name in SINGLE_FIELDS or name.startswith("social.") and name != "social.sexual_history":
            text = re.sub(r",?\s+because\b.*$", "", text, flags=re.I)  # "lost his job because he ...": the event, not why
            return Routing([RoutedFact(name, short_value(text if name != "demographics.occupation" else rest))])
        if name == "history.past_diagnoses":
            treated = _RE.treated_with.match(rest)
            drugs = [RoutedFact("history.medications", short_value(d)) for d in split_items(treated.group("drug"))] \
                if treated else []
            rest = treated.group("cond") if treated else rest
            rest = re.sub(r",?\s+(?:which|that) (?:was|were|has been|had been) (?:\w+ )?treated\b(?! with| by| using)[^,;]*", "",
                          rest, flags=re.I)
            return Routing([f for item in split_items(rest) for f in _route_item(item, name)
                            if f.value and not is_not_provided(f.value) and not is_bare_normal(f.value)] + drugs)
        if name in ("social.sexual_history", "history.exposures", "history.trauma_surgery", "history.vaccinations"):
            return Routing([RoutedFact(name, short_value(text if name != "history.trauma_surgery" else rest))])
        if name == "history.medications" and _RECEIVED_PROCEDURE.match(rest):  # "received a blood transfusion"
            return Routing([RoutedFact("history.trauma_surgery", short_value(rest))])
        if name == "history.medications":
            return _medications(rest, finished=_RE.finished_treatment.match(text) is not None)
        return _listed(name, rest)
    if _BARE_OCCUPATION.match(text) and len(text.split()) <= 6:
        return Routing([RoutedFact("demographics.occupation", short_value(text))])
    items = split_items(re.sub(r"^(?:has|had|have|with)\s+(?:an?\s+)?", "", text, flags=re.I))
    if default is not None and default not in SINGLE_FIELDS and len(items) > 1 and all(len(i.split()) <= 10 for i in items):
        return Routing([f for item in items for f in _route_item(item, default)])
    own = item_field(text)
    if own in SINGLE_FIELDS or own in ("social.sexual_history", "social.reproductive_history", "history.exposures",
                                       "history.vaccinations"):
        return Routing([RoutedFact(own, short_value(text))])
    if own == "history.trauma_surgery":
        return Routing([RoutedFact(own, short_value(text))])
    held = _HELD_CONDITION.match(text)
    if default is None and held and looks_lasting(held.group("x")):
        if _TREATED_BY.search(held.group("x")):  # "has asthma treated with X and Y"
            return Routing([f for f in _split_condition_treatment(held.group("x")) if f.value])
        return route_clause(held.group("x"), default="history.past_diagnoses")  # "has celiac disease"
    if default is None:
        return Routing(unrouted=[clause])
    if default == "history.past_diagnoses":
        text = re.sub(r"^(?:has|had|have|with)\s+(?:an?\s+)?", "", text, flags=re.I)
        return Routing([f for item in split_items(text) for f in _split_condition_treatment(item) if f.value])
    if default in SINGLE_FIELDS or default.startswith("social."):
        return Routing([RoutedFact(default, short_value(text))])
    return Routing([RoutedFact(default, short_value(item)) for item in split_items(text) if short_value(item)])


#: A verb by which the patient tells a new statement ("... and admits to having lost weight",
#: "... and states that the pain is worse"): what follows it is a clause of its own.
_REPORTING_VERB = r"(?:denies|reports|states|notes|admits|endorses|says|mentions|describes|complains)"


def split_clauses(sentence: str) -> list[str]:
    """Split a sentence into clauses: on ";" and "but", and on commas or "and" where the
    parts are separate statements ("Non-smoker, drinks wine occasionally")."""
    clauses = []
    for part in re.split(r";\s*|,?\s+but\s+|,?\s+however,?\s+|,?\s+although\s+|,?\s+though\s+|,?\s+with (?=no\b)|"
                         r",?\s+and (?=(?:takes|has|had|is|was|does|uses) no\b)|"
                         r",?\s+and (?=(?:(?:his|her|the) )?(?:family|social|surgical|past medical) (?:medical )?history\b)|"
                         r"(?:(?<=[Nn]on-smoker)|(?<=[Nn]onsmoker)|(?<=[Nn]on-drinker)|(?<=[Nn]ondrinker)),\s*(?:and\s+)?(?=\w)",
                         sentence):  # "Non-smoker, moderate alcohol use": two statements
        pieces = [p for p in re.split(r",\s*(?:and\s+)?|\s+and\s+(?=(?:he|she|the patient|is|has|had|was|does|drinks|"
                                         r"smokes|uses|works|worked|lives|takes|no|not|never|consumes|"
                                         r"quit|stopped)\b|" + _REPORTING_VERB + r"\b|(?:his|her|their) " + _RELATIVE + r" )", part)
                  if p.strip()]
        starts = [p for n, p in enumerate(pieces) if _starts_statement(p, later=n > 0)]
        if len(pieces) > 1 and len(starts) >= 2 and _starts_statement(pieces[0]):
            merged: list[str] = []
            for piece in pieces:
                if merged and (not _starts_statement(piece, later=True) or negated_object(merged[-1]) is not None
                               and re.match(r"^(?:or|nor|an?|any)\s", piece.strip(), re.I)):
                    # "denies X, a history of Y, or Z": the later items stay in the denial
                    merged[-1] += f", {piece}"
                else:
                    merged.append(piece)
            clauses += merged
        else:
            clauses.append(part)
    return [c.strip() for c in clauses if c.strip()]


def _starts_statement(piece: str, *, later: bool = False) -> bool:
    """True when a comma piece starts a statement of its own. A later piece that only opens
    with a lead ("status post X" after "history significant for Y, ...") is a list item unless it
    has its own subject ("her only medication is X")."""
    own_subject = re.match(r"^(?:and\s+)?(?:he|she|they|his|her|their|the patient)\b", piece.strip(), re.I)
    text = _RE.possessive_history.sub("", strip_subject(piece.strip()))
    lead = _lead(text)
    if later and not own_subject and lead and lead[1] != text and lead[0] in ("history.trauma_surgery", "history.past_diagnoses") \
            and not (negated_object(text) is not None or _family(text)):
        return bool(re.match(r"^(?:and\s+)?(drinks|smokes|uses|works|lives|takes|denies|reports|occasional|current|former|"
                             r"social|retired|quit|consumes|stopped|was|is|has|had|were|are)\b", piece.strip(), re.I))
    return bool(negated_object(text) is not None or lead or _family(text) or _RE.unremarkable.match(text)
                or _RE.other_person.match(text) and len(text.split()) >= 3
                or re.match(r"^(?:drinks|smokes|uses|works|lives|is|has|was|had|takes|denies|reports|occasional|"
                            r"current|former|social|retired|quit|consumes|stopped)\b", text, re.I)
                or re.match(r"^(?:and\s+)?" + _REPORTING_VERB + r"\b", piece.strip(), re.I))


def route_text(value: object, *, default: str | None) -> Routing:
    """Route every clause of a free-text value (string, list or object); placeholder sentences
    give nothing (each sentence is judged on its own: "Denies alcohol. Smoking status unknown."
    keeps the denial)."""
    routing = Routing()
    if is_bare_normal(value):
        if default in _BLANKET_FIELDS:
            routing.facts.append(RoutedFact(default, None, Status.denied))
        return routing
    for sentence in split_sentences(as_text(value)):
        if is_not_provided(sentence) or is_bare_normal(sentence):
            continue
        for clause in split_clauses(sentence):
            routing.extend(route_clause(clause, default=default))
    return routing


__all__ = [
    "RoutedFact",
    "Routing",
    "SINGLE_FIELDS",
    "SYMPTOMS",
    "as_text",
    "excepted_complaint",
    "first_person",
    "generic_field",
    "is_asymptomatic",
    "is_negated",
    "is_bare_normal",
    "is_not_provided",
    "item_field",
    "looks_lasting",
    "looks_like_condition",
    "negated_object",
    "route_clause",
    "route_text",
    "split_clauses",
]
