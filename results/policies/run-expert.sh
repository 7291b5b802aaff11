#!/bin/sh
# The expert (rollouts over greedy) on the first deals of seed 3 (the same deals as results/policies/run-1m.sh),
# per variant × rule, through acesup estimate's pool, one per-deal CSV each: in standard and strict 10,000
# deals at the default settings (32 rollouts per choice, 128 where a sample wins); in easy, whose fills of
# buried cards make many more choices, 400 deals at 4 (16) (at 32 the expert played 0.3 games/s there, at
# 4 about 1).
# Usage: sh results/policies/run-expert.sh [WORKERS]
set -e
workers=${1:-2}
dir=results/policies/expert
mkdir -p "$dir"
run() {
  name=$1; shift
  node bin/acesup.js estimate --seed 3 --workers "$workers" --progress-every 120 --policy expert \
    --csv "$dir/$name.csv.gz" --summary "$dir/$name.summary.csv" "$@" > "$dir/$name.txt"
}
run standard-forced --variant standard --discards forced --deals 10000
run strict-forced --variant strict --discards forced --deals 10000
run strict-optional --variant strict --discards optional --deals 10000
run standard-optional --variant standard --discards optional --deals 10000
run easy-forced --variant easy --discards forced --deals 400 --samples 4
run easy-optional --variant easy --discards optional --deals 400 --samples 4
