"""Spoken history-taking: how a doctor talks (or types) in a live consultation.

The material is in ``annotations/phrasings/speech.yaml`` (openers, fillers, restart joiners,
back-channel echoes of the patient's words, identity checks, spoken advice and plans); the
labelled spoken questions (elliptic follow-ups, tag questions, confirmations phrased as
statements) are in ``questions_spoken.yaml`` with the other question banks.

Labels follow the guide: fillers, restarts and echoes ask nothing and add no label, even
when an echo repeats a symptom ("A burning pain. Okay."); an identity check (name, date of
birth) asks none of the guide's intents; advice and plans are statements. A spoken question
keeps the intents and slot values of its phrasing, since every edit here stays outside the
slot spans.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import yaml

from tod.training.corpus.fillers import LexiconFiller
from tod.training.corpus.noise import (
    drop_commas,
    drop_final_question_mark,
    edit,
    lower_first,
    lowercase,
    outside_spans,
)
from tod.training.corpus.phrasings import PhrasingError
from tod.training.corpus.template import Piece, check_template, join, placeholder_kinds, render

SPEECH_FILE = "speech.yaml"
#: Sections of speech.yaml: plain strings, and templates (rendered unlabelled).
WORD_SECTIONS = ("openers", "fillers", "restart_joiners")
TEMPLATE_SECTIONS = ("echoes", "identity_checks", "plans")
SPEECH_SECTIONS = WORD_SECTIONS + TEMPLATE_SECTIONS


@dataclass(frozen=True)
class SpeechShape:
    """Probabilities that shape spoken turns (``share`` of all generated turns)."""

    share: float = 0.10
    no_question: float = 0.30
    echo: float = 0.35
    identity_check: float = 0.06
    second_question: float = 0.2
    spoken_phrasing: float = 0.6
    short_phrasing: float = 0.2
    opener: float = 0.45
    filler: float = 0.3
    restart: float = 0.15
    lowercase: float = 0.35
    no_commas: float = 0.35
    no_question_mark: float = 0.3


@dataclass(frozen=True)
class SpeechBank:
    """The sections of speech.yaml."""

    sections: Mapping[str, tuple[str, ...]]

    @classmethod
    def load(cls, path: Path, kinds: frozenset[str]) -> "SpeechBank":
        """Read and check speech.yaml; every section must be a non-empty list."""
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise PhrasingError(f"{path}: expected a mapping of sections")
        missing = [s for s in SPEECH_SECTIONS if not isinstance(data.get(s), list) or not data[s]]
        if missing:
            raise PhrasingError(f"{path.name}: missing or empty sections {missing}")
        sections = {s: tuple(str(t) for t in data[s]) for s in SPEECH_SECTIONS}
        for template in (t for s in TEMPLATE_SECTIONS for t in sections[s]):
            check_template(template, kinds)
        return cls(sections)


class Speaker:
    """Renders spoken material and gives questions a spoken surface."""

    def __init__(self, bank: SpeechBank, filler: LexiconFiller, shape: SpeechShape = SpeechShape()) -> None:
        empty = filler.empty_kinds()
        self._sections = {
            name: tuple(t for t in templates if not placeholder_kinds(t) & empty)
            for name, templates in bank.sections.items()
        }
        self._filler = filler
        self.shape = shape

    def say(self, section: str, rng: random.Random) -> Piece:
        """An unlabelled echo, identity check or plan."""
        return render(rng.choice(self._sections[section]), (), rng, self._filler, labelled=False)

    def speak(self, sentence: Piece, rng: random.Random) -> Piece:
        """The sentence as said aloud: maybe a restart, a filler between words, an opener."""
        shape = self.shape
        if rng.random() < shape.restart:
            sentence = self.restart(sentence, rng)
        if rng.random() < shape.filler:
            sentence = self.add_filler(sentence, rng)
        if rng.random() < shape.opener:
            opener = rng.choice(self._sections["openers"])
            sentence = join([opener, " ", sentence if opener.endswith((".", "!")) else lower_first(sentence)])
        return sentence

    def restart(self, sentence: Piece, rng: random.Random) -> Piece:
        """Say the first one or two words twice ("Have you, have you had..."), when they
        precede every slot value."""
        match = re.match(r"\S+ " if rng.random() < 0.5 else r"\S+ \S+ ", sentence.text)
        if not match or any(s.start < match.end() for s in sentence.spans):
            return sentence
        said = lower_first(sentence)
        return edit(said, 0, 0, sentence.text[: match.end() - 1] + rng.choice(self._sections["restart_joiners"]))

    def add_filler(self, sentence: Piece, rng: random.Random) -> Piece:
        """Insert a filler ("um", "you know") between two words outside the slot values."""
        spaces = [m.start() for m in re.finditer(r"(?<=[A-Za-z']) (?=[A-Za-z])", sentence.text)]
        gaps = [g for g in spaces[1:] if outside_spans(sentence, g, g)]
        if not gaps:
            return sentence
        gap, word = rng.choice(gaps), rng.choice(self._sections["fillers"])
        return edit(sentence, gap, gap, rng.choice((f", {word},", f" {word}")))

    def type_out(self, turn: Piece, rng: random.Random) -> Piece:
        """The turn as typed in a chat: maybe lowercased, without commas or the final "?"."""
        shape = self.shape
        if rng.random() < shape.lowercase:
            turn = lowercase(turn)
        if rng.random() < shape.no_commas:
            turn = drop_commas(turn)
        if rng.random() < shape.no_question_mark:
            turn = drop_final_question_mark(turn)
        return turn
