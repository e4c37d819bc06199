"""Paired comparison statistics on hand-made paired data (tod.evaluation.paired)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tod.evaluation.paired import compare_paired, paired_bootstrap_ci, paired_difference, wilcoxon_p


def exact_wilcoxon_p(diffs: list[float]) -> float:
    """Two-sided exact signed-rank p-value by enumerating every sign assignment (no ties, no zeros)."""
    ranks = np.argsort(np.argsort(np.abs(diffs))) + 1
    observed = sum(r for r, d in zip(ranks, diffs) if d > 0)
    n = len(diffs)
    total = n * (n + 1) / 2
    stat = min(observed, total - observed)
    sums = [sum(r for r, s in zip(ranks, signs) if s) for signs in itertools.product((0, 1), repeat=n)]
    return min(1.0, 2 * sum(1 for s in sums if s <= stat) / len(sums))


def test_all_pairs_improving_is_significant_with_the_exact_p_value() -> None:
    a = [0.0] * 10
    b = [float(i) for i in range(1, 11)]
    d = paired_difference("coverage", a, b, resamples=2000)
    assert d.n == 10 and d.difference == pytest.approx(5.5)
    assert d.p_value == pytest.approx(2 / 2**10)  # every sign positive: 2 of the 1024 assignments are as extreme
    assert d.significant
    assert 0 < d.low < 5.5 < d.high <= 10


def test_the_p_value_matches_an_enumeration_of_sign_assignments() -> None:
    diffs = [0.5, -1.5, 2.5, 3.5, -4.5, 5.5, 6.5, 7.5, -8.5, 9.5, 10.5]
    a = [10.0] * len(diffs)
    b = [10.0 + x for x in diffs]
    expected = exact_wilcoxon_p(diffs)
    assert wilcoxon_p(a, b) == pytest.approx(expected)
    assert 0.05 < expected < 0.5  # a mixed sample: not significant
    assert not paired_difference("turns", a, b).significant


def test_equal_pairs_and_too_few_pairs() -> None:
    same = paired_difference("top1", [1.0, 0.0, 1.0], [1.0, 0.0, 1.0])
    assert same.p_value == 1.0 and not same.significant and (same.low, same.high) == (0.0, 0.0)
    one = paired_difference("top1", [0.0], [1.0])
    assert one.p_value is None and not one.significant and one.difference == 1.0
    empty = paired_difference("top1", [], [])
    assert empty.n == 0 and empty.difference is None and not empty.significant


def test_the_bootstrap_resamples_pairs_not_runs() -> None:
    # Large between-record spread, constant within-pair difference: the paired interval is a point.
    a = [0.0, 10.0, 20.0, 30.0, 40.0]
    b = [x + 2.0 for x in a]
    assert paired_bootstrap_ci(a, b, resamples=500) == (2.0, 2.0)
    with pytest.raises(ValueError, match="equal length"):
        paired_bootstrap_ci([1.0], [1.0, 2.0])


def test_rows_are_paired_by_record_id_and_failed_or_undefined_rows_are_left_out() -> None:
    rows_a = [
        {"record_id": "r1", "status": "ok", "top1": 0.0, "coverage": 0.2},
        {"record_id": "r2", "status": "ok", "top1": 1.0, "coverage": None},
        {"record_id": "r3", "status": "ok", "top1": 0.0, "coverage": 0.4},
        {"record_id": "r4", "status": "failed", "error": "x"},
    ]
    rows_b = [  # other order, r1 failed in b, r4 scored only in b
        {"record_id": "r3", "status": "ok", "top1": 1.0, "coverage": 0.9},
        {"record_id": "r2", "status": "ok", "top1": 1.0, "coverage": 0.5},
        {"record_id": "r1", "status": "failed", "error": "y"},
        {"record_id": "r4", "status": "ok", "top1": 1.0, "coverage": 1.0},
    ]
    top1, coverage = compare_paired(rows_a, rows_b, ["top1", "coverage"])
    assert top1.n == 2 and top1.mean_a == 0.5 and top1.mean_b == 1.0 and top1.difference == 0.5  # r2, r3
    assert coverage.n == 1 and coverage.difference == pytest.approx(0.5) and coverage.p_value is None  # r3 only
