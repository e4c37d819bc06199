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
from tod.records.patterns import load_patterns
from tod.records.phrases import find_duration, reported_clause, short_value, split_items, strip_subject
from tod.records.routing import (
    QUALITY_NOUNS,
    SYMPTOMS,
    Routing,
    dated_treatment,
    excepted_complaint,
    item_field,
    looks_lasting,
    looks_like_condition,
    negated_object,
    is_blanket_wellness,
    route_clause,
    split_clauses,
)
from tod.records.symptom_names import (
    base_form,
    behaviour_phrases,
    gerund,
    is_fragment,
    looks_like_symptom,
    participle_base,
    NEGATED_BEHAVIOUR,
    verb_phrase_symptom,
)

_RE = load_patterns("narrative")

#: Markers of the complaint after the verb, strongest first.
_COMPLAINT_MARKERS = tuple(re.compile(p, re.I) for p in (
    r"^\s*(?:of|about) |\b(?:(?:who|because (?:he|she|they)) (?:is|are|was|were) (?:worried|concerned|distraught|upset) "
    r"(?:about|with|over|by) (?:(?:his|her|their|the patient's) )?|"
    r"with (?:complaints? of |a complaint of |concerns? (?:of|about) )?|because (?:of )?|complaining (?:of|about) |"
    r"presenting with |due to |concerned about |after (?:an? |the )?(?:episode|attack|bout|spell)s? of |"
    r"after (?:(?:he|she|they|the patient|the (?:mother|father|parents?)|(?:his|her|their) \w+) "
    r"(?:was |were |is |had been |had |has )?"
    r"(?:found|noted|seen|observed|noticed|discovered|developed|saw|caught)(?: (?:to be|that))?|(?:the )?(?:sudden |acute |abrupt |"
    r"gradual )?onset of) |after (?:noticing|developing|experiencing|having|feeling|waking up with) |"
    r"after (?=(?:losing|passing out|fainting|collapsing|vomiting|coughing up)\b)|"
    r"after (?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|several) (?:minutes?|hours?|days?|weeks?|months?) of |"
    r"when (?:he|she|they) (?:found|noticed|discovered|experienced|developed|felt|woke up "
    r"with|awoke with) )",
    r"\bfor (?:(?:the |an? |further )?(?:evaluation (?:and management )?(?:of |after (?:noticing|finding|discovering|"
    r"developing|having) |after (?=seeing\b|hearing\b))?|treatment of |assessment of |management of |workup of |investigation of )|)|"
    r"\bto (?:examine|evaluate|assess|check) (?:the patient's |his |her |their )?",
    r"^\s*(?:to have |that (?=(?:he|she|they) (?!(?:could|would|can|might|may|will)\b)))?",
))


def _strip_article(text: str) -> str:
    return re.sub(r"^(?:an?|the|some|any|another|a new)\s+", "", text.strip(" ,.;:"), flags=re.I)


def _merge_positions(items: list[str]) -> list[str]:
    """Re-join a body part split off its item: "rash on his face", "scalp" -> one item; "itchy
    rash", "primarily on her arms" -> "itchy rash on her arms"."""
    merged: list[str] = []
    for item in items:
        if merged and re.search(r"\s(?:at|in) [\w-]+$", merged[-1]) and len(item.split()) <= 2 \
                and not looks_like_symptom(item) and not _RE.body_part.match(item.strip()):
            merged[-1] += f" and {item}"  # "problems at home", "school" -> "problems at home and school"
            continue
        where = re.match(r"^(?:primarily|mainly|mostly|especially|particularly|predominantly|usually)?\s*"
                         r"(?P<p>(?:on|in|over|around|at|along|across) .+)$", item.strip(), re.I)
        if merged and where:
            merged[-1] += f" {where.group('p')}"
        elif merged and _RE.body_part.match(item.strip()) and (_RE.position.match(merged[-1]) or _RE.body_part.match(merged[-1].split()[-1])):
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


def _merge_qualities(items: list[str]) -> list[str]:
    """A lone quality word of a list joins the item after it ("swollen", "tender knee" ->
    "swollen, tender knee"); one with no item after it names its symptom ("tender" ->
    "tenderness")."""
    merged: list[str] = []
    pending: list[str] = []
    for item in items:
        if _strip_article(item).lower() in QUALITY_NOUNS:
            pending.append(item.strip())
            continue
        merged.append(", ".join([*pending, item.strip()]) if pending else item)
        pending = []
    return merged + [QUALITY_NOUNS[_strip_article(word).lower()] for word in pending]


def _descriptors(item: str) -> dict[str, str]:
    """Degree, onset, colour, shape and texture words an item states."""
    entry: dict[str, str] = {}
    for key, pattern in (("degree", _RE.degree), ("onset", _RE.onset), ("color", _RE.color), ("shape", _RE.shape),
                         ("texture", _RE.texture)):
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
    of the day" has none) and ends before a verb of onset ("in his finger began")."""
    match = _RE.position.match(item) or _RE.loose_position.match(item)
    if not match or not _RE.body_word.search(match.group("pos")):
        return item, None, None
    position, trigger = re.sub(r"\s+(?:(?:that|which) )?(?:\w+ly )?(?:began|started|appeared|developed|occurred|begins|starts)\b.*$", "",
                                match.group("pos")), None
    cut = re.search(r"\s+(?:with|when|while|after|during|upon|on)\s+(?!(?:the|both|each|either|his|her|my)\b)(?P<t>.+)$",
                    position, re.I)
    if cut:
        position, trigger = position[: cut.start()], cut.group("t")
    return match.group("name"), position, trigger


def _negated_item(item: str) -> bool:
    """Whether a list item is negated, so no present symptom ("no fever", "not itchy"); a
    behaviour told with "not" or "no longer" and a gerund is one (``NEGATED_BEHAVIOUR``:
    "not finishing schoolwork")."""
    return bool(re.match(r"^(?:no|not)\b", item, re.I)) and not NEGATED_BEHAVIOUR.match(item)


