"""``python -m tod.report``: compare evaluation runs in Markdown, JSON and PNG plots.

    python -m tod.report runs/scripted runs/qwen --output-dir reports/compare

Writes DIR/comparison.md, DIR/comparison.json, DIR/question_types.png, DIR/coverage_by_family.png,
DIR/accuracy_by_department.png and, for runs with costs, DIR/accuracy_vs_cost.png (the
Pareto view) and DIR/tests_by_category.png (DIR defaults to the first run folder). Runs are
labelled by folder name (``parent/name`` when two folders share a name). A run's own
report.md (from ``tod.evaluate``) is left as it is.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from tod.evaluation.plots import write_plots
from tod.evaluation.reporting import Run, RunFolderError, comparison_json, load_run, render_markdown
from tod.jsonio import write_json_atomic, write_text_atomic


def unique_labels(runs: Sequence[Run]) -> list[Run]:
    """``runs`` relabelled ``parent/name`` where folder names collide."""
    names = [r.label for r in runs]
    return [
        Run(f"{r.path.resolve().parent.name}/{r.label}", r.path, r.results, r.manifest) if names.count(r.label) > 1 else r
        for r in runs
    ]


def write_report(run_dirs: Sequence[str | Path], output_dir: str | Path) -> list[Path]:
    """Write the comparison of ``run_dirs`` into ``output_dir``; returns the files written.

    Raises:
        RunFolderError: for a folder without results.
    """
    runs = unique_labels([load_run(d) for d in run_dirs])
    out = Path(output_dir)
    out.mkdir(parents=True, exist_ok=True)
    title = "Evaluation report" if len(runs) == 1 else f"Comparison of {len(runs)} runs"
    write_text_atomic(out / "comparison.md", render_markdown(runs, title=title))
    write_json_atomic(out / "comparison.json", comparison_json(runs))
    return [out / "comparison.md", out / "comparison.json", *write_plots(runs, out)]


def main(argv: list[str] | None = None) -> int:
    """Run the report CLI; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tod.report", description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", help="run folders written by python -m tod.evaluate")
    parser.add_argument("--output-dir", help="where to write (default: the first run folder)")
    args = parser.parse_args(argv)
    try:
        files = write_report(args.runs, args.output_dir or args.runs[0])
    except RunFolderError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print("\n".join(str(f) for f in files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
