"""The text space of the consultation environments: any Unicode string up to a length."""

from __future__ import annotations

import string
from typing import Any

import numpy as np
from gymnasium.spaces import Text

#: Characters :meth:`UnicodeText.sample` draws from (membership is not limited to them).
SAMPLE_CHARSET = string.ascii_letters + string.digits + " .,?'"


class UnicodeText(Text):
    """A :class:`gymnasium.spaces.Text` whose members are all strings of ``min_length`` to
    ``max_length`` characters, whatever their characters (patient replies quote records
    with accents and symbols; doctor turns are free text).

    :meth:`sample` draws from :data:`SAMPLE_CHARSET` with at most ``sample_length``
    characters, so random actions stay short enough to be cheap to answer.
    """

    def __init__(self, max_length: int, *, min_length: int = 0, sample_length: int = 80,
                 seed: int | np.random.Generator | None = None) -> None:
        super().__init__(max_length, min_length=min_length, charset=SAMPLE_CHARSET, seed=seed)
        self.sample_length = max(min_length, min(sample_length, max_length))

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        """A random string of :data:`SAMPLE_CHARSET` characters (``mask`` and
        ``probability`` as for :class:`~gymnasium.spaces.Text`)."""
        if mask is None and probability is None:
            length = int(self.np_random.integers(self.min_length, self.sample_length + 1))
            mask = (length, None)
        return super().sample(mask=mask, probability=probability)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a string of ``min_length`` to ``max_length`` characters."""
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"UnicodeText({self.min_length}, {self.max_length})"
