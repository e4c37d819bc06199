"""Text helpers of the importers: sentences, lists, durations, ages and short values.

Case reports are third-person chart prose ("The patient has a history of Hypertension,
Type 2 Diabetes"); a record stores short noun phrases the patient can speak ("hypertension",
"type 2 diabetes"). These helpers do that reshaping; :mod:`tod.records.routing` decides
where each phrase goes.
"""

from __future__ import annotations

import re
from tod.records.patterns import load_patterns

WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "forty-five": 45, "sixty": 60, "ninety": 90, "a": 1, "an": 1, "several": 3, "few": 3,
}
_NUMBER = r"(?:\d+(?:\.\d+)?|" + "|".join(WORD_NUMBERS) + r")"
_AGE = re.compile(_NUMBER.replace("(?:", "(", 1) + r"[- ](year|month|week|day)s?[- ]old", re.I)
_UNIT = r"(?:minute|hour|day|week|month|year)s?"
_DURATION = re.compile(
    rf"\b(?:for |over )?(?:the )?(?:past |last |previous )?(?:(?:several|few|many|\d+) )?"
    rf"(?:{_NUMBER}(?:(?:[- ]to[- ]|[-\u2013])\d+)?[- ]{_UNIT}(?![- ]old)(?:[- ](?:history|duration))?(?: ago)?"
    rf"|(?:several|few|many|past|last) {_UNIT})"
    r"|\bsince (?:yesterday|this morning|last night|last week|(?:the )?(?:age|childhood) ?\d*|\w+ days? ago)"
    r"|\b(?:yesterday|this morning|last night|earlier today)\b",
    re.I,
)

_RE = load_patterns("phrases")

#: A sentence ends at . ! ? ; (with any closing quote or bracket) before a capital or digit,
#: at a line break, at " - ", and before a list number ("1. ") that opens a line or follows a
#: colon or a sentence end; a number that ends a value ("an S4.", "25/30.") is no list number.
_SENTENCE_BREAK = re.compile(
    r"(?:(?<=[.!?;])|(?<=[.!?;][\"'\u201d\u2019)]))\s+(?=[A-Z0-9(\"'\u201c\u2018])|\n+|\s+-\s+|"
    r"(?:(?<=^)|(?<=\n)|(?<=[:.!?;])|(?<=[:.!?;]\s))\s*\d+\.\s+(?=[A-Z*])"
)


def split_sentences(text: str) -> list[str]:
    """Split text into sentences (on . ! ? ; and line/bullet breaks), stripped, non-empty.

    A full stop inside a number ("38.9") or an abbreviation followed by a lower-case word
    ("e.g. fever") does not end a sentence; a value's digits before a full stop ("an S4.",
    "MMSE 25/30.") stay with it.
    """
    parts = _SENTENCE_BREAK.split(text)
    return [p.strip(" -*\t") for p in parts if p and p.strip(" -*\t.")]


def _split_top_level(text: str, pattern: str) -> list[str]:
    """Split on ``pattern`` outside parentheses."""
    pieces, depth, start = [], 0, 0
    regex = re.compile(pattern, re.I)
    i = 0
    while i < len(text):
        char = text[i]
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(depth - 1, 0)
        elif depth == 0:
            match = regex.match(text, i)
            if match and match.end() > i:
                pieces.append(text[start:i])
                start = i = match.end()
                continue
        i += 1
    pieces.append(text[start:])
    return [p.strip() for p in pieces if p.strip()]


#: Words that modify a head noun shared by two items ("medical or surgical history",
#: "arm/hand weakness", "urinary or fecal incontinence").
_MODIFIER = (r"(?:medical|surgical|psychiatric|family|social|bowel|bladder|urinary|fecal|faecal|arm|hand|leg|foot|"
             r"upper|lower|left|right|visual|hearing|auditory|sensory|motor|chest|back|neck|joint|muscle|skin|eye|"
             r"ear|sexual|physical|emotional|verbal|mental|day|night|morning|evening|"
             r"over-the-counter|prescription|non-?prescription|herbal|"
             r"(?!history\b)[a-z]+(?:al|ic|ac|ary|ory|ous|ian|ine|ular))")
