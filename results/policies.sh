#!/bin/sh
# The policies' win rates (results/policies-DATE.csv): every policy per variant × rule on the deals of seed 3,
# two runs at a time. Usage: sh results/policies.sh OUT.csv  (one CSV row per run, header first)
set -e
out=${1:?usage: results/policies.sh OUT.csv}
run="npx tsx bench/policies.ts --seed 3"
npx tsx bench/policies.ts --header > "$out"
{
  # The expert (slow: perfect-information Monte Carlo), with the solver's verdict on the same deals.
  echo "--policy expert --variant standard --discards forced --deals 10000 --samples 20 --sample-states 20000 --compare"
  echo "--policy expert --variant strict --discards forced --deals 10000 --samples 20 --sample-states 20000 --compare"
  echo "--policy expert --variant easy --discards forced --deals 300 --samples 20 --sample-states 20000 --compare --max-states 200000"
  for v in standard strict easy; do
    echo "--policy expert --variant $v --discards optional --deals 100 --samples 10 --sample-states 10000 --compare --max-states 200000"
  done
  # The cheap policies: 1,000,000 deals under forced, 100,000 under optional.
  for d in forced optional; do
    n=1000000; [ $d = optional ] && n=100000
    for v in standard strict easy; do
      echo "--policy random --variant $v --discards $d --deals $n"
      echo "--policy basic --variant $v --discards $d --deals $n"
      for k in 0 1 2 3; do echo "--policy greedy --ace-bonus $k --variant $v --discards $d --deals $n"; done
    done
  done
} | xargs -P 2 -I ARGS sh -c "$run ARGS >> '$out'"
