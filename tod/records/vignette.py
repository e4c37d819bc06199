"""Reading a third-person case vignette (CRAFT-MD, NEJM image challenges) into a case builder.

The first sentence gives age, sex, occupation, history named in the subject ("a 45-year-old
man with a history of X") and the chief complaint. Vital signs, examination findings,
laboratory and imaging results become examinations: a sentence with an examination or test
cue starts the findings, and later sentences without a history cue stay findings (vignettes
give history first). Every other sentence goes to the shared narrative reader
(:mod:`tod.records.narrative`). The question sentence and "a photograph is shown" sentences
state no fact of the patient and are skipped (counted).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tod.patient.voice import CAREGIVER_AGE
from tod.records.builder import CaseBuilder
from tod.records.labtable import Table, split_tables
from tod.records.narrative import NarrativeReader, about_symptom, visit_reason
from tod.records.patterns import load_patterns
from tod.records.phrases import obstetric_phrase, parse_age_sex, split_items, split_sentences
from tod.records.routing import OCCUPATION, is_not_provided, split_clauses

_RE = load_patterns("vignette")

#: Vital sign names, with the chart abbreviations ("T 38.1°C, HR 101, BP 115/70, RR 14").
_VITAL_NAME = (r"temperature|blood pressure|pulse(?: rate)?|respirations|respiratory rate|heart rate|oxygen saturation|"
               r"BMI|body mass index|weight|height|pulse oximetry|(?-i:T|Temp|HR|BP|RR|P|SpO2|SaO2|O2 sat)")
_VITAL_ITEM = re.compile(
    rf"^(?:and\s+)?(?:(?:his|her|the|a|an|their)\s+)?(?P<name>{_VITAL_NAME})\b"
    r"\s*(?:is|are|was|were|of|:|measured at|reads)?\s*(?P<result>.+)$",
    re.I,
)
_VITAL_ABBREVIATIONS = {"bmi": "BMI", "t": "temperature", "temp": "temperature", "hr": "heart rate", "bp": "blood pressure",
                        "rr": "respiratory rate", "p": "pulse", "spo2": "oxygen saturation", "sao2": "oxygen saturation",
                        "o2 sat": "oxygen saturation"}
_SUBJECT_OCCUPATION = re.compile(rf"\b(?:man|woman|male|female|boy|girl|gentleman|lady)\s+(?P<occ>(?:[\w-]+\s+){{0,2}}"
                                 rf"{OCCUPATION})\b", re.I)


def _sex_from_pronouns(text: str) -> str | None:
    he = len(re.findall(r"\b(he|his|him)\b", text, re.I))
    she = len(re.findall(r"\b(she|her|hers)\b", text, re.I))
    return "male" if he > she else "female" if she > he else None


def _exam_name(text: str, default: str) -> str:
    text = re.sub(r"^(?:(?:\w+|\d+) (?:days?|weeks?|months?|years?) (?:ago|earlier|prior)|yesterday|today|previously|"
                  r"recently|initially|at (?:that|the) time|last (?:week|month|year)),?\s+", "", text.strip(), flags=re.I)
    name = re.sub(r"^(?:on|upon|at|during|an?|the|his|her|their|a repeat|repeat|further|additional|initial|"
                  r"subsequent)\s+", "", text.strip(" ,"), flags=re.I)
    name = re.sub(r"^(?:on|upon|at|during|an?|the|his|her|their)\s+", "", name, flags=re.I)
    name = re.sub(r"\s+(?:(?:is|was|were|are) (?:performed|done|obtained|taken)\b.*|(?:subsequently|then|later|also|"
                  r"eventually|initially|again|now|further))$", "", name, flags=re.I)
    return name if 2 < len(name) <= 90 or name.isupper() and len(name) == 2 else default


def exam_results(sentence: str) -> list[tuple[str, str]]:
    """(name, result) pairs of a findings sentence: vital signs one by one, growth percentiles,
    measured tests one by one, otherwise "X shows Y" -> (X, Y), "On examination, Y" ->
    ("physical examination", Y). The examiner's narration goes ("On exam you note Y" -> "On
    exam, Y")."""
    sentence = _RE.narration.sub(lambda m: f"{m.group('lead')}, " if m.group("lead") else "", sentence.strip(), count=1)
    second = _second_test(sentence)
    if second is not None:  # "An X-ray shows A, and a CT scan shows B": two examinations
        return exam_results(sentence[: second.start()]) + exam_results(sentence[second.end():])
    vital, verb = _RE.vitals.search(sentence), _RE.result_verb.search(sentence)
    if vital and (re.search(r"\d", sentence) or "normal" in sentence.lower()) and not re.search(r"\bfetal\b", sentence, re.I) \
            and not (verb and verb.start() < vital.start()):
        if re.search(r"vital signs (?:are|were|is) (?:within normal limits|normal|stable|unremarkable)", sentence, re.I):
            return [("vital signs", re.sub(r"^.*?vital signs (?:are|were|is) ", "", sentence, flags=re.I))]
        pairs: list[tuple[str, str]] = []
        for item in split_items(re.sub(rf"^.*?(?=\b(?:his|her|the|a|an)?\s*(?:{_VITAL_NAME})\b)", "",
                                       sentence, count=1, flags=re.I)):
            match = _VITAL_ITEM.match(item.strip())
            if match:
                name = match.group("name")
                pairs.append((_VITAL_ABBREVIATIONS.get(name.lower(), name.lower()), match.group("result").strip(" .")))
            elif pairs:
                pairs[-1] = (pairs[-1][0], f"{pairs[-1][1]}, {item.strip(' .')}")
        if pairs:
            return pairs
    appearance = _RE.appearance.match(sentence)
    if appearance:  # "She appears tired": how the examiner sees the patient
        return [("general appearance", appearance.group("look"))]
    if _RE.body_finding.match(sentence):  # "Her knee is swollen and tender": the examiner's finding, not her words
        return [("physical examination", re.sub(r"^(?:his|her|their)\b", "The", sentence, flags=re.I).strip(" ."))]
    growth = _RE.growth.search(sentence)
    if growth:  # "He is at the 3rd percentile for height and weight", "Her weight is at the 5th percentile"
        name = f"{growth.group('m').lower()} percentile" if growth.group("m") else "height and weight percentiles"
        return [(name, growth.group("r").strip(" ."))]
    test = _RE.test_cue.search(sentence) is not None
    default = "test results" if test and not _RE.exam_cue.search(sentence) else "physical examination"
    verb = _RE.result_verb.search(sentence)
    if verb and re.search(r"\b(?:is|are|was|were)$", sentence[: verb.start()].strip()):
        return [(default, sentence.strip(" ."))]
    if verb and verb.start() > 0:
        name = _exam_name(sentence[: verb.start()], default)
        result = sentence[verb.start():].strip(" ,") if re.match(r",?\s+(?:is|are|was|were)\b(?!.*\bfor\b)", verb.group(0)) else \
            sentence[verb.end():]
        result = re.sub(r"^(?:is|are|was|were)\s+", "", result.strip(" ,"), flags=re.I)
        result = re.sub(r",?\s+and\s+[^,]*\b(?:shows?|reveals?|demonstrates?)\W*$", "", result, flags=re.I)
        return [(name, result.strip(" ."))]
    lead = re.match(r"^(?P<name>(?:on|upon|at|during) [^,]{3,50}),\s*(?P<r>.+)$", sentence, re.I)
    if lead:
        return [(_exam_name(lead.group("name"), default), lead.group("r").strip(" ."))]
    measured = re.match(r"^(?:(?:his|her|the|a|an|their)\s+)?(?P<name>[\w\s,'-]{3,50}?)\s+(?:is|are|was|were)\s+"
                        r"(?P<r>.*\d.*)$", sentence, re.I)
    if measured and (_RE.test_cue.search(measured.group("name")) or _RE.lab_unit.search(measured.group("r"))):
        return _measured_items(sentence) or [(measured.group("name").strip(), measured.group("r").strip(" ."))]
    return [(default, sentence.strip(" ."))]