#: The form of a remedy that closes a drug's name ("hydrocortisone creams"): part of the head a
#: list of modifiers shares ("over-the-counter and prescription hydrocortisone creams").
_REMEDY_FORM = (r"(?:creams?|ointments?|lotions?|gels?|drops|sprays?|shampoos?|pills|tablets|capsules|medications?|"
                r"medicines?|remedies|products?|supplements?|injections?|therapy)\b")
#: Head nouns that many kinds of words modify ("skin or nipple changes", "renal or liver disease").
_GENERIC_HEAD = r"(?:changes?|symptoms?|problems?|issues?|complaints?|abnormalit(?:y|ies)|disorders?|diseases?)\b"
_SHARED_HEAD = re.compile(rf"\b(?P<a>{_MODIFIER}(?:\s*,\s*{_MODIFIER})*)(?P<sep>,?\s+(?:or|and|and/or)\s+|\s*/\s*)"
                          rf"(?P<b>{_MODIFIER}|[a-z]+(?=\s+{_GENERIC_HEAD}))\s+(?P<head>(?!or\b|and\b)[a-z][\w-]*(?![\w-])"
                          rf"(?:\s+{_REMEDY_FORM})?)", re.I)
#: Kinds of one remedy form ("antifungal and antibiotic creams"), shared before the modifiers of
#: the whole list are ("over-the-counter and prescription antifungal and antibiotic creams").
_SHARED_FORM = re.compile(rf"\b(?P<a>{_MODIFIER}(?:\s*,\s*{_MODIFIER})*)(?P<sep>,?\s+(?:or|and|and/or)\s+)"
                          rf"(?P<b>{_MODIFIER})\s+(?P<head>{_REMEDY_FORM})", re.I)
#: A change or a property of a noun told twice, the second time without the noun ("weight loss
#: or gain", "urine color or frequency").
_CHANGE_OR_PROPERTY = r"(?:loss|gain|increase|decrease|colou?r|frequency|size|shape|amount|volume|consistency|odou?r|smell)"
_SHARED_NOUN = re.compile(rf"\b(?P<noun>[a-z]+) (?P<a>{_CHANGE_OR_PROPERTY})(?P<sep>,?\s+(?:or|and|and/or)\s+)"
                          rf"(?P<b>{_CHANGE_OR_PROPERTY})\b", re.I)


def _share_heads(text: str) -> str:
    """The head noun a list's items share, given to each ("respiratory, cardiac or urinary
    symptoms" -> "respiratory symptoms, cardiac symptoms or urinary symptoms"; "weight loss or
    gain" -> "weight loss or weight gain"), so no item is left a bare modifier or property."""
    for pattern in (_SHARED_FORM, _SHARED_HEAD):  # the kinds of a remedy form first, then the list's modifiers
        text = pattern.sub(lambda m: ", ".join(f"{a} {m.group('head')}" for a in re.split(r"\s*,\s*", m.group("a")))
                           + f"{m.group('sep')}{m.group('b')} {m.group('head')}", text)
    return _SHARED_NOUN.sub(lambda m: f"{m.group('noun')} {m.group('a')}{m.group('sep')}{m.group('noun')} {m.group('b')}", text)