def symptom_items(phrase: str, *, max_words: int = 10) -> list[dict[str, Any]]:
    """Symptoms of a complaint phrase: name plus the descriptors it states.

    "painful lesions on his penis and swelling in the left groin" ->
    [{"name": "painful lesions", "position": "his penis"}, {"name": "swelling", "position": "the left groin"}].
    A symptom stated with a verb gets a noun phrase ("forgets names" -> "forgetting names",
    :mod:`tod.records.symptom_names`); a piece of clause ("but today I can") is no symptom, nor
    is a name longer than ``max_words``.
    """
    phrase = re.sub(r"\s*\((?:[^()]|\([^()]*\))*\d(?:[^()]|\([^()]*\))*\)", "", phrase)  # measured amounts
    phrase = re.sub(r"^(?:the )?(?:presence|appearance|development|occurrence) of (?:an? |the |some )?(?=\w)", "",
                    phrase.strip(), flags=re.I)  # "the development of red, itchy bumps" names the bumps
    phrase = re.sub(r",?\s+at \d+(?:\.\d+)? weeks['\u2019]? (?:of )?(?:gestation|pregnancy)\b", "", phrase, flags=re.I)
    when = _RE.trigger_clause.search(phrase)
    if when:  # "pain every time she has a bowel movement": the clause is the pain's trigger
        phrase = phrase[: when.start()]
    when_factor = f"{gerund(base_form(when.group('verb')))}{when.group('rest')}".strip(" .,;:") if when else None
    phrase = _cut_tail(phrase.strip(" .,;:"))
    phrase = re.sub(r"\s+(?:accompanied by|associated with|along with|together with|followed by)\s+", ", ", phrase,
                    flags=re.I)
    phrase = re.sub(r"\b(?:that )?comes and goes\b", "intermittent", phrase, flags=re.I)
    phrase = re.sub(r",?\s+(?:including|such as|especially|particularly|mainly|mostly|except)\b.*$", "", phrase, flags=re.I)
    symptoms: list[dict[str, Any]] = []
    for item in _merge_qualities(_merge_objects(_merge_positions(split_items(phrase)))):
        stated = item
        item = _RE.duration_text.sub("", item).strip(" ,")
        item = re.sub(r"^(?:the |an? )?(?:sudden|acute|abrupt|gradual|insidious|rapid|slow) onset of\s+", "", item, flags=re.I)
        item = re.sub(r"^(?:(?:also|now|since|recently|further|additionally|then)\s+)+", "", item.strip(), flags=re.I)
        item = _RE.reporting_lead.sub("", item)  # "specifically noting intermittent fevers": the fevers
        item = re.sub(r"^(?:his|her|their)\s+(?!(?:own|self)\b)", "", item, flags=re.I)
        item = re.sub(r"^(?:found )?unconscious\b", "loss of consciousness", item, flags=re.I)
        item = re.sub(r"^(?:the )?(?:(?:sudden|gradual|new|recent) )?(?:presence|appearance|development|occurrence) of "
                      r"(?:an? |the |some )?(?=\w)", "", item,
                      flags=re.I)  # "the appearance of a rash" names the rash
        item = verb_phrase_symptom(item) or _participle_symptom(item) or _strip_article(re.sub(
            r"^(?:complaints? of|episodes? of|an? episode of|reports?(?! of\b)|reported|complains? of|complained of|endorses?|"
            r"experiencing|having|been|developing|noticed|experienced|had|has|have|developed|suffered|felt|"
            r"after (?:discovering|noticing|finding|developing))\s+", "", item.strip(), flags=re.I))
        if (not item or re.match(r"^(?:denies|history of|on|in|of|at|and|for|with)\b", item, re.I) or _negated_item(item)
                or _RE.treatment.search(item) or len(item) < 3 or _RE.visit_item.match(item)):
            continue
        item = re.sub(r"\s+(?:as well|too|also|again|lately|recently|currently|now|at present|present|noted|observed|even)$", "",
                      item, flags=re.I)
        item = re.sub(r"^(?:(?:his|her|their|my) )?(behaviou?r|mood|sleep|appetite|weight|memory|vision|hearing|speech|gait|"
                      r"growth|development|eating|school performance)$", r"problems with \1", item, flags=re.I)
        name, position, trigger = _position(item)
        if trigger is None:
            name, trigger = _gerund_trigger(name)
        entry: dict[str, Any] = {"name": _strip_article(name),
                                 **_descriptors(stated.replace(trigger, "") if trigger else stated)}  # "lying flat" no shape
        if position:
            entry["position"] = position
        if trigger:
            entry["aggravating_factors"] = [trigger]
        if len(entry["name"].split()) <= max_words and not is_fragment(entry["name"]):
            symptoms.append(entry)
    if when_factor and symptoms:
        symptoms[-1].setdefault("aggravating_factors", []).append(when_factor)
    return symptoms


def _cut_tail(phrase: str) -> str:
    """A complaint phrase without relative clauses and times (:data:`cut_tail`), keeping a
    last complaint joined after one ("headaches that began in May, and knee pain" -> "headaches,
    knee pain"); a body part or a treatment there stays cut ("a rash that spread to the back,
    face, and legs"). The reason after a hindered doing goes ("difficulty sleeping because she
    worries" -> "difficulty sleeping", :data:`hindered_reason`)."""
    hindered = _RE.hindered_reason.match(phrase)
    phrase = hindered.group("x") if hindered else phrase
    cut = _RE.cut_tail.sub("", phrase)
    last = re.search(r",\s+and\s+(?P<x>(?:an? |the |some )?[^,;]+)$", phrase)
    item = _strip_article(_RE.cut_tail.sub("", last.group("x"))) if last else ""
    if item and item not in cut and looks_like_symptom(item) and not is_fragment(item) and len(item.split()) > 1 \
            and not _RE.body_part.match(item) and not _RE.treatment.search(item) and _RE.cut_tail.sub("", cut) == cut \
            and not re.search(r"\b(?:that|which|since|\w+ly)\b", item, re.I) and not _RE.report.match(item) \
            and looks_like_symptom(cut):  # a verb's object ("..., and experiences X") is a clause, not an item
        return f"{cut}, {item}"
    return cut


def _gerund_trigger(name: str) -> tuple[str, str | None]:
    """(name, trigger) of a symptom stated with what brings it on ("knee pain after pivoting"
    -> ("knee pain", "pivoting"), "cough when lying flat" -> ("cough", "lying flat")); the
    name as it is when the rest is no symptom ("trouble when reading" stays whole, and "onset of
    pain while running" says when it began, not what brings it on) or tells
    relief ("pain relief when sitting": no aggravating factor), a clause
    ("the pain started after having the flu") or an event that caused it ("swelling after
    falling on the hand", "cough after catching a cold")."""
    match = re.match(r"^(?P<n>.+?)\s+(?:after|when|while|upon|on)\s+(?P<t>\w+ing\b.*)$", name, re.I)
    if match is None or not looks_like_symptom(match.group("n")) or is_fragment(match.group("n")) or is_fragment(name) \
            or _RE.cause.match(match.group("t")) \
            or re.match(r"^(?:difficulty|trouble|problems?|inability|onset|start|beginning)\b", match.group("n"), re.I) \
            or re.search(r"\b(?:alleviat\w*|relie\w*|improv\w*|better|rested|eased?)\b", match.group("n"), re.I):
        return name, None
    return match.group("n"), match.group("t")