def _second_test(sentence: str) -> re.Match[str] | None:
    """The joint before a second test with its own result in a findings sentence ("..., and a
    CT scan of the chest shows B"), when the part before it states a result too; else None."""
    joint = re.search(r",?\s+(?:and|while|whereas)\s+(?=(?P<name>(?:an? |the |his |her |their )?[^,;]{2,50}?)"
                      r"\s+(?:shows?|showed|reveals?|revealed|demonstrates?|demonstrated)\b)", sentence, re.I)
    if joint is None or not _RE.test_cue.search(joint.group("name")):
        return None
    return joint if _RE.result_verb.search(sentence[: joint.start()]) else None


_MEASURED_ITEM = re.compile(r"^(?:(?:his|her|the|a|an|their)\s+)?(?P<name>[\w\s'-]{2,40}?)\s+(?:is|are|was|were)\s+"
                            r"(?P<r>(?:[^,]|,(?=\d{3}))*\d(?:[^,]|,(?=\d{3}))*)$", re.I)


def _measured_items(sentence: str) -> list[tuple[str, str]] | None:
    """One (name, result) pair per measured test of a list ("Serum Na is 140 mmol/L, serum K
    is 3.8 mmol/L and serum Ca is 12.2 mg/dL"), or None for a sentence with fewer than two."""
    pairs: list[tuple[str, str]] = []
    for piece in re.split(r",\s+(?:and\s+)?|\s+and\s+", sentence.strip(" .")):  # "11,800/mm3" stays whole
        item = _MEASURED_ITEM.match(piece.strip())
        if item:
            pairs.append((item.group("name").strip(), item.group("r").strip(" .")))
        elif pairs:
            pairs[-1] = (pairs[-1][0], f"{pairs[-1][1]}, {piece.strip()}")
        else:
            return None
    return pairs if len(pairs) > 1 else None


