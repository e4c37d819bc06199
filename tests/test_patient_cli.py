"""python -m tod.chat and python -m tod.replay with a stand-in NLU."""

from __future__ import annotations

import io
import json

import pytest

from conftest import EXAMPLE, FakeParser, HashingEncoder
from tod import chat, replay


@pytest.fixture
def nlu(monkeypatch):
    """Both CLIs get a dictionary NLU and the hashing encoder instead of trained models."""
    fake = FakeParser()
    fake.add("What brings you in?", ["ask_symptom"])
    fake.add("Do you smoke?", ["ask_tobacco"])
    seen = []

    def load(checkpoint):
        seen.append(checkpoint)
        return fake

    monkeypatch.setattr(chat, "load_nlu", load)
    monkeypatch.setattr(replay, "load_nlu", load)
    monkeypatch.setattr("tod.patient.agent.default_encoder", HashingEncoder)
    return seen


def test_replay_plain_text_turns(tmp_path, nlu):
    turns = tmp_path / "turns.txt"
    turns.write_text("What brings you in?\n\nDo you smoke?\nFinal Diagnosis: diabetes\n", encoding="utf-8")
    out = tmp_path / "out" / "replies.jsonl"
    code = replay.main(
        ["--checkpoint", "ckpt", "--records", str(EXAMPLE), "--record-id", "im-001", "--turns", str(turns), "--output", str(out)]
    )
    assert code == 0 and nlu == ["ckpt"]
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 4
    assert rows[0]["events"] == ["opening"]
    assert set(rows[1]) == {"text", "intents", "slots", "provenance", "events", "answered"}
    assert rows[1]["answered"] == ["ask_symptom"]
    assert rows[1]["intents"] == ["ask_symptom"] and rows[1]["provenance"] == ["symptoms[0]", "symptoms[1]", "symptoms[2]"]
    assert rows[2]["provenance"] == ["social.tobacco"]
    assert "end:final_diagnosis" in rows[3]["events"]


def test_replay_jsonl_turns_and_bad_line(tmp_path, nlu, capsys):
    good = tmp_path / "turns.jsonl"
    good.write_text(json.dumps({"text": "Do you smoke?"}) + "\n", encoding="utf-8")
    out = tmp_path / "replies.jsonl"
    args = ["--checkpoint", "c", "--records", str(EXAMPLE), "--record-id", "im-001", "--output", str(out)]
    assert replay.main([*args, "--turns", str(good)]) == 0
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[1])["intents"] == ["ask_tobacco"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"text": "Do you smoke?"}) + "\n{oops\n", encoding="utf-8")
    assert replay.main([*args, "--turns", str(bad)]) == 1
    assert f"{bad}:2" in capsys.readouterr().err


def test_missing_record_id_is_a_clear_error(tmp_path, nlu, capsys):
    turns = tmp_path / "t.txt"
    turns.write_text("hi\n", encoding="utf-8")
    code = replay.main(
        ["--checkpoint", "c", "--records", str(EXAMPLE), "--record-id", "nope", "--turns", str(turns), "--output", str(tmp_path / "o.jsonl")]
    )
    err = capsys.readouterr().err
    assert code == 1 and "'nope'" in err and "im-001" in err
    assert not (tmp_path / "o.jsonl").exists()


def test_chat_session_with_debug(monkeypatch, capsys, nlu):
    monkeypatch.setattr("sys.stdin", io.StringIO("What brings you in?\n\nDo you smoke?\nquit\nnever read\n"))
    assert chat.main(["--records", str(EXAMPLE), "--record-id", "im-001", "--debug", "--persona", "choleric"]) == 0
    out = capsys.readouterr().out
    assert "patient> Doctor, I've been so thirsty" in out
    assert "[intents: ask_symptom]" in out and "[provenance: social.tobacco]" in out
    assert "never read" not in out and "Type 2 diabetes" not in out


def test_chat_ends_on_eof_and_reports_the_end(monkeypatch, capsys, nlu):
    lines = "Final Diagnosis: diabetes\nDiabetes.\nYour tests.\nMetformin.\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert chat.main(["--records", str(EXAMPLE), "--record-id", "im-001"]) == 0
    out = capsys.readouterr().out
    assert "consultation finished: final_diagnosis" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("Do you smoke?\n"))
    assert chat.main(["--records", str(EXAMPLE), "--record-id", "im-001"]) == 0


def test_chat_errors(tmp_path, capsys, nlu):
    assert chat.main(["--records", str(tmp_path / "missing.jsonl"), "--record-id", "x"]) == 1
    assert "not found" in capsys.readouterr().err
    assert chat.main(["--records", str(EXAMPLE), "--record-id", "im-001", "--persona", "grumpy"]) == 1
    assert "grumpy" in capsys.readouterr().err


def test_missing_checkpoint_message(tmp_path, capsys):
    code = chat.main(["--records", str(EXAMPLE), "--record-id", "im-001", "--checkpoint", str(tmp_path / "none")])
    assert code == 1 and "python -m tod.train" in capsys.readouterr().err
