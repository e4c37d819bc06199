"""Text helpers of the importers: sentences, lists, durations, ages and short values.

Case reports are third-person chart prose ("The patient has a history of Hypertension,
Type 2 Diabetes"); a record stores short noun phrases the patient can speak ("hypertension",
"type 2 diabetes"). These helpers do that reshaping; :mod:`tod.records.routing` decides
where each phrase goes.
"""

from __future__ import annotations

import re

WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a": 1, "an": 1, "several": 3, "few": 3,
}
_NUMBER = r"(?:\d+(?:\.\d+)?|" + "|".join(WORD_NUMBERS) + r")"
_AGE = re.compile(_NUMBER.replace("(?:", "(", 1) + r"[- ](year|month|week|day)s?[- ]old", re.I)
_UNIT = r"(?:minute|hour|day|week|month|year)s?"
_DURATION = re.compile(
    rf"\b(?:for |over )?(?:the )?(?:past |last |previous )?(?:(?:several|few|many|\d+) )?"
    rf"(?:{_NUMBER}(?:(?:[- ]to[- ]|-)\d+)?[- ]{_UNIT}(?![- ]old)(?:[- ](?:history|duration))?(?: ago)?"
    rf"|(?:several|few|many|past|last) {_UNIT})"
    r"|\bsince (?:yesterday|this morning|last night|last week|(?:the )?(?:age|childhood) ?\d*|\w+ days? ago)"
    r"|\b(?:yesterday|this morning|last night|earlier today)\b",
    re.I,
)
_FEMALE = re.compile(r"\b(female|woman|girl|lady|f|primigravida|g\d+p\d+)\b", re.I)
_MALE = re.compile(r"\b(male|man|boy|gentleman|m)\b", re.I)
_NEWBORN = re.compile(r"\b(newborn|neonate|infant born)\b", re.I)
_ADJECTIVE_END = re.compile(r"^[a-z-]+(ful|ous|ive|al|ic|ing|ed|ary|ent|ant|ible|able|less|ish|y)$", re.I)
_CHART_SUBJECT = re.compile(
    r"^(?:the |this |our |her |his )?(?:patient|pt|client|child|infant|boy|girl|man|woman|he|she|they|mother|father|"
    r"parents|wife|husband)(?:'s)?\b"
    r"(?:\s+(?:also|further|additionally|otherwise|currently|now|still|previously|initially|reportedly))*\s*",
    re.I,
)
_REPORTING_VERB = re.compile(
    r"^(?:(?:also|further|now|additionally) )?(?:reports?|reported|notes?|noted|states?|stated|says?|said|mentions?|mentioned|"
    r"describes?|described|endorses?|endorsed|admits? to|admitted to|complains? of|complained of|"
    r"recalls?|recalled|explains?|explained)\s+(?:that\s+|having\s+|of\s+)?|^has been (?=\w+ing\b)",
    re.I,
)


def split_sentences(text: str) -> list[str]:
    """Split text into sentences (on . ! ? ; and line/bullet breaks), stripped, non-empty.

    A full stop inside a number ("38.9") or an abbreviation followed by a lower-case word
    ("e.g. fever") does not end a sentence.
    """
    parts = re.split(r"(?<=[.!?;])\s+(?=[A-Z0-9(\"'])|\n+|\s+-\s+|\s*\d+\.\s+(?=[A-Z*])", text)
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