def _is_finding(sentence: str, *, in_findings: bool) -> bool:
    if _RE.reported_by.match(sentence) or about_symptom(sentence):
        return False
    if _RE.growth.search(sentence) or _RE.body_finding.match(sentence.strip()) or _RE.appearance.match(sentence.strip()):
        return True
    if _RE.vitals.search(sentence) and re.search(r"\d|normal|unremarkable|stable", sentence) \
            and not re.search(r"\bhistory\b|\bmedications?\b", sentence, re.I):
        return True
    if _RE.exam_cue.search(sentence) or _RE.test_cue.search(sentence) and _RE.result_verb.search(sentence) \
            or _RE.lab_unit.search(sentence):
        return not re.search(r"\b(?:history of|diagnosed with|medications?|takes|smok\w*|drinks)\b", sentence, re.I)
    if in_findings:
        return not re.search(r"\b(?:reports?|says|states?|complains?|denies|mother|father|history|takes|medications?|"
                             r"declined|refused|would prefer|requests?|requesting|dies|died|death|"
                             r"smok\w*|drinks|works|(?:starts?|started|begins?|began) (?:having|to)|develops?|developed|"
                             r"becomes?|became|feels|felt|has had|had been|(?:has|have|had) (?:not|never)|"
                             r"(?:was|were) not (?:given|received)|vaccin\w*|immuni[sz]\w*)\b", sentence, re.I)
    return False


def _without_pictures(sentence: str) -> str | None:
    """The sentence without references to a picture; None when it only pointed at one
    ("Physical exam is notable for the finding in Figure A")."""
    text = _RE.figure_ref.sub("", sentence).strip()
    if text == sentence.strip():
        return text
    if re.search(r"\b(?:is|are|was|were)\W*$", text):  # "The patient's foot is [shown in the image]"
        return None
    verb = _RE.result_verb.search(text)
    rest = text[verb.end():] if verb else re.sub(r"^.*?\b(?:is|are|was|were)\s+", "", text)
    return None if _RE.only_pointer.match(rest.strip(" .")) else text


def _patient_clauses(sentence: str) -> tuple[str, int]:
    """The sentence without clauses that tell a clinician's action ("She is given
    ondansetron; however, she continues to vomit" -> "she continues to vomit"), and how
    many clauses went."""
    if not _RE.clinician_action.search(sentence):
        return sentence, 0
    clauses = split_clauses(sentence)
    kept = [c for c in clauses if not _RE.clinician_action.search(c)]
    return "; ".join(kept), len(clauses) - len(kept)


def _demographics(builder: CaseBuilder, first: str, vignette: str) -> tuple[float | None, str | None]:
    verb = re.search(r"\b(?:presents?|presented|comes?|came|is brought|was brought|is seen|visits|is admitted|"
                     r"is evaluated|is referred|was referred|complains?|is hospitalized|with)\b", first, re.I)
    subject = first[: verb.start()] if verb else first
    age, sex = parse_age_sex(subject)
    if age is None:
        age, _ = parse_age_sex(vignette)
    sex = sex or _sex_from_pronouns(vignette)
    if age is not None:
        builder.demographics["age_years"] = age
    if sex:
        builder.demographics["sex"] = sex
    descent = _RE.descent.search(subject)
    if descent:  # no field for it: kept as an unrouted clause rather than dropped
        builder.add_unrouted([descent.group(0)])
    occupation = _SUBJECT_OCCUPATION.search(subject)
    if occupation:
        builder.add_fact("demographics.occupation", occupation.group("occ"))
    if sex == "female" and (age is None or age >= CAREGIVER_AGE):  # not a newborn "born at 34 weeks' gestation"
        for value in pregnancy_facts(subject):
            builder.add_fact("social.reproductive_history", value)
    for pattern, key in ((_RE.weight, "weight"), (_RE.height, "height")):
        match = pattern.search(vignette)
        if match:
            builder.demographics[key] = match.group(1)
    return age, sex


