"""Replies to real doctor turns: completeness, false denials, unasked answers, patterns.

    .venv/bin/python -m eval.bench_replies                                   # gold labels only
    .venv/bin/python -m eval.bench_replies --checkpoint checkpoints/default  # and NLU parses
    .venv/bin/python -m eval.bench_replies --limit 300 --agentclinic-limit 20  # tiny
    .venv/bin/python -m eval.bench_replies --every 5 --lexical-only           # a fifth of the turns, no encoder

The doctor turns are the labelled CRAFT-MD messages of the NLU issue (``annotations/craftmd/``
labels, joined at run time with their texts from ``../shared/data/craftmd``, as
``tod.train`` does). Each turn is put to a **fresh patient** of one embedded record
(``records/default.jsonl``) and of one imported AgentClinic record (the record chosen by a
stable hash of the turn id; persona ``PERSONAS[i % 6]``, seed i), with its gold parse and,
with ``--checkpoint``, with the NLU's parse. Per reply (see ``eval/reply_checks.py``):

* **completeness**: gold schema intents the reply answers (the agent's ``answered``) over
  gold schema intents; and turns that carry a final-diagnosis line *and* a question, all of
  whose gold intents are answered;
* **false denials**: a denial whose item (or, for a blanket denial, whose family) matches a
  present record fact of the asked family, or names a category one of the record's present
  facts belongs to (``templates/synonyms.yaml`` categories); the patient's denials of
  symptoms the record does not mention (``absent_unrecorded`` statements) are checked the
  same way, and counted apart as **unrecorded symptoms denied** (items);
* **unasked intents answered**: intents the reply answers that the gold labels do not ask
  (NLU parses only: with gold parses the policy answers the gold intents by construction);
* **pattern violations**: label dumps, pronoun leftovers, note form, doubled words,
  repeated sentences, stacked hedges, echoed non-items;
* **latency**: the patient's reply to a gold parse (policy, NLG, guard), p50 / p95 ms.

Writes ``replies_<name>.md`` / ``.json`` into ``--output-dir`` with counts, shares, and up
to ``--examples`` example ids per check (ids only, no CRAFT-MD text, unless ``--show-texts``).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from eval import common
from eval.reply_checks import PATTERNS, Categories, false_denial, pattern_violations
from tod.craftmd.conversations import DEFAULT_SOURCE
from tod.nlu.annotations import AnnotatedTurn
from tod.nlu.types import TurnParse
from tod.patient.acts import IntentAnswer
from tod.patient.facts import field_texts, resolve
from tod.patient.manager import is_end_signal
from tod.patient.matching import body_regions
from tod.records.model import Record, Status, Symptom

DEFAULT_LABELS = "annotations/craftmd/labels/*.jsonl,annotations/craftmd/adjudicated.jsonl"
#: The list fields whose present facts a denial may contradict outside the asked family
#: (through a category only: "activity" -> "stopped exercising" in the living habits).
_ALL_LISTS = ("symptoms", "history.physical_changes", "history.past_diagnoses", "history.medications",
              "history.current_treatment", "history.allergies", "history.exposures", "history.family_history",
              "history.trauma_surgery", "history.vaccinations", "social.living_habits", "social.sexual_history",
              "social.reproductive_history")
#: Denials of unrecorded symptoms (the policy's ``absent_unrecorded`` variants): checked like
#: any denial of named items, and counted apart.
UNRECORDED_DENIALS = ("absent_unrecorded", "absent_unrecorded_unchanged", "absent_unrecorded_many",
                      "absent_unrecorded_others")
_DENIALS = {"denied_asked": False, "denied_unchanged": False, "denied_all": True, "nothing_else": True,
            **dict.fromkeys(UNRECORDED_DENIALS, False)}


class _NoParser:
    """The parser of a patient that is always handed its parse."""

    def parse(self, text: str) -> TurnParse:  # pragma: no cover - never called
        raise RuntimeError("bench_replies hands every turn its parse")

    def parse_batch(self, texts: Sequence[str]) -> list[TurnParse]:  # pragma: no cover
        raise RuntimeError("bench_replies hands every turn its parse")


def _machine() -> dict[str, object]:
    from eval.machine import machine_info

    common.quiet()
    return machine_info()


def stable_index(key: str, size: int) -> int:
    """A record index for ``key`` that does not depend on the run (sha256)."""
    return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % size


@dataclass
class Tally:
    """Counts of one (record set, parse kind)."""

    replies: int = 0
    gold_intents: int = 0
    answered: int = 0
    diagnosis_turns: int = 0
    diagnosis_answered: int = 0
    false_denials: int = 0
    unrecorded_denied: int = 0
    unasked_replies: int = 0
    unasked_intents: Counter = field(default_factory=Counter)
    violating_replies: int = 0
    patterns: Counter = field(default_factory=Counter)
    missed: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    latency_ms: list[float] = field(default_factory=list)

    def example(self, check: str, text: str, limit: int) -> None:
        if len(self.examples[check]) < limit:
            self.examples[check].append(text)

    def to_json(self) -> dict[str, object]:
        return {
            "replies": self.replies,
            "completeness": common.share(self.answered, self.gold_intents),
            "gold_intents": self.gold_intents,
            "answered": self.answered,
            "missed_by_intent": dict(self.missed.most_common()),
            "diagnosis_turns_with_question": self.diagnosis_turns,
            "diagnosis_turns_answered": self.diagnosis_answered,
            "false_denials": self.false_denials,
            "unrecorded_symptoms_denied": self.unrecorded_denied,
            "replies_with_unasked_intents": self.unasked_replies,
            "unasked_intents": dict(self.unasked_intents.most_common()),
            "replies_with_pattern_violations": self.violating_replies,
            "pattern_violation_share": common.share(self.violating_replies, self.replies),
            "patterns": {p: self.patterns[p] for p in PATTERNS},
            "latency_ms": common.percentiles(self.latency_ms),
            "examples": dict(self.examples),
        }


def present_texts(record: Record, lists: Sequence[str]) -> list[str]:
    """Texts of the present facts (and symptoms) of the given list fields of ``record.case``, a
    symptom's with its recorded position (where it is: :func:`placed_alike`)."""
    found = []
    for base in lists:
        for index, item in enumerate(resolve(record.case, base) if _has(record, base) else []):
            if item.status is Status.present:
                position = [item.position] if isinstance(item, Symptom) and item.position else []
                found.append(" ".join([*field_texts(record.case, f"{base}[{index}]"), *position]))
    return found


