"""tod beside CRAFT-MD's GPT-4 patient on the same doctor turns.

    python -m eval.bench_craftmd --checkpoint /work/ckpts/default --records /work/runs/craftmd2.jsonl
    python -m eval.bench_craftmd --checkpoint checkpoints/smoke --limit 8   # tiny

A fixed sample of ``--size`` consultations (default 500) is drawn from
``../shared/data/craftmd/conversations.jsonl`` with ``--seed`` (default 16), stratified by
doctor model (equal shares of gpt3_1106, mistral-v1, mistral-v2, llama2-7b; only
consultations whose case has an imported record). Each consultation's doctor messages are
replayed, in order, through a fresh tod patient (default persona, no turn limit) built on the
imported record of its case (``--records``, made by ``python -m tod.records import --format
craftmd``); the GPT-4 patient's recorded reply to the same message is the peer. A doctor
message is replayed when the GPT-4 patient answered it and it is not an end signal (a final
diagnosis). Doctor messages are parsed by the NLU in one batch per chunk of consultations.

Both patients' replies go through the same checks (:mod:`eval.peer_checks`): unfaithful
facts against the vignette and the record, false denials, leaks, asked intents answered (by
the NLU's parse of the doctor message, and by the gold labels of ``annotations/craftmd`` for
the turns they label), reply length, jargon, volunteered facts. CRAFT-MD's published figures
for its patient agent are printed beside them. Also tod's reply latency and the GPT-4 cost
the replay replaces (token counts of the recorded patient messages with the bundled MiniLM
WordPiece tokenizer, priced at ``--input-price``/``--output-price`` dollars per million
tokens; default gpt-4-0613's $30/$60 from https://openai.com/api/pricing/).

Finished consultations are cached in ``<output-dir>/craftmd_cache/`` (figures only, no
texts), so a crashed run resumes where it stopped; ``--fresh`` empties the cache. Writes
``craftmd.md`` and ``craftmd.json`` (figures and the sample's ids, no CRAFT-MD text).
"""

from __future__ import annotations

import csv
import json
import random
import sys
import time
from collections import Counter, defaultdict
from itertools import zip_longest
from pathlib import Path
from typing import Iterable

from eval import common
from eval.machine import format_machine
from eval.peer_checks import PeerChecker, ReplyVerdict, jargon_pattern
from tod.craftmd.conversations import DEFAULT_SOURCE, Consultation, iter_consultations
from tod.patient.manager import is_end_signal
from tod.records.io import load_records

#: CRAFT-MD's figures for its GPT-4 patient agent (Johri et al., Nature Medicine 2025).
PUBLISHED = {
    "sentences_faithful_within_scope": 0.99995,
    "conversations_complete_answers": 0.9425,
    "conversations_with_jargon": 0.0722,
}
GPT4_PRICE_SOURCE = "https://openai.com/api/pricing/ (gpt-4-0613: $30 / $60 per 1M input / output tokens)"
DEFAULT_LABELS = "annotations/craftmd/labels/*.jsonl,annotations/craftmd/adjudicated.jsonl"
PATIENTS = ("tod", "gpt4")
CHUNK = 25


def read_vignettes(path: str | Path) -> dict[str, str]:
    """Case id -> vignette of CRAFT-MD's ``cases.csv``.

    Raises:
        ValueError: a missing column or a row without a case id, naming the file and row.
    """
    with Path(path).open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = {"case_id", "case_vignette"} - set(reader.fieldnames or ())
        if missing:
            raise ValueError(f"{path}: missing column(s) {sorted(missing)}")
        vignettes = {}
        for number, row in enumerate(reader, start=2):
            if not row["case_id"] or not row["case_vignette"]:
                raise ValueError(f"{path}:{number}: empty case_id or case_vignette")
            vignettes[row["case_id"]] = row["case_vignette"]
    return vignettes


def replay_pairs(conv: Consultation) -> list[tuple[str, str, str]]:
    """(message id, doctor text, GPT-4 reply) for each doctor message the patient answered,
    end signals left out."""
    pairs = []
    messages = conv.messages
    for index, message in enumerate(messages[:-1]):
        following = messages[index + 1]
        if message.role == "assistant" and following.role == "user" and not is_end_signal(message.content):
            pairs.append((message.id, message.content, following.content))
    return pairs


