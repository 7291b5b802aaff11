#!/bin/sh
# The solver under forced on deals 0–9,999 of seed 3 at 2,000,000 states (the expert's deals), so that the
# clairvoyant rate beside the expert's is decided for (almost) every deal.
set -e
dir=results/policies/pimc
node bin/acesup.js estimate --seed 3 --workers "${1:-2}" --progress-every 300 --variant all --discards forced --deals 10000 \
  --max-discards bounds --csv "$dir/solver-10k-forced.csv.gz" --summary "$dir/solver-10k-forced.summary.csv" > "$dir/solver-10k-forced.txt"