def split_items(text: str) -> list[str]:
    """Split a list phrase into its items: "fever, chills, or night sweats" -> three items.

    Commas, "and", "or", "as well as" and "nor" separate items outside parentheses. A lone
    adjective before a comma joins the next item ("a painful, recurrent rash" stays one item),
    and numbers with commas ("14,000/mm3") are not split.
    """
    text = re.sub(r"(?:^|(?<=,\s))both\s+(?=[^,;]+?\s+and\s+)", "", text, flags=re.I)  # "both X and Y": X, Y
    text = _share_heads(text)
    raw = _split_top_level(text, r",\s*(?:and\s+|or\s+|as well as\s+)?(?!\d{3}\b)|\s+(?:and|or|nor|as well as|and/or)\s+|/\s*(?=[a-z]{4})")
    items: list[str] = []
    carry = ""
    activities = _RE.hard_activity.match(text.strip()) is not None
    for number, piece in enumerate(raw):
        following = raw[number + 1] if number + 1 < len(raw) else ""
        listed = bool(following) and piece.strip().lower() in _ADJECTIVE_NOUNS and re.search(re.escape(piece) + r"\s*,\s*(?:and|or|nor)\s+" + re.escape(following),
                                               text, re.I) is not None  # "fever, cold, and cough": "cold" is an item
        if carry:
            piece = f"{carry} {piece}"
            carry = ""
        words = [w for w in piece.split() if w.lower() not in ("a", "an", "the")]
        if (len(words) == 1 and _RE.adjective_end.match(words[0]) and words[0].lower() not in _NOUN_LIKE
                and not _NOUN_ENDING.search(words[0].lower())
                or len(words) == 2 and all(_RE.plain_adjective.match(w) for w in words)
                or len(words) == 2 and _RE.plain_adjective.match(words[0]) and words[1].lower().endswith("y")
                and words[1].lower() not in _NOUN_LIKE
                or len(words) > 2 and all(_RE.plain_adjective.match(w) for w in words[-2:])) and not listed \
                and not (activities and _is_activity(piece.strip())):  # "trouble cooking, cleaning": two activities
            carry = piece
            continue
        items.append(piece)
    if carry:
        items.append(carry)
    return _shared_prefix(items)


def _shared_prefix(items: list[str]) -> list[str]:
    """Items that continue the head of the item before them get that head: a faculty after a
    change ("changes in vision, hearing" -> "changes in hearing") and an activity after a
    difficulty ("difficulty climbing stairs, combing her hair" -> "difficulty combing her hair")."""
    out: list[str] = []
    prefix = activity = None
    for item in items:
        if prefix and len(item.split()) <= 2 and _RE.faculty.search(item) and not _RE.prefix.match(item):
            out.append(f"{prefix} {item}")
            continue
        if activity and _is_activity(item):
            out.append(f"{activity.rstrip()} {item}")
            continue
        match = _RE.prefix.match(item)
        hard = None if _RE.subordinate.search(item) else _RE.hard_activity.match(item)
        prefix = match.group("p") if match else None
        activity = hard.group("p") if hard else None
        out.append(item)
    return out


def _is_activity(item: str) -> bool:
    """True when a list item is an activity told by a gerund ("combing her hair", "cooking"),
    not a symptom of its own ("vomiting", "drooling")."""
    first = item.split()[0].lower() if item.split() else ""
    return first.endswith("ing") and len(first) > 4 and first not in _NOUN_LIKE and not _RE.hard_activity.match(item)


#: Endings of nouns that look like adjectives ("chemotherapy", "colostomy", "biopsy", "anxiety").
_NOUN_ENDING = re.compile(r"(?:therapy|scopy|tomy|graphy|pathy|plasty|logy|ergy|opsy|story|jury|gery|ity|ety|ancy|ency|emy|"
                          r"omy|ory)$")

#: Words that are an adjective or a complaint of their own ("cold, clammy skin"; "fever, cold, and cough").
_ADJECTIVE_NOUNS = frozenset({"cold", "sore"})

