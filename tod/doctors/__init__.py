"""Stage 4, the doctors under test: the interface, the scripted doctor and the chat doctor.

Build one with :func:`tod.doctors.registry.load_doctor` from a spec (``scripted``, or a
chat-model backend spec of :mod:`tod.backends`: ``openai:MODEL[@URL]``,
``hf:NAME_OR_PATH``). Backends are imported lazily, so importing this package loads
neither httpx nor torch.
"""

from tod.doctors.base import Doctor, DoctorError, Message

__all__ = ["Doctor", "DoctorError", "Message"]
