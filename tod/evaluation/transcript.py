"""The transcript of one evaluated consultation and the append-only ``transcripts.jsonl`` log.

Each finished consultation (successful or failed) is one JSON line, written whole in a
single ``write`` and flushed and fsynced before the next, so a crash leaves at most one torn
last line. :meth:`TranscriptLog.repair` drops that torn line (the bytes after the last
newline); any complete line that is not a transcript is an error, since it means the file
was edited or corrupted.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from tod.jsonio import json_text

Status = Literal["ok", "failed"]
Phase = Literal["interview", "closing"]
SUMMARY_FIELDS: tuple[str, ...] = ("diagnosis", "basis", "treatment")


class TranscriptFileError(ValueError):
    """A transcripts file with a bad line that is not a torn last line."""


@dataclass(frozen=True)
class Turn:
    """One doctor turn and the patient's reply.

    ``phase`` is ``interview`` for history taking (the turn that ends the interview
    included) and ``closing`` for the doctor's answers to the patient's closing questions.
    ``intents`` and ``slots`` are the NLU parse of the doctor's text (closing turns are
    not parsed); ``provenance`` the record field paths the patient's reply states;
    ``events`` the dialogue-state events of the turn. ``examiner`` is the examiner's
    message when the turn ordered tests (empty otherwise) and ``orders`` what each order
    got (:meth:`tod.examiner.OrderResult.to_json`: text, test, region, source, status,
    category, record paths); the cost ledger is computed from them.
    """

    doctor: str
    patient: str
    intents: tuple[str, ...] = ()
    slots: dict[str, list[str]] = field(default_factory=dict)
    provenance: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    phase: Phase = "interview"
    examiner: str = ""
    orders: tuple[dict[str, Any], ...] = ()

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Turn":
        """Inverse of ``asdict``."""
        return cls(
            doctor=data["doctor"],
            patient=data["patient"],
            intents=tuple(data.get("intents", ())),
            slots=dict(data.get("slots", {})),
            provenance=tuple(data.get("provenance", ())),
            events=tuple(data.get("events", ())),
            phase=data.get("phase", "interview"),
            examiner=data.get("examiner", ""),
            orders=tuple(dict(o) for o in data.get("orders", ())),
        )


@dataclass(frozen=True)
class Transcript:
    """One consultation as evaluated.

    ``condition`` is ``dialogue`` (interview with the simulated patient), ``vignette``
    (the doctor read the whole case) or ``opening`` (the doctor read only the opening
    statement). ``opening`` is the patient's opening statement as said; ``turns`` every
    doctor turn with the patient's reply (empty for the two reading conditions);
    ``summary_answers`` the doctor's answers to the closing questions (``diagnosis``,
    ``basis``, ``treatment``; empty strings when not answered). ``revealed`` lists the
    record field paths the patient disclosed. A ``failed`` transcript has ``error`` set.
    """

    record_id: str
    department: str
    condition: str
    doctor: str
    status: Status
    error: str | None = None
    seed: int = 0
    opening: str = ""
    turns: tuple[Turn, ...] = ()
    summary_answers: dict[str, str] = field(default_factory=lambda: {k: "" for k in SUMMARY_FIELDS})
    revealed: tuple[str, ...] = ()
    end_reason: str | None = None
    elapsed_s: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (lists for tuples)."""
        return json.loads(json.dumps(asdict(self)))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Transcript":
        """Read a dict written by :meth:`to_json`."""
        return cls(
            record_id=data["record_id"],
            department=data["department"],
            condition=data["condition"],
            doctor=data["doctor"],
            status=data["status"],
            error=data.get("error"),
            seed=data.get("seed", 0),
            opening=data.get("opening", ""),
            turns=tuple(Turn.from_json(t) for t in data.get("turns", ())),
            summary_answers={k: data.get("summary_answers", {}).get(k, "") or "" for k in SUMMARY_FIELDS},
            revealed=tuple(data.get("revealed", ())),
            end_reason=data.get("end_reason"),
            elapsed_s=data.get("elapsed_s", 0.0),
        )


class TranscriptLog:
    """The append-only JSONL file of transcripts. ``append`` is thread-safe."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()

    def read(self) -> list[Transcript]:
        """The transcripts in file order, ignoring a torn last line (see :meth:`_scan`).

        A record id that appears more than once keeps its last line.

        Raises:
            TranscriptFileError: for a bad line that is not the last one.
        """
        lines, _ = self._scan()
        latest = {t.record_id: t for t in lines}
        return list(latest.values())

    def repair(self) -> bool:
        """Truncate a torn last line so appends start on a fresh line; True if one was cut."""
        _, good_bytes = self._scan()
        if self.path.exists() and self.path.stat().st_size != good_bytes:
            with self.path.open("r+b") as handle:
                handle.truncate(good_bytes)
                handle.flush()
                os.fsync(handle.fileno())
            return True
        return False

    def append(self, transcript: Transcript) -> None:
        """Write one transcript as a whole line, then flush and fsync."""
        line = (json_text(transcript.to_json()) + "\n").encode("utf-8")
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("ab") as handle:
                handle.write(line)
                handle.flush()
                os.fsync(handle.fileno())

    def _scan(self) -> tuple[list[Transcript], int]:
        """The transcripts of the complete lines and the byte length of those lines.

        Bytes after the last newline are a torn line (a write cut short; a whole write ends
        with its newline) and are ignored even when they happen to parse.
        """
        if not self.path.exists():
            return [], 0
        *complete, _torn = self.path.read_bytes().split(b"\n")
        transcripts: list[Transcript] = []
        good = 0
        for number, piece in enumerate(complete, start=1):
            good += len(piece) + 1
            if not piece.strip():
                continue
            try:
                transcripts.append(Transcript.from_json(json.loads(piece.decode("utf-8"))))
            except (ValueError, KeyError, TypeError) as exc:
                raise TranscriptFileError(f"{self.path}:{number}: not a transcript line ({exc})") from None
        return transcripts, good
