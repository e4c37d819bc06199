"""Fidelity benchmark: unfaithful facts, leaks, completeness and jargon of the patient.

    .venv/bin/python -m eval.bench_fidelity --checkpoint checkpoints/default --output-dir eval/results
    .venv/bin/python -m eval.bench_fidelity --checkpoint checkpoints/smoke --limit 3 --turns-per-record 10  # tiny

Records: the embedded records (``records/default.jsonl``) and the AgentClinic cases imported
at run time from ``<repo>/../shared/data/agentclinic`` (``--agentclinic-limit`` of them,
MedQA and NEJM files interleaved). Doctor turns: the texts of the dev file
(``<repo>/../shared/data/dev/doctor_turns_dev.jsonl``) and the scripted doctor's questions.
For every record the benchmark runs

1. a full consultation with the scripted doctor (``tod.session.run_consultation``);
2. a replay of ``--turns-per-record`` doctor turns (a window of the dev + scripted turns that
   moves with the record index, so every turn is replayed against many records; end-signal
   turns are left out) through one patient, parsed by the NLU checkpoint (the real
   pipeline);
3. the same replay of the window's dev turns with their gold parses;
4. the adversarial probes of ``eval/probes.py`` (>= 300 over the run).

Patients cycle through :data:`common.PERSONAS` (every temperament and switch). Measures:

(a) **unfaithful facts**: reply content (numbers and medical terms) not traceable to the
    record texts of the reply's provenance, after the lay-term mapping; defined precisely
    in ``eval/faithfulness.py``, independent of the patient's own guard. Also the strict
    word check (every word a fixed template word or a provenance word).
(b) **leaks** (probes, and every other reply too): replies in which
    :class:`tod.evaluation.leaks.LeakDetector` finds the reference diagnosis or a synonym
    (even when the doctor quoted it), the basis or the treatment, or a reference-only word
    (defined in :mod:`tod.evaluation.leaks`). Leaks whose every finding the doctor had
    quoted are also counted apart.
(c) **completeness**: answered gold intents / gold intents over the replayed dev turns with
    gold intents (end-signal turns excluded); a reply answers an intent when the agent lists
    it in ``PatientReply.answered`` (a fact, a denial or "not sure" all count). Reported with
    the NLU's parses (the real pipeline) and with gold parses (policy misses only), over
    all those turns and over the turns that ask two or more intents; the 97% target (issue
    #4) applies to both NLU figures.
(d) **jargon**: share of patient replies that contain a term of ``eval/jargon_terms.txt``
    (whole words, case-insensitive); also per consultation (CRAFT-MD counted jargon in 7.22%
    of conversations) and with ``templates/jargon.yaml``.

Writes ``fidelity_<checkpoint>.md`` and ``.json`` into ``--output-dir``. Failure examples name
the record, the turn (a dev id, ``plan-N``, ``probe-N`` or ``turn-N`` of a consultation) and
what was found; the texts themselves only with ``--show-texts`` (they quote the dev file and
the AgentClinic cases, which must stay out of the repository).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from eval import common
from eval.faithfulness import FactChecker, StrictWordCheck, load_jargon_terms, provenance_sources
from eval.machine import format_machine
from eval.probes import TEMPLATES as PROBE_TEMPLATES
from eval.probes import generate_probes
from tod.evaluation.leaks import LeakDetector
from tod.lexicon import load_jargon, phrase_pattern
from tod.patient.reply import PatientReply
from tod.records.model import Record

TARGETS = {"unfaithful_facts": 0, "leaks": 0, "completeness": 0.97, "jargon_share": 0.02}
MAX_EXAMPLES = 25


# ------------------------------------------------------------------ tallies


@dataclass
class Tally:
    """Counts over the replies of one replay kind."""

    replies: int = 0
    units: int = 0
    unfaithful_replies: int = 0
    unfaithful_facts: int = 0
    echoed: int = 0
    strict_replies: int = 0
    strict_words: int = 0
    leak_replies: int = 0
    leak_replies_quoted_only: int = 0
    jargon_replies: int = 0
    jargon_replies_templates: int = 0
    guard_fallbacks: int = 0

    def add(self, other: "Tally") -> None:
        """Add ``other``'s counts."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def to_json(self) -> dict[str, object]:
        """The counts and the derived shares."""
        data: dict[str, object] = dict(self.__dict__)
        data["jargon_share"] = common.share(self.jargon_replies, self.replies)
        data["unfaithful_reply_share"] = common.share(self.unfaithful_replies, self.replies)
        return data


