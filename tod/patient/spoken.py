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
* an amount after a change ("weight loss", "about 9 kg") is joined with "of", and a change
  of weight or size with its amount is said as what the patient did ("I've lost about 9 kg",
  "I've put on 3 kg", :func:`change_said`);
* a family-history detail that is only the relatives says who had it ("my mother has had
  rheumatoid arthritis");
* a social-history value that is a person noun is said as one ("I'm a keen gardener"), a
  living habit that starts with an -ing verb as what the patient has been doing ("I've
  been gaming ...");
* a living habit or a sexual-history note in note form is said as full clauses
  (:func:`as_clauses`): "several new partners, inconsistent condom use" -> "I've had
  several new partners, with inconsistent condom use";
* a singular place or thing after a preposition takes its article ("on tablet" -> "on a
  tablet", "from pharmacy" -> "from the pharmacy", :func:`with_place_articles`), "a"/"an"
  agree with the word after them (after lay mapping: "an steroid inhaler" -> "a steroid
  inhaler") and a negated verb is contracted as people speak ("did not help" -> "didn't help").

Only function words are added ("at", "of", "I'm a", "has had", "I've been", "with", "the") and a
change's noun said as its verb ("loss" -> "lost"), never a fact word or a number (note clauses are only left out); the provenance guard accepts the phrase as the text of its path.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial
from types import MappingProxyType
from typing import Callable, Mapping

from tod.patient.matching import body_regions
from tod.patient.plain import item_word_class
from tod.patient.voice import first_person
from tod.text import indefinite_article

#: A detail that says when, how often, how long or since when: no comma before it.
_WHEN_DETAIL = re.compile(
    r"^(?:since|for|until|till|from|during|over|every|each|twice|once|in|on|at|after|before|as|when|while|"
    r"daily|nightly|weekly|monthly|yearly|annually|occasionally|regularly|sometimes|often|usually|mostly|"
    r"most|about|around|almost|nearly|several|last|this|recently)\b",
    re.IGNORECASE,
)
#: How a short detail (at most :data:`_SHORT_DETAIL` words) may end and still say when or
#: how often ("5 years ago", "twice a week").
_WHEN_END = re.compile(r"\b(?:ago|later|earlier)$|\b(?:a|per) (?:day|night|week|month|year)$", re.IGNORECASE)
_SHORT_DETAIL = 4
#: Bare plural time words that take "at"/"on" ("beer, weekends" -> "beer at weekends").
_AT_WORDS = frozenset({"weekends", "weekdays", "nights", "night", "weekend"})
#: A value naming a change whose amount the detail gives ("weight loss", "about 9 kg").
_CHANGE_HEAD = re.compile(r"\b(?:loss|gain|drop|increase|decrease)$", re.IGNORECASE)
_AMOUNT = re.compile(r"^(?:about |around |nearly |almost |over |roughly )?\d")
#: A change of the body's weight or size with its amount in the same text ("weight loss of
#: 5.4 kg", "weight gain of about 3 kg in 2 weeks"): the thing, the change, the amount and
#: what follows it (when, how).
_CHANGE_OF = re.compile(r"^(?P<thing>[a-z][\w-]*) (?P<head>loss|gain|drop|increase|decrease)"
                        r"(?P<how>(?: [a-z]+)*?) of (?P<amount>(?:about |around |nearly |almost |over |roughly |approximately )?"
                        r"\d[\d.,]*\s?(?:kg|kilos?|g|lbs?|pounds?|stones?|st|cm|centimetres?|inches|in|mm)\b)(?P<rest>.*)$",
                        re.IGNORECASE)
#: The same change with its amount before it ("5-kg weight loss", "7 pound weight gain").
_AMOUNT_CHANGE = re.compile(r"^(?P<number>\d[\d.,]*)[- ]?(?P<unit>kg|kilos?|lbs?|pounds?|cm)[- ](?P<thing>weight|height) "
                            r"(?P<head>loss|gain|drop|increase|decrease)(?P<rest>.*)$", re.IGNORECASE)
#: What a person says they did for a change: (for the weight, for another thing).
_CHANGE_VERBS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "loss": ("lost", "lost"), "drop": ("lost", "lost"), "decrease": ("lost", "lost"),
    "gain": ("put on", "gained"), "increase": ("put on", "gained"),
})
_HAVE = MappingProxyType({"I": "I've", "she": "she's", "he": "he's"})
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
#: A value that opens with a bare relative who did or has something ("grandson had a cold",
#: "wife says he snores", "mother's pregnancy was normal"): the relative is the speaker's.
_BARE_KIN = re.compile(
    r"^(?:(?:grand)?(?:mother|father|son|daughter|parents|children)|sisters?|brothers?|wife|husband|partner|aunt|"
    r"uncle|cousin|niece|nephew|mum|mom|dad)(?:'s|’s)?\s+(?!(?:of|with|and|or|in|at|on|to|from|for|by|as)\b)[a-z]",
    re.IGNORECASE)
_PLURAL_RELATIVES = re.compile(r"\band\b|\b(?:parents|siblings|grandparents)$", re.IGNORECASE)

#: Head nouns of a person described by a habit ("keen gardener", "ex-smoker", "vegetarian").
_PERSON_HEADS = frozenset(
    """smoker ex-smoker non-smoker drinker non-drinker teetotaller teetotaler user gardener runner jogger walker
    cyclist swimmer climber hiker golfer dancer player athlete vegetarian vegan pescatarian sportsman sportswoman
    gamer reader cook baker fisherman hunter""".split()
)
_NO_ARTICLE = frozenset("a an the my his her one".split())
#: -ing words that are things, not what the patient is doing.
_ING_NOUNS = frozenset("""morning evening nothing something anything everything clothing ceiling building during
    including according regarding concerning following""".split())
_ING_ADVERBS = frozenset("barely hardly rarely mostly often regularly mainly not still".split())


#: A note that is only how often, with no verb ("socially", "occasionally, at weekends").
_HOW_OFTEN = (r"^(?=(?:socially|occasionally|rarely|sometimes|regularly|heavily|moderately|lightly|daily|weekly|"
              r"nightly|only|on|at|every|most|once|twice)\b)")


def _AMOUNT_OF(units: str) -> str:
    """A note that is only an amount of ``units`` ("2 glasses of wine a day", "1-2 packs")."""
    return rf"^(?=(?:about |around |up to )?(?:\d[\d.,/-]*|a|an|one|two|three|four|five|six|half a|a few|a couple of) (?:{units})\b)"


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
        ("social.living_habits[", r"^(?=[\w-]+ (?:diet|lifestyle|routine|job)\b)", "I have a ", "{subject} has a "),
        # a stay named by its time ("time in prison", "two years abroad"): where the speaker spent it
        ("social.", r"^(?=(?:(?:some|\d+|a|an|one|two|three|several|many) )?(?:time|years?|months?|weeks?) "
         r"(?:in|at|on|abroad|overseas)\b)", "I spent ", "{subject} spent "),
        # how often or how much, with no verb ("socially", "2 glasses of wine a day"): the field's verb
        ("social.alcohol", _HOW_OFTEN, "I drink ", "{subject} drinks "),
        ("social.alcohol", _AMOUNT_OF("drinks?|units?|glass(?:es)?|beers?|pints?|bottles?|cans?|shots?"),
         "I have ", "{subject} has "),
        ("social.tobacco", r"^(?:1|one) (?=pack\b)", "I smoke a ", "{subject} smokes a "),
        ("social.tobacco", _AMOUNT_OF("packs?|cigarettes?|cigs|cigars?|pipes?"), "I smoke ", "{subject} smokes "),
        ("social.tobacco", _HOW_OFTEN, "I smoke ", "{subject} smokes "),
    )
)
_POSSESSIVE = MappingProxyType({"I": "my", "she": "her", "he": "his", "my child": "my child's"})


