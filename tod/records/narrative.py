"""Reading third-person case narrative into a :class:`~tod.records.builder.CaseBuilder`.

Shared by the importers (a CRAFT-MD vignette, an AgentClinic history). Each sentence is, in
order: a negation (routed as denials), a complaint ("presents with X", "a 2-year history of
X", "reports X"; its items become symptoms with duration, onset, position, degree, colour,
shape and texture where stated), a symptom modifier ("worse with X", "relieved by Y",
"sudden onset", "8 out of 10") for the symptom it names or the chief one, or history for
:mod:`tod.records.routing`. What none of these places is counted as unrouted.
"""

from __future__ import annotations

import re
from typing import Any

from tod.records.builder import CaseBuilder
from tod.records.model import Status
from tod.records.phrases import find_duration, split_items, strip_subject
from tod.records.routing import (
    SYMPTOMS,
    Routing,
    item_field,
    looks_chronic,
    looks_like_condition,
    negated_object,
    route_clause,
    split_clauses,
)
from tod.records.symptom_names import is_fragment, looks_like_symptom, verb_phrase_symptom

_COMPLAINT_VERB = re.compile(
    r"\b(?:presents|presented|presenting|comes?|came|is brought|was brought|brought|visits?|visited|"
    r"is admitted|was admitted|is seen|was seen|is evaluated|is referred|was referred|returns?|is hospitalized|"
    r"was hospitalized|seeks? (?:medical )?(?:care|attention|evaluation)|complains?|complained|(?:is|was) rushed|"
    r"(?:is|was) taken|(?:is|was) transferred|(?:is|was) transported|arrives?|arrived|consults?|consulted|brings|"
    r"complaining (?:of|about)|calls|called|"
    r"(?:is|was|were) (?:noted|noticed|found|observed) to have|begins? to develop|began to develop|develops|developed)\b",
    re.I,
)
#: Markers of the complaint after the verb, strongest first.
_COMPLAINT_MARKERS = tuple(re.compile(p, re.I) for p in (
    r"^\s*(?:of|about) |\b(?:(?:who|because (?:he|she|they)) (?:is|are|was|were) (?:worried|concerned|distraught|upset) "
    r"(?:about|with|over|by) (?:(?:his|her|their|the patient's) )?|"
    r"with (?:complaints? of |a complaint of |concerns? (?:of|about) )?|because (?:of )?|complaining (?:of|about) |"
    r"presenting with |due to |concerned about |after (?:an? |the )?(?:episode|attack|bout|spell)s? of |"
    r"after (?:(?:he|she|they|the patient|the (?:mother|father|parents?)|(?:his|her|their) \w+) "
    r"(?:was |were |is |had been |had |has )?"
    r"(?:found|noted|seen|observed|noticed|discovered|developed|saw)(?: (?:to be|that))?|(?:the )?(?:sudden |acute |abrupt |"
    r"gradual )?onset of) |after (?:noticing|developing|experiencing|having|feeling|waking up with) |"
    r"after (?=(?:losing|passing out|fainting|collapsing|vomiting|coughing up)\b)|"
    r"when (?:he|she|they) (?:found|noticed|discovered|woke up "
    r"with|awoke with) )",
    r"\bfor (?:(?:the |an? |further )?(?:evaluation (?:and management )?(?:of |after (?:seeing|noticing|finding|discovering|"
    r"developing|having) )?|treatment of |assessment of |management of |workup of |investigation of )|)",
    r"^\s*(?:to have )?",
))
_REPORT = re.compile(
    r"^(?:(?:also|further|now|additionally|recently|then|later|subsequently|initially|first|currently|often|"
    r"frequently|sometimes|occasionally|still|constantly|always|repeatedly|usually) )*"
    r"(?:complains? of|complained of|complaining of|reports?|reported|notes?|noted|noticed|notices|has noticed|"
    r"developed|develops|has developed|has had|had|has(?! to\b)|have(?! to\b)|experiences?|experienced|has experienced|has been "
    r"experiencing|has been having|endorses?|describes?|mentions?|is having|began having|started having|"
    r"suffers? from|woke up with|awoke with|experiencing|having|noticing|gets|got|has been getting|is getting|"
    r"shows (?:you|the (?:physician|doctor|nurse))|(?:has been |is |was )?(?:demonstrating|exhibiting|displaying|"
    r"showing)|"
    r"is in(?= (?:\w+ )?(?:pain|distress|agony|"
    r"discomfort))|(?:(?:his|her|their|the patient's|my) )?(?:current |presenting |main |chief |only )?complaints? "
    r"(?:include|includes|are|is|consist of))\s+",
    re.I,
)
_HISTORY_OF_COMPLAINT = re.compile(
    r"\b(?:an?|the|\w+)[- ](?:minute|hour|day|week|month|year)s?[- ](?:history|episode|duration) of\s+|"
    r"\bwith (?:\d+|an?|one|two|three|four|five|six|several|many) (?:minute|hour|day|week|month|year)s? of\s+", re.I)
