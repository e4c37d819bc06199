"""Templates: the bank of ``templates/patient.yaml``, placeholders, composition and the list
punctuation that joins record texts inside a fill.

A reply is a sequence of :class:`Part` objects, each a bank template plus the text of each
placeholder; :func:`compose` joins them into the reply text. Fills that hold several
record texts join them only with :data:`CONNECTIVES` (:func:`join_items`,
:func:`with_result`), so the provenance guard can split a fill back
into record texts and polish can list the facts a rewrite must keep.

Adding a template: put it under its intent (or ``common`` / ``closing``) and variant in
``templates/patient.yaml``, both voices; :class:`TemplateBank` checks its placeholders at
load, and every known template is vetted wording for the guard.
"""

from __future__ import annotations

import re
from os.path import commonprefix
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import yaml

from tod.lexicon import TEMPLATES_DIR
from tod.patient.persona import TEMPERAMENTS
from tod.patient.voice import VOICE_TOKENS
from tod.schema.labels import INTENTS

_PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")
_SENTENCE_START = re.compile(r"(^|[.!?]\s+)([a-z])")

#: Placeholders filled with record text.
CONTENT_FILLS = frozenset({"items", "symptom", "value", "age", "sex"})
#: Placeholder filled with the doctor's own words.
ASKED_FILL = "asked"
#: The template of the opening statement (the record's own text).
OPENING_TEMPLATE = "{opening}"
VOICES = ("patient", "caregiver")

#: How a fill joins record texts: "fever, cough and rash", "chest pain or rash",
#: "aspirin, 75 mg" (a fact's own phrase, :func:`tod.patient.facts.spoken_phrase`, joins
#: its detail; it is never bracketed),
#: "blood pressure showed 148/92 mmHg".
ITEM_SEPARATOR = ", "
#: The separator of a list whose items hold commas of their own ("aspirin, 75 mg daily;
#: ramipril, 5 mg daily and ...").
CLAUSE_ITEM_SEPARATOR = "; "
#: Brackets a record text itself may hold ("85 U/L (normal)"); no fill writes them.
DETAIL_OPEN, DETAIL_CLOSE = " (", ")"
RESULT_SEPARATOR = " showed "
#: What puts an item holding "and" itself after the other items (:func:`join_things`).
ALSO = ", as well as "
#: What puts items that are clauses of their own after the things of a list (:func:`join_things`).
AND_CLAUSE = ", and "
#: Every piece of punctuation that may stand between two record texts in a fill: the
#: joints above, the conjunctions of :func:`join_items` and its "; ", and brackets (which
#: no fill writes but a record text may hold).
CONNECTIVES: tuple[str, ...] = (ITEM_SEPARATOR, " and ", " or ", DETAIL_OPEN, DETAIL_CLOSE, RESULT_SEPARATOR,
                                 CLAUSE_ITEM_SEPARATOR, ALSO, AND_CLAUSE)


#: How an item that is a clause of its own starts ("he has had ...", "I've been ...", or a
#: relative as the subject of a finite verb: "my mother has had asthma").
_CLAUSE_START = re.compile(r"^(?:I|I'm|I've|he|she|they|we|my child)\b"
                           r"|^(?:my|his|her|their|my child's) (?:[\w-]+ ){1,3}(?:has|have|had|is|was|were|are)\b",
                           re.IGNORECASE)


def starts_clause(text: str) -> bool:
    """Whether an item is a clause of its own ("I've lost 5 kg", "he has had ...")."""
    return bool(_CLAUSE_START.match(text))