def _framed(path: str, value: str, subject: str) -> str:
    """``value`` in the first sentence frame of its field that fits, else unchanged."""
    for field, pattern, patient, other in _FRAMES:
        if path.startswith(field) and pattern.search(value):
            frame = patient if subject == "I" else other.format(subject=subject, poss=_POSSESSIVE.get(subject, "their"))
            return re.sub(r"\s+", " ", pattern.sub(frame, _lower_title(value), count=1))
    return value


def _lower_title(value: str) -> str:
    """A note's first word in title case in lower case, as it reads inside a sentence ("Socially"
    -> "socially"); an acronym or a name in capitals kept."""
    first, space, rest = value.partition(" ")
    return f"{first.lower()}{space}{rest}" if first[:1].isupper() and first[1:].islower() else value


def _frame_words(said: str) -> tuple[str, ...]:
    """The subject and verb a framed part opens with ("I drink")."""
    return tuple(said.split()[:2])


def framed_parts(path: str, value: str, subject: str) -> str:
    """``value``, a note of comma parts, with each part that fits a sentence frame of its
    field (:data:`_FRAMES`) said in it and joined as a clause of its own: "not pregnant, one
    child aged 4" -> "I'm not pregnant, and I have one child aged 4"; in a field with frames a
    first part that is a state ("not pregnant") is said with "I'm". Parts that fit no frame
    stay as written."""
    parts = value.split(", ")
    said = [_framed(path, part, subject) for part in parts]
    for i in range(1, len(said)):  # a frame said once: "I drink occasionally, at weekends"
        if said[i] != parts[i] and said[i - 1] != parts[i - 1] and _frame_words(said[i]) == _frame_words(said[i - 1]):
            said[i] = parts[i]
    framed_field = any(path.startswith(field) for field, *_ in _FRAMES)
    if framed_field and said[0] == parts[0] and len(parts) > 1 and _clause_kind(parts[0]) == "state":
        said[0] = _said(parts[0], "state", subject, first=True)
    joined = said[0]
    for part, spoken in zip(parts[1:], said[1:]):
        joined = f"{joined}, and {spoken}" if spoken != part and said[0] != parts[0] else f"{joined}, {spoken}"
    return joined


#: Singular places and things a record names after a preposition without an article, and
#: the article a person puts there ("on tablet" -> "on a tablet", "from pharmacy" -> "from
#: the pharmacy", "before headache" -> "before the headache").
_PLACE_ARTICLES: Mapping[str, str] = MappingProxyType({
    **dict.fromkeys("tablet phone laptop computer console bike bicycle treadmill trampoline meal".split(), "a"),
    **dict.fromkeys("pharmacy chemist supermarket shop gym park beach pool clinic office doctor gp dentist "
                    "headache attack episode seizure fall accident injury operation".split(), "the"),
})
_PLACE_PREPOSITIONS = "on|from|at|to|in|into|onto|before|after|during|since|near"
#: Words that may follow such a noun when it ends its phrase ("on tablet 3 hours a day",
#: "from pharmacy, with no change"), unlike a noun it modifies ("in tablet form").
_PHRASE_END = r"(?=$|[,;.)]|\s+(?:\d|and\b|or\b|for\b|with\b|every\b|each\b|daily\b|most\b|when\b|while\b|" \
              r"to\b|until\b|about\b|around\b|since\b|at\b|in\b|on\b|after\b|before\b))"
_BARE_PLACE = re.compile(rf"\b({_PLACE_PREPOSITIONS}) ({'|'.join(_PLACE_ARTICLES)})\b{_PHRASE_END}", re.IGNORECASE)


def with_place_articles(text: str) -> str:
    """``text`` with a singular place or thing after a preposition given its article
    (:data:`_PLACE_ARTICLES`): "gaming on tablet 3 hours a day" -> "gaming on a tablet 3
    hours a day"; "in tablet form" unchanged (the noun names the kind of a next noun)."""
    return _BARE_PLACE.sub(lambda m: f"{m.group(1)} {_PLACE_ARTICLES[m.group(2).lower()]} {m.group(2)}", text)


#: "a"/"an" and the word after them (lower case articles only: "vitamin A" is no article).
_ARTICLE_WORD = re.compile(r"\b(an?) ([A-Za-z][\w'-]*)")


def agreed_articles(text: str) -> str:
    """``text`` with "a"/"an" agreeing with the next word's first letter ("an steroid
    inhaler" -> "a steroid inhaler", "a inhaler" -> "an inhaler"); words whose sound the
    letter does not tell ("hour", "urine", "one", a capitalised word such as "X-ray" or
    "MRI") keep what was written."""
    def agree(match: re.Match[str]) -> str:
        word = match.group(2)
        lower = word.lower()
        if word[0].isupper() or lower[0] in "uh" or lower.startswith(("one", "once", "eu")):
            return match.group(0)
        return f"{'an' if lower[0] in 'aeio' else 'a'} {word}"

    return _ARTICLE_WORD.sub(agree, text)


_NEGATED = re.compile(r"\b(do|does|did|is|are|was|were|has|have|had|could|would|should) not\b", re.IGNORECASE)
_CANNOT = re.compile(r"\b(c)annot\b", re.IGNORECASE)


def contracted(text: str) -> str:
    """``text`` with its negated verbs as people say them: "did not help" -> "didn't help",
    "cannot" -> "can't"."""
    return _CANNOT.sub(lambda m: f"{m.group(1)}an't", _NEGATED.sub(lambda m: f"{m.group(1)}n't", text))


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
    kept = ""
    for index, clause in enumerate(text.split(", ")):
        bare = clause.removeprefix(f"{subject} ")
        if (keep_first and index == 0) or not _note_clause(bare):
            clause = _course_said(clause)
            kept = f"{kept} {clause}" if kept and clause.startswith("from ") else f"{kept}, {clause}" if kept else clause
        elif (sentence := as_sentence(bare)) is not None:
            kept = continued(kept, sentence, subject) if kept else sentence
    return kept


#: A note clause that says what the item did or what came of it ("did not help", "went away
#: on its own"), with "it" (the item) as its subject; and an outcome without a verb ("no change").
_ITEM_DID = re.compile(r"^(?:did|didn't|does|doesn't|went|helped|helps|worked|works|cleared|resolved|improved)\b",
                       re.IGNORECASE)
#: A note that nothing changed ("no change"): said as "with no change".
_NO_OUTCOME = re.compile(r"^no (?:change|difference)$", re.IGNORECASE)
#: An outcome in note form, by how much the item helped ("little help", "with no
#: improvement", "good relief"): said as a clause about the item (:data:`_OUTCOME_SAID`).
_OUTCOME = re.compile(r"^(?:(?P<without>without(?:\s+any)?)|(?:with\s+)?(?P<degree>no|little|minimal|slight|some|partial|"
                      r"moderate|good|great|excellent))\s+(?:effect|improvement|relief|benefit|help|response)$",
                      re.IGNORECASE)
#: A condition kept under treatment, in note form ("on treatment for 5 years", "on a
#: gluten-free diet"): said as what the speaker is on for it.
_ON_TREATMENT = re.compile(r"^on (?P<what>treatment|medication|medicines?|tablets|insulin|an? [\w-]+(?: [\w-]+)? diet)"
                           r"(?P<rest>\s+(?:for|since)\s+.+)?$", re.IGNORECASE)
#: The speaker's "is" and "has been" by subject.
_IS = MappingProxyType({"I": "I'm", "she": "she's", "he": "he's"})
_HAS_BEEN = MappingProxyType({"I": "I've been", "she": "she's been", "he": "he's been"})
#: What a patient says for each degree of :data:`_OUTCOME`.
_OUTCOME_SAID = MappingProxyType({
    "no": "but it didn't help", "little": "but it didn't help much", "minimal": "but it didn't help much",
    "slight": "but it didn't help much", "some": "and it helped a bit", "partial": "and it helped a bit",
    "moderate": "and it helped a bit", "good": "and it helped", "great": "and it helped", "excellent": "and it helped",
})
#: A course of a treatment with where it came from, in note form ("3 days from the GP").
_COURSE_FROM = re.compile(r"^(?P<course>(?:\d+|a|an|one|two|three|four|five|six|seven|ten) (?:days?|weeks?|months?))\s+"
                          r"(?P<source>from (?:the|my|a|an) [\w' -]+)$", re.IGNORECASE)


