"""PromptCaches: prompts computed one message at a time, continued from the longest cached run."""

from __future__ import annotations

from typing import Any

import pytest
import torch
from transformers import LlamaConfig, LlamaForCausalLM

from tod.backends.prompt_cache import PromptCaches, message_boundaries


class CountingModel(torch.nn.Module):
    """A tiny random Llama that records the length of every piece it is run on."""

    def __init__(self) -> None:
        super().__init__()
        torch.manual_seed(0)
        config = LlamaConfig(vocab_size=50, hidden_size=16, intermediate_size=32, num_hidden_layers=2, num_attention_heads=2)
        self.lm = LlamaForCausalLM(config).eval()
        self.config = config
        self.pieces: list[int] = []

    @property
    def device(self) -> torch.device:
        return self.lm.device

    def forward(self, input_ids: torch.Tensor, **kwargs: Any) -> Any:
        self.pieces.append(input_ids.shape[1])
        return self.lm(input_ids=input_ids, **kwargs)


def keys(cache: Any) -> torch.Tensor:
    return cache.layers[0].keys


def test_a_continued_cache_equals_one_computed_from_scratch() -> None:
    model, caches = CountingModel(), PromptCaches()
    first = [1, 2, 3, 4, 5, 6, 7]  # messages end at 3 and 6; token 7 is the generation prompt
    cache = caches.prefill(model, first, [3, 6])
    assert model.pieces == [3, 3] and cache.get_seq_length() == 6
    caches.keep(first, [3, 6], cache)
    later = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 7]  # two more messages: 6-9 and 9-10
    model.pieces.clear()
    continued = caches.prefill(model, later, [3, 6, 8, 10])
    assert model.pieces == [2, 2]  # only the new messages were computed
    fresh = PromptCaches().prefill(CountingModel(), later, [3, 6, 8, 10])
    assert torch.equal(keys(continued), keys(fresh))


def test_keep_cuts_back_to_the_last_boundary_and_only_whole_messages_are_reused() -> None:
    model, caches = CountingModel(), PromptCaches()
    prompt = [1, 2, 3, 4, 5]
    cache = caches.prefill(model, prompt, [2, 4])
    model.lm(input_ids=torch.tensor([[5, 9, 9]]), cache=cache, use_cache=True)  # as generate would
    caches.keep(prompt, [2, 4], cache)
    assert cache.get_seq_length() == 4
    model.pieces.clear()
    caches.prefill(model, [1, 2, 3, 4, 6], [2, 3])  # 4 is not a boundary of this prompt: nothing reused
    assert model.pieces == [2, 1]


def test_the_pool_forgets_the_least_recently_used() -> None:
    model, caches = CountingModel(), PromptCaches(size=2)
    for first in (1, 2, 3):
        caches.keep([first, 0, 9], [2], caches.prefill(model, [first, 0, 9], [2]))
    model.pieces.clear()
    caches.prefill(model, [1, 0, 9], [2])  # forgotten: computed again
    caches.prefill(model, [3, 0, 9], [2])  # kept: nothing to compute
    assert model.pieces == [2]
    with pytest.raises(ValueError, match="size must be at least 1"):
        PromptCaches(size=0)


def test_message_boundaries_are_where_each_rendered_message_ends() -> None:
    from tod.backends.hf_local import resolve_model
    from transformers import AutoTokenizer

    location = resolve_model("smollm2")
    tokenizer = AutoTokenizer.from_pretrained(location.name_or_path, gguf_file=location.gguf_file)
    chat = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi."}, {"role": "assistant", "content": "Hello?"}]
    prompt = list(tokenizer.apply_chat_template(chat + [{"role": "user", "content": "Cough."}], add_generation_prompt=True, return_dict=True)["input_ids"])
    boundaries = message_boundaries(tokenizer, chat + [{"role": "user", "content": "Cough."}], prompt)
    assert len(boundaries) == 4 and boundaries == sorted(boundaries) and boundaries[-1] < len(prompt)
    for end, n in zip(boundaries, range(1, 5)):
        assert tokenizer.decode(prompt[:end]).rstrip().endswith(("Be brief.", "Hi.", "Hello?", "Cough.")[n - 1] + "<|im_end|>")
