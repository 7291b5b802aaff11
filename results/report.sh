#!/usr/bin/env bash
# results/report.html from the current runs only: the summary CSVs of the index's table (one per variant × rule,
# so the win-rate chart has one line each) and the per-deal CSVs the studies' `current:` lines name (the
# running-estimate chart). Run from the repository root after the index (npx tsx scripts/results-index.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(npx tsx scripts/results-index.ts --current)
node bin/acesup.js report "${files[@]}" --out results/report.html
