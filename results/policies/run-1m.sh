#!/bin/sh
# The cheap policies over the 1,000,000 deals of seed 3 (the deals of the solver's 1,000,000-deal runs),
# every variant × discard rule, through acesup estimate's pool: one summary CSV and one text log per policy.
# Usage: sh results/policies/run-1m.sh [WORKERS]
set -e
workers=${1:-2}
dir=results/policies/1m
mkdir -p "$dir"
run() {
  name=$1; shift
  node bin/acesup.js estimate --variant all --discards both --deals 1000000 --seed 3 --workers "$workers" \
    --progress-every 120 --summary "$dir/$name.summary.csv" "$@" > "$dir/$name.txt"
}
run random --policy random
run basic --policy basic
for k in 0 1 2 3; do run greedy-ace-bonus-$k --policy greedy --ace-bonus $k; done
