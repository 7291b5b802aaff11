#!/bin/sh
# The ceiling runs of results/ceiling/ceiling.md at 7747d71 (seed 3, deals from 0), one after another on one core.
set -e
B="npx tsx studies/ceiling.ts"
O=results/ceiling
$B --variant standard --discards forced --deals 600 --value fitted-last --samples 16 --csv $O/standard-forced-fitted-last.csv > $O/standard-forced-fitted-last.txt
$B --variant strict --discards optional --deals 20 --value zero --max-states 500000 --csv $O/strict-optional-zero.csv > $O/strict-optional-zero.txt