def item_sentence(clause: str, subject: str = "I") -> str | None:
    """A note clause about a recorded item (a condition, a medicine, a treatment) as a clause
    a person says, or ``None``: "did not help" -> "it did not help", "little help" / "with no
    improvement" -> "but it didn't help much" / "but it didn't help", "no change" -> "with no
    change", "on treatment for 5 years" -> "and I've been on treatment for it for 5 years"
    (``subject``: the speaker's word for the patient)."""
    if _ITEM_DID.match(clause):
        return f"it {clause}"
    outcome = _OUTCOME.match(clause)
    if outcome:
        return _OUTCOME_SAID["no" if outcome["without"] else outcome["degree"].lower()]
    treated = _ON_TREATMENT.match(clause)
    if treated:
        rest = treated["rest"] or ""
        verb = (_HAS_BEEN.get(subject, f"{subject} has been") if rest else _IS.get(subject, f"{subject} is"))
        return f"and {verb} on {treated['what']} for it{rest}"
    if _NO_OUTCOME.match(clause):
        return f"with {clause}"
    return None


#: "it" as the subject of what an item did ("but it didn't help"), for a plural item.
_ITEM_IT = re.compile(r"(?<=[,;] )((?:but |and )?)it (?=(?:didn't|did|helped|worked|went)\b)")


def _plural_item(item: str) -> bool:
    """Whether ``item`` names more than one thing ("topical agents", "ibuprofen and
    paracetamol", "two courses of antibiotics"), so what it did is said with "they"."""
    words = re.sub(r"[^\w' -]", " ", item.lower()).split()
    if not words:
        return False
    head = _head(words)
    return " and " in f" {item.lower()} " or (head.endswith("s") and not head.endswith(("ss", "us", "is")))


def _note_clause(clause: str) -> bool:
    """Whether ``clause`` is a note clause (:data:`_NOTE_CLAUSE`), a note-form outcome
    (:data:`_OUTCOME`) or a treatment a condition is kept under (:data:`_ON_TREATMENT`)."""
    return bool(_NOTE_CLAUSE.match(clause) or _OUTCOME.match(clause) or _ON_TREATMENT.match(clause))


def _course_said(clause: str) -> str:
    """A treatment's course in note form said in a patient's order ("3 days from the GP" ->
    "from the GP for 3 days"); any other clause as it is."""
    course = _COURSE_FROM.match(clause)
    return f"{course['source']} for {course['course']}" if course else clause


def _sentence_maker(subject: str, voice: Callable[[str], str]) -> Callable[[str], str | None]:
    """A note clause about the speaker's own doings as a sentence with its subject ("stopped
    because of pain" -> "I stopped because of pain"), ``None`` when ``voice`` gives it none."""
    starts = ("I ", f"{subject} ", f"{subject.capitalize()} ")

    def as_sentence(clause: str) -> str | None:
        voiced = voice(clause)
        return voiced if voiced != clause and voiced.startswith(starts) else None

    return as_sentence


#: Fields whose values the templates say as clauses ("Well, {items}."): a value in note
#: form is said as full clauses (:func:`as_clauses`).
CLAUSE_FIELDS = ("social.living_habits[", "social.sexual_history[")
#: How a part of a value that is already a clause starts ("I walk ...", "and they use ...").
_CLAUSE_START = re.compile(r"^(?:I|I'm|I've|I'd|he|she|we|they|it|there|my|and|or|but|so|because|which|who|that)\b"
                           r"|^(?:he|she|it|there)'s\b", re.IGNORECASE)
#: Finite verbs that make a part a clause of its own ("history includes ...").
_FINITE = frozenset("""is are was were has have had does did do includes include uses states notes reports says follows
    endorses admits denies provides loves likes enjoys prefers describes mentions complains smoked drank used took went
    started stopped quit died spends performs dresses lives works plays""".split())
#: Verbs a note in the speaker's words may start with ("use condoms inconsistently").
_BARE_VERBS = frozenset("use do don't want need engage practise practice avoid prefer".split())
#: Words that say what state the patient is in ("married", "sexually active", "often excluded").
_STATE_WORDS = frozenset("""active inactive monogamous abstinent celibate single married divorced widowed separated
    pregnant homeless housebound bedbound retired unemployed employed""".split())
#: Words ending in "-ly" that are no adverb of a note ("daily exercise", "family").
_LY_WORDS = frozenset("daily weekly monthly yearly nightly hourly family early only lonely friendly ugly holy belly jelly "
                      "bully rally lily fly july hardly barely scarcely".split())
#: Verbs of an illness passing ("settled at home", "cleared with cream"): the illness is
#: their subject, said "it", never the speaker ("I'm settled at home").
_PASSING_VERBS = frozenset("settled resolved cleared subsided healed eased disappeared improved".split())
#: Adverbs that put a state in the past ("previously employed": "I was previously employed").
_PAST_ADVERBS = frozenset("previously formerly once".split())
#: Prepositions that say where or in what state the speaker is ("in the second grade": "I'm in ...").
_BE_PREPOSITIONS = frozenset("in under at on off".split())
#: Words of a note about the record rather than the speaker ("not applicable", "unknown"):
#: such a value is left as it is.
_META_WORDS = frozenset("""n/a na applicable unknown pertinent history inquire provide details noncontributory
    unremarkable""".split())
#: Ordinals a note-form noun phrase may start with ("first child in the family"): left as it is.
_ORDINALS = frozenset("first second third only eldest oldest youngest".split())
#: Person nouns a living habit may name the speaker by ("college student", "regular gym-goer").
_ROLE_HEADS = _PERSON_HEADS | frozenset("""student teacher worker engineer skater mother father parent nurse doctor
    farmer driver builder labourer laborer mechanic soldier veteran retiree gym-goer musician artist writer lawyer
    accountant cleaner waiter waitress chef clerk officer manager""".split())
#: Adverbs of a lasting state ("often excluded": "I'm often excluded"; a manner adverb
#: before a participle tells of an event: "I was sexually assaulted").
_STATE_ADVERBS = frozenset("often sometimes always never usually frequently rarely regularly occasionally constantly "
                           "mostly not currently".split())
#: Words after a state word that end its phrase ("active with ...", "excluded from ...").
_PHRASE_WORDS = frozenset("""with from at in on by to for as and or since during after before about of into over under
    because so who which when while until without""".split())
#: Words that start a noun phrase saying how much, not a next item of a list ("little fruit").
_QUANTIFIERS = frozenset("little few hardly barely no some lots plenty much many occasional several limited poor".split())


def _is_adverb(word: str) -> bool:
    return word in _STATE_ADVERBS or (word.endswith("ly") and word not in _LY_WORDS)


