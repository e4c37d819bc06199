"""The self-contained HTML report: metric tables, plots and every consultation's transcript.

``python -m tod.report RUN_DIR [RUN_DIR ...] --html`` writes ``report.html``: one file with
no network access and no server (the plots are base64 PNGs, the CSS and JavaScript inline),
rendered from the Jinja2 template ``templates/report.html.j2`` shipped in this package.

It holds the metric tables with their confidence intervals (:func:`report_tables`), the
paired comparisons, the plots, and the transcripts: per patient turn the parsed intents and
slots, the record fields the reply used (provenance) and the dialogue events; per doctor
turn the number of questions the NLU parsed. Filters by record, department and outcome
(correct, wrong, failed) and a search box narrow the transcripts; runs on the same record
file are shown side by side, one column per run, record by record.

Bad input never stops the page: a folder without ``results.json`` still shows its
transcripts, a corrupted transcripts line is skipped and named, runs on a different record
file are shown apart; every such problem is listed at the top of the page.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from jinja2 import Environment, PackageLoader, select_autoescape

from tod.evaluation.paired import RunComparison, format_difference, record_file_mismatch
from tod.evaluation.reporting import Run, Table, report_tables
from tod.evaluation.run_folder import TRANSCRIPTS
from tod.evaluation.transcript import Transcript

#: The outcome of a consultation, as the filter shows it.
OUTCOMES: tuple[str, ...] = ("correct", "wrong", "failed", "unscored")


@dataclass
class RunTranscripts:
    """The transcripts of one run folder, what each scored, and the problems met reading it.

    ``run`` is ``None`` for a folder without readable results (its transcripts still show).
    """

    label: str
    path: Path
    run: Run | None
    transcripts: list[Transcript] = field(default_factory=list)
    outcomes: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def read_transcripts(path: Path) -> tuple[list[Transcript], list[str]]:
    """The transcripts in ``path`` (``transcripts.jsonl``), keeping the last line of a record
    id as the run log does, and one problem per line that could not be read (named by file
    and line number). A missing file gives no transcripts and one problem."""
    if not path.is_file():
        return [], [f"{path}: no transcripts file"]
    latest: dict[str, Transcript] = {}
    problems = []
    data = path.read_bytes()
    pieces = data.split(b"\n")
    for number, piece in enumerate(pieces, start=1):
        if not piece.strip():
            continue
        torn = number == len(pieces)  # no newline after it: the write was cut short
        try:
            transcript = Transcript.from_json(json.loads(piece.decode("utf-8")))
        except (ValueError, KeyError, TypeError) as exc:
            what = "torn last line (an interrupted write; --resume redoes it)" if torn else f"not a transcript line ({exc})"
            problems.append(f"{path}:{number}: {what}; skipped")
            continue
        if torn:
            problems.append(f"{path}:{number}: last line has no newline (an interrupted write); shown anyway")
        latest[transcript.record_id] = transcript
    return list(latest.values()), problems


def outcome_of(row: dict[str, Any] | None) -> str:
    """``failed``, ``correct`` (top-1 diagnosis matched), ``wrong`` or ``unscored`` (no
    results row, or no top-1 score) for a ``per_consultation`` row."""
    if row is None:
        return "unscored"
    if row.get("status") != "ok":
        return "failed"
    top1 = row.get("top1")
    if top1 is None:
        return "unscored"
    return "correct" if top1 >= 0.5 else "wrong"


def collect_transcripts(folder: Path, label: str, run: Run | None) -> RunTranscripts:
    """The transcripts of the run folder ``folder`` with their outcomes from ``run``'s
    results (``unscored`` when ``run`` is ``None`` or has no row for a record)."""
    transcripts, problems = read_transcripts(folder / TRANSCRIPTS)
    rows = {row["record_id"]: row for row in (run.results.get("per_consultation", []) if run else [])}
    outcomes = {}
    for t in transcripts:
        outcome = outcome_of(rows.get(t.record_id))
        outcomes[t.record_id] = "failed" if t.status != "ok" else outcome
    return RunTranscripts(label, folder, run, transcripts, outcomes, problems)


def _png_data_uri(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


@dataclass(frozen=True)
class RecordBlock:
    """One record's consultations, one column per run (side by side)."""

    record_id: str
    department: str
    columns: tuple[tuple[str, Transcript, str], ...]  # (run label, transcript, outcome)
    note: str | None = None


def record_blocks(sources: Sequence[RunTranscripts]) -> tuple[list[RecordBlock], list[str]]:
    """The record blocks of all transcripts, and the problems of pairing them.

    Runs on the reference run's record file (the first with results) share a block per
    record; a run on a different record file gets blocks of its own, since the same id
    may name another patient there.
    """
    reference = next((s.run for s in sources if s.run is not None), None)
    problems = []
    shared: dict[str, list[tuple[str, Transcript, str]]] = {}
    apart: list[RecordBlock] = []
    for source in sources:
        mismatch = record_file_mismatch(reference, source.run) if reference and source.run else None
        if mismatch:
            problems.append(f"{mismatch}: not shown side by side")
        for t in source.transcripts:
            column = (source.label, t, source.outcomes[t.record_id])
            if mismatch:
                apart.append(RecordBlock(t.record_id, t.department, (column,), note=f"run {source.label}, own record file"))
            else:
                shared.setdefault(t.record_id, []).append(column)
    blocks = [RecordBlock(rid, cols[0][1].department, tuple(cols)) for rid, cols in shared.items()]
    return blocks + apart, problems


def _environment() -> Environment:
    env = Environment(loader=PackageLoader("tod.evaluation", "templates"), autoescape=select_autoescape(["html", "j2"]))
    env.filters["json_compact"] = lambda value: json.dumps(value, ensure_ascii=False, sort_keys=True)
    env.filters["backticks"] = lambda cell: cell[1:-1] if cell.startswith("`") and cell.endswith("`") and len(cell) > 1 else cell
    return env


def render_html(
    *,
    title: str,
    runs: Sequence[Run],
    sources: Sequence[RunTranscripts],
    comparisons: Sequence[RunComparison],
    plots: Sequence[Path],
    problems: Sequence[str],
) -> str:
    """The report page: ``runs`` (those with results) in the tables, ``sources`` (every run
    folder) in the transcripts, ``plots`` embedded, ``problems`` listed at the top."""
    blocks, pairing_problems = record_blocks(sources)
    all_problems = [*problems, *(p for s in sources for p in s.problems), *pairing_problems]
    tables: list[Table] = report_tables(runs) if runs else []
    return (
        _environment()
        .get_template("report.html.j2")
        .render(
            title=title,
            tables=tables,
            comparisons=comparisons,
            format_difference=format_difference,
            plots=[(p.stem.replace("_", " "), _png_data_uri(p)) for p in plots],
            blocks=blocks,
            records=sorted({b.record_id for b in blocks}),
            departments=sorted({b.department for b in blocks}),
            outcomes=OUTCOMES,
            problems=all_problems,
        )
    )