#: Words ending like adjectives that are list items of their own.
_NOUN_LIKE = frozenset({
    "bleeding", "vomiting", "itching", "swelling", "wheezing", "sneezing", "coughing", "fainting", "burning",
    "tingling", "bruising", "snoring", "drooling", "scarring", "scaling", "crusting", "peeling", "blistering",
    "sweating", "flushing", "numbness", "dysentery", "anxiety", "obesity", "epilepsy", "pregnancy", "surgery",
    "injury", "diarrhea", "malaise", "fatigue", "irritability", "lethargy", "anorexia", "dysuria", "hematuria",
    "polyuria", "nocturia", "frequency", "urgency", "photophobia", "tachycardia", "smoking", "drinking",
    "hypertension", "diabetes", "asthma", "gout", "depression", "psoriasis", "eczema", "acne", "alcohol",
    "constipation", "dizziness", "weakness", "tenderness", "redness", "stiffness", "clumsiness", "hoarseness",
    "dyspnea", "orthopnea", "jaundice", "pruritus", "rash", "urticaria", "alopecia", "hemoptysis", "syncope",
})


def strip_subject(text: str) -> str:
    """``text`` without a leading chart subject and reporting verb.

    "The patient reports that he has chills" -> "he has chills" -> "has chills";
    "She also notes night sweats" -> "night sweats"; "The mother reports that her daughter
    has had a cough" -> "has had a cough". Another person as the subject stays ("Her
    husband smokes").
    """
    text = text.strip().replace("\u2019", "'")
    for _ in range(3):
        before = text
        text = _RE.reporter.sub("", text, count=1)
        text = _RE.chart_subject.sub("", text, count=1)
        text = _RE.reporting_verb.sub("", text, count=1)
        if text == before:
            break
    return text


def reported_clause(text: str) -> str | None:
    """The clause a speaker's frame introduces, or None when ``text`` opens with no such frame.

    The frame is a reporting verb after the patient or someone who speaks for them ("She
    states that the rash does not itch" -> "the rash does not itch", "His mother says he
    insults his teachers" -> "insults his teachers"); a bare chart subject ("She has a rash")
    is no frame."""
    text = text.strip().replace("\u2019", "'")
    content = strip_subject(text)
    if not content or content == _RE.chart_subject.sub("", text, count=1):
        return None
    return re.sub(r"^that\b,?\s*", "", content) or None  # "says that, during this period, she ..."


_ADVERB = (r"(?:also|otherwise|still|now|never|often|always|usually|frequently|sometimes|occasionally|currently|"
           r"recently|only|then|just|really|no longer|not|however|though|therefore|\w+ly)")
#: Third-person verbs a chart sentence coordinates after its first ("has diabetes and forgets names").
_COMMON_VERBS = (r"(?:takes|uses|works|lives|smokes|drinks|denies|reports|notes|says|states|describes|complains|feels|"
                 r"eats|goes|does|has|is|wants|needs|walks|runs|plays|attends|exercises|sleeps|forgets|hears|sees|thinks|"
                 r"worries|wakes|cries|gets|keeps|avoids|refuses|struggles|loses|misses|spends|enjoys|prefers|tries)")
_NOT_VERB_S = frozenset({"was", "always", "sometimes", "thus", "perhaps", "as", "us", "this", "yes", "also", "less"})


def _first_person_verb(verb: str) -> str:
    """The verb after "I" in agreement: "has" -> "have", "forgets" -> "forget", "is" -> "am"."""
    low = verb.lower()
    irregular = {"has": "have", "is": "am", "does": "do", "goes": "go"}
    if low in irregular:
        return irregular[low]
    if low in _NOT_VERB_S or not low.endswith("s") or low.endswith(("ss", "us", "is")):
        return verb
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if re.search(r"(?:sh|ch|x|z|ss|o)es$", low):
        return verb[:-2]
    return verb[:-1]


