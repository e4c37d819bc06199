"""``python -m tod.report``: compare evaluation runs in Markdown, JSON, PNG plots and HTML.

    python -m tod.report runs/scripted runs/qwen --output-dir reports/compare --html

Writes DIR/comparison.md, DIR/comparison.json, DIR/question_types.png,
DIR/coverage_by_family.png, DIR/accuracy_by_department.png, for runs with costs
DIR/accuracy_vs_cost.png (the Pareto view) and DIR/tests_by_category.png, and with ``--html``
DIR/report.html (self-contained: tables, plots and every transcript; see
:mod:`tod.evaluation.html_report`). DIR defaults to the first run folder. Runs are labelled
by folder name (``parent/name`` when two folders share a name). A run's own report.md
(from ``tod.evaluate``) is left as it is.

Runs on the same record file are compared pairwise, each against the first run: the paired
difference of each main metric over the records both scored, with a paired bootstrap
interval and a Wilcoxon signed-rank p-value (:mod:`tod.evaluation.paired`).

A folder that is not a finished run (no ``results.json``) is named in an ``error:`` line and
left out of the tables; the reports of the other runs are still written (the HTML report
also shows that folder's transcripts) and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from tod.evaluation.paired import RunComparison, compare_runs, render_paired_markdown
from tod.evaluation.plots import write_plots
from tod.evaluation.reporting import Run, RunFolderError, comparison_json, load_run, render_markdown
from tod.evaluation.results import MAIN_METRICS
from tod.jsonio import write_json_atomic, write_text_atomic

HTML_REPORT = "report.html"


def unique_labels(runs: Sequence[Run]) -> list[Run]:
    """``runs`` relabelled ``parent/name`` where folder names collide."""
    names = [r.label for r in runs]
    return [
        Run(f"{r.path.resolve().parent.name}/{r.label}", r.path, r.results, r.manifest) if names.count(r.label) > 1 else r
        for r in runs
    ]


def load_runs(run_dirs: Sequence[str | Path]) -> tuple[list[Run | None], list[str]]:
    """Each folder's run (``None`` for one that is not a finished run, labels made unique
    among the readable ones) and one problem line per unreadable folder."""
    loaded: list[Run | None] = []
    problems = []
    for folder in run_dirs:
        try:
            loaded.append(load_run(folder))
        except RunFolderError as exc:
            loaded.append(None)
            problems.append(str(exc))
    relabelled = iter(unique_labels([r for r in loaded if r is not None]))
    return [next(relabelled) if r is not None else None for r in loaded], problems


def paired_comparisons(runs: Sequence[Run], *, resamples: int = 1000) -> list[RunComparison]:
    """Each run after the first against the first (see :func:`compare_runs`)."""
    return [compare_runs(runs[0], other, MAIN_METRICS, resamples=resamples) for other in runs[1:]]


def write_report(
    run_dirs: Sequence[str | Path], output_dir: str | Path, *, html: bool = False
) -> tuple[list[Path], list[str], list[str]]:
    """Write the comparison of ``run_dirs`` into ``output_dir``; returns the files written,
    the problems with the input (unreadable folders, corrupted transcripts lines) and the
    notes (runs that cannot be paired, and why).

    Raises:
        RunFolderError: when no folder is a finished run and ``html`` is off (nothing to write).
    """
    loaded, problems = load_runs(run_dirs)
    runs = [r for r in loaded if r is not None]
    if not runs and not html:
        raise RunFolderError("; ".join(problems))
    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    title = "Evaluation report" if len(run_dirs) == 1 else f"Comparison of {len(run_dirs)} runs"
    comparisons = paired_comparisons(runs) if len(runs) > 1 else []
    notes = [c.problem for c in comparisons if c.problem]
    files: list[Path] = []
    plots: list[Path] = []
    if runs:
        markdown = render_markdown(runs, title=title)
        if comparisons:
            markdown += "\n" + render_paired_markdown(comparisons)
        write_text_atomic(out / "comparison.md", markdown)
        summary = comparison_json(runs)
        summary["paired"] = [c.to_json() for c in comparisons]
        write_json_atomic(out / "comparison.json", summary)
        plots = write_plots(runs, out)
        files += [out / "comparison.md", out / "comparison.json", *plots]
    if html:
        from tod.evaluation.html_report import collect_transcripts, render_html

        sources = [
            collect_transcripts(Path(folder), run.label if run else Path(folder).resolve().name, run)
            for folder, run in zip(run_dirs, loaded)
        ]
        page = render_html(title=title, runs=runs, sources=sources, comparisons=comparisons, plots=plots, problems=problems + notes)
        write_text_atomic(out / HTML_REPORT, page)
        files.append(out / HTML_REPORT)
        problems += [p for s in sources for p in s.problems]
    return files, problems, notes


def main(argv: list[str] | None = None) -> int:
    """Run the report CLI; returns the exit status (1 when a folder was not a finished run
    or a transcripts file had bad lines, after writing what could be written; runs that
    cannot be paired are a ``note:``, not an error)."""
    parser = argparse.ArgumentParser(prog="python -m tod.report", description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="run folders written by python -m tod.evaluate")
    parser.add_argument("--output-dir", help="where to write (default: the first run folder)")
    parser.add_argument("--html", action="store_true", help="also write a self-contained report.html with every transcript")
    args = parser.parse_args(argv)
    try:
        files, problems, notes = write_report(args.runs, args.output_dir or args.runs[0], html=args.html)
    except (RunFolderError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    print("\n".join(str(f) for f in files))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
