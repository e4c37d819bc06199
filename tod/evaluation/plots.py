"""PNG plots comparing runs (matplotlib, Agg backend: no display needed).

* ``question_types.png``: share of questions by family and by intent, one bar per run;
* ``coverage_by_family.png``: mean share of facts elicited per field family;
* ``accuracy_by_department.png``: top-1 accuracy per department;
* ``accuracy_vs_cost.png``: top-1 accuracy against mean cost per consultation, one point
  per run, with the Pareto front (the runs no other run beats on both) joined by a line;
* ``tests_by_category.png``: tests ordered per consultation, by test category.

A value a run does not have (a department or family absent from its records, shares of a
run that asked no question) is left out (no bar), so "missing" never looks like 0.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

from tod.evaluation.reporting import Run
from tod.schema.labels import INTENTS


def _pyplot():  # type: ignore[no-untyped-def]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _grouped_bars(ax, categories: Sequence[str], series: Mapping[str, Sequence[float | None]], *, horizontal: bool) -> None:  # type: ignore[no-untyped-def]
    """One bar group per category, one bar per series; ``None`` values draw no bar."""
    positions = np.arange(len(categories))
    width = 0.8 / max(len(series), 1)
    for i, (label, raw) in enumerate(series.items()):
        values = [np.nan if v is None else v for v in raw]
        offset = positions + (i - (len(series) - 1) / 2) * width
        if horizontal:
            ax.barh(offset, values, height=width, label=label)
        else:
            ax.bar(offset, values, width=width, label=label)
    if horizontal:
        ax.set_yticks(positions, categories, fontsize=7)
        ax.invert_yaxis()
    else:
        ax.set_xticks(positions, categories, rotation=30, ha="right", fontsize=8)
    if len(series) > 1:
        ax.legend(fontsize=7)


def _bar_panel(
    ax, categories: Sequence[str], series: Mapping[str, Sequence[float | None]], *, horizontal: bool, axis: str, title: str
) -> None:  # type: ignore[no-untyped-def]
    """:func:`_grouped_bars` with the value axis named ``axis`` and the panel titled ``title``."""
    _grouped_bars(ax, categories, series, horizontal=horizontal)
    (ax.set_xlabel if horizontal else ax.set_ylabel)(axis)
    ax.set_title(title)


def _save(fig, path: Path) -> Path:  # type: ignore[no-untyped-def]
    """Lay out ``fig``, write it to ``path`` as a PNG and free it."""
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    _pyplot().close(fig)
    return path


def _share_plot(
    path: Path, categories: Sequence[str], series: Mapping[str, Sequence[float | None]], *, axis: str, title: str
) -> Path:
    """One panel of vertical bars on a 0-1 scale, saved to ``path``."""
    fig, ax = _pyplot().subplots(figsize=(9, 5))
    _bar_panel(ax, categories, series, horizontal=False, axis=axis, title=title)
    ax.set_ylim(0, 1)
    return _save(fig, path)


def plot_question_types(runs: Sequence[Run], path: Path) -> Path:
    """Question-type distribution by family (left) and intent (right)."""
    families = list(dict.fromkeys(f for r in runs for f in r.results["question_types"]["families"]))
    fig, (left, right) = _pyplot().subplots(1, 2, figsize=(13, 7), gridspec_kw={"width_ratios": [1, 1.4]})
    by_family = {r.label: [r.results["question_types"]["families"].get(f, {}).get("share") for f in families] for r in runs}
    by_intent = {r.label: [r.results["question_types"]["intents"].get(i, {}).get("share") for i in INTENTS] for r in runs}
    _bar_panel(left, families, by_family, horizontal=False, axis="share of questions", title="Question types by family")
    _bar_panel(
        right, list(INTENTS), by_intent, horizontal=True, axis="share of questions", title="Question types by intent"
    )
    return _save(fig, path)


def plot_coverage_by_family(runs: Sequence[Run], path: Path) -> Path:
    """Mean information coverage per field family."""
    families = sorted({f for r in runs for f in r.results.get("coverage_by_family", {})})
    coverage = {r.label: [r.results["coverage_by_family"].get(f) for f in families] for r in runs}
    return _share_plot(
        path, families, coverage, axis="share of facts elicited", title="Information coverage by field family"
    )


def plot_accuracy_by_department(runs: Sequence[Run], path: Path) -> Path:
    """Top-1 diagnosis accuracy per department."""
    departments = sorted({d for r in runs for d in r.results["departments"]["top1"]})
    accuracy = {r.label: [r.results["departments"]["top1"].get(d) for d in departments] for r in runs}
    return _share_plot(path, departments, accuracy, axis="top-1 accuracy", title="Diagnosis accuracy by department")


def pareto_front(points: Sequence[tuple[float, float]]) -> list[int]:
    """Indices of the (cost, accuracy) points no other point dominates (cost no higher and
    accuracy no lower, one of them strictly), by increasing cost."""
    front = [
        i for i, (cost, acc) in enumerate(points)
        if not any(c <= cost and a >= acc and (c, a) != (cost, acc) for c, a in points)
    ]
    return sorted(front, key=lambda i: points[i])


def plot_accuracy_vs_cost(runs: Sequence[Run], path: Path) -> Path | None:
    """Top-1 accuracy against mean cost per consultation (the Pareto view across runs);
    ``None`` (no file) when no run has both values."""
    placed = [
        (r.label, r.results["metrics"].get("cost"), r.results["metrics"].get("top1"))
        for r in runs
    ]
    placed = [(label, cost, acc) for label, cost, acc in placed if cost is not None and acc is not None]
    if not placed:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 5))
    points = [(cost, acc) for _, cost, acc in placed]
    for label, cost, acc in placed:
        ax.scatter([cost], [acc], s=40)
        ax.annotate(label, (cost, acc), textcoords="offset points", xytext=(5, 5), fontsize=8)
    front = pareto_front(points)
    ax.plot([points[i][0] for i in front], [points[i][1] for i in front], linestyle="--", linewidth=1, label="Pareto front")
    ax.set_ylim(0, 1)
    ax.set_xlabel("mean cost per consultation")
    ax.set_ylabel("top-1 accuracy")
    ax.set_title("Accuracy vs cost")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def plot_tests_by_category(runs: Sequence[Run], path: Path) -> Path | None:
    """Tests ordered per consultation by test category; ``None`` when nothing was ordered."""
    categories = sorted({c for r in runs for c in r.results.get("tests_by_category", {})})
    if not categories:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, max(4, 0.3 * len(categories))))

    def per_case(run: Run, category: str) -> float | None:
        ok = run.results["counts"]["ok"]
        return run.results.get("tests_by_category", {}).get(category, 0) / ok if ok else None

    _grouped_bars(ax, categories, {r.label: [per_case(r, c) for c in categories] for r in runs}, horizontal=True)
    ax.set_xlabel("orders per consultation")
    ax.set_title("Tests ordered by category")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def write_plots(runs: Sequence[Run], output_dir: Path) -> list[Path]:
    """All plots into ``output_dir``; returns the paths written (the cost plots only when
    a run has costs or orders)."""
    output_dir.mkdir(parents=True, exist_ok=True)
    written = [
        plot_question_types(runs, output_dir / "question_types.png"),
        plot_coverage_by_family(runs, output_dir / "coverage_by_family.png"),
        plot_accuracy_by_department(runs, output_dir / "accuracy_by_department.png"),
        plot_accuracy_vs_cost(runs, output_dir / "accuracy_vs_cost.png"),
        plot_tests_by_category(runs, output_dir / "tests_by_category.png"),
    ]
    return [p for p in written if p is not None]