def _clause_kind(part: str, *, habits: bool = False) -> str:
    """What a part of a note-form value is: "clause" (it has a subject or a finite verb, is
    a note about the record or a time, or a lone word: left as it is), "state" ("sexually
    active", "often excluded from parties", "enrolled in ...", "in the second grade"),
    "event" ("sexually assaulted at a party", "previously employed"), "doing" (an -ing
    verb: any for ``habits`` such as "gaming on a tablet", else only "having ...",
    "feeling ..."), "passing" (the illness passing: "settled at home"), "person" ("college student living in ...") or "noun" (a noun phrase)."""
    words = part.lower().split()
    head = re.split(r"\b(?:and|or|but|so|because|which|who)\b", part.lower(), maxsplit=1)[0].split()
    if len(words) == 1 and words[0] in _STATE_WORDS:
        return "state"
    if words[0] in _PASSING_VERBS and (len(words) == 1 or words[1] in _PHRASE_WORDS or _is_adverb(words[1])):
        return "passing"
    if (len(words) < 2 or _CLAUSE_START.match(part) or _FINITE & set(head) or words[0] in _BARE_VERBS
            or _META_WORDS & set(words) or words[0] in _ORDINALS
            or (len(words) <= _SHORT_DETAIL and _WHEN_END.search(part))):  # only a time: "4 months ago"
        return "clause"
    if words[0] in _BE_PREPOSITIONS:
        return "state"
    rest = list(words)
    while len(rest) > 1 and _is_adverb(rest[0]):
        rest.pop(0)
    adverbs = set(words[: len(words) - len(rest)])
    # "active with one partner", "excluded from parties": the word ends its phrase (not "transmitted diseases")
    ends_phrase = len(rest) == 1 or rest[1] in _PHRASE_WORDS or rest[1][:1].isdigit()
    if ends_phrase and (rest[0] in _STATE_WORDS or rest[0].endswith(("ed", "en"))):
        if adverbs & _PAST_ADVERBS or (adverbs and not adverbs & _STATE_ADVERBS and rest[0] not in _STATE_WORDS):
            return "event"
        return "state"
    if _doing(part):  # a habit the speaker has been doing; elsewhere a clause as it is ("practising yoga")
        return "doing" if habits or words[0] in _CLAUSE_ING else "clause"
    if adverbs and _verbless(rest):
        return "usual"  # "mostly takeaway meals": what the speaker usually has
    if adverbs or words[-1].endswith("ed"):
        return "clause"  # "rarely drinks", "prenatal care received": left as it is
    return "person" if _person_head(words) else "noun"


def _verbless(words: list[str]) -> bool:
    """Whether ``words`` are a noun phrase with no verb of a note ("takeaway meals", not
    "skips breakfast", "drinks" or "cooked at home")."""
    text = " ".join(words)
    return first_person(text) == text and not words[0].endswith(("ed", "ing")) and words[0] not in _PHRASE_WORDS


def _person_head(words: list[str]) -> bool:
    """Whether a note names the speaker by a person noun before its first preposition or
    -ing word ("college student living in ...", "engineer by profession")."""
    named = []
    for word in words:
        if word in _PHRASE_WORDS or (named and word.endswith("ing")) or word in _STATE_WORDS:
            break
        named.append(word)
    return 0 < len(named) <= 4 and named[-1] in _ROLE_HEADS and not any(c.isdigit() for c in " ".join(named))


#: The verb frames of each kind of note part, for the speaker ("I") and for a parent's subject.
_KIND_FRAMES: Mapping[str, tuple[str, str]] = MappingProxyType({
    "state": ("I'm ", "{subject} is "),
    "person": ("I'm ", "{subject} is "),
    "event": ("I was ", "{subject} was "),
    "doing": ("I've been ", "{subject} has been "),
    "noun": ("I've had ", "{subject} has had "),
    "passing": ("it ", "it "),
})


def _usually_had(part: str, subject: str) -> str:
    """A verbless note led by how often ("mostly takeaway meals") as what ``subject`` has
    that often: "I mostly have takeaway meals", "he often has late nights"."""
    words = part.split()
    count = next(i for i, word in enumerate(words) if not _is_adverb(word.lower()))
    have = "have" if subject == "I" else "has"
    return " ".join([subject, *words[:count], have, *words[count:]])


def _said(part: str, kind: str, subject: str, *, first: bool) -> str:
    """A part of a note-form value as a clause with ``subject`` (:data:`_KIND_FRAMES`; a
    person noun with its article; a verbless note led by how often as what is usually had,
    :func:`_usually_had`); a noun phrase after the first part is joined to it ("with
    inconsistent condom use"); a clause as it is."""
    if kind == "usual":
        return _usually_had(part, subject)
    if kind == "noun" and not first:
        return part if part.lower().startswith("with ") else f"with {part}"
    if kind not in _KIND_FRAMES:
        return part
    mine, other = _KIND_FRAMES[kind]
    if kind == "person" and part.split()[0].lower() not in _NO_ARTICLE:
        part = f"{indefinite_article(part)} {part}"
    return f"{mine if subject == 'I' else other.format(subject=subject)}{part}"


def as_clauses(path: str, parts: list[str], details: list[str], subject: str,
               voice: Callable[[str], str] = lambda text: text) -> str:
    """The ``parts`` of a note-form value (its comma or semicolon clauses) and its
    ``details`` as full clauses with ``subject`` ("I", or a parent's "he"/"she"/"my
    child"): a noun phrase first as what the patient has had ("I've had several new
    partners"), a later one as what came with it ("with inconsistent condom use") unless
    it is the next item of a list in the value ("tea, coffee and cola"); a state as "I'm
    ..." ("often excluded from parties" -> "I'm often excluded from parties"); an -ing
    verb as "I've been ..."; a person noun as "I'm a ..."; a note opened by its verb as the
    speaker's clause ("worked outdoors" -> "I worked outdoors"); a clause as it is, in the
    speaker's ``voice`` ("spends time outdoors" -> "I spend time outdoors"). A detail
    that says when or how often is joined as :func:`join_detail` joins it."""
    head = parts[0]
    rest = [voice(part) for part in parts[1:]]
    habits = path.startswith("social.living_habits[")
    while rest and _clause_kind(head) == _clause_kind(rest[0]) == "noun" and not _close_detail(rest[0]) \
            and rest[0].split()[0].lower() not in _QUANTIFIERS | _PHRASE_WORDS:
        head = f"{head}, {rest.pop(0)}"  # the next item of a list
    first = _framed(path, head, subject)
    voiced = voice(head)
    if first == head and voiced.split()[:1] != head.split()[:1] and _clause_kind(voiced) == "clause":
        first = voiced  # a note opened by its verb ("worked outdoors") as the speaker's clause ("I worked outdoors")
    said = _said(first, _clause_kind(first, habits=habits), subject, first=True) if first == head else first
    for part in [*rest, *details]:
        said = continued(said, part, subject, habits=habits)
    return said


def _close_detail(detail: str) -> bool:
    """Whether :func:`join_detail` joins ``detail`` without a comma (a when, a dose)."""
    return not join_detail("", detail).startswith((",", ";"))


def continued(said: str, part: str, subject: str, *, habits: bool = False) -> str:
    """``said`` with a further ``part`` of its note: a when or how often as
    :func:`join_detail` joins it ("three times a week"), a noun phrase as what came with
    it ("with inconsistent condom use"), a clause after a semicolon ("; I stopped because
    of pain") or after its own conjunction (", and they ..."), a state or doing with
    ``subject`` (", and I'm often excluded from parties"); ``habits``: as
    :func:`_clause_kind`."""
    if len(part) > 1 and part[0].isupper() and part[1].islower():
        part = part[0].lower() + part[1:]  # "Four weeks later" written as a sentence
    kind = _clause_kind(part, habits=habits)
    if kind not in ("state", "event") and _close_detail(part):
        return join_detail(said, part)
    if kind == "noun":
        return f"{said}, {_said(part, kind, subject, first=False)}"
    if kind == "clause":
        return f"{said}, {part}" if part.lower().startswith(("and ", "or ", "but ", "so ")) else f"{said}; {part}"
    return f"{said}, and {_said(part, kind, subject, first=False)}"


def _note_parts(value: str) -> list[str]:
    """A note-form value split into its clauses at semicolons and commas, unless it is
    already a clause ("I play in my room, lining ...")."""
    parts = [p for p in re.split(r"\s*;\s+|,\s+", value) if p]
    return [value] if _clause_kind(parts[0], habits=True) == "clause" else parts


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
    if detail.startswith(("I ", "I'", "it ", "he ", "she ", "they ")):  # a sentence of its own
        return f"{value}; {detail}"
    return f"{value}, {detail}"