def _has(record: Record, base: str) -> bool:
    section, _, name = base.partition(".")
    value = getattr(record.case, section)
    return bool(getattr(value, name) if name else value)


def check_denials(record: Record, answers: Sequence[IntentAnswer], queries: dict[str, list[str]],
                  categories: Categories) -> list[str]:
    """A description of each denial of ``answers`` that contradicts a present record fact.

    ``queries`` holds the doctor's items per intent as named (before the patient's lay
    rewording): a denied item is one whose echo the denial repeats. A blanket denial is
    checked against the field it comes from (the rule's first field)."""
    from tod.patient.policy import INTENT_RULES

    found = []
    everything = present_texts(record, _ALL_LISTS)
    for answer in answers:
        lists = [f.removesuffix("[*]") for f in INTENT_RULES.get(answer.intent, INTENT_RULES["ask_symptom"]).fields
                 if f.removesuffix("[*]") in _ALL_LISTS]
        for statement in answer.statements:
            if statement.variant not in _DENIALS:
                continue
            blanket = _DENIALS[statement.variant]
            echo = statement.fills["asked"].text.lower() if "asked" in statement.fills else ""
            asked = [q for q in queries.get(answer.intent, []) if echo and _echoed(q, echo)]
            family = present_texts(record, lists[:1] if blanket else lists)
            fact = (false_denial([], family, categories, blanket=True) if blanket else
                    next(filter(None, (false_denial([a], placed_alike(a, family), categories, blanket=False)
                                       for a in asked)), None))
            if fact is None and asked and answer.intent != "ask_family_history":
                fact = next((f for a in asked for f in placed_alike(a, everything) if categories.covers(a, f)), None)
            if fact is not None:
                found.append(f"{answer.intent}.{statement.variant} {asked} vs {fact!r}")
    return found


def placed_alike(item: str, facts: Sequence[str]) -> list[str]:
    """The record texts of ``facts`` a denial of ``item`` may contradict by place: any, for an
    item that names no body region ("rash?" asks about a rash anywhere); those naming a region
    the item names, for one that does. A denied "sore throat" does not contradict a painful
    skin tightening, nor a denied "chest pain" a recorded knee pain."""
    wanted = body_regions(item)
    return [f for f in facts if not wanted or wanted & body_regions(f)]


