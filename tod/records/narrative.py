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
from tod.records.routing import SYMPTOMS, Routing, looks_like_condition, negated_object, route_clause, split_clauses

_COMPLAINT_VERB = re.compile(
    r"\b(?:presents?|presented|presenting|comes?|came|is brought|was brought|brought|visits?|visited|"
    r"is admitted|was admitted|is seen|was seen|is evaluated|is referred|was referred|returns?|is hospitalized|"
    r"was hospitalized|seeks? (?:medical )?(?:care|attention|evaluation)|complains?|complained|"
    r"(?:is|was|were) (?:noted|noticed|found|observed) to have|begins? to develop|began to develop|develops|developed)\b",
    re.I,
)
#: Markers of the complaint after the verb, strongest first.
_COMPLAINT_MARKERS = tuple(re.compile(p, re.I) for p in (
    r"^\s*(?:of|about) |\b(?:with (?:complaints? of |a complaint of |concerns? (?:of|about) )?|because (?:of )?|complaining (?:of|about) |"
    r"presenting with |due to |concerned about )",
    r"\bfor (?:(?:the |an? )?(?:evaluation (?:and management )?of |treatment of |assessment of |management of )|)",
    r"^\s*(?:to have )?",
))
_REPORT = re.compile(
    r"^(?:(?:also|further|now|additionally|recently|then|later|subsequently|initially|first|currently) )*"
    r"(?:complains? of|complained of|complaining of|reports?|reported|notes?|noted|noticed|notices|has noticed|"
    r"developed|develops|has developed|has had|had|has(?! to\b)|have(?! to\b)|experiences?|experienced|has experienced|has been "
    r"experiencing|has been having|endorses?|describes?|mentions?|is having|began having|started having|"
    r"suffers? from|woke up with|awoke with)\s+",
    re.I,
)
_HISTORY_OF_COMPLAINT = re.compile(
    r"\b(?:an?|the|\w+)[- ](?:minute|hour|day|week|month|year)s?[- ](?:history|episode|duration) of\s+|"
    r"\bwith (?:\d+|an?|one|two|three|four|five|six|several|many) (?:minute|hour|day|week|month|year)s? of\s+", re.I)
_SUBJECT_VERB = re.compile(
    r"^(?:(?:an?|the|this)\s+)?(?:[\w'()-]+\s+){1,9}?(?:has|had|have|develops?|developed|experiences?|"
    r"experienced|reports?|becomes?|became|notices?|noticed|complains? of|is having|was having|presents with)\s+", re.I)
