"""Reading CRAFT-MD consultations from either of its two layouts.

A message id is ``MODEL/case_N/tT/mM``: the doctor model, the case, the trial and the index of
the message in the consultation's ``messages`` list. Two layouts are read:

* the shared file ``conversations.jsonl`` (one consultation a line:
  ``{"id": "MODEL/case_N/tT", "case_id", "doctor_model", "messages": [{"role", "content"}]}``);
* a copy of the public CRAFT-MD repository, ``results/MODEL/case_N.json``, each holding
  ``trial_K.multiturn_conversation`` lists (a folder that has ``results/`` or is ``results/``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator

DEFAULT_SOURCE = Path("../shared/data/craftmd")


class SourceError(ValueError):
    """A CRAFT-MD source that cannot be read; the message names the file (and line)."""


@dataclass(frozen=True)
class Message:
    """One message of a consultation; ``role`` is ``assistant`` for the doctor."""

    id: str
    role: str
    content: str


@dataclass(frozen=True)
class Consultation:
    """One CRAFT-MD consultation (one doctor model, one case, one trial)."""

    id: str
    case_id: str
    doctor_model: str
    messages: tuple[Message, ...]

    def doctor_messages(self) -> list[Message]:
        """The doctor's messages, in order."""
        return [m for m in self.messages if m.role == "assistant"]


def _build(conv_id: str, case_id: str, model: str, raw: list, where: str) -> Consultation:
    if not isinstance(raw, list):
        raise SourceError(f"{where}: expected a list of messages")
    messages = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("content"), str) or not isinstance(item.get("role"), str):
            raise SourceError(f"{where}: message {index}: expected an object with string 'role' and 'content'")
        messages.append(Message(f"{conv_id}/m{index}", item["role"], item["content"]))
    return Consultation(conv_id, case_id, model, tuple(messages))


def _from_jsonl(path: Path) -> Iterator[Consultation]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SourceError(f"{where}: not valid JSON ({exc.msg})") from None
            try:
                yield _build(data["id"], data["case_id"], data["doctor_model"], data["messages"], where)
            except (KeyError, TypeError):
                raise SourceError(f"{where}: expected fields id, case_id, doctor_model, messages") from None


def _from_results(results: Path) -> Iterator[Consultation]:
    for model_dir in sorted(p for p in results.iterdir() if p.is_dir()):
        for path in sorted(model_dir.glob("case_*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise SourceError(f"{path}: not a readable JSON file ({exc})") from None
            case_id = str(data.get("case_id", path.stem))
            for key in sorted(k for k in data if k.startswith("trial_")):
                trial = data[key]
                if not isinstance(trial, dict) or "multiturn_conversation" not in trial:
                    continue
                conv_id = f"{model_dir.name}/{case_id}/t{key.removeprefix('trial_')}"
                yield _build(conv_id, case_id, model_dir.name, trial["multiturn_conversation"], f"{path}: {key}")


def iter_consultations(source: str | Path = DEFAULT_SOURCE) -> Iterator[Consultation]:
    """Yield the consultations of a CRAFT-MD source (a folder or a ``conversations.jsonl`` file).

    Raises:
        SourceError: the source is missing or holds neither layout, or a file is malformed.
    """
    source = Path(source)
    if source.is_file():
        yield from _from_jsonl(source)
    elif (source / "conversations.jsonl").is_file():
        yield from _from_jsonl(source / "conversations.jsonl")
    elif (source / "results").is_dir():
        yield from _from_results(source / "results")
    elif source.name == "results" and source.is_dir():
        yield from _from_results(source)
    else:
        raise SourceError(f"{source}: no CRAFT-MD conversations (expected conversations.jsonl or results/MODEL/case_N.json)")


def doctor_message_texts(source: str | Path = DEFAULT_SOURCE) -> dict[str, str]:
    """Every doctor message of the source, by message id (a fresh dict; the source is read
    once per path and modification time, so checking labels and then training on them does
    not parse the 92,883 messages twice)."""
    path = Path(source).resolve()
    stamp = path.stat().st_mtime_ns if path.exists() else -1
    return dict(_doctor_message_texts(path, stamp))


@lru_cache(maxsize=4)
def _doctor_message_texts(path: Path, stamp: int) -> dict[str, str]:
    return {m.id: m.content for conv in iter_consultations(path) for m in conv.doctor_messages()}