def _participle_symptom(item: str) -> str | None:
    """A complaint item that is a behaviour in the perfect with its auxiliary cut off by the
    report verb ("skipped classes" of "she has skipped classes" -> "skipping classes")."""
    return verb_phrase_symptom(f"has {item}") if participle_base(item.split(" ", 1)[0]) else None


def complaint_phrase(sentence: str) -> str | None:
    """The complaint a sentence states, or None ("presents with X" -> "X")."""
    history = _RE.history_of_complaint.search(sentence)
    verb = _RE.complaint_verb.search(sentence)
    if history and not (verb and verb.start() >= history.end()):
        return sentence[history.end():]  # "with a 10-year history of X presents with Y": Y is the complaint
    if verb:
        after = sentence[verb.end():]
        after = _RE.visit_frame.sub("", after)
        for marker in _COMPLAINT_MARKERS:
            found = marker.search(after)
            if found:
                rest = after[found.end():]
                rest = re.sub(r"^(?:an? |the )?(?:[\w-]+ )?(?:history|complaints?) of\s+", "", rest, flags=re.I)
                rest = _after_subject(rest)
                if rest.strip() and not _RE.not_complaint.match(rest.strip(" .,;:")):
                    return rest
                return None
    text = strip_subject(sentence)
    lead = _RE.time_lead.match(text) if text != sentence else None
    if lead:  # "She reports that for the past few months, she has been having X": the reported clause's complaint
        inner = text[lead.end():]
        stated = excepted_complaint(inner) or _after_subject(inner)
        if stated != inner and re.match(r"^(?:he|she|they|the patient) (?:has|have) ", inner, re.I):
            return stated
    report = _RE.report.match(text)
    if report:
        rest = text[report.end():]
        again = _RE.report.match(rest)  # "has also had X": both verbs go
        return rest[again.end():] if again else rest
    if _RE.reported.match(sentence) and text != sentence:
        return verb_phrase_symptom(text) or text
    subject = _RE.subject_verb.match(sentence)
    if subject and re.search(r"[- ]old\b|\b(?:newborn|neonate|infant)\b", sentence[: subject.end()], re.I):
        return sentence[subject.end():]
    return None


def _after_subject(text: str) -> str:
    """A complaint clause without its subject and report verb ("she has been having X" -> "X");
    a symptom stated with a verb as its noun phrase ("she has not had her period" -> "absence
    of her period")."""
    belief = _RE.belief.match(text.strip())
    if belief:  # "they are concerned that she might be depressed", "he believes he has low testosterone"
        text = re.sub(r"^(?:might|may|could|would) (?=be \w+ing\b|have\b)(?:be )?", "", belief.group("x"), flags=re.I)
        if re.match(r"^\w+ing\b", text):  # "might be harming himself" -> "harming himself"
            return text
    text = strip_subject(text)
    converted = verb_phrase_symptom(text)
    if converted:
        return converted
    report = _RE.report.match(text)
    return text[report.end():] if report else text


def about_symptom(sentence: str) -> bool:
    """True when a sentence's subject is a symptom or a pronoun for one and its verb tells how
    the symptom behaves ("The pain has been present for 4 weeks", "These spinning sensations
    are present throughout the day", "It is associated with bleeding")."""
    return _RE.symptom_subject.match(sentence.strip()) is not None


def _symptom_subject_sentence(sentence: str) -> str | None:
    """The sentence about a symptom with the patient's subject gone ("He says the pain is
    worse" -> "the pain is worse"), or as written when its subject is the symptom's pronoun
    ("They are associated with nausea", which :func:`strip_subject` would leave subjectless);
    None when it is about no symptom."""
    for text in (strip_subject(sentence), sentence.strip()):
        if about_symptom(text):
            return text
    return None


def subject_complaint(sentence: str) -> str | None:
    """The complaint an opening sentence states without a visit verb: a verb phrase after the
    patient ("A 26-year-old woman thinks poorly of herself" -> "thinking poorly of herself")
    or "with X" in the subject ("A toddler with spreading eczema is brought in" -> "spreading
    eczema")."""
    subject = _RE.patient_noun.match(sentence)
    if subject:
        converted = verb_phrase_symptom(sentence[subject.end():])
        if converted:
            return converted
    verb = _RE.complaint_verb.search(sentence)
    match = re.search(r"\bwith (?P<c>.+)$", sentence[: verb.start()] if verb else sentence, re.I)
    if match and not re.search(r"\bhistory\b", match.group("c"), re.I) and not _RE.companion.match(match.group("c")) \
            and not (looks_like_condition(match.group("c")) and visit_reason(sentence)):
        # "a man with sickle cell disease presents for an eye examination": the condition is history
        return match.group("c")
    return None


def visit_reason(sentence: str) -> str | None:
    """Why a patient without a complaint came ("... for a well-child examination" ->
    "a well-child examination"), or None."""
    match = re.search(r"\bfor (?P<r>(?:an? |the |(?:his|her) )?(?:[\w-]+ ){0,4}(?:visit|examination|exam|check-?up|"
                      r"evaluation|appointment|physical|care|consultation|follow-up))\b", sentence, re.I)
    if match:
        return re.sub(r"^(?:the|his|her)\s+", "a ", match.group("r"), flags=re.I)
    match = re.search(r"\brequesting (?P<r>[\w -]{3,40}?(?:care|test\w*|advice|evaluation))\b", sentence, re.I) or \
        re.search(r"\b(?:after|following|because of) (?P<r>(?:being )?(?:hit|struck|run over|knocked down|bitten|stung|"
                  r"attacked) by (?:an? |the |his |her )?[\w-]+)", sentence, re.I) or \
        re.search(r"\b(?:after|following|because of) (?:being involved in |sustaining |having |being )?(?P<r>(?:an? |the |"
                  r"(?:his|her) )?(?:[\w-]+ ){0,4}(?:collision|accident|crash|fall|injury|assault|fight|burn|bite|sting|"
                  r"overdose|ingestion|drowning|explosion|gunshot wound|stab wound|seizure))\b", sentence, re.I)
    return re.sub(r"^(?:his|her)\s+", "my ", match.group("r"), flags=re.I) if match else None


