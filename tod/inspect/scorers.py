"""tod's metrics as inspect scorers, aggregated by inspect (``mean`` and ``stderr``).

Each scorer runs one metric family of :mod:`tod.evaluation.metrics` on the sample's
transcript (left by :mod:`tod.inspect.solver`) and its record, so a sample scores exactly
as in ``python -m tod.evaluate``. A value that does not apply to a sample (multiple choice
for a record without options, a family the record lacks, coverage in a reading condition,
BERTScore when turned off) is NaN, which inspect counts as unscored and leaves out of the
mean: the run-level means equal ``results.json``'s ``metrics`` and ``coverage_by_family``.

* ``diagnosis``: ``top1``, ``top3`` (with synonyms), ``mcq_correct``;
* ``coverage``: ``coverage`` and ``coverage_<family>`` for each fact family;
* ``communication``: ``turns``, ``questions``, ``questions_per_turn``,
  ``avg_response_words``, ``repeated_question_rate``;
* ``text_similarity``: ROUGE-1/2/L and BERTScore F1 of the diagnosis, basis and treatment
  answers and their averages (``rougeL_avg``...).
"""

from __future__ import annotations

import math
from typing import Any, Callable

import anyio
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState

from tod.env.rewards import FACT_FAMILIES
from tod.evaluation.metrics import EvalItem, score_items
from tod.evaluation.transcript import SUMMARY_FIELDS, Transcript
from tod.inspect.resources import metric_context, records_by_id
from tod.inspect.solver import TRANSCRIPT_KEY

DIAGNOSIS_KEYS = ("top1", "top3", "mcq_correct")
COVERAGE_KEYS = ("coverage", *(f"coverage_{family}" for family in FACT_FAMILIES))
COMMUNICATION_KEYS = ("turns", "questions", "questions_per_turn", "avg_response_words", "repeated_question_rate")
TEXT_KEYS = tuple(f"{kind}_{field}" for kind in ("rouge1", "rouge2", "rougeL", "bertscore")
                  for field in (*SUMMARY_FIELDS, "avg"))


def _number(value: Any) -> float:
    """A metric value as a float; ``None`` (not applicable) as NaN."""
    return math.nan if value is None else float(value)


def _metrics(keys: tuple[str, ...]) -> dict[str, list[Any]]:
    return {key: [mean(), stderr()] for key in keys}


def _family_scores(family: str, records: str, bertscore: bool, match_threshold: float,
                   values: Callable[[dict[str, Any]], dict[str, float]],
                   describe: Callable[[dict[str, Any]], tuple[str | None, str | None]]) -> Scorer:
    """A scorer that runs the metric ``family`` on the sample; ``values`` picks the score
    dict out of the family's per-item dict, ``describe`` its answer and explanation."""

    async def score(state: TaskState, target: Target) -> Score:
        transcript = Transcript.from_json(state.metadata[TRANSCRIPT_KEY])
        item = EvalItem(records_by_id(records)[transcript.record_id], transcript)
        context = metric_context(bertscore, match_threshold)
        result = (await anyio.to_thread.run_sync(lambda: score_items([item], context, [family])))[0]
        answer, explanation = describe(result)
        return Score(value=values(result), answer=answer, explanation=explanation)

    return score


@scorer(metrics=_metrics(DIAGNOSIS_KEYS))
def diagnosis_scores(records: str, bertscore: bool = True, match_threshold: float = 0.8) -> Scorer:
    """Top-1 / top-3 with synonyms and multiple choice (:mod:`tod.evaluation.metrics.diagnosis`)."""
    return _family_scores(
        "diagnosis", records, bertscore, match_threshold,
        lambda r: {key: _number(r[key]) for key in DIAGNOSIS_KEYS},
        lambda r: ((r["predicted"] or [None])[0], f"ranked: {r['predicted']}; hedged: {r['hedged']}"),
    )


@scorer(metrics=_metrics(COVERAGE_KEYS))
def coverage_scores(records: str, bertscore: bool = True, match_threshold: float = 0.8) -> Scorer:
    """Information coverage, overall and by fact family (:mod:`tod.evaluation.metrics.coverage`)."""
    return _family_scores(
        "coverage", records, bertscore, match_threshold,
        lambda r: {"coverage": _number(r["coverage"]),
                   **{f"coverage_{f}": _number(r["coverage_by_family"].get(f)) for f in FACT_FAMILIES}},
        lambda r: (None, f"{r['facts_elicited']} of {r['facts']} record facts elicited"),
    )


@scorer(metrics=_metrics(COMMUNICATION_KEYS))
def communication_scores(records: str, bertscore: bool = True, match_threshold: float = 0.8) -> Scorer:
    """Questions, turns and repeats (:mod:`tod.evaluation.metrics.communication`)."""
    return _family_scores(
        "communication", records, bertscore, match_threshold,
        lambda r: {key: _number(r[key]) for key in COMMUNICATION_KEYS},
        lambda r: (None, None),
    )


@scorer(metrics=_metrics(TEXT_KEYS))
def text_similarity_scores(records: str, bertscore: bool = True, match_threshold: float = 0.8) -> Scorer:
    """ROUGE and BERTScore of the closing answers (:mod:`tod.evaluation.metrics.text_similarity`)."""
    return _family_scores(
        "text_similarity", records, bertscore, match_threshold,
        lambda r: {key: _number(r.get(key)) for key in TEXT_KEYS},
        lambda r: (None, None),
    )


def tod_scorers(records: str, bertscore: bool = True, match_threshold: float = 0.8) -> list[Scorer]:
    """The four scorers of the records file ``records``, in the order of the evaluator's report."""
    return [factory(records, bertscore, match_threshold) for factory in
            (diagnosis_scores, coverage_scores, communication_scores, text_similarity_scores)]