_SUBJECT_VERB = re.compile(
    r"^(?:(?:an?|the|this)\s+)?(?:[\w'()-]+\s+){1,9}?(?:has|had|have|develops?|developed|experiences?|"
    r"experienced|reports?|becomes?|became|notices?|noticed|complains? of|is having|was having|presents with)\s+", re.I)
_NOT_COMPLAINT = re.compile(
    r"^(?:an? |the |his |her |their )?(?:[\w-]+\s+){0,3}(?:visit|examination|exam|check-?up|evaluation|appointment|"
    r"physical|consultation|follow-up|screening|counsel(?:l)?ing|advice|vaccinations?|immunizations?|care)$|"
    r"^(?:an? )?(?:(?:routine|annual|yearly|regular|follow-up|well-child|well child|scheduled|prenatal|"
    r"preoperative|health|employment|school|sports|pre-participation|initial|first|new patient|"
    r"general|periodic)\s+)+(?:visit|examination|exam|check-?up|evaluation|appointment|physical)"
    r"|^(?:evaluation|a visit|an appointment|a checkup|a check-up|care|establish care|(?:an? )?(?:initial |routine )?"
    r"consultation)\b",
    re.I,
)
_CUT_TAIL = re.compile(
    r",?\s+(?:that|which) (?:he|she|they|the patient|his \w+|her \w+) \w+.*$|"
    r",?\s+(?:where|during which|in which) .*$|"
    r",?\s+(?:that|which|who) (?:started|began|has|have|had|developed|appeared|is|are|was|were|first|"
    r"occurs?|occurred|worsen\w*|\w+ed)\b.*$|"
    r"\s+(?:for|over|during|in) (?:the )?(?:past|last|previous|preceding)\b[^,;]*|"
    r"\s+for (?:about |approximately |nearly |almost |over |more than )?(?:\d+|a|an|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|several|many|few)\b[^,;]*|"
    r"\s+since\b[^,;]*|\s+over (?:a|the) (?:period|course|span) of\b[^,;]*|"
    r"\s+(?:starting|beginning) [^,;]*",
    re.I,
)
_POSITION = re.compile(
    r"^(?P<name>.+?)\s+(?:on|in|of|over|around|behind|involving|affecting|at|along|across|near|under|below|"
    r"above|within|to|from|localized to|located (?:on|in|at)|radiating to|throughout)\s+"
    r"(?P<pos>(?:the|his|her|their|my|both|bilateral|left|right|upper|lower|lateral|medial|anterior|posterior|"
    r"mid|entire|whole|multiple|several|all|each)\b.+)$",
    re.I,
)
_BODY_PART = re.compile(
    r"^(?:the |his |her |their |my |both |bilateral |left |right |upper |lower |inner |outer |posterior |anterior |"
    r"lateral |medial |dorsal |ventral |proximal |distal |palmar |plantar )*"
    r"(?:face|scalp|neck|arms?|legs?|hands?|feet|foot|trunk|back|chest|abdomen|groin|axillae|axillas?|thighs?|"
    r"buttocks?|knees?|elbows?|wrists?|ankles?|shoulders?|hips?|fingers?|toes?|nails?|lips?|mouth|tongue|eyes?|"
    r"eyelids?|ears?|nose|cheeks?|forehead|chin|shins?|calves|calf|palms?|soles?|extremities|limbs|torso|"
    r"penis|scrotum|vulva|genitals?|perineum|flanks?|side|sides|body|skin|forearms?|upper arms?|glabella\w*|"
    r"(?:[\w-]+ )?(?:region|area|surface|aspect|fold|folds)s?)$",
    re.I,
)
#: Words that make a loose position a body site ("rash over the shins", not "pain at extremes of motion").
_BODY_WORD = re.compile(r"\b(?:face|scalp|neck|arms?|legs?|hands?|feet|foot|trunk|back|chest|abdomen|belly|groin|"
                        r"axill\w*|thighs?|buttocks?|knees?|elbows?|wrists?|ankles?|shoulders?|hips?|fingers?|toes?|"
                        r"nails?|lips?|mouth|tongue|eyes?|eyelids?|ears?|nose|cheeks?|forehead|chin|shins?|calf|calves|"
                        r"palms?|soles?|extremit\w*|limbs?|torso|penis|scrotum|testicles?|vulva|vagina|genital\w*|"
                        r"perine\w*|flanks?|skin|forearms?|head|throat|jaw|teeth|tooth|gums?|breasts?|nipples?|"
                        r"rectum|anus|anal|stomach|side|spine|joints?|muscles?|body|heel|arch|armpits?|temples?|"
                        r"quadrant|region|area|\w+al\b)", re.I)
