"""Template NLG: turn the policy's statements into the patient's words.

:class:`TemplateRenderer` picks, for each :class:`~tod.patient.acts.Statement`, a
paraphrase of its template variant that its fills can fill, adds persona fragments, hedges
and volunteered facts, and returns a :class:`~tod.patient.acts.Rendering`: the reply as
template parts (see :mod:`tod.patient.templates`), which travel with the reply to the
provenance guard.

Randomness: every choice (paraphrase, persona fragment, hedge) draws from the
``random.Random`` the renderer is given, in a fixed order, so a reply is a pure function
of the seed and the conversation.
"""

from __future__ import annotations

import random
import re
from typing import Callable, Sequence

from dataclasses import replace

from tod.patient.acts import Fill, IntentAnswer, Rendering, Statement
from tod.patient.matching import WEAK_WORDS, content_words, default_synonyms
from tod.patient.persona import FILLER_RATE, HEDGE_RATE, Persona
from tod.patient.spoken import NOUN_SHAPES, asked_shape, said_in_past, says_state, shared_place
from tod.patient.templates import (OPENING_TEMPLATE, Part, TemplateBank, TemplateError, join_items, parallel, placeholders,
                                   starts_clause)
from tod.patient.voice import VOICE_TOKENS, Voice, can_be_seen, is_felt
from tod.schema.labels import INTENT_FAMILIES

#: Openings a hedge ("I think ...") cannot precede.
_NO_HEDGE_OPENERS = ("Yes", "Yeah", "No", "Nah", "Well", "So,", "As I said", "Hmm", "Umm", "But", "Okay", "Alright", "Sure")