def join_things(texts: Sequence[str]) -> str:
    """A list of things the record names joined with "and" (:func:`join_items`); things that
    hold "and" themselves follow the others after "as well as", so "and" never joins three
    things in a row ("a headache and swelling, as well as flashing lights and spots"), and
    "as well as" comes once, before the last of several such things ("a cough, red and sore
    eyes, as well as aches and pains"); items
    that are clauses of their own follow the things after ", and " ("tiredness, and I've
    lost 5 kg"), so a clause never stands where a frame puts a thing."""
    clauses = [t for t in texts if starts_clause(t)]
    things = [t for t in texts if not starts_clause(t)]
    if clauses and things:
        return f"{join_things(things)}{AND_CLAUSE}{join_items(clauses)}"
    if clauses:
        return join_items(clauses)  # clauses ("he has had ...") keep their order
    paired = [t for t in texts if " and " in t]
    if not paired or len(texts) < 2:
        return join_items(texts)
    single = [t for t in texts if t not in paired]
    if len(paired) == 1:
        return ALSO.join(t for t in [join_items(single), *paired] if t)
    *listed, last = [*single, *paired]  # one "as well as" before the last: "a, b and c, d and e, as well as f and g"
    separator = CLAUSE_ITEM_SEPARATOR if any(ITEM_SEPARATOR in t for t in texts) else ITEM_SEPARATOR
    return f"{separator.join(listed)}{ALSO}{last}"


def join_items(texts: Sequence[str], conjunction: str = "and") -> str:
    """"a", "a and b", "a, b and c" (``conjunction`` "and" or "or"); items that hold a
    comma themselves ("aspirin, 75 mg daily") are separated by "; " instead."""
    texts = list(texts)
    if len(texts) <= 1:
        return "".join(texts)
    separator = CLAUSE_ITEM_SEPARATOR if any(ITEM_SEPARATOR in t for t in texts) else ITEM_SEPARATOR
    return f"{separator.join(texts[:-1])} {conjunction} {texts[-1]}"


def with_result(name: str, result: str) -> str:
    """An examination with its result: "blood pressure showed 148/92 mmHg"."""
    return f"{name}{RESULT_SEPARATOR}{result}"


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
    #: two parts said as one sentence (:func:`parallel`); the part's own template and fills are the first's
    joined: tuple["Part", ...] = ()

    @property
    def text(self) -> str:
        """The template with its placeholders filled (of joined parts, their one sentence)."""
        if self.joined:
            first, second = self.joined
            return parallel(first.text, second.text) or f"{first.text} {second.text}"
        return fill_template(self.template, self.fills)


#: The most words that may differ between two sentences said as one (:func:`parallel`).
_PARALLEL_WORDS = 3
#: The fewest characters two sentences must share to be said as one.
_PARALLEL_SHARED = 12
_WORDS_ONLY = re.compile(r"^[A-Za-z][A-Za-z -]*$")


def parallel(first: str, second: str) -> str | None:
    """The two sentences ``first`` and ``second`` said as one when they differ only in a short
    topic ("There's nothing much to tell you about smoking." and "... about drinking." ->
    "There's nothing much to tell you about smoking or drinking."; "Smoking? Nothing worth
    mentioning, really." and "Drinking? ..." -> "Smoking or drinking? ..."); ``None`` otherwise."""
    if first == second:
        return None
    start = len(commonprefix([first, second]))
    start = first.rfind(" ", 0, start) + 1  # the shared words only, never part of a word
    end = len(commonprefix([first[start:][::-1], second[start:][::-1]]))
    while end and first[len(first) - end].isalnum():
        end -= 1
    one, two = first[start:len(first) - end], second[start:len(second) - end]
    shared = start + end
    if shared < _PARALLEL_SHARED or not all(_WORDS_ONLY.match(m) and len(m.split()) <= _PARALLEL_WORDS for m in (one, two)):
        return None
    if start == 0:
        two = two[0].lower() + two[1:]
    return f"{first[:start]}{one} or {two}{first[len(first) - end:]}"


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


def fact_fills(parts: Iterable[Part]) -> list[str]:
    """The text of every record and {asked} placeholder of ``parts``, in order (each
    placeholder once per part): the facts a reply states, which a rewrite must keep."""
    found = []
    for part in (p for whole in parts for p in (whole.joined or (whole,))):
        for name in dict.fromkeys(n.lower() for n in placeholders(part.template)):
            if name in CONTENT_FILLS or name == ASKED_FILL:
                found.append(part.fills[name])
    return found


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