_NOT_COMPLAINT = re.compile(
    r"^(?:an? )?(?:(?:routine|annual|yearly|regular|follow-up|well-child|well child|scheduled|prenatal|"
    r"preoperative|health|employment|school|sports|pre-participation|initial|first|new patient|"
    r"general|periodic)\s+)+(?:visit|examination|exam|check-?up|evaluation|appointment|physical)"
    r"|^(?:evaluation|a visit|an appointment|a checkup|a check-up|care|establish care|(?:an? )?(?:initial |routine )?"
    r"consultation)\b",
    re.I,
)
_CUT_TAIL = re.compile(
    r",?\s+(?:that|which) (?:he|she|they|the patient|his \w+|her \w+) \w+.*$|"
    r",?\s+(?:that|which|who) (?:started|began|has|have|had|developed|appeared|is|are|was|were|first|"
    r"occurs?|occurred|worsen\w*|\w+ed)\b.*$|"
    r",?\s+(?:for|over|during|in) (?:the )?(?:past|last|previous|preceding)\b.*$|"
    r",?\s+for (?:about |approximately |nearly |almost |over |more than )?(?:\d+|a|an|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|several|many|few)\b.*$|"
    r",?\s+since\b.*$|"
    r",?\s+(?:starting|beginning) .*$",
    re.I,
)
_POSITION = re.compile(
    r"^(?P<name>.+?)\s+(?:on|in|of|over|around|behind|involving|affecting|at|along|across|near|under|below|"
    r"above|within|to|localized to|located (?:on|in|at)|radiating to|throughout)\s+"
    r"(?P<pos>(?:the|his|her|their|my|both|bilateral|left|right|upper|lower|lateral|medial|anterior|posterior|"
    r"mid|entire|whole|multiple|several|all|each)\b.+)$",
    re.I,
)
_BODY_PART = re.compile(
    r"^(?:the |his |her |their |my |both |bilateral |left |right |upper |lower |inner |outer )*"
    r"(?:face|scalp|neck|arms?|legs?|hands?|feet|foot|trunk|back|chest|abdomen|groin|axillae|axillas?|thighs?|"
    r"buttocks?|knees?|elbows?|wrists?|ankles?|shoulders?|hips?|fingers?|toes?|nails?|lips?|mouth|tongue|eyes?|"
    r"eyelids?|ears?|nose|cheeks?|forehead|chin|shins?|calves|calf|palms?|soles?|extremities|limbs|torso|"
    r"penis|scrotum|vulva|genitals?|perineum|flanks?|side|sides|body|skin|forearms?|upper arms?|glabella\w*|"
    r"(?:[\w-]+ )?(?:region|area|surface|aspect|fold|folds)s?)$",
    re.I,
)
_LOOSE_POSITION = re.compile(r"^(?P<name>(?:[\w-]+ ){0,5}?[\w-]+)\s+(?:on|in|over|around|surrounding|involving|"
                             r"affecting|at|along)\s+(?P<pos>.+)$", re.I)
_TREATMENT = re.compile(r"\b(?:cream|creams|ointment|therapy|remed(?:y|ies)|medications?|treated|treatment|tried|"
                        r"receiving|taking|applying|using|children|jobs|"
                        r"prescribed|antibiotics?|steroids?|diagnosed|otc)\b", re.I)
_DURATION_TEXT = re.compile(r"\b(?:for |over |of |since )?(?:the )?(?:past |last )?(?:(?:\d+|a|an|one|two|three|four|"
                            r"five|six|seven|eight|nine|ten|several|few|many)[- ])?(?:minutes?|hours?|days?|weeks?|"
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
                    r"increases?|intensifies|intensified|made worse)\s+(?:by|with|when|after|on|during|while|in|at)\s+"
                    r"(?P<f>[^,;.]+)", re.I)
_BETTER = re.compile(r"\b(?:relieved|alleviated|eased|improves?|improved|improving|better|resolves?|resolved|"
                     r"subsides?|subsided|decreases?|goes away|disappears?|helped)\s+(?:\w+\s+)?(?:by|with|when|after|on|"
                     r"during|while|upon|following)\s+(?P<f>[^,;.]+)", re.I)
_TIME_LEAD = re.compile(r"^(?P<when>(?:for|over|during|in) the (?:past|last|previous) [^,]{2,25}|on arrival|"
                        r"(?:about |approximately |nearly |over )?(?:\w+|\d+) (?:minutes?|hours?|days?|weeks?|"
                        r"months?|years?) (?:ago|earlier|before|prior)|last (?:week|month|year)|yesterday|"
                        r"this morning|recently|previously|at the age of \d+|as a child|in childhood|"
                        r"since childhood|since (?:the )?age \d+),?\s+", re.I)


def _strip_article(text: str) -> str:
    return re.sub(r"^(?:an?|the|some|any)\s+", "", text.strip(" ,.;:"), flags=re.I)


def _merge_positions(items: list[str]) -> list[str]:
    """Re-join a body part split off its item: "rash on his face", "scalp" -> one item."""
    merged: list[str] = []
    for item in items:
        if merged and _BODY_PART.match(item.strip()) and (_POSITION.match(merged[-1]) or _BODY_PART.match(merged[-1].split()[-1])):
            merged[-1] += f", {item.strip()}"
        else:
            merged.append(item)
    return merged