class NarrativeReader:
    """Feeds narrative sentences into a builder; tracks the chief complaint's symptom."""

    def __init__(self, builder: CaseBuilder) -> None:
        self.builder = builder
        self._last_placed: list[str] = []  # the symptoms of the last complaint, for "both resolved"

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
        for key, pattern in (("aggravating_factors", _RE.worse), ("relieving_factors", _RE.better)):
            for match in pattern.finditer(sentence):
                if re.search(r"\b(?:not|n't|no|never|without|nor|denies(?: any)?|failed to)\s+(?:\w+\s+)?$",
                             sentence[: match.start()], re.I):
                    continue  # "did not improve with ibuprofen" names no relieving factor
                factor = re.split(r"\s+and\s+(?=(?:\w+\s+)?(?:disappears?|improves?|resolves?|goes away|subsides?|gets "
                                  r"better)\b)", match.group("f"), flags=re.I)[0]
                factor = self.builder.speak(_strip_article(factor))
                if factor and not self.builder.leaks(factor) and not re.search(r"\d", factor) \
                        and not _RE.time_span.match(factor):  # "resolved after a few days" names no factor
                    target.setdefault(key, [])
                    if factor not in target[key]:
                        target[key].append(factor)
                    found = True
        found = self._symptom_sentence(sentence, target) or found
        found = found or self._described(sentence, target)
        head = re.escape(target["name"].lower().split()[-1])
        if not found and re.search(rf"\b(?:pain|ache|it|discomfort|{head})\b.*\b(?:describes?|described|characteri[sz]ed)\b|"
                                   rf"\b(?:describes?|described)\s+(?:(?:the|his|her|my|this|these)\s+)?"
                                   rf"(?:\w+\s+)?(?:pain|ache|discomfort|it|them|{head})s?\s+as\b", sentence, re.I):
            match = re.search(r"\bas (?:an? |being )?(?P<d>[^,;.]+)", sentence, re.I)
            if match and "degree" not in target:
                target["degree"] = self.builder.speak(match.group("d").strip())
                found = True
        return found

    def _symptom_sentence(self, sentence: str, target: dict[str, Any]) -> bool:
        """A sentence about a recorded symptom (:func:`about_symptom`): the complaints it says
        go with the symptom ("It is associated with X"), its duration ("The pain has been
        present for 4 weeks") and character ("it is dull in nature"); True if any was placed."""
        sentence = _symptom_subject_sentence(sentence)
        if sentence is None:
            return False
        found = False
        associated = _RE.associated.search(sentence)
        if associated:
            found = self.add_complaint(associated.group("x"), associated.group("x"))
        lasting = _RE.lasting.search(sentence)
        duration = find_duration(sentence) if lasting else None  # "The episodes lasted a few minutes" is no duration
        if duration and "duration" not in target:
            target["duration"] = duration
            found = True
        if duration and re.match(r"^(?:(?:his|her|their|the|these|all|both) )+symptoms\b", sentence, re.I):
            for symptom in self.builder.present_symptoms():  # "his symptoms started last night": all of them
                symptom.setdefault("duration", duration)
        character = _RE.character.search(sentence)
        if character and "degree" not in target:
            target["degree"] = self.builder.speak(character.group("d").strip())
            found = True
        return found

    def _described(self, sentence: str, target: dict[str, Any]) -> bool:
        """A sentence describing the symptom it names or "it" ("The pain is colicky and
        radiates to the right groin", "It is mildly itchy", "The rash is located on her face"):
        quality words go to the degree, a location to the position, a radiation after the
        position. True only when every part of it was read (else it stays unrouted)."""
        text = sentence.strip(" .;")
        match = _RE.described.match(strip_subject(text)) or _RE.described.match(text)
        head = (match.group("head") or "").lower().rstrip("s") if match else ""
        if not match or head and head not in target["name"].lower() and not (
                head in ("pain", "ache", "discomfort") and re.search(r"pain|ache|discomfort", target["name"], re.I)):
            return False
        rest = match.group("rest")
        where = re.search(r"\b(?:(?:is|are|was|were) )?(?:located|localized|localised|situated|confined|radiat\w+)\b", rest)
        qualities = [q for q in re.split(r",\s*(?:and\s+)?|\s+and\s+", rest[: where.start()] if where else rest)
                     if q.strip()]
        places = [p for p in re.split(r",?\s+and\s+(?=radiat)", rest[where.start():]) if p.strip()] if where else []
        parts = [_RE.described_part.match(part.strip(" ,")) for part in [*qualities, *places]]
        if not parts or not all(parts) or any(
                p.group("pos") and re.search(r"\band (?:\w+ )?(?:occurs|wakes|gets|worsens|improves|comes|goes|is|are|has|"
                                             r"lasts|starts|begins)\b", p.group("pos")) or
                p.group("q") and "pain" in p.group("q") and "pain" in target["name"] for p in parts):
            return False  # "located in X and sometimes occurs after eating"; "His hip is painless" beside hip pain
        for part in parts:
            if part.group("q"):
                quality = re.sub(r"^(?:is|are|has been|have been) ", "", part.group("q"))
                quality = self.builder.speak(re.sub(r"^occurs (intermittent|constant)ly$|^comes and goes$|^occurs (daily)$",
                                                    lambda m: m.group(1) or m.group(2) or "intermittent", quality))
                degree = target.get("degree")
                target["degree"] = quality if not degree else degree if quality in degree else f"{degree} and {quality}"
            elif part.group("pos"):
                target.setdefault("position", self.builder.speak(part.group("pos")))
            else:
                radiation = self.builder.speak(part.group("rad").replace("radiates", "radiating").replace("radiated", "radiating"))
                target["position"] = f"{target['position']}, {radiation}" if target.get("position") else radiation
        return True

    def add_complaint(self, phrase: str, sentence: str, *, when: str | None = None, first: bool = False,
                      restates: bool = False, behaviour: bool = False) -> bool:
        """Add the symptoms of a complaint phrase with its duration; True if any item was placed.

        The duration is read from the complaint's part of ``sentence`` (not from the subject:
        "a woman at 30 weeks' gestation"), else from the sentence's time lead ``when``. Outside
        the opening sentence, an item that is a past event ("a stroke 4 years ago", "a cold that
        resolved"), a chronic condition or a habit goes to its history field instead, and an
        item that reads as no symptom at all (:func:`~tod.records.symptom_names.looks_like_symptom`)
        is not placed unless the phrase is a ``behaviour`` (:func:`~tod.records.symptom_names.behaviour_phrases`,
        "talking to cereal boxes": a symptom whatever its words). With ``restates`` (a history that restates a case's symptom list), an
        item that restates a recorded symptom adds its descriptors to that symptom."""
        lacking = _RE.lacking.search(phrase)
        lacked = split_items(lacking.group("x")) if lacking else []
        if lacked and all(looks_like_symptom(item)
                          and not re.match(r"(?:trying|using|taking|being|getting|stopping)\b", item, re.I)
                          for item in lacked) \
                and not re.search(r"\b(?:cannot|can't|unable|inability|not able)\b", phrase[: lacking.start()], re.I):
            phrase = phrase[: lacking.start()]  # "diarrhea with no blood or mucus": the diarrhea; blood, mucus denied
        else:
            lacked = []  # "weight loss without trying", "cannot climb stairs without shortness of breath": one complaint
        items = symptom_items(phrase, max_words=14 if first else 10)  # the chief complaint may be long
        duration = find_duration(_complaint_region(sentence)) or (find_duration(when) if when else None)
        if not duration and when and _RE.same_period.match(when) and self.builder.present_symptoms():
            duration = self.builder.present_symptoms()[0].get("duration")  # "During this period, he has had X"
        past = not first and bool(_RE.past.search(sentence) or (when and _RE.past.search(when))
                                  or _RE.earlier_illness.search(sentence))
        placed = False
        placed_names: list[str] = []
        skipped: list[str] = []  # items of a placed phrase that read as no symptom: counted, never dropped silently
        dated = bool(re.search(r"\bago\b", f"{sentence} {when or ''}", re.I))
        span = not first and bool(_RE.recent_span.search(sentence))
        onset = re.search(r"\b(sudden|abrupt|acute|gradual|insidious) onset of\b", sentence, re.I)
        for item in items:
            name = self._measured_fever(item.pop("name"))
            field = item_field(name)
            episodes = bool(_RE.episodes_of.match(name)) and looks_like_condition(item.get("position", ""))
            if episodes:  # "six episodes of otitis media": a recurrent condition, history
                name = f"{name} of {item.pop('position')}"
            if not first and (past or episodes or looks_lasting(name) or dated and looks_like_condition(name)
                              or span and not looks_like_symptom(name) and not behaviour
                              or field in _HISTORY_ITEM_FIELDS or (field or "").startswith("social.")):
                self.builder.add_fact(field or "history.past_diagnoses", name, detail=_past_time(sentence) or (
                    when if when and _RE.time_word.search(when) else None) or _held_for(duration, sentence, past=past))
                placed = True
                continue
            if not first and not behaviour and not looks_like_symptom(name):
                if not (restates and self._restated(name)):
                    skipped.append(name)
                continue
            if duration and "duration" not in item:
                item["duration"] = duration
            if onset and "onset" not in item:
                item["onset"] = onset.group(1).lower()
            same = self._restated(name) if restates else None
            self.builder.add_symptom(same["name"] if same else name, Status.present, **item)
            placed_names.append(same["name"] if same else name)
            placed = True
        if placed:
            self.builder.add_unrouted(skipped)
        if placed_names:
            self._last_placed = placed_names
            self._relative_clause(phrase, placed_names[-1])
        for denied in lacked if placed_names else []:
            self.builder.add_symptom(_strip_article(denied), Status.denied)
        return placed

    def resolution(self, clause: str) -> bool:
        """Mark the symptoms a clause says have gone ("both resolved after a few days", "the
        fever abated") as resolved in the builder: those its subject names, else, for a
        pronoun ("both", "it"), the last complaint's. True if the clause says so."""
        match = _RE.resolution.match(strip_subject(clause.strip()))
        if not match:
            return False
        subject = match.group("s").lower()
        named = [s["name"] for s in self.builder.present_symptoms()
                 if s["name"].lower().split()[-1].rstrip("s") in subject]
        gone = named or ([name for name in self._last_placed if any(s["name"] == name for s in self.builder.symptoms)]
                         if re.match(r"^(?:both|all|it|they|these|those|this)\b", subject) else [])
        self.builder.resolved.update(gone)
        return bool(gone)

    def resolution_of(self, clause: str) -> None:
        """Mark a symptom resolved when a clause says it ended ("... stent placement with
        resolution of his chest pain", "after which her fever resolved"); the clause is read on."""
        for match in _RE.resolution_of.finditer(clause):
            head = (match.group("x") or match.group("y")).lower().split()[-1].rstrip("s")
            self.builder.resolved.update(s["name"] for s in self.builder.present_symptoms()
                                         if s["name"].lower().split()[-1].rstrip("s") == head)

    def _measured_fever(self, name: str) -> str:
        """A fever stated with its temperature ("fever of 39.4°C at home"): the temperature is
        recorded as a vital sign and the symptom is the fever; any other name as it is."""
        measured = _RE.measured_fever.match(name)
        if measured is None:
            return name
        self.builder.add_exam("temperature", measured.group("t"), "vital_sign")
        return measured.group("n")

    def _relative_clause(self, phrase: str, name: str) -> None:
        """Read the relative clause after a complaint's last symptom ("a lump that has grown in
        size", "pain that occurs after eating") as that symptom's course or trigger."""
        relative = _RE.relative.search(phrase)
        target = next((s for s in self.builder.present_symptoms() if s["name"] == name), None)
        if relative is None or target is None:
            return
        if self.course(relative.group("c"), target=target):
            return
        trigger = _RE.relative_trigger.match(relative.group("c").strip(" .,;:"))
        factor = self.builder.speak(trigger.group("t")) if trigger else ""
        if factor and not self.builder.leaks(factor) and factor not in target.get("aggravating_factors", []):
            target.setdefault("aggravating_factors", []).append(factor)

    def course(self, clause: str, *, target: dict[str, Any] | None = None) -> bool:
        """Record how a symptom has gone since it began ("the rash has spread to his legs" ->
        course "spreading to my legs" of the rash, "it got worse" -> "getting worse"); True if
        the clause states a course. The symptom is ``target``, else the one the clause names,
        else the chief."""
        text = clause.strip(" .,;:")
        match = _COURSE.match(text)
        if match and re.search(r"\b(?:not|never|no)\b|n't\b", text[: match.start("verb")], re.I):
            return False  # "have not improved" states no course
        start = _COURSE_START.match(text)
        target = (target or self._target(clause)) if match or start else None
        if target is None or "course" in target:
            return bool((match or start) and target)
        change = _course_change(match) if match else ""
        told = [f"starting{start.group('start')}" if start else "", change]
        value = self.builder.speak(", then ".join(part for part in told if part))
        if not value or self.builder.leaks(value) or match and not change:
            return False
        target["course"] = value
        return True

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
        lead = _RE.time_lead.match(sentence)
        when = None
        if lead:
            when = lead.group("when") or (lead.group("lead") if _RE.time_word.search(lead.group("lead")) and not re.search(
                r"\b(?:review|examination|exam|questioning|interview|visit|history)\b", lead.group("lead"), re.I) else None)
        body = sentence[lead.end():] if lead else sentence
        procedure = _RE.after_procedure.search(lead.group(0)) if lead else None
        if procedure:  # "One week after undergoing a sigmoidectomy, ...": the procedure is surgical history
            self.builder.add_routing(route_clause(f"underwent {procedure.group('x')}", default=None))
        for number, segment in enumerate(part for part in _RE.segment.split(body) if part and part.strip(" ,")):
            self._read_segment(segment.strip(" ,"), first=first and number == 0, when=when, restates=restates)

    def _read_segment(self, body: str, *, first: bool, when: str | None, restates: bool) -> None:
        if not first and (self.birth_history(body) or self.seen_at_visit(body)):
            return
        if not first and self.resolution(body):
            return  # "both resolved after a few days": gone, not a relieving factor
        if not first:
            self.resolution_of(body)
        positive = _RE.review_positive.match(body)
        if positive and self.add_complaint(positive.group("x"), body, when=when, first=True):
            return  # "Review of systems is positive for X"
        negative = _RE.review_negative.match(body)
        if negative:  # "Review of systems is negative for X or Y": the complaints denied
            self.builder.add_routing(route_clause(f"denies {negative.group('x')}", default=SYMPTOMS))
            return
        excepted = excepted_complaint(body)
        if excepted is not None and self.add_complaint(excepted, body, when=when, first=first, restates=restates):
            return
        complaint = None if negated_object(body) is not None else complaint_phrase(body)
        if complaint is not None and self._negated_complaint(complaint, body):
            return
        if _symptom_subject_sentence(body) is not None and self.modifiers(body):
            return  # "it has been there for several months": the symptom's duration, not a new symptom
        if complaint is not None and _RE.changes_with.match(complaint) and self.modifiers(body):
            return  # "She reports the pain is worse when reaching overhead": a factor, not a symptom
        if complaint is not None and (first or not _is_history(strip_subject(body))):
            if first:
                verb = _RE.complaint_verb.search(body)
                self._history_in_subject(body[: verb.start()] if verb else body[: body.find(complaint)])
            if self.add_complaint(complaint, body, when=when, first=first, restates=restates):
                self.modifiers(body)
                return
        if first:
            fallback = subject_complaint(body)
            if fallback and self.add_complaint(fallback, body, when=when, first=True, restates=restates):
                return
            verb = _RE.complaint_verb.search(body)
            if verb:  # a visit without a complaint ("presents for a travel evaluation"): its subject may hold history
                self._history_in_subject(body[: verb.start()])
                return
        worry = _RE.worry.match(strip_subject(body))
        if worry and looks_like_symptom(worry.group("x")) and self.add_complaint(worry.group("x"), body, when=when):
            return
        routing = Routing()
        leftover: list[str] = []
        for clause in (piece for part in split_clauses(body) for piece in _RE.belief_reason.split(part)):
            obj = negated_object(clause)
            if obj is not None:
                routing.extend(route_clause(clause, default=SYMPTOMS))
                continue
            if is_blanket_wellness(clause):
                continue  # "He feels well": no complaint and no fact, not an unread clause
            routed = route_clause(clause, default=None)
            if routed.facts:
                routing.extend(routed)
            else:
                leftover.append(clause)
        if when:  # "Two years ago, he was treated with radiation": past history, not current treatment
            routing.facts = [dated_treatment(f if f.detail or f.field == SYMPTOMS or f.value is None else
                                             type(f)(f.field, f.value, f.status, when), when) for f in routing.facts]
        self.builder.add_routing(routing)
        unplaced = [c for c in leftover if not self.modifiers(c) and not self.course(c) and not self.held_belief(c)
                    and not self.habit_stopped(c) and not self._symptom_clause(c, when, restates) and not self.observed_state(c)
                    and not self.behaviour_state(c)
                    and not self._reported(c, when, restates)]
        self.builder.add_unrouted(unplaced)

    def habit_stopped(self, clause: str) -> bool:
        """Add when a recorded habit ended ("but quit 5 years ago") to the detail of the habit
        recorded last (tobacco, alcohol or drug use); True if the clause tells that."""
        stopped = _RE.habit_stopped.match(clause.strip())
        habits = [fact for key, fact in self.builder.social.items()
                  if key in ("tobacco", "alcohol", "drug_use") and fact and fact.get("status") == "present"]
        if stopped is None or not habits:
            return False
        ended = self.builder.speak(f"quit {stopped.group('when').strip(' .')}")
        habits[-1]["detail"] = f"{habits[-1]['detail']}, {ended}" if habits[-1].get("detail") else ended
        return True

    def observed_state(self, clause: str) -> bool:
        """Record the patient's state told as adjectives ("He is pale, anxious, and
        diaphoretic") as a general-appearance finding, when one of them reads as a sign or
        symptom (:func:`~tod.records.symptom_names.looks_like_symptom`; "He is happy" is none);
        True if recorded."""
        state = _RE.observed_state.match(clause.strip())
        if state is None or self._other_sex_pronoun(clause) \
                or not any(looks_like_symptom(item) for item in split_items(state.group("x"))):
            return False
        self.builder.add_exam("general appearance", state.group("x"), "physical_exam")
        return True

    def seen_at_visit(self, clause: str) -> bool:
        """Record the patient's state told at the visit itself ("He is aggressive and combative
        in the emergency department") as a general-appearance finding, not a complaint; True
        if recorded."""
        state = _RE.seen_at_visit.match(clause.strip())
        if state is None or self._other_sex_pronoun(clause):
            return False
        self.builder.add_exam("general appearance", state.group("x"), "physical_exam")
        return True

    def behaviour_state(self, clause: str) -> bool:
        """Record the patient's behaviour told as adjectives ("he is extremely talkative and
        disorganized") as present symptoms, one per adjective ("being extremely talkative",
        "being disorganized"); True if recorded."""
        state = _RE.behaviour_state.match(clause.strip())
        if state is None or self._other_sex_pronoun(clause):
            return False
        for item in re.split(r",\s*(?:and\s+)?|\s+and\s+", state.group("x")):  # adjectives, each its own
            self.builder.add_symptom(f"being {item.strip()}", Status.present)
        return True

    def held_belief(self, clause: str) -> bool:
        """Record a belief the patient holds firmly about something other than the complaint
        ("He believes that the FBI is spying on him" -> symptom "believing that the FBI is
        spying on me"); True if the clause states one. A guess about the complaint ("She thinks
        it may be an insect bite") is no such belief (:data:`held_belief`)."""
        belief = _RE.held_belief.match(clause.strip())
        if belief is None or self._other_sex_pronoun(clause):
            return False
        held = re.split(r",?\s+and\s+(?=(?:was|were|is|has|had|wants|feels|felt)\b)", belief.group("x"))[0]  # her next doing
        self.builder.add_symptom(f"believing that {held}", Status.present)
        return True

    def birth_history(self, sentence: str) -> bool:
        """Record a sentence about the patient's own birth as past history, one fact per
        clause ("She was born at term and her delivery was uncomplicated" -> "born at term",
        "her delivery was uncomplicated"); True if it was one. "Was born" counts at any age;
        the pregnancy, delivery and newborn period only in a child's record (an adult's
        pregnancy is her own reproductive history)."""
        clauses = re.split(r",?\s+(?:and|but)\s+(?=(?:the|his|her|their|he|she|it|apgar)\b|(?:pregnancy|prenatal|antenatal|"
                           r"perinatal|neonatal|delivery|labou?r)\b[\w\s]{0,20}?\b(?:was|were|is|had)\b)|;\s*", sentence, flags=re.I)
        if not all(self._about_birth(clause) for clause in clauses):
            return False  # "born at term and has been healthy except for X": the routing splits it
        for clause in clauses:
            self.builder.add_fact("history.past_diagnoses", short_value(re.sub(r"^(?:(?:the )?(?:infant|baby|newborn) )?"
                                                                          r"(?:had|has) been\s+", "", clause, flags=re.I)))
        return True

    def _about_birth(self, clause: str) -> bool:
        """True for one clause about the patient's birth that joins no other statement to it."""
        if re.search(r"(?:,\s*|\band\s+)(?:(?:currently|now|initially|also|later|since)\s+)?(?:is|was|has|had|have|weighed|"
                     r"weighs|required|requires|needed)\b", clause, re.I):
            return False
        return bool(_RE.born.match(clause) or not self.builder.adult and _RE.birth_course.match(clause))

    def _reported(self, clause: str, when: str | None, restates: bool) -> bool:
        """Read the clause a reporting frame introduces ("He reports that the pain is worse at
        night") as a segment of its own; True if the clause has such a frame (what the
        reported clause leaves unplaced is counted as unrouted there)."""
        content = reported_clause(clause)
        if content is None:
            return False
        if _RE.time_lead.match(content):  # "says that, during this period, she ...": its own time lead
            self.read(content, restates=restates)
        else:
            self._read_segment(content, first=False, when=when, restates=restates)
        return True

    def _negated_complaint(self, complaint: str, body: str) -> bool:
        """True when a complaint clause is negated in its main verb ("her behavior and affect
        have not changed"): never a present symptom. "X has not changed" is stored as denied
        "changes in X" for each item."""
        match = _RE.negated_main_verb.match(complaint.strip(" .,;:"))
        if not match:
            return False
        if match.group("verb").lower() == "changed":
            for item in split_items(re.sub(r"^(?:(?:his|her|their|my|the) )", "", match.group("x"), flags=re.I)):
                self.builder.add_symptom(f"changes in {_strip_article(re.sub(r'^(?:his|her|their|my) ', '', item))}",
                                         Status.denied)
        else:  # history the router places ("do not use contraception"), or denied qualities ("not itchy")
            routed = route_clause(body, default=None)
            routed = routed if routed.facts else route_clause(body, default=SYMPTOMS)
            if routed.facts and all(f.status is Status.denied or f.field != SYMPTOMS for f in routed.facts):
                self.builder.add_routing(routed)
            else:
                self.builder.add_unrouted([complaint])
        return True

    def _symptom_clause(self, clause: str, when: str | None, restates: bool) -> bool:
        """Place the complaint a clause states, read as a complaint phrase or else as a verb
        phrase ("he has stolen from shops" -> "stealing from shops"); True if placed."""
        stated, verbal = complaint_phrase(clause), verb_phrase_symptom(strip_subject(clause))
        tries = [stated or verbal]
        if stated and verbal and verbal != stated and not re.search(r"\b(?:not|never|no)\b|n't\b", clause, re.I):
            tries.append(verbal)  # "he has stolen from shops": the complaint phrase "stolen from shops" places nothing
        placed = [complaint is not None and self.add_complaint(complaint, clause, when=when, restates=restates)
                  for complaint in tries]  # each reading is placed, not only the first that places one
        if not any(placed) and not self._other_sex_pronoun(clause):  # "He talks to cereal boxes": any non-chart verb
            placed = [self.add_complaint(behaviour, clause, when=when, restates=restates, behaviour=True)
                      for behaviour in behaviour_phrases(clause)]
        return any(placed)

    def _other_sex_pronoun(self, clause: str) -> bool:
        """True when the clause opens with a pronoun of the other sex than the patient's ("He
        refuses to help" in a woman's vignette): another person's doing, not hers."""
        pronoun = re.match(r"^\s*(he|she)\b", clause, re.I)
        sex = self.builder.demographics.get("sex")
        return bool(pronoun and sex) and (pronoun.group(1).lower() == "he") != (sex == "male")

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