class TemplateRenderer:
    """Renders policy answers and fixed utterances for one consultation.

    Args:
        bank: the templates.
        voice: patient or caregiver voice.
        persona: wording style (never facts).
        rng: the consultation's random source.
        symptoms: the record paths of the patient's present symptoms; a close that says all
            was said ("That's about it.") ends only a reply that has said each of them.
    """

    def __init__(self, bank: TemplateBank, voice: Voice, persona: Persona, rng: random.Random,
                 symptoms: frozenset[str] = frozenset()) -> None:
        self.bank = bank
        self.voice = voice
        self.persona = persona
        self.rng = rng
        self.symptoms = symptoms

    # ---------------------------------------------------------------- pieces

    def _template(self, options: Sequence[str]) -> str:
        template = self.persona.choose(options, self.rng)
        return self.bank.colloquialise(template) if self.persona.colloquial else template

    def _voice_fills(self, template: str) -> dict[str, str]:
        return {n.lower(): self.voice.words[n.lower()] for n in placeholders(template) if n.lower() in VOICE_TOKENS}

    def fixed(self, section: str, variant: str, *, used: frozenset[str] = frozenset()) -> Part:
        """A part with no record content (closing questions, acknowledgements), not one of
        the templates ``used`` in this reply when the variant has another."""
        options = self.bank.options(section, variant, self.voice.name)
        template = self._template([t for t in options if t not in used] or options)
        return Part(template, self._voice_fills(template))

    def opening(self, text: str) -> Part:
        """The record's opening statement, verbatim."""
        return Part(OPENING_TEMPLATE, {"opening": text})

    def _fragment(self, kind: str) -> Part | None:
        options = self.bank.fragments(self.persona.temperament, kind, self.voice.name)
        if not options:
            return None
        template = self._template(options)
        return Part(template, self._voice_fills(template))

    def _repeated_variant(self, statement: Statement) -> tuple[str, str]:
        if statement.outcome == "present":
            specific = f"repeated_{statement.variant}"
            return statement.section, specific if self.bank.has(statement.section, specific) else "repeated"
        return "common", "repeated_denied" if statement.outcome == "denied" else "repeated_not_recorded"

    def statement(self, statement: Statement, *, repeated: bool = False, used: frozenset[str] = frozenset(),
                  named: frozenset[str] = frozenset(), after_denial: bool = False,
                  led: bool = False, after_but: bool = False, doubted: bool = False) -> tuple[Part, tuple[str, ...]]:
        """One statement as a part, and the record paths it states.

        The paraphrase is chosen among those whose placeholders the statement can fill,
        preferring those that use every fill (a "not sure" that names the doctor's item)
        and then those that share no sentence with the templates ``used`` in this reply
        (no sentence said twice), and, for a symptom already ``named`` in this reply, those
        that do not ask it back ("His rash? ..."); ``after_denial`` (a denial was said earlier
        in this reply), those that do not open with "Yes" or "No" ("No, not that. Yes, I've
        had ..." reads as a contradiction); ``led`` (a part of this reply already opens by
        echoing its topic as a question, "My job? ..."), those that do not, so a reply is no
        chain of "My habits? ... Travel? ..."; ``after_but`` (the part before opens with
        "But"), those that do not open with "But" ("But nothing else like that. But nothing
        like ..." says "but" twice to one contrast); ``doubted`` (a "not sure" in a reply that
        has denied something), those that give the reason of doubt ("I haven't noticed",
        :data:`_REASON_OF_DOUBT`), so the "not sure" never reads as taking back the denial.
        A repeated statement uses the "repeated" variant ("As I said, ..."); a repeated
        denial or "not sure" uses the common repeated variants. The paths are all of the
        statement's, whichever paraphrase is chosen: a paraphrase that leaves out a fill
        still states its fact (answering how the rash looks confirms the rash), so
        provenance does not depend on wording.

        Raises:
            TemplateError: no paraphrase can be filled from the statement.
        """
        section, variant = self._repeated_variant(statement) if repeated else (statement.section, statement.variant)
        variant = self._worded_variant(section, variant, statement)
        if not repeated:
            section, variant = self._shaped_variant(section, variant, statement)
        usable = [
            t
            for t in self.bank.options(section, variant, self.voice.name)
            if all(n.lower() in VOICE_TOKENS or n.lower() in statement.fills for n in placeholders(t))
        ]
        if not usable:
            raise TemplateError(f"no template {section}.{variant} can be filled from {sorted(statement.fills)}")
        symptom = statement.fills.get("symptom")
        # a symptom named earlier in the reply need not be named again, nor asked back ("His rash? ...")
        again = symptom is not None and symptom.text in named
        wanted = set(statement.fills) - ({"symptom"} if again else set())
        complete = [t for t in usable if wanted <= {n.lower() for n in placeholders(t)}]
        usable = complete or usable
        if again:
            usable = [t for t in usable if not _ASKS_BACK_SYMPTOM.search(t)] or usable
        if after_denial:
            usable = [t for t in usable if not _YES_OR_NO.match(t)] or usable
        if led:
            usable = [t for t in usable if not _ECHO_LEAD.match(t)] or usable
        if after_but:
            usable = [t for t in usable if not _OPENS_WITH_BUT.match(t)] or usable
        if doubted:
            usable = [t for t in usable if _REASON_OF_DOUBT.search(t)] or usable
        said = {s for t in used for s in _template_sentences(t)}
        usable = [t for t in usable if not said & set(_template_sentences(t))] or usable
        framed = {f for t in used for f in _template_frames(t)}
        usable = [t for t in usable if not framed & _template_frames(t)] or usable
        template = self._template(usable)
        fills = self._voice_fills(template)
        used = {n.lower() for n in placeholders(template)}
        fills.update((name, _fill_text(name, fill)) for name, fill in statement.fills.items() if name in used)
        return Part(template, fills), statement.all_paths

    def _shaped_variant(self, section: str, variant: str, statement: Statement) -> tuple[str, str]:
        """The section and variant whose frame fits the shape of the doctor's items
        (:func:`~tod.patient.spoken.asked_shape`): for items that are no problem noun
        ("anxious", "nails", "weight", "being overweight"), "<variant>_<shape>" of the
        section where it has one; for items that are no noun phrase (which no "about
        {asked}" fits), else that of the common section, else the "<variant>_other" of the
        section, else of the common section; the section's own variant otherwise. A part or
        attribute the doctor's words do not own
        ("immune system", "stress level") takes "<variant>_<shape>_owned" where there is one
        ("no problems with my immune system")."""
        asked = statement.fills.get("asked")
        if asked is None:
            return section, variant
        items = asked.items or (asked.text,)
        shape = asked_shape(items)
        if shape == "problem":
            return section, variant
        variant = variant.removesuffix("_but")  # the contrast is worded for problem nouns ("But no fever")
        if shape in NOUN_SHAPES:  # a noun fits every frame about a thing; only a noun frame needs another
            tried = [(section, f"{variant}_{shape}")]
        else:
            tried = [(where, f"{variant}_{suffix}") for suffix in (shape, "other") for where in (section, "common")]
        if shape in _OWNABLE_SHAPES and not _OWNED.match(items[0]):  # "my immune system", not "no immune system"
            tried[:0] = [(where, f"{variant}_{shape}_owned") for where in (section, "common")]
        return next((pair for pair in tried if self.bank.has(*pair)), (section, variant))

    def _worded_variant(self, section: str, variant: str, statement: Statement) -> str:
        """``variant`` in the frame its items' word form needs, where ``section`` has one:
        "<variant>_state" for items said with "been" ("crying" -> "he has been crying",
        :func:`~tod.patient.spoken.says_state`), "<variant>_past" for a one-off in the past
        ("ibuprofen once last night" -> "I took ...", :func:`~tod.patient.spoken.said_in_past`),
        "<variant>_clause" for items that are clauses of their own ("I've lost 5 kg",
        :func:`~tod.patient.templates.starts_clause`); "<variant>_unseen" for a symptom one
        cannot look at (:func:`~tod.patient.voice.can_be_seen`: how the pain "looks" is no
        question of looking, "I'm not sure how I'd describe the pain."); "<variant>_felt" for
        doctor's items that are all sensations only their bearer feels
        (:func:`~tod.patient.voice.is_felt`: ear pain is never "not that I've noticed myself")."""
        symptom = statement.fills.get("symptom")
        if symptom is not None and self.bank.has(section, f"{variant}_unseen") and not can_be_seen(symptom.text):
            return f"{variant}_unseen"
        asked = statement.fills.get("asked")
        if asked is not None and self.bank.has(section, f"{variant}_felt") \
                and all(is_felt(item) for item in asked.items or (asked.text,)):
            return f"{variant}_felt"
        items = statement.fills.get("items")
        if items is None:
            return variant
        for form, fits in (("clause", starts_clause), ("state", says_state), ("past", said_in_past)):
            if self.bank.has(section, f"{variant}_{form}") and fits(items.text):
                return f"{variant}_{form}"
        return variant

    # ----------------------------------------------------------------- turns

    def answers(self, answers: Sequence[IntentAnswer]) -> Rendering:
        """The reply to a turn's answers, with persona fragments, hedges and volunteering.

        Layout: [open fragment] statements... [volunteer intro + one extra per answer]
        [close fragment] [colloquial filler]. No fragment precedes a repeated first answer,
        so such a reply starts with "As I said". Volunteering never follows a repeat. A
        statement already said in this turn (the same "not sure" for two intents, the same
        absent symptom for two descriptor questions) is said once, and the "not sure"s that
        name the doctor's items are said together (:func:`merge_unsure`), as are the named
        symptoms the patient does not have (:func:`merge_absent`, :func:`merge_unrecorded`).
        Two consecutive denials or "not sure"s that differ only in their topic are said as
        one sentence (:func:`~tod.patient.templates.parallel`). A fact stated (or denied)
        earlier in the reply is not stated (or denied) again, nor an item of the doctor's given
        a second none-answer (:func:`without_second_nones`); a recall beside facts of its own
        answer follows them, about the rest (:func:`recalled_after_facts`). An honest link
        ("Well, I smoke, if that's what you mean.") whose facts were said earlier in the reply
        becomes a "not sure" about its item beyond them (:func:`_unsure_besides`), so the item
        keeps an answer.
        """
        answers = recalled_after_facts(merge_unsure(without_second_nones(answers)))
        answers = merge_unrecorded(merge_absent(self.recall_with_topic(merge_recalled(answers))))
        style = self.persona.style
        parts: list[Part] = []
        provenance: list[str] = []
        volunteered: list[str] = []
        said: set[tuple[object, ...]] = set()
        denied_said = False
        present_last: str | None = None  # the section of the last part when it states present facts
        stated: dict[str, set[str]] = {"present": set(), "denied": set()}
        plain_last = False  # whether the last part says what the patient does not have or know
        if answers and not answers[0].repeated and self.rng.random() < style.open_rate:
            self._append(parts, self._fragment("open"))
        for answer in answers:
            for position, statement in enumerate(answer.statements):
                repeated = answer.repeated and position == 0
                key = self._key(statement, repeated)
                paths = set(statement.all_paths)
                told = stated.get(statement.outcome)
                if key in said or (paths and told is not None and paths <= told):
                    # a fact said already is not said again; the item it was to answer still is
                    besides = _unsure_besides(statement)
                    if besides is None or self._key(besides, repeated) in said:
                        continue
                    statement, key, paths, told = besides, self._key(besides, repeated), set(), None
                said.add(key)
                if told is not None:
                    told.update(paths)
                named = frozenset(p.fills["symptom"] for p in parts if "symptom" in p.fills)
                contrast = denied_said and not repeated and statement.outcome == "present"
                if contrast:
                    statement = self._after_denial(statement)
                elif not repeated and statement.outcome == "denied" and present_last in _related_sections(statement.section):
                    statement = self._after_present(statement)
                led = any(_ECHO_LEAD.match(p.template) for p in parts)
                after_but = bool(parts) and _OPENS_WITH_BUT.match(parts[-1].template) is not None
                part, paths = self.statement(statement, repeated=repeated, used=frozenset(p.template for p in parts),
                                             named=named, after_denial=contrast or not statement.named, led=led,
                                             after_but=after_but,
                                             doubted=denied_said and statement.outcome == "not_recorded")
                denied_said = denied_said or statement.outcome == "denied"
                present_last = statement.section if statement.outcome == "present" and not repeated else None
                if parts and plain_last and statement.outcome != "present" and not repeated and parallel(parts[-1].text, part.text):
                    # "... about smoking." + "... about drinking." -> "... about smoking or drinking."
                    parts[-1] = Part(parts[-1].template, parts[-1].fills, joined=(parts[-1], part))
                    provenance.extend(paths)
                    continue
                if self._hedge(answer.intent, statement, part, repeated):
                    parts.append(Part(self._template(self.bank.hedges), glue=True))
                parts.append(part)
                plain_last = statement.outcome != "present" and not repeated
                provenance.extend(paths)
            extras = [e for e in answer.extras if self._key(e, False) not in said]
            # never the same intro twice (an intro is used in its plain or colloquial form)
            intros = self.bank.options("common", "volunteer", self.voice.name)
            used = {p.template for p in parts}
            fresh_intro = any(t not in used and self.bank.colloquialise(t) not in used for t in intros)
            if self.persona.volunteers and extras and not answer.repeated and fresh_intro:
                parts.append(self.fixed("common", "volunteer", used=frozenset(p.template for p in parts)))
                said.add(self._key(extras[0], False))
                part, paths = self.statement(extras[0], used=frozenset(p.template for p in parts), after_denial=denied_said)
                parts.append(part)
                plain_last = False
                volunteered.extend(p for p in paths if p not in provenance)
                provenance.extend(paths)
        parts = _without_stacked_filler(parts)
        any_repeated = any(a.repeated for a in answers)
        if any_repeated and self.rng.random() < max(style.close_rate, 0.5):
            self._append(parts, self._closing(parts, self._fragment("close_repeated")))
        elif not any_repeated and self.rng.random() < style.close_rate and provenance:
            # "That's about it." closes an answer, never a reply of only "not sure"s
            self._append(parts, self._closing(parts, self._close(provenance)))
        if self.persona.colloquial and self.rng.random() < FILLER_RATE:
            parts.append(Part(self.rng.choice(self.bank.fillers)))
        unique = tuple(dict.fromkeys(provenance))
        return Rendering(tuple(parts), unique, tuple(dict.fromkeys(volunteered)))

    def _close(self, provenance: Sequence[str]) -> Part | None:
        """The persona's closing fragment for a reply stating ``provenance``; none where the
        fragment says all was said ("That's about it.", :data:`_SAYS_ALL`) while a present
        symptom of the record is left unsaid, which would read as denying it."""
        close = self._fragment("close")
        if close is not None and _SAYS_ALL.search(close.template) and not self.symptoms <= set(provenance):
            return None
        return close

    def _closing(self, parts: Sequence[Part], close: Part | None) -> Part | None:
        """``close``, unless it holds an opener ("Hmm, that's about it.") and a part of the
        reply already does: one opener per reply."""
        if close is not None and _OPENER.search(close.template) and _holds_opener(parts):
            return None
        return close

    def _after_denial(self, statement: Statement) -> Statement:
        """A present statement said after a denial in the same reply, in its section's
        contrasting variant where it has one ("No, not that. But I have had ...")."""
        if statement.variant == "present" and self.bank.has(statement.section, "present_but"):
            return replace(statement, variant="present_but")
        return statement

    def _after_present(self, statement: Statement) -> Statement:
        """A denial said right after a present statement of its kind in the same reply, in its
        section's contrasting variant where it has one: "But no fever that I've noticed." or
        "But nothing else like that." after "I've had a cough and a sore throat.", never "No,
        nothing like that.", which reads as taking back what was just said."""
        variant = f"{statement.variant}_but"
        return replace(statement, variant=variant) if self.bank.has(statement.section, variant) else statement

    def _topic_none(self, statement: Statement) -> bool:
        """Whether ``statement`` is a none-answer about its intent's topic that names none of
        the doctor's items ("As for medicines, nothing comes to mind.") and its section says
        it together with a recall (``not_recalled_with``)."""
        return statement.variant == "not_recorded" and not statement.fills \
            and self.bank.has(statement.section, "not_recalled_with")

    def recall_with_topic(self, answers: Sequence[IntentAnswer]) -> list[IntentAnswer]:
        """``answers`` with the reply's recall about the doctor's problem items
        (``common.not_recalled``) and the first none-answer about a topic (:meth:`_topic_none`)
        said as one sentence, at the recall: "Chemicals? Nothing comes to mind, and nothing
        about medicines either." instead of "Chemicals? Nothing comes to mind. Nothing about
        medicines that I can think of.". A recall about a part or attribute every person has
        keeps its own frame ("I haven't noticed anything different about my sleep.").
        Repeated answers are left alone."""
        fresh = [s for a in answers if not a.repeated for s in a.statements]
        recall = next((s for s in fresh if s.section == "common" and s.variant == "not_recalled"
                       and asked_shape(s.fills["asked"].items or (s.fills["asked"].text,)) == "problem"), None)
        topic = next((s for s in fresh if self._topic_none(s)), None)
        if recall is None or topic is None:
            return list(answers)
        together = replace(topic, variant="not_recalled_with", fills=recall.fills)
        return _said_once(answers, lambda s: s is recall or s is topic, recall, together)

    @staticmethod
    def _key(statement: Statement, repeated: bool) -> tuple[object, ...]:
        """What makes two statements of a reply the same thing said twice."""
        return (statement.section, statement.variant, repeated,
                tuple(sorted((name, fill.text) for name, fill in statement.fills.items())))

    def _hedge(self, intent: str, statement: Statement, part: Part, repeated: bool) -> bool:
        """Whether to hedge a remembered fact: present outcomes outside basic information,
        never a repeat, never a part that opens with an interjection ("Yes, ...") or asks itself a question."""
        if not self.persona.uncertain or repeated or statement.outcome != "present":
            return False
        if part.text.startswith(_NO_HEDGE_OPENERS) or "?" in part.template:
            return False
        if INTENT_FAMILIES.get(intent) == "basic information" or intent == "ask_occupation":
            return False
        return self.rng.random() < HEDGE_RATE

    @staticmethod
    def _append(parts: list[Part], part: Part | None) -> None:
        if part is not None:
            parts.append(part)