_LOOSE_POSITION = re.compile(r"^(?P<name>(?:[\w-]+ ){0,5}?[\w-]+)\s+(?:on|in|over|around|surrounding|involving|"
                             r"affecting|at|along)\s+(?P<pos>.+)$", re.I)
_TREATMENT = re.compile(r"\b(?:cream|creams|ointment|therapy|remed(?:y|ies)|medications?|treated|treatment|tried|relief|"
                        r"receiving|taking|applying|using|children|jobs|"
                        r"prescribed|antibiotics?|steroids?|diagnosed|otc)\b", re.I)
_DURATION_TEXT = re.compile(r"\b(?:for |over |of |since )?(?:the )?(?:(?:past|last) (?:(?:\d+|a|an|one|two|three|four|"
                            r"five|six|seven|eight|nine|ten|several|few|many)[- ])?|(?:\d+|a|an|one|two|three|four|"
                            r"five|six|seven|eight|nine|ten|several|few|many)[- ])(?:minutes?|hours?|days?|weeks?|"
                            r"months?|years?)(?: ago| earlier| of)?\b(?!-old)", re.I)
_DEGREE = re.compile(r"\b(\d+(?:\.\d+)? ?(?:out of|/) ?10\b(?: in (?:intensity|severity))?|"
                     r"(?:very |extremely )?(?:severe|mild|moderate|excruciating|unbearable|worst[^,.]*?of (?:his|her|my) life)"
                     r"(?:ly)?(?= |$))", re.I)
_ONSET = re.compile(r"\b(sudden(?:ly)?|abrupt(?:ly)?|acute(?:ly)?(?= onset)|gradual(?:ly)?|insidious(?:ly)?|slowly|"
                    r"woke up with|awoke with|overnight)\b", re.I)
_COLOR = re.compile(r"\b((?:\w+-)?(?:red|brown|white|yellow|black|blue|purple|pink|violaceous|erythematous|"
                    r"hyperpigmented|hypopigmented|depigmented|tan|gray|grey|skin-colored|flesh-colored|"
                    r"salmon-colored|golden|silvery|dark|bluish|reddish|yellowish|brownish|whitish)(?:-\w+)?)\b", re.I)
_SHAPE = re.compile(r"\b(annular|round|oval|circular|linear|ring-shaped|target-like|targetoid|well-demarcated|"
                    r"well-circumscribed|raised|flat|umbilicated|pedunculated|dome-shaped|serpiginous|irregular|"
                    r"polygonal|nodular|grouped|clustered|coalescing|confluent|dermatomal)\b", re.I)
_TEXTURE = re.compile(r"\b(scaly|scaling|crusted|crusting|rough|smooth|firm|soft|hard|greasy|waxy|verrucous|"
                      r"weeping|oozing|thickened|indurated|fluctuant|tender|nontender|non-tender|velvety|"
                      r"friable|shiny|dry|moist)\b", re.I)
_WORSE = re.compile(r"\b(?:worse(?:n|ns|ned|ning)?|aggravated|exacerbated|precipitated|triggered|provoked|brought on|"
                    r"increases?|increased|intensifies|intensified|made worse)\s+(?:by|with|when|after|on|during|while|in|at)\s+"
                    r"(?P<f>[^,;.]+)", re.I)
_BETTER = re.compile(r"\b(?:relieved|alleviated|eased|improves?|improved|improving|improvement|better|resolves?|resolved|"
                     r"subsides?|subsided|decreases?|goes away|disappears?|helped)\s+(?:\w+\s+)?(?:by|with|when|after|on|"
                     r"during|while|upon|following)\s+(?P<f>[^,;.]+)", re.I)
_TIME_LEAD = re.compile(r"^(?P<when>(?:for|over|during|in) the (?:past|last|previous) [^,]{2,25}|on arrival|"
                        r"(?:about |approximately |nearly |over )?(?:\w+|\d+) (?:minutes?|hours?|days?|weeks?|"
                        r"months?|years?) (?:ago|earlier|before|prior)|last (?:week|month|year)|yesterday|"
                        r"this morning|recently|previously|at the age of \d+|as a child|in childhood|"
                        r"since childhood|since (?:the )?age \d+),?\s+|"
                        r"^(?P<lead>(?:(?:since|during|over|for|in|on|at|after|before|within|by|until|upon|following|"
                        r"prior to|throughout|between|when|while|as|once) [^,]{2,45}|(?:\w+|\d+)(?:[- ]\w+)? (?:minutes?|"
                        r"hours?|days?|weeks?|months?|years?) (?:ago|earlier|later|before|after|prior)[^,]{0,45}|today|"
                        r"tonight|recently|previously|initially|currently|now|then|later|also|additionally|"
                        r"in addition|however|furthermore|moreover|otherwise|meanwhile|subsequently|eventually|"
                        r"finally|overall|of note|notably|apparently|otherwise|lately|since then|at the time|"
                        r"at that time|this time|at present|presently|today)),\s+", re.I)