def first_person(text: str) -> str:
    """A case-report phrase in the patient's own person: "on his penis" -> "on my penis",
    "treated him" -> "treated me", "he otherwise forgets" -> "I otherwise forget".

    Plural pronouns ("them", "their") stay: in chart prose they name other people.
    """
    text = re.sub(r"\bhis\b", "my", text, flags=re.I)
    text = re.sub(r"\bher(?=\s*(?:[.,;:)]|$|\s+(?:to|with|for|at|in|on|and|or|by|from|that|a|an|the)\b))", "me", text,
                  flags=re.I)
    text = re.sub(r"\bher\b", "my", text, flags=re.I)
    text = re.sub(r"\bhim\b", "me", text, flags=re.I)
    text = re.sub(r"\b(himself|herself)\b", "myself", text, flags=re.I)
    text = re.sub(rf"\b(?:he|she)((?:,?\s+{_ADVERB},?)*)\s+([a-z]+)\b((?:[^.;]*?\s+and\s+(?:{_ADVERB}\s+)*(?:{_COMMON_VERBS}))*)",
                  lambda m: f"I{m.group(1)} {_first_person_verb(m.group(2))}" + re.sub(
                      rf"\b({_COMMON_VERBS})$", lambda v: _first_person_verb(v.group(1)), m.group(3)), text, flags=re.I)
    return re.sub(r"\b(?:he|she)\b", "I", text, flags=re.I)


def lower_chart_word(word: str) -> str:
    """Lower a capitalised chart word ("Diabetes" -> "diabetes"); keep acronyms and mixed case."""
    core = word.strip("()[],;:.")
    if len(core) > 1 and core[0].isupper() and core[1:].islower():
        return word.replace(core, core.lower(), 1)
    return word


#: Obstetric words a patient would not say -> what they would.
_OBSTETRIC_WORDS = {"primigravid": "first pregnancy", "primigravida": "first pregnancy", "nulliparous": "never given birth",
                    "primiparous": "given birth once", "multiparous": "given birth before",
                    "multigravid": "been pregnant before", "multigravida": "been pregnant before"}


def obstetric_phrase(text: str) -> str:
    """Gravida and para as a patient says them ("G2P1", "gravida 2, para 1" -> "2 pregnancies
    and 1 birth"; "nulliparous" -> "never given birth"); other text as it is."""
    word = text.strip(" ,.").lower()
    if word in _OBSTETRIC_WORDS:
        return _OBSTETRIC_WORDS[word]
    match = re.fullmatch(r"(?:G|gravida )(?P<g>\d+),? ?(?:P|para )(?P<p>\d+)(?:-?\d+)*", text.strip(" ,."), re.I)
    if match is None:
        return text
    pregnancies, births = int(match.group("g")), int(match.group("p"))
    return (f"{pregnancies} pregnanc{'y' if pregnancies == 1 else 'ies'} and "
            f"{births} birth{'' if births == 1 else 's'}")


def split_time(text: str) -> tuple[str, str | None]:
    """A value without the time that closes it, and that time ("pneumonia last month" ->
    ("pneumonia", "last month")); the text as it is and None when no time closes it."""
    time = _RE.trailing_time.search(text)
    if time is None or time.start() == 0:
        return text, None
    return text[: time.start()], time.group("time")


