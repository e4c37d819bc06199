"""Diagnostic quality as text similarity (MMD-Eval Tables 5 and 12).

The doctor's closing answers (diagnosis, basis, treatment) are compared with the record's
reference answers by ROUGE-1/2/L F1 (``rouge-score``, Porter stemming) and BERTScore F1
(``bert-score`` on a local encoder, see :class:`~tod.evaluation.metrics.base.MetricContext`).

Keys: ``rouge1_diagnosis`` ... ``rougeL_treatment``, ``bertscore_diagnosis`` ...; the
``*_avg`` keys average the three fields. An empty answer scores 0 (it is a missing answer,
not a missing measurement). With BERTScore switched off its keys are ``None``.
"""

from __future__ import annotations

from typing import Any, Sequence

from tod.evaluation.metrics.base import EvalItem, MetricContext, register
from tod.evaluation.transcript import SUMMARY_FIELDS

ROUGE_TYPES: tuple[str, ...] = ("rouge1", "rouge2", "rougeL")


def reference_answer(item: EvalItem, name: str) -> str:
    """The reference text for summary field ``name``."""
    return str(getattr(item.record.reference, name))


def rouge_scores(candidates: Sequence[str], references: Sequence[str]) -> list[dict[str, float]]:
    """ROUGE-1/2/L F1 of each candidate against its reference (0 for an empty candidate)."""
    from rouge_score.rouge_scorer import RougeScorer

    scorer = RougeScorer(list(ROUGE_TYPES), use_stemmer=True)
    out = []
    for candidate, reference in zip(candidates, references, strict=True):
        if not candidate.strip():
            out.append({name: 0.0 for name in ROUGE_TYPES})
            continue
        scores = scorer.score(reference, candidate)
        out.append({name: float(scores[name].fmeasure) for name in ROUGE_TYPES})
    return out


def bertscore_f1(candidates: Sequence[str], references: Sequence[str], context: MetricContext) -> list[float]:
    """BERTScore F1 of each candidate against its reference (0 for an empty candidate)."""
    scored = [i for i, c in enumerate(candidates) if c.strip()]
    values = [0.0] * len(candidates)
    if scored:
        _, _, f1 = context.bert_scorer.score([candidates[i] for i in scored], [references[i] for i in scored])
        for i, value in zip(scored, f1.tolist()):
            values[i] = float(value)
    return values


@register("text_similarity")
def text_similarity(items: Sequence[EvalItem], context: MetricContext) -> list[dict[str, Any]]:
    """ROUGE and BERTScore of the closing answers, per field and averaged."""
    results: list[dict[str, Any]] = [{} for _ in items]
    for name in SUMMARY_FIELDS:
        candidates = [item.transcript.summary_answers.get(name, "") for item in items]
        references = [reference_answer(item, name) for item in items]
        for result, rouge in zip(results, rouge_scores(candidates, references)):
            for kind, value in rouge.items():
                result[f"{kind}_{name}"] = value
        bert = bertscore_f1(candidates, references, context) if context.bertscore and items else [None] * len(items)
        for result, value in zip(results, bert):
            result[f"bertscore_{name}"] = value
    for result in results:
        for kind in (*ROUGE_TYPES, "bertscore"):
            values = [result[f"{kind}_{name}"] for name in SUMMARY_FIELDS]
            result[f"{kind}_avg"] = None if None in values else sum(values) / len(values)
    return results
