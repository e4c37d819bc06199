"""Gymnasium environments in which an agent plays the doctor against tod's patient
(``pip install -e ".[rl]"``).

* :class:`ConsultationEnv`: one consultation per episode; ``reset`` returns the patient's
  opening statement, ``step(doctor_text)`` the patient's reply, a reward
  (:class:`RewardConfig`), ``terminated`` / ``truncated`` and an info dict;
* :class:`VectorConsultationEnv`: ``num_envs`` consultations stepped together, their
  doctor turns parsed in one NLU batch.
"""

from tod.env.consultation import ConsultationEnv
from tod.env.rewards import FACT_FAMILIES, RewardConfig
from tod.env.spaces import UnicodeText
from tod.env.vector import VectorConsultationEnv

__all__ = ["FACT_FAMILIES", "ConsultationEnv", "RewardConfig", "UnicodeText", "VectorConsultationEnv"]
