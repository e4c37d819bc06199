"""Phrasing templates: alternations, placeholders and the labelled text they render to.

Template syntax:

* ``<a|b|c>`` picks one alternative (may be empty: ``<any |>``); placeholders may sit inside.
* ``{kind}`` fills a value of ``kind`` (see :mod:`tod.training.corpus.fillers`); each filled
  item goes to the default slot of its lexicon category.
* ``{kind:slot}`` sends the items to ``slot`` instead; ``{kind:-}`` labels nothing.
* ``{=words:slot}`` inserts the literal ``words`` as a value of ``slot``.

Rendering records every slot value as a character span of the output text, so later edits
(typos, lowercasing, list formatting) keep the labels exact.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Protocol, Sequence

from tod.schema import SLOTS

from tod.training.corpus.lexicon import CATEGORY_SLOTS

_ALTERNATION = re.compile(r"<([^<>]*)>")
_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
NO_SLOT = "-"


class TemplateError(ValueError):
    """A template with bad syntax, an unknown placeholder kind or an unknown slot."""


@dataclass(frozen=True)
class Span:
    """A slot value: ``text[start:end]`` of the rendered text."""

    slot: str
    start: int
    end: int

    def shifted(self, delta: int) -> "Span":
        """The same span moved by ``delta`` characters."""
        return Span(self.slot, self.start + delta, self.end + delta)


@dataclass(frozen=True)
class Piece:
    """Rendered text with the intents it asks and the slot spans it names."""

    text: str
    intents: tuple[str, ...] = ()
    spans: tuple[Span, ...] = ()

    def shifted(self, delta: int) -> tuple[Span, ...]:
        """The spans moved by ``delta`` (for placing this piece inside a longer text)."""
        return tuple(s.shifted(delta) for s in self.spans)

    def with_text(self, text: str) -> "Piece":
        """A copy with the same labels and a same-length rewrite of the text (case changes)."""
        if len(text) != len(self.text):
            raise TemplateError("with_text needs a text of the same length")
        return replace(self, text=text)


@dataclass(frozen=True)
class Item:
    """One value inside a filled placeholder: its offsets and lexicon category."""

    start: int
    end: int
    category: str | None
    intent: str | None = None


@dataclass(frozen=True)
class Fill:
    """The text a placeholder renders to and the values it contains."""

    text: str
    items: tuple[Item, ...] = ()


class Filler(Protocol):
    """Something that renders placeholder kinds."""

    def kinds(self) -> frozenset[str]:
        """The placeholder kinds it knows."""
        ...

    def start_template(self) -> None:
        """Called before each template is rendered."""
        ...

    def fill(self, kind: str, rng: random.Random) -> Fill:
        """Render one placeholder of ``kind``."""
        ...


@dataclass(frozen=True)
class Spec:
    """A parsed placeholder: kind (or literal text) and slot override."""

    kind: str | None
    literal: str | None
    slot: str | None
    overridden: bool


def parse_spec(body: str) -> Spec:
    """Parse the inside of ``{...}``; raise :class:`TemplateError` on a bad slot name."""
    if body.startswith("="):
        literal, sep, slot = body[1:].rpartition(":")
        if not sep or not literal:
            raise TemplateError(f"literal placeholder {{{body}}} needs the form {{=words:slot}}")
        return Spec(None, literal, _check_slot(slot, body), True)
    kind, sep, slot = body.partition(":")
    if not sep:
        return Spec(kind, None, None, False)
    return Spec(kind, None, _check_slot(slot, body), True)


def _check_slot(slot: str, body: str) -> str | None:
    if slot == NO_SLOT:
        return None
    if slot not in SLOTS:
        raise TemplateError(f"placeholder {{{body}}}: unknown slot {slot!r}")
    return slot


def check_template(template: str, kinds: frozenset[str]) -> None:
    """Raise :class:`TemplateError` if ``template`` has bad brackets, kinds or slots."""
    stripped = _ALTERNATION.sub("", template)
    if "<" in stripped or ">" in stripped:
        raise TemplateError(f"unbalanced or nested <...> in {template!r}")
    for body in _PLACEHOLDER.findall(template):
        spec = parse_spec(body)
        if spec.kind is not None and spec.kind not in kinds:
            raise TemplateError(f"unknown placeholder kind {spec.kind!r} in {template!r}")
    if "{" in _PLACEHOLDER.sub("", template) or "}" in _PLACEHOLDER.sub("", template):
        raise TemplateError(f"unbalanced braces in {template!r}")


def render(
    template: str,
    intents: tuple[str, ...],
    rng: random.Random,
    filler: Filler,
    *,
    labelled: bool = True,
) -> Piece:
    """Render ``template``; with ``labelled=False`` the result carries no intent and no span."""
    chosen = _ALTERNATION.sub(lambda m: rng.choice(m.group(1).split("|")), template)
    filler.start_template()
    parts: list[str] = []
    spans: list[Span] = []
    extra: list[str] = []
    length = 0
    last = 0
    for match in _PLACEHOLDER.finditer(chosen):
        parts.append(chosen[last : match.start()])
        length += match.start() - last
        last = match.end()
        spec = parse_spec(match.group(1))
        if spec.literal is not None:
            fill = Fill(spec.literal, (Item(0, len(spec.literal), None),))
        else:
            fill = filler.fill(spec.kind or "", rng)
        for item in fill.items:
            slot = spec.slot if spec.overridden else CATEGORY_SLOTS.get(item.category or "")
            if labelled and slot:
                spans.append(Span(slot, length + item.start, length + item.end))
            if labelled and item.intent:
                extra.append(item.intent)
        parts.append(fill.text)
        length += len(fill.text)
    parts.append(chosen[last:])
    text = "".join(parts)
    if text[:1].islower():
        text = text[0].upper() + text[1:]
    labels = tuple(dict.fromkeys((*intents, *extra))) if labelled else ()
    return Piece(text, labels, tuple(spans))


def placeholder_kinds(template: str) -> frozenset[str]:
    """The placeholder kinds a template uses (literal placeholders excluded)."""
    kinds = (parse_spec(body).kind for body in _PLACEHOLDER.findall(template))
    return frozenset(k for k in kinds if k is not None)


def join(parts: Sequence[Piece | str]) -> Piece:
    """Concatenate pieces and plain strings; intents are united in order, spans shifted."""
    text = ""
    intents: list[str] = []
    spans: list[Span] = []
    for part in parts:
        if isinstance(part, str):
            text += part
            continue
        spans.extend(part.shifted(len(text)))
        intents.extend(part.intents)
        text += part.text
    return Piece(text, tuple(dict.fromkeys(intents)), tuple(spans))