#: Strong clause boundaries: each side is read as a sentence of its own ("He reports fever
#: but denies cough" -> a complaint and a denial).
_SEGMENT = re.compile(r";\s*|,?\s+but\s+|,?\s+however,?\s+|,?\s+although\s+|,?\s+though\s+|,?\s+whereas\s+|"
                      r",?\s+and (?=(?:he|she|the patient) (?:denies|has not|does not|did not|reports no)\b)", re.I)
#: A complaint that is a past event: history, not a current symptom.
_PAST = re.compile(r"\b(?:(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|several|many) years? ago|"
                   r"as an? (?:child|teenager|infant|adolescent)|in (?:childhood|the past|adolescence|infancy)|"
                   r"years earlier|at (?:the )?age (?:of )?\d+|resolved|recovered)\b", re.I)


#: Where and with whom the patient came, between the visit verb and the complaint.
_VISIT_FRAME = re.compile(
    r"^(?:\s*,|\s*(?:to|at|in|into) (?:the |an? |his |her |their )?(?:[\w'-]+ ){0,3}(?:department|clinic|office|"
    r"physician|doctor|hospital|center|centre|room|unit|practitioner|provider|dermatologist|pediatrician|"
    r"counselor|care|ward|surgeon|specialist|\w+ologist|\w+ician)\b|\s*(?:in|back|again|today|urgently)\b(?! \w+ing\b)|"
    r"\s*by (?:ambulance|helicopter|paramedics|emergency medical services|ems|(?:(?:his|her|their|a|an|the) )"
    r"(?:[\w-]+ ){0,2}?[\w-]+(?: and (?:(?:his|her|their) )?[\w-]+)?)|\s*(?:accompanied by|with) (?:(?:his|her|their) )"
    r"(?:[\w-]+ )?(?:mother|father|parents?|wife|husband|boyfriend|girlfriend|partner|son|daughter|friends?|family|"
    r"roommate|caregivers?|sister|brother|coach|teacher|grandmother|grandfather)\b)+",
    re.I,
)


def _strip_article(text: str) -> str:
    return re.sub(r"^(?:an?|the|some|any)\s+", "", text.strip(" ,.;:"), flags=re.I)


def _merge_positions(items: list[str]) -> list[str]:
    """Re-join a body part split off its item: "rash on his face", "scalp" -> one item; "itchy
    rash", "primarily on her arms" -> "itchy rash on her arms"."""
    merged: list[str] = []
    for item in items:
        where = re.match(r"^(?:primarily|mainly|mostly|especially|particularly|predominantly|usually)?\s*"
                         r"(?P<p>(?:on|in|over|around|at|along|across) .+)$", item.strip(), re.I)
        if merged and where:
            merged[-1] += f" {where.group('p')}"
        elif merged and _BODY_PART.match(item.strip()) and (_POSITION.match(merged[-1]) or _BODY_PART.match(merged[-1].split()[-1])):
            merged[-1] += f", {item.strip()}"
        else:
            merged.append(item)
    return merged


def _merge_objects(items: list[str]) -> list[str]:
    """Re-join a second object split off its verb: "difficulty remembering recent events",
    "names" -> "difficulty remembering recent events and names"."""
    merged: list[str] = []
    for item in items:
        if merged and re.match(r"(?:difficulty|trouble|problems?|inability to|unable to)\b|\w+ing\s+\w+", merged[-1], re.I) \
                and (len(item.split()) <= 2 and not looks_like_symptom(item) or re.match(r"\w+ing\b", item)
                     and merged[-1].lower().startswith(("difficulty", "trouble", "problems"))):
            merged[-1] += f" and {item}"
        else:
            merged.append(item)
    return merged


def _descriptors(item: str) -> dict[str, str]:
    """Degree, onset, colour, shape and texture words an item states."""
    entry: dict[str, str] = {}
    for key, pattern in (("degree", _DEGREE), ("onset", _ONSET), ("color", _COLOR), ("shape", _SHAPE),
                         ("texture", _TEXTURE)):
        found = pattern.findall(item)
        if found:
            values = list(dict.fromkeys(f.lower() if isinstance(f, str) else f[0].lower() for f in found))
            entry[key] = " and ".join(values)
    if entry.get("onset") in ("suddenly", "abruptly", "acutely"):
        entry["onset"] = {"suddenly": "sudden", "abruptly": "abrupt", "acutely": "acute"}[entry["onset"]]
    return entry


