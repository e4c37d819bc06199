"""Diagnosis-matcher benchmark: tod's top-1 matcher against CRAFT-MD's clinician-validated grader.

    .venv/bin/python -m eval.bench_grader --output-dir eval/results
    .venv/bin/python -m eval.bench_grader --records craftmd.jsonl   # synonyms from imported records
    .venv/bin/python -m eval.bench_grader --limit 500               # tiny

Reads at run time ``../shared/data/craftmd/graded_answers.jsonl`` (46,904 free-text diagnoses
by four LLM doctors under four conditions, each with the grader's verdict: 1 = the same
diagnosis as the correct answer; synonyms count, a subtype of the answer does not) and
``cases.csv`` (the four options of each case). Every answer is scored the way the evaluator
scores a consultation: :func:`~tod.evaluation.metrics.diagnosis.parse_candidates` on the raw
answer, then :func:`~tod.evaluation.metrics.diagnosis.match_rule` on the top-1 candidate with
the correct answer (plus the synonyms of the imported record, ``--records``) as the aliases and
the other three options (or the record's alternatives) as the alternatives.

Reported: agreement with the grader and Cohen's kappa (``sklearn.metrics.cohen_kappa_score``)
overall, per condition and per doctor model (targets: agreement >= 95%, kappa >= 0.80), which
matching rule accepted the answers, and every disagreement sorted into one kind:

* **parsing failure**: tod's top-1 is not the diagnosis the grader read: tod found none where
  the grader found one the matcher accepts, or tod took the first of several hedged diagnoses
  (or a non-diagnosis) where the grader found no single diagnosis ("multiple" / "none");
* **subtype accepted**: tod accepted a candidate that contains the answer with more words,
  or differs from it in qualifiers ("acute", "neonatal", ...);
* **embedding false match**: tod accepted a candidate by sentence-encoder similarity alone;
* **synonym missed**: the grader accepted what tod read but did not match: another name of
  the answer (the imported record's synonyms supply these), a more general name, or a disease
  named for an answer key that is a finding or a test;
* **other**: tod's candidate equals the answer (up to word order, plurals, ...) but the
  grader said no, mostly because it found no diagnosis in the answer ("none").

Examples are listed by id (and with ``--show-texts`` with the strings: keep such output out of
the repository). Embeddings of the distinct strings are computed once (timed apart). Writes
``grader.md`` and ``grader.json`` into ``--output-dir``.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from eval import common
from eval.machine import format_machine
from tod.evaluation.metrics.base import MetricContext
from tod.evaluation.metrics.diagnosis import match_rule, names, normalise, parse_answer

CRAFTMD_DIR = common.SHARED_DATA / "craftmd"
ANSWER_FIELDS = ("id", "case_id", "doctor_model", "condition", "answer_text", "extracted", "correct_answer", "verdict")
CASE_COLUMNS = ("case_id", "choice_1", "choice_2", "choice_3", "choice_4", "answer")
TARGETS = {"agreement": 0.95, "kappa": 0.80}
KINDS = ("parsing failure", "subtype accepted", "embedding false match", "synonym missed", "other")
#: What the grader extracts when an answer names no single diagnosis.
NO_SINGLE_DIAGNOSIS = ("multiple", "none")
_CASE_ID = re.compile(r"case_\d+$")


class InputError(ValueError):
    """Bad input: the message names the file, the line or row and the field."""


@dataclass(frozen=True)
class GradedAnswer:
    """One row of ``graded_answers.jsonl``."""

    id: str
    case_id: str
    doctor_model: str
    condition: str
    answer_text: str
    extracted: str
    correct_answer: str
    verdict: int


@dataclass(frozen=True)
class Scored:
    """A graded answer with tod's top-1 diagnosis (its first name; ``""`` when none was
    parsed), whether the answer hedged, the rule that accepted the top-1 (``None``: not
    accepted) and the rule that would accept the grader's own extraction."""

    answer: GradedAnswer
    top1: str
    hedged: bool
    rule: str | None
    extracted_rule: str | None

    @property
    def tod(self) -> int:
        """tod's verdict (1 = a committed top-1 diagnosis that names the correct answer)."""
        return int(self.rule is not None and not self.hedged)


