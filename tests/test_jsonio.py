"""tod.jsonio: the atomic writers every output file goes through, and tod.text's cleaner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tod.jsonio import json_text, write_json_atomic, write_jsonl_atomic, write_lines_atomic
from tod.text import replace_lone_surrogates


def test_jsonl_rows_are_written_one_a_line_and_read_back(tmp_path: Path) -> None:
    rows = [{"text": "Fièvre? 发烧吗"}, {"text": "lone \ud800 surrogate"}, [1, None]]
    path = tmp_path / "sub" / "rows.jsonl"
    assert write_jsonl_atomic(path, rows) == 3
    lines = path.read_bytes().decode("utf-8").splitlines()  # valid UTF-8 despite the surrogate
    assert [json.loads(line) for line in lines] == rows
    assert "Fièvre? 发烧吗" in lines[0] and "\\ud800" in lines[1]  # escapes only where needed
    assert json_text({"a": "é"}) == '{"a": "é"}'


def test_a_failure_half_way_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    path.write_text("old\n")

    def rows():
        yield {"n": 1}
        raise RuntimeError("model crashed")

    with pytest.raises(RuntimeError, match="crashed"):
        write_jsonl_atomic(path, rows())
    assert path.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]


def test_a_folder_target_is_refused_before_any_work(tmp_path: Path) -> None:
    consumed = []

    def lines():
        consumed.append(1)
        yield "x"

    with pytest.raises(IsADirectoryError):
        write_lines_atomic(tmp_path, lines())
    assert consumed == []


def test_json_files_fall_back_to_escapes_for_lone_surrogates(tmp_path: Path) -> None:
    write_json_atomic(tmp_path / "r.json", {"answer": "\udfff ok"})
    assert json.loads((tmp_path / "r.json").read_bytes().decode("utf-8")) == {"answer": "\udfff ok"}


def test_lone_surrogates_become_one_replacement_character_each() -> None:
    text = "\ud800 Any fever? \udfff 😀"
    assert replace_lone_surrogates(text) == "\ufffd Any fever? \ufffd 😀"
    assert replace_lone_surrogates("plain") == "plain"
