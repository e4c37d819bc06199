"""Import AgentClinic OSCE cases (MedQA structured files and NEJM image challenges) as records.

MedQA cases carry Patient_Actor sections (Demographics, History, Symptoms,
Past_Medical_History, Social_History, Review_of_Systems), examination findings, test results
and the correct diagnosis. Each free-text section goes through the shared router
(:mod:`tod.records.routing`) with the section's field as default, so negations become
denials, history lands in its field and lists are split; the History narrative adds symptom
descriptors and history facts (:mod:`tod.records.narrative`). NEJM image-challenge cases
carry a vignette ("question"), examination results and multiple-choice answers; the vignette
is read like a CRAFT-MD one (:mod:`tod.records.vignette`); ``patient_info`` restates it as
actor instructions and is not read. AgentClinic has no reference basis or treatment, so those
stay empty unless a case has a management section.

The opening is spoken by a companion when an adult patient cannot speak (intubated, unresponsive,
with altered mental status) and tells a complaint that was an episode as over, judged from the
complaint's own words ("now back to normal" said of it, not of another symptom). Facts that
name the diagnosis are left out and reported; clauses that matched no field are counted per
record. Record ids are ``<file stem>-<line number>``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tod.jsonl import iter_text_lines, parse_object
from tod.lexicon import default_lexicon
from tod.patient.voice import CAREGIVER_AGE
from tod.records.builder import CaseBuilder, diagnosis_terms
from tod.records.importing import ImportFormatError, ImportResult
from tod.records.io import RecordFileError, _format_validation_error
from tod.records.model import Record, Status
from tod.records.narrative import NarrativeReader, symptom_items, visit_reason
from tod.records.opening import has_complaint, opening_statement, unaware_of, visit_opening
from tod.records.patterns import load_patterns
from tod.records.phrases import find_duration, parse_age_sex, split_sentences
from tod.records.routing import (
    SYMPTOMS,
    RoutedFact,
    Routing,
    as_text,
    generic_field,
    is_asymptomatic,
    is_not_provided,
    item_field,
    negated_object,
    route_clause,
    route_text,
)
from tod.records.vignette import ensure_complaint, exam_results, read_vignette

#: Keywords of each department, tried in order (``tod/records/data/departments.yaml``).
_DEPARTMENT_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(vars(load_patterns("departments")).items())


def guess_department(*texts: str, age_years: float | None) -> str:
    """A department from keywords of the objective and diagnosis; children are pediatrics."""
    if age_years is not None and age_years < 16:
        return "pediatrics"
    blob = " ".join(texts)
    for dept, pattern in _DEPARTMENT_RULES:
        if pattern.search(blob):
            return dept
    return "internal_medicine"


def _flatten(prefix: str, node: Any) -> list[tuple[str, str]]:
    if isinstance(node, dict):
        out: list[tuple[str, str]] = []
        for key, value in node.items():
            name = f"{prefix} {key}".strip() if prefix and key.lower() not in ("findings", "result", "results") else (prefix or key)
            out += _flatten(name, value)
        return out
    if isinstance(node, list):
        return [(prefix, "; ".join(str(v) for v in node))]
    if isinstance(node, bool):  # a finding given as true or false
        return [(prefix, "positive" if node else "negative")]
    return [(prefix, str(node))]


def _exam_name(raw: str) -> str:
    return raw.replace("_", " ").strip()


#: A patient who cannot speak now: intubated, unconscious, unresponsive, with altered mental
#: status or a low coma score, or said to be unable to communicate.
_CANNOT_SPEAK = re.compile(r"\b(?:intubat\w*|unconscious state|remains? unconscious|(?:low|depressed) Glasgow Coma Scale|"
                           r"GCS (?:of |score of )?[3-8]\b|altered mental (?:status|state)|(?:unable|inability) to communicate|"
                           r"incoherent|obtunded|comatose|unarousable|(?:is|remains) (?:un|non-?)responsive)\b", re.I)
#: A sentence about an earlier or passing state, not the present one ("in the spells she
#: is unresponsive"; "he regained consciousness").
_PASSING_STATE = re.compile(r"\b(?:episodes?|spells?|attacks?|bouts?|during|afterwards?|regained|initially|previously|history of)\b", re.I)


def cannot_speak(*texts: str) -> bool:
    """Whether the patient cannot tell their story now (:data:`_CANNOT_SPEAK` in a sentence
    that is not about a passing state)."""
    return any(_CANNOT_SPEAK.search(sentence) and not _PASSING_STATE.search(sentence)
               for text in texts for sentence in split_sentences(text))


#: Words saying that a symptom is over ("she is now back to normal", "the pain resolved", "no
#: longer present").
_ENDED = re.compile(r"\b(?:(?:is|was|now|has been) back to (?:normal|baseline|(?:his|her|their) usual(?: self)?)|"
                    r"returned to (?:normal|baseline)|(?:(?:is|now|currently|feels?|back) )+at (?:(?:his|her|their) )?(?:usual )?baseline|"
                    r"resolved|subsided|went away|"
                    r"(?<!can )(?<!could )no longer (?:present|there|has|have|had|experienc\w+|feels?|notices?)|"
                    r"(?:is|now) asymptomatic)\b", re.I)
#: Words saying that a symptom goes on ("has not resolved", "persists", "still").
_NOT_ENDED = re.compile(r"\b(?:not|never|partially|incompletely)\b[^.;]*\b(?:resolved|subsided|went away|back to)|"
                        r"\b(?:persist\w*|still|ongoing|continues?)\b", re.I)
#: A single episode that lasted seconds or minutes ("a seizure lasting for 25 seconds", "lasted
#: about 3 minutes"): over by the time the patient is seen.
_BRIEF_EPISODE = re.compile(r"\blast(?:ed|ing)\s+(?:for\s+)?(?:about\s+|around\s+|approximately\s+|nearly\s+|almost\s+)?"
                            r"(?:a few|several|an?|one|two|three|four|five|ten|\d+(?:\s*[-–]\s*\d+)?)\s*"
                            r"(?:seconds?|minutes?|mins?)\b", re.I)
#: A clause about "the symptoms" as a whole ("The symptoms started at night and lasted 3
#: minutes"): it speaks of the complaint.
_ALL_SYMPTOMS = re.compile(r"^\W*(?:(?:the|his|her|their|these|those|all|all of (?:the|his|her|their)) )+symptoms\b", re.I)
#: Words saying that episodes come again ("recurrent episodes lasting 3 minutes each").
_RECURRING = re.compile(r"\b(?:episodes|attacks|spells|bouts|recurr\w*|repeated\w*|each|times|intermittent\w*|"
                        r"occasional\w*|frequent\w*|daily|every|mornings?|nightly|per (?:day|week|month))\b", re.I)
#: Words saying that a patient who passed out woke again.
_CAME_ROUND = re.compile(r"\b(?:regained consciousness|came (?:a)?round)\b", re.I)
#: Where a sentence parts into clauses about different matters ("..., but her rash resolved").
_CLAUSE_BREAK = re.compile(r";|,?\s+but\s+|,?\s+and\s+(?=(?:had|has|have|was|is|he|she|they|then|the|his|her|their)\b)",
                           re.I)
#: Stems that name a kind of feeling found in many places: a clause sharing only these with the
#: complaint ("a painful ankle" beside "knee pain") may speak of another symptom.
_GENERIC_STEMS = frozenset({"pain", "painf", "swell", "swoll", "ache", "aches", "achin", "disco", "tende", "sympt"})
#: Stems of the words around an ending that name nothing ("her symptoms resolved within minutes").
_ENDING_STEMS = frozenset({"now", "since", "fully", "compl", "spont", "norma", "basel", "usual", "self", "feels", "well",
                           "fine", "withi", "minut", "hours", "hour", "secon", "days", "lasti", "laste", "last", "treat",
                           "witho", "sympt", "they", "them", "their", "afterw", "after", "then", "later", "all"})


def _speaks_of(text: str, complaint: str) -> bool:
    """Whether ``text`` speaks of the complaint: a naming word they share, in own or lay words,
    other than a word found with many symptoms ("pain", "swelling")."""
    said = _content_stems(text)
    shared = {a for a in _content_stems(complaint) for b in said if a.startswith(b) or b.startswith(a)}
    return bool(shared - _GENERIC_STEMS)


def _names_nothing(clause: str) -> bool:
    """Whether a clause saying that something ended names no symptom ("She is now back to normal")."""
    return not _content_stems(_BRIEF_EPISODE.sub(" ", _ENDED.sub(" ", clause))) - _ENDING_STEMS


def _says_ended(text: str) -> bool:
    """Whether words say that a matter is over: an ending (:data:`_ENDED`) that no word of going
    on undoes (:data:`_NOT_ENDED`), or a single episode that lasted seconds or minutes
    (:data:`_BRIEF_EPISODE`) with no word of recurrence."""
    if _NOT_ENDED.search(text):
        return False
    return bool(_ENDED.search(text)) or bool(_BRIEF_EPISODE.search(text)) and not _RECURRING.search(text)


def episode_ended(history: str, complaint: str) -> bool:
    """Whether the chief complaint was an episode that is over, from its OWN words: its field says
    it ended, or a History clause that ends a matter ("now back to normal", "resolved", "no
    longer present", "regained consciousness" after passing out) speaks of the complaint, or
    names nothing and follows words that do (its sentence so far, else the sentence before), or
    speaks of all the symptoms ("The symptoms started at night and lasted about 3 minutes").
    Another symptom's ending ("the rash resolved") or a symptom that goes on ("has not
    resolved", "can no longer see") is no ending of the complaint."""
    if _says_ended(complaint):
        return True
    before = ""  # what was said before the clause: its sentence so far, or the sentence before
    for sentence in split_sentences(history):
        said = ""
        for clause in _CLAUSE_BREAK.split(sentence):
            if _CAME_ROUND.search(clause) and unaware_of(complaint):
                return True
            if _says_ended(clause) and (
                    _speaks_of(clause, complaint) or _ALL_SYMPTOMS.match(clause)
                    or (_names_nothing(clause) and _speaks_of(said or before, complaint))):
                return True
            said += f" {clause}"
        before = sentence
    return False


#: Words that name no symptom: course, degree and linking words.
_PLAIN_WORDS = frozenset({"with", "from", "over", "past", "that", "this", "have", "been", "having", "more", "very", "much",
                          "increasing", "increased", "worsening", "progressive", "severe", "mild", "sudden", "recurrent",
                          "episodes", "episode", "persistent", "constant", "especially", "intense", "during", "after",
                          "before", "since", "right", "left", "both", "patient", "reports", "history", "the", "and",
                          "for", "has", "had", "was", "her", "his", "him", "she", "due", "not", "per", "who", "are"})


def _content_stems(text: str) -> set[str]:
    """The first five letters of each naming word of a text, in its own and its lay words."""
    words = re.findall(r"[a-z]{3,}", f"{text} {default_lexicon().to_lay(text)}".lower())
    return {w[:5] for w in words if w not in _PLAIN_WORDS}


def _complaint_duration(sentences: list[str], complaint: str, item: str) -> str | None:
    """The duration of the first History sentence for one item of the chief complaint, when the
    sentence speaks of the complaint (a shared naming word): a sentence about another matter
    ("trying to conceive for a year", "her father died a week ago") dates no complaint. An item
    the first sentence leaves out that a later sentence dates ("weight loss over 3 months")
    keeps that time of its own."""
    first = sentences[0] if sentences else ""
    duration = find_duration(first)
    said = _content_stems(first)
    if not duration or not any(a.startswith(b) or b.startswith(a) for a in _content_stems(complaint) for b in said):
        return None
    if not _speaks_of(first, item) and any(find_duration(s) and _speaks_of(s, item) for s in sentences[1:]):
        return None
    return duration


def _mark_resolved(builder: CaseBuilder, history: str) -> None:
    """Mark the present symptoms after the chief complaint whose own History words say they are
    over (:func:`episode_ended`: "vomiting ..., which has since resolved") as resolved, so an
    opening does not tell them as going on."""
    for symptom in builder.present_symptoms()[1:]:
        if episode_ended(history, symptom["name"]):
            builder.resolved.add(symptom["name"])


def _add_section(builder: CaseBuilder, value: object, *, default: str) -> None:
    """Route a free-text section; an object's keys name the field of their values
    ("Surgeries": [...] -> trauma_surgery, "Smoking_Status": ... -> tobacco)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            name = key.replace("_", " ")
            field = ("demographics.occupation" if re.search(r"occupation|employment|job", name, re.I)
                     else generic_field(name) or item_field(name) or default)
            _add_section(builder, inner, default=field)
        return
    builder.add_routing(route_text(value, default=default))


#: A finding of the examiner inside a review of systems: orientation, alertness, vital signs.
_ROS_SIGN = re.compile(r"^(?:the )?(?:patient |pt )?(?:is )?(?P<result>(?P<name>oriented|alert|vital signs|vitals)\b.*)$", re.I)


#: A sentence that says what makes a symptom better or worse.
_CHANGE_CUE = re.compile(r"\b(?:improv\w*|better|worse\w*|relieved|eased|aggravated|exacerbated|triggered)\b", re.I)

#: An examination that found what an entry tells: its frame opening a sentence ("Physical
#: examination shows X") or closing an item ("X noticed upon examination", "X noted on exam").
_EXAM_FRAME = re.compile(r"^(?:(?:a|the) )?(?:physical )?exam(?:ination)? (?:shows|showed|reveals|revealed|demonstrates|"
                         r"is notable for|is significant for)\b|^(?:on|upon) (?:physical )?exam(?:ination)?\b|"
                         r"\s+(?:noticed|noted|seen|found|observed|detected|heard|palpated|elicited) "
                         r"(?:up)?on (?:physical )?exam(?:ination)?\s*$", re.I)


def _add_examined(builder: CaseBuilder, text: str) -> bool:
    """Store an entry an examination found ("Cloudy lenses noticed upon examination",
    "Physical examination shows a low-set ear") as physical examination results: an
    examiner's sign, never a symptom the patient tells. True if the entry had such a frame."""
    frame = _EXAM_FRAME.search(text.strip(" ."))
    if frame is None:
        return False
    if frame.start() > 0:  # the frame closes the item: the finding is what comes before it
        builder.add_exam("physical examination", text.strip(" .")[: frame.start()], section="physical")
        return True
    for name, result in exam_results(text):
        builder.add_exam(name, result, section="physical")
    return True


def _add_review_of_systems(builder: CaseBuilder, value: object) -> None:
    """Review of systems: "Denies X, Y" -> denied symptoms, "Reports Z" / "Z" -> symptoms."""
    reader = NarrativeReader(builder)
    for sentence in split_sentences(as_text(value)):
        sentence = re.sub(r"^[A-Z][\w /&-]{1,30}:\s*", "", sentence)
        sentence = re.sub(r"^(?:on|upon|during) (?:(?:further|the) )?(?:review(?: of systems)?|questioning)\s*,?\s*", "",
                          sentence, flags=re.I)
        if is_not_provided(sentence):
            continue
        if _add_examined(builder, sentence):
            continue
        sign = _ROS_SIGN.match(sentence)
        if sign:  # an examination finding listed with the review of systems ("Oriented to time, place, and person")
            builder.add_exam(sign.group("name").lower(), sign.group("result"), section="physical")
            continue
        affirmed = negated_object(sentence) is None
        if affirmed and "," not in sentence and _CHANGE_CUE.search(sentence) and reader.modifiers(sentence):
            continue  # "The cough improves with rest": a factor of a recorded symptom, no new one
        if affirmed and re.match(r"^(?:the )?(?:patient |pt )?(?:also )?(?:reports?|notes?|"
                                                         r"complains?|endorses?|has|experiences?)\b", sentence, re.I):
            reader.read(sentence)
        elif not _add_injury_signs(builder, sentence):
            builder.add_routing(_recent_illness_denied(route_text(sentence, default=SYMPTOMS), sentence))


#: A recent illness in a review of systems ("no recent infections", "denies recent illness").
_RECENT_ILLNESS = re.compile(r"\brecent(?:ly)?\s+(?P<item>(?:[\w-]+\s+){0,2}?(?:illness(?:es)?|infections?|sickness(?:es)?|"
                             r"colds?))\b", re.I)
#: An illness named without a kind ("illness", "sickness"): the item of a blanket denial.
_GENERIC_ILLNESS = re.compile(r"^(?:illness(?:es)?|sickness(?:es)?)$", re.I)


def _recent_illness_denied(routing: Routing, sentence: str) -> Routing:
    """A denied recent illness or infection in a review of systems is a denied symptom ("recent
    infections"): a state of the last weeks the patient is asked about like any symptom, not a
    denied past diagnosis nor a blanket denial of the medical history."""
    recent = {m.group("item").lower(): m.group(0).lower() for m in _RECENT_ILLNESS.finditer(sentence)}
    facts = []
    for fact in routing.facts:
        said = recent.get(fact.value.lower()) if fact.value else next(
            (v for k, v in recent.items() if _GENERIC_ILLNESS.match(k)), None)
        if fact.field == "history.past_diagnoses" and fact.status is Status.denied and said:
            fact = RoutedFact(SYMPTOMS, said, Status.denied)
        facts.append(fact)
    return Routing(facts, routing.unrouted)


#: Symptoms a patient feels, which an examiner's finding does not replace ("tired" beside an
#: examiner's "appears tired").
_FELT = re.compile(r"\b(?:pain\w*|aches?|aching|tired\w*|fatigu\w*|nause\w*|itch\w*|dizz\w*|numb\w*|tingl\w*|"
                   r"weak\w*|short(?:ness)? of breath|cramp\w*|burning|discomfort|hallucinat\w*|feel\w*|sad\w*|"
                   r"anxi\w*|worr\w*|fear\w*|hopeless\w*|worthless\w*|mood|depress\w*|sleep\w*|appetite)\b", re.I)


def _drop_examined_signs(builder: CaseBuilder, review: list[dict[str, Any]]) -> None:
    """Leave out the present signs first stated in the review of systems that an examination
    finding already states ("pale conjunctivae" beside the examiner's "conjunctivae: pale"): a
    sign the examiner found is an examination, not also a symptom. A symptom the patient feels
    (:data:`_FELT`) stays."""
    drop = {id(s) for s in review if s["status"] == "present" and not _FELT.search(s["name"])
            and builder.examined(s["name"])}
    builder.symptoms[:] = [s for s in builder.symptoms if id(s) not in drop]


#: Signs stated with the injury they followed ("redness and swelling after the fall").
_AFTER_INJURY = re.compile(r"^(?P<signs>.+?)\s+(?P<onset>(?:after|following|since)\s+(?:(?:the|a|an|his|her|their|my)\s+)?"
                           r"(?:[\w-]+\s+){0,2}?(?:injury|injuries|trauma|fall|accident|blow|impact|bite|sting))\s*\.?$",
                           re.I)


def _add_injury_signs(builder: CaseBuilder, text: str) -> bool:
    """Store the signs an injury left ("redness and swelling after the injury") as symptoms with
    the injury as their onset, not as trauma items split from one list; False when ``text``
    states no such signs (a denial, or an injury alone)."""
    match = _AFTER_INJURY.match(text.strip())
    if not match or negated_object(text) is not None or item_field(match.group("signs")) == "history.trauma_surgery":
        return False
    entries = symptom_items(match.group("signs"))
    for entry in entries:
        entry.setdefault("onset", match.group("onset"))
        builder.add_symptom(entry.pop("name"), Status.present, **entry)
    return bool(entries)


def _add_secondary(builder: CaseBuilder, reader: NarrativeReader, item: str) -> None:
    """A secondary-symptom entry: a symptom, a denial, an examination's finding (:func:`_add_examined`),
    history ("History of rash ...",
    "Previously swollen knee"), a habit ("Smoking"), or a modifier of a symptom ("Improvement
    with rest"). An entry that is a piece of clause is routed like history text (counted as
    unrouted when no rule places it), not stored as a symptom."""
    own = item_field(item) or ""
    if _add_injury_signs(builder, item) or _add_examined(builder, item):
        return
    if negated_object(item) is not None or is_asymptomatic(item):
        builder.add_routing(route_clause(item, default=SYMPTOMS))
    elif re.match(r"^(?:history of|previous(?:ly)?|prior|past)\b", item, re.I):
        builder.add_routing(route_clause(item, default="history.past_diagnoses"))
    elif own.startswith("social.") or own == "history.trauma_surgery":
        builder.add_routing(route_clause(item, default=own))
    elif not reader.modifiers(item):
        entries = symptom_items(item)
        for entry in entries:
            builder.add_symptom(entry.pop("name"), Status.present, **entry)
        if not entries:
            builder.add_routing(route_clause(item, default=None))


def import_medqa_case(case: dict[str, Any], *, case_id: str) -> tuple[Record, CaseBuilder, int]:
    """Convert one AgentClinic MedQA OSCE case to a record, with the builder (warnings,
    unrouted count) and the number of skipped examination entries (results not given:
    "Pending", "Not performed", an optional test)."""
    osce = case.get("OSCE_Examination")
    if not isinstance(osce, dict) or "Patient_Actor" not in osce or "Correct_Diagnosis" not in osce:
        raise ImportFormatError("expected OSCE_Examination with Patient_Actor and Correct_Diagnosis")
    actor = osce["Patient_Actor"]
    diagnosis = re.sub(r"\s+", " ", str(osce["Correct_Diagnosis"])).strip(" .")
    age, sex = parse_age_sex(str(actor.get("Demographics", "")))
    builder = CaseBuilder(diagnosis_terms([diagnosis]), adult=age is None or age >= CAREGIVER_AGE)
    if age is not None:
        builder.demographics["age_years"] = age
    if sex:
        builder.demographics["sex"] = sex
    history = str(actor.get("History", ""))
    symptoms = actor.get("Symptoms") or {}
    primary = symptoms.get("Primary_Symptom") if isinstance(symptoms, dict) else None
    sentences = split_sentences(history)
    reader = NarrativeReader(builder)
    secondary = symptoms.get("Secondary_Symptoms", []) if isinstance(symptoms, dict) else symptoms
    for entry in symptom_items(str(primary or "")):
        entry.setdefault("duration", _complaint_duration(sentences, str(primary or ""), entry["name"]) or "")
        builder.add_symptom(entry.pop("name"), Status.present, **entry)
    presenting = [id(s) for s in builder.symptoms]  # the entries themselves: a later restatement may rename one
    for item in secondary if isinstance(secondary, list) else [secondary]:
        _add_secondary(builder, reader, str(item))
    known = len(builder.symptoms)
    _add_review_of_systems(builder, actor.get("Review_of_Systems", ""))
    review = builder.symptoms[known:]
    _add_section(builder, actor.get("Past_Medical_History"), default="history.past_diagnoses")
    for key in ("Current_Medications", "Medications", "Drug_History"):
        _add_section(builder, actor.get(key), default="history.medications")
    _add_section(builder, actor.get("Family_History"), default="history.family_history")
    _add_section(builder, actor.get("Social_History"), default="social.living_habits")
    for sentence in sentences:
        reader.read(sentence, restates=True)
    skipped = 0
    for key, section in (("Physical_Examination_Findings", "physical"), ("Test_Results", "tests")):
        for name, result in _flatten("", osce.get(key) or {}):
            if is_not_provided(result) or is_not_provided(_exam_name(name)):
                skipped += 1  # no result yet ("Pending", "Not performed", "MRI Optional")
            else:
                builder.add_exam(_exam_name(name), result, section=section)
    _drop_examined_signs(builder, review)
    _mark_resolved(builder, history)
    child = age is not None and age < CAREGIVER_AGE
    silent = not child and cannot_speak(history, as_text(actor.get("Review_of_Systems", "")), str(primary or ""))
    first = (sentences or [""])[0]
    reason = ensure_complaint(builder, first) or (None if has_complaint(builder.current_symptoms()) else visit_reason(first))
    opening = (visit_opening(reason, caregiver=child, sex=sex) if reason else
               opening_statement(_complaint_symptoms(builder, presenting), caregiver=child, sex=sex, companion=silent,
                                 ended=episode_ended(history, str(primary or ""))))
    record = {
        "id": case_id,
        "department": guess_department(str(osce.get("Objective_for_Doctor", "")), diagnosis, age_years=age),
        "source": "agentclinic-medqa",
        "case": builder.case(opening),
        "reference": {"diagnosis": diagnosis, "treatment": _management(osce)},
    }
    return Record.model_validate(record), builder, skipped


def _complaint_symptoms(builder: CaseBuilder, presenting: list[int]) -> list[dict[str, Any]]:
    """The symptoms an opening states: those of the case's presenting complaint (the entries
    read from its primary symptom field, ``presenting`` their ids) while one of them is a
    complaint the patient was aware of, else all current ones (after passing out, what others
    saw and what came with it is told). The secondary symptoms and signs (an examiner's
    finding, a lesion's look) are for the doctor to ask about."""
    current = builder.current_symptoms()
    chief = [s for s in current if id(s) in presenting]
    aware = any(not unaware_of(s["name"]) for s in chief)
    return chief if aware and has_complaint(chief) else current


def _management(osce: dict[str, Any]) -> str | None:
    value = osce.get("Management_and_Follow_Up")
    if not value:
        return None
    return "; ".join(f"{k}: {v}" for k, v in _flatten("", value)) if isinstance(value, (dict, list)) else str(value)



def import_nejm_case(case: dict[str, Any], *, case_id: str) -> tuple[Record, CaseBuilder, int]:
    """Convert one AgentClinic NEJM image-challenge case to a record, with the builder and
    the number of skipped vignette sentences (the question, "is shown")."""
    for key in ("question", "answers"):
        if key not in case:
            raise ImportFormatError(f"expected field {key!r} in an NEJM case")
    answers = case["answers"]
    correct = [i for i, a in enumerate(answers) if a.get("correct")]
    if len(correct) != 1:
        raise ImportFormatError(f"expected exactly one correct answer, found {len(correct)}")
    options = [re.sub(r"\s+", " ", str(a["text"])).strip(" .") for a in answers]
    diagnosis = options[correct[0]]
    vignette = read_vignette(str(case["question"]), leak_terms=diagnosis_terms([diagnosis]))
    builder = vignette.builder
    opening = (visit_opening(vignette.visit_reason, caregiver=vignette.caregiver, sex=vignette.sex)
               if vignette.visit_reason else
               opening_statement(builder.current_symptoms(), caregiver=vignette.caregiver, sex=vignette.sex))
    text = str(case.get("physical_exams", ""))
    text = re.sub(r"^.*?(?:relevant to|includes?)[^:]*:\s*", "", text, count=1, flags=re.I)
    for item in split_sentences(text):
        name, sep, result = item.partition(":")
        if sep and result.strip() and len(name) <= 60:
            builder.add_exam(name, result)
        else:
            for exam, finding in exam_results(item):
                builder.add_exam(exam, finding)
    record = {
        "id": case_id,
        "department": guess_department(str(case["question"]), diagnosis, age_years=vignette.age),
        "source": "agentclinic-nejm",
        "case": builder.case(opening),
        "reference": {
            "diagnosis": diagnosis,
            "alternatives": [o for i, o in enumerate(options) if i != correct[0]],
            "options": options,
            "answer_index": correct[0],
        },
    }
    return Record.model_validate(record), builder, vignette.skipped


def import_file(path: str | Path) -> ImportResult:
    """Import every case of an AgentClinic JSONL file (MedQA or NEJM, detected per line).

    Raises:
        RecordFileError: a line that is not JSON or cannot be converted, naming file and line.
    """
    path = Path(path)
    result = ImportResult()
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", path.stem)
    for number, line in iter_text_lines(path, RecordFileError):
        where = f"{path}:{number}"
        case = parse_object(line, where=where, error=RecordFileError)
        convert = import_medqa_case if "OSCE_Examination" in case else import_nejm_case
        case_id = f"{stem}-{number}"
        try:
            record, builder, skipped = convert(case, case_id=case_id)
        except ImportFormatError as exc:
            raise RecordFileError(f"{where}: case {case_id}: {exc}") from None
        except ValidationError as exc:
            raise RecordFileError(f"{where}: case {case_id}: {_format_validation_error(exc)}") from None
        result.add(record, builder.warnings, unrouted=builder.unrouted, skipped=skipped)
    return result