_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")
#: A closing fragment that says the patient has told everything ("That's about it.").
_SAYS_ALL = re.compile(r"\b(?:that's about it|nothing else|that's everything|that's all)\b", re.IGNORECASE)
#: A template that asks its symptom back as a question ("The {symptom}? ...", "{Poss} {symptom}? ...").
_ASKS_BACK_SYMPTOM = re.compile(r"\{symptom\}\?", re.IGNORECASE)


#: A template that opens by echoing its topic as a short question ("My job? {Items}.",
#: "{Asked}? Nothing comes to mind.").
_ECHO_LEAD = re.compile(r"^[^.?!]{1,60}\?(?:\s|$)")
#: An item that names its owner ("my eyes", "her hearing").
_OWNED = re.compile(r"^(?:my|her|his|their|our)\b", re.IGNORECASE)
#: Shapes of the doctor's item that the patient owns ("my immune system", "my stress level").
_OWNABLE_SHAPES = frozenset({"part", "attribute"})
#: A "not sure" that gives its reason of doubt ("I haven't noticed anything like that", "I'd
#: have to check", "I don't remember", "I didn't really look").
_REASON_OF_DOUBT = re.compile(r"\b(?:haven't|hasn't|I'd have to|don't remember|didn't really)\b", re.IGNORECASE)
#: A template that opens with "But" ("But nothing else like that.").
_OPENS_WITH_BUT = re.compile(r"^but\b", re.IGNORECASE)
#: A template that opens with an answer word ("Yes, I've had {items}.").
_YES_OR_NO = re.compile(r"^(?:yes|yeah|no|nah)\b", re.IGNORECASE)
_INTERJECTION = re.compile(r"^(?:hmm|umm|um|well|mm),?\s+", re.IGNORECASE)
#: An opener, at the start of any sentence of a template: "Mm.", "Well, ...", "{Asked}? Hmm, ...".
_OPENER = re.compile(r"(?:^|[.?!]\s+)(?:hmm|umm|um|mm|well)\b", re.IGNORECASE)