#: A past-tense verb opening a note about a relative ("grew out of them", "needed surgery").
_PAST_VERB = re.compile(r"^(?:\w+ed|grew|outgrew|went|had|got|became|took|came|was|were|made|kept|lost)\b", re.IGNORECASE)
#: A condition had as a child ("childhood asthma").
_CHILDHOOD = re.compile(r"^childhood (.+)$", re.IGNORECASE)


#: The age at which a relative had a condition, ending a family-history detail ("at 70", ", at
#: age 55", "aged 60").
_AT_AGE = re.compile(r",?\s+(?:at\s+(?:the\s+)?(?:ages?\s+(?:of\s+)?)?|aged\s+)(\d{1,3})(?:\s+years(?:\s+old)?)?$",
                     re.IGNORECASE)
#: A family-history value that is a death ("sudden death from a bleed in the brain", "suicide").
_DEATH = re.compile(r"^(?:(?P<sudden>sudden(?:ly)?)\s+)?death\s+(?:from|due to|of|by)\s+(?P<cause>.+)$", re.IGNORECASE)
#: A family-history value that already opens with what the relative did ("died of ...").
_KIN_VERB = re.compile(r"^(?:died|passed away|needed|had|developed|suffered|underwent|took|was|were|became|grew|outgrew)\b",
                       re.IGNORECASE)


def _kin_verb_phrase(value: str, verb: str) -> str:
    """What the relatives did, as a verb phrase after them: "died suddenly of a bleed in the
    brain" (a recorded death), "died by suicide", "needed ..." (a value that opens with its
    verb), else ``verb`` and the value ("has had gout")."""
    death = _DEATH.match(value)
    if death:
        return f"died {'suddenly ' if death.group('sudden') else ''}of {death.group('cause')}"
    if value.lower() == "suicide":
        return "died by suicide"
    if _KIN_VERB.match(value):
        return value[0].lower() + value[1:]
    return f"{verb} {value}"


def _kin_had(value: str, detail: str) -> str | None:
    """A family-history value said with the relatives its detail names first ("my uncle has
    had gout"); an age in the detail said as when they had it ("my father had a heart attack
    at 70", "my mother died suddenly of a bleed in the brain at 55"); a note after them joined
    as what they did ("her father had blank spells as a child and grew out of them"); ``None``
    when the detail is not relatives, or relatives and a note in the past tense (other notes
    keep their note form)."""
    age = _AT_AGE.search(detail)
    if age and _RELATIVES_ONLY.match(detail[:age.start()]):  # "my father at 70", not a note's "died aged 60"
        detail = detail[:age.start()]
    else:
        age = None
    relatives, _, note = detail.partition(", ")
    if not _RELATIVES_ONLY.match(relatives) or (note and not _PAST_VERB.match(note)):
        return None
    childhood = _CHILDHOOD.match(value)
    value = f"{childhood.group(1)} as a child" if childhood else value
    past = childhood or note or age
    verb = "had" if past else "have had" if _PLURAL_RELATIVES.search(relatives) else "has had"
    said = f"{relatives} {_kin_verb_phrase(value, verb)}{f' at {age.group(1)}' if age else ''}"
    return f"{said} and {note}" if note else said


def change_said(text: str, subject: str = "I") -> str:
    """A change of weight or size with its amount as the clause a person says, with
    ``subject`` ("I", or a parent's "she"/"he"/"my child"): "weight loss of about 5 kg in two
    months" -> "I've lost about 5 kg in two months", "weight gain of 3 kg" -> "I've put on 3
    kg", "5-kg weight loss" -> "I've lost 5 kg", "height loss of 4 cm" -> "I've lost 4 cm of
    height"; any other text unchanged."""
    match = _CHANGE_OF.match(text)
    before = _AMOUNT_CHANGE.match(text)
    if match:
        thing, head, how, amount, rest = match.group("thing", "head", "how", "amount", "rest")
    elif before:
        number, unit, thing, head, rest = before.group("number", "unit", "thing", "head", "rest")
        plural = "s" if unit.lower() in ("pound", "kilo") and number != "1" else ""
        amount, how = f"{number} {unit}{plural}", ""
    else:
        return text
    weight = thing.lower() == "weight"
    verb = _CHANGE_VERBS[head.lower()][0 if weight else 1]
    said = f"{_HAVE.get(subject, f'{subject} has')} {verb} {amount}{'' if weight else f' of {thing}'}"
    return f"{said}{rest}{how}"


#: A note that the patient does not take a medicine as prescribed ("often forgets", "misses
#: doses"), as a clause of its own after the medicine.
_ADHERENCE = re.compile(r"(?P<lead>^|,\s+)(?P<how>(?:often|sometimes|occasionally|frequently|usually|regularly)\s+)?"
                        r"(?P<verb>forgets|misses|skips)\b(?P<rest>[^,;]*)$", re.IGNORECASE)
#: What is forgotten or missed when the note does not say.
_ADHERENCE_OBJECT = MappingProxyType({"forgets": " to take it", "misses": " doses", "skips": " doses"})


def adherence_said(text: str, subject: str = "I") -> str:
    """A medicine's note that it is not taken as prescribed, said as a clause of ``subject``
    after "but": "often forgets" -> "but I often forget to take it", "1 g twice daily, misses
    doses" -> "1 g twice daily, but I miss doses"; any other text unchanged."""
    match = _ADHERENCE.search(text)
    if not match:
        return text
    verb = match.group("verb").lower()
    said = verb[:-2] if verb.endswith("sses") else verb[:-1]
    said = said if subject == "I" else verb
    rest = match.group("rest") or _ADHERENCE_OBJECT[verb]
    clause = f"but {subject} {(match.group('how') or '').lower()}{said}{rest}"
    return f"{text[:match.start()]}{', ' if match.group('lead') else ''}{clause}"


#: A vaccination status ("up to date", "up-to-date", "complete", "fully immunized").
_UP_TO_DATE = r"(?:up[ -]to[ -]date|complete|completed|current)"
#: A status said of the speaker ("up to date on all vaccines", "fully immunized").
_STATUS_OF_SPEAKER = re.compile(rf"^(?:{_UP_TO_DATE}\b|fully (?:immuni[sz]ed|vaccinated)\b)", re.IGNORECASE)
#: Vaccines and their status ("routine vaccines, up to date", "immunizations are up-to-date").
_STATUS_OF_VACCINES = re.compile(rf"^(?P<what>[\w -]+?)(?:,\s*|\s+(?:are|is)\s+|\s+)(?P<status>{_UP_TO_DATE})$",
                                 re.IGNORECASE)


def vaccine_status_said(value: str, subject: str = "I") -> str:
    """A recorded vaccination status as the clause a person says, with ``subject``: "up to
    date on all vaccines" -> "I'm up to date on all vaccines", "routine vaccines, up to
    date" -> "my routine vaccines are up to date"; any other value unchanged."""
    if _STATUS_OF_SPEAKER.match(value):
        be = "I'm" if subject == "I" else f"{subject} is"
        return f"{be} {value}"
    match = _STATUS_OF_VACCINES.match(value)
    if not match:
        return value
    what = re.sub(r"^(?:my|his|her|the)\s+", "", match.group("what"), flags=re.IGNORECASE)
    owner = {"I": "my", "she": "her", "he": "his"}.get(subject, "their")
    verb = "are" if what.endswith("s") else "is"
    return f"{owner} {what} {verb} {match.group('status')}"


def _kin_owned(value: str, subject: str) -> str:
    """``value`` with a bare relative opening it given the patient's possessive ("grandson had
    a cold" -> "my grandson had a cold"); a parent's words are left alone, since "mother" may
    be the speaker herself."""
    return f"my {value}" if subject == "I" and _BARE_KIN.match(value) else value


