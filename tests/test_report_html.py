"""``python -m tod.report --html`` on real dialogue runs: paired differences, the HTML page,
bad input, and the page in headless Chromium (screenshot, console, a visible transcript)."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tod.doctors.scripted import QUESTION_PLAN, ScriptedDoctor
from tod.evaluation.config import EvalConfig
from tod.evaluation.metrics import MetricContext
from tod.evaluation.run_folder import RESULTS, TRANSCRIPTS
from tod.evaluation.runner import run_evaluation
from tod.records.model import Record
from tod.report import main as report_main

from test_eval_dialogue import FakeParser

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = json.loads((ROOT / "records" / "example.json").read_text())
DEPARTMENTS = ["internal_medicine", "pediatrics", "surgery"]


def make_run(out: Path, records_file: Path, n: int, max_turns: int) -> Path:
    """A dialogue run of the scripted doctor on ``n`` copies of the example record (ids r-0...)."""
    records = [Record.model_validate({**EXAMPLE, "id": f"r-{i}", "department": DEPARTMENTS[i % 3]}) for i in range(n)]
    records_file.write_text("".join(r.model_dump_json() + "\n" for r in records))
    config = EvalConfig(doctor="scripted", records=str(records_file), output_dir=str(out), bootstrap_resamples=100,
                        persona="phlegmatic", max_turns=max_turns)
    run_evaluation(config, doctor=ScriptedDoctor(), parser=FakeParser(), records=records,
                   metric_context=MetricContext(bertscore=False), progress=False)
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A full interview and a 5-turn interview on the same 6 records, and one on another record file."""
    base = tmp_path_factory.mktemp("runs")
    records = base / "records.jsonl"
    return {
        "full": make_run(base / "full", records, 6, 20),
        "short": make_run(base / "short", records, 6, 5),
        "other": make_run(base / "other", base / "other_records.jsonl", 4, 3),
    }


