"""Stages 2-4, the patient simulator: dialogue state, record lookup policy, template NLG
with a provenance guard, and the dialogue manager, behind :class:`PatientAgent`.

Modules, one job each: :mod:`~tod.patient.acts` (what passes between the stages, and the
``Policy`` / ``Renderer`` interfaces), :mod:`~tod.patient.state` (dialogue state),
:mod:`~tod.patient.policy` (intent -> record facts, one intent-to-field table),
:mod:`~tod.patient.facts` (reading the case by field path), :mod:`~tod.patient.matching`
(named items -> record values), :mod:`~tod.patient.templates` (template bank,
placeholders, composition, list punctuation), :mod:`~tod.patient.nlg` (statements ->
template parts), :mod:`~tod.patient.persona` and :mod:`~tod.patient.voice` (how the
patient talks), :mod:`~tod.patient.guard` (provenance check), :mod:`~tod.patient.polish`
(optional LLM rewrite), :mod:`~tod.patient.manager` (ending and closing questions),
:mod:`~tod.patient.agent` (the pipeline; ``PatientAgent.build`` makes the default
stages). Importing it does not load torch: the MiniLM encoder loads when the first agent
needs it.
"""

from tod.patient.agent import PatientAgent
from tod.patient.persona import TEMPERAMENTS, Persona
from tod.patient.reply import PatientReply

__all__ = ["PatientAgent", "PatientReply", "Persona", "TEMPERAMENTS"]
