"""The settings of one evaluation run (what ``python -m tod.evaluate`` is asked to do)."""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from tod.doctors.prompts import load_system_prompt

Condition = Literal["dialogue", "vignette", "opening"]
CONDITIONS: tuple[str, ...] = ("dialogue", "vignette", "opening")

#: The chat model that polishes patient replies (``--polish``) unless ``polish_model`` says otherwise.
DEFAULT_POLISH_MODEL = "hf:smollm2"

#: Settings that shape the transcripts: a resumed run must keep them.
TRANSCRIPT_SETTINGS: tuple[str, ...] = (
    "doctor",
    "condition",
    "persona",
    "polish",
    "polish_model",
    "seed",
    "max_turns",
    "checkpoint",
    "system_prompt_sha256",
    "doctor_options",
    "unrecorded",
)


@dataclass(frozen=True)
class EvalConfig:
    """One evaluation run.

    ``doctor_options`` are passed to :func:`tod.doctors.registry.load_doctor` (temperature,
    max_tokens, timeout_s, max_retries, api_key_env, device: only those set, since each
    backend rejects options it does not use); they name the API-key variable, never hold
    the key. ``limit`` takes the first N records of the file. ``judge`` (a model spec such
    as ``openai:MODEL@URL``) with ``baseline`` (a run folder) adds an LLM-judge win rate;
    ``judge_options`` go to its backend. ``polish`` rewrites the patient's replies with
    ``polish_model`` (a model spec), built with ``polish_options``. ``bertscore=False``
    skips BERTScore. ``unrecorded`` is the examiner's answer for an ordered test without a
    recorded result (``not_available`` or ``normal``); ``prices`` a price table file for
    the cost ledger (``None``: the shipped ``tod/examiner/prices.yaml``).
    """

    doctor: str
    records: str
    output_dir: str
    condition: Condition = "dialogue"
    limit: int | None = None
    persona: str | None = None
    polish: bool = False
    polish_model: str = DEFAULT_POLISH_MODEL
    polish_options: dict[str, Any] = field(default_factory=dict)
    concurrency: int = 1
    resume: bool = False
    seed: int = 0
    checkpoint: str | None = None
    max_turns: int = 20
    system_prompt_file: str | None = None
    doctor_options: dict[str, Any] = field(default_factory=dict)
    bertscore: bool = True
    bertscore_layers: int = 5
    match_threshold: float = 0.8
    bootstrap_resamples: int = 1000
    judge: str | None = None
    judge_options: dict[str, Any] = field(default_factory=dict)
    baseline: str | None = None
    unrecorded: str = "not_available"
    prices: str | None = None

    def __post_init__(self) -> None:
        from tod.examiner.render import UNRECORDED

        if self.unrecorded not in UNRECORDED:
            raise ValueError(f"unrecorded {self.unrecorded!r} is not one of {', '.join(UNRECORDED)}")
        if self.condition not in CONDITIONS:
            raise ValueError(f"condition {self.condition!r} is not one of {', '.join(CONDITIONS)}")
        if self.concurrency < 1 or self.max_turns < 1:
            raise ValueError("concurrency and max_turns must be at least 1")
        if self.limit is not None and self.limit < 1:
            raise ValueError("limit must be at least 1")
        if (self.judge is None) != (self.baseline is None):
            raise ValueError("--judge and --baseline go together")
        if self.judge_options and self.judge is None:
            raise ValueError("judge options (--judge-api-key-env) need --judge")
        if not self.polish and (self.polish_options or self.polish_model != DEFAULT_POLISH_MODEL):
            raise ValueError("--polish-model and --polish-api-key-env need --polish")

    @property
    def output_path(self) -> Path:
        """The output folder as a path."""
        return Path(self.output_dir)

    @property
    def system_prompt(self) -> str:
        """The doctor's system prompt (the file's text, or the default)."""
        return load_system_prompt(self.system_prompt_file)

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict, with the system prompt's SHA-256 (no secrets:
        only the name of the API-key variable is stored)."""
        data = asdict(self)
        data["system_prompt_sha256"] = hashlib.sha256(self.system_prompt.encode("utf-8")).hexdigest()
        return data
