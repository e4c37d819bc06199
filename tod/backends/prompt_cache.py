"""Key/value caches kept between calls of a local causal model, so that a consultation's
next turn computes only its new messages.

A chat model is sent the whole consultation every turn; without a cache it re-reads the
system prompt and every earlier message (SmolLM2-135M on a 2-core CPU: about 2 s for 470
prompt tokens, each turn). :class:`PromptCaches` keeps the caches of the last few prompts
and continues the one holding the longest run of the next prompt's messages.

Determinism: a prompt's keys and values are always computed in the same pieces, one
message at a time (:func:`message_boundaries`), whatever was cached. Numerics that depend on
the shape of a forward pass (int8 activations are quantised per call; float sums are
ordered by the kernel's blocking) therefore give a prompt the same reply whether it was
computed from scratch, resumed from a cache, or computed beside other consultations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence


def message_boundaries(tokenizer: Any, chat: Sequence[dict[str, str]], prompt_ids: list[int]) -> list[int]:
    """The token offsets in ``prompt_ids`` (``chat`` rendered with its generation prompt)
    where each message of ``chat`` ends: the lengths of the rendered prefixes
    ``chat[:1]``, ``chat[:2]``... that are token prefixes of ``prompt_ids``. A template whose
    prefixes tokenise differently from the whole yields fewer boundaries (less reuse, same
    results)."""
    boundaries = []
    for end in range(1, len(chat) + 1):
        ids = list(tokenizer.apply_chat_template(list(chat[:end]), tokenize=True, return_dict=True)["input_ids"])
        if 0 < len(ids) < len(prompt_ids) and prompt_ids[: len(ids)] == ids and (not boundaries or len(ids) > boundaries[-1]):
            boundaries.append(len(ids))
    return boundaries


@dataclass
class CachedPrompt:
    """A model cache and the token ids whose keys and values it holds."""

    token_ids: list[int]
    cache: Any


class PromptCaches:
    """The caches of the last ``size`` prompts, least recently used first.

    Edge cases: a cache is continued only when its tokens end on a message boundary of the
    new prompt; a prompt that shares no whole message with any cache starts an empty one.
    """

    def __init__(self, size: int = 4) -> None:
        if size < 1:
            raise ValueError("PromptCaches: size must be at least 1")
        self.size = size
        self._entries: list[CachedPrompt] = []

    def prefill(self, model: Any, prompt_ids: list[int], boundaries: list[int]) -> Any:
        """A cache holding ``prompt_ids[:boundaries[-1]]``: the longest cached run of whole
        messages (taken out of the pool), extended by running ``model`` on the remaining
        messages one at a time. The tokens after the last boundary (the generation prompt)
        are left for ``generate``. Give the cache back with :meth:`keep`."""
        import torch
        from transformers import DynamicCache

        reused = self._take(prompt_ids, boundaries)
        cache = reused.cache if reused else DynamicCache(config=model.config)
        start = len(reused.token_ids) if reused else 0
        device = model.device
        with torch.no_grad():
            for end in (b for b in boundaries if b > start):
                model(input_ids=torch.tensor([prompt_ids[start:end]], device=device), cache=cache, use_cache=True)
                start = end
        return cache

    def keep(self, prompt_ids: list[int], boundaries: list[int], cache: Any) -> None:
        """Put ``cache`` (returned by :meth:`prefill`, since grown by ``generate``) back in the
        pool cut back to the prompt's last message boundary, dropping the least recently
        used beyond ``size``."""
        end = boundaries[-1] if boundaries else 0
        surplus = cache.get_seq_length() - end
        if surplus > 0:
            cache.crop(-surplus)  # transformers' crop removes that many tokens when negative
        if end:
            self._entries.append(CachedPrompt(prompt_ids[:end], cache))
            del self._entries[: -self.size]

    def _take(self, prompt_ids: list[int], boundaries: list[int]) -> CachedPrompt | None:
        """The entry holding the most whole messages of ``prompt_ids``, out of the pool."""
        ends = set(boundaries)
        fits = [e for e in self._entries if len(e.token_ids) in ends and prompt_ids[: len(e.token_ids)] == e.token_ids]
        if not fits:
            return None
        best = max(fits, key=lambda e: len(e.token_ids))
        self._entries.remove(best)
        return best
