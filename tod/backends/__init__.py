"""Chat-model backends shared by every role that prompts a language model: the doctor under
test, the LLM judge and the polish rewriter.

A spec string picks the backend (``openai:MODEL[@BASE_URL]``, ``hf:NAME_OR_PATH``); each
backend parses its own options and rejects those it does not use. See
:mod:`tod.backends.registry` for the specs and for how to add a backend. Backends are
imported lazily, so importing this package loads neither httpx nor torch.
"""

from tod.backends.base import BackendError, ChatBackend, SpecError
from tod.backends.registry import load_backend, resolve

__all__ = ["BackendError", "ChatBackend", "SpecError", "load_backend", "resolve"]