def _echoed(query: str, echo: str) -> bool:
    """Whether the denial's echo repeats ``query`` (as named, or in its lay or first-person form)."""
    from tod.patient.figures import without_numbers
    from tod.lexicon import default_lexicon
    from tod.patient.voice import echo_item

    plain = without_numbers(query)
    lay = default_lexicon().whole_to_lay(plain)
    forms = {plain, lay, *(re.sub(r"\byour\b", "my", f, flags=re.IGNORECASE) for f in (plain, lay)),
             *(echo_item(query, to_lay, owner) for to_lay in (str, default_lexicon().whole_to_lay)
               for owner in ("my", "her", "his", "my child's"))}
    return any(f.lower() in echo for f in forms if f)


def unrecorded_denied(answers: Sequence[IntentAnswer]) -> int:
    """How many of the doctor's items ``answers`` deny as symptoms the record does not
    mention (the items of the ``absent_unrecorded`` statements)."""
    return sum(len(s.fills["asked"].items) or 1 for a in answers for s in a.statements
               if s.variant in UNRECORDED_DENIALS and "asked" in s.fills)


def echoes(answers: Sequence[IntentAnswer]) -> list[str]:
    """The doctor's words the reply repeats in denials (the ``{asked}`` fills)."""
    return [s.fills["asked"].text for a in answers for s in a.statements if "asked" in s.fills]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = common.bench_arguments(__doc__.splitlines()[0])
    parser.add_argument("--labels", default=DEFAULT_LABELS, help="comma-separated globs of CRAFT-MD label files")
    parser.add_argument("--source", default=str(DEFAULT_SOURCE), help="the CRAFT-MD source (texts)")
    parser.add_argument("--limit", type=int, default=0, help="the first N labelled turns (0 = all)")
    parser.add_argument("--every", type=int, default=1, help="every Nth labelled turn (sorted by id), before --limit")
    parser.add_argument("--agentclinic-limit", type=int, default=100)
    parser.add_argument("--examples", type=int, default=8, help="example ids kept per check")
    parser.add_argument("--show-texts", action="store_true", help="keep reply texts with the example ids")
    parser.add_argument("--name", default="gold", help="output stem: replies_<name>")
    parser.add_argument("--lexical-only", action="store_true",
                        help="match named items without the sentence encoder (faster; not the default patient)")
    parser.set_defaults(checkpoint=None)
    args = parser.parse_args(argv)
    info, started = common.begin(args.threads) if args.checkpoint or not args.lexical_only else (_machine(), time.perf_counter())

    from tod.craftmd.labels import join_labels, label_files

    turns: list[AnnotatedTurn] = join_labels(label_files(args.labels), args.source)
    turns.sort(key=lambda t: t.id)
    turns = turns[:: args.every]
    if args.limit > 0:
        turns = turns[: args.limit]
    record_sets = {
        "embedded": common.load_embedded(),
        "agentclinic": common.load_agentclinic(args.agentclinic_limit, args.agentclinic_dir)[0],
    }
    kinds: dict[str, list[TurnParse]] = {"gold": [TurnParse(t.text, tuple(t.intents), dict(t.slots)) for t in turns]}
    if args.checkpoint:
        from tod.nlu.parser import load_parser

        nlu = load_parser(args.checkpoint)
        kinds["nlu"] = nlu.parse_batch([t.text for t in turns])
    tallies = {(src, kind): Tally() for src in record_sets for kind in kinds}
    run_pairs(turns, record_sets, kinds, tallies, args)
    result = {
        "machine": info,
        "seconds": round(time.perf_counter() - started, 1),
        "turns": len(turns),
        "every": args.every,
        "turns_with_gold_intents": sum(1 for t in turns if t.intents),
        "records": {src: len(r) for src, r in record_sets.items()},
        "checkpoint": args.checkpoint,
        "matching": "lexical only" if args.lexical_only else "lexical + MiniLM embeddings",
        "results": {f"{src}/{kind}": tallies[(src, kind)].to_json() for src, kind in tallies},
    }
    json_path, md_path = common.write_outputs(args.output_dir, f"replies_{args.name}", result, _markdown(result))
    print(_markdown(result))
    print(f"wrote {json_path} and {md_path}")
    return 0


