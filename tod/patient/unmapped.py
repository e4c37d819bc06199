"""Questions of a turn that no parsed intent covers, and their short topics.

A doctor's turn may ask several things, some of which none of the 29 intents covers
("Do you belong to any clubs?", "Are you available for a scan on Monday?"). A question
sentence of the turn (:func:`~tod.nlu.questions.question_sentences`, ending in "?") is
*covered* when it holds a slot value of the parse or a cue word of a parsed intent
(:data:`INTENT_CUES`); a request ("Could you take a deep breath?") asks nothing. The
uncovered ones get a short honest reply naming their topic in the doctor's words
(:func:`question_topic`), never a denial. A turn with a single question sentence is
covered by any answer it gets, so the parse's answer is the whole reply there.

A question sentence may also join several items ("Have you travelled recently or had any
infections?", "Headaches, dizziness, or any fits?"): each joined item
(:func:`question_items`) must be covered in its own right. :func:`widened` gives an
uncovered item, or an uncovered question sentence, the intent its words clearly name
(:data:`CLEAR_CUES`: travel, tests, work...), or a bare item named beside a slot value
("headaches" beside "seizures") that value's slot; what stays uncovered gets the honest line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType
from typing import Mapping, Sequence

from tod.nlu.questions import question_sentences
from tod.nlu.types import TurnParse
from tod.patient.asking import named_tests
from tod.records.symptom_names import looks_like_symptom
from tod.schema.labels import INTENT_SLOT

#: Word starts that show a question sentence asks what an intent asks (a cue matches at a
#: word start: "smok" matches "smoke", "smoking", "smoker").
INTENT_CUES: Mapping[str, re.Pattern[str]] = MappingProxyType({
    intent: re.compile(r"\b(?:" + cues + ")", re.IGNORECASE)
    for intent, cues in {
        "ask_symptom": r"symptom|feel|felt|notic|experienc|sensation|bother|suffer|any other",
        "ask_symptom_duration": r"how long|since when|when did|how many (?:days|weeks|months|years)|start|began|begin",
        "ask_symptom_description_time": r"when|start|began|onset|sudden|gradual|come and go|comes and goes|constant"
                                        r"|getting|chang|morning|night|pattern|episode|often|frequen|timing|how long",
        "ask_symptom_description_degree": r"how (?:bad|severe|much|strong|intense)|sever|scale|rate|intens|worst",
        "ask_symptom_description_position": r"where|locat|spread|radiat|move|side|point",
        "ask_symptom_description_shape": r"look|shape|size|textur|raised|flat|describe|what (?:kind|type|sort)|like"
                                         r"|nature|character|sharp|dull|burn|throb|stabb|ach",
        "ask_symptom_description_color": r"colou?r|red|yellow|green|dark|pale|white|black",
        "ask_symptom_description_smell": r"smell|odou?r",
        "ask_symptom_factors": r"worse|better|reliev|aggravat|trigger|help|ease|bring|make|affect|set off|provok",
        "ask_coitus": r"sex|partner|intercourse|condom",
        "ask_tobacco": r"smok|cigar|tobacco|vap|nicotine",
        "ask_alcohol": r"alcohol|drink|beer|wine|spirit",
        "ask_drug": r"drug|substance|cannabis|marijuana|recreational|cocaine|inject",
        "ask_receiving_treatment": r"treat|tried|try|take|taking|medic|remed|therap|done",
        "ask_age": r"age\b|old",
        "ask_weight": r"weigh|height|tall|heavy",
        "ask_gender": r"sex\b|gender|male|female",
        "ask_medical_examination": r"test|exam|scan|x-?ray|blood|result|check|imaging|investigat|measur|ultrasound"
                                   r"|mri|ct\b|ecg|ekg|biops",
        "ask_living_habit": r"diet|eat|food|exercis|sleep|habit|routine|lifestyle|activ|stress|caffeine|coffee|live",
        "ask_past_medication": r"medic|pill|tablet|drug|prescri|supplement|take|taking|inhaler|vitamin",
        "ask_past_diagnosis": r"condition|diagnos|illness|disease|history|problem|health|medical",
        "ask_physical_change": r"chang|weight|appetite|sleep|energy|bowel|urin|lost|los|gain",
        "ask_trauma_surgery": r"surg|operat|injur|accident|trauma|fall|fell|hospital",
        "ask_preventive": r"vaccin|immuni[sz]|jab|shot|screen",
        "ask_allergic_history": r"allerg|react",
        "ask_contact_history": r"contact|expos|travel|sick|ill|anyone|around|pet|animal|been to|abroad",
        "ask_family_history": r"family|mother|father|parent|sibling|brother|sister|relative|run in|runs in|mum|mom|dad",
        "ask_occupation": r"work|job|occupation|living|employ",
        "ask_reproductive_history": r"period|pregnan|menstru|children|birth|contracept|menopaus",
    }.items()
})

#: A request for something the patient does, not a question ("Could you take a deep breath?").
_REQUEST = re.compile(
    r"^(?:\W*)(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+)(?:take|lie|sit|stand|open|show|breathe"
    r"|come|follow|point|raise|lift|bend|walk|squeeze|push|pull|look|stick|cough|say|hold|turn|roll|touch|move"
    r"|relax|bring|get|go|keep|try|make|fill|sign|wait|let|give)\b",
    re.IGNORECASE,
)
#: A question about what the turn asked before ("Is it watery or thick?", "Does it spread?"):
#: covered by the answer to that question.
_FOLLOW_UP = re.compile(r"^\W*(?:and\s+|so\s+)?(?:is|are|was|were|does|do|did|has|have|can|could|will|would)\s+"
                        r"(?:it|they|this|that|these|those)\b", re.IGNORECASE)
#: The opening of a question about a topic the doctor names after it ("Any stress at work?",
#: "What about your sleeping position?", "Do you belong to any clubs?"); the topic is what
#: follows, up to the question mark, cut before its first modifier (:data:`_TOPIC_END`).
_TOPIC_OPENER = (r"what about|how about|and|any|is there any|are there any|do you have any|have you had any"
                 r"|do you (?:belong to|have|do|use|get|play) any|how is|how are|how's")
#: The openings that only a whole question sentence takes ("Have you had a flu test?", "Have
#: you seen any other providers?"): in a joined item they open a fragment of a list ("have you
#: noticed any patterns" or triggers). "Can you tell me more about ..." is none: it follows up
#: what the parsed intents answer ("... about the blood you've been coughing up?").
_SENTENCE_OPENER = (r"do you have (?:a|an)|have you had (?:a|an)"
                    r"|have you (?:ever )?(?:tried|used|seen|noticed|eaten|taken) (?:any|a|an)")


def _topic_question(openers: str) -> re.Pattern[str]:
    """A question that opens with one of ``openers`` and names its topic after it."""
    return re.compile(r"^\W*(?:(?:and|also|so|now|or|lastly|finally|additionally)\b,?\s*)*(?:" + openers + r")\s+"
                      r"(?P<topic>[A-Za-z][^?]*?)\s*\?$", re.IGNORECASE)


_ITEM_TOPIC = _topic_question(_TOPIC_OPENER)
_SENTENCE_TOPIC = _topic_question(f"{_TOPIC_OPENER}|{_SENTENCE_OPENER}")
#: Where the head of a topic ends: a list of examples ("risk factors such as obesity"), a
#: clause ("the products you have been using", "changes that could ..."), a time ("stress
#: lately"), "for this" ("other providers for this") or a parenthesis.
_TOPIC_END = re.compile(
    r"\s*(?:[(;:]|,\s*(?:such as|like|including|for example|e\.g\.)|\b(?:such as|like|including|for example|e\.g\."
    r"|that|which|who|you|for (?:this|it|that|these|them)|at the moment|lately|recently|these days|at all|now)\b).*$",
    re.IGNORECASE,
)
#: A possessive that opens a topic, said as "the" (whose it is goes without saying).
_POSSESSIVE = re.compile(r"^(?:your|his|her|their)\s+", re.IGNORECASE)
#: The most words of a topic said back.
TOPIC_WORDS = 4
#: Words a clean topic never holds (a verb, a pronoun or a clause word shows a topic that
#: is no noun phrase: "you do when it hurts").
_NOT_TOPIC = frozenset("""you i it that this which who what when where why how do does did is are was were be been
have has had to if should would could can will may might there they them he she we me""".split())
#: Words that name the complaint as a whole, never a topic of its own ("your symptoms", "the
#: problem"): a question about them is the visit's, not one the record cannot answer.
_COMPLAINT_WORDS = frozenset("symptom symptoms problem problems condition situation issue issues concern concerns".split())


#: Words that name an intent beyond doubt, used to give an uncovered question item the
#: intent that answers it (narrower than :data:`INTENT_CUES`, whose cues only show coverage).
CLEAR_CUES: Mapping[str, re.Pattern[str]] = MappingProxyType({
    intent: re.compile(r"\b(?:" + cues + r")", re.IGNORECASE)
    for intent, cues in {
        "ask_contact_history": r"travel|abroad|overseas|been away|sick contacts?|anyone (?:else )?(?:sick|ill)",
        "ask_medical_examination": r"tests? results?|results? (?:of|from|have|has|come|came)|blood tests?|x-?rays?\b"
                                   r"|scans?\b",
        "ask_occupation": r"(?:your|at|for|off|of) work\b|jobs?\b|occupation|employ",
        "ask_tobacco": r"smoker|smoking|you smoke|cigar|tobacco|vap(?:e|ing)",
        "ask_alcohol": r"alcohol|drink",
        "ask_drug": r"recreational|street drugs|cannabis|marijuana|cocaine",
        "ask_allergic_history": r"allerg",
        "ask_family_history": r"family|run in|runs in",
        "ask_trauma_surgery": r"surger|operation|injur",
        "ask_past_medication": r"medications?\b|medicines?\b|tablets\b|pills\b",
        "ask_preventive": r"vaccin|immuni[sz]",
        "ask_symptom_description_time": r"constant|come and go|comes and goes|intermittent|on and off|off and on",
        "ask_reproductive_history": r"periods?\b|pregnan|menstru",
        "ask_past_diagnosis": r"medical (?:conditions?|history|problems?)|diagnosed",
    }.items()
})
#: Where a question sentence joins items: "or" (with a comma or not), a list comma before a
#: final "or", and an "and" that opens a new question ("... and do you ...", "... and how ...").
_ITEM_JOIN = re.compile(r",?\s+or\s+(?!so\b|not\b|less\b|more\b)|,\s+(?=[^,?]+,?\s+or\s)"
                        r"|,?\s+and\s+(?=(?:is|are|was|were|do|does|did|have|has|had|can|could|will|would|how|what"
                        r"|when|where|why|who)\b)", re.IGNORECASE)
#: The opening of a joined item before the thing it names ("have you had any", "other").
_ITEM_OPENER = re.compile(
    r"^\W*(?:(?:do|did|have|has|are|were|is)\s+(?:you|there)\s+(?:ever\s+)?(?:had|have|get|got|noticed|experienced"
    r"|suffered from|been having|been)?\s*)?(?:had\s+|having\s+|noticed\s+)?(?:(?:any|other|some|a|an|your)\s+)*",
    re.IGNORECASE)


#: Words of time that close a question item and name nothing ("any chills recently").
_TIME_TAIL = re.compile(r"\s+(?:recently|lately|at the moment|at all|now|these days|in the past)$", re.IGNORECASE)


def question_items(sentence: str) -> list[str]:
    """The items a question sentence joins (:data:`_ITEM_JOIN`), each stripped; the sentence
    itself when it joins none ("Headaches or seizures?" -> ["Headaches", "seizures?"])."""
    return [part.strip(" ,") for part in _ITEM_JOIN.split(sentence) if part.strip(" ,?")]


def item_phrase(item: str) -> str | None:
    """The thing a bare joined item names, its opener left out (:data:`_ITEM_OPENER`: "had
    any headaches" -> "headaches"): at most :data:`TOPIC_WORDS` words, no verb, pronoun or
    clause word (:data:`_NOT_TOPIC`), none ending in "-ed" ("travelled recently" is no thing);
    ``None`` otherwise."""
    phrase = _TIME_TAIL.sub("", _ITEM_OPENER.sub("", item.strip()).strip(" ?,.'-"))
    words = phrase.lower().split()
    if not words or len(words) > TOPIC_WORDS or set(words) & _NOT_TOPIC or any(w.endswith("ed") for w in words):
        return None
    return phrase


def _names_parsed(text: str, values: list[str], intents: tuple[str, ...]) -> bool:
    """Whether ``text`` holds a slot value of the parse or a cue of one of its ``intents``."""
    lowered = text.lower()
    if any(value.lower() in lowered for value in values if value.strip()):
        return True
    return any(INTENT_CUES[i].search(text) for i in intents if i in INTENT_CUES)


def _covered(sentence: str, values: list[str], intents: tuple[str, ...]) -> bool:
    """Whether the question ``sentence`` holds a slot value of the parse or a cue of one of
    its ``intents`` (:func:`_names_parsed`), or follows up what an earlier question asked
    (:data:`_FOLLOW_UP`)."""
    return bool(_FOLLOW_UP.match(sentence)) or _names_parsed(sentence, values, intents)


def _questions(parse: TurnParse) -> list[str]:
    """The question sentences of ``parse`` (ending in "?"), requests left out, in order."""
    sentences = [parse.text[a:b].strip() for a, b in question_sentences(parse.text)]
    return [s for s in sentences if s.endswith("?") and not _REQUEST.match(s)]


def _values(parse: TurnParse) -> list[str]:
    """Every slot value of ``parse``."""
    return [v for vs in parse.slots.values() for v in vs]


def unmapped_questions(parse: TurnParse) -> list[str]:
    """The question sentences of a turn that asks several things which no parsed intent,
    slot value or cue covers (:func:`_covered`), requests left out, in order; empty for a
    turn with at most one question sentence or no parsed intent (answered as a whole)."""
    questions = _questions(parse)
    if not parse.intents or len(questions) < 2:
        return []
    return [s for s in questions if not _covered(s, _values(parse), parse.intents)]


def unmapped_items(parse: TurnParse) -> list[str]:
    """The joined items (:func:`question_items`) of the covered question sentences of a
    parsed turn that nothing of the parse covers (:func:`_names_parsed`, :func:`_value_spans`; a follow-up form counts for nothing
    inside a sentence: "is it constant or does it come and go?" asks two things); a
    catch-all item (:data:`_CATCH_ALL_ITEM`) is answered with its family."""
    if not parse.intents:
        return []
    values, uncovered = _values(parse), set(unmapped_questions(parse))
    return [item for sentence in _questions(parse) if sentence not in uncovered
            for item in _joined(sentence) if not _names_parsed(item, values, parse.intents)
            and not _value_spans(item, sentence, values) and not _CATCH_ALL_ITEM.search(item)]


#: A joined item that asks for the rest of its sentence's family ("or any other genetic
#: conditions?"): answered with that family, never on its own.
_CATCH_ALL_ITEM = re.compile(r"\b(?:other|else)\b", re.IGNORECASE)


def _value_spans(item: str, sentence: str, values: list[str]) -> bool:
    """Whether a slot value runs across the joined ``item`` in its ``sentence`` ("difficulty
    breathing or swallowing" covers "have you had any difficulty breathing")."""
    start = sentence.find(item)
    end = start + len(item)
    lowered = sentence.lower()
    return start >= 0 and any(m.start() < end and m.end() > start for v in values if v.strip()
                              for m in re.finditer(re.escape(v.lower()), lowered))


def _joined(sentence: str) -> list[str]:
    """The items of a question sentence that joins several (:func:`question_items`), else none."""
    items = question_items(sentence)
    return items if len(items) > 1 else []


def _sibling_slot(sentence: str, parse: TurnParse) -> str | None:
    """The slot of a value that is itself a bare item of the question ``sentence``
    ("seizures" in "Any headaches or seizures?"), the first in slot order; ``None`` when no
    item of the sentence is a slot value as a whole."""
    phrases = {p.lower() for p in map(item_phrase, question_items(sentence)) if p}
    return next((slot for slot, vs in parse.slots.items() for v in vs if v.strip().lower() in phrases), None)


def _fits_slot(phrase: str, slot: str, parse: TurnParse) -> bool:
    """Whether a bare item may be given the ``slot`` of its sibling: it holds no cue of an
    intent the parse does not hold ("pets" beside "fever" asks about contacts), and beside a
    symptom it reads as one (:func:`~tod.records.symptom_names.looks_like_symptom`: not "hobbies")."""
    if any(cue.search(phrase) for intent, cue in INTENT_CUES.items() if intent not in parse.intents):
        return False
    return slot != "symptom" or looks_like_symptom(phrase)


#: A joined item that is a question of its own ("... or have you travelled?", "is it constant
#: or does it come and go?"): only such an item, or a whole uncovered question, takes an intent
#: by its clear cue; a noun item of a list ("bleeding after cuts or injuries", "foods, drinks,
#: or stress") names things of the covered question, not another question.
_OWN_QUESTION = re.compile(r"^(?:have|has|had|do|does|did|is|are|was|were|can|could|will|would|how|what|when|where|"
                           r"which|who|why)\b", re.IGNORECASE)


def widened(parse: TurnParse, answerable: frozenset[str]) -> TurnParse:
    """``parse`` with what its uncovered questions and items clearly ask: the intent of
    ``answerable`` whose clear cue (:data:`CLEAR_CUES`) an uncovered question or a joined item
    that is a question of its own (:data:`_OWN_QUESTION`) holds, else, for a
    bare item (:func:`item_phrase`) of a sentence naming a slot value, the item as a value of
    that slot ("headaches or seizures?" tagged "seizures" only also asks about headaches)
    when it fits there (:func:`_fits_slot`); an examination question naming no test item, the
    tests its words name (:func:`_add_named_tests`)."""
    intents, slots = list(parse.intents), {k: list(v) for k, v in parse.slots.items()}
    questions = unmapped_questions(parse)
    for item in [*questions, *unmapped_items(parse)]:
        clear = next((i for i, cue in CLEAR_CUES.items() if i in answerable and cue.search(item)), None) \
            if item in questions or _OWN_QUESTION.match(item) else None
        if clear is not None:
            intents += [clear] if clear not in intents else []
            continue
        sentence = next((s for s in _questions(parse) if item in s), item)
        slot, phrase = _sibling_slot(sentence, parse), item_phrase(item)
        if slot is not None and phrase is not None and phrase not in slots[slot] and _fits_slot(phrase, slot, parse):
            slots[slot].append(phrase)
    for slot, word in _cue_only_items(parse, answerable):
        slots[slot] += [word] if word not in slots[slot] else []
    _add_named_tests(intents, slots, parse.text)
    return replace(parse, intents=tuple(intents), slots=slots)


def _add_named_tests(intents: Sequence[str], slots: dict[str, list[str]], text: str) -> None:
    """Give an examination question that names no test item the tests its words name
    (:func:`~tod.patient.asking.named_tests`: "Have you been tested for tuberculosis?" ->
    "tuberculosis"), so that it is answered for that test, never with the tests done."""
    slot = INTENT_SLOT["ask_medical_examination"]
    if "ask_medical_examination" in intents and not slots.get(slot):
        slots[slot] = named_tests(text)


def _cue_only_items(parse: TurnParse, answerable: frozenset[str]) -> list[tuple[str, str]]:
    """The slot and clear cue word (:data:`CLEAR_CUES`) of each joined item that is a question
    of its own (:data:`_OWN_QUESTION`) asking a parsed intent of ``answerable`` whose slot
    names other items, but none of them: "Have you travelled recently, or been in contact with
    any chemicals?" tagged "chemicals" only also asks about travel (("exposure", "travel"))."""
    values, found = _values(parse), []
    for sentence in _questions(parse):
        for item in _joined(sentence):
            if not _OWN_QUESTION.match(item) or _value_spans(item, sentence, values):
                continue
            for intent, cue in CLEAR_CUES.items():
                slot, match = INTENT_SLOT.get(intent), cue.search(item)
                # a descriptor cue ("come and go") says how a symptom goes, never names an item
                if match and intent in parse.intents and intent in answerable and slot not in (None, "symptom") \
                        and parse.slots.get(slot):
                    found.append((slot, match.group(0).lower()))
    return found


def question_topic(sentence: str, *, whole: bool = True) -> str | None:
    """The topic an uncovered question names after its opening, in the doctor's words ("Do you
    belong to any clubs?" -> "clubs", "Any stress at work?" -> "stress at work", "Do you have
    any risk factors such as obesity?" -> "risk factors"), cut before its first modifier
    (:data:`_TOPIC_END`): at most :data:`TOPIC_WORDS` words with no verb, pronoun or clause
    word (:data:`_NOT_TOPIC`) nor a word naming the complaint as a whole
    (:data:`_COMPLAINT_WORDS`), a leading possessive said as "the" ("your sleeping position"
    -> "the sleeping position"); ``None`` when no clean short topic can be taken. A joined
    item (``whole`` false) takes only the short openings (:data:`_TOPIC_OPENER`), a whole
    sentence also the longer ones (:data:`_SENTENCE_OPENER`: "Have you had a ...")."""
    match = (_SENTENCE_TOPIC if whole else _ITEM_TOPIC).match(sentence.strip())
    if match is None:
        return None
    topic = _POSSESSIVE.sub("the ", _TOPIC_END.sub("", match.group("topic")).strip(" -'"))
    words = topic.lower().split()
    if not words or len(words) > TOPIC_WORDS or set(words) & (_NOT_TOPIC | _COMPLAINT_WORDS):
        return None
    return topic


def unmapped_topics(parse: TurnParse) -> list[str | None]:
    """The topic of each question and joined item of ``parse`` no intent covers
    (:func:`unmapped_questions`, :func:`unmapped_items`), ``None`` for one with no clean
    short topic (:func:`question_topic`; an item read as its own question)."""
    items = [i if i.endswith("?") else f"{i}?" for i in unmapped_items(parse)]
    return [*map(question_topic, unmapped_questions(parse)), *(question_topic(i, whole=False) for i in items)]
