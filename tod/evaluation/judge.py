"""Optional LLM judge: win rate of a run against a baseline run (off by default).

For every record with an ``ok`` consultation in both runs, a judge model (any chat-model
backend of :mod:`tod.backends`, usually an OpenAI-compatible endpoint) reads the two
consultations (the reference diagnosis is shown to it, so it can weigh correctness) and
answers ``A``, ``B`` or ``TIE``. Which run is shown as A is drawn per record from a seeded
generator, to cancel position bias.

``win_rate = (wins + ties / 2) / judged``; answers the judge gives in another form, and
judge calls that fail after retries, are counted as ``invalid`` and left out of the rate.
"""

from __future__ import annotations

import random
import re
from typing import Any, Sequence

from tod.backends.base import BackendError, ChatBackend
from tod.backends.registry import resolve
from tod.evaluation.transcript import SUMMARY_FIELDS, Transcript
from tod.records.model import Record

JUDGE_SYSTEM_PROMPT = (
    "You are an experienced physician assessing two doctors who each interviewed the same "
    "patient. Judge which consultation is better: relevant and thorough questioning, no "
    "needless repetition, clear communication, and a correct diagnosis with a sound basis "
    "and an appropriate treatment. Reply with exactly one word: A, B or TIE."
)
_VERDICT = re.compile(r"^\W*(A|B|TIE)\b", re.IGNORECASE)


#: The judge's reply length limit unless its options set ``max_tokens``.
JUDGE_MAX_TOKENS = 64


def load_judge(spec: str, **options: Any) -> ChatBackend:
    """The judge model of a chat-model backend ``spec`` (``openai:MODEL[@BASE_URL]``...),
    greedy by default, at most :data:`JUDGE_MAX_TOKENS` tokens; ``options`` go to the
    backend (``api_key_env``...), which rejects those it does not use.

    Raises:
        SpecError: for an unknown spec or an option the backend does not use.
        BackendError: when a local model cannot be loaded.
    """
    backend, target = resolve(spec, role="judge")
    return backend.load(target, **{"max_tokens": JUDGE_MAX_TOKENS, **options})


def render_consultation(transcript: Transcript) -> str:
    """A consultation as plain text for the judge."""
    lines = [f"Patient: {transcript.opening}"] if transcript.opening else []
    for turn in transcript.turns:
        lines.append(f"Doctor: {turn.doctor}")
        lines.append(f"Patient: {turn.patient}")
    for name in SUMMARY_FIELDS:
        lines.append(f"Doctor's {name}: {transcript.summary_answers.get(name) or '(none)'}")
    return "\n".join(lines)


def parse_verdict(text: str) -> str | None:
    """``"A"``, ``"B"``, ``"TIE"`` from the start of the judge's reply, else ``None``."""
    match = _VERDICT.match(text)
    return match.group(1).upper() if match else None


def judge_win_rate(
    judge: ChatBackend,
    records: Sequence[Record],
    candidate: Sequence[Transcript],
    baseline: Sequence[Transcript],
    *,
    seed: int = 0,
) -> dict[str, Any]:
    """The candidate's win rate against the baseline (see the module docstring)."""
    rng = random.Random(seed)
    ours = {t.record_id: t for t in candidate if t.status == "ok"}
    theirs = {t.record_id: t for t in baseline if t.status == "ok"}
    tally = {"wins": 0, "losses": 0, "ties": 0, "invalid": 0}
    for record in records:
        if record.id not in ours or record.id not in theirs:
            continue
        candidate_is_a = rng.random() < 0.5
        first, second = (ours, theirs) if candidate_is_a else (theirs, ours)
        prompt = (
            f"Reference diagnosis: {record.reference.diagnosis}\n\n"
            f"Consultation A:\n{render_consultation(first[record.id])}\n\n"
            f"Consultation B:\n{render_consultation(second[record.id])}\n\n"
            "Which consultation is better? Answer A, B or TIE."
        )
        try:
            verdict = parse_verdict(
                judge.chat([{"role": "system", "content": JUDGE_SYSTEM_PROMPT}, {"role": "user", "content": prompt}])
            )
        except BackendError:
            verdict = None
        if verdict is None:
            tally["invalid"] += 1
        elif verdict == "TIE":
            tally["ties"] += 1
        elif (verdict == "A") == candidate_is_a:
            tally["wins"] += 1
        else:
            tally["losses"] += 1
    judged = tally["wins"] + tally["losses"] + tally["ties"]
    return {
        "judge": judge.model,
        **tally,
        "judged": judged,
        "win_rate": (tally["wins"] + tally["ties"] / 2) / judged if judged else None,
    }