def run_pairs(turns: Sequence[AnnotatedTurn], record_sets: dict[str, list[Record]], kinds: dict[str, list[TurnParse]],
              tallies: dict[tuple[str, str], Tally], args) -> None:
    """Reply to every (turn, record) pair of every record set and parse kind with a fresh
    patient; add the checks to ``tallies``."""
    from tod.patient.agent import PatientAgent
    from tod.lexicon import default_lexicon
    from tod.patient.matching import Matcher, default_synonyms
    from tod.patient.policy import INTENT_RULES
    categories = Categories()
    synonyms, lexicon = default_synonyms(), default_lexicon()
    if args.lexical_only:
        encoder = None
    else:
        from tod.text_encoder import default_encoder

        encoder = default_encoder()
    matchers: dict[str, Matcher] = {}
    no_parser = _NoParser()
    for src, records in record_sets.items():
        for i, turn in enumerate(turns):
            record = records[stable_index(turn.id, len(records))]
            matcher = None if encoder is None else matchers.setdefault(record.id, Matcher(encoder, synonyms, lexicon))
            persona = common.PERSONAS[i % len(common.PERSONAS)]
            gold = tuple(dict.fromkeys(x for x in turn.intents if x in INTENT_RULES))
            for kind, parses in kinds.items():
                tally = tallies[(src, kind)]
                reuse = {"encoder": None} if encoder is None else {"matcher": matcher}
                patient = PatientAgent.build(record.case, no_parser, persona=persona, seed=i, **reuse,
                                             idle_limit=common.NO_LIMIT, turn_limit=common.NO_LIMIT)
                patient.opening()
                answers = patient.policy.answer(parses[i], patient.state)
                t0 = time.perf_counter()
                reply = patient.respond(turn.text, parse=parses[i])
                tally.latency_ms.append(1000 * (time.perf_counter() - t0))
                answers = [a for a in answers if a.intent in reply.answered]
                tally.replies += 1
                where = f"{turn.id} @ {record.id}" + (f": {reply.text}" if args.show_texts else "")
                tally.gold_intents += len(gold)
                hits = [x for x in gold if x in reply.answered]
                tally.answered += len(hits)
                tally.missed.update(x for x in gold if x not in reply.answered)
                if len(hits) < len(gold):
                    tally.example("missed", where, args.examples)
                if gold and is_end_signal(turn.text):
                    tally.diagnosis_turns += 1
                    tally.diagnosis_answered += len(hits) == len(gold)
                queries = {a.intent: patient.policy.queries(a.intent, parses[i]) for a in answers}
                tally.unrecorded_denied += unrecorded_denied(answers)
                denials = check_denials(record, answers, queries, categories)
                if denials:
                    tally.false_denials += len(denials)
                    tally.example("false_denial", f"{where} [{'; '.join(denials)}]", args.examples)
                unasked = [x for x in reply.answered if x not in turn.intents]
                if unasked:
                    tally.unasked_replies += 1
                    tally.unasked_intents.update(unasked)
                    tally.example("unasked", f"{where} {unasked}", args.examples)
                violations = pattern_violations(reply.text, caregiver=patient.renderer.voice.name == "caregiver",
                                                echoes=echoes(answers))
                if violations:
                    tally.violating_replies += 1
                    for v in violations:
                        tally.patterns[v.pattern] += 1
                        tally.example(v.pattern, f"{where} [{v.evidence}]", args.examples)


def _markdown(result: dict) -> str:
    from eval.machine import format_machine

    lines = [
        "# Replies to real doctor turns (eval/bench_replies.py)", "",
        f"{format_machine(result['machine'])}. Run time {result['seconds']} s. "
        f"{result['turns']} labelled CRAFT-MD turns ({result['turns_with_gold_intents']} with gold intents), "
        f"each put to a fresh patient of one embedded record ({result['records']['embedded']} records) and of one "
        f"AgentClinic record ({result['records']['agentclinic']} records); checkpoint: {result['checkpoint'] or 'none (gold only)'}.",
        "",
    ]
    header = ["records / parses", "completeness", "diagnosis turns answered", "false denials",
              "unrecorded symptoms denied", "replies with unasked intents", "replies with pattern violations", "reply p50 / p95 ms"]
    rows = []
    for name, r in result["results"].items():
        lat = r["latency_ms"]
        rows.append([
            name, f"{common.pct(r['completeness'])} ({r['answered']}/{r['gold_intents']})",
            f"{r['diagnosis_turns_answered']}/{r['diagnosis_turns_with_question']}", r["false_denials"],
            r["unrecorded_symptoms_denied"], r["replies_with_unasked_intents"],
            f"{common.pct(r['pattern_violation_share'])} ({r['replies_with_pattern_violations']}/{r['replies']})",
            f"{lat['p50']:.1f} / {lat['p95']:.1f}",
        ])
    lines += [common.markdown_table(header, rows), "", "Pattern violations (count of hits):", ""]
    lines.append(common.markdown_table(["records / parses", *PATTERNS],
                                       [[n, *(r["patterns"][p] for p in PATTERNS)] for n, r in result["results"].items()]))
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