#: A clause that says how a symptom has gone since it began: its subject, the change (a verb of
#: spreading, worsening, growing or easing) and where it went ("to her arms").
_COURSE = re.compile(
    r"^(?:(?:and|since then|then|over time),? )?(?:(?:the|his|her|their|my|this|these|those|both) )?(?:[\w'-]+ ){0,3}?"
    r"(?:it|they|[\w'-]+) (?:(?:began|started|appeared|developed|first appeared)\b[^,;]*? and )?"
    r"(?:(?:has|have|had|is|are|was|were|has been|have been|had been) )?(?:(?:since|then|now|also|further|"
    r"\w+ly) )*"
    r"(?P<verb>(?:continues?|continued|began|begun|started) to (?:spread|worsen|grow|get worse|get bigger|enlarg\w*|increase)|"
    r"spread|spreads|spreading|progressed|progresses|progressing|worsened|worsens|worsening|gotten worse|got worse|gets worse|"
    r"(?:become|became|becomes|gotten|got|getting|becoming) (?:worse|bigger|larger|more (?:frequent|severe|intense|painful|"
    r"widespread|swollen|raised|red|itchy|noticeable|pronounced)|(?:(?:almost|nearly) )?(?:constant|continuous|persistent))|"
    r"(?:increased|increasing|grown|grew|growing) in (?:size|number|frequency|severity|intensity)|"
    r"(?:grown|grew|growing)(?: (?:\w+ly )?(?:larger|bigger))?|enlarg\w*|improved|improving|gotten better|got better|getting better)"
    r"(?P<rest>\W.*)?$", re.I)
