#!/usr/bin/env bash
# The first win-rate runs (2026-11-29): seed 1 (strict x forced, 1,000,000 deals), seed 2 (every variant under both
# rules at 200,000 states) and seed 4 (1,000 deals at 2,000,000 states). Two workers, exact max discards. Each
# run writes a summary CSV, a per-deal CSV (gzipped) and the printed summary. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
O=results/first-runs
run() {
  local name=$1; shift
  node bin/acesup.js estimate "$@" --workers 2 --summary "$O/$name.summary.csv" --csv "$O/$name.csv" \
    --progress-every 120 > "$O/$name.txt"
}
run strict-forced-1m  --variant strict   --discards forced --deals 1000000 --seed 1   # ran with --max-states 20000 (then the default); no deal needs more than 12,614
run strict-both       --variant strict   --discards both   --deals 4000 --seed 2 --max-states 200000
run standard-both     --variant standard --discards both   --deals 4000 --seed 2 --max-states 200000
run easy-both         --variant easy     --discards both   --deals 3000 --seed 2 --max-states 200000
# 1,000 deals of seed 4 under both rules at the solver's default budget (2,000,000 states per deal); the
# same for easy did not fit in the time available:
run strict-both-2m    --variant strict   --discards both   --deals 1000 --seed 4 --max-states 2000000
# Stopped by a 12-minute limit (timeout -s INT 720) at 927 optional and 931 forced deals: a PARTIAL summary.
run standard-both-2m  --variant standard --discards both   --deals 1000 --seed 4 --max-states 2000000
gzip -f $O/strict-both-2m.csv $O/standard-both-2m.csv $O/strict-both.csv $O/standard-both.csv $O/easy-both.csv
# 1,000,000 rows: regenerate with the command above (deals are reproducible)
rm -f $O/strict-forced-1m.csv