def _holds_opener(parts: Sequence[Part]) -> bool:
    """Whether a part of ``parts`` holds an opener (:data:`_OPENER`); a reply says at most one."""
    return any(_OPENER.search(p.template) for p in parts)


#: A sentence that only asks its topic back ("{Asked}?"): no frame of its own.
_ECHO_ONLY = re.compile(r"^\{\w+\}\?$")


def _template_frames(template: str) -> set[str]:
    """The frames of a template's sentences, lower case: what follows a sentence's last
    comma where it has one ("As for {asked}, nothing comes to mind." -> "nothing comes to
    mind."), else the sentence; so "As for medicines, nothing comes to mind." and "As for
    allergies, nothing comes to mind." share a frame and are not said in a row."""
    sentences = (_INTERJECTION.sub("", s).lower() for s in _SENTENCE_END.split(template))
    return {s.rsplit(", ", 1)[-1] for s in sentences if s and not _ECHO_ONLY.match(s)}


def _fill_text(name: str, fill: Fill) -> str:
    """The text of a fill in a template; the doctor's items are said once each
    (:func:`_without_contained`) and the last ones that share a trailing place say it once,
    at the end ("weight gain or swelling in my abdomen", "pain in my neck, weakness or
    numbness in my arm", :func:`~tod.patient.spoken.shared_place`)."""
    if name != "asked" or len(fill.items) < 2:
        return fill.text
    items = _without_synonyms(_without_contained(fill.items))
    conjunction = "or" if " or " in fill.text else "and"
    for start in range(len(items) - 1):
        shared, place = shared_place(items[start:])
        if place:
            return join_items([*items[:start], *shared[:-1], shared[-1] + place], conjunction)
    return join_items(items, conjunction) if len(items) < len(fill.items) else fill.text