def pregnancy_facts(subject: str) -> list[str]:
    """The obstetric facts a vignette's subject states ("A 28-year-old G2P1 woman at 30 weeks'
    gestation" -> ["2 pregnancies and 1 birth", "30 weeks pregnant"]; "a primigravid woman" ->
    ["first pregnancy"]), in the patient's words (:func:`~tod.records.phrases.obstetric_phrase`)."""
    if _RE.other_mother.search(subject):
        return []  # "born to a G1P0 mother": the mother's
    facts = [f"{match.group('w')} weeks pregnant" for match in _RE.gestation.finditer(subject)]
    obstetric = _RE.obstetric.search(subject)
    if obstetric:
        facts.insert(0, obstetric_phrase(re.sub(r"\s+", " ", obstetric.group(0))))
    return facts


#: The chief complaint of a vignette that states neither a complaint nor a visit reason.
FALLBACK_REASON = "a check-up"


@dataclass
class Vignette:
    """A read vignette: the builder holding its facts, age and sex, skipped sentences."""

    builder: CaseBuilder
    age: float | None
    sex: str | None
    skipped: int
    #: Why the patient came, when the vignette states no complaint (then also the chief symptom).
    visit_reason: str | None = None

    @property
    def caregiver(self) -> bool:
        """True when a parent speaks for the patient (a child under 10)."""
        return self.age is not None and self.age < CAREGIVER_AGE


def read_vignette(text: str, *, leak_terms: list[str]) -> Vignette:
    """Read a vignette into a new builder (facts naming ``leak_terms`` are left out).

    Result tables (:mod:`tod.records.labtable`) become one examination per row. The question,
    "is shown" sentences, references to pictures and clinicians' actions state no fact of
    the patient: they are skipped and counted. A vignette that states no complaint gets its
    visit reason (or :data:`FALLBACK_REASON`) as the chief symptom, with a warning: a record
    needs one present symptom."""
    parts: list[str | Table] = []
    for block in split_tables(text):
        parts += split_sentences(re.sub(r"\s+", " ", block).strip()) if isinstance(block, str) else [block]
    sentences = [p for p in parts if isinstance(p, str)]
    probe_age, _ = parse_age_sex(sentences[0]) if sentences else (None, None)
    builder = CaseBuilder(leak_terms, adult=probe_age is None or probe_age >= CAREGIVER_AGE)
    if not sentences:
        return Vignette(builder, None, None, 0)
    age, sex = _demographics(builder, sentences[0], text)
    reader = NarrativeReader(builder)
    skipped = 0
    in_findings = False
    for number, part in enumerate(parts):
        if isinstance(part, Table):
            in_findings = True
            for name, result in part.rows:
                builder.add_exam(name, result, section="tests")
            continue
        sentence = _without_pictures(part)
        if sentence is None or _RE.question.search(sentence) or \
                _RE.shown.search(sentence) and not _RE.result_verb.search(sentence.split(" shown")[0]):
            skipped += 1
            continue
        sentence, actions = _patient_clauses(sentence) if number else (sentence, 0)
        skipped += actions
        if not sentence:
            continue
        if re.search(r"\b(?:show|shows|include|includes|are|is|as follows|the following|below)\W*:?\s*$", sentence, re.I) \
                and _RE.test_cue.search(sentence):  # the lead-in of a result table
            skipped += 1
            continue
        if number > 0 and _RE.body_size.match(sentence):
            continue  # "She is 178 cm tall and weighs 89 kg": read into the demographics already
        if number > 0 and _is_finding(sentence, in_findings=in_findings):
            in_findings = True
            for name, result in exam_results(sentence):
                if re.match(r"^(?:the following|as follows|following)\W*$", result, re.I) or is_not_provided(result):
                    skipped += 1  # a lead-in, or a result not yet known ("pending")
                else:
                    builder.add_exam(name, result)
            continue
        reader.read(sentence, first=number == 0)
    return Vignette(builder, age, sex, skipped, ensure_complaint(builder, sentences[0]))


def ensure_complaint(builder: CaseBuilder, first_sentence: str) -> str | None:
    """When the builder holds no present symptom, record the visit reason of
    ``first_sentence`` (or :data:`FALLBACK_REASON`) as the chief complaint, with a warning,
    and return it; else None. A record needs one present symptom."""
    if builder.present_symptoms():
        return None
    reason = visit_reason(first_sentence) or FALLBACK_REASON
    builder.warnings.append(f"no complaint stated; the visit reason {reason!r} is the chief complaint")
    builder.add_symptom(reason)
    return reason
