"""The benchmarks of tod (see ``eval/README.md``); run from the repository root as
``python -m eval.bench_nlu``, ``eval.bench_fidelity``, ``eval.bench_speed``,
``eval.bench_slot_models`` and ``eval.probes``."""
