"""The training schedule: a linear learning-rate decay that ends at the last step or at the time
budget, whichever comes first, and the budget's stop."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tod.training.hf_trainer import TimeBudget, budgeted_linear_factor


class FakeClock:
    """Seconds that the test sets."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_without_a_budget_the_schedule_is_the_linear_one_over_the_steps() -> None:
    budget = TimeBudget(0)
    factors = [budgeted_linear_factor(step, warmup_steps=2, total_steps=10, budget=budget) for step in range(11)]
    assert factors[:3] == [0.0, 0.5, 1.0]
    assert factors[6] == pytest.approx(0.5) and factors[10] == 0.0


def test_a_budget_that_runs_out_first_decays_the_rate_by_the_clock() -> None:
    clock = FakeClock()
    budget = TimeBudget(2, clock=clock)  # two minutes
    budget.on_train_begin(None, None, None)
    clock.now += 60  # half the budget, a tenth of the steps
    assert budgeted_linear_factor(100, warmup_steps=0, total_steps=1000, budget=budget) == pytest.approx(0.5)
    clock.now += 30
    assert budgeted_linear_factor(150, warmup_steps=0, total_steps=1000, budget=budget) == pytest.approx(0.25)
    # the steps decide where they run out first
    assert budgeted_linear_factor(900, warmup_steps=0, total_steps=1000, budget=budget) == pytest.approx(0.1)
    control = SimpleNamespace(should_evaluate=False, should_save=False, should_training_stop=False)
    budget.on_step_end(None, None, control)
    assert not control.should_training_stop
    clock.now += 30
    assert budgeted_linear_factor(200, warmup_steps=0, total_steps=1000, budget=budget) == 0.0
    budget.on_step_end(None, None, control)
    assert control.should_training_stop and control.should_evaluate and control.should_save


def test_the_budget_counts_nothing_before_training_begins() -> None:
    clock = FakeClock()
    budget = TimeBudget(1, clock=clock)
    clock.now += 600
    assert budget.spent() == 0.0
    assert budgeted_linear_factor(5, warmup_steps=0, total_steps=10, budget=budget) == pytest.approx(0.5)
