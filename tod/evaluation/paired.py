"""Paired comparison of two doctors evaluated on the same records.

Two runs on the same record file give, for each record both scored, a pair of values per
metric. As in 3MDBench, the difference of run B over run A is reported with

* a paired percentile bootstrap interval: resample the *records* (the pairs) with
  replacement, take the mean difference each time, report the quantiles;
* the Wilcoxon signed-rank test (:func:`scipy.stats.wilcoxon`, two-sided; pairs with a zero
  difference are dropped, the ``wilcox`` rule; exact distribution for small samples).

:func:`compare_runs` pairs two :class:`~tod.evaluation.reporting.Run` folders, after
checking they were evaluated on the same record file (:func:`record_file_mismatch`).

A difference is called significant when the Wilcoxon p-value is below ``alpha``. All pairs
equal (nothing left after dropping zeros) gives p = 1; fewer than two pairs gives no test.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Mapping, Sequence

import numpy as np
from scipy.stats import wilcoxon

from tod.evaluation.reporting import Run


@dataclass(frozen=True)
class PairedDifference:
    """The difference B − A of one metric over the records both runs scored.

    ``mean_a`` / ``mean_b`` are the means over the pairs only (they may differ from the
    runs' overall means), ``low`` / ``high`` the bootstrap interval of the mean difference,
    ``p_value`` the Wilcoxon signed-rank p-value (``None`` with fewer than two pairs).
    """

    metric: str
    n: int
    mean_a: float | None
    mean_b: float | None
    difference: float | None
    low: float | None
    high: float | None
    p_value: float | None
    significant: bool

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


def paired_bootstrap_ci(
    a: Sequence[float], b: Sequence[float], *, resamples: int = 1000, confidence: float = 0.95, seed: int = 0
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``mean(b - a)``, resampling the pairs together.

    Raises:
        ValueError: when ``a`` and ``b`` differ in length or are empty.
    """
    if len(a) != len(b) or not a:
        raise ValueError(f"paired samples must be non-empty and of equal length (got {len(a)} and {len(b)})")
    diffs = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    rng = np.random.default_rng(seed)
    means = diffs[rng.integers(0, diffs.size, size=(resamples, diffs.size))].mean(axis=1)
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [alpha, 1.0 - alpha])
    return float(low), float(high)


