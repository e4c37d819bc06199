"""Statements built from record paths and the doctor's items, shared by every answer handler.

:class:`StatementMaker` turns what the record lookup found into
:class:`~tod.patient.acts.Statement` fills: a fact as spoken, a list of facts, the doctor's
items as the patient repeats them, the soft denial of an unrecorded symptom, the "if that's
what you mean" link, a "not sure", the present facts not yet revealed. It never chooses
words: that is the NLG's job.
"""

from __future__ import annotations

import re
from typing import Sequence

from tod.patient.acts import Fill, Statement
from tod.patient.facts import spoken_phrase
from tod.patient.matching import content_words
from tod.patient.query_words import ATTRIBUTE_WORDS, COMPLAINT_WORDS
from tod.patient.record_lookup import RecordLookup
from tod.patient.spoken import asked_shape, referred, without_place
from tod.patient.state import DialogueState
from tod.patient.templates import join_items, join_things
from tod.patient.voice import SYMPTOM_HEADS, asked_change_in, cut_from, echo_item, owner_word, parent_speaks, speakable, with_article

#: The path of a symptom's name ("symptoms[2]"): the item that takes its article in a list.
_SYMPTOM_NAME = re.compile(r"symptoms\[\d+\]")
#: Shapes of an item every person has, rather than has had (:func:`~tod.patient.spoken.asked_shape`);
#: a quality ("texture") is of some thing, maybe one the patient does not have (a rash).
_OWN_SHAPES = frozenset({"part", "attribute", "measure"})
#: An item that names its change itself ("decreased libido", "poor appetite"): never "a change in" it.
_NAMES_CHANGE = re.compile(r"^(?:decreased|increased|reduced|raised|low|high|poor|less|more|lost|loss|changed)\b",
                           re.IGNORECASE)


#: Sentence adverbs that open a doctor's sentence, never an item ("Also, any fever?").
_DISCOURSE_ADVERB = re.compile(r"^(?:(?:also|additionally|furthermore|moreover|besides|lastly|finally|next|then|"
                               r"secondly|firstly|now|so|okay|ok|alright|and|but)\b[,\s]*)+", re.IGNORECASE)


def without_discourse_adverb(item: str) -> str:
    """``item`` without the sentence adverbs before it ("Also fever" -> "fever", "Also" -> "")."""
    return _DISCOURSE_ADVERB.sub("", item.strip())


#: Endings that make another form of a whole word ("travel" of "traveled", "rash" of "rashes").
_INFLECTION = r"(?:s|es|ed|d|ing|er|ers|ly)"


def cut_mid_word(item: str, turn: str) -> bool:
    """Whether ``item`` stands in ``turn`` only as part of a longer word that is not one of its
    inflected forms ("injur" of "any injuries?"): a piece of a word, never an item to repeat.
    A whole word the turn inflects ("travel" of "recently traveled") is no piece."""
    if not item or item.lower() not in turn.lower():
        return False
    return re.search(rf"(?<!\w){re.escape(item)}{_INFLECTION}?(?!\w)", turn, re.IGNORECASE) is None


