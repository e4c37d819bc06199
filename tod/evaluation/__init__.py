"""Stage 5, evaluation: run doctors on simulated consultations, score and report them.

* :mod:`.runner`: the run loop (transcripts log, resume, concurrency) behind
  ``python -m tod.evaluate``; :mod:`.run_folder` names the files it writes;
* :mod:`.consult`: one consultation under a condition (dialogue, vignette, opening);
* :mod:`.metrics`: the metric families; :mod:`.results` turns them into ``results.json``;
* :mod:`.reporting` and :mod:`.plots`: Markdown, JSON and PNG reports (``python -m tod.report``);
* :mod:`.judge`: the optional LLM-judge win rate;
* :mod:`.leaks`: finds a record's reference answers in a patient's reply (any patient's).
"""