def _without_contained(items: Sequence[str]) -> list[str]:
    """``items`` without those another item ends with as whole words, which that item
    already says ("bloating" beside "abdominal bloating"; "pain" stays beside "pain in my
    arm", which it does not end)."""
    lowered = [f" {item.lower()}" for item in items]
    return [item for item, low in zip(items, lowered)
            if not any(other != low and other.endswith(low) for other in lowered)]


def _without_synonyms(items: Sequence[str]) -> list[str]:
    """``items`` without one whose synonym groups (``templates/synonyms.yaml``) an earlier
    item already names: "shortness of breath or difficulty breathing" is one thing asked,
    said once ("shortness of breath"); an item of no group, or of a group no earlier item
    names, stays."""
    table = default_synonyms()
    kept: list[str] = []
    named: list[frozenset[str]] = []
    for item in items:
        concepts = table.concepts(item)
        if concepts and any(concepts <= earlier for earlier in named):
            continue
        kept.append(item)
        named.append(concepts)
    return kept


#: A part that opens with a filler word ("Mm.", "Well...", "Hmm, let me think.", "Oh dear.").
_FILLER_OPENING = re.compile(r"^(?:hmm|umm|um|mm|well|oh|ugh|uh|er)\b", re.IGNORECASE)


def _without_stacked_filler(parts: list[Part]) -> list[Part]:
    """``parts`` without a first part of no fills that opens with a filler word when a
    part after it holds an opener too (:data:`_OPENER`): "Mm. Hmm, I can't remember." and
    "Mm. No, ... Well, there's been ..." stack two."""
    if len(parts) > 1 and not parts[0].fills and _FILLER_OPENING.match(parts[0].template) \
            and _holds_opener(parts[1:]):
        return parts[1:]
    return parts