def split_items(text: str) -> list[str]:
    """Split a list phrase into its items: "fever, chills, or night sweats" -> three items.

    Commas, "and", "or", "as well as" and "nor" separate items outside parentheses. A lone
    adjective before a comma joins the next item ("a painful, recurrent rash" stays one item),
    and numbers with commas ("14,000/mm3") are not split.
    """
    raw = _split_top_level(text, r",\s*(?:and\s+|or\s+|as well as\s+)?(?!\d{3}\b)|\s+(?:and|or|nor|as well as|and/or)\s+|/\s*(?=[a-z]{4})")
    items: list[str] = []
    carry = ""
    for piece in raw:
        if carry:
            piece = f"{carry} {piece}"
            carry = ""
        words = piece.split()
        if len(words) == 1 and _ADJECTIVE_END.match(words[0]) and words[0].lower() not in _NOUN_LIKE:
            carry = piece
            continue
        items.append(piece)
    if carry:
        items.append(carry)
    return items


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
    "She also notes night sweats" -> "night sweats".
    """
    text = text.strip().replace("\u2019", "'")
    for _ in range(3):
        before = text
        text = _CHART_SUBJECT.sub("", text, count=1)
        text = _REPORTING_VERB.sub("", text, count=1)
        if text == before:
            break
    return text


def first_person(text: str) -> str:
    """A case-report phrase in the patient's own person: "on his penis" -> "on my penis",
    "treated him" -> "treated me"."""
    text = re.sub(r"\b(his|their)\b", "my", text, flags=re.I)
    text = re.sub(r"\bher(?=\s*(?:[.,;:)]|$|\s+(?:to|with|for|at|in|on|and|or|by|from|that|a|an|the)\b))", "me", text,
                  flags=re.I)
    text = re.sub(r"\bher\b", "my", text, flags=re.I)
    text = re.sub(r"\b(him|them)\b", "me", text, flags=re.I)
    text = re.sub(r"\b(himself|herself|themselves)\b", "myself", text, flags=re.I)
    text = re.sub(r"\b(he|she)\s+(has|is|was|does|had|did)\b",
                  lambda m: "I " + {"has": "have", "is": "am", "was": "was", "does": "do", "had": "had", "did": "did"}[m.group(2).lower()],
                  text, flags=re.I)
    text = re.sub(r"\b(he|she)\b", "I", text, flags=re.I)
    return re.sub(r"\bI (report|note|state|say|describe|think|feel|believe|notice|take|use|work|live|smoke|drink|"
                  r"deny|denie|want|need|walk|run|eat|complain|recall|remember|experience|develop|appear|look|seem)s\b",
                  lambda m: f"I {'deny' if m.group(1) == 'denie' else m.group(1)}", text)


def lower_chart_word(word: str) -> str:
    """Lower a capitalised chart word ("Diabetes" -> "diabetes"); keep acronyms and mixed case."""
    core = word.strip("()[],;:.")
    if len(core) > 1 and core[0].isupper() and core[1:].islower():
        return word.replace(core, core.lower(), 1)
    return word


def short_value(text: str, *, person: bool = False) -> str:
    """A record value from a chart phrase: no chart subject, no trailing punctuation,
    no leading article, chart capitals lowered, the patient's own person (``person``).

    "The patient has Type 2 Diabetes Mellitus." -> "type 2 diabetes mellitus";
    "An oral contraceptive" -> "oral contraceptive".
    """
    text = re.sub(r"\s+", " ", strip_subject(str(text))).strip(" .;,:*")
    text = re.sub(r"\s+(?:was |were |are |is )?(?:reported|noted|mentioned|documented)$", "", text, flags=re.I)
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
    "for the past 3 weeks" -> "3 weeks"; "since yesterday" -> "since yesterday"."""
    match = _DURATION.search(text or "")
    if not match:
        return None
    phrase = match.group(0)
    phrase = re.sub(r"^(?:for |over )?(?:the )?(?:past |last |previous )?", "", phrase, flags=re.I)
    phrase = re.sub(r"[- ](?:history|duration)$|\s+ago$", "", phrase, flags=re.I)
    phrase = re.sub(r"(\d)-(?=[a-z])", r"\1 ", phrase)
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
    elif _NEWBORN.search(text):
        age = 0.0
    sex = "female" if _FEMALE.search(text) else "male" if _MALE.search(text) else None
    return age, sex
