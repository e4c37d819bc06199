"""Stage 4, the doctors under test: the interface and its adapters.

Build one with :func:`tod.doctors.registry.load_doctor` from a spec (``openai:MODEL[@URL]``,
``hf:NAME_OR_PATH``, ``scripted``). Adapters are imported lazily, so importing this package
loads neither httpx nor torch.
"""

from tod.doctors.base import Doctor, DoctorError, Message

__all__ = ["Doctor", "DoctorError", "Message"]