def _template_sentences(template: str) -> list[str]:
    """The sentences of a template that hold no placeholder, lower case and without an
    opening interjection (so "Hmm, I'm not sure about that." and its colloquial "Umm, ..."
    are one sentence)."""
    return [_INTERJECTION.sub("", s).lower() for s in _SENTENCE_END.split(template) if "{" not in s]


def with_asked(statements: Sequence[Statement], asked: Fill | None) -> list[Statement]:
    """``statements`` with the doctor's items ``asked`` as a fill of each (none when
    ``None``): an honest link keeps the item it answers, to name it in a "not sure" when its
    facts were said before in the reply (:func:`_unsure_besides`)."""
    if asked is None:
        return list(statements)
    return [replace(s, fills={**s.fills, "asked": asked}) for s in statements]


def _unsure_besides(statement: Statement) -> Statement | None:
    """For an honest link ("Well, I smoke 10 cigarettes a day, if that's what you mean.")
    whose facts the reply has said already, a "not sure" about its item beyond them
    ("Secondhand smoke? I'm not sure, apart from what I've told you.", ``common.not_recorded_besides``);
    ``None`` for any other statement (a fact said twice is left out)."""
    if not statement.variant.startswith("present_maybe"):
        return None
    asked = statement.fills.get("asked")
    return Statement("common", "not_recorded_besides", "not_recorded", {"asked": asked} if asked else {})


def _unsure_about_asked(statement: Statement) -> bool:
    return statement.variant == "not_recorded" and set(statement.fills) == {"asked"}


def merge_absent(answers: Sequence[IntentAnswer]) -> list[IntentAnswer]:
    """``answers`` with every "I don't actually have any X" (a ``symptom_absent`` statement)
    said once, at the first, naming all the absent symptoms: "But I haven't had any fever or
    rash." instead of one sentence per symptom and question."""
    absent = [s for a in answers if not a.repeated for s in a.statements if s.variant == "symptom_absent"]
    if len(absent) < 2:
        return list(answers)
    symptoms = list({s.fills["symptom"].text: s.fills["symptom"] for s in absent}.values())
    merged = replace(absent[0], fills={"symptom": Fill(join_items([f.text for f in symptoms], "or"),
                                                        tuple(p for f in symptoms for p in f.paths))},
                     items=len(symptoms))
    return _said_once(answers, lambda s: s.variant == "symptom_absent", absent[0], merged)


def _said_once(answers: Sequence[IntentAnswer], kind: Callable[[Statement], bool], first: Statement,
               merged: Statement) -> list[IntentAnswer]:
    """``answers`` with the statement ``first`` replaced by ``merged`` and every other
    statement of the same ``kind`` left out (repeated answers are left alone)."""
    result = []
    for answer in answers:
        if answer.repeated:
            result.append(answer)
            continue
        kept = tuple(merged if s is first else s for s in answer.statements if s is first or not kind(s))
        result.append(replace(answer, statements=kept))
    return result


