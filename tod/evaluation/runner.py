"""Run an evaluation: consult every record, log transcripts, score, write the run folder.

The run folder gets ``transcripts.jsonl`` (one line per finished consultation, appended as
each finishes), ``results.json``, ``report.md`` and ``manifest.json``.

Failures: a consultation that raises :class:`~tod.doctors.base.DoctorError` (the doctor
failed after its retries), or any other error inside one consultation, is logged as
``failed`` with the reason and the run goes on. ``KeyboardInterrupt`` stops the run
without logging the interrupted consultations; ``--resume`` then redoes exactly those.

Inputs (records, doctor, checkpoint) are loaded and checked before the output folder is
created or touched, so a bad input fails with nothing written.

Resume: records that already have a line in ``transcripts.jsonl`` are skipped, a torn last
line is cut off first (so it is redone, never duplicated), and the settings that shape
transcripts (doctor, condition, persona, seed, ...) must match the logged run's. Without
``resume`` an output folder that already holds transcripts is refused.

Each record gets its own seed derived from ``seed`` and its id, so results do not depend
on the order or concurrency in which records run.

Secrets: the API keys are read from the environment by the endpoints' clients (the
doctor's, the judge's, the polish model's) and never stored in the settings; as a second
line of defence, the keys' values are redacted from every transcript, ``results.json`` and
``report.md`` (an endpoint may echo them in an error body or a completion).
"""

from __future__ import annotations

import os
import sys
import zlib
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from tqdm import tqdm

from tod.backends.openai_compat import DEFAULT_API_KEY_ENV
from tod.doctors.base import Doctor
from tod.evaluation.config import TRANSCRIPT_SETTINGS, EvalConfig
from tod.evaluation.consult import consult
from tod.evaluation.manifest import build_manifest
from tod.evaluation.metrics import MetricContext
from tod.evaluation.reporting import Run, render_markdown
from tod.evaluation.results import build_results
from tod.evaluation.run_folder import MANIFEST, REPORT, RESULTS, TRANSCRIPTS
from tod.evaluation.transcript import Transcript, TranscriptLog
from tod.jsonio import read_json, write_json_atomic, write_text_atomic
from tod.nlu.types import TurnParser
from tod.records.model import Record


class RunSetupError(ValueError):
    """A run that cannot start (existing output without --resume, changed settings...)."""


@dataclass(frozen=True)
class RunOutcome:
    """What a finished run produced: counts and the results dict."""

    ran: int
    skipped: int
    results: dict[str, Any]


#: Secrets shorter than this are not redacted (too likely to occur in ordinary text).
MIN_SECRET_LENGTH = 8


def secret_values(config: EvalConfig) -> tuple[str, ...]:
    """The API keys this run may use: the values of the environment variables named by the
    ``api_key_env`` of the doctor, the judge and the polish model (``OPENAI_API_KEY`` when
    not given), when set."""
    roles = [config.doctor_options]
    roles += [config.judge_options] if config.judge else []
    roles += [config.polish_options] if config.polish else []
    names = {options.get("api_key_env", DEFAULT_API_KEY_ENV) for options in roles}
    values = {os.environ.get(name, "") for name in names if name}
    return tuple(sorted((v for v in values if len(v) >= MIN_SECRET_LENGTH), key=len, reverse=True))


