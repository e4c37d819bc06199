"""The files of an evaluation run folder (written by ``python -m tod.evaluate``)."""

#: One JSON line per finished consultation, appended as each finishes.
TRANSCRIPTS = "transcripts.jsonl"
#: The scored metrics of the run.
RESULTS = "results.json"
#: The run's Markdown report.
REPORT = "report.md"
#: What produced the run: settings, versions, checkpoint, git commit.
MANIFEST = "manifest.json"