#: The most of the doctor's items a reply reads back in one denial or recall answer: with
#: more, the answer is plain ("No, none of those.") rather than a checklist read back.
MAX_ECHOED_ITEMS = 4


def _unrecorded(statement: Statement) -> bool:
    return statement.variant in ("absent_unrecorded", "absent_unrecorded_unchanged")


def merge_unrecorded(answers: Sequence[IntentAnswer]) -> list[IntentAnswer]:
    """``answers`` with the denials of unrecorded symptoms (``absent_unrecorded`` statements)
    said once per variant, naming each item once ("No, I haven't noticed any rash or
    itching."); with more than :data:`MAX_ECHOED_ITEMS` items in all, one plain denial that
    reads none back ("No, none of those.", or "But nothing else like that." after something
    the patient has, said in the same answer), which keeps the items in its fill. Repeated answers are left alone."""
    found = [s for a in answers if not a.repeated for s in a.statements if _unrecorded(s)]
    items = _one_per_question([list(s.fills["asked"].items or (s.fills["asked"].text,)) for s in found])
    if len(items) > MAX_ECHOED_ITEMS:
        # with something the patient does have in the reply, that first: "But nothing else like that."
        bodily = {found[0].section, *_OWN_SECTIONS}
        present = [s for a in answers if not a.repeated for s in a.statements
                   if s.outcome == "present" and s.section in bodily]
        plain = replace(found[0], variant="absent_unrecorded_others" if present else "absent_unrecorded_many",
                        fills={"asked": Fill(join_items(items, "or"), items=tuple(items))})
        answers = _said_once(answers, _unrecorded, found[0], plain)
        return _moved_after(answers, plain, present[-1]) if present else answers
    for variant in ("absent_unrecorded", "absent_unrecorded_unchanged"):
        alike = [s for s in found if s.variant == variant]
        if len(alike) > 1:
            named = _one_per_question([list(s.fills["asked"].items or (s.fills["asked"].text,)) for s in alike])
            merged = replace(alike[0], fills={"asked": Fill(join_items(named, "or"), items=tuple(named))})
            answers = _said_once(answers, lambda s, v=variant: s.variant == v, alike[0], merged)
    return list(answers)


#: The sections whose present statements are the patient's own symptoms and changes.
_OWN_SECTIONS = ("ask_symptom", "ask_physical_change")


def _related_sections(section: str) -> set[str]:
    """The sections whose present statements a denial of ``section`` follows as a contrast:
    its own, or all of :data:`_OWN_SECTIONS` for one of them (a symptom denied after a
    bodily change said)."""
    return set(_OWN_SECTIONS) if section in _OWN_SECTIONS else {section}


def _moved_after(answers: Sequence[IntentAnswer], moved: Statement, anchor: Statement) -> list[IntentAnswer]:
    """``answers`` with the statement ``moved`` said right after ``anchor`` (in the anchor's
    answer): a denial of the other items follows what the patient has, never precedes it."""
    result = []
    for answer in answers:
        kept = [s for s in answer.statements if s is not moved]
        if any(s is anchor for s in kept):
            at = next(i for i, s in enumerate(kept) if s is anchor)
            kept.insert(at + 1, moved)
        result.append(replace(answer, statements=tuple(kept)))
    return result


def _recalled(statement: Statement) -> bool:
    return statement.section == "common" and statement.variant in ("not_recalled", "not_recalled_many")


def merge_recalled(answers: Sequence[IntentAnswer]) -> list[IntentAnswer]:
    """``answers`` with every recall answer about the doctor's items (``common.not_recalled``)
    said once, at the first, naming each item once: "Stress or pets? Nothing comes to mind."
    instead of one "Nothing comes to mind." per question; with more than
    :data:`MAX_ECHOED_ITEMS` items, a plain answer that reads none back ("No, nothing like
    that comes to mind.", ``common.not_recalled_many``). Repeated answers are left alone."""
    recalled = [s for a in answers if not a.repeated for s in a.statements if _recalled(s)]
    items = _one_per_question([list(s.fills["asked"].items or (s.fills["asked"].text,)) for s in recalled])
    if not recalled or (len(recalled) < 2 and len(items) <= MAX_ECHOED_ITEMS):
        return list(answers)
    variant = "not_recalled_many" if len(items) > MAX_ECHOED_ITEMS else "not_recalled"
    merged = replace(recalled[0], variant=variant, fills={"asked": Fill(join_items(items, "or"), items=tuple(items))})
    return _said_once(answers, _recalled, recalled[0], merged)


