"""Markdown and JSON reports for one run or a comparison of runs.

A run folder holds ``results.json`` and ``manifest.json`` (written by
``python -m tod.evaluate``); :func:`load_run` reads them, :func:`render_markdown` writes the
tables (one column per run), :func:`comparison_json` the machine-readable summary. A
missing value (a metric not applicable to a run) prints as an em dash.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from tod.evaluation.run_folder import MANIFEST, RESULTS
from tod.evaluation.transcript import SUMMARY_FIELDS
from tod.jsonio import read_json
from tod.schema.labels import INTENTS


class RunFolderError(ValueError):
    """A folder that is not a finished evaluation run."""


@dataclass(frozen=True)
class Run:
    """A finished run: its label (folder name), results and manifest."""

    label: str
    path: Path
    results: dict[str, Any]
    manifest: dict[str, Any]

    @property
    def doctor(self) -> str:
        """The doctor spec of the run."""
        return str(self.manifest.get("config", {}).get("doctor", "?"))

    @property
    def condition(self) -> str:
        """The run's condition (dialogue, vignette, opening)."""
        return str(self.manifest.get("config", {}).get("condition", "?"))


def load_run(path: str | Path) -> Run:
    """Read a run folder.

    Raises:
        RunFolderError: when ``results.json`` or ``manifest.json`` is missing or unreadable.
    """
    path = Path(path)
    try:
        results = read_json(path / RESULTS)
        manifest = read_json(path / MANIFEST)
    except (OSError, ValueError) as exc:
        raise RunFolderError(f"{path}: not a finished run ({exc})") from None
    return Run(label=path.resolve().name, path=path, results=results, manifest=manifest)


def fmt(value: Any, *, percent: bool = False, digits: int = 3) -> str:
    """A table cell: a number (as a percentage with ``percent``), or an em dash for None."""
    if value is None:
        return "\u2014"
    if isinstance(value, int) and not percent:
        return str(value)
    if percent:
        return f"{100 * value:.1f}%"
    return f"{value:.{digits}f}"


def _with_ci(run: Run, name: str, *, percent: bool = False, digits: int = 3) -> str:
    ci = run.results.get("ci95", {}).get(name)
    value = run.results["metrics"].get(name)
    if not ci or ci.get("low") is None:
        return fmt(value, percent=percent, digits=digits)
    cell = lambda v: fmt(v, percent=percent, digits=digits)  # noqa: E731
    return f"{cell(value)} [{cell(ci['low'])}, {cell(ci['high'])}]"


@dataclass(frozen=True)
class Table:
    """One table of the report: its section heading (``None`` continues the previous
    section), an optional note above it, the header and the rows of cell strings."""

    section: str | None
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str | None = None


def _table(section: str | None, header: Sequence[str], rows: Sequence[Sequence[str]], note: str | None = None) -> Table:
    return Table(section, tuple(header), tuple(tuple(row) for row in rows), note)


def _cost_tables(runs: Sequence[Run], labels: Sequence[str]) -> list[Table]:
    """Cost per consultation (SDBench-style) and tests ordered by category; none when no run
    has costs."""
    costs = [r.results.get("costs") for r in runs]
    if not any(costs):
        return []
    settings = next(c for c in costs if c)
    note = (f"Prices: `{settings['prices']}` ({settings['currency']}; visit {settings['per_visit']:.2f}, "
            f"question {settings['per_question']:.2f}); each order is charged, repeats included.")
    tables = [
        _table(
            "Cost (tests ordered from the examiner)",
            ["metric", *labels],
            [
                ["cost per consultation", *(_with_ci(r, "cost", digits=2) for r in runs)],
                ["of which tests", *(fmt(r.results["metrics"].get("test_cost"), digits=2) for r in runs)],
                ["tests ordered", *(_with_ci(r, "tests_ordered") for r in runs)],
                ["with a recorded result", *(fmt(r.results["metrics"].get("tests_with_result")) for r in runs)],
                ["wasted (no result)", *(_with_ci(r, "tests_wasted") for r in runs)],
                ["repeated", *(fmt(r.results["metrics"].get("tests_repeated")) for r in runs)],
            ],
            note=note,
        )
    ]
    categories = list(dict.fromkeys(c for r in runs for c in r.results.get("tests_by_category", {})))
    if categories:
        tables.append(_table(
            None,
            ["test category (orders)", *labels],
            [[c, *(str(r.results.get("tests_by_category", {}).get(c, 0)) for r in runs)] for c in categories],
        ))
    return tables