@dataclass
class Completeness:
    """Answered gold intents over gold intents, overall and per intent."""

    gold: int = 0
    answered: int = 0
    nlu_missed: int = 0
    turns: int = 0
    multi_gold: int = 0  # gold intents of turns that ask two or more
    multi_answered: int = 0
    per_intent: dict[str, list[int]] = field(default_factory=dict)

    def add_turn(self, gold: tuple[str, ...], answered: tuple[str, ...], parsed: tuple[str, ...] | None) -> None:
        """Count one replayed dev turn."""
        gold_set = set(gold)
        self.turns += 1
        self.gold += len(gold_set)
        hits = len(gold_set & set(answered))
        self.answered += hits
        if len(gold_set) >= 2:
            self.multi_gold += len(gold_set)
            self.multi_answered += hits
        if parsed is not None:
            self.nlu_missed += len(gold_set - set(parsed))
        for intent in gold_set:
            counts = self.per_intent.setdefault(intent, [0, 0])
            counts[0] += 1
            counts[1] += intent in answered

    def add(self, other: "Completeness") -> None:
        """Add another tally's counts to this one."""
        for name in self.__dataclass_fields__:
            if name != "per_intent":
                setattr(self, name, getattr(self, name) + getattr(other, name))
        for intent, (g, a) in other.per_intent.items():
            counts = self.per_intent.setdefault(intent, [0, 0])
            counts[0] += g
            counts[1] += a

    def to_json(self) -> dict[str, object]:
        """Shares and counts."""
        return {
            "completeness": common.share(self.answered, self.gold),
            "completeness_multi_question": common.share(self.multi_answered, self.multi_gold),
            "multi_question_gold_intents": self.multi_gold,
            "gold_intents": self.gold,
            "answered": self.answered,
            "turns": self.turns,
            "missed_by_nlu": self.nlu_missed,
            "missed_by_policy": self.gold - self.answered - self.nlu_missed,
            "per_intent": {k: {"gold": v[0], "answered": v[1], "share": v[1] / v[0]}
                           for k, v in sorted(self.per_intent.items())},
        }


class Scorer:
    """Checks replies and keeps tallies and failure examples."""

    def __init__(self, *, show_texts: bool = False) -> None:
        self.show_texts = show_texts
        self.checker = FactChecker()
        self.strict = StrictWordCheck.from_bank()
        self.jargon = phrase_pattern(list(load_jargon_terms()))
        self.jargon_templates = phrase_pattern(list(load_jargon()))
        self.jargon_terms: Counter[str] = Counter()
        self.jargon_records: Counter[str] = Counter()
        self.examples: dict[str, list[dict[str, object]]] = {"unfaithful": [], "strict": [], "leaks": [], "jargon": []}

    def reply(self, tally: Tally, record: Record, leaks: LeakDetector, kind: str, turn_id: str, doctor: str,
              reply: PatientReply, *, opening: bool = False) -> dict[str, bool]:
        """Score one reply; returns which problems it has."""
        text = reply.text
        provenance = list(reply.provenance)
        sources = provenance_sources(record.case, provenance, opening=opening)
        check = self.checker.check(text, sources, doctor)
        strict = self.strict.untraceable(text, sources, doctor)
        leak = leaks.find(text, doctor)
        jargon = sorted({m.group(0).lower() for m in self.jargon.finditer(text)})
        jargon_templates = self.jargon_templates.search(text) is not None
        tally.replies += 1
        tally.units += len(check.units)
        tally.unfaithful_facts += len(check.unfaithful)
        tally.unfaithful_replies += bool(check.unfaithful)
        tally.echoed += len(check.echoed)
        tally.strict_words += len(strict)
        tally.strict_replies += bool(strict)
        tally.leak_replies += bool(leak)
        tally.leak_replies_quoted_only += bool(leak) and all(item.quoted for item in leak)
        tally.jargon_replies += bool(jargon)
        tally.jargon_replies_templates += jargon_templates
        tally.guard_fallbacks += "guard_violation" in reply.events
        self.jargon_terms.update(jargon)
        if jargon:
            self.jargon_records[record.id] += 1
        base: dict[str, object] = {"record": record.id, "kind": kind, "turn": turn_id, "provenance": provenance}
        if self.show_texts:
            base.update(doctor=doctor, reply=text)
        for name, problem, detail in (("unfaithful", check.unfaithful, "units"), ("strict", strict, "words"),
                                      ("leaks", [item.to_json() for item in leak], "leaks"), ("jargon", jargon, "terms")):
            if problem and len(self.examples[name]) < MAX_EXAMPLES:
                self.examples[name].append({**base, detail: problem})
        return {"jargon": bool(jargon), "leak": bool(leak), "unfaithful": bool(check.unfaithful)}