def test_paired_differences_of_two_doctors_on_the_same_records(runs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    assert report_main([str(runs["full"]), str(runs["short"]), "--output-dir", str(out)]) == 0
    paired = json.loads((out / "comparison.json").read_text())["paired"]
    assert len(paired) == 1 and paired[0]["a"] == "full" and paired[0]["b"] == "short" and paired[0]["problem"] is None
    by_metric = {d["metric"]: d for d in paired[0]["differences"]}
    turns = by_metric["turns"]
    # Every record: the short interview has fewer turns, so all 6 signs agree: exact p = 2 / 2^6.
    assert turns["n"] == 6 and turns["difference"] < 0 and turns["p_value"] == pytest.approx(2 / 64) and turns["significant"]
    assert turns["high"] < 0
    assert by_metric["coverage"]["difference"] < 0
    markdown = (out / "comparison.md").read_text()
    assert "## Paired differences on shared records" in markdown and "### short vs full" in markdown
    assert re.search(r"\| turns \| 6 \| [\d.]+ \| [\d.]+ \| \*\*-[\d.]+ \[", markdown)


def test_the_html_report_is_self_contained_with_transcripts_side_by_side(runs: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "html"
    assert report_main([str(runs["full"]), str(runs["short"]), "--output-dir", str(out), "--html"]) == 0
    page = (out / "report.html").read_text()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)  # nothing fetched from a network
    plots = sorted(out.glob("*.png"))  # every plot tod.report wrote, the cost plots included
    assert len(plots) >= 3
    assert page.count('src="data:image/png;base64,') == len(plots)
    assert "<script>" in page and "<style>" in page
    blocks = re.findall(r'<section class="record-block" data-record="([^"]+)">(.*?)</section>', page, re.S)
    assert sorted(rid for rid, _ in blocks) == [f"r-{i}" for i in range(6)]
    assert all(body.count('<article class="transcript"') == 2 for _, body in blocks)  # both runs, side by side
    assert html.escape(QUESTION_PLAN[1]) in page  # a doctor turn
    assert "[1 question]" in page and "intents: ask_symptom" in page and "provenance: " in page and "events: " in page
    assert 'data-outcome="correct"' in page or 'data-outcome="wrong"' in page
    assert "Paired differences on shared records" in page and 'class="significant"' in page
    assert "top-1 accuracy" in page and "[" in page  # metric tables with intervals


def test_bad_input_gives_clear_messages_and_the_html_renders_what_it_can(
    runs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    no_results = tmp_path / "no_results"
    shutil.copytree(runs["short"], no_results)
    (no_results / RESULTS).unlink()
    corrupted = tmp_path / "corrupted"
    shutil.copytree(runs["full"], corrupted)
    lines = (corrupted / TRANSCRIPTS).read_text().splitlines(keepends=True)
    lines[1] = '{"record_id": "r-1", "oops\n'
    (corrupted / TRANSCRIPTS).write_text("".join(lines))
    out = tmp_path / "bad"
    capsys.readouterr()
    status = report_main([str(corrupted), str(no_results), str(runs["other"]), "--output-dir", str(out), "--html"])
    err = capsys.readouterr().err
    assert status == 1
    assert f"error: {no_results}: not a finished run" in err and "results.json" in err
    assert f"error: {corrupted / TRANSCRIPTS}:2: not a transcript line" in err
    assert "note: runs corrupted and other used different record files" in err
    page = (out / "report.html").read_text()
    assert "not a finished run" in page and f"{TRANSCRIPTS}:2: not a transcript line" in page
    assert "not shown side by side" in page and "own record file" in page
    blocks = dict(re.findall(r'<section class="record-block" data-record="([^"]+)">(.*?)</section>', page, re.S))
    assert "r-1" in blocks and blocks["r-1"].count("<article") == 1  # the corrupted line skipped, the folder without results shown
    assert "<h3>other vs corrupted</h3>" in page and "Not paired" in page
    assert (out / "comparison.md").is_file()  # the readable runs are still reported


def test_nothing_readable_without_html_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert report_main([str(tmp_path / "missing")]) == 1
    assert "error:" in capsys.readouterr().err and not (tmp_path / "missing" / "comparison.md").exists()


def chromium() -> str:
    """The Chromium binary, installed with apt-get when missing; skips when it cannot be had."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)  # type: ignore[return-value]
    if shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], capture_output=True, timeout=900)
        if shutil.which("chromium"):
            return shutil.which("chromium")  # type: ignore[return-value]
    pytest.skip("headless Chromium is not installed and `apt-get install -y chromium` did not install it")


def headless(binary: str, *args: str, timeout: int = 180) -> subprocess.CompletedProcess[str]:
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000"]
    return subprocess.run([binary, *flags, *args], capture_output=True, text=True, timeout=timeout)


def console_errors(stderr: str) -> list[str]:
    """Console messages at error level and uncaught exceptions from Chromium's log."""
    return [line for line in stderr.splitlines() if "CONSOLE" in line and ("ERROR" in line or "Uncaught" in line)] + [
        line for line in stderr.splitlines() if "Uncaught" in line and "CONSOLE" not in line
    ]


@pytest.mark.slow
def test_the_page_in_headless_chromium(runs: dict[str, Path], tmp_path: Path) -> None:
    binary = chromium()
    out = tmp_path / "page"
    assert report_main([str(runs["full"]), str(runs["short"]), "--output-dir", str(out), "--html"]) == 0
    url = (out / "report.html").resolve().as_uri()
    shot = tmp_path / "report.png"
    done = headless(binary, f"--screenshot={shot}", "--window-size=1400,1800", "--hide-scrollbars", url)
    assert shot.is_file() and shot.stat().st_size > 20_000, done.stderr[-2000:]
    assert not console_errors(done.stderr), console_errors(done.stderr)
    from PIL import Image

    pixels = Image.open(shot).convert("L")
    assert pixels.getextrema()[0] < 100 and pixels.getextrema()[1] > 200  # text on a light page, not blank
    dom = headless(binary, "--dump-dom", url)
    assert not console_errors(dom.stderr), console_errors(dom.stderr)
    assert 'data-ready="yes"' in dom.stdout  # the page script ran to its end
    assert "consultations shown" in dom.stdout and "12 consultations shown" in dom.stdout
    visible = [a for a in re.findall(r'<article class="([^"]*)"', dom.stdout) if "hidden" not in a.split()]
    assert visible, "no transcript is visible"