def _position(item: str) -> tuple[str, str | None, str | None]:
    """(name, position, trigger) of an item: "shooting pain in the ear with eating" ->
    ("shooting pain", "the ear", "eating"). A position names a body part ("fatigue at the end
    of the day" has none)."""
    match = _POSITION.match(item) or _LOOSE_POSITION.match(item)
    if not match or not _BODY_WORD.search(match.group("pos")):
        return item, None, None
    position, trigger = match.group("pos"), None
    cut = re.search(r"\s+(?:with|when|while|after|during|upon|on)\s+(?!(?:the|both|each|either|his|her|my)\b)(?P<t>.+)$",
                    position, re.I)
    if cut:
        position, trigger = position[: cut.start()], cut.group("t")
    return match.group("name"), position, trigger


def symptom_items(phrase: str) -> list[dict[str, Any]]:
    """Symptoms of a complaint phrase: name plus the descriptors it states.

    "painful lesions on his penis and swelling in the left groin" ->
    [{"name": "painful lesions", "position": "his penis"}, {"name": "swelling", "position": "the left groin"}].
    A symptom stated with a verb gets a noun phrase ("forgets names" -> "forgetting names",
    :mod:`tod.records.symptom_names`); a piece of clause ("but today I can") is no symptom.
    """
    phrase = re.sub(r"\s*\((?:[^()]|\([^()]*\))*\d(?:[^()]|\([^()]*\))*\)", "", phrase)  # measured amounts
    phrase = _CUT_TAIL.sub("", phrase.strip(" .,;:"))
    phrase = re.sub(r"\s+(?:accompanied by|associated with|along with|together with|followed by)\s+", ", ", phrase,
                    flags=re.I)
    phrase = re.sub(r"\b(?:that )?comes and goes\b", "intermittent", phrase, flags=re.I)
    phrase = re.sub(r",?\s+(?:including|such as|especially|particularly|mainly|mostly|except)\b.*$", "", phrase, flags=re.I)
    symptoms: list[dict[str, Any]] = []
    for item in _merge_objects(_merge_positions(split_items(phrase))):
        stated = item
        item = _DURATION_TEXT.sub("", item).strip(" ,")
        item = re.sub(r"^(?:the |an? )?(?:sudden|acute|abrupt|gradual|insidious|rapid|slow) onset of\s+", "", item, flags=re.I)
        item = re.sub(r"^(?:(?:also|now|since|recently|further|additionally|then)\s+)+", "", item.strip(), flags=re.I)
        item = verb_phrase_symptom(item) or _strip_article(re.sub(
            r"^(?:complaints? of|episodes? of|an? episode of|"
            r"experiencing|having|been|developing|noticed|experienced|had|has|have|developed|suffered|"
            r"after (?:discovering|noticing|finding|developing))\s+", "", item.strip(), flags=re.I))
        if (not item or re.match(r"^(?:no|not|denies|history of|on|in|of|at|and|for|with)\b", item, re.I)
                or _TREATMENT.search(item) or len(item) < 3):
            continue
        item = re.sub(r"\s+(?:as well|too|also|again|lately|recently|currently|now|at present|present|noted|observed)$", "",
                      item, flags=re.I)
        item = re.sub(r"^(?:(?:his|her|their|my) )?(behaviou?r|mood|sleep|appetite|weight|memory|vision|hearing|speech|gait|"
                      r"growth|development|eating|school performance)$", r"problems with \1", item, flags=re.I)
        name, position, trigger = _position(item)
        entry: dict[str, Any] = {"name": _strip_article(name), **_descriptors(stated)}
        if position:
            entry["position"] = position
        if trigger:
            entry["aggravating_factors"] = [trigger]
        if len(entry["name"].split()) <= 10 and not is_fragment(entry["name"]):
            symptoms.append(entry)
    return symptoms


def complaint_phrase(sentence: str) -> str | None:
    """The complaint a sentence states, or None ("presents with X" -> "X")."""
    history = _HISTORY_OF_COMPLAINT.search(sentence)
    if history:
        return sentence[history.end():]
    verb = _COMPLAINT_VERB.search(sentence)
    if verb:
        after = sentence[verb.end():]
        after = _VISIT_FRAME.sub("", after)
        for marker in _COMPLAINT_MARKERS:
            found = marker.search(after)
            if found:
                rest = after[found.end():]
                rest = re.sub(r"^(?:an? |the )?(?:\w+ )?(?:history|complaints?) of\s+", "", rest, flags=re.I)
                rest = _after_subject(rest)
                if rest.strip() and not _NOT_COMPLAINT.match(rest):
                    return rest
                return None
    text = strip_subject(sentence)
    report = _REPORT.match(text)
    if report:
        return text[report.end():]
    if _REPORTED.match(sentence) and text != sentence:
        return verb_phrase_symptom(text) or text
    subject = _SUBJECT_VERB.match(sentence)
    if subject and re.search(r"[- ]old\b|\b(?:newborn|neonate)\b", sentence[: subject.end()], re.I):
        return sentence[subject.end():]
    return None