# ------------------------------------------------------------------- the run


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = common.bench_arguments(__doc__.splitlines()[0])
    parser.add_argument("--records", default=str(common.EMBEDDED_RECORDS), help="embedded record file")
    parser.add_argument("--embedded-limit", type=int, default=0, help="embedded records to use (0 = all)")
    parser.add_argument("--agentclinic-limit", type=int, default=100, help="imported AgentClinic records (0 = all)")
    parser.add_argument("--limit", type=int, default=0, help="tiny runs: use N records of each source (overrides both)")
    parser.add_argument("--turns", type=int, default=0, help="use only the first N dev turns (0 = all)")
    parser.add_argument("--turns-per-record", type=int, default=30, help="doctor turns replayed per record (0 = all)")
    parser.add_argument("--no-consultations", action="store_true", help="skip the scripted consultations")
    parser.add_argument("--show-texts", action="store_true",
                        help="put the doctor turns and replies of failure examples into the output (they quote the "
                             "dev file and AgentClinic cases: keep such output out of the repository)")
    args = parser.parse_args(argv)
    if args.limit:
        args.embedded_limit = args.agentclinic_limit = args.limit
    info, started = common.begin(args.threads)

    from tod.doctors.scripted import ScriptedDoctor
    from tod.nlu.parser import load_parser
    from tod.patient.agent import PatientAgent
    from tod.session import run_consultation

    sources = {"embedded": common.load_embedded(args.embedded_limit, args.records)}
    agentclinic, import_warnings = common.load_agentclinic(args.agentclinic_limit, args.agentclinic_dir)
    sources["agentclinic"] = agentclinic
    dev = common.load_dev_turns(args.dev, args.turns)
    all_turns = common.replay_turns(dev)
    turns = [t for t in all_turns if not t.end_signal]
    nlu = load_parser(args.checkpoint)
    records = [(name, r) for name, recs in sources.items() for r in recs]
    probes = generate_probes([r for _, r in records])
    unique_texts = list(dict.fromkeys([t.text for t in turns] + [p.text for p in probes]))
    parsed = dict(zip(unique_texts, nlu.parse_batch(unique_texts)))
    probes_by_record: dict[str, list] = {}
    for probe in probes:
        probes_by_record.setdefault(probe.record_id, []).append(probe)

    scorer = Scorer(show_texts=args.show_texts)
    kinds = ("consultation", "replay_nlu", "replay_gold", "probes")
    tallies = {(src, kind): Tally() for src in sources for kind in kinds}
    complete_nlu = {src: Completeness() for src in sources}
    complete_gold = {src: Completeness() for src in sources}
    conversations = {src: [0, 0] for src in sources}  # [consultations, with jargon]
    probe_kinds: Counter[str] = Counter()
    probe_leaks: Counter[str] = Counter()

    def agent(record: Record, index: int, **options: object) -> PatientAgent:
        persona = common.PERSONAS[index % len(common.PERSONAS)]
        return PatientAgent.build(record.case, nlu, persona=persona, seed=index, **options)

    for index, (src, record) in enumerate(records):
        leaks = LeakDetector(record, scorer.strict.fixed)
        # 1. a scripted consultation
        if not args.no_consultations:
            tally = tallies[(src, "consultation")]
            consultation = run_consultation(ScriptedDoctor(), agent(record, index))
            has_jargon = scorer.reply(tally, record, leaks, "consultation", "opening", "", consultation.opening,
                                      opening=True)["jargon"]
            for number, turn in enumerate(consultation.turns, start=1):
                has_jargon |= scorer.reply(tally, record, leaks, "consultation", f"turn-{number}", turn.doctor,
                                           turn.patient)["jargon"]
            conversations[src][0] += 1
            conversations[src][1] += has_jargon
        # 2-3. replays of a window of doctor turns, NLU parses and gold parses
        chosen = common.window(turns, index * max(args.turns_per_record, 1), args.turns_per_record)
        for kind, use_gold in (("replay_nlu", False), ("replay_gold", True)):
            patient = agent(record, index, idle_limit=common.NO_LIMIT, turn_limit=common.NO_LIMIT)
            completeness = (complete_gold if use_gold else complete_nlu)[src]
            for turn in chosen:
                if use_gold and turn.gold_intents is None:
                    continue
                parse = turn.gold_parse() if use_gold else parsed[turn.text]
                reply = patient.respond(turn.text, parse=parse)
                scorer.reply(tallies[(src, kind)], record, leaks, kind, turn.id, turn.text, reply)
                if turn.gold_intents:
                    completeness.add_turn(turn.gold_intents, reply.answered, None if use_gold else parse.intents)
        # 4. the probes
        patient = agent(record, index, idle_limit=common.NO_LIMIT, turn_limit=common.NO_LIMIT)
        for probe in probes_by_record.get(record.id, []):
            if patient.manager.phase != "interview":
                patient = agent(record, index, idle_limit=common.NO_LIMIT, turn_limit=common.NO_LIMIT)
            reply = patient.respond(probe.text, parse=parsed[probe.text])
            found = scorer.reply(tallies[(src, "probes")], record, leaks, f"probe:{probe.kind}",
                                 f"probe-{probe.template_id}", probe.text, reply)
            probe_kinds[probe.kind] += 1
            probe_leaks[probe.kind] += found["leak"]
        if (index + 1) % 20 == 0:
            print(f"[fidelity] {index + 1}/{len(records)} records, {time.perf_counter() - started:.0f} s", file=sys.stderr)

    result = _result(info, args, sources, import_warnings, dev, all_turns, turns, probes, tallies, complete_nlu, complete_gold,
                     conversations, probe_kinds, probe_leaks, scorer, time.perf_counter() - started)
    text = _markdown(result)
    common.write_outputs(args.output_dir, f"fidelity_{Path(args.checkpoint).name}", result, text)
    print(text)
    return 0


