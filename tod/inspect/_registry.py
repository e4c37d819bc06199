"""Loaded by inspect through the ``inspect_ai`` entry point of the ``tod`` distribution:
registers the ``tod/consultation`` task and the ``tod/scripted`` model."""

from tod.inspect.provider import ScriptedDoctorAPI
from tod.inspect.task import consultation

__all__ = ["ScriptedDoctorAPI", "consultation"]
