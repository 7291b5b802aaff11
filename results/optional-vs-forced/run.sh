#!/usr/bin/env bash
# Deals that the optional rule wins and the forced rule loses: studies/optional-vs-forced.ts over per-deal CSVs that
# hold both rules' verdicts of the same deals. The per-deal CSVs of the 1,000,000-deal runs are not kept: they are
# the ones results/win-rates/run.sh writes before its `rm` (standard-forced-1m.csv, easy-forced-1m.csv, the optional
# runs' CSVs and strict-both-1m-seed3.csv). Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
O=results/optional-vs-forced
W=results/win-rates
# 2026-11-30: strict over the 1,000,000 deals of seed 3 (9e3d4eb)
npx tsx studies/optional-vs-forced.ts $W/strict-both-1m-seed3.csv > $O/optional-vs-forced-strict-1m.txt
# 2026-11-30: standard and easy over the same deals (forced runs at 2,000,000 states, optional at 100,000; 45db946)
npx tsx studies/optional-vs-forced.ts $W/standard-forced-1m.csv $W/standard-optional-1m.csv \
  $W/easy-forced-1m.csv $W/easy-optional-1m.csv > $O/optional-vs-forced-1m.txt
# 2026-11-29: the 100,000 deals of seed 3 (per-deal CSVs since removed: git show f73a11a:results/strict-both-100k.csv.gz
# and likewise easy-both-100k.csv.gz, standard-optional-100k.csv.gz) and the first runs of seeds 2 and 4
# (optional-vs-forced.txt, whose lines name the files as they then were).