def load_answers(path: str | Path, limit: int = 0) -> list[GradedAnswer]:
    """The graded answers of ``path`` (the first ``limit`` when > 0).

    Raises:
        InputError: a line that is not a JSON object, lacks a field, or has a verdict not 0/1.
    """
    out = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{number}: not JSON ({exc.msg})") from None
            missing = [f for f in ANSWER_FIELDS if not isinstance(row, dict) or f not in row]
            if missing:
                raise InputError(f"{path}:{number}: field {missing[0]!r} is missing")
            if row["verdict"] not in (0, 1):
                raise InputError(f"{path}:{number}: field 'verdict' is {row['verdict']!r}, not 0 or 1")
            out.append(GradedAnswer(**{f: row[f] if f == "verdict" else str(row[f]) for f in ANSWER_FIELDS}))
            if 0 < limit <= len(out):
                break
    return out


def load_alternatives(path: str | Path) -> tuple[dict[str, list[str]], list[str]]:
    """Each case's options other than its answer, by case id (from ``cases.csv``), and the
    ids of the cases whose answer is none of their options after :func:`normalise` (a
    synonym of one, as "Henoch-Schonlein" for "IgA vasculitis"): those get no alternatives,
    since no option can be told apart from the answer.

    Raises:
        InputError: a missing column.
    """
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = [c for c in CASE_COLUMNS if c not in (reader.fieldnames or ())]
        if missing:
            raise InputError(f"{path}: column {missing[0]!r} is missing")
        out, unmatched = {}, []
        for row in reader:
            options = [row[f"choice_{i}"].strip() for i in range(1, 5)]
            others = [o for o in options if normalise(o) != normalise(row["answer"])]
            if len(others) == len(options):
                unmatched.append(row["case_id"])
                others = []
            out[row["case_id"]] = others
    return out, unmatched


def load_record_references(path: str | Path) -> dict[str, tuple[list[str], list[str]]]:
    """Synonyms and alternatives of imported CRAFT-MD records, by the case id that ends
    each record's id ("case_12" or "craftmd/case_12")."""
    from tod.records.io import load_records

    out = {}
    for record in load_records(path):
        found = _CASE_ID.search(record.id)
        if found:
            out[found.group()] = (list(record.reference.synonyms), list(record.reference.alternatives))
    return out


def score(answers: Sequence[GradedAnswer], alternatives: dict[str, list[str]],
          references: dict[str, tuple[list[str], list[str]]], context: MetricContext) -> list[Scored]:
    """tod's top-1 verdict on each answer, and its verdict on the grader's extraction."""
    out = []
    for answer in answers:
        synonyms, record_alternatives = references.get(answer.case_id, ([], []))
        aliases = [answer.correct_answer, *synonyms]
        others = record_alternatives or alternatives.get(answer.case_id, [])
        parsed = parse_answer(answer.answer_text)
        first = parsed.diagnoses[0] if parsed.diagnoses else ()
        extracted = "" if answer.extracted.strip().lower() in NO_SINGLE_DIAGNOSIS else answer.extracted
        out.append(Scored(answer, first[0] if first else "", parsed.hedged,
                          match_rule(first, aliases, others, context) if first else None,
                          match_rule(extracted, aliases, others, context)))
    return out


def disagreement_kind(scored: Scored) -> str:
    """The kind of a disagreement between tod and the grader (see the module docstring)."""
    extracted = scored.answer.extracted.strip().lower()
    if scored.tod:
        if extracted == "multiple":
            return "parsing failure"
        if scored.rule in ("exact", "equivalent") and extracted == "none":
            return "other"
        return {"equivalent": "subtype accepted", "contains": "subtype accepted",
                "embedding": "embedding false match"}.get(scored.rule or "", "other")
    if scored.extracted_rule is not None and (scored.hedged or normalise(scored.top1) != normalise(extracted)):
        return "parsing failure"
    return "synonym missed"


