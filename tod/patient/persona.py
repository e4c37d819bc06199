"""Patient personas: how the patient talks, never what is true.

A persona is one of the four 3MDBench temperaments plus three switches:

* ``choleric``: irritable and impatient; short wording, complaints about time.
* ``melancholic``: anxious; longer wording, worries aloud; volunteers related facts.
* ``phlegmatic``: calm and laconic; short wording, few remarks.
* ``sanguine``: warm and talkative; longer wording, friendly remarks; volunteers.
* ``volunteer``: add one related, not yet revealed fact per answer (default: by
  temperament). This is the only switch that changes which facts are stated.
* ``colloquial``: vague, casual wording ("Yeah", "I reckon", "meds") in the fixed words.
* ``uncertain``: hedged recall ("I think ...", "Maybe ...") before remembered facts.

Personas pick paraphrases and add whole-sentence fragments; they never touch the record
text inside a reply, so the facts stated are the same under every persona (with
volunteering off).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, Mapping, Sequence

TEMPERAMENTS: tuple[str, ...] = ("choleric", "melancholic", "phlegmatic", "sanguine")

#: Probability of a hedge before a remembered fact under ``uncertain``.
HEDGE_RATE = 0.5
#: Probability of a closing filler sentence under ``colloquial``.
FILLER_RATE = 0.3


@dataclass(frozen=True)
class TemperamentStyle:
    """Wording tendencies of a temperament.

    ``open_rate``/``close_rate``: probability of a fragment sentence before/after the
    answer; ``length``: which paraphrases it prefers; ``volunteers``: its default for the
    volunteer switch.
    """

    open_rate: float
    close_rate: float
    length: Literal["short", "long"]
    volunteers: bool


STYLES: Mapping[str, TemperamentStyle] = MappingProxyType(
    {
        "choleric": TemperamentStyle(open_rate=0.5, close_rate=0.5, length="short", volunteers=False),
        "melancholic": TemperamentStyle(open_rate=0.4, close_rate=0.6, length="long", volunteers=True),
        "phlegmatic": TemperamentStyle(open_rate=0.15, close_rate=0.1, length="short", volunteers=False),
        "sanguine": TemperamentStyle(open_rate=0.6, close_rate=0.5, length="long", volunteers=True),
    }
)


class PersonaError(ValueError):
    """An unknown temperament or switch in a persona spec."""


@dataclass(frozen=True)
class Persona:
    """A temperament and switches; ``volunteer=None`` takes the temperament's default."""

    temperament: str = "phlegmatic"
    volunteer: bool | None = None
    colloquial: bool = False
    uncertain: bool = False

    def __post_init__(self) -> None:
        if self.temperament not in STYLES:
            raise PersonaError(f"unknown temperament {self.temperament!r}; expected one of {', '.join(TEMPERAMENTS)}")

    @property
    def style(self) -> TemperamentStyle:
        """The temperament's wording tendencies."""
        return STYLES[self.temperament]

    @property
    def volunteers(self) -> bool:
        """Whether this persona adds related facts nobody asked for."""
        return self.style.volunteers if self.volunteer is None else self.volunteer

    @classmethod
    def parse(cls, spec: str) -> "Persona":
        """Parse "TEMPERAMENT[,SWITCH...]": switches are ``volunteer``, ``no-volunteer``,
        ``colloquial``, ``uncertain``. "sanguine,colloquial,no-volunteer".

        Raises:
            PersonaError: naming the unknown part.
        """
        parts = [p.strip().lower() for p in spec.split(",") if p.strip()]
        if not parts:
            raise PersonaError("empty persona spec")
        temperament, switches = parts[0], parts[1:]
        volunteer: bool | None = None
        flags = {"colloquial": False, "uncertain": False}
        for switch in switches:
            if switch in flags:
                flags[switch] = True
            elif switch in ("volunteer", "no-volunteer"):
                volunteer = switch == "volunteer"
            else:
                raise PersonaError(f"unknown persona switch {switch!r}; expected volunteer, no-volunteer, colloquial or uncertain")
        return cls(temperament, volunteer, flags["colloquial"], flags["uncertain"])

    def choose(self, options: Sequence[str], rng: random.Random) -> str:
        """Pick a paraphrase: from the shorter half for a short-spoken temperament, the
        longer half otherwise (the middle one belongs to both halves)."""
        ordered = sorted(options, key=lambda t: (len(t), t))
        half = math.ceil(len(ordered) / 2)
        pool = ordered[:half] if self.style.length == "short" else ordered[len(ordered) - half :]
        return rng.choice(pool)
