#!/usr/bin/env bash
# The solver benchmark as its latest file ran it (bench-2026-12-01-3e75a0e.txt): 60 deals of the bench's fixed seed
# and 60 fresh ones, 2 worker threads, verdicts only, the default budget, three runs each, into one file named by
# the date and the commit measured. For an A/B comparison run it on each commit in turn, on the same minutes.
# Run from the repository root on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/bench/bench-$(date +%F)-$(git rev-parse --short HEAD).txt
for seed in 2026 20261201; do
  for run in 1 2 3; do
    echo "# seed $seed, run $run: npx tsx bench/solve.bench.ts --seed $seed --deals 60 --workers 2 --max-discards bounds"
    npx tsx bench/solve.bench.ts --seed "$seed" --deals 60 --workers 2 --max-discards bounds
  done
done > "$out"
