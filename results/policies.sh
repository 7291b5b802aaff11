#!/bin/sh
# The policies' win rates (results/policies-DATE.csv): every policy per variant × rule on the deals of seed 3,
# two runs at a time, one CSV row per run (header first). The expert is slow (perfect-information Monte
# Carlo): it plays fewer deals, with the solver's verdict on the same deals (--compare).
# Usage: sh results/policies.sh OUT.csv [expert|cheap|all]
set -e
out=${1:?usage: results/policies.sh OUT.csv [expert|cheap|all]}
which=${2:-all}
run="npx tsx bench/policies.ts --seed 3"
[ -s "$out" ] || npx tsx bench/policies.ts --header > "$out"
{
  if [ "$which" != cheap ]; then
    echo "--policy expert --variant easy --discards forced --deals 300 --samples 20 --sample-states 20000 --ace-bonus 2 --compare --max-states 200000"
    echo "--policy expert --variant standard --discards forced --deals 2000 --samples 20 --sample-states 20000 --ace-bonus 2 --compare --max-states 200000"
    echo "--policy expert --variant strict --discards forced --deals 10000 --samples 20 --sample-states 20000 --ace-bonus 2 --compare"
    echo "--policy expert --variant standard --discards optional --deals 50 --samples 10 --sample-states 10000 --ace-bonus 2 --compare --max-states 200000"
    echo "--policy expert --variant strict --discards optional --deals 100 --samples 10 --sample-states 10000 --ace-bonus 2 --compare --max-states 200000"
    echo "--policy expert --variant easy --discards optional --deals 50 --samples 10 --sample-states 10000 --ace-bonus 2 --compare --max-states 200000"
  fi
  if [ "$which" != expert ]; then
    # The cheap policies: 200,000 deals under forced, 50,000 under optional.
    for d in forced optional; do
      n=200000; [ $d = optional ] && n=50000
      for v in standard strict easy; do
        echo "--policy random --variant $v --discards $d --deals $n"
        echo "--policy basic --variant $v --discards $d --deals $n"
        for k in 0 1 2 3; do echo "--policy greedy --ace-bonus $k --variant $v --discards $d --deals $n"; done
      done
    done
  fi
} | xargs -P 2 -I ARGS sh -c "$run ARGS >> '$out'"