def _result(info, args, sources, import_warnings, dev, all_turns, turns, probes, tallies, complete_nlu, complete_gold,
            conversations, probe_kinds, probe_leaks, scorer, seconds) -> dict[str, object]:
    total = Tally()
    for tally in tallies.values():
        total.add(tally)
    by_kind = {}
    for kind in ("consultation", "replay_nlu", "replay_gold", "probes"):
        merged = Tally()
        for (_, k), tally in tallies.items():
            if k == kind:
                merged.add(tally)
        by_kind[kind] = merged.to_json()
    nlu_all, gold_all = Completeness(), Completeness()
    for part, whole in ((complete_nlu, nlu_all), (complete_gold, gold_all)):
        for c in part.values():
            whole.add(c)
    nlu_json, gold_json = nlu_all.to_json(), gold_all.to_json()
    consultations = sum(c[0] for c in conversations.values())
    with_jargon = sum(c[1] for c in conversations.values())
    summary = {
        "replies": total.replies,
        "unfaithful_facts": total.unfaithful_facts,
        "unfaithful_replies": total.unfaithful_replies,
        "strict_untraceable_words": total.strict_words,
        "echoed_denials": total.echoed,
        "probes": len(probes),
        "probe_leak_replies": by_kind["probes"]["leak_replies"],
        "leak_replies_all": total.leak_replies,
        "leak_replies_quoted_only": total.leak_replies_quoted_only,
        "completeness_nlu": nlu_json["completeness"],
        "completeness_gold": gold_json["completeness"],
        "completeness_multi_question_nlu": nlu_json["completeness_multi_question"],
        "jargon_share": common.share(total.jargon_replies, total.replies),
        "jargon_share_templates_list": common.share(total.jargon_replies_templates, total.replies),
        "jargon_consultation_share": common.share(with_jargon, consultations),
        "guard_fallbacks": total.guard_fallbacks,
    }
    targets = {
        "unfaithful_facts": {"target": "= 0", "value": summary["unfaithful_facts"], "met": summary["unfaithful_facts"] == 0},
        "leaks": {"target": "= 0", "value": summary["leak_replies_all"], "met": summary["leak_replies_all"] == 0},
        "completeness": _at_least(summary["completeness_nlu"], TARGETS["completeness"]),
        "completeness_multi_question": _at_least(summary["completeness_multi_question_nlu"], TARGETS["completeness"]),
        "jargon_share": {"target": "<= 2%", "value": summary["jargon_share"],
                         "met": None if summary["jargon_share"] is None else summary["jargon_share"] <= TARGETS["jargon_share"]},
    }
    return {
        "benchmark": "fidelity",
        "checkpoint": args.checkpoint,
        "machine": info,
        "settings": {
            "dev_file": args.dev,
            "agentclinic_dir": args.agentclinic_dir,
            "records": {name: len(recs) for name, recs in sources.items()},
            "agentclinic_import_warnings": import_warnings,
            "dev_turns": len(dev),
            "replay_turns": len(turns),
            "end_signal_turns_excluded": len(all_turns) - len(turns),
            "turns_per_record": args.turns_per_record,
            "personas": list(common.PERSONAS),
            "probe_templates": len(PROBE_TEMPLATES),
            "consultations": not args.no_consultations,
        },
        "seconds": round(seconds, 1),
        "summary": summary,
        "targets": targets,
        "by_kind": by_kind,
        "by_source": {src: {kind: tallies[(src, kind)].to_json() for kind in ("consultation", "replay_nlu", "replay_gold", "probes")}
                      for src in sources},
        "completeness": {
            "nlu": nlu_json, "gold": gold_json,
            "by_source": {src: {"nlu": complete_nlu[src].to_json()["completeness"], "gold": complete_gold[src].to_json()["completeness"]}
                          for src in sources},
        },
        "probes": {"by_kind": dict(probe_kinds), "leak_replies_by_kind": dict(probe_leaks)},
        "jargon": {"consultations": consultations, "consultations_with_jargon": with_jargon,
                   "by_source": {src: {"consultations": c[0], "with_jargon": c[1]} for src, c in conversations.items()},
                   "top_terms": scorer.jargon_terms.most_common(25),
                   "top_records": scorer.jargon_records.most_common(25)},
        "examples": scorer.examples,
    }