def symptom_items(phrase: str) -> list[dict[str, Any]]:
    """Symptoms of a complaint phrase: name plus the descriptors it states.

    "painful lesions on his penis and swelling in the left groin" ->
    [{"name": "painful lesions", "position": "his penis"}, {"name": "swelling", "position": "the left groin"}].
    """
    phrase = _CUT_TAIL.sub("", phrase.strip(" .,;:"))
    symptoms = []
    for item in _merge_positions(split_items(phrase)):
        item = _DURATION_TEXT.sub("", item).strip(" ,")
        item = _strip_article(re.sub(r"^(?:complaints? of|episodes? of|an? episode of|experiencing|having|been|"
                                     r"developing|noticed|comes and goes|after (?:discovering|noticing|finding|"
                                     r"developing))\s+", "", item.strip(), flags=re.I))
        if (not item or re.match(r"^(?:no|not|denies|history of|(?:on|in|of|at|and|for|with)\b)", item, re.I)
                or _TREATMENT.search(item) or len(item) < 3):
            continue
        entry: dict[str, Any] = {}
        match = _POSITION.match(item) or _LOOSE_POSITION.match(item)
        name = item
        if match:
            name, entry["position"] = match.group("name"), match.group("pos")
        entry["name"] = _strip_article(name)
        if len(entry["name"].split()) > 8:
            continue
        for key, pattern in (("degree", _DEGREE), ("onset", _ONSET), ("color", _COLOR), ("shape", _SHAPE),
                             ("texture", _TEXTURE)):
            found = pattern.findall(item)
            if found:
                values = list(dict.fromkeys(f.lower() if isinstance(f, str) else f[0].lower() for f in found))
                entry[key] = " and ".join(values)
        if entry.get("onset") in ("suddenly", "abruptly", "acutely"):
            entry["onset"] = {"suddenly": "sudden", "abruptly": "abrupt", "acutely": "acute"}[entry["onset"]]
        if entry["name"]:
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
        after = re.sub(r"^\s*(?:to|at|in) (?:the |an? |his |her )?(?:[\w-]+ ){0,3}(?:department|clinic|office|physician|"
                       r"doctor|hospital|center|centre|room|unit|practitioner|provider|dermatologist|pediatrician|"
                       r"counselor|care)\b(?: by (?:his|her|their) \w+(?: and \w+)?)?", "", after, flags=re.I)
        for marker in _COMPLAINT_MARKERS:
            found = marker.search(after)
            if found:
                rest = after[found.end():]
                rest = re.sub(r"^(?:an? |the )?(?:\w+ )?(?:history|complaints?) of\s+", "", rest, flags=re.I)
                rest = re.sub(r"^(?:he|she|they|the patient|his \w+|her \w+) (?:has|have|had|is|was|noticed|"
                              r"reports?|says) (?:been )?(?:having |experiencing |noticed )?", "", rest, flags=re.I)
                if rest.strip() and not _NOT_COMPLAINT.match(rest):
                    return rest
                return None
    text = strip_subject(sentence)
    report = _REPORT.match(text)
    if report:
        return text[report.end():]
    subject = _SUBJECT_VERB.match(sentence)
    if subject and re.search(r"-old\b|\b(?:newborn|neonate)\b", sentence[: subject.end()], re.I):
        return sentence[subject.end():]
    return None


