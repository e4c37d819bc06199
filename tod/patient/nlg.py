"""Template NLG: turn the policy's statements into the patient's words.

A reply is a list of :class:`Part` objects, each a template from ``templates/patient.yaml``
plus the text of each placeholder; :func:`compose` joins them into the reply text. The
parts travel with the reply to the provenance guard, which knows every template of the
bank and so can check that only placeholder text states facts.

Randomness: every choice (paraphrase, persona fragment, hedge) draws from the
``random.Random`` the renderer is given, in a fixed order, so a reply is a pure function
of the seed and the conversation.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

import yaml

from tod.patient.lexicon import TEMPLATES_DIR
from tod.patient.persona import FILLER_RATE, HEDGE_RATE, TEMPERAMENTS, Persona
from tod.patient.policy import IntentAnswer, Statement
from tod.patient.voice import VOICE_TOKENS, Voice
from tod.schema.labels import INTENT_FAMILIES, INTENTS

_PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")
_SENTENCE_START = re.compile(r"(^|[.!?]\s+)([a-z])")

#: Placeholders filled with record text.
CONTENT_FILLS = frozenset({"items", "symptom", "value", "age", "sex"})
#: Placeholder filled with the doctor's own words.
ASKED_FILL = "asked"
#: The template of the opening statement (the record's own text).
OPENING_TEMPLATE = "{opening}"
VOICES = ("patient", "caregiver")
#: Openings a hedge ("I think ...") cannot precede.
_NO_HEDGE_OPENERS = ("Yes", "Yeah", "No", "Nah", "Well", "So,", "As I said", "Hmm", "Umm")


class TemplateError(ValueError):
    """A malformed template file or a template that cannot be filled."""


@dataclass(frozen=True)
class Part:
    """One template instance of a reply.

    ``fills`` maps lower-case placeholder names to their text. ``glue``: the part is a
    prefix ("I think ") joined to the next part without a space, whose first letter is then
    lowered.
    """

    template: str
    fills: Mapping[str, str] = field(default_factory=dict)
    glue: bool = False

    @property
    def text(self) -> str:
        """The template with its placeholders filled."""
        return fill_template(self.template, self.fills)


@dataclass(frozen=True)
class Rendering:
    """A rendered reply: its parts, the record paths it states, and which of those were
    volunteered (stated without being asked)."""

    parts: tuple[Part, ...]
    provenance: tuple[str, ...]
    volunteered: tuple[str, ...] = ()


def placeholders(template: str) -> list[str]:
    """The placeholder names of ``template`` as written ("Items", "child")."""
    return _PLACEHOLDER.findall(template)


def fill_template(template: str, fills: Mapping[str, str]) -> str:
    """Fill ``template``; a capitalised placeholder ({Items}) capitalises its text.

    Raises:
        TemplateError: a placeholder with no fill.
    """

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        try:
            value = fills[name.lower()]
        except KeyError:
            raise TemplateError(f"template {template!r} needs {{{name}}} but no text was given") from None
        return value[:1].upper() + value[1:] if name[0].isupper() else value

    return _PLACEHOLDER.sub(replace, template)


def _lower_first(text: str) -> str:
    first = text.split(" ", 1)[0]
    if first == "I" or first.startswith("I'") or (len(first) > 1 and first[1].isupper()):
        return text
    return text[:1].lower() + text[1:]


def compose(parts: Sequence[Part]) -> str:
    """Join parts with single spaces; a glue part is joined without one and lowers the
    first letter of the next part (except "I", "I'm"... and acronyms)."""
    out = ""
    glue = False
    for part in parts:
        text = part.text
        if glue:
            out += _lower_first(text)
        else:
            out += (" " if out else "") + text
        glue = part.glue
    return out


class TemplateBank:
    """The templates of ``patient.yaml``, validated at load.

    Checks: all 29 intents present; every variant has both voices with at least one
    template; placeholders are known names; voice placeholders only in caregiver
    templates; no digit in any template (fixed words never state numbers).
    """

    def __init__(self, data: Mapping[str, object], *, source: str = "<templates>") -> None:
        self.source = source
        self._variants: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {}
        self._fragments: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {}
        intents = self._mapping(data, "intents")
        missing = [i for i in INTENTS if i not in intents]
        if missing:
            raise TemplateError(f"{source}: no templates for intents {missing}")
        for section, variants in intents.items():
            if section not in INTENTS:
                raise TemplateError(f"{source}: unknown intent {section!r}")
            for variant, voices in self._mapping({section: variants}, section).items():
                self._variants[(section, variant)] = self._voices(voices, f"intents.{section}.{variant}")
        for top in ("common", "closing"):
            for variant, voices in self._mapping(data, top).items():
                self._variants[(top, variant)] = self._voices(voices, f"{top}.{variant}")
        personas = self._mapping(data, "personas")
        for temperament in TEMPERAMENTS:
            kinds = self._mapping(personas, temperament)
            for kind in ("open", "close", "close_repeated"):
                self._fragments[(temperament, kind)] = self._voices(kinds.get(kind, []), f"personas.{temperament}.{kind}", empty_ok=True)
        self.hedges = self._strings(data.get("hedges"), "hedges")
        colloquial = self._mapping(data, "colloquial")
        self.fillers = self._strings(colloquial.get("fillers"), "colloquial.fillers")
        pairs = colloquial.get("substitutions")
        if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise TemplateError(f"{source}: colloquial.substitutions must be a list of [from, to] pairs")
        self.substitutions: tuple[tuple[str, str], ...] = tuple((str(a), str(b)) for a, b in pairs)
        self._known = self._all_known()

    @classmethod
    def load(cls, path: str | Path | None = None) -> "TemplateBank":
        """Load and validate a template file (default: ``templates/patient.yaml``)."""
        path = Path(path) if path else TEMPLATES_DIR / "patient.yaml"
        if not path.is_file():
            raise TemplateError(f"{path}: file not found")
        with path.open(encoding="utf-8") as handle:
            data = yaml.safe_load(handle)
        if not isinstance(data, dict):
            raise TemplateError(f"{path}: expected a mapping at the top level")
        return cls(data, source=str(path))

    # ------------------------------------------------------------ validation

    def _mapping(self, data: Mapping[str, object], key: str) -> Mapping[str, object]:
        value = data.get(key)
        if not isinstance(value, dict):
            raise TemplateError(f"{self.source}: {key!r} must be a mapping")
        return value

    def _strings(self, value: object, where: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
            raise TemplateError(f"{self.source}: {where} must be a non-empty list of strings")
        return tuple(value)

    def _voices(self, value: object, where: str, *, empty_ok: bool = False) -> dict[str, tuple[str, ...]]:
        if isinstance(value, list):
            value = {"patient": value, "caregiver": value}
        if not isinstance(value, dict) or set(value) != set(VOICES):
            raise TemplateError(f"{self.source}: {where} needs 'patient' and 'caregiver' lists")
        voices = {}
        for voice in VOICES:
            texts = value[voice] if empty_ok and value[voice] == [] else self._strings(value[voice], f"{where}.{voice}")
            for text in texts:
                self._check_template(text, voice, f"{where}.{voice}")
            voices[voice] = tuple(texts)
        return voices

    def _check_template(self, text: str, voice: str, where: str) -> None:
        if any(c.isdigit() for c in text):
            raise TemplateError(f"{self.source}: {where}: template {text!r} contains a digit")
        for name in placeholders(text):
            key = name.lower()
            if key in VOICE_TOKENS:
                if voice != "caregiver":
                    raise TemplateError(f"{self.source}: {where}: voice placeholder {{{name}}} in a patient template")
            elif key not in CONTENT_FILLS and key != ASKED_FILL:
                raise TemplateError(f"{self.source}: {where}: unknown placeholder {{{name}}}")

    def _all_known(self) -> frozenset[str]:
        texts = {OPENING_TEMPLATE, *self.hedges, *self.fillers}
        for table in (self._variants, self._fragments):
            for voices in table.values():
                for options in voices.values():
                    texts.update(options)
        return frozenset(texts | {self.colloquialise(t) for t in texts})

    # ---------------------------------------------------------------- access

    def has(self, section: str, variant: str) -> bool:
        """Whether ``section`` ("ask_age", "common", "closing") has ``variant``."""
        return (section, variant) in self._variants

    def options(self, section: str, variant: str, voice: str) -> tuple[str, ...]:
        """The paraphrases of a variant in a voice.

        Raises:
            TemplateError: no such variant.
        """
        try:
            return self._variants[(section, variant)][voice]
        except KeyError:
            raise TemplateError(f"{self.source}: no template {section}.{variant} for voice {voice!r}") from None

    def fragments(self, temperament: str, kind: str, voice: str) -> tuple[str, ...]:
        """Persona fragments ("open", "close", "close_repeated"); may be empty."""
        return self._fragments[(temperament, kind)][voice]

    def variant_keys(self) -> list[tuple[str, str]]:
        """Every (section, variant) with templates: the template count of the bank."""
        return sorted(self._variants)

    def known_templates(self) -> frozenset[str]:
        """Every template string a reply part may use, colloquial forms included."""
        return self._known

    def colloquialise(self, template: str) -> str:
        """Apply the colloquial substitutions to a template's fixed words, then restore
        capitals at sentence starts. Placeholders are left as they are."""
        for old, new in self.substitutions:
            template = template.replace(old, new)
        return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), template)


@lru_cache(maxsize=4)
def default_bank() -> TemplateBank:
    """The repository's template bank, loaded once per process."""
    return TemplateBank.load()