#: How a symptom began, told before any change ("The rash started on his face", "it began as
#: small red bumps that ..."): the form or place it began in, up to the next clause. A person
#: who "started on" something starts a treatment, no symptom.
_COURSE_START = re.compile(
    r"^(?:(?:the|his|her|their|my|this|these|those|both) )?(?:[\w'-]+ ){0,3}?"
    r"(?!(?:he|she|I|we|you|patient|man|woman|boy|girl|child|infant|baby)\b)(?:it|they|[\w'-]+) "
    r"(?:(?:initially|first|originally) )?(?:began|started|first appeared)"
    r"(?P<start> (?:as|on|in|at|behind|around|over|under|near) (?:(?!(?:that|which|then|and|but|when|while|after)\b)[^,;])+?)"
    r"(?=,| (?:that|which|then|and|but|when|while|after)\b|$)", re.I)


def _course_change(match: re.Match[str]) -> str:
    """The participle phrase of a :data:`_COURSE` match ("has spread to her arms" -> "spreading
    to her arms"); "" when its verb has no participle."""
    verb = re.sub(r"\s+", " ", match.group("verb").lower())
    more = re.search(r"\b(?P<w>(?:more|almost|nearly) \w+|constant|continuous|persistent)$", verb)
    word = f"becoming {more.group('w')}" if more else next(
        (participle for pattern, participle in _COURSE_PARTICIPLES if re.search(pattern, verb)), None)
    if not word:
        return ""
    rest = _COURSE_END.split(match.group("rest") or "")[0]
    return f"{word}{rest if _COURSE_WHERE.match(rest) else ''}"


