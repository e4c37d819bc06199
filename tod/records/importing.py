"""What every importer returns, and the registry of import formats.

An importer turns one source file into records plus, per record, the warnings (facts left
out because they name the diagnosis, clauses no rule could place) and the count of unrouted
clauses, so nothing is dropped without being counted. :func:`import_file` picks the
importer by format name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from tod.records.model import Record


class ImportFormatError(ValueError):
    """An unknown import format or a case that does not have the expected structure."""


@dataclass
class ImportResult:
    """Records imported from one file, with their warnings and unrouted counts."""

    records: list[Record] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: record id -> clauses of its source text that no rule could place.
    unrouted: dict[str, int] = field(default_factory=dict)
    #: sentences or entries that state no fact of the patient (a question, "a photograph is
    #: shown", a clinician's action, a result not given: "pending").
    skipped: int = 0

    def add(self, record: Record, warnings: list[str], *, unrouted: int, skipped: int = 0) -> None:
        """Append one record with its warnings (prefixed by its id) and counts."""
        self.records.append(record)
        self.warnings += [f"{record.id}: {w}" for w in warnings]
        self.unrouted[record.id] = unrouted
        self.skipped += skipped

    def summary(self) -> str:
        """One line: warnings, unrouted clauses and in how many records, skipped sentences."""
        counts = [n for n in self.unrouted.values() if n]
        left_out = sum(1 for w in self.warnings if "names the diagnosis" in w)
        return (f"{left_out} facts left out because they name the diagnosis; {sum(counts)} unrouted clauses in "
                f"{len(counts)} of {len(self.records)} records (at most {max(counts, default=0)} in one); "
                f"{self.skipped} sentences or entries with no patient fact skipped (questions, images, clinicians' "
                f"actions, results not given)")


def _importers() -> dict[str, Callable[[Path], ImportResult]]:
    from tod.records import agentclinic, craftmd

    return {"agentclinic": agentclinic.import_file, "craftmd": craftmd.import_file}


#: Import formats understood by :func:`import_file`.
FORMATS: tuple[str, ...] = ("agentclinic", "craftmd")


def import_file(path: str | Path, *, fmt: str) -> ImportResult:
    """Import a source file in format ``fmt`` (one of :data:`FORMATS`).

    Raises:
        ImportFormatError: unknown format.
        RecordFileError: a bad source file, naming file and line.
    """
    if fmt not in FORMATS:
        raise ImportFormatError(f"unknown import format {fmt!r}; expected one of: {', '.join(FORMATS)}")
    return _importers()[fmt](Path(path))