def redact(data: Any, secrets: Sequence[str]) -> Any:
    """``data`` (JSON-like) with every occurrence of a secret in its strings replaced by
    ``[redacted]``: defence in depth for an endpoint that echoes the request (and so the
    key) in an error body or a completion, which would otherwise reach the transcripts."""
    if not secrets:
        return data
    if isinstance(data, str):
        for secret in secrets:
            data = data.replace(secret, "[redacted]")
        return data
    if isinstance(data, dict):
        return {redact(k, secrets): redact(v, secrets) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [redact(v, secrets) for v in data]
    return data


def record_seed(seed: int, record_id: str) -> int:
    """The seed of one record's consultation: stable across runs, orders and processes."""
    return (seed * 1_000_003 + zlib.crc32(record_id.encode("utf-8"))) % 2**31


def check_resume(config: EvalConfig, log: TranscriptLog) -> None:
    """Refuse to mix runs: existing transcripts need ``resume`` and unchanged settings.

    Raises:
        RunSetupError: naming the differing settings or the missing ``--resume``.
    """
    has_lines = log.path.exists() and log.path.stat().st_size > 0
    if not has_lines:
        return
    if not config.resume:
        raise RunSetupError(f"{log.path} already holds transcripts; pass --resume to continue that run or use another --output-dir")
    manifest_path = config.output_path / MANIFEST
    if not manifest_path.is_file():
        return
    before = read_json(manifest_path).get("transcript_settings", {})
    now = config.to_json()
    changed = [k for k in TRANSCRIPT_SETTINGS if k in before and before[k] != now[k]]
    if changed:
        details = ", ".join(f"{k}: {before[k]!r} -> {now[k]!r}" for k in changed)
        raise RunSetupError(f"cannot resume {config.output_dir} with different settings ({details})")


def polisher_factory(config: EvalConfig) -> Callable[[], Any] | None:
    """For ``--polish`` in the dialogue condition: a function giving each consultation its
    own :class:`~tod.patient.polish.Polisher` (own counts) around one rewriter of
    ``config.polish_model`` shared by the consultation threads (backends are thread-safe);
    else ``None``."""
    if not config.polish or config.condition != "dialogue":
        return None
    from tod.patient.polish import GroundingCheck, Polisher
    from tod.patient.rewriter import load_rewriter

    rewriter = load_rewriter(config.polish_model, **config.polish_options)
    check = GroundingCheck.load()
    return lambda: Polisher(rewriter=rewriter, check=check)


def _consult_and_log(
    record: Record,
    doctor: Doctor,
    parser: TurnParser | None,
    config: EvalConfig,
    log: TranscriptLog,
    make_polisher: Callable[[], Any] | None,
    secrets: Sequence[str],
) -> Transcript:
    polisher = make_polisher() if make_polisher else None
    transcript = consult(record, doctor, parser, config, seed=record_seed(config.seed, record.id), polisher=polisher)
    if secrets:
        transcript = Transcript.from_json(redact(transcript.to_json(), secrets))
    log.append(transcript)
    return transcript


def run_consultations(
    records: Sequence[Record],
    doctor: Doctor,
    parser: TurnParser | None,
    config: EvalConfig,
    log: TranscriptLog,
    *,
    progress: bool = True,
    make_polisher: Callable[[], Any] | None = None,
) -> int:
    """Consult ``records`` with ``config.concurrency`` threads, logging each as it finishes;
    returns how many were logged. ``KeyboardInterrupt`` (also one raised by the doctor)
    cancels the consultations not yet started and is re-raised; those already running in
    other threads finish and are logged."""
    bar = tqdm(total=len(records), desc=f"{doctor.name} [{config.condition}]", unit="case", disable=not progress, file=sys.stderr)
    secrets = secret_values(config)
    done = 0
    try:
        if config.concurrency == 1:
            for record in records:
                _consult_and_log(record, doctor, parser, config, log, make_polisher, secrets)
                done += 1
                bar.update()
            return done
        with ThreadPoolExecutor(max_workers=config.concurrency, thread_name_prefix="consult") as pool:
            pending: set[Future[Transcript]] = {
                pool.submit(_consult_and_log, r, doctor, parser, config, log, make_polisher, secrets) for r in records
            }
            try:
                while pending:
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        future.result()
                        done += 1
                        bar.update()
            except BaseException:
                for future in pending:
                    future.cancel()
                raise
        return done
    finally:
        bar.close()


def run_evaluation(
    config: EvalConfig,
    *,
    doctor: Doctor | None = None,
    parser: TurnParser | None = None,
    records: Sequence[Record] | None = None,
    metric_context: MetricContext | None = None,
    progress: bool = True,
    judge_factory: Callable[..., Any] | None = None,
) -> RunOutcome:
    """Run ``config`` end to end (see the module docstring).

    ``doctor``, ``parser``, ``records`` and ``metric_context`` replace what ``config``
    would load (tests inject fakes); ``judge_factory`` builds the judge's chat model from
    the judge spec and options (default: :func:`tod.evaluation.judge.load_judge`).

    Raises:
        RunSetupError: see :func:`check_resume`; also a ``baseline`` without transcripts
            and the dialogue condition without a parser or checkpoint.
        KeyboardInterrupt: re-raised after logging what finished.
    """
    out = config.output_path
    log = TranscriptLog(out / TRANSCRIPTS)
    check_resume(config, log)
    if config.baseline and not (Path(config.baseline) / TRANSCRIPTS).is_file():
        raise RunSetupError(f"--baseline {config.baseline} holds no {TRANSCRIPTS}")
    if out.exists() and not out.is_dir():
        raise RunSetupError(f"--output-dir {out} exists and is not a folder")
    # Every input is loaded and checked before the output folder is touched: a bad records
    # file, doctor spec or checkpoint fails with nothing written.
    if records is None:
        from tod.records import load_records

        records = load_records(config.records)
    records = list(records)[: config.limit] if config.limit else list(records)
    context = metric_context or MetricContext(
        bertscore=config.bertscore, bertscore_layers=config.bertscore_layers, match_threshold=config.match_threshold,
        prices=config.prices,
    )
    context.price_table  # noqa: B018 - a bad price table fails here, before anything is written
    owned_doctor = doctor is None
    if doctor is None:
        from tod.doctors.registry import load_doctor

        doctor = load_doctor(config.doctor, system_prompt=config.system_prompt, seed=config.seed, **config.doctor_options)
    try:
        if config.condition == "dialogue":
            from tod.patient.persona import Persona

            if config.persona:
                Persona.parse(config.persona)  # a bad spec fails here, not in every consultation
            if parser is None:
                if config.checkpoint is None:
                    raise RunSetupError("the dialogue condition needs an NLU checkpoint (--checkpoint DIR)")
                from tod.nlu import load_parser

                parser = load_parser(config.checkpoint)
        out.mkdir(parents=True, exist_ok=True)
        if config.resume:
            log.repair()
        write_json_atomic(out / MANIFEST, build_manifest(config, doctor_name=doctor.name, resumed=config.resume))

        logged = {t.record_id for t in log.read()}
        todo = [r for r in records if r.id not in logged]
        make_polisher = polisher_factory(config) if todo else None
        ran = run_consultations(todo, doctor, parser, config, log, progress=progress, make_polisher=make_polisher)
    finally:
        if owned_doctor and hasattr(doctor, "close"):
            doctor.close()  # HTTP connection pools of endpoint doctors

    transcripts = log.read()
    results = build_results(records, transcripts, context, bootstrap_resamples=config.bootstrap_resamples, seed=config.seed)
    if config.judge and config.baseline:
        from tod.evaluation.judge import judge_win_rate, load_judge

        judge = (judge_factory or load_judge)(config.judge, **config.judge_options)
        baseline = TranscriptLog(Path(config.baseline) / TRANSCRIPTS).read()
        try:
            verdicts = judge_win_rate(judge, records, transcripts, baseline, seed=config.seed)
        finally:
            judge.close()
        results["judge"] = {**verdicts, "baseline": config.baseline}
    secrets = secret_values(config)
    results = redact(results, secrets)
    write_json_atomic(out / RESULTS, results)
    manifest = read_json(out / MANIFEST)
    write_text_atomic(out / REPORT, redact(render_markdown([Run(out.resolve().name, out, results, manifest)]), secrets))
    return RunOutcome(ran=ran, skipped=len(records) - len(todo), results=results)