def spoken_fact(path: str, texts: tuple[str, ...], *, subject: str = "I",
                voice: Callable[[str], str] = lambda text: text) -> str:
    """The texts of a fact at ``path`` (value, then detail; already in the speaker's voice
    and lay words) as one phrase; ``subject`` is the speaker's word for the patient ("I",
    or "she"/"he"/"my child" where a parent speaks); ``voice`` puts a bracketed aside in the
    speaker's voice as the record's other texts already are. See the module docstring."""
    if not texts:
        return ""
    value, asides = split_aside(texts[0])
    value = _kin_owned(value, subject)
    plural = _plural_item(value.split(", ")[0])
    # a social-history note is about the speaker's own doings ("stopped because of pain"); a
    # note about a condition or a medicine is about the item ("went away on its own")
    as_sentence = _sentence_maker(subject, voice) if path.startswith("social.") else partial(item_sentence, subject=subject)
    value = without_notes(value, keep_first=True, as_sentence=as_sentence, subject=subject)
    details = [without_notes(t, keep_first=False, as_sentence=as_sentence, subject=subject)
               for t in [*(voice(a) for a in asides), *texts[1:]] if t]
    details = [d for d in details if d]
    if path.startswith("history.medications["):
        value, details = adherence_said(value, subject), [adherence_said(d, subject) for d in details]
    if path.startswith("history.vaccinations[") and len(details) <= 1:
        said = vaccine_status_said(", ".join([value, *details]), subject)  # "routine vaccines" + "up to date"
        value, details = (said, []) if said != ", ".join([value, *details]) else (value, details)
    if path.startswith("history.family_history[") and len(details) == 1:
        said = _kin_had(value, details[0])
        if said:
            return said
    if path.startswith(CLAUSE_FIELDS):
        value = as_clauses(path, _note_parts(value), details, subject, voice)
        details = []
    elif path.startswith("social."):
        head, comma, rest = value.partition(", ")
        if rest and _is_person_noun(head):  # "keen gardener, stopped because of pain"
            value, details = head, [voice(rest), *details]
        if _is_person_noun(value):
            article = "" if value.split()[0].lower() in _NO_ARTICLE else f"{indefinite_article(value)} "
            be = "I'm" if subject == "I" else f"{subject} is"
            value = f"{be} {article}{value}"
        elif path.startswith("social.living_habits[") and _doing(value):
            value = f"I've been {value}" if subject == "I" else f"{subject} has been {value}"
        else:
            value = framed_parts(path, value, subject)
    for detail in details:
        first, *more = detail.split("; ")
        value = join_detail(value, first)
        for part in more:
            value = continued(value, part, subject)
    if plural:
        value = _ITEM_IT.sub(r"\1they ", value)
    return change_said(contracted(agreed_articles(with_place_articles(value))), subject)


#: A time that puts an event in the past ("once last night", "yesterday", "3 days ago").
_PAST_TIME = re.compile(r"\b(?:last (?:night|week|weekend|month|year|time)|yesterday|ago|earlier today|this morning|once|"
                        r"at birth|as an? (?:baby|child|infant|toddler|teenager)|in (?:19|20)\d\d|"
                        r"on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b", re.IGNORECASE)
#: A habit, said in the present beside any time ("once daily", "since last year").
_HABIT = re.compile(r"\b(?:daily|nightly|weekly|monthly|every|each|regularly|usually|always|since|as needed|"
                    r"(?:a|per) (?:day|night|week|month))\b|\bat night\b", re.IGNORECASE)


def said_in_past(text: str) -> bool:
    """Whether ``text`` (a filled list of items) tells of a one-off in the past, so its
    verb takes the past tense: "ibuprofen 400 mg once last night" (-> "I took ..."), not
    "aspirin 75 mg daily" nor "metformin since last year"."""
    return _PAST_TIME.search(text) is not None and _HABIT.search(text) is None


#: Symptom words that say a state, taken with "been" ("I've been dizzy", not "I've had dizzy").
_STATE_ADJECTIVES = frozenset("""itchy dizzy sleepy drowsy fussy irritable restless lethargic tired weak nauseous
    nauseated pale confused breathless thirsty shaky wheezy sweaty achy grumpy clingy floppy bloated constipated
    swollen feverish jaundiced unsteady forgetful anxious depressed withdrawn agitated listless dehydrated disoriented
    flushed sluggish blurry blurred""".split())
#: -ing words that name a symptom as a thing had ("I've had swelling").
_HAD_ING = frozenset("swelling bruising tingling burning ringing stinging throbbing bloating spotting".split())
#: Words after an -ing verb that keep it a verb ("crying at night", "coughing up blood").
_ING_FOLLOWERS = frozenset("up at in on after before during when while with a more all out off for from around "
                           "through too much lot".split())
#: -ing verbs that open a clause whatever follows ("feeling tired", "having trouble sleeping").
_CLAUSE_ING = frozenset("feeling having getting going losing gaining becoming".split())


def _state_item(item: str) -> bool:
    words = item.lower().split()
    if not words:
        return False
    if len(words) == 1 and words[0] in _STATE_ADJECTIVES:
        return True
    verb = words[0]
    is_verb = verb.endswith("ing") and len(verb) > 4 and verb not in _ING_NOUNS | _HAD_ING
    return is_verb and (len(words) == 1 or words[1] in _ING_FOLLOWERS or verb in _CLAUSE_ING)


def says_state(text: str) -> bool:
    """Whether every item of ``text`` (a filled list of symptom names) is a state or a
    doing rather than a thing had, so it is said with "been": "crying", "dizzy", "feeling
    sick", "coughing up blood" (-> "I've been crying"), not "a cough" nor "swelling"."""
    return all(_state_item(item) for item in re.split(r",\s+|;\s+|\s+(?:and|or)\s+", text))


#: The fewest letters of an item a later item of the same list may call "it".
_REFERABLE_LETTERS = 4


@lru_cache(maxsize=512)
def _mention(earlier: str) -> re.Pattern[str] | None:
    bare = re.sub(r"^(?:an?|the) ", "", earlier.strip(), flags=re.IGNORECASE)
    if len(bare) < _REFERABLE_LETTERS:
        return None
    return re.compile(rf"(?<=\s)(?:(?:my|the|his|her|their) )?{re.escape(bare)}(?![\w-])", re.IGNORECASE)


def refer_back(text: str, earlier: str) -> str:
    """``text`` with a later mention of ``earlier`` (an item said before it in the same
    sentence) as "it": "I use an inhaler to manage my lung disease" after "lung disease"
    -> "I use an inhaler to manage it". A text that starts with the item keeps it."""
    pattern = _mention(earlier)
    return pattern.sub("it", text) if pattern is not None and text.lower() != earlier.lower() else text


def referred(texts: list[str]) -> list[str]:
    """The items of a list with each mention of an earlier item as "it" (:func:`refer_back`)."""
    said: list[str] = []
    for text in texts:
        for earlier in said:
            text = refer_back(text, earlier)
        said.append(text)
    return said


# ------------------------------------------------------------ the doctor's item by its shape

#: The shapes of a doctor's item that decide the frame of a denial or recall
#: (:func:`asked_shape`): a problem a person can have ("a rash", "chest pain"), a feeling or
#: state adjective ("anxious"), a body part, organ, system or function ("nails",
#: "swallowing", "immune system"), a measure ("weight", "body mass index"), a quality of a
#: thing ("appearance", "texture": "nothing unusual about it"), a normal doing ("staying
#: asleep": "no trouble staying asleep"), anything else ("being overweight", "feeling low",
#: "control her movements", a part with its adjective after it, "nose dry"), and "mixed"
#: for nouns of different shapes ("fever" and "weight"). A gerund of its own ("vomiting",
#: "coughing up blood") is a problem. Two more: an "attribute" every person has, which is no
#: problem had ("stress level", "mental health", "attention": "nothing unusual about my
#: stress level"), and an "activity", a doing with how much of it ("urinating less",
#: "sleeping more than usual": "I haven't been urinating less").
SHAPES = ("problem", "feeling", "part", "measure", "quality", "doing", "attribute", "activity", "mixed", "other")
#: The shapes that are noun phrases: any frame about a thing ("about {asked}") fits them.
NOUN_SHAPES = frozenset({"problem", "part", "measure", "attribute", "mixed"})
#: Words that open a noun phrase: a word right before one is a verb ("control her movements").
_DETERMINERS = frozenset("my your his her their our its the a an any some this that these those".split())
#: Words before an item's noun that leave its shape as it is ("a rash", "my nails").
_LEADING = frozenset("a an any some the my your his her their our its".split())
#: Words that end a noun phrase's head: the head is the last word before the first of them.
_HEAD_END = frozenset("in on of with around at near under over behind above below into from to for when after "
                      "during while".split())