#: A subject and a reporting verb: what follows is what the patient reports ("She reports fever").
_REPORTED = re.compile(r"^(?:[\w'\u2019]+\s+){0,3}?(?:also\s+)?(?:reports?|reported|notes?|noted|"
                       r"endorses?|endorsed|mentions?|mentioned|complains? of|complained of|admits? to|admitted to)\s+", re.I)


def _after_subject(text: str) -> str:
    """A complaint clause without its subject and report verb ("she has been having X" -> "X");
    a symptom stated with a verb as its noun phrase ("she has not had her period" -> "absence
    of her period")."""
    text = strip_subject(text)
    converted = verb_phrase_symptom(text)
    if converted:
        return converted
    report = _REPORT.match(text)
    return text[report.end():] if report else text


def subject_complaint(sentence: str) -> str | None:
    """The complaint an opening sentence states without a visit verb: a verb phrase after the
    patient ("A 26-year-old woman thinks poorly of herself" -> "thinking poorly of herself")
    or "with X" in the subject ("A toddler with spreading eczema is brought in" -> "spreading
    eczema")."""
    subject = _PATIENT_NOUN.match(sentence)
    if subject:
        converted = verb_phrase_symptom(sentence[subject.end():])
        if converted:
            return converted
    verb = _COMPLAINT_VERB.search(sentence)
    match = re.search(r"\bwith (?P<c>.+)$", sentence[: verb.start()] if verb else sentence, re.I)
    if match and not re.search(r"\bhistory\b", match.group("c"), re.I):
        return match.group("c")
    return None


#: The patient named at the start of a vignette ("A 26-year-old woman", "An 8-year-old boy who").
_PATIENT_NOUN = re.compile(
    r"^(?:an?|the)\s+(?:[\w'(),-]+\s+){0,7}?(?:man|woman|male|female|boy|girl|infant|newborn|neonate|child|toddler|"
    r"patient|gentleman|lady|adolescent|teenager|baby|student)\s+(?:who\s+)?", re.I)


def visit_reason(sentence: str) -> str | None:
    """Why a patient without a complaint came ("... for a well-child examination" ->
    "a well-child examination"), or None."""
    match = re.search(r"\bfor (?P<r>(?:an? |the |(?:his|her) )?(?:[\w-]+ ){0,4}(?:visit|examination|exam|check-?up|"
                      r"evaluation|appointment|physical|care|consultation|follow-up))\b", sentence, re.I)
    if match:
        return re.sub(r"^(?:the|his|her)\s+", "a ", match.group("r"), flags=re.I)
    match = re.search(r"\brequesting (?P<r>[\w -]{3,40}?(?:care|test\w*|advice|evaluation))\b", sentence, re.I) or \
        re.search(r"\b(?:after|following|because of) (?:being involved in |sustaining |having |being )?(?P<r>(?:an? |the |"
                  r"(?:his|her) )?(?:[\w-]+ ){0,4}(?:collision|accident|crash|fall|injury|assault|fight|burn|bite|sting|"
                  r"overdose|ingestion|drowning|explosion|gunshot wound|stab wound|seizure))\b", sentence, re.I)
    return re.sub(r"^(?:his|her)\s+", "my ", match.group("r"), flags=re.I) if match else None