def wilcoxon_p(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Two-sided Wilcoxon signed-rank p-value of the pairs; 1.0 when every pair is equal,
    ``None`` with fewer than two pairs."""
    diffs = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    if diffs.size < 2:
        return None
    if not np.any(diffs):
        return 1.0
    return float(wilcoxon(diffs, zero_method="wilcox", alternative="two-sided").pvalue)


def paired_difference(
    metric: str,
    a: Sequence[float],
    b: Sequence[float],
    *,
    alpha: float = 0.05,
    resamples: int = 1000,
    seed: int = 0,
) -> PairedDifference:
    """The paired difference of one metric (``a[i]`` and ``b[i]`` are the same record)."""
    if not a:
        return PairedDifference(metric, 0, None, None, None, None, None, None, False)
    low, high = paired_bootstrap_ci(a, b, resamples=resamples, confidence=1.0 - alpha, seed=seed)
    p = wilcoxon_p(a, b)
    return PairedDifference(
        metric=metric,
        n=len(a),
        mean_a=float(np.mean(a)),
        mean_b=float(np.mean(b)),
        difference=float(np.mean(np.asarray(b, dtype=float) - np.asarray(a, dtype=float))),
        low=low,
        high=high,
        p_value=p,
        significant=p is not None and p < alpha,
    )


def per_record_values(per_consultation: Sequence[Mapping[str, Any]], metric: str) -> dict[str, float]:
    """``{record_id: value}`` of ``metric`` over the scored (``ok``) consultations where it
    is defined."""
    return {
        row["record_id"]: float(row[metric])
        for row in per_consultation
        if row.get("status") == "ok" and row.get(metric) is not None
    }


def compare_paired(
    per_consultation_a: Sequence[Mapping[str, Any]],
    per_consultation_b: Sequence[Mapping[str, Any]],
    metrics: Sequence[str],
    *,
    alpha: float = 0.05,
    resamples: int = 1000,
    seed: int = 0,
) -> list[PairedDifference]:
    """:func:`paired_difference` for each of ``metrics``, pairing the two runs' rows by
    record id (records one run failed or did not score are left out of that metric)."""
    out = []
    for i, metric in enumerate(metrics):
        values_a = per_record_values(per_consultation_a, metric)
        values_b = per_record_values(per_consultation_b, metric)
        shared = sorted(set(values_a) & set(values_b))
        out.append(
            paired_difference(
                metric,
                [values_a[r] for r in shared],
                [values_b[r] for r in shared],
                alpha=alpha,
                resamples=resamples,
                seed=seed + i,
            )
        )
    return out


@dataclass(frozen=True)
class RunComparison:
    """Run ``b`` against run ``a``: the shared scored records and the paired differences,
    or, when the runs cannot be paired, ``problem`` says why (and ``differences`` is empty)."""

    a: str
    b: str
    shared_records: tuple[str, ...]
    differences: tuple[PairedDifference, ...]
    problem: str | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "a": self.a,
            "b": self.b,
            "shared_records": list(self.shared_records),
            "differences": [d.to_json() for d in self.differences],
            "problem": self.problem,
        }


def record_file_mismatch(a: Run, b: Run) -> str | None:
    """Why ``a`` and ``b`` were not run on the same records, or ``None`` when they were.

    Manifests that both hold ``records_sha256`` are compared by it; older manifests by the
    records path as given to ``tod.evaluate``.
    """
    hash_a, hash_b = a.manifest.get("records_sha256"), b.manifest.get("records_sha256")
    path_a = a.manifest.get("config", {}).get("records")
    path_b = b.manifest.get("config", {}).get("records")
    if hash_a and hash_b:
        if hash_a != hash_b:
            return f"runs {a.label} and {b.label} used different record files ({path_a} and {path_b} differ in content)"
        return None
    if path_a != path_b:
        return f"runs {a.label} and {b.label} used different record files ({path_a} and {path_b})"
    return None


def scored_records(run: Run) -> set[str]:
    """Ids of the records ``run`` scored (``ok`` consultations)."""
    return {row["record_id"] for row in run.results.get("per_consultation", []) if row.get("status") == "ok"}


def compare_runs(
    a: Run, b: Run, metrics: Sequence[str], *, alpha: float = 0.05, resamples: int = 1000, seed: int = 0
) -> RunComparison:
    """``b`` against ``a`` on the records both scored (see :func:`compare_paired`)."""
    problem = record_file_mismatch(a, b)
    if problem:
        return RunComparison(a.label, b.label, (), (), problem)
    shared = tuple(sorted(scored_records(a) & scored_records(b)))
    if len(shared) < 2:
        return RunComparison(a.label, b.label, shared, (), f"runs {a.label} and {b.label} share {len(shared)} scored record(s); pairing needs 2")
    rows_a = a.results["per_consultation"]
    rows_b = b.results["per_consultation"]
    differences = compare_paired(rows_a, rows_b, metrics, alpha=alpha, resamples=resamples, seed=seed)
    return RunComparison(a.label, b.label, shared, tuple(differences))


#: Metrics shown as percentages (their differences in percentage points).
PERCENT_METRICS: frozenset[str] = frozenset({"top1", "top3", "mcq_correct", "coverage", "repeated_question_rate"})


def format_difference(d: PairedDifference) -> str:
    """``+x [low, high]`` in the metric's unit (percentage points for shares)."""
    if d.difference is None:
        return "\u2014"
    scale, unit, digits = (100.0, " pp", 1) if d.metric in PERCENT_METRICS else (1.0, "", 3)
    return f"{scale * d.difference:+.{digits}f}{unit} [{scale * d.low:+.{digits}f}, {scale * d.high:+.{digits}f}]"


def render_paired_markdown(comparisons: Sequence[RunComparison], *, alpha: float = 0.05) -> str:
    """The Markdown section of the paired comparisons (empty string for none); ``alpha``
    must be the one they were computed with."""
    if not comparisons:
        return ""
    out = ["## Paired differences on shared records", ""]
    out += [
        f"Difference B \u2212 A over the records both runs scored: mean with a paired bootstrap "
        f"{100 * (1 - alpha):.0f}% interval, and the Wilcoxon signed-rank p-value; **bold** = "
        f"significant (p < {alpha}).",
        "",
    ]
    for c in comparisons:
        out += [f"### {c.b} vs {c.a}", ""]
        if c.problem:
            out += [f"Not paired: {c.problem}.", ""]
            continue
        out += [f"{len(c.shared_records)} shared records.", ""]
        out += [
            f"| metric | pairs | A | B | B \u2212 A [{100 * (1 - alpha):.0f}% CI] | Wilcoxon p |",
            "|---|---|---|---|---|---|",
        ]
        for d in c.differences:
            cells = [
                d.metric,
                str(d.n),
                "\u2014" if d.mean_a is None else f"{d.mean_a:.3f}",
                "\u2014" if d.mean_b is None else f"{d.mean_b:.3f}",
                format_difference(d),
                "\u2014" if d.p_value is None else f"{d.p_value:.3g}",
            ]
            if d.significant:
                cells[4], cells[5] = f"**{cells[4]}**", f"**{cells[5]}**"
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)
