"""What the patient simulator returns for one doctor turn."""

from __future__ import annotations

from dataclasses import dataclass, field

from tod.patient.manager import Phase


@dataclass(frozen=True)
class PatientReply:
    """One patient utterance with its grounding.

    ``provenance`` lists the record field paths (relative to the case, e.g.
    ``"symptoms[0].duration"``) whose values the reply states; a reply that states no
    record fact (a greeting, "I'm not sure") has an empty provenance. ``events`` are
    dialogue-state events of this turn ("repeated_question", "end:final_diagnosis",
    "ask_diagnosis"...). ``answered`` lists the asked intents the reply answers: those the
    policy produced an answer for (a fact, a denial or "I'm not sure" all count), in the
    order asked; empty for a turn that asks nothing, an end signal, a closing-phase turn
    or a reply replaced by the guard's fallback. ``phase`` is the dialogue manager's phase
    when the doctor's turn came in: ``interview`` (history taking, the turn that ends it and
    the opening included), ``closing`` (an answer to one of the patient's closing questions)
    or ``finished`` (a turn after the consultation ended). :meth:`to_json` leaves it out
    (the replay output keeps its fields).
    """

    text: str
    intents: tuple[str, ...] = ()
    slots: dict[str, list[str]] = field(default_factory=dict)
    provenance: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    answered: tuple[str, ...] = ()
    phase: Phase = "interview"

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of the reply."""
        return {
            "text": self.text,
            "intents": list(self.intents),
            "slots": self.slots,
            "provenance": list(self.provenance),
            "events": list(self.events),
            "answered": list(self.answered),
        }