def agreement_table(pairs: Iterable[tuple[str, int, int]]) -> dict[str, dict[str, float | int | None]]:
    """Agreement and Cohen's kappa per group of ``(group, grader, tod)`` verdicts.

    Each group gets ``n``, ``agreement``, ``kappa`` (``None`` when undefined: one verdict
    only), the grader's and tod's accuracy (share of 1s), and the counts of the two kinds of
    disagreement (``tod_only``: tod 1, grader 0; ``grader_only``: the reverse).
    """
    from sklearn.metrics import cohen_kappa_score

    groups: dict[str, tuple[list[int], list[int]]] = defaultdict(lambda: ([], []))
    for group, grader, tod in pairs:
        groups[group][0].append(grader)
        groups[group][1].append(tod)
    table = {}
    for group, (grader, tod) in groups.items():
        n = len(grader)
        undefined = len(set(grader) | set(tod)) < 2
        table[group] = {
            "n": n,
            "agreement": sum(g == t for g, t in zip(grader, tod)) / n,
            "kappa": None if undefined else float(cohen_kappa_score(grader, tod)),
            "grader_accuracy": sum(grader) / n,
            "tod_accuracy": sum(tod) / n,
            "tod_only": sum(t and not g for g, t in zip(grader, tod)),
            "grader_only": sum(g and not t for g, t in zip(grader, tod)),
        }
    return table