class StatementMaker:
    """Builds the statements of one case's answers from record paths and the doctor's items.

    Args:
        lookup: the record lookup of the case (its facts, lexicon and k).
    """

    def __init__(self, lookup: RecordLookup) -> None:
        self.lookup = lookup
        case = lookup.case
        # whose things the doctor's "your" names when the patient repeats it ("my", or "her")
        self._owner = owner_word(case.demographics.sex, caregiver=parent_speaks(case))

    def phrase(self, path: str) -> Fill:
        """A fact as spoken (:func:`spoken_phrase`): "beer at weekends", "my mother has had
        asthma", "blood pressure showed 150/90 mmHg", a symptom name, a descriptor."""
        return Fill(spoken_phrase(self.lookup.case, path, self.lookup.lay), (path,))

    def items(self, paths: Sequence[str], *, articles: bool = True) -> Fill:
        """The facts of ``paths`` as one list fill, a later mention of an earlier item as
        "it" (:func:`~tod.patient.spoken.referred`); with ``articles`` (every list of what
        the patient has had; not a denial's "no ...") a symptom takes its article ("a
        throbbing headache")."""
        texts = [self.phrase(p).text for p in paths]
        if articles:
            texts = [with_article(t, SYMPTOM_HEADS) if _SYMPTOM_NAME.fullmatch(p) else t
                     for p, t in zip(paths, texts)]
        return Fill(join_things(referred(texts)), tuple(paths))

    def echoed(self, queries: Sequence[str]) -> Fill | None:
        """The doctor's items as the patient repeats them (:func:`echo_item`: without numbers
        and edge function words, reworded only when a whole item is one lay-table term,
        "your" as "my"; an item too long to stand as one said without its trailing place,
        "injuries or trauma to my right leg" -> "injuries or trauma"), the items that cannot
        stand as one (:func:`speakable`: a chat or question word, more than five words) and
        those cut from a longer phrase of the turn
        (:func:`cut_from`: "current" of "current medications") or cut mid-word
        (:func:`cut_mid_word`: "injur" of "injuries") left out, a discourse adverb before an
        item dropped (:func:`without_discourse_adverb`: never "any Also"); ``None`` when none
        is left."""
        whole = [q for q in map(without_discourse_adverb, queries)
                 if q and not cut_from(q, self.lookup.turn_text) and not cut_mid_word(q, self.lookup.turn_text)]
        echoes = (echo_item(q, self.lookup.lexicon.whole_to_lay, self._owner) for q in whole)
        echoed = [e for e in dict.fromkeys(e if speakable(e) else without_place(e) for e in echoes) if speakable(e)]
        return Fill(join_items(echoed, "or"), items=tuple(echoed)) if echoed else None

    def absent(self, section: str, queries: Sequence[str]) -> list[Statement]:
        """The soft denial of symptoms no record fact touches, naming them ("No, I haven't
        noticed any rash."; an attribute as unchanged, "No change in my appetite"): outcome
        denied, variant ``absent_unrecorded``, no record path (an unrecorded symptom assumed
        absent). Nothing the patient can repeat is named: "not sure" about the topic."""
        unchanged = [q for q in queries if content_words(q) <= ATTRIBUTE_WORDS and not COMPLAINT_WORDS.search(q)
                     or self._change_in_own(q)]
        return self.named_denials(section, (("absent_unrecorded", [q for q in queries if q not in unchanged]),
                                             ("absent_unrecorded_unchanged", unchanged)))

    def _change_in_own(self, query: str) -> bool:
        """Whether ``query`` names something every person has (a part, function, attribute
        or measure: "gait", "sense of touch", :func:`~tod.patient.spoken.asked_shape`)
        and the doctor asked about a change in it: its denial keeps the change ("I haven't
        noticed any change in my gait"), never "no gait"."""
        own = asked_shape([query]) in _OWN_SHAPES and not _NAMES_CHANGE.match(query)
        return own and asked_change_in(query, self.lookup.turn_text)

    def maybe(self, section: str, paths: Sequence[str]) -> list[Statement]:
        """The patient's present symptoms that may amount to what the doctor asked, said with
        an honest link ("Well, I've had sores on my legs, if that's what you mean."): variant
        ``present_maybe``, the facts' paths as provenance; nothing when ``paths`` is empty."""
        if not paths:
            return []
        return [Statement(section, "present_maybe", "present", {"items": self.items(paths)}, items=len(paths))]

    def yes_and_no(self, intent: str, hits: Sequence[str]) -> list[Statement]:
        """One statement for the present facts among ``hits`` and one for the denied ones."""
        said_yes, said_no = self.lookup.by_status(hits)
        statements = []
        if said_yes:
            statements.append(Statement(intent, "present", "present", {"items": self.items(said_yes)},
                                        items=len(said_yes)))
        if said_no:
            statements.append(Statement(intent, "denied", "denied", {"items": self.items(said_no, articles=False)}, items=len(said_no)))
        return statements

    def extras(self, intent: str, paths: Sequence[str], hits: Sequence[str], state: DialogueState, room: int) -> list[Statement]:
        """What a volunteering persona may add: the present ``paths`` neither asked about nor
        revealed yet, one statement each, at most ``room``."""
        return [
            Statement(intent, "present", "present", {"items": self.items([p])}, items=1)
            for p in paths
            if p not in hits and not state.is_revealed(p)
        ][: max(room, 0)]

    def fresh_first(self, paths: Sequence[str], state: DialogueState) -> list[str]:
        """Up to k of ``paths``: the unrevealed ones first; when all were revealed, the first
        k again (which makes an already answered question a repeat)."""
        fresh = [p for p in paths if not state.is_revealed(p)]
        return (fresh or list(paths))[: self.lookup.max_facts]

    def named_denials(self, section: str, groups: Sequence[tuple[str, Sequence[str]]]) -> list[Statement]:
        """One denial statement of each ``(variant, items)`` group that holds items, naming the
        doctor's items; a group whose words name no item the patient can repeat gets "not
        sure" about the topic, never a bare "No"."""
        statements = []
        for variant, group in groups:
            asked = self.echoed(group) if group else None
            if asked is not None:
                statements.append(Statement(section, variant, "denied", {"asked": asked}))
            elif group:
                statements.append(self.unsure(section, []))
        return statements

    def unsure(self, intent: str, queries: Sequence[str]) -> Statement:
        """A "not sure" about the doctor's items (named back to them), or about the topic.
        The doctor's guess at the patient's own conditions is never repeated (it may be the
        diagnosis): a past-diagnosis "not sure" names the topic."""
        asked = self.echoed(queries) if queries and intent != "ask_past_diagnosis" else None
        return Statement(intent, "not_recorded", "not_recorded", {"asked": asked} if asked else {})

    def remaining(self, intent: str, present: Sequence[str], hits: Sequence[str], state: DialogueState) -> list[Statement]:
        """The answer to a catch-all next to named items ("... or any other conditions?"): the
        present facts not named, unrevealed first, up to k."""
        rest = self.fresh_first([p for p in present if p not in hits], state)
        if not rest:
            return []
        return [Statement(intent, "present", "present", {"items": self.items(rest)}, items=len(rest), named=False)]