#: Words that make an item a problem had, wherever they stand ("trouble swallowing", "weight gain").
_PROBLEM_WORDS = frozenset("""trouble difficulty difficulties problem problems pain pains ache aches issue issues change
    changes loss gain lump lumps swelling bleeding discharge infection infections sore swollen painful stiff numb
    tender""".split())
#: Body functions and parts outside the body-region table that a person has rather than has had.
_FUNCTIONS = frozenset("""swallowing digestion breathing hearing vision eyesight sight sleep appetite memory speech
    balance bowels bowel bladder urination waterworks continence concentration coordination mobility walking posture
    nails nail hair habits movements gait taste""".split())
#: The heads of a measure of the body ("weight", "blood pressure", "body mass index").
_MEASURES = frozenset("""weight height bmi index pressure temperature pulse rate sugar sugars glucose cholesterol
    size girth circumference""".split())
#: Amounts every body has, named by two words ("muscle mass", "bone density").
_BODY_AMOUNTS = frozenset({"muscle mass", "bone density", "body fat", "body hair", "sex drive", "muscle bulk"})
#: Heads of a body system or organ group ("immune system", "urinary tract", "lymph glands").
_SYSTEMS = frozenset("system systems tract organs glands function".split())
#: Words for a quality of a thing the patient has ("appearance", "texture"): nothing about
#: it is unusual, it is no problem had.
_QUALITIES = frozenset("""appearance texture colour color colours colors consistency look looks feel shape smell
    odour odor pattern""".split())
#: -ing words of a normal doing the patient may have trouble with ("staying asleep",
#: "passing urine", "climbing stairs"); said as "no trouble staying asleep".
_DOINGS = frozenset("""sleeping staying falling eating chewing drinking walking standing sitting climbing passing
    urinating peeing concentrating remembering reading writing speaking talking seeing hearing moving bending
    lifting exercising running dressing washing""".split())
#: Adjectives that may follow the noun they describe in a doctor's note-like question
#: ("nose dry", "skin itchy", "knee swollen"): no frame can echo such an item.
_AFTER_ADJECTIVES = frozenset("""dry red swollen sore stiff numb tender painful itchy runny blocked stuffy puffy pale
    hot cold warm weak heavy tight yellow blue cracked flaky""".split())
#: Heads of an attribute every person has ("stress level", "mental health", "ability to
#: concentrate"): nothing about it is unusual, it is no problem had.
_ATTRIBUTES = frozenset("""attention behaviour behavior health level levels stature build strength tone volume ability
    abilities focus personality energy libido mood temperament wellbeing well-being reflexes coordination sense senses
    expression expressions production output""".split())
#: Adjectives that name a change of what follows them ("decreased libido", "poor appetite").
_CHANGED = frozenset("""decreased increased reduced diminished poor low high excessive impaired altered abnormal
    lost""".split())
#: Words that say how much of a doing there is ("urinating less", "eating more often").
_DEGREES = frozenset("less more often frequently much lot usual normal before".split())
#: Feeling adjectives beyond the symptom states of :data:`_STATE_ADJECTIVES`.
_FEELINGS = frozenset("""sad low down stressed worried nervous lonely hopeless unwell sick upset scared afraid angry
    moody faint lightheaded light-headed exhausted fatigued overwhelmed tense panicky jittery""".split())


def _head(words: list[str]) -> str:
    """The head noun of a noun phrase: its last word before the first preposition."""
    cut = next((i for i, w in enumerate(words) if w in _HEAD_END and i > 0), len(words))
    return words[cut - 1]


def _is_feeling(words: list[str]) -> bool:
    word = words[0]
    adjective = word in _STATE_ADJECTIVES or word in _FEELINGS or word.endswith("ous")
    return len(words) == 1 and adjective


def _is_part(word: str) -> bool:
    """Whether ``word`` names a body part or function ("nails", "swallowing"), not an ache."""
    return word in _FUNCTIONS or (not word.rstrip("s").endswith("ache") and bool(body_regions(word.rstrip("s") or word)))


def _adjective_after_part(words: list[str]) -> bool:
    """Whether ``words`` name a body part with an adjective after it ("nose dry")."""
    return len(words) > 1 and words[-1] in _AFTER_ADJECTIVES and all(_is_part(word) for word in words[:-1])


def _item_shape(item: str) -> str:
    """The shape of one of the doctor's items (one of :data:`SHAPES`)."""
    words = re.sub(r"[^\w' -]", " ", item.lower()).split()
    while words and words[0] in _LEADING:
        words = words[1:]
    if not words:
        return "other"
    if _is_feeling(words):
        return "feeling"
    if _adjective_after_part(words):
        return "other"  # "nose dry": neither "no nose dry" nor "problems with my nose dry"
    if any(item_word_class(part) != "noun" for part in re.split(r"\b(?:or|and)\b", " ".join(words)) if part.strip()):
        return "other"  # "bled or crusted over", "purple spot or painful": never "no bled", "no painful"
    if " ".join(words[-2:]) in _BODY_AMOUNTS:
        return "attribute"  # "muscle mass": every body has it, never "no muscle mass"
    if _PROBLEM_WORDS & set(words) or words[0] in _CHANGED and len(words) > 1:
        return "problem"  # "decreased libido" names its own change: a problem had, no attribute
    first = words[0]
    if first.endswith("ing") and len(words) > 1 and words[-1] in _DEGREES:
        return "activity"  # "urinating less", "sleeping more than usual"
    if first in _DOINGS and len(words) > 1 or first in _DOINGS - _FUNCTIONS:
        return "doing"  # "staying asleep", "sleeping"; "hearing" alone is a part
    if first in _CLAUSE_ING | {"being", "be", "to"} or (len(words) > 1 and words[1] in _DETERMINERS):
        return "other"  # "being overweight", "feeling low", "control her movements"
    if all(word in _QUALITIES for word in words):
        return "quality"
    head = _head(words)
    if head in _ATTRIBUTES:
        return "attribute"
    if head in _MEASURES:
        return "measure"
    if head in _SYSTEMS or all(_is_part(word) for word in words if word not in ("and", "or")):
        return "part"  # "nails", "bowel habits", "immune system"; "dry skin" is a problem
    return "problem"


def asked_shape(items: tuple[str, ...] | list[str]) -> str:
    """The shape of the doctor's items together (:data:`SHAPES`): theirs when they share
    one, "mixed" when they are nouns of different shapes, else "other" (no frame fits them
    all). A denial or recall is framed by it: "No, I haven't been feeling anxious.",
    "No, no problems with my nails.", "No, my weight hasn't changed.", "No, nothing like that."."""
    shapes = {_item_shape(item) for item in items}
    if len(shapes) == 1:
        return shapes.pop()
    if not shapes:
        return "problem"
    return "mixed" if shapes <= NOUN_SHAPES else "other"


#: A trailing place of an item ("weight gain in my abdomen" -> " in my abdomen").
_TRAILING_PLACE = re.compile(r"\s+(?:in|on|around|over|under|behind|near|at|to)\s+(?:(?:my|your|the|his|her|both)\s+)?"
                             r"[\w-]+(?:\s+[\w-]+)?$", re.IGNORECASE)


def without_place(item: str) -> str:
    """``item`` without its trailing place ("weight gain in my abdomen" -> "weight gain"):
    what a list that says the place once (:func:`shared_place`) says of the item."""
    return _TRAILING_PLACE.sub("", item)


