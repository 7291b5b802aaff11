#!/bin/sh
# pimc (perfect-information sampling, named expert when these runs were made) on the first deals of seed 3 (the same deals as results/policies/run-1m.sh), per variant × rule,
# through acesup estimate's pool, one per-deal CSV each; then the solver's verdicts on deals 0–9,999 of
# seed 3 at 200,000 states (bounds), for the clairvoyant rate and the winnable deals pimc lost.
# Usage: sh results/policies/run-pimc.sh [WORKERS]
set -e
workers=${1:-2}
dir=results/policies/pimc
mkdir -p "$dir"
run() {
  name=$1; shift
  node bin/acesup.js estimate --seed 3 --workers "$workers" --progress-every 300 --policy pimc --ace-bonus 2 \
    --csv "$dir/$name.csv.gz" --summary "$dir/$name.summary.csv" "$@" > "$dir/$name.txt"
}
run strict-forced --variant strict --discards forced --deals 10000 --samples 20 --sample-states 20000
run standard-forced --variant standard --discards forced --deals 10000 --samples 20 --sample-states 20000
run standard-optional --variant standard --discards optional --deals 10000 --samples 10 --sample-states 2000
run strict-optional --variant strict --discards optional --deals 10000 --samples 10 --sample-states 2000
run easy-forced --variant easy --discards forced --deals 1000 --samples 20 --sample-states 20000
run easy-optional --variant easy --discards optional --deals 1000 --samples 10 --sample-states 2000
node bin/acesup.js estimate --seed 3 --workers "$workers" --progress-every 300 --variant all --discards both --deals 10000 \
  --max-states 200000 --max-discards bounds --csv "$dir/solver-10k.csv.gz" --summary "$dir/solver-10k.summary.csv" > "$dir/solver-10k.txt"
