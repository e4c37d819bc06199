"""The opening statement of an imported case: the chief complaint in the patient's lay words.

Imported cases have no opening of their own, so it is built from the record's present
symptoms (never a denied one, so the opening cannot contradict the facts), with medical
terms reworded by tod's lay table (:class:`tod.lexicon.LayLexicon`) and the
duration of the first symptom. A parent speaks for a child under 10 ("Doctor, my son has
had ..."), and the person who came with an adult who cannot speak (unresponsive, intubated,
confused) for that adult ("Doctor, he can't tell you himself, ..."). Items that are never a
complaint (a lifestyle change, a stressor, a normal state, a test result, a treatment) are not
stated, and an episode that is over is told as over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from tod.lexicon import LayLexicon, default_lexicon, load_jargon, phrase_pattern
from tod.records.patterns import load_patterns
from tod.records.routing import looks_chronic
from tod.records.symptom_names import NEGATED_BEHAVIOUR, SYMPTOM_VERBS, gerund, is_fragment

#: Symptoms an opening names at most.
MAX_OPENING_SYMPTOMS = 3
_CAREGIVER_SUBJECT = {"female": "my daughter", "male": "my son", None: "my child"}
_RE = load_patterns("opening")


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _phrase(symptom: dict[str, Any], lexicon: LayLexicon) -> str:
    """The symptom in the patient's words: lay terms, no clinicians' modifiers, a verb-phrase
    modifier after its noun ("a cough that comes and goes"), the position after the name."""
    name = _both_sides(_RE.unspoken.sub("", lexicon.to_lay(symptom["name"])).strip())
    name = _LOST_LENGTH.sub("", name)  # "morning stiffness lasting about" -> "morning stiffness"
    modifier = _RE.verb_modifier.search(name)
    if modifier:  # "comes and goes throbbing headaches" -> "throbbing headaches that come and go"
        head = re.split(r"\s+(?:with|in|on|of|over|and|at)\s+|,", name[modifier.end():], maxsplit=1)[0].split()
        plural = bool(head) and head[-1].endswith("s") and not head[-1].endswith(("ss", "us", "is"))
        name = (name[: modifier.start()] + name[modifier.end():]).strip() + (" that come and go" if plural else
                                                                             f" that {modifier.group('m')}")
    position = _PLACE_END.split(symptom.get("position") or "")[0].strip(" ,")  # where it is, not where it spreads
    if position and not _said_in(lexicon.to_lay(position), name):
        place = _both_sides(lexicon.to_lay(position))
        surface = re.search(r"\b(skin|face|scalp|arms?|legs?|back|chest|hands?|feet|foot|penis|shaft|cheeks?|lips?|"
                            r"nose|forehead|neck|trunk|torso|fingers?|toes?|palms?|soles?|thighs?|shins?|elbows?|"
                            r"knees?|buttocks?|body|abdomen|belly|shoulders?|extremit\w*)\b", place, re.I)
        felt = re.search(r"\b(?:pain|aches?|aching|cramps?|cramping|swelling|tenderness|stiffness|weakness|numbness|"
                         r"tingling|discomfort|burning|pressure|joints?)$", name, re.I)  # felt inside: "pain in my leg"
        name += f" {'on' if surface and not felt else 'in'} {place}"
    name = _REPEATED_WORDS.sub(r"\1", name)  # the lay table may give a word twice ("confusion with confusion")
    name = _RESTATED_WITH.sub("", name)  # "cough with phlegm with pus-like phlegm" -> "cough with pus-like phlegm"
    return name[:1].lower() + name[1:] if not name[:2].isupper() else name


#: An episode length whose value was lost, at the end of a name ("stiffness lasting about").
_LOST_LENGTH = re.compile(r"\s+lasting(?:\s+(?:about|around|for|up to|approximately))?$", re.I)
#: Where a position's place ends: where it spreads, or a trigger or setting stored with it
#: ("the groin following the fall", "the fingers causing pain").
_PLACE_END = re.compile(r",?\s*\b(?:radiating|following|after|during|while|when|causing|lasting)\b", re.I)
#: Words of a place that name no part of the body ("area", "region").
_PLACE_WORDS = frozenset({"the", "my", "his", "her", "their", "both", "area", "region", "part", "side", "sides", "of", "and"})


def _said_in(place: str, name: str) -> bool:
    """Whether the words of a place are all in the symptom's name already ("the right groin area"
    in "right groin pain"): said again, they repeat it."""
    words = set(re.findall(r"[a-z]+", place.lower())) - _PLACE_WORDS
    return words <= set(re.findall(r"[a-z]+", name.lower()))


#: "on both sides" (the lay words of "bilateral") before the words it describes.
_BOTH_SIDES = re.compile(r"^(?:(?:the|my|his|her|their)\s+)?on both sides\s+(?P<rest>\S.*)$", re.I)


def _both_sides(text: str) -> str:
    """The lay "on both sides" of "bilateral" put where a patient says it: "both" before body
    parts ("the on both sides arms" -> "both arms", "on both sides wrist" -> "both wrists"), else
    after the complaint ("on both sides knee pain" -> "knee pain on both sides")."""
    match = _BOTH_SIDES.match(text)
    if not match:
        return text
    rest = match.group("rest")
    if _PAIRED_PART.fullmatch(rest):
        return f"both {_PLURAL_PARTS.get(rest.lower(), rest + 's')}"
    return f"both {rest}" if re.search(r"(?:s|feet|teeth)$", rest) and not re.search(r"(?:ness|ss)$", rest) \
        else f"{rest} on both sides"


#: A body part that comes in pairs, named alone.
_PAIRED_PART = re.compile(r"(?:wrist|ankle|knee|hip|eye|ear|hand|foot|leg|arm|breast|nipple|shoulder|elbow|thumb|"
                          r"cheek|thigh|calf|lung|kidney|heel|shin|palm|sole)", re.I)
_PLURAL_PARTS = {"foot": "feet", "calf": "calves"}


#: Words said twice in a row, or around "with" ("of the belly of the belly", "belly belly").
_REPEATED_WORDS = re.compile(r"\b((?:\w+ ){0,3}\w+)(?: with)? \1\b", re.I)


#: A "with" part whose noun the phrase names again after it, with more words: the lay table
#: gives a noun that a later part of the phrase holds ("with phlegm" before "with pus-like phlegm").
_RESTATED_WITH = re.compile(r"\s+with\s+(?:[\w-]+\s+){0,2}?([\w-]+)(?=\s+with\s+(?:[\w-]+\s+){0,3}?\1\b)", re.I)


_DATED = re.compile(r"^(since|yesterday|this morning|last night|earlier today)\b", re.I)


def _since(duration: str) -> str:
    """The duration as a sentence of its own, for the whole opening."""
    duration = re.sub(r"^a (?=hour)", "an ", duration)
    if _DATED.match(duration):
        return f" It started {duration}." if not duration.startswith("since") else f" It's been like this {duration}."
    return f" It's been going on for {duration}."


def visit_opening(reason: str, *, caregiver: bool, sex: str | None) -> str:
    """The opening of a case that states no complaint, only why the patient came: a visit
    ("a well-child examination": "here for") or an event ("a fall": "here because of")."""
    visit = re.search(r"(?:visit|examination|exam|check-?up|evaluation|appointment|physical|care|consultation|"
                      r"follow-up|screening|advice|counsel(?:l)?ing|vaccinations?|immunizations?|test\w*)$", reason, re.I)
    why = "for" if visit else "because of"
    if caregiver:
        return f"Doctor, I've brought {_CAREGIVER_SUBJECT[sex]} in {why} {reason}."
    return f"Doctor, I'm here {why} {reason}."


def has_complaint(symptoms: Sequence[dict[str, Any]]) -> bool:
    """Whether one of the present symptoms is a complaint an opening may state (:func:`_usable`)."""
    return any(_usable(s) for s in symptoms if s.get("status", "present") == "present")


def _usable(symptom: dict[str, Any]) -> bool:
    """A present symptom an opening may name: not a chronic condition or a past event, not
    a piece of clause, not a measured value ("heart rate 40 bpm"), not a finding only an
    examiner sees ("decreased bowel sounds"), not an event or an operation ("a car accident"),
    not an item that is never a complaint (a lifestyle change, a stressor, a normal state, a test
    result, a treatment, an episode that ended: the pattern ``not_a_complaint``)."""
    name = symptom["name"]
    return not looks_chronic(name) and not is_fragment(name) \
        and not re.search(r"\d\s*(?:bpm|mm ?hg|/min|°|%|breaths)", name, re.I) \
        and not _RE.examiner_finding.search(name) and not _RE.event_or_procedure.search(name) \
        and not _RE.not_a_complaint.search(name) and not _RE.test_place.search(symptom.get("position") or "")


@dataclass(frozen=True)
class Subject:
    """Who speaks about whom: "I've" / "I can't", or "my son has" / "my son can't"."""

    has: str
    cannot: str


#: Symptom names stated with a verb (:mod:`tod.records.symptom_names`) -> their clause.
_VERB_FORMS: tuple[tuple[str, str], ...] = (
    ("inability to ", "{cannot} {rest}"),
    ("absence of ", "{has} had no {rest}"),
    ("never having ", "{has} never {rest}"),
    ("stopped ", "{has} stopped {rest}"),
    ("no longer ", "{has} stopped {rest}"),
    ("not ", "{has} not been {rest}"),
)


def _verb_form(phrase: str) -> tuple[str, str] | None:
    """The (prefix, clause) of :data:`_VERB_FORMS` a phrase is said with, or None for a noun
    phrase; "not" only before a gerund ("not passing stool", not "not much exercise")."""
    return next(((prefix, clause) for prefix, clause in _VERB_FORMS if phrase.startswith(prefix)
                 and (prefix != "not " or NEGATED_BEHAVIOUR.match(phrase))), None)


_PRONOUN_HAS = {"female": "she has", "male": "he has", None: "they have"}


def _subjects(caregiver: bool, sex: str | None, *, companion: bool = False) -> tuple[Subject, Subject]:
    """The subject of the first clause and of the later ones ("my son has", then "he has"; a
    companion says "he has" from the first)."""
    pronoun = _PRONOUN_HAS[sex]
    later = Subject(pronoun, f"{pronoun.split()[0]} can't")
    if companion:
        return later, later
    if not caregiver:
        return Subject("I've", "I can't"), Subject("I've", "I can't")
    who = _CAREGIVER_SUBJECT[sex]
    return Subject(f"{who} has", f"{who} can't"), later


def _clauses(phrases: list[str], subjects: tuple[Subject, Subject]) -> list[str]:
    """Clauses saying the phrases in the subject's voice, the first (the chief complaint)
    first, then the other nouns, then the rest: nouns after "been having" (neighbouring nouns
    in one clause), gerunds after "been", "inability to X" as "can't X", "absence of X" as
    "had no X", a behaviour given up ("stopped X", "no longer X") as "stopped X", "not X" as
    "not been X"."""
    phrases = [p.replace("{", "(").replace("}", ")") for p in phrases]
    stated = [p for p in phrases[1:] if not _is_verb_phrase(p) and not _verb_form(p)]
    phrases = phrases[:1] + stated + [p for p in phrases[1:] if p not in stated]
    clauses: list[str] = []
    nouns: list[str] = []
    for phrase in phrases:
        form = _verb_form(phrase)
        if not form and not _is_verb_phrase(phrase):
            nouns.append(phrase)
            continue
        if nouns:  # the nouns before, in one clause, so the chief complaint stays first
            clauses.append(f"{{has}} been having {_join(nouns)}")
            nouns = []
        if form:
            clauses.append(form[1].replace("{rest}", phrase.removeprefix(form[0])))
        else:
            clauses.append(f"{{has}} been {phrase}")
    if nouns:
        clauses.append(f"{{has}} been having {_join(nouns)}")
    return [c.format(has=subject.has, cannot=subject.cannot)
            for c, subject in zip(clauses, [subjects[0], *[subjects[1]] * len(clauses)])]


def opening_statement(
    symptoms: Sequence[dict[str, Any]],
    *,
    caregiver: bool,
    sex: str | None,
    lexicon: LayLexicon | None = None,
    companion: bool = False,
    ended: bool = False,
) -> str:
    """An opening from the first present symptoms (at most :data:`MAX_OPENING_SYMPTOMS`).

    Chronic conditions, past events and clause fragments are passed over while another
    symptom is left, and symptoms the lay table leaves in jargon come last. The duration is
    the chief complaint's (the first named): a symptom with another duration (a prodrome, an
    earlier bout) is left out of the opening, and those that state none are said after the
    duration ("... a rash. It's been going on for two days. Also, I've been having a cough.").
    A phrase another one holds ("confusion", "increased confusion") is said once.

    Args:
        symptoms: the case's symptom objects (dicts with ``name``, ``status``, descriptors);
            pass only the current ones (:meth:`~tod.records.builder.CaseBuilder.current_symptoms`).
        caregiver: a parent speaks ("my son has had ..."), else the patient ("I've had ...").
        sex: the patient's sex, for the caregiver's "my son" / "my daughter".
        lexicon: the lay table (default: the repository's).
        companion: the patient cannot speak (unresponsive, intubated, confused): the person
            who came with them says what they saw, in lay words (:func:`_companion_opening`).
        ended: the complaint was an episode that is over ("now back to normal"): told in the
            past, as over (:func:`_episode_opening`).

    Raises:
        ValueError: no present symptom.
    """
    lexicon = lexicon or default_lexicon()
    present = [s for s in symptoms if s.get("status", "present") == "present"]
    if not present:
        raise ValueError("an opening needs a present symptom")
    told = _told_events(present)
    if companion:
        return _companion_opening(told, present, sex=sex, lexicon=lexicon)
    chief = ([s for s in present if _usable(s)] or present)[0]
    if told and not caregiver and not _told_events([chief]):  # an earlier blackout beside another complaint
        present = [s for s in present if not _told_events([s])]
        told = []
    if told and not caregiver:
        return _told_opening(told, [s for s in present if not _told_events([s])], sex=sex, lexicon=lexicon, ended=ended)
    if ended:
        return _episode_opening(present, _subjects(caregiver, sex), lexicon=lexicon, patient_speaks=not caregiver)
    return _listed_opening(present, _subjects(caregiver, sex), lexicon=lexicon, patient_speaks=not caregiver)


def _listed_opening(present: list[dict[str, Any]], subjects: tuple[Subject, Subject], *, lexicon: LayLexicon,
                    patient_speaks: bool) -> str:
    """The opening that lists the chief complaint and the symptoms beside it, with the
    duration (see :func:`opening_statement`)."""
    usable = [s for s in present if _usable(s)] or present
    jargon = _jargon_pattern()
    ranked = sorted(usable, key=lambda s: bool(jargon.search(_phrase(s, lexicon))))
    chosen = ranked[:MAX_OPENING_SYMPTOMS]
    duration = min(chosen, key=usable.index).get("duration")
    if duration:  # no later symptom fills the place: those further down are the weaker names
        chosen = [s for s in chosen if s.get("duration") in (duration, None)]
    chosen.sort(key=usable.index)
    phrases = _distinct([(_phrase(s, lexicon), s) for s in chosen])
    dated = [p for p, s in phrases if s.get("duration") or not duration]  # the chief complaint's first
    undated = [p for p, _ in phrases if p not in dated]
    text = "Doctor, " + ", and ".join(_clauses(dated, subjects)) + "."
    if duration:
        text += _since(lexicon.to_lay(duration))
    if undated:  # said after the duration, which is not theirs
        text += " Also, " + ", and ".join(_clauses(undated, (subjects[1], subjects[1]))) + "."
    return text + (" I'm worried about it." if patient_speaks else " I'm worried.")


#: Symptoms a patient was not aware of while they lasted -> what others saw, without its
#: subject ("unresponsiveness" -> "wasn't responding"), tried in order.
_UNAWARE: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.I), told) for p, told in (
    (r"\b(?:un|non-?)responsive(?:ness)?\b|\bnot responding\b|\bunarousable\b", "wasn't responding"),
    (r"\bincoheren\w*|\bnot making sense\b", "wasn't making sense"),
    (r"\b(?:loss of consciousness|unconscious(?:ness)?|passed out|fainting|syncope|coma|comatose|obtunded|stupor|found down)\b",
     "passed out"),
))


def _told_events(symptoms: Sequence[dict[str, Any]]) -> list[str]:
    """What others told the patient of the symptoms the patient was not aware of, in order."""
    return list(dict.fromkeys(told for s in symptoms for pattern, told in _UNAWARE if pattern.search(s["name"])))


def unaware_of(name: str) -> bool:
    """Whether a symptom is one the patient was not aware of while it lasted ("loss of
    consciousness", "unresponsiveness"): others tell it."""
    return bool(_told_events([{"name": name}]))


def _told_opening(told: list[str], aware: list[dict[str, Any]], *, sex: str | None, lexicon: LayLexicon,
                  ended: bool = False) -> str:
    """An opening of a patient who was unaware of the chief complaint: what others told, then
    the symptoms the patient knows of ("Doctor, I don't remember much of it, but I'm told I
    passed out. I've been having a headache. ..."); after an episode that ended, that it is
    over, and no symptom as ongoing."""
    text = f"Doctor, I don't remember much of it, but I'm told I {_join(told)}."
    if ended:
        return text + " I came round afterwards, but I'm worried about it."
    aware = [s for s in aware if _usable(s)]
    if not aware:
        return text + " I'm worried about it."
    rest = opening_statement(aware, caregiver=False, sex=sex, lexicon=lexicon).removeprefix("Doctor, ")
    return f"{text} {rest[:1].upper()}{rest[1:]}"


def _episode_opening(present: list[dict[str, Any]], subjects: tuple[Subject, Subject], *, lexicon: LayLexicon,
                     patient_speaks: bool) -> str:
    """The opening after an episode that is over: the chief complaint in the past, as one
    episode, then the symptoms beside it, which go on ("Doctor, my son had an episode of a
    seizure. It's over now, but he has been having no energy. I'm worried.")."""
    usable = [s for s in present if _usable(s)] or present
    chief = usable[0]
    phrase = re.sub(r"^(?:an? )?(?:sudden |brief |short |single |one )*(?:episodes? of )?", "", _phrase(chief, lexicon))
    who = subjects[0].has.removesuffix(" has").removesuffix("'ve")
    worry = "I'm worried about it." if patient_speaks else "I'm worried."
    text = f"Doctor, {who} had an episode of {phrase}. It's over now, but"
    if len(usable) > 1:  # what goes on after the episode, listed as in any opening
        rest = _listed_opening(usable[1:], (subjects[1], subjects[1]), lexicon=lexicon, patient_speaks=patient_speaks)
        return f"{text} {rest.removeprefix('Doctor, ')}"
    return f"{text} {worry}"


_REFLEXIVE = {"female": ("she", "herself", "her"), "male": ("he", "himself", "him"), None: ("they", "themselves", "them")}


def _companion_opening(told: list[str], present: list[dict[str, Any]], *, sex: str | None, lexicon: LayLexicon) -> str:
    """The opening of a patient who cannot speak, said by the person who came with them: that
    the patient cannot tell it, what they saw ("He passed out."), then the symptoms a lay
    person notices, in the third person; no examiner's finding, test or treatment."""
    pronoun, reflexive, objective = _REFLEXIVE[sex]
    text = f"Doctor, {pronoun} can't tell you {reflexive}, so I'm speaking for {objective}."
    if told:
        saw = _join(told) if sex else _join(told).replace("wasn't", "weren't")
        text += f" {pronoun.capitalize()} {saw}."
    seen = [s for s in present if not _told_events([s]) and _usable(s)]
    if seen:
        rest = _listed_opening(seen, _subjects(False, sex, companion=True), lexicon=lexicon,
                               patient_speaks=False).removeprefix("Doctor, ")
        return f"{text} {rest[:1].upper()}{rest[1:]}"
    return text + " I'm worried."


def _distinct(phrases: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    """The phrases without a later one that restates an earlier one, its words holding or
    held by the earlier's ("increased confusion" after "confusion"): each complaint said once."""
    words = [set(re.findall(r"[a-z]+", p.lower())) - {"my", "the", "a", "an", "in", "on", "of", "and", "kg", "lb", "lbs",
                                                       "pounds", "kilograms"} for p, _ in phrases]
    return [item for i, item in enumerate(phrases) if not any(words[i] <= words[j] or words[j] <= words[i] for j in range(i))]


def _is_verb_phrase(phrase: str) -> bool:
    """A phrase said with a verb ("coughing up blood"), not a noun phrase opening with a
    participle used as an adjective ("aching joints")."""
    return bool(_GERUND.match(phrase)) and not _RE.participle_noun.match(phrase)


@lru_cache(maxsize=1)
def _jargon_pattern() -> re.Pattern[str]:
    return phrase_pattern(list(load_jargon()))


#: Gerunds that open a symptom stated with a verb ("forgetting names", "feeling tired").
_GERUND = re.compile(r"^(?:" + "|".join(sorted({gerund(v) for v in SYMPTOM_VERBS} | {"having", "being", "getting"})) +
                     r")\b")
