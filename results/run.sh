#!/usr/bin/env bash
# The runs behind results/: each writes a summary CSV, a per-deal CSV (gzipped when both rules ran, for the
# optional-vs-forced count) and the printed summary with its histograms. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
run() {
  local name=$1; shift
  node bin/acesup.js estimate "$@" --workers 2 --summary "results/$name.summary.csv" --csv "results/$name.csv" \
    --progress-every 120 > "results/$name.txt"
}
run strict-forced-1m  --variant strict   --discards forced --deals 1000000 --seed 1   # ran with --max-states 20000 (then the default); no deal needs more than 12,614
run strict-both       --variant strict   --discards both   --deals 4000 --seed 2 --max-states 200000
run standard-both     --variant standard --discards both   --deals 4000 --seed 2 --max-states 200000
run easy-both         --variant easy     --discards both   --deals 3000 --seed 2 --max-states 200000
# Started as --deals 100000; stopped with Ctrl-C at 24,273 deals (the session's time), then finished as 50,000
# deals with --resume (its per-deal rows are those one uninterrupted run of this command writes):
run standard-forced-50k --variant standard --discards forced --deals 50000 --seed 3 --max-states 2000000
# 1,000 deals of seed 4 under both rules at the solver's default budget (2,000,000 states per deal); the
# same for standard and easy did not fit in the session's time:
run strict-both-2m    --variant strict   --discards both   --deals 1000 --seed 4 --max-states 2000000
# Stopped by a 12-minute limit (timeout -s INT 720) at 927 optional and 931 forced deals: a PARTIAL summary.
run standard-both-2m  --variant standard --discards both   --deals 1000 --seed 4 --max-states 2000000
gzip -f results/strict-both-2m.csv results/standard-both-2m.csv
gzip -f results/strict-both.csv results/standard-both.csv results/easy-both.csv
gzip -f results/standard-forced-50k.csv
# 1,000,000 rows: regenerate with the command above (deals are reproducible)
rm -f results/strict-forced-1m.csv
