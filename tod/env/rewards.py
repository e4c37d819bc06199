"""The reward of the consultation environments.

Per step:

* **facts**: each record fact the patient states for the first time (a fact path of
  :func:`tod.records.model.iter_fact_paths` that enters the patient's revealed facts)
  earns the weight of its family (``family_weights``, 1.0 for every family by default);
* **repeats**: each question the patient marks as repeated (an asked intent whose facts it
  already gave: a ``repeated_question:INTENT`` event) costs ``repeat_penalty``;
* **diagnosis**, on the step that ends the consultation (the three closing questions
  answered): ``diagnosis_weight`` x the diagnosis score, which is either ``top1`` (1.0 when
  the doctor's top diagnosis matches the reference or a synonym, by the evaluator's rules in
  :mod:`tod.evaluation.metrics.diagnosis`, else 0.0) or ``similarity`` (the cosine
  similarity, clipped to [0, 1], between the doctor's top diagnosis and the nearest name of
  the reference or its synonyms, with the local sentence encoder; 0.0 with no diagnosis).

A consultation cut off by the turn limit (``truncated``) gets no diagnosis reward.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Mapping

#: The fact families of :func:`tod.records.model.iter_fact_paths`.
FACT_FAMILIES: tuple[str, ...] = (
    "demographics",
    "symptoms",
    "symptom_details",
    "history",
    "social",
    "sexual_reproductive",
    "examinations",
)

DiagnosisScore = Literal["top1", "similarity"]


@dataclass(frozen=True)
class RewardConfig:
    """Reward settings (see the module docstring).

    Args:
        family_weights: reward per newly revealed fact, by family; families left out weigh
            ``default_weight``.
        default_weight: the weight of a family not in ``family_weights``.
        repeat_penalty: subtracted per repeated question.
        diagnosis: ``"top1"`` or ``"similarity"``.
        diagnosis_weight: multiplies the diagnosis score at the end.

    Raises:
        ValueError: an unknown family, an unknown diagnosis score or a negative penalty.
    """

    family_weights: Mapping[str, float] = field(default_factory=dict)
    default_weight: float = 1.0
    repeat_penalty: float = 0.5
    diagnosis: DiagnosisScore = "top1"
    diagnosis_weight: float = 10.0

    def __post_init__(self) -> None:
        unknown = sorted(set(self.family_weights) - set(FACT_FAMILIES))
        if unknown:
            raise ValueError(f"family_weights: unknown families {unknown}; expected some of {list(FACT_FAMILIES)}")
        if self.diagnosis not in ("top1", "similarity"):
            raise ValueError(f"diagnosis must be 'top1' or 'similarity', got {self.diagnosis!r}")
        if self.repeat_penalty < 0:
            raise ValueError(f"repeat_penalty must be >= 0 (it is subtracted), got {self.repeat_penalty}")

    def weight(self, family: str) -> float:
        """The reward of one newly revealed fact of ``family``."""
        return float(self.family_weights.get(family, self.default_weight))

    def step_reward(self, new_families: list[str], repeated: int) -> float:
        """The reward of one step without the diagnosis part: facts newly revealed (their
        families) and the number of repeated questions."""
        return sum(self.weight(f) for f in new_families) - self.repeat_penalty * repeated