class NarrativeReader:
    """Feeds narrative sentences into a builder; tracks the chief complaint's symptom."""

    def __init__(self, builder: CaseBuilder) -> None:
        self.builder = builder

    def _target(self, sentence: str) -> dict[str, Any] | None:
        """The present symptom a modifier sentence is about: the one it names, else the chief."""
        present = self.builder.present_symptoms()
        low = sentence.lower()
        for symptom in present:
            head = symptom["name"].lower().split()[-1].rstrip("s")
            if head and head in low:
                return symptom
        return present[0] if present else None

    def modifiers(self, sentence: str) -> bool:
        """Attach factors, onset and degree a sentence states to its symptom; True if any."""
        target = self._target(sentence)
        if target is None:
            return False
        found = False
        for key, pattern in (("aggravating_factors", _WORSE), ("relieving_factors", _BETTER)):
            for match in pattern.finditer(sentence):
                factor = self.builder.speak(_strip_article(match.group("f")))
                if factor and not self.builder.leaks(factor) and not re.search(r"\d", factor):
                    target.setdefault(key, [])
                    if factor not in target[key]:
                        target[key].append(factor)
                    found = True
        head = re.escape(target["name"].lower().split()[-1])
        if not found and re.search(rf"\b(?:pain|ache|it|discomfort|{head})\b.*\b(?:describes?|described|characteri[sz]ed)\b|"
                                   rf"\b(?:describes?|described)\s+(?:(?:the|his|her|my|this|these)\s+)?"
                                   rf"(?:\w+\s+)?(?:pain|ache|discomfort|it|them|{head})s?\s+as\b", sentence, re.I):
            match = re.search(r"\bas (?:an? |being )?(?P<d>[^,;.]+)", sentence, re.I)
            if match and "degree" not in target:
                target["degree"] = self.builder.speak(match.group("d").strip())
                found = True
        return found

    def add_complaint(self, phrase: str, sentence: str, *, when: str | None = None, first: bool = False,
                      restates: bool = False) -> bool:
        """Add the symptoms of a complaint phrase with its duration; True if any item was placed.

        The duration is read from the complaint's part of ``sentence`` (not from the subject:
        "a woman at 30 weeks' gestation"), else from the sentence's time lead ``when``. Outside
        the opening sentence, an item that is a past event ("a stroke 4 years ago", "a cold that
        resolved"), a chronic condition or a habit goes to its history field instead, and an
        item that reads as no symptom at all (:func:`~tod.records.symptom_names.looks_like_symptom`)
        is not placed. With ``restates`` (a history that restates a case's symptom list), an
        item that restates a recorded symptom adds its descriptors to that symptom."""
        items = symptom_items(phrase)
        duration = find_duration(_complaint_region(sentence)) or (find_duration(when) if when else None)
        past = not first and bool(_PAST.search(sentence) or (when and _PAST.search(when)))
        placed = False
        dated = bool(re.search(r"\bago\b", f"{sentence} {when or ''}", re.I))
        onset = re.search(r"\b(sudden|abrupt|acute|gradual|insidious) onset of\b", sentence, re.I)
        for item in items:
            name = item.pop("name")
            field = item_field(name)
            if not first and (past or looks_chronic(name) or dated and looks_like_condition(name)
                              or field in _HISTORY_ITEM_FIELDS or (field or "").startswith("social.")):
                self.builder.add_fact(field or "history.past_diagnoses", name,
                                      detail=_past_time(sentence) or (when if when and _TIME_WORD.search(when) else None))
                placed = True
                continue
            if not first and not looks_like_symptom(name):
                continue
            if duration and "duration" not in item:
                item["duration"] = duration
            if onset and "onset" not in item:
                item["onset"] = onset.group(1).lower()
            same = self._restated(name) if restates else None
            self.builder.add_symptom(same["name"] if same else name, Status.present, **item)
            placed = True
        return placed

    def _restated(self, name: str) -> dict[str, Any] | None:
        """The recorded present symptom a name restates: one's words contain the other's."""
        words = _content_words(self.builder.speak(name))
        for symptom in self.builder.present_symptoms():
            known = _content_words(symptom["name"])
            if words and known and (words <= known or known <= words):
                return symptom
        return None

    def read(self, sentence: str, *, first: bool = False, restates: bool = False) -> None:
        """Read one narrative sentence (``first``: the opening sentence of a vignette).

        A leading time or discourse phrase ("Three days ago,", "During this period,") is set
        aside (a time becomes the detail of history facts); the rest is cut at strong
        boundaries ("but", "however", ";") and each part read on its own. With ``restates``
        (a history that restates a case's symptom list), a complaint that restates a recorded
        symptom adds its descriptors to it."""
        sentence = sentence.strip()
        lead = _TIME_LEAD.match(sentence)
        when = None
        if lead:
            when = lead.group("when") or (lead.group("lead") if _TIME_WORD.search(lead.group("lead")) else None)
        body = sentence[lead.end():] if lead else sentence
        for number, segment in enumerate(part for part in _SEGMENT.split(body) if part and part.strip(" ,")):
            self._read_segment(segment.strip(" ,"), first=first and number == 0, when=when, restates=restates)

    def _read_segment(self, body: str, *, first: bool, when: str | None, restates: bool) -> None:
        complaint = None if negated_object(body) is not None else complaint_phrase(body)
        if complaint is not None and (first or not _is_history(strip_subject(body))):
            if first:
                verb = _COMPLAINT_VERB.search(body)
                self._history_in_subject(body[: verb.start()] if verb else body[: body.find(complaint)])
            if self.add_complaint(complaint, body, when=when, first=first, restates=restates):
                self.modifiers(body)
                return
        if first:
            fallback = subject_complaint(body)
            if fallback and self.add_complaint(fallback, body, when=when, first=True, restates=restates):
                return
            verb = _COMPLAINT_VERB.search(body)
            if verb:  # a visit without a complaint ("presents for a travel evaluation"): its subject may hold history
                self._history_in_subject(body[: verb.start()])
                return
        worry = _WORRY.match(strip_subject(body))
        if worry and looks_like_symptom(worry.group("x")) and self.add_complaint(worry.group("x"), body, when=when):
            return
        routing = Routing()
        leftover: list[str] = []
        for clause in split_clauses(body):
            obj = negated_object(clause)
            if obj is not None:
                routing.extend(route_clause(clause, default=SYMPTOMS))
                continue
            routed = route_clause(clause, default=None)
            if routed.facts:
                routing.extend(routed)
            else:
                leftover.append(clause)
        if when:
            routing.facts = [f if f.detail or f.field == SYMPTOMS or f.value is None else
                             type(f)(f.field, f.value, f.status, when) for f in routing.facts]
        self.builder.add_routing(routing)
        unplaced = [c for c in leftover if not self.modifiers(c) and not self._symptom_clause(c, when, restates)]
        self.builder.add_unrouted(unplaced)

    def _symptom_clause(self, clause: str, when: str | None, restates: bool) -> bool:
        complaint = complaint_phrase(clause) or verb_phrase_symptom(strip_subject(clause))
        return complaint is not None and self.add_complaint(complaint, clause, when=when, restates=restates)

    def _history_in_subject(self, subject: str) -> None:
        """History named in a vignette's subject ("a 45-year-old man with a history of X")."""
        if re.search(r"\bpreviously healthy\b|\bhealthy\b", subject, re.I) and not re.search(r"\bwith\b", subject, re.I):
            self.builder.add_fact("history.past_diagnoses", None, Status.denied)
        match = re.search(r"\bwith (?P<h>.+?)(?:,\s*)?$", subject.strip(" ,"), re.I)
        if match and (looks_like_condition(match.group("h")) or re.search(r"\bhistory\b", match.group("h"), re.I)) \
                and not re.match(r"^(?:an? )?(?:[\w-]+[- ]){0,3}(?:complaints?|history) of\s*$|^complaints?\b", match.group("h"), re.I):
            text = match.group("h")
            routing = route_clause(text, default="history.past_diagnoses")
            self.builder.add_routing(routing)


