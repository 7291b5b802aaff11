#!/bin/sh
# The first ceiling runs of results/ceiling/ceiling.md, one after another on one core (seed 3, deals from 0), at 6fb7f36.
set -e
B="npx tsx studies/ceiling.ts"
O=results/ceiling
$B --variant strict --discards forced --deals 10000 --value zero --csv $O/strict-forced-zero.csv > $O/strict-forced-zero.txt
$B --variant strict --discards forced --deals 10000 --value fitted-last --samples 64 --csv $O/strict-forced-fitted-last.csv > $O/strict-forced-fitted-last.txt
$B --variant standard --discards forced --deals 2000 --value zero --csv $O/standard-forced-zero.csv > $O/standard-forced-zero.txt
$B --variant easy --discards forced --deals 50 --value zero --max-states 2000000 --csv $O/easy-forced-zero.csv > $O/easy-forced-zero.txt
