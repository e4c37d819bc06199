#!/usr/bin/env bash
# The main job on a fresh machine: set up, train the NLU if there is no checkpoint, evaluate
# the scripted doctor and the local SmolLM2 doctor on the embedded records, print the report.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
PY=.venv/bin/python
CHECKPOINT="${CHECKPOINT:-checkpoints/default}"
LIMIT="${LIMIT:-5}"
LLM_LIMIT="${LLM_LIMIT:-2}"  # the SmolLM2 doctor takes minutes per consultation on a CPU
if [ ! -f "$CHECKPOINT/manifest.json" ]; then
  echo "== training the NLU (about 20 minutes on a 2-core CPU) -> $CHECKPOINT"
  $PY -m tod.train --set name="$(basename "$CHECKPOINT")" --set output_root="$(dirname "$CHECKPOINT")"
fi
echo "== evaluating the scripted doctor on $LIMIT embedded records"
$PY -m tod.evaluate --doctor scripted --records records/default.jsonl --checkpoint "$CHECKPOINT" \
  --output-dir runs/scripted --limit "$LIMIT" --resume
echo "== evaluating the local SmolLM2-135M-Instruct doctor on $LLM_LIMIT embedded records"
$PY -m tod.evaluate --doctor hf:smollm2 --records records/default.jsonl --checkpoint "$CHECKPOINT" \
  --output-dir runs/smollm2 --limit "$LLM_LIMIT" --resume --max-turns 8
$PY -m tod.report runs/scripted runs/smollm2 --output-dir runs/comparison
echo
echo "Reports: runs/scripted/report.md, runs/smollm2/report.md, runs/comparison/comparison.md"