#: Where a course went or over what time: a place or time after its verb ("to her arms").
_COURSE_WHERE = re.compile(r"^ (?:to|in|over|onto|into|across|along|down|up|toward|towards|during|within)\b", re.I)
#: Where a course's place or time ends: the next clause ("..., and she noticed", "to the point that").
_COURSE_END = re.compile(r",|\s+and\s+(?=(?:I|he|she|they|it|its|now|then|this|is|are|was|were|has|have|had|deny|denies|"
                         r"\w+ed)\b)|\s+(?:to the point|until|so that|thus|which)\b", re.I)
#: The participle a course is told in, by the verb of :data:`_COURSE` (tried in order).
_COURSE_PARTICIPLES: tuple[tuple[str, str], ...] = (
    (r"spread", "spreading"), (r"number", "increasing in number"), (r"frequen", "coming more often"),
    (r"bigger|larger|grow|grew|enlarg|size", "getting bigger"), (r"progress", "progressing"),
    (r"worse|worsen|severity|intensity", "getting worse"), (r"better|improv", "getting better"),
)

#: Fields an item names by itself that are never a current symptom ("a cholecystectomy").
_HISTORY_ITEM_FIELDS = frozenset({"history.trauma_surgery", "history.allergies", "history.vaccinations"})


def _complaint_region(sentence: str) -> str:
    """The part of a sentence from its complaint verb or "N-day history of" on; a history in
    the subject before the verb ("with a 10-year history of X presents with Y") is not the
    complaint's."""
    verb, history = _RE.complaint_verb.search(sentence), _RE.history_of_complaint.search(sentence)
    if verb and history and verb.start() >= history.end():
        return sentence[verb.start():]
    starts = [m.start() for m in (verb, history) if m]
    return sentence[min(starts):] if starts else sentence


