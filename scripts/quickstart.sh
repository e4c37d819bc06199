#!/usr/bin/env bash
# The main job on a fresh machine: set up, train the NLU if there is no checkpoint, evaluate
# the scripted doctor and the local SmolLM2 doctor on the embedded records, write the report
# (Markdown, JSON, plots and a self-contained report.html), and print how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."
TIMINGS=()
START=$(date +%s)
step() {  # step NAME COMMAND...: run COMMAND, record its wall time under NAME
  local name="$1" t0
  shift
  echo "== $name"
  t0=$(date +%s)
  "$@"
  TIMINGS+=("$(printf '%-52s %5d s' "$name" "$(( $(date +%s) - t0 ))")")
}
step "setup (scripts/setup.sh)" bash scripts/setup.sh
PY=.venv/bin/python
CHECKPOINT="${CHECKPOINT:-checkpoints/default}"
LIMIT="${LIMIT:-5}"
LLM_LIMIT="${LLM_LIMIT:-2}"
TRAIN_MINUTES="${TRAIN_MINUTES:-13}"  # the default config's 17-minute budget would overrun 20 minutes in all
if [ ! -f "$CHECKPOINT/manifest.json" ]; then
  step "train the NLU -> $CHECKPOINT ($TRAIN_MINUTES min)" \
    $PY -m tod.train --set name="$(basename "$CHECKPOINT")" --set output_root="$(dirname "$CHECKPOINT")" \
    --set joint.max_minutes="$TRAIN_MINUTES"
fi
step "evaluate the scripted doctor ($LIMIT records)" \
  $PY -m tod.evaluate --doctor scripted --records records/default.jsonl --checkpoint "$CHECKPOINT" \
  --output-dir runs/scripted --limit "$LIMIT" --resume
step "evaluate the SmolLM2-135M doctor ($LLM_LIMIT records)" \
  $PY -m tod.evaluate --doctor hf:smollm2 --records records/default.jsonl --checkpoint "$CHECKPOINT" \
  --output-dir runs/smollm2 --limit "$LLM_LIMIT" --resume --max-turns 8
step "report (tod.report --html)" $PY -m tod.report runs/scripted runs/smollm2 --output-dir runs/comparison --html
echo
echo "Step timings on $(nproc) CPU cores:"
printf '  %s\n' "${TIMINGS[@]}"
printf '  %-52s %5d s\n' "total" "$(( $(date +%s) - START ))"
echo
echo "Reports: runs/scripted/report.md, runs/smollm2/report.md, runs/comparison/comparison.md,"
echo "         runs/comparison/report.html (open it in a browser)"