def summarise(rows: Sequence[Scored], examples: int, show_texts: bool) -> dict:
    """Agreement tables (overall, per condition, per model, per both), rule counts and the
    disagreements by kind with up to ``examples`` example ids (strings with ``show_texts``)."""
    verdicts = [(r.answer, r.answer.verdict, r.tod) for r in rows]
    tables = {
        "overall": agreement_table(("all", g, t) for _, g, t in verdicts)["all"],
        "condition": agreement_table((a.condition, g, t) for a, g, t in verdicts),
        "doctor_model": agreement_table((a.doctor_model, g, t) for a, g, t in verdicts),
        "condition_x_model": agreement_table((f"{a.condition} / {a.doctor_model}", g, t) for a, g, t in verdicts),
    }
    kinds: dict[str, dict] = {kind: {"tod_only": 0, "grader_only": 0, "examples": []} for kind in KINDS}
    for row in rows:
        if row.tod == row.answer.verdict:
            continue
        entry = kinds[disagreement_kind(row)]
        entry["tod_only" if row.tod else "grader_only"] += 1
        if len(entry["examples"]) < examples:
            example = {"id": row.answer.id, "tod": row.tod, "rule": row.rule}
            if show_texts:
                example.update(top1=row.top1, extracted=row.answer.extracted, correct=row.answer.correct_answer)
            entry["examples"].append(example)
    return {
        **tables,
        "rules": dict(Counter("hedged" if r.hedged else r.rule or "no match" for r in rows)),
        "no_candidate": sum(not r.top1 for r in rows),
        "disagreements": kinds,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", default=str(CRAFTMD_DIR / "graded_answers.jsonl"))
    parser.add_argument("--cases", default=str(CRAFTMD_DIR / "cases.csv"))
    parser.add_argument("--records", default=None, help="imported CRAFT-MD records (tod.records) for synonyms")
    parser.add_argument("--limit", type=int, default=0, help="score only the first N answers")
    parser.add_argument("--examples", type=int, default=8, help="example ids listed per disagreement kind")
    parser.add_argument("--match-threshold", type=float, default=MetricContext.match_threshold)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (0 = torch's default)")
    parser.add_argument("--output-dir", default=common.DEFAULT_OUTPUT)
    parser.add_argument("--show-texts", action="store_true",
                        help="add the parsed, extracted and correct diagnoses to the examples "
                             "(CRAFT-MD texts: keep such output out of the repository)")
    args = parser.parse_args(argv)
    info, started = common.begin(args.threads)
    try:
        answers = load_answers(args.answers, args.limit)
        alternatives, unmatched = load_alternatives(args.cases)
        references = load_record_references(args.records) if args.records else {}
    except (InputError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    context = MetricContext(bertscore=False, match_threshold=args.match_threshold)

    t0 = time.perf_counter()
    context.encoder.encode(sorted(_distinct_strings(answers, alternatives, references), key=len))  # less padding
    embed_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    rows = score(answers, alternatives, references, context)
    score_seconds = time.perf_counter() - t0

    result = {
        "benchmark": "grader",
        "machine": info,
        "settings": {k: v for k, v in vars(args).items() if k != "output_dir"},
        "answers": len(rows),
        "record_synonyms_for_cases": len(references),
        "cases_without_answer_option": unmatched,
        **summarise(rows, args.examples, args.show_texts),
        "seconds": {"embedding": embed_seconds, "matching": score_seconds, "total": time.perf_counter() - started},
    }
    result["targets"] = {name: result["overall"][name] is not None and result["overall"][name] >= target
                         for name, target in TARGETS.items()}
    text = _markdown(result)
    common.write_outputs(args.output_dir, "grader", result, text)
    print(text)
    return 0


def _distinct_strings(answers: Sequence[GradedAnswer], alternatives: dict[str, list[str]],
                      references: dict[str, tuple[list[str], list[str]]]) -> set[str]:
    """Every normalised string the matcher may embed: candidates, extractions, aliases and alternatives."""
    texts = set()
    for answer in answers:
        synonyms, record_alternatives = references.get(answer.case_id, ([], []))
        parsed = parse_answer(answer.answer_text)
        texts.update(parsed.diagnoses[0] if parsed.diagnoses else ())
        texts.update((answer.extracted, answer.correct_answer, *synonyms, *record_alternatives,
                      *alternatives.get(answer.case_id, [])))
    return {normalise(n) for text in texts for n in names(text)} - {""}


def _table(groups: dict[str, dict]) -> str:
    return common.markdown_table(
        ("group", "n", "agreement", "kappa", "grader acc.", "tod acc.", "tod 1 / grader 0", "tod 0 / grader 1"),
        ((name, g["n"], common.pct(g["agreement"]), "n/a" if g["kappa"] is None else f"{g['kappa']:.3f}",
          common.pct(g["grader_accuracy"]), common.pct(g["tod_accuracy"]), g["tod_only"], g["grader_only"])
         for name, g in sorted(groups.items())),
    )


def _markdown(result: dict) -> str:
    overall, seconds = result["overall"], result["seconds"]
    kinds = result["disagreements"]
    lines = [
        "# Diagnosis matcher vs CRAFT-MD's grader",
        "",
        format_machine(result["machine"]),
        "",
        f"{result['answers']} graded answers; synonyms from imported records for "
        f"{result['record_synonyms_for_cases']} cases; cases whose answer is none of their options (no alternatives): "
        f"{', '.join(result['cases_without_answer_option']) or 'none'}; "
        f"match threshold {result['settings']['match_threshold']}; "
        f"{seconds['total']:.1f} s in all ({seconds['embedding']:.1f} s embedding the distinct strings, "
        f"{seconds['matching']:.1f} s parsing and matching).",
        "",
        common.markdown_table(("target", "value", "met"), (
            ("agreement >= 95%", common.pct(overall["agreement"]), common.mark(result["targets"]["agreement"])),
            ("Cohen's kappa >= 0.80", "n/a" if overall["kappa"] is None else f"{overall['kappa']:.3f}",
             common.mark(result["targets"]["kappa"])),
        )),
        "",
        "## Overall",
        "",
        _table({"all": overall}),
        "",
        "## Per condition",
        "",
        _table(result["condition"]),
        "",
        "## Per doctor model",
        "",
        _table(result["doctor_model"]),
        "",
        "## Per condition and doctor model",
        "",
        _table(result["condition_x_model"]),
        "",
        "## Disagreements by kind",
        "",
        common.markdown_table(("kind", "tod 1 / grader 0", "tod 0 / grader 1", "examples (ids)"), (
            (kind, k["tod_only"], k["grader_only"], ", ".join(e["id"] for e in k["examples"]) or "-")
            for kind, k in kinds.items()
        )),
        "",
        "Rules that accepted the top-1 candidate: "
        + ", ".join(f"{rule} {count}" for rule, count in sorted(result["rules"].items()))
        + f"; answers with no candidate parsed: {result['no_candidate']} (hedged: the first diagnosis offered as one "
        "of alternatives, no top-1).",
    ]
    if any("top1" in e for k in kinds.values() for e in k["examples"]):
        lines += ["", "## Examples", ""]
        lines += [f"- {kind}: {e['id']}: tod {e['top1']!r} ({e['rule'] or 'no match'}), grader {e['extracted']!r}, "
                  f"answer {e['correct']!r}" for kind, k in kinds.items() for e in k["examples"]]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