def _past_time(sentence: str) -> str | None:
    """The time a past event states ("4 years ago", "as a child"), for its detail."""
    match = re.search(r"\b(?:(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|several|many) "
                      r"(?:years?|months?|weeks?|days?) ago|(?:last|the previous) (?:week|month|year)|"
                      r"as an? (?:child|teenager|infant|adolescent)|"
                      r"in (?:childhood|adolescence|infancy)|at (?:the )?age (?:of )?\d+)\b", sentence, re.I)
    return match.group(0) if match else None


def _held_for(duration: str | None, sentence: str, *, past: bool) -> str | None:
    """How long a condition the patient still has has lasted, as its detail ("has had diabetes
    for 30 years", "a 30-year history of diabetes" -> "for 30 years"); None for an event that
    is over or a time that is no length ("twice a week")."""
    if past or not duration:
        return None
    held = re.search(rf"\bfor (?:the (?:past|last) |about |over |almost |nearly |more than )?{re.escape(duration)}\b",
                     sentence, re.I) or _RE.history_of_complaint.search(sentence)
    return f"for {duration}" if held else None


_MINOR_WORDS = frozenset({"a", "an", "the", "my", "his", "her", "of", "in", "on", "and", "or", "with", "to", "at",
                          "mild", "moderate", "severe", "occasional", "intermittent", "persistent", "chronic", "acute",
                          "sudden", "recurrent", "new", "recent", "constant", "episodes", "episode"})


def _content_words(name: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", name.lower()) if w not in _MINOR_WORDS}


def _is_history(sentence: str) -> bool:
    return bool(re.search(r"\b(medical history|history of|diagnosed with|takes|medications?|smok\w*|alcohol|drinks|"
                          r"works|lives|allerg\w*|family|mother|father|sister|brother|surgery|underwent)\b",
                          sentence, re.I)) and not _RE.history_of_complaint.search(sentence)