def shared_place(items: tuple[str, ...] | list[str]) -> tuple[list[str], str]:
    """The items without the place they all end in, and that place ("" when they do not
    share one), so a list says it once: "weight gain" and "swelling" + " in my abdomen"."""
    places = [_TRAILING_PLACE.search(item) for item in items]
    if len(items) < 2 or not all(places) or len({p.group(0).lower() for p in places}) != 1:
        return list(items), ""
    return [item[:place.start()] for item, place in zip(items, places)], places[0].group(0)


# --- Symptom names that are course notes or findings -------------------------------------
#: A course note of how a complaint goes with something ("improvement of symptoms after
#: rest", "pain resolution upon rest", "improvement in delusions", "substantial improvement").
_GETS_BETTER = re.compile(r"^(?:(?P<how>substantial|significant|marked|considerable|dramatic|slight|mild|some|partial) )?"
                          r"(?:(?P<thing>[a-z][\w-]*(?: [a-z][\w-]*)?) )?(?P<kind>improvement|resolution)"
                          r"(?: (?:of|in) (?:the |my |his |her )?(?P<of>[a-z][\w -]*?))?"
                          r"(?: (?P<prep>after|with|upon|on|when|at) (?P<factor>[a-z][\w -]*))?$", re.IGNORECASE)
#: Words saying how much a complaint improved, as a patient says them.
_HOW_MUCH = MappingProxyType({"substantial": "a lot ", "significant": "a lot ", "marked": "a lot ",
                              "considerable": "a lot ", "dramatic": "a lot ", "slight": "a bit ", "mild": "a bit ",
                              "some": "a bit ", "partial": "a bit "})
#: A note that the patient tried to change their weight ("recent weight loss attempt").
_ATTEMPT = re.compile(r"^(?:recent |previous |multiple )?(?P<thing>weight) (?P<change>loss|gain) attempts?$",
                      re.IGNORECASE)
_ATTEMPT_VERBS = MappingProxyType({"loss": "lose", "gain": "gain"})
#: A complaint that went on after what caused it cleared ("persistent symptoms despite
#: resolution of initial sinusitis").
_DESPITE_CLEARED = re.compile(r"^(?:persistent|constant|ongoing|continued|continuing) (?P<thing>[a-z][\w -]*?) despite "
                              r"(?:the )?resolution of (?:the |an? )?(?:initial |original |earlier )?(?P<cause>[a-z][\w -]*)$",
                              re.IGNORECASE)
#: A test the patient did not pass ("failure to pass auditory screening tests", "failed hearing test").
_FAILED_TEST = re.compile(r"^(?:failure to pass|failed) (?:the |an? )?(?P<test>[a-z][\w -]*\btests?)$", re.IGNORECASE)
#: Not responding during episodes ("nonresponsiveness during episodes", "unresponsive during spells").
_NOT_RESPONDING = re.compile(r"^(?:non-?|un)responsive(?:ness)? (?P<when>during|in|with) (?:the )?(?P<what>[a-z][\w -]*)$",
                             re.IGNORECASE)
#: A posture participle before the body part held that way ("extended right ring finger in
#: resting position", "flexed left elbow"), and how a patient says the posture.
_POSTURE = re.compile(r"^(?P<posture>extended|flexed|bent|straightened) (?P<part>(?:[a-z]+ ){0,3}?[a-z]+)"
                      r"(?P<rest> (?:in (?:a |the )?resting position|at rest))?$", re.IGNORECASE)
_POSTURES = MappingProxyType({"extended": "straight", "straightened": "straight", "flexed": "bent", "bent": "bent"})
#: An edge of a lesion named with its look and no lesion ("purplish irregular borders").
_EDGES = re.compile(r"^(?P<look>(?:[a-z-]+ ){1,3})(?:borders?|edges?|margins?)$", re.IGNORECASE)
_HAS_GOT = MappingProxyType({"I": "I've", "she": "she's", "he": "he's"})
_STOPS = MappingProxyType({"I": "I stop"})


def _owned_thing(thing: str, subject: str) -> tuple[str, bool]:
    """``thing`` as the speaker's own ("symptoms" -> "my symptoms") and whether it is plural."""
    owner = _POSSESSIVE.get(subject, "their")
    plural = thing.endswith("s") and not thing.endswith("ss")
    return f"{owner} {thing}", plural


def _gets_better(match: re.Match[str], subject: str) -> str:
    """A course note of improvement as a clause: "improvement of symptoms after rest" -> "my
    symptoms are better after rest", "pain resolution upon rest" -> "my pain is gone with
    rest", "improvement in delusions" -> "my delusions have got better", "substantial
    improvement" -> "I've got a lot better"."""
    thing = match["of"] or match["thing"]
    how = _HOW_MUCH.get((match["how"] or "").lower(), "")
    state = "better" if match["kind"].lower() == "improvement" else "gone"
    if not thing:
        return f"{_HAS_GOT.get(subject, f'{subject} has')} got {how}{state}"
    owned, plural = _owned_thing(thing, subject)
    if not match["factor"]:
        return f"{owned} {'have' if plural else 'has'} got {how}{state}"
    prep = "with" if match["prep"].lower() in ("upon", "on", "at") else match["prep"].lower()
    return f"{owned} {'are' if plural else 'is'} {how}{state} {prep} {match['factor']}"


def _finding_said(name: str, subject: str) -> str | None:
    """A finding named in a clinician's shape (a failed test, not responding, a posture, the
    look of a lesion's edges) as a clause of the speaker's, or ``None``."""
    test = _FAILED_TEST.match(name)
    if test:
        return f"{subject} didn't pass the {test['test']}"
    responding = _NOT_RESPONDING.match(name)
    if responding:
        what = responding["what"]
        what = what if what.split()[0].lower() in _DETERMINERS else f"the {what}"
        return f"{_STOPS.get(subject, f'{subject} stops')} responding {responding['when'].lower()} {what}"
    posture = _POSTURE.match(name)
    if posture and _is_part(posture["part"].split()[-1].lower()):
        owned, plural = _owned_thing(posture["part"], subject)
        rest = " at rest" if posture["rest"] else ""
        return f"{owned} {'are' if plural else 'is'} held {_POSTURES[posture['posture'].lower()]}{rest}"
    edges = _EDGES.match(name)
    if edges:
        return f"{_HAS_GOT.get(subject, f'{subject} has')} noticed {edges['look'].strip()} edges"
    return None


def course_or_finding_said(name: str, subject: str = "I") -> str | None:
    """A present symptom's name that is a course note or a finding rather than a complaint,
    as a clause of ``subject``'s, or ``None`` for any other name. A course note (an
    improvement or resolution, an attempt, a complaint "despite" its cause clearing) says
    how things went: "improvement of symptoms after rest" -> "my symptoms are better after
    rest", "recent weight loss attempt" -> "I've been trying to lose weight", "persistent
    symptoms despite resolution of initial sinusitis" -> "my symptoms have carried on even
    though the sinusitis cleared up"; a finding (a failed test, a posture participle, a
    lesion's edges, not responding) says what the speaker noticed: "extended right ring
    finger in resting position" -> "my right ring finger is held straight at rest"."""
    better = _GETS_BETTER.match(name)
    if better and (better["of"] or better["factor"] or not better["thing"]):
        return _gets_better(better, subject)
    attempt = _ATTEMPT.match(name)
    if attempt:
        trying = _HAS_BEEN.get(subject, f"{subject} has been")
        return f"{trying} trying to {_ATTEMPT_VERBS[attempt['change'].lower()]} {attempt['thing'].lower()}"
    cleared = _DESPITE_CLEARED.match(name)
    if cleared:
        owned, plural = _owned_thing(cleared["thing"], subject)
        return f"{owned} {'have' if plural else 'has'} carried on even though the {cleared['cause']} cleared up"
    return _finding_said(name, subject)