def draw_sample(consultations: Iterable[Consultation], size: int, seed: int, record_ids: set[str]) -> list[Consultation]:
    """``size`` consultations, equal shares per doctor model (the first models take the
    remainder), drawn with ``random.Random(seed)`` from those whose case has a record and that
    have at least one replayable message; the models interleaved (one of each in turn), so the
    first N of the sample (``--limit``) are stratified too."""
    by_model: dict[str, list[Consultation]] = defaultdict(list)
    for conv in consultations:
        if conv.case_id in record_ids and replay_pairs(conv):
            by_model[conv.doctor_model].append(conv)
    models = sorted(by_model)
    rng = random.Random(seed)
    drawn: list[list[Consultation]] = []
    for index, model in enumerate(models):
        share = size // len(models) + (index < size % len(models))
        pool = sorted(by_model[model], key=lambda c: c.id)
        drawn.append(rng.sample(pool, min(share, len(pool))))
    return [c for row in zip_longest(*drawn) for c in row if c is not None]


class TokenCounter:
    """Counts tokens with the bundled MiniLM WordPiece tokenizer (tiktoken's encodings need a
    download, this machine is offline)."""

    name = "all-MiniLM-L6-v2 WordPiece tokenizer (bundled; GPT-4's cl100k_base not available offline)"

    def __init__(self) -> None:
        from transformers import AutoTokenizer

        from tod.local_models import minilm_path

        self.tokenizer = AutoTokenizer.from_pretrained(str(minilm_path()))

    def count(self, text: str) -> int:
        """Tokens of ``text`` (no special tokens)."""
        return len(self.tokenizer(text, add_special_tokens=False, truncation=False, verbose=False)["input_ids"])


def gpt4_tokens(conv: Consultation, vignette_tokens: int, counter: TokenCounter) -> dict[str, int]:
    """Output tokens: the recorded patient messages. Input tokens, a lower bound: for each
    patient message the vignette plus every earlier message of the dialogue (the patient's
    own system prompt is unknown and left out; the doctor's system prompt is not the patient's)."""
    output = history = inputs = 0
    for message in conv.messages:
        if message.role == "system":
            continue
        tokens = counter.count(message.content)
        if message.role == "user":
            inputs += vignette_tokens + history
            output += tokens
        history += tokens
    return {"input": inputs, "output": output, "patient_messages": sum(m.role == "user" for m in conv.messages)}


def run_conversation(conv, record, vignette, parses, gold, nlu, checker_args, index) -> dict:
    """Replay one consultation through a fresh tod patient and check both patients' replies."""
    from tod.patient.agent import PatientAgent

    checker = PeerChecker(record, vignette, **checker_args)
    patient = PatientAgent.build(record.case, nlu, seed=index, idle_limit=common.NO_LIMIT, turn_limit=common.NO_LIMIT)
    turns = []
    for message_id, doctor, gpt4 in replay_pairs(conv):
        parse = parses[doctor]
        started = time.perf_counter()
        reply = patient.respond(doctor, parse=parse)
        latency = 1000 * (time.perf_counter() - started)
        asked = list(parse.intents)
        turn = {"id": message_id, "latency_ms": latency, "tod_answered_by_policy": list(reply.answered),
                "tod": checker.check(reply.text, doctor, asked).to_json(),
                "gpt4": checker.check(gpt4, doctor, asked).to_json()}
        if message_id in gold:
            gold_intents = list(gold[message_id])
            turn["gold"] = {"asked": gold_intents, "nlu_asked": asked,
                            "tod": checker.check(reply.text, doctor, gold_intents).answered,
                            "gpt4": checker.check(gpt4, doctor, gold_intents).answered}
        turns.append(turn)
    return {"id": conv.id, "case_id": conv.case_id, "doctor_model": conv.doctor_model, "turns": turns}


# ------------------------------------------------------------------ aggregation


