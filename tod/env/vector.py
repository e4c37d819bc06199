"""``VectorConsultationEnv``: ``num_envs`` consultations stepped together.

Each :meth:`~VectorConsultationEnv.step` parses the doctor turns of all environments still
in their interview in one NLU batch (``parser.parse_batch``), then lets each patient answer
with its parse: the per-turn cost of the NLU's forward pass is shared by the batch.

Gymnasium's vector conventions: observations are a tuple of strings, rewards, terminations
and truncations NumPy arrays of length ``num_envs``, infos a dict of arrays with ``_key``
masks; ``metadata["autoreset_mode"]`` is ``NEXT_STEP``: the step after an environment's
episode ended resets it (its action is ignored) and returns its new opening statement.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import numpy as np
from gymnasium.error import InvalidAction
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from tod.env.consultation import ConsultationEnv, load_env_parser, load_env_records
from tod.nlu.types import TurnParser
from tod.records.model import Record


class VectorConsultationEnv(VectorEnv):
    """``num_envs`` :class:`ConsultationEnv` sharing one NLU parser and one record list.

    Args:
        num_envs: how many consultations run side by side.
        records, parser: as for :class:`ConsultationEnv` (loaded once, shared).
        **options: the other :class:`ConsultationEnv` settings (persona, max_turns, reward...).

    ``reset(seed=S)`` seeds environment ``i`` with ``S + i``; ``options={"record_ids": [...]}``
    (one id per environment) chooses the records.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int, records: str | Path | Sequence[Record], parser: TurnParser | str | Path,
                 **options: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        loaded, source = load_env_records(records)
        self.parser = load_env_parser(parser)
        self.envs = [ConsultationEnv(loaded, self.parser, **options) for _ in range(num_envs)]
        for env in self.envs:
            env.records_source = source
        self.num_envs = num_envs
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[tuple[str, ...], dict[str, Any]]:
        """Reset every environment; returns the opening statements and the batched infos.

        Raises:
            ValueError: an unknown option, ``record_ids`` or ``seed`` of the wrong length,
                or an unknown record id (naming it).
        """
        seeds = self._seeds(seed)
        options = dict(options or {})
        unknown = sorted(set(options) - {"record_ids"})
        if unknown:
            raise ValueError(f"reset options: unknown {unknown}; expected 'record_ids' (one record id per environment)")
        record_ids = options.get("record_ids")
        if record_ids is not None and len(record_ids) != self.num_envs:
            raise ValueError(f"reset options: record_ids has {len(record_ids)} ids for {self.num_envs} environments")
        observations, infos = [], {}
        for i, env in enumerate(self.envs):
            env_options = None if record_ids is None else {"record_id": record_ids[i]}
            observation, info = env.reset(seed=seeds[i], options=env_options)
            observations.append(observation)
            infos = self._add_info(infos, info, i)
        self._autoreset[:] = False
        return tuple(observations), infos

    def step(self, actions: Sequence[str]) -> tuple[tuple[str, ...], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One doctor turn per environment (see the module docstring).

        Raises:
            ValueError: not one action per environment.
            gymnasium.error.InvalidAction: an action that is not a string (naming its index).
        """
        actions = list(actions)
        if len(actions) != self.num_envs:
            raise ValueError(f"step: {len(actions)} actions for {self.num_envs} environments")
        texts: list[str | None] = [None] * self.num_envs
        for i, (env, action) in enumerate(zip(self.envs, actions)):
            if not self._autoreset[i]:
                try:
                    texts[i] = env.doctor_text(action)
                except InvalidAction as exc:
                    raise InvalidAction(f"environment {i}: {exc}") from None
        batch = [i for i, env in enumerate(self.envs) if texts[i] is not None and env.needs_parse]
        parses = dict(zip(batch, self.parser.parse_batch([texts[i] for i in batch]))) if batch else {}
        observations: list[str] = []
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        infos: dict[str, Any] = {}
        for i, env in enumerate(self.envs):
            text = texts[i]
            if text is None:
                observation, info = env.reset()
            else:
                observation, rewards[i], terminations[i], truncations[i], info = env.play(text, parses.get(i))
            observations.append(observation)
            infos = self._add_info(infos, info, i)
        self._autoreset = terminations | truncations
        return tuple(observations), rewards, terminations, truncations, infos

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, (int, np.integer)):
            return [int(seed) + i for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"reset: {len(seeds)} seeds for {self.num_envs} environments")
        return seeds