#: Fields an item names by itself that are never a current symptom ("a cholecystectomy").
_HISTORY_ITEM_FIELDS = frozenset({"history.trauma_surgery", "history.allergies", "history.vaccinations"})
_TIME_WORD = re.compile(r"\d|\b(?:ago|years?|months?|weeks?|days?|hours?|minutes?|child|childhood|age|since|prior|"
                        r"before|after|during|earlier|later|yesterday|today|tonight|morning|night)\b", re.I)


#: A worry about a symptom ("He is also worried about his skin looking yellow").
_WORRY = re.compile(r"^(?:is|was|are|were|has been) (?:also |very |increasingly )?(?:worried|concerned|bothered|distressed) "
                    r"(?:about|by|that) (?:(?:his|her|their|the) )?(?P<x>.+)$", re.I)


def _complaint_region(sentence: str) -> str:
    """The part of a sentence from its complaint verb or "N-day history of" on."""
    starts = [m.start() for m in (_COMPLAINT_VERB.search(sentence), _HISTORY_OF_COMPLAINT.search(sentence)) if m]
    return sentence[min(starts):] if starts else sentence


def _past_time(sentence: str) -> str | None:
    """The time a past event states ("4 years ago", "as a child"), for its detail."""
    match = re.search(r"\b(?:(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|several|many) "
                      r"(?:years?|months?|weeks?|days?) ago|(?:last|the previous) (?:week|month|year)|"
                      r"as an? (?:child|teenager|infant|adolescent)|"
                      r"in (?:childhood|adolescence|infancy)|at (?:the )?age (?:of )?\d+)\b", sentence, re.I)
    return match.group(0) if match else None


_MINOR_WORDS = frozenset({"a", "an", "the", "my", "his", "her", "of", "in", "on", "and", "or", "with", "to", "at",
                          "mild", "moderate", "severe", "occasional", "intermittent", "persistent", "chronic", "acute",
                          "sudden", "recurrent", "new", "recent", "constant", "episodes", "episode"})


def _content_words(name: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", name.lower()) if w not in _MINOR_WORDS}


def _is_history(sentence: str) -> bool:
    return bool(re.search(r"\b(medical history|history of|diagnosed with|takes|medications?|smok\w*|alcohol|drinks|"
                          r"works|lives|allerg\w*|family|mother|father|sister|brother|surgery|underwent)\b",
                          sentence, re.I)) and not _HISTORY_OF_COMPLAINT.search(sentence)