def short_value(text: str, *, person: bool = False) -> str:
    """A record value from a chart phrase: no chart subject, no trailing punctuation,
    no leading article, chart capitals lowered, the patient's own person (``person``).

    "The patient has Type 2 Diabetes Mellitus." -> "type 2 diabetes mellitus";
    "An oral contraceptive" -> "oral contraceptive".
    """
    text = re.sub(r"\s+", " ", strip_subject(str(text))).strip(" .;,:*")
    text = re.sub(r"\s+(?:was |were |are |is )?(?:reported|noted|mentioned|documented|observed|present|currently|now|"
                  r"at present|at this time)$", "", text, flags=re.I)
    text = re.sub(r",?\s+(?:(?:without|with (?:little|no|some|minimal)) (?:any |significant |much |great )?(?:improvement|relief|"
                  r"success|benefit|effect)|to no avail)$",
                  "", text, flags=re.I)
    text = re.sub(r"^(?:is|are|was|were|has been|have been)\s+(?:(?:currently|also|now|still)\s+)?(?=\w)", "", text, flags=re.I)
    text = re.sub(r",?\s+(?:that|which) (?:I|he|she|they|the patient) (?:\w+ )?(?:takes?|took|uses?|used|has|have|had|"
                  r"is|was|been)\b.*$", "", text, flags=re.I)
    text = re.sub(r"^(?:(?:a|an|the) )?(?:(?:past|prior|previous|remote) )?history of\s+(?=\w)|"
                  r"^(?:was |were )?involved in\s+(?=\w)|"
                  r"^(?:which|that) (?:was|were|is|has been|had been) (?:\w+ )?(?:diagnosed|labell?ed) as\s+(?=\w)|"
                  r"^and (?:my|his|her) (?:partner|husband|wife|boyfriend|girlfriend|spouse) (?:are|were|have been)\s+(?=\w)",
                  "", text, flags=re.I)
    text = re.sub(r"^(?:a|an|the|any|some)\s+", "", text, flags=re.I)
    words = text.split(" ")
    title_case = len(words) > 1 and all(w[:1].isupper() or not w[:1].isalpha() for w in words)
    if words and words[0]:
        words = [lower_chart_word(w) for w in words] if title_case else [lower_chart_word(words[0]), *words[1:]]
    text = " ".join(words)
    return first_person(text) if person else text


def find_duration(text: str) -> str | None:
    """The first duration phrase in a text, as the patient would say it after "It's been":
    "a 2-year history of" -> "2 years"; "that started 10 days ago" -> "10 days";
    "for the past 3 weeks" -> "3 weeks"; "since yesterday" -> "since yesterday".

    Times that date something else are no duration: "at 30 weeks' gestation", "3 days after
    admission", "2 years post-transplant", "every 4 hours"."""
    text = text or ""
    match = next((m for m in _DURATION.finditer(text) if not _RE.not_a_duration_before.search(text[: m.start()])
                  and not _RE.not_a_duration_after.match(text[m.end():])), None)
    if not match:
        return None
    phrase = match.group(0)
    phrase = re.sub(r"^(?:for |over )?(?:the )?(?:past |last (?!night)|previous )?", "", phrase, flags=re.I)
    phrase = re.sub(r"[- ](?:history|duration)$|\s+ago$", "", phrase, flags=re.I)
    phrase = re.sub(r"(\d)-(?=[a-z])", r"\1 ", phrase)
    if re.match(r"^[A-Z][a-z]", phrase):  # "Two days", "Yesterday" at a sentence start
        phrase = phrase[:1].lower() + phrase[1:]
    phrase = re.sub(r"^few\b", "a few", phrase, flags=re.I)
    if re.fullmatch(r"(minute|hour|day|week|month|year)s?", phrase, re.I):
        phrase = f"a {phrase.rstrip('s')}" if not phrase.endswith("s") else f"several {phrase}"
    number = re.match(r"(\S+) (minute|hour|day|week|month|year)s?$", phrase, re.I)
    if number and number.group(1).lower() not in ("a", "an", "1", "one"):
        phrase = f"{number.group(1)} {number.group(2)}s"
    return phrase


def parse_age_sex(text: str) -> tuple[float | None, str | None]:
    """Age in years and sex from a demographics phrase ("35-year-old female", "8-month-old boy")."""
    age: float | None = None
    match = _AGE.search(text)
    if match:
        raw, unit = match.group(1).lower(), match.group(2).lower()
        number = float(WORD_NUMBERS.get(raw, raw))
        age = round(number / {"year": 1, "month": 12, "week": 52, "day": 365}[unit], 2)
    elif _RE.newborn.search(text):
        age = 0.0
    sex = "female" if _RE.female.search(text) else "male" if _RE.male.search(text) else None
    return age, sex
