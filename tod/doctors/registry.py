"""Build a doctor from a spec string.

Specs:

* ``scripted``: the deterministic scripted doctor (takes no options).
* any chat-model backend spec (``openai:MODEL[@BASE_URL]``, ``hf:NAME_OR_PATH``; see
  :mod:`tod.backends.registry`): a :class:`~tod.doctors.chat_doctor.ChatDoctor` over that
  backend. A new kind of doctor model is a new backend registered there.
"""

from __future__ import annotations

from typing import Any

from tod.backends.base import BackendError, SpecError
from tod.backends.registry import resolve
from tod.doctors.base import Doctor, DoctorError
from tod.doctors.prompts import DEFAULT_SYSTEM_PROMPT

SCRIPTED = "scripted"

#: Generation settings of a local ``hf:`` doctor unless the caller gives them: a reply of at
#: most 40 new tokens that stops at its first "?", with a repetition penalty, int8 weights.
#: Small local models otherwise write long, repetitive turns (SmolLM2-135M: up to the
#: 512-token cap per turn, 172 s for one consultation on a 2-core CPU; 121 s with 96 tokens
#: to the end of the first question line in float32).
HF_DOCTOR_DEFAULTS: dict[str, Any] = {
    "max_tokens": 40,
    "repetition_penalty": 1.2,
    "stop_after_question": True,
    "dtype": "qint8",
}


def load_doctor(spec: str, *, system_prompt: str = DEFAULT_SYSTEM_PROMPT, seed: int = 0, **options: Any) -> Doctor:
    """The doctor named by ``spec`` (see the module docstring).

    ``system_prompt`` and ``seed`` are the run's: a chat doctor is prompted with the one
    and passes the other to its backend; the scripted doctor, deterministic and
    prompt-free, ignores both. ``options`` go to the backend (``temperature``,
    ``max_tokens``, ``timeout_s``, ``api_key_env``, ``device``...), which rejects those it
    does not use; the scripted doctor takes none. An ``hf:`` doctor starts from
    :data:`HF_DOCTOR_DEFAULTS`.

    Raises:
        SpecError: for an unknown spec, an empty model name or an option the doctor does
            not use.
        DoctorError: when a model cannot be loaded.
    """
    if spec == SCRIPTED:
        if options:
            raise SpecError(f"unknown doctor option(s) {', '.join(sorted(options))}: the scripted doctor takes none")
        from tod.doctors.scripted import ScriptedDoctor

        return ScriptedDoctor()
    from tod.doctors.chat_doctor import ChatDoctor

    backend, target = resolve(spec, role="doctor", others=(SCRIPTED,))
    if backend.kind == "hf":
        options = {**HF_DOCTOR_DEFAULTS, **options}
    try:
        model = backend.load(target, seed=seed, **options)
    except BackendError as exc:
        raise DoctorError(str(exc)) from exc
    return ChatDoctor(model, system_prompt=system_prompt)