class Renderer:
    """Renders policy answers and fixed utterances for one consultation.

    Args:
        bank: the templates.
        voice: patient or caregiver voice.
        persona: wording style (never facts).
        rng: the consultation's random source.
    """

    def __init__(self, bank: TemplateBank, voice: Voice, persona: Persona, rng: random.Random) -> None:
        self.bank = bank
        self.voice = voice
        self.persona = persona
        self.rng = rng

    # ---------------------------------------------------------------- pieces

    def _template(self, options: Sequence[str]) -> str:
        template = self.persona.choose(options, self.rng)
        return self.bank.colloquialise(template) if self.persona.colloquial else template

    def _voice_fills(self, template: str) -> dict[str, str]:
        return {n.lower(): self.voice.words[n.lower()] for n in placeholders(template) if n.lower() in VOICE_TOKENS}

    def fixed(self, section: str, variant: str) -> Part:
        """A part with no record content (closing questions, acknowledgements)."""
        template = self._template(self.bank.options(section, variant, self.voice.name))
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

    def statement(self, statement: Statement, *, repeated: bool = False) -> tuple[Part, tuple[str, ...]]:
        """One statement as a part, and the record paths it states.

        The paraphrase is chosen among those whose placeholders the statement can fill.
        A repeated statement uses the "repeated" variant ("As I said, ..."); a repeated
        denial or "not sure" uses the common repeated variants. The paths are all of the
        statement's, whichever paraphrase is chosen: a paraphrase that leaves out a fill
        still states its fact (answering how the rash looks confirms the rash), so
        provenance does not depend on wording.

        Raises:
            TemplateError: no paraphrase can be filled from the statement.
        """
        section, variant = self._repeated_variant(statement) if repeated else (statement.section, statement.variant)
        usable = [
            t
            for t in self.bank.options(section, variant, self.voice.name)
            if all(n.lower() in VOICE_TOKENS or n.lower() in statement.fills for n in placeholders(t))
        ]
        if not usable:
            raise TemplateError(f"no template {section}.{variant} can be filled from {sorted(statement.fills)}")
        template = self._template(usable)
        fills = self._voice_fills(template)
        used = {n.lower() for n in placeholders(template)}
        fills.update((name, fill.text) for name, fill in statement.fills.items() if name in used)
        return Part(template, fills), statement.all_paths

    # ----------------------------------------------------------------- turns

    def answers(self, answers: Sequence[IntentAnswer]) -> Rendering:
        """The reply to a turn's answers, with persona fragments, hedges and volunteering.

        Layout: [open fragment] statements... [volunteer intro + one extra per answer]
        [close fragment] [colloquial filler]. No fragment precedes a repeated first answer,
        so such a reply starts with "As I said". Volunteering never follows a repeat. A
        statement without fills that was already said in this turn (the same "not sure"
        for two intents) is said once.
        """
        style = self.persona.style
        parts: list[Part] = []
        provenance: list[str] = []
        volunteered: list[str] = []
        said: set[tuple[str, str, bool]] = set()
        if answers and not answers[0].repeated and self.rng.random() < style.open_rate:
            self._append(parts, self._fragment("open"))
        for answer in answers:
            for position, statement in enumerate(answer.statements):
                repeated = answer.repeated and position == 0
                key = (statement.section, statement.variant, repeated)
                if not statement.fills and key in said:
                    continue
                said.add(key)
                part, paths = self.statement(statement, repeated=repeated)
                if self._hedge(answer.intent, statement, part, repeated):
                    parts.append(Part(self._template(self.bank.hedges), glue=True))
                parts.append(part)
                provenance.extend(paths)
            if self.persona.volunteers and answer.extras and not answer.repeated:
                parts.append(self.fixed("common", "volunteer"))
                part, paths = self.statement(answer.extras[0])
                parts.append(part)
                volunteered.extend(p for p in paths if p not in provenance)
                provenance.extend(paths)
        any_repeated = any(a.repeated for a in answers)
        if any_repeated and self.rng.random() < max(style.close_rate, 0.5):
            self._append(parts, self._fragment("close_repeated"))
        elif not any_repeated and self.rng.random() < style.close_rate:
            self._append(parts, self._fragment("close"))
        if self.persona.colloquial and self.rng.random() < FILLER_RATE:
            parts.append(Part(self.rng.choice(self.bank.fillers)))
        unique = tuple(dict.fromkeys(provenance))
        return Rendering(tuple(parts), unique, tuple(dict.fromkeys(volunteered)))

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
