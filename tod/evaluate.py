"""``python -m tod.evaluate``: score a doctor model on simulated consultations.

    python -m tod.evaluate --doctor scripted --records records/default.jsonl \\
        --checkpoint checkpoints/default --output-dir runs/scripted
    python -m tod.evaluate --doctor openai:qwen2.5:7b@http://localhost:11434/v1 \\
        --records records/default.jsonl --checkpoint checkpoints/default \\
        --output-dir runs/qwen --concurrency 4 --resume

Writes DIR/transcripts.jsonl (one line per finished consultation), DIR/results.json,
DIR/report.md and DIR/manifest.json. Exit status: 0 done (consultations whose doctor failed
after its retries are logged as failed and counted in the report), 1 bad settings or inputs
(one ``error:`` line naming the file, line and field; nothing is written), 130 interrupted
(rerun with --resume to continue).
"""

from __future__ import annotations

import argparse
import sys

from tod.evaluation.config import CONDITIONS, DEFAULT_POLISH_MODEL, EvalConfig


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    p = argparse.ArgumentParser(prog="python -m tod.evaluate", description=__doc__.splitlines()[0])
    p.add_argument("--doctor", required=True, help="openai:MODEL[@BASE_URL], hf:NAME_OR_PATH or scripted")
    p.add_argument("--records", required=True, help="records file (JSONL)")
    p.add_argument("--output-dir", required=True, help="run folder")
    p.add_argument("--checkpoint", help="NLU checkpoint folder (needed for --condition dialogue)")
    p.add_argument("--condition", choices=CONDITIONS, default="dialogue", help="dialogue (default), vignette or opening")
    p.add_argument("--limit", type=int, help="only the first N records")
    p.add_argument(
        "--persona",
        help="patient persona TEMPERAMENT[,SWITCH...]: choleric, melancholic, phlegmatic (default) or sanguine; "
        "switches volunteer, no-volunteer, colloquial, uncertain",
    )
    p.add_argument("--polish", action="store_true", help="rewrite patient replies with --polish-model (grounding-checked)")
    p.add_argument(
        "--polish-model",
        default=DEFAULT_POLISH_MODEL,
        help=f"the rewriter: hf:NAME_OR_PATH or openai:MODEL[@BASE_URL] (default {DEFAULT_POLISH_MODEL}: SmolLM2)",
    )
    p.add_argument("--polish-api-key-env", help="environment variable holding the polish model's API key (openai:)")
    p.add_argument("--concurrency", type=int, default=1, help="consultations run in parallel")
    p.add_argument("--resume", action="store_true", help="continue a run in --output-dir")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-turns", type=int, default=20, help="doctor turns before the interview is closed")
    doctor = p.add_argument_group("doctor model", "options a doctor does not use are refused (scripted uses none)")
    doctor.add_argument("--system-prompt-file", help="the doctor's system prompt (default: built in)")
    doctor.add_argument("--temperature", type=float, help="sampling temperature (default 0: greedy)")
    doctor.add_argument("--max-tokens", type=int, help="reply length limit (default 512)")
    doctor.add_argument(
        "--timeout", dest="timeout_s", metavar="SECONDS", type=float, help="seconds per request (openai: only; default 60)"
    )
    doctor.add_argument("--retries", dest="max_retries", metavar="N", type=int, help="retries per request (openai: only; default 4)")
    doctor.add_argument("--api-key-env", help="environment variable holding the API key (openai:; default OPENAI_API_KEY)")
    doctor.add_argument("--device", help="torch device (hf: only; default cuda when available)")
    metrics = p.add_argument_group("metrics")
    metrics.add_argument("--no-bertscore", action="store_true", help="skip BERTScore")
    metrics.add_argument("--bertscore-layers", type=int, default=5, help="encoder layer used by BERTScore")
    metrics.add_argument("--match-threshold", type=float, default=0.8, help="cosine similarity for a synonym match")
    metrics.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples")
    metrics.add_argument("--judge", help="openai:MODEL@URL or hf:NAME_OR_PATH: LLM judge for a win rate against --baseline")
    metrics.add_argument("--judge-api-key-env", help="environment variable holding the judge's API key (openai:)")
    metrics.add_argument("--baseline", help="run folder the judge compares against")
    examiner = p.add_argument_group("examiner and costs")
    examiner.add_argument(
        "--unrecorded", choices=("not_available", "normal"), default="not_available",
        help="the examiner's answer for an ordered test the record has no result for (default not_available)",
    )
    examiner.add_argument("--prices", help="price table (YAML) for the cost ledger (default: tod/examiner/prices.yaml)")
    return p


#: The doctor-model options (argument ``dest`` = option name); only those given are passed on.
DOCTOR_OPTIONS = ("temperature", "max_tokens", "timeout_s", "max_retries", "api_key_env", "device")


def given(**options: object) -> dict[str, object]:
    """The options that were given (not ``None``)."""
    return {name: value for name, value in options.items() if value is not None}


def config_from_args(args: argparse.Namespace) -> EvalConfig:
    """The run settings of parsed arguments (raises ValueError for inconsistent ones).

    Only the model options given on the command line are passed on: each backend has its
    own defaults and refuses options it does not use."""
    return EvalConfig(
        doctor=args.doctor,
        records=args.records,
        output_dir=args.output_dir,
        condition=args.condition,
        limit=args.limit,
        persona=args.persona,
        polish=args.polish,
        polish_model=args.polish_model,
        concurrency=args.concurrency,
        resume=args.resume,
        seed=args.seed,
        checkpoint=args.checkpoint,
        max_turns=args.max_turns,
        system_prompt_file=args.system_prompt_file,
        bertscore_layers=args.bertscore_layers,
        match_threshold=args.match_threshold,
        bootstrap_resamples=args.bootstrap,
        judge=args.judge,
        baseline=args.baseline,
        unrecorded=args.unrecorded,
        prices=args.prices,
        bertscore=not args.no_bertscore,
        doctor_options=given(**{name: getattr(args, name) for name in DOCTOR_OPTIONS}),
        judge_options=given(api_key_env=args.judge_api_key_env),
        polish_options=given(api_key_env=args.polish_api_key_env),
    )


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation CLI; returns the exit status."""
    args = build_parser().parse_args(argv)
    from tod.backends.base import BackendError
    from tod.doctors.base import DoctorError
    from tod.evaluation.runner import redact, run_evaluation, secret_values

    config = None
    try:
        config = config_from_args(args)
        config.system_prompt  # noqa: B018 - fail early on a missing prompt file
        outcome = run_evaluation(config)
    except KeyboardInterrupt:
        print(f"interrupted; rerun with --resume to continue {args.output_dir}", file=sys.stderr)
        return 130
    except (ValueError, DoctorError, BackendError) as exc:  # settings, records, checkpoint, run folder, model load
        message = " ".join(str(exc).split())
        print(f"error: {redact(message, secret_values(config)) if config else message}", file=sys.stderr)
        return 1
    except OSError as exc:  # an unreadable input or unwritable output folder
        where = f" {exc.filename}" if exc.filename else ""
        print(f"error:{where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    counts = outcome.results["counts"]
    metrics = outcome.results["metrics"]
    top1 = metrics["top1"]
    print(
        f"{args.output_dir}: {counts['ok']} ok, {counts['failed']} failed ({outcome.ran} run now, {outcome.skipped} resumed); "
        f"top-1 {'n/a' if top1 is None else f'{100 * top1:.1f}%'}; report: {args.output_dir}/report.md"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
