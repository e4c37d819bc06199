"""NLU accuracy as in MMD-Eval Tables 2 and 13.

* intents: micro/macro precision, recall, F1 and per-intent F1 (scikit-learn, multi-label);
* slot keys: micro F1 over the set of slot names per turn;
* slots: micro F1 over (slot, value) pairs, where a prediction matches a gold pair of the same
  slot when one normalised value contains the other (matched one-to-one);
* slot values: ROUGE-1 and ROUGE-L F of the linearised slot lists (rouge-score), averaged over
  turns where gold or prediction has a slot;
* empty turns: share of turns with no gold intent that are predicted with no intent.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

import numpy as np
from rouge_score import rouge_scorer
from sklearn.metrics import f1_score, precision_recall_fscore_support

from tod.nlu.linearize import EMPTY, linearize_slots
from tod.schema import INTENTS, SLOTS

Slots = dict[str, list[str]]


def _normalise(value: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", value.lower()).split())


def _multi_hot(rows: Sequence[Sequence[str]]) -> np.ndarray:
    index = {n: i for i, n in enumerate(INTENTS)}
    matrix = np.zeros((len(rows), len(INTENTS)), dtype=int)
    for r, names in enumerate(rows):
        for name in names:
            matrix[r, index[name]] = 1
    return matrix


def intent_scores(gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]]) -> dict[str, object]:
    """Micro and macro P/R/F1 and per-intent F1 (intents absent from gold and prediction are
    left out of the macro average and reported as None)."""
    y_true, y_pred = _multi_hot(gold), _multi_hot(pred)
    micro = precision_recall_fscore_support(y_true, y_pred, average="micro", zero_division=0)
    present = [j for j in range(len(INTENTS)) if y_true[:, j].any() or y_pred[:, j].any()]
    macro = precision_recall_fscore_support(y_true[:, present], y_pred[:, present], average="macro",
                                            zero_division=0) if present else (0.0, 0.0, 0.0, None)
    per_intent = f1_score(y_true, y_pred, average=None, zero_division=0)
    return {
        "micro_precision": float(micro[0]), "micro_recall": float(micro[1]), "micro_f1": float(micro[2]),
        "macro_precision": float(macro[0]), "macro_recall": float(macro[1]), "macro_f1": float(macro[2]),
        "per_intent_f1": {INTENTS[j]: (float(per_intent[j]) if j in present else None) for j in range(len(INTENTS))},
        "support": {INTENTS[j]: int(y_true[:, j].sum()) for j in range(len(INTENTS))},
    }


def _f1(tp: int, n_pred: int, n_gold: int) -> dict[str, float]:
    p = tp / n_pred if n_pred else (1.0 if not n_gold else 0.0)
    r = tp / n_gold if n_gold else (1.0 if not n_pred else 0.0)
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}


def count_value_matches(gold: Slots, pred: Slots) -> int:
    """One-to-one matches of predicted to gold pairs: same slot, one normalised value contains the other."""
    matches = 0
    for slot in SLOTS:
        remaining = [_normalise(v) for v in gold.get(slot, [])]
        for value in (_normalise(v) for v in pred.get(slot, [])):
            hit = next((g for g in remaining if value and g and (value in g or g in value)), None)
            if hit is not None:
                remaining.remove(hit)
                matches += 1
    return matches


def slot_scores(gold: Sequence[Slots], pred: Sequence[Slots]) -> dict[str, object]:
    """Slot-key F1, slot (value) F1 and ROUGE-1/L of values."""
    key_tp = key_pred = key_gold = val_tp = val_pred = val_gold = 0
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"])
    rouge1, rouge_l = [], []
    for g, p in zip(gold, pred):
        gk, pk = {k for k, v in g.items() if v}, {k for k, v in p.items() if v}
        key_tp, key_pred, key_gold = key_tp + len(gk & pk), key_pred + len(pk), key_gold + len(gk)
        val_tp += count_value_matches(g, p)
        val_pred += sum(len(v) for v in p.values())
        val_gold += sum(len(v) for v in g.values())
        lg, lp = linearize_slots(g), linearize_slots(p)
        if lg != EMPTY or lp != EMPTY:
            score = scorer.score(lg, lp)
            rouge1.append(score["rouge1"].fmeasure)
            rouge_l.append(score["rougeL"].fmeasure)
    return {
        "slot_key": _f1(key_tp, key_pred, key_gold),
        "slot": _f1(val_tp, val_pred, val_gold),
        "value_rouge1": float(np.mean(rouge1)) if rouge1 else 1.0,
        "value_rougeL": float(np.mean(rouge_l)) if rouge_l else 1.0,
    }


def empty_turn_accuracy(gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]]) -> float | None:
    """Share of gold no-question turns predicted with no intent (None if there are none)."""
    empty = [not p for g, p in zip(gold, pred) if not g]
    return sum(empty) / len(empty) if empty else None


def confusion_pairs(gold: Sequence[Sequence[str]], pred: Sequence[Sequence[str]], *, top: int = 10) -> list[dict[str, object]]:
    """The most frequent intent confusions: in a turn, a gold intent the prediction missed
    paired with an intent it predicted that is not gold (``missed -> predicted``); a miss
    with no wrong intent beside it pairs with ``-`` and so does a wrong intent with no miss."""
    counts: Counter[tuple[str, str]] = Counter()
    for g, p in zip(gold, pred):
        missed, extra = sorted(set(g) - set(p)), sorted(set(p) - set(g))
        for m in missed:
            counts.update((m, e) for e in (extra or ["-"]))
        if not missed:
            counts.update(("-", e) for e in extra)
    return [{"gold": a, "predicted": b, "turns": n} for (a, b), n in counts.most_common(top)]


def nlu_report(gold_intents: Sequence[Sequence[str]], pred_intents: Sequence[Sequence[str]],
               gold_slots: Sequence[Slots], pred_slots: Sequence[Slots]) -> dict[str, object]:
    """All NLU metrics for one evaluation set."""
    return {
        "turns": len(gold_intents),
        "intents": intent_scores(gold_intents, pred_intents),
        "slots": slot_scores(gold_slots, pred_slots),
        "empty_turn_accuracy": empty_turn_accuracy(gold_intents, pred_intents),
        "confusions": confusion_pairs(gold_intents, pred_intents),
    }


def format_report(name: str, report: dict[str, object]) -> str:
    """A Markdown table of a :func:`nlu_report` (MMD-Eval Table 2/13 layout)."""
    it, sl = report["intents"], report["slots"]  # type: ignore[index]
    empty = report["empty_turn_accuracy"]
    lines = [
        f"### {name} ({report['turns']} turns)", "",
        "| metric | P | R | F1 |", "|---|---|---|---|",
        f"| intent micro | {it['micro_precision']:.3f} | {it['micro_recall']:.3f} | {it['micro_f1']:.3f} |",
        f"| intent macro | {it['macro_precision']:.3f} | {it['macro_recall']:.3f} | {it['macro_f1']:.3f} |",
        f"| slot key | {sl['slot_key']['precision']:.3f} | {sl['slot_key']['recall']:.3f} | {sl['slot_key']['f1']:.3f} |",
        f"| slot (value contained) | {sl['slot']['precision']:.3f} | {sl['slot']['recall']:.3f} | {sl['slot']['f1']:.3f} |",
        "", f"slot value ROUGE-1 {sl['value_rouge1']:.3f}, ROUGE-L {sl['value_rougeL']:.3f}; "
        f"empty-turn accuracy {'n/a' if empty is None else f'{empty:.3f}'}", "",
        "| intent | support | F1 |", "|---|---|---|",
    ]
    for name_, f1 in it["per_intent_f1"].items():
        lines.append(f"| {name_} | {it['support'][name_]} | {'-' if f1 is None else f'{f1:.3f}'} |")
    confusions = report.get("confusions") or []
    if confusions:
        lines += ["", "Most frequent confusions (gold intent missed -> intent predicted instead; - = none):", "",
                  "| gold | predicted | turns |", "|---|---|---|"]
        lines += [f"| {c['gold']} | {c['predicted']} | {c['turns']} |" for c in confusions]  # type: ignore[index]
    return "\n".join(lines)
