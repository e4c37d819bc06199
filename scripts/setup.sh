#!/usr/bin/env bash
# Create .venv in the repo root and install tod with its test extras.
# torch==2.13.0 is installed first: that pin takes the CPU wheel; a bare `torch`
# requirement would pull several GB of CUDA packages.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q torch==2.13.0
.venv/bin/python -m pip install -q -e ".[test]"
echo "tod installed in $(pwd)/.venv"