def _at_least(value: float | None, bound: float) -> dict:
    """A share target: met when ``value >= bound``; unknown (None) when nothing was measured."""
    return {"target": f">= {bound:.0%}", "value": value, "met": None if value is None else value >= bound}


def _markdown(result: dict) -> str:
    s, t, settings = result["summary"], result["targets"], result["settings"]
    records = ", ".join(f"{n} {name}" for name, n in settings["records"].items())
    lines = [
        f"# Fidelity benchmark ({result['checkpoint']})", "",
        format_machine(result["machine"]), "",
        f"Records: {records}. Replayed doctor turns: {settings['replay_turns']} (dev {settings['dev_turns']} + scripted plan, "
        f"{settings['end_signal_turns_excluded']} end-signal turns excluded), {settings['turns_per_record']} per record; "
        f"{s['probes']} adversarial probes; {s['replies']} patient replies checked in {result['seconds']:.0f} s.", "",
        common.markdown_table(
            ["measure", "value", "target", "met"],
            [
                ["unfaithful facts (numbers, medical terms not traceable to provenance)",
                 f"{s['unfaithful_facts']} in {s['unfaithful_replies']} replies", t["unfaithful_facts"]["target"], common.mark(t["unfaithful_facts"]["met"])],
                ["leaks: replies with diagnosis / synonym / basis / treatment / reference-only word",
                 f"{s['leak_replies_all']} ({s['probe_leak_replies']} of {s['probes']} probes)", t["leaks"]["target"], common.mark(t["leaks"]["met"])],
                ["completeness (NLU parses)", common.pct(s["completeness_nlu"]), t["completeness"]["target"], common.mark(t["completeness"]["met"])],
                ["completeness (gold parses)", common.pct(s["completeness_gold"]), "", ""],
                ["completeness in turns that ask two or more intents (NLU parses)", common.pct(s["completeness_multi_question_nlu"]),
                 t["completeness_multi_question"]["target"], common.mark(t["completeness_multi_question"]["met"])],
                ["jargon, share of replies (eval/jargon_terms.txt)", common.pct(s["jargon_share"]), t["jargon_share"]["target"], common.mark(t["jargon_share"]["met"])],
                ["jargon, share of consultations", common.pct(s["jargon_consultation_share"]), "(CRAFT-MD: 7.22%)", ""],
                ["jargon, share of replies (templates/jargon.yaml)", common.pct(s["jargon_share_templates_list"]), "", ""],
                ["strict check: words neither template words nor provenance", s["strict_untraceable_words"], "", ""],
                ["echoed denials (doctor's words in a negated sentence)", s["echoed_denials"], "", ""],
                ["guard fallbacks", s["guard_fallbacks"], "", ""],
            ],
        ), "",
        "By replay kind:", "",
        common.markdown_table(
            ["kind", "replies", "unfaithful facts", "leak replies", "jargon replies", "strict words"],
            [[k, v["replies"], v["unfaithful_facts"], v["leak_replies"], v["jargon_replies"], v["strict_words"]]
             for k, v in result["by_kind"].items()],
        ), "",
    ]
    comp = result["completeness"]
    lines += [
        f"Completeness: NLU parses {common.pct(comp['nlu']['completeness'])} of {comp['nlu']['gold_intents']} gold intents "
        f"({comp['nlu']['missed_by_nlu']} missed by the NLU, {comp['nlu']['missed_by_policy']} by the policy); "
        f"gold parses {common.pct(comp['gold']['completeness'])} of {comp['gold']['gold_intents']}. "
        f"In turns that ask two or more intents: NLU parses {common.pct(comp['nlu']['completeness_multi_question'])}, "
        f"gold parses {common.pct(comp['gold']['completeness_multi_question'])} of "
        f"{comp['nlu']['multi_question_gold_intents']} gold intents.", "",
    ]
    low = sorted(comp["nlu"]["per_intent"].items(), key=lambda kv: kv[1]["share"])[:8]
    if low:
        lines += ["Least complete intents (NLU parses): " + ", ".join(f"{k} {100 * v['share']:.0f}% ({v['gold']})" for k, v in low), ""]
    if result["jargon"]["top_terms"]:
        lines += ["Jargon terms found: " + ", ".join(f"{term} ({n})" for term, n in result["jargon"]["top_terms"][:15]), ""]
    for name in ("unfaithful", "leaks"):
        examples = result["examples"][name][:5]
        if examples:
            lines += [f"First {name} examples:", ""]
            for e in examples:
                detail = e.get("units") or e.get("leaks")
                said = f" doctor: {e['doctor'][:120]!r} -> patient: {e['reply'][:200]!r};" if "reply" in e else ""
                lines.append(f"- {e['record']} [{e['kind']}, {e['turn']}]{said} {detail}")
            lines.append("")
    return "\n".join(lines).rstrip()


if __name__ == "__main__":
    sys.exit(main())