def visit_reason(sentence: str) -> str | None:
    """Why a patient without a complaint came ("... for a well-child examination" ->
    "a well-child examination"), or None."""
    match = re.search(r"\bfor (?P<r>(?:an? |the |(?:his|her) )?(?:[\w-]+ ){0,4}(?:visit|examination|exam|check-?up|"
                      r"evaluation|appointment|physical|care|consultation|follow-up))\b", sentence, re.I)
    if match:
        return re.sub(r"^(?:the|his|her)\s+", "a ", match.group("r"), flags=re.I)
    match = re.search(r"\brequesting (?P<r>[\w -]{3,40}?(?:care|test\w*|advice|evaluation))\b", sentence, re.I)
    return match.group("r") if match else None


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
                if factor and not self.builder.leaks(factor):
                    target.setdefault(key, [])
                    if factor not in target[key]:
                        target[key].append(factor)
                    found = True
        if not found and re.search(r"\b(pain|ache|it|discomfort)\b.*\b(describes?|described|characteri[sz]ed)\b|"
                                   r"\b(describes?|described)\b.*\bas\b", sentence, re.I):
            match = re.search(r"\bas (?:an? |being )?(?P<d>[^,;.]+)", sentence, re.I)
            if match and "degree" not in target:
                target["degree"] = self.builder.speak(match.group("d").strip())
                found = True
        return found

    def add_complaint(self, phrase: str, sentence: str, *, new_symptoms: bool = True) -> bool:
        """Add the symptoms of a complaint phrase with the sentence's duration; True if any.
        With ``new_symptoms`` False only symptoms already recorded get the descriptors."""
        items = symptom_items(phrase)
        duration = find_duration(sentence)
        known = {s["name"].lower() for s in self.builder.symptoms}
        for item in items:
            if duration and "duration" not in item:
                item["duration"] = duration
            name = item.pop("name")
            if new_symptoms or self.builder.speak(name).lower() in known:
                self.builder.add_symptom(name, Status.present, **item)
        return bool(items)

    def read(self, sentence: str, *, first: bool = False, new_symptoms: bool = True) -> None:
        """Read one narrative sentence (``first``: the opening sentence of a vignette).

        With ``new_symptoms`` False (a history that restates a case's symptom list), a
        complaint only adds descriptors to symptoms already recorded."""
        sentence = sentence.strip()
        lead = _TIME_LEAD.match(sentence)
        when = lead.group("when") if lead else None
        body = sentence[lead.end():] if lead else sentence
        complaint = None if negated_object(body) is not None else complaint_phrase(body)
        if complaint is not None and (first or not _is_history(body)):
            before = body[: body.find(complaint)] if complaint in body else ""
            self._history_in_subject(before)
            if self.add_complaint(complaint, body, new_symptoms=new_symptoms):
                self.modifiers(body)
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
        unplaced = [c for c in leftover if not self.modifiers(c) and not self._symptom_clause(c, new_symptoms)]
        self.builder.add_unrouted(unplaced)

    def _symptom_clause(self, clause: str, new_symptoms: bool) -> bool:
        complaint = complaint_phrase(clause)
        return complaint is not None and self.add_complaint(complaint, clause, new_symptoms=new_symptoms)

    def _history_in_subject(self, subject: str) -> None:
        """History named in a vignette's subject ("a 45-year-old man with a history of X")."""
        if re.search(r"\bpreviously healthy\b|\bhealthy\b", subject, re.I) and not re.search(r"\bwith\b", subject, re.I):
            self.builder.add_fact("history.past_diagnoses", None, Status.denied)
        match = re.search(r"\bwith (?P<h>.+?)(?:,\s*)?$", subject.strip(" ,"), re.I)
        if match and (looks_like_condition(match.group("h")) or re.search(r"\bhistory\b", match.group("h"), re.I)) \
                and not re.match(r"^(?:an? )?(?:\w+[- ])?(?:complaints?|history) of\s*$|^complaints?\b", match.group("h"), re.I):
            text = match.group("h")
            routing = route_clause(text, default="history.past_diagnoses")
            self.builder.add_routing(routing)


def _is_history(sentence: str) -> bool:
    return bool(re.search(r"\b(medical history|history of|diagnosed with|takes|medications?|smok\w*|alcohol|drinks|"
                          r"works|lives|allerg\w*|family|mother|father|sister|brother|surgery|underwent)\b",
                          sentence, re.I)) and not _HISTORY_OF_COMPLAINT.search(sentence)