def report_tables(runs: Sequence[Run]) -> list[Table]:
    """The tables of the report of ``runs`` (one column per run), shared by the Markdown and
    the HTML reports."""
    labels = [run.label for run in runs]
    tables = [
        _table(
            None,
            ["run", "doctor", "condition", "records", "ok", "failed", "missing"],
            [
                [
                    r.label,
                    f"`{r.doctor}`",
                    r.condition,
                    *(str(r.results["counts"][k]) for k in ("records", "ok", "failed", "missing")),
                ]
                for r in runs
            ],
        )
    ]
    tables.append(
        _table(
            "Diagnosis",
            ["metric", *labels],
            [
                ["top-1 accuracy", *(_with_ci(r, "top1", percent=True) for r in runs)],
                ["top-3 accuracy", *(_with_ci(r, "top3", percent=True) for r in runs)],
                ["multiple-choice accuracy", *(_with_ci(r, "mcq_correct", percent=True) for r in runs)],
                ["department robustness S", *(fmt(r.results["departments"]["robustness_S"]) for r in runs)],
            ],
            note="Intervals are bootstrap 95% confidence intervals over consultations.",
        )
    )
    rows = []
    for kind, name in (("rouge1", "ROUGE-1"), ("rouge2", "ROUGE-2"), ("rougeL", "ROUGE-L"), ("bertscore", "BERTScore")):
        for field in (*SUMMARY_FIELDS, "avg"):
            key = f"{kind}_{field}"
            cells = [_with_ci(r, key) if key in r.results.get("ci95", {}) else fmt(r.results["metrics"].get(key)) for r in runs]
            rows.append([f"{name} {field}", *cells])
    tables.append(_table("Diagnostic text quality (F1 against the reference answers)", ["metric", *labels], rows))
    tables.append(
        _table(
            "Communication depth",
            ["metric", *labels],
            [
                ["dialogue turns", *(_with_ci(r, "turns") for r in runs)],
                ["doctor response length (words)", *(_with_ci(r, "avg_response_words") for r in runs)],
                ["questions asked", *(_with_ci(r, "questions") for r in runs)],
                ["questions per turn", *(fmt(r.results["metrics"].get("questions_per_turn")) for r in runs)],
                ["examinations ordered", *(fmt(r.results["metrics"].get("examinations_ordered")) for r in runs)],
                ["requests (questions + orders) per turn",
                 *(fmt(r.results["metrics"].get("requests_per_turn")) for r in runs)],
                ["repeated-question rate", *(_with_ci(r, "repeated_question_rate", percent=True) for r in runs)],
            ],
        )
    )
    tables += _cost_tables(runs, labels)
    families = sorted({f for r in runs for f in r.results.get("coverage_by_family", {})})
    tables.append(
        _table(
            "Information coverage",
            ["facts elicited", *labels],
            [["all facts", *(_with_ci(r, "coverage", percent=True) for r in runs)]]
            + [[f, *(fmt(r.results["coverage_by_family"].get(f), percent=True) for r in runs)] for f in families],
        )
    )
    family_names = list(dict.fromkeys(f for r in runs for f in r.results["question_types"]["families"]))
    tables.append(
        _table(
            "Question types",
            ["family (share of questions)", *labels],
            [[f, *(fmt(r.results["question_types"]["families"].get(f, {}).get("share"), percent=True) for r in runs)] for f in family_names]
            + [["total questions", *(str(r.results["question_types"]["total"]) for r in runs)]],
        )
    )
    tables.append(
        _table(
            None,
            ["intent (share of questions)", *labels],
            [[i, *(fmt(r.results["question_types"]["intents"].get(i, {}).get("share"), percent=True) for r in runs)] for i in INTENTS],
        )
    )
    departments = sorted({d for r in runs for d in r.results["departments"]["top1"]})
    tables.append(
        _table(
            "Top-1 accuracy by department",
            ["department", *labels],
            [
                [
                    d,
                    *(
                        f"{fmt(r.results['departments']['top1'].get(d), percent=True)} (n={r.results['departments']['n'].get(d, 0)})"
                        for r in runs
                    ),
                ]
                for d in departments
            ],
        )
    )
    judged = [r for r in runs if r.results.get("judge")]
    if judged:
        tables.append(
            _table(
                "LLM judge",
                ["run", "judge", "baseline", "wins", "losses", "ties", "invalid", "win rate"],
                [
                    [
                        r.label,
                        str(r.results["judge"]["judge"]),
                        str(r.results["judge"].get("baseline", "")),
                        *(str(r.results["judge"][k]) for k in ("wins", "losses", "ties", "invalid")),
                        fmt(r.results["judge"]["win_rate"], percent=True),
                    ]
                    for r in judged
                ],
            )
        )
    failures = [(r.label, f) for r in runs for f in r.results.get("failures", [])]
    if failures:
        tables.append(
            _table(
                "Failed consultations",
                ["run", "record", "reason"],
                [[label, f["record_id"], str(f["error"]).replace("|", "/")] for label, f in failures],
            )
        )
    return tables


def render_markdown(runs: Sequence[Run], *, title: str = "Evaluation report") -> str:
    """The Markdown report of ``runs`` (one column per run)."""
    out = [f"# {title}", ""]
    for table in report_tables(runs):
        if table.section:
            out += [f"## {table.section}", ""]
        if table.note:
            out += [table.note, ""]
        out += ["| " + " | ".join(table.header) + " |", "|" + "---|" * len(table.header)]
        out += ["| " + " | ".join(row) + " |" for row in table.rows]
        out.append("")
    return "\n".join(out)


def comparison_json(runs: Sequence[Run]) -> dict[str, Any]:
    """The run-level results of ``runs`` side by side (per-consultation rows left out)."""
    return {
        "runs": [
            {
                "label": r.label,
                "path": str(r.path),
                "doctor": r.doctor,
                "condition": r.condition,
                **{k: v for k, v in r.results.items() if k != "per_consultation"},
            }
            for r in runs
        ]
    }