def _summary(turns: list[dict], patient: str) -> dict[str, object]:
    verdicts = [t[patient] for t in turns]
    n = len(verdicts)
    sentences = sum(v["sentences"] for v in verdicts)
    asked = sum(len(v["asked"]) for v in verdicts)
    asking = [v for v in verdicts if v["asked"]]
    words = sorted(v["words"] for v in verdicts)
    return {
        "replies": n,
        "unfaithful_facts": sum(len(v["unfaithful"]) for v in verdicts),
        "unfaithful_replies": sum(bool(v["unfaithful"]) for v in verdicts),
        "sentences": sentences,
        "sentences_faithful": common.share(sentences - sum(v["unfaithful_sentences"] for v in verdicts), sentences),
        "false_denials": sum(len(v["false_denials"]) for v in verdicts),
        "false_denial_replies": sum(bool(v["false_denials"]) for v in verdicts),
        "leak_replies": sum(bool(v["leaks"]) or v["answer_letter"] for v in verdicts),
        "answer_letter_replies": sum(v["answer_letter"] for v in verdicts),
        "leaks_quoted_or_in_vignette_replies": sum(bool(v["leaks_quoted_or_in_vignette"]) for v in verdicts),
        "reference_word_replies": sum(bool(v["reference_words"]) for v in verdicts),
        "asked_intents": asked,
        "answered_intents": sum(len(v["answered"]) for v in verdicts),
        "answered_share": common.share(sum(len(v["answered"]) for v in verdicts), asked),
        "words_mean": common.share(sum(words), n),
        "words_median": words[n // 2] if n else None,
        "jargon_replies": sum(bool(v["jargon"]) for v in verdicts),
        "jargon_share": common.share(sum(bool(v["jargon"]) for v in verdicts), n),
        "volunteer_replies": sum(bool(v["volunteered"]) for v in asking),
        "volunteer_share": common.share(sum(bool(v["volunteered"]) for v in asking), len(asking)),
        "replies_asking": len(asking),
        # units of the benchmark's own vocabulary (eval/faithfulness.py), not reply text
        "top_unfaithful_units": Counter(u.lower() for v in verdicts for u in v["unfaithful"]).most_common(12),
        "top_false_denials": Counter(d for v in verdicts for d in v["false_denials"]).most_common(12),
    }


def _per_conversation(convs: list[dict], patient: str) -> dict[str, object]:
    complete = jargon = faithful = 0
    for conv in convs:
        verdicts = [t[patient] for t in conv["turns"]]
        complete += all(len(v["answered"]) == len(v["asked"]) for v in verdicts)
        jargon += any(v["jargon"] for v in verdicts)
        faithful += not any(v["unfaithful"] or v["false_denials"] for v in verdicts)
    n = len(convs)
    return {"conversations": n, "complete_answers": common.share(complete, n), "with_jargon": common.share(jargon, n),
            "without_unfaithful_fact_or_false_denial": common.share(faithful, n)}


def _gold(turns: list[dict]) -> dict[str, object]:
    labelled = [t["gold"] for t in turns if "gold" in t]
    asked = sum(len(g["asked"]) for g in labelled)
    out: dict[str, object] = {"turns": len(labelled), "gold_intents": asked,
                              "nlu_found": sum(len(set(g["asked"]) & set(g["nlu_asked"])) for g in labelled)}
    for patient in PATIENTS:
        out[f"{patient}_answered_share"] = common.share(sum(len(g[patient]) for g in labelled), asked)
    return out


def aggregate(convs: list[dict], tokens: dict[str, int], counter_name: str, input_price: float, output_price: float,
              nlu_ms_per_message: float | None) -> dict[str, object]:
    """The figures of the run from the per-conversation results."""
    turns = [t for c in convs for t in c["turns"]]
    result: dict[str, object] = {
        "conversations": len(convs),
        "turns": len(turns),
        "by_patient": {p: {**_summary(turns, p), **_per_conversation(convs, p)} for p in PATIENTS},
        "by_doctor_model": {},
        "gold": _gold(turns),
    }
    for model in sorted({c["doctor_model"] for c in convs}):
        part = [c for c in convs if c["doctor_model"] == model]
        part_turns = [t for c in part for t in c["turns"]]
        result["by_doctor_model"][model] = {p: {**_summary(part_turns, p), **_per_conversation(part, p)} for p in PATIENTS}
    policy_answered = sum(len(t["tod_answered_by_policy"]) for t in turns)
    result["tod_policy_answered_share"] = common.share(policy_answered, sum(len(t["tod"]["asked"]) for t in turns))
    latency = common.percentiles(t["latency_ms"] for t in turns)
    result["latency_ms"] = {**latency, "nlu_ms_per_message_batched": nlu_ms_per_message}
    cost = (tokens["input"] * input_price + tokens["output"] * output_price) / 1e6
    result["gpt4_cost"] = {
        "tokenizer": counter_name, "price_source": GPT4_PRICE_SOURCE,
        "input_price_per_million": input_price, "output_price_per_million": output_price,
        **tokens,
        "output_dollars": tokens["output"] * output_price / 1e6,
        "input_dollars_lower_bound": tokens["input"] * input_price / 1e6,
        "dollars": cost,
        "dollars_per_conversation": common.share(cost, len(convs)) if convs else None,
    }
    return result


# ------------------------------------------------------------------- the run


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = common.bench_arguments(__doc__.splitlines()[0])
    parser.add_argument("--records", required=True, help="records imported from CRAFT-MD's cases.csv")
    parser.add_argument("--source", default=str(DEFAULT_SOURCE), help="CRAFT-MD folder (conversations.jsonl, cases.csv)")
    parser.add_argument("--labels", default=DEFAULT_LABELS, help="gold label files of CRAFT-MD messages (comma-separated globs)")
    parser.add_argument("--size", type=int, default=500, help="consultations in the sample")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--limit", type=int, default=0, help="replay only the first N of the sample (0 = all)")
    parser.add_argument("--input-price", type=float, default=30.0, help="GPT-4 $ per 1M input tokens")
    parser.add_argument("--output-price", type=float, default=60.0, help="GPT-4 $ per 1M output tokens")
    parser.add_argument("--fresh", action="store_true", help="ignore and empty the cache of finished consultations")
    args = parser.parse_args(argv)
    info, started = common.begin(args.threads)

    from eval.faithfulness import FactChecker
    from tod.craftmd.labels import join_labels, label_files
    from tod.nlu.parser import load_parser

    source = Path(args.source)
    records = {r.id: r for r in load_records(args.records)}
    vignettes = read_vignettes(source / "cases.csv")
    sample = draw_sample(iter_consultations(source), args.size, args.seed, set(records) & set(vignettes))
    chosen = sample[: args.limit] if args.limit > 0 else sample
    gold = {t.id: tuple(t.intents) for t in join_labels(label_files(args.labels), source)} if label_files(args.labels) else {}
    cache = Path(args.output_dir) / "craftmd_cache"
    cache.mkdir(parents=True, exist_ok=True)
    if args.fresh:
        for path in cache.glob("*.json"):
            path.unlink()

    def cache_path(conv: Consultation) -> Path:
        return cache / (conv.id.replace("/", "__") + ".json")

    nlu = None  # loaded when a consultation is not in the cache
    checker_args = {"fact_checker": FactChecker(), "jargon": jargon_pattern()}
    results: list[dict] = []
    nlu_seconds, nlu_messages, resumed = 0.0, 0, 0
    for start in range(0, len(chosen), CHUNK):
        chunk = chosen[start:start + CHUNK]
        todo = [c for c in chunk if not cache_path(c).is_file()]
        resumed += len(chunk) - len(todo)
        texts = list(dict.fromkeys(d for c in todo for _, d, _ in replay_pairs(c)))
        if todo and nlu is None:
            nlu = load_parser(args.checkpoint)
        parse_started = time.perf_counter()
        parses = dict(zip(texts, nlu.parse_batch(texts))) if texts else {}
        nlu_seconds += time.perf_counter() - parse_started
        nlu_messages += len(texts)
        for offset, conv in enumerate(chunk):
            path = cache_path(conv)
            if path.is_file():
                results.append(json.loads(path.read_text(encoding="utf-8")))
                continue
            result = run_conversation(conv, records[conv.case_id], vignettes[conv.case_id], parses, gold, nlu,
                                      checker_args, start + offset)
            path.write_text(json.dumps(result) + "\n", encoding="utf-8")
            results.append(result)
        print(f"[craftmd] {len(results)}/{len(chosen)} consultations, {time.perf_counter() - started:.0f} s", file=sys.stderr)

    counter = TokenCounter()
    tokens: Counter[str] = Counter()
    vignette_tokens: dict[str, int] = {}
    for conv in chosen:
        if conv.case_id not in vignette_tokens:
            vignette_tokens[conv.case_id] = counter.count(vignettes[conv.case_id])
        tokens.update(gpt4_tokens(conv, vignette_tokens[conv.case_id], counter))
    figures = aggregate(results, dict(tokens), counter.name, args.input_price, args.output_price,
                        1000 * nlu_seconds / nlu_messages if nlu_messages else None)
    result = {
        "benchmark": "craftmd",
        "checkpoint": args.checkpoint,
        "machine": info,
        "settings": {"records": args.records, "size": args.size, "seed": args.seed, "limit": args.limit,
                     "labels": args.labels, "gold_labelled_messages": len(gold), "threads": args.threads,
                     "resumed_from_cache": resumed, "persona": "default", "published": PUBLISHED},
        "seconds": round(time.perf_counter() - started, 1),
        **figures,
        "sample_ids": [c.id for c in sample],
    }
    text = markdown(result)
    common.write_outputs(args.output_dir, "craftmd", result, text)
    print(text)
    return 0


# ------------------------------------------------------------------ report


def markdown(result: dict) -> str:
    """The Markdown report of a run."""
    t, g = result["by_patient"]["tod"], result["by_patient"]["gpt4"]
    pct = common.pct
    pub = PUBLISHED
    rows = [
        ["replies checked", t["replies"], g["replies"], ""],
        ["sentences faithful (no unfaithful number or term)", pct(t["sentences_faithful"], 3), pct(g["sentences_faithful"], 3),
         f"{pct(pub['sentences_faithful_within_scope'], 3)} within scope"],
        ["unfaithful facts (in replies)", f"{t['unfaithful_facts']} ({t['unfaithful_replies']})",
         f"{g['unfaithful_facts']} ({g['unfaithful_replies']})", ""],
        ["false denials of vignette facts (in replies)", f"{t['false_denials']} ({t['false_denial_replies']})",
         f"{g['false_denials']} ({g['false_denial_replies']})", ""],
        ["conversations without unfaithful fact or false denial", pct(t["without_unfaithful_fact_or_false_denial"]),
         pct(g["without_unfaithful_fact_or_false_denial"]), ""],
        ["leak replies: answer or synonym not quoted, or answer letter", t["leak_replies"], g["leak_replies"], ""],
        ["  answer letters", t["answer_letter_replies"], g["answer_letter_replies"], ""],
        ["  answer named after the doctor or the vignette named it", t["leaks_quoted_or_in_vignette_replies"],
         g["leaks_quoted_or_in_vignette_replies"], ""],
        ["  replies with a reference-only word", t["reference_word_replies"], g["reference_word_replies"], ""],
        ["asked intents answered (NLU parse)", pct(t["answered_share"]), pct(g["answered_share"]), ""],
        ["conversations with every asked intent answered", pct(t["complete_answers"]), pct(g["complete_answers"]),
         f"{pct(pub['conversations_complete_answers'])} complete answers"],
        ["asked intents answered (gold labels, "
         f"{result['gold']['turns']} turns)", pct(result["gold"]["tod_answered_share"]), pct(result["gold"]["gpt4_answered_share"]), ""],
        ["reply length, words (mean / median)", f"{t['words_mean']:.1f} / {t['words_median']}",
         f"{g['words_mean']:.1f} / {g['words_median']}", ""],
        ["replies with jargon", pct(t["jargon_share"]), pct(g["jargon_share"]), ""],
        ["conversations with jargon", pct(t["with_jargon"]), pct(g["with_jargon"]), pct(pub["conversations_with_jargon"])],
        ["replies volunteering facts not asked (of replies to a question)", pct(t["volunteer_share"]),
         pct(g["volunteer_share"]), ""],
    ]
    lat, cost = result["latency_ms"], result["gpt4_cost"]
    nlu_ms = lat["nlu_ms_per_message_batched"]
    lines = [
        "# tod beside CRAFT-MD's GPT-4 patient (same doctor turns)", "",
        format_machine(result["machine"]), "",
        f"{result['conversations']} consultations of a sample of {len(result['sample_ids'])} "
        f"(seed {result['settings']['seed']}, stratified by doctor model, the models interleaved), "
        f"{result['turns']} doctor messages replayed through tod ({result['checkpoint']}) on the imported records "
        f"({result['settings']['records']}); {result['seconds']:.0f} s "
        f"({result['settings']['resumed_from_cache']} consultations from the cache).", "",
        common.markdown_table(["measure", "tod", "GPT-4 patient (recorded)", "CRAFT-MD published (GPT-4 patient)"], rows), "",
        f"tod's own policy says it answered {pct(result['tod_policy_answered_share'])} of the NLU-asked intents. "
        f"Gold-labelled turns: the NLU found {result['gold']['nlu_found']} of {result['gold']['gold_intents']} gold intents.", "",
        "By doctor model (tod / GPT-4):", "",
        common.markdown_table(
            ["doctor model", "conversations", "unfaithful facts", "false denials", "leak replies", "answered", "complete", "jargon convs", "volunteer"],
            [[m, v["tod"]["conversations"], f"{v['tod']['unfaithful_facts']} / {v['gpt4']['unfaithful_facts']}",
              f"{v['tod']['false_denials']} / {v['gpt4']['false_denials']}",
              f"{v['tod']['leak_replies']} / {v['gpt4']['leak_replies']}",
              f"{pct(v['tod']['answered_share'], 1)} / {pct(v['gpt4']['answered_share'], 1)}",
              f"{pct(v['tod']['complete_answers'], 1)} / {pct(v['gpt4']['complete_answers'], 1)}",
              f"{pct(v['tod']['with_jargon'], 1)} / {pct(v['gpt4']['with_jargon'], 1)}",
              f"{pct(v['tod']['volunteer_share'], 1)} / {pct(v['gpt4']['volunteer_share'], 1)}"]
             for m, v in result["by_doctor_model"].items()],
        ), "",
        f"tod reply latency (policy, NLG and guard; the parse given): p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms "
        f"over {lat['n']} turns; NLU parse {'n/a' if nlu_ms is None else f'{nlu_ms:.1f}'} ms per message in batches.", "",
        f"GPT-4 cost replaced: {cost['output']} output tokens in {cost['patient_messages']} recorded patient messages, "
        f"${cost['output_dollars']:.2f}; input at least {cost['input']} tokens (vignette and dialogue so far per reply, "
        f"the patient's system prompt unknown), ${cost['input_dollars_lower_bound']:.2f}; in all "
        f"${cost['dollars']:.2f} (${cost['dollars_per_conversation'] or 0:.4f} per consultation). Tokens counted with the "
        f"{cost['tokenizer']}; prices from {cost['price_source']}.", "",
        "Most frequent unfaithful units: tod " + (", ".join(f"{u} ({n})" for u, n in t["top_unfaithful_units"]) or "none")
        + "; GPT-4 " + (", ".join(f"{u} ({n})" for u, n in g["top_unfaithful_units"]) or "none")
        + ". An LLM's free wording counts a paraphrase outside the lay table (\"tired\" for a recorded \"fatigue\") "
        "as unfaithful as well as an invented fact; these figures were not checked by reading.", "",
        "Checks: `eval/peer_checks.py` (the same for both patients). CRAFT-MD's published figures come from its own "
        "checks (clinician review), not these; they are printed for scale, not as the same measure.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