def recalled_after_facts(answers: Sequence[IntentAnswer]) -> list[IntentAnswer]:
    """``answers`` with each recall answer (``common.not_recalled``) of an answer that also
    states facts said after the last of them, as about the rest: "Well, travel to Spain
    last month. But nothing like chemicals that I can think of." (``not_recalled_but``, or
    with more than :data:`MAX_ECHOED_ITEMS` items "But nothing else like that comes to
    mind.", ``not_recalled_others``), never a bare "Nothing comes to mind." beside a fact of
    the same topic, which reads as a contradiction. Repeated answers are left alone; the
    recalls changed here are not merged with those of other answers."""
    result = list(answers)
    for answer in answers:
        recall = next((s for s in answer.statements if _recalled(s)), None)
        present = [s for s in answer.statements if s.outcome == "present"]
        if answer.repeated or recall is None or not present:
            continue
        items = recall.fills["asked"].items or (recall.fills["asked"].text,)
        variant = "not_recalled_others" if len(items) > MAX_ECHOED_ITEMS else "not_recalled_but"
        after = replace(recall, variant=variant)
        result = _moved_after(_said_once(result, lambda s, r=recall: s is r, recall, after), after, present[-1])
    return result


def _none_items(statement: Statement) -> frozenset[str]:
    """The doctor's items a denial, recall or "not sure" names back (lower case); empty for
    a statement of facts or one that names nothing."""
    asked = statement.fills.get("asked")
    if statement.outcome == "present" or asked is None:
        return frozenset()
    return frozenset(item.lower() for item in asked.items or (asked.text,))


def without_second_nones(answers: Sequence[IntentAnswer]) -> list[IntentAnswer]:
    """``answers`` without a denial, recall or "not sure" whose items an earlier one of the
    reply already named ("Creams or ointments? Nothing comes to mind." then "No, I'm not on
    creams or ointments." from a second intent of the same question): each of the doctor's
    items gets one none-answer, and two names of one thing (:func:`_one_thing`: "No, no
    yellowing." then "Yellow skin? I haven't noticed that myself.") are one item. Repeated
    answers are left alone. A relative's none-answer is another matter than the patient's
    own ("No heart problems in the family." after "No, no heart problems that I know of.")."""
    seen: set[tuple[bool, object]] = set()
    result = []
    for answer in answers:
        kept = []
        for statement in answer.statements:
            family = statement.section == "ask_family_history"
            items = {(family, _one_thing(item)) for item in _none_items(statement)}
            if items and items <= seen and not answer.repeated:
                continue
            seen.update(items)
            kept.append(statement)
        result.append(replace(answer, statements=tuple(kept)))
    return result


def _one_thing(item: str) -> object:
    """What a doctor's item names, for telling two names of one thing apart: its synonym
    groups (``templates/synonyms.yaml``) where it has any ("yellowing" and "yellow skin"
    name one thing), else its content words less the change words (:data:`WEAK_WORDS`:
    "decrease in hearing" and "change in my hearing" name one thing; "blood in the urine"
    and "change in urine" two), else the item itself."""
    return default_synonyms().concepts(item) or frozenset(content_words(item) - WEAK_WORDS) or item


#: The most items a "not sure" repeats as a question ("Nausea or night sweats? I'm not
#: sure."); more are named in one sentence (``common.not_recorded_many``).
MAX_ECHOED_QUESTION = 3


def _one_per_question(groups: Sequence[Sequence[str]]) -> list[str]:
    """The distinct items of ``groups`` taken in turn from each group (the first item of
    each question, then the second...), so each question's topic comes early."""
    named: dict[str, None] = {}
    for depth in range(max((len(g) for g in groups), default=0)):
        named.update((g[depth], None) for g in groups if depth < len(g))
    return list(named)


def merge_unsure(answers: Sequence[IntentAnswer]) -> list[IntentAnswer]:
    """``answers`` with every "not sure" about the doctor's items (a not-recorded statement
    whose one fill is ``{asked}``) said once, at the first, naming each item once: "Nausea,
    vomiting or night sweats? I'm not sure." instead of one hedge per intent; for more than
    :data:`MAX_ECHOED_QUESTION` items, one sentence that names every topic, one per question
    first ("I couldn't really say about diet, fever, weight loss or travel, to be honest."):
    never an unnamed "the other things you asked". Repeated answers are left alone."""
    unsure = [s for a in answers if not a.repeated for s in a.statements if _unsure_about_asked(s)]
    groups = [list(s.fills["asked"].items or (s.fills["asked"].text,)) for s in unsure]
    items = _one_per_question(groups)
    if len(unsure) < 2 and len(items) <= MAX_ECHOED_QUESTION:
        return list(answers)
    asked = Fill(join_items(items, "or"), items=tuple(items))
    if len(items) > MAX_ECHOED_QUESTION:
        merged = Statement("common", "not_recorded_many", "not_recorded", {"asked": asked})
    else:
        merged = replace(unsure[0], fills={"asked": asked})
    return _said_once(answers, _unsure_about_asked, unsure[0], merged)
