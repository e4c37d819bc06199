"""A recorded fact (value and detail) as one phrase a patient says, not as a note.

Records store facts in note form: a value with a bracketed aside ("ex-smoker (quit 8 years
ago)"), a detail written after a comma ("beer", "weekends"; "rheumatoid arthritis", "my
mother"), a person noun without a verb ("keen gardener"). :func:`spoken_fact` joins such a
value and its detail the way a person says them:

* a bracketed aside becomes a detail ("ex-smoker, quit 8 years ago"); an aside that repeats
  the value ("chronic lung disease (chronic lung disease)", after lay mapping) is dropped;
* a detail that says when, how often or since when, or a dose, follows without a comma
  ("calcium daily", "asthma since childhood", "beer at weekends", "simvastatin 20 mg at night");
* a clause in note form, without a subject, that says what was done or what came of it
  ("applied for two days, no change", "strains to pass urine") is said as a sentence where
  it is about the speaker's own doings (a social-history note: "I'm a keen gardener; I
  stopped because of pain") or with the item as its subject where it says what the item
  did ("paracetamol, it did not help"), else left out: the patient says the item itself,
  never a pasted note;
* an amount after a change ("weight loss", "about 9 kg") is joined with "of";
* a family-history detail that is only the relatives says who had it ("my mother has had
  rheumatoid arthritis");
* a social-history value that is a person noun is said as one ("I'm a keen gardener"), a
  living habit that starts with an -ing verb as what the patient has been doing ("I've
  been gaming ...").

Only function words are added ("at", "of", "I'm a", "has had", "I've been"), never a fact
word or a number (note clauses are only left out); the provenance guard accepts the phrase as the text of its path.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Callable

#: A detail that says when, how often, how long or since when: no comma before it.
_WHEN_DETAIL = re.compile(
    r"^(?:since|for|until|till|from|during|over|every|each|twice|once|in|on|at|after|before|as|when|while|"
    r"daily|nightly|weekly|monthly|yearly|annually|occasionally|regularly|sometimes|often|usually|mostly|"
    r"most|about|around|almost|nearly|several|last|this|recently)\b",
    re.IGNORECASE,
)
#: How a short detail (at most :data:`_SHORT_DETAIL` words) may end and still say when or
#: how often ("5 years ago", "twice a week").
_WHEN_END = re.compile(r"\bago$|\b(?:a|per) (?:day|night|week|month|year)$", re.IGNORECASE)
_SHORT_DETAIL = 4
#: Bare plural time words that take "at"/"on" ("beer, weekends" -> "beer at weekends").
_AT_WORDS = frozenset({"weekends", "weekdays", "nights", "night", "weekend"})
#: A value naming a change whose amount the detail gives ("weight loss", "about 9 kg").
_CHANGE_HEAD = re.compile(r"\b(?:loss|gain|drop|increase|decrease)$", re.IGNORECASE)
_AMOUNT = re.compile(r"^(?:about |around |nearly |almost |over |roughly )?\d")
#: Bracketed asides of a value ("ex-smoker (quit 8 years ago)").
_ASIDE = re.compile(r"\s*\(([^()]+)\)")

#: A note clause: a clause without a subject that says what was done or what came of it
#: ("applied for two days", "no change", "did not help", "strains to pass urine", "frozen off
#: two years ago", "also at grandparents'"). A patient does not say it after the item.
_NOTE_CLAUSE = re.compile(
    r"^(?:(?:did|didn't|does|doesn't|went|no|not|never|also|seen|frozen|found|done|given|taken|shown|told|"
    r"kept|broken|bitten|begun|drunk|eaten|worn|gone|known|grown|written|driven|chosen|forgotten|brought|"
    r"bought|caught|taught|spent|felt|held|made|paid|sent|used)\b|\w{2,}[^e\W]ed\b|\w+s to\b)",
    re.IGNORECASE,
)
#: A detail that gives a dose ("400 mg", "20 mg at night"): no comma before it.
_DOSE = re.compile(r"^\d+(?:\.\d+)?\s?(?:mg|mcg|g|ml|units?|iu|puffs?|tablets?)\b", re.IGNORECASE)

#: A family-history detail that only names the speaker's relatives ("my mother", "her father
#: and sister").
_RELATIVES_ONLY = re.compile(
    r"^(?:my|his|her|their|my child's)\s+(?:(?:older|younger|elder|twin|maternal|paternal|late)\s+)*"
    r"(?:mother|father|mum|mom|dad|parents|sister|brother|siblings|grandmother|grandfather|grandparents|grandma|"
    r"grandpa|aunt|uncle|cousin|son|daughter|niece|nephew)"
    r"(?:\s+and\s+(?:(?:older|younger|maternal|paternal)\s+)*(?:mother|father|sister|brother|grandmother|"
    r"grandfather|aunt|uncle|cousin|son|daughter))*$",
    re.IGNORECASE,
)
_PLURAL_RELATIVES = re.compile(r"\band\b|\b(?:parents|siblings|grandparents)$", re.IGNORECASE)

#: Head nouns of a person described by a habit ("keen gardener", "ex-smoker", "vegetarian").
_PERSON_HEADS = frozenset(
    """smoker ex-smoker non-smoker drinker non-drinker teetotaller teetotaler user gardener runner jogger walker
    cyclist swimmer climber hiker golfer dancer player athlete vegetarian vegan pescatarian sportsman sportswoman
    gamer reader cook baker fisherman hunter""".split()
)
_NO_ARTICLE = frozenset("a an the my his her one".split())
#: -ing words that are things, not what the patient is doing.
_ING_NOUNS = frozenset("morning evening nothing something anything everything clothing ceiling building".split())
_ING_ADVERBS = frozenset("barely hardly rarely mostly often regularly mainly not still".split())


#: Per-field sentence frames for values in note form, tried in order: (field prefix, pattern
#: of the value's start, what replaces that start, for the patient and for a parent's
#: subject). Only function words and the speaker's words are added.
_FRAMES: tuple[tuple[str, re.Pattern[str], str, str], ...] = tuple(
    (field, re.compile(pattern, re.IGNORECASE), patient, other)
    for field, pattern, patient, other in (
        ("social.reproductive_history[", r"^(?=(?:one|two|three|four|five|six|\d+) (?:children|child|kids|sons?|daughters?)\b)",
         "I have ", "{subject} has "),
        ("social.reproductive_history[", r"^(?=never been\b)", "I've ", "{subject} has "),
        ("social.reproductive_history[", r"^(last|first) (menstrual )?period\b(?! (?:was|is)\b)",
         "my \\1 \\2period was", "{poss} \\1 \\2period was"),
        ("social.reproductive_history[", r"^(?=menopause\b)", "I went through ", "{subject} went through "),
        ("social.living_habits[", r"^diet (?=high|low|rich|poor|mostly|mainly)", "my diet is ", "{poss} diet is "),
        ("social.living_habits[", r"^(?=[\w-]+ diet\b)", "I have a ", "{subject} has a "),
    )
)
_POSSESSIVE = MappingProxyType({"I": "my", "she": "her", "he": "his", "my child": "my child's"})


def _framed(path: str, value: str, subject: str) -> str:
    """``value`` in the first sentence frame of its field that fits, else unchanged."""
    for field, pattern, patient, other in _FRAMES:
        if path.startswith(field) and pattern.search(value):
            frame = patient if subject == "I" else other.format(subject=subject, poss=_POSSESSIVE.get(subject, "their"))
            return re.sub(r"\s+", " ", pattern.sub(frame, value, count=1))
    return value


def _article(text: str) -> str:
    return "an" if text[:1].lower() in "aeiou" else "a"


def _is_person_noun(value: str) -> bool:
    words = value.lower().split()
    return 0 < len(words) <= 4 and words[-1] in _PERSON_HEADS and not any(c.isdigit() for c in value)


def _doing(value: str) -> bool:
    words = value.lower().split()
    if words and words[0] in _ING_ADVERBS:
        words = words[1:]
    return bool(words) and words[0].endswith("ing") and len(words[0]) > 4 and words[0] not in _ING_NOUNS


def split_aside(value: str) -> tuple[str, list[str]]:
    """A value without its bracketed asides, and the asides that say more than the value
    ("chronic lung disease (chronic lung disease)" -> ("chronic lung disease", []))."""
    asides = _ASIDE.findall(value)
    bare = _ASIDE.sub("", value).strip()
    if not bare:
        return value, []
    kept = [a.strip() for a in asides if a.strip() and a.strip().lower() not in bare.lower()]
    return bare, kept


def without_notes(text: str, *, keep_first: bool, as_sentence: Callable[[str], str | None] = lambda clause: None,
                  subject: str = "I") -> str:
    """``text`` with its comma clauses in note form (:data:`_NOTE_CLAUSE`) said as sentences
    where ``as_sentence`` can ("stopped because of pain" -> "I stopped because of pain"),
    else left out ("applied for two days, no change" -> "", "once last year, went away on
    its own" -> "once last year"); with ``keep_first`` the first clause (the item itself)
    always stays. A note the voice already gave the ``subject`` ("I used for a day") is
    still a note."""
    kept = []
    for index, clause in enumerate(text.split(", ")):
        bare = clause.removeprefix(f"{subject} ")
        if (keep_first and index == 0) or not _NOTE_CLAUSE.match(bare):
            kept.append(clause)
        elif (sentence := as_sentence(bare)) is not None:
            kept.append(sentence)
    return ", ".join(kept)


#: A note clause that says what the item did or what came of it ("did not help", "went away
#: on its own"), with "it" (the item) as its subject; and an outcome without a verb ("no change").
_ITEM_DID = re.compile(r"^(?:did|didn't|does|doesn't|went|helped|helps|worked|works|cleared|resolved|improved)\b",
                       re.IGNORECASE)
_NO_OUTCOME = re.compile(r"^no (?:change|difference|effect|improvement|relief|benefit|help)$", re.IGNORECASE)


def item_sentence(clause: str) -> str | None:
    """A note clause about a recorded item (a condition, a medicine, a treatment) as a clause
    a person says, or ``None``: "did not help" -> "it did not help", "no change" -> "with no
    change"."""
    if _ITEM_DID.match(clause):
        return f"it {clause}"
    if _NO_OUTCOME.match(clause):
        return f"with {clause}"
    return None


def _sentence_maker(subject: str, voice: Callable[[str], str]) -> Callable[[str], str | None]:
    """A note clause about the speaker's own doings as a sentence with its subject ("stopped
    because of pain" -> "I stopped because of pain"), ``None`` when ``voice`` gives it none."""
    starts = ("I ", f"{subject} ", f"{subject.capitalize()} ")

    def as_sentence(clause: str) -> str | None:
        voiced = voice(clause)
        return voiced if voiced != clause and voiced.startswith(starts) else None

    return as_sentence


def join_detail(value: str, detail: str) -> str:
    """``value`` and its ``detail`` as one phrase: "calcium daily", "beer at weekends",
    "weight loss of about 9 kg", else "value, detail"."""
    if len(detail) > 1 and detail[0].isupper() and detail[1].islower():
        detail = detail[0].lower() + detail[1:]  # "For 10 years" written as a sentence
    if detail.lower() in _AT_WORDS:
        return f"{value} at {detail}"
    if _CHANGE_HEAD.search(value) and _AMOUNT.match(detail):
        return f"{value} of {detail}"
    if _DOSE.match(detail):
        return f"{value} {detail}"
    short = len(detail.split()) <= _SHORT_DETAIL and not detail.split()[0].endswith("ed")  # not "treated 4 years ago"
    if _WHEN_DETAIL.search(detail) or (short and _WHEN_END.search(detail)):
        return f"{value} {detail}"
    if detail.startswith(("I ", "I'")):
        return f"{value}; {detail}"
    return f"{value}, {detail}"


def spoken_fact(path: str, texts: tuple[str, ...], *, subject: str = "I",
                voice: Callable[[str], str] = lambda text: text) -> str:
    """The texts of a fact at ``path`` (value, then detail; already in the speaker's voice
    and lay words) as one phrase; ``subject`` is the speaker's word for the patient ("I",
    or "she"/"he"/"my child" where a parent speaks); ``voice`` puts a bracketed aside in the
    speaker's voice as the record's other texts already are. See the module docstring."""
    if not texts:
        return ""
    value, asides = split_aside(texts[0])
    # a social-history note is about the speaker's own doings ("stopped because of pain"); a
    # note about a condition or a medicine is about the item ("went away on its own")
    as_sentence = _sentence_maker(subject, voice) if path.startswith("social.") else item_sentence
    value = without_notes(value, keep_first=True, as_sentence=as_sentence, subject=subject)
    details = [without_notes(t, keep_first=False, as_sentence=as_sentence, subject=subject)
               for t in [*(voice(a) for a in asides), *texts[1:]] if t]
    details = [d for d in details if d]
    if path.startswith("history.family_history[") and len(details) == 1 and _RELATIVES_ONLY.match(details[0]):
        relatives = details[0]
        verb = "have had" if _PLURAL_RELATIVES.search(relatives) else "has had"
        return f"{relatives} {verb} {value}"
    if path.startswith("social."):
        head, comma, rest = value.partition(", ")
        if rest and _is_person_noun(head):  # "keen gardener, stopped because of pain"
            value, details = head, [voice(rest), *details]
        if _is_person_noun(value):
            article = "" if value.split()[0].lower() in _NO_ARTICLE else f"{_article(value)} "
            be = "I'm" if subject == "I" else f"{subject} is"
            value = f"{be} {article}{value}"
        elif path.startswith("social.living_habits[") and _doing(value):
            value = f"I've been {value}" if subject == "I" else f"{subject} has been {value}"
        else:
            value = _framed(path, value, subject)
    for detail in details:
        value = join_detail(value, detail)
    return value
