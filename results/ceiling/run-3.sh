#!/bin/sh
# The two-deals-left estimate in strict × forced (results/ceiling/ceiling.md), seed 3, deals 0–1999.
set -e
npx tsx studies/ceiling.ts --variant strict --discards forced --deals 2000 --value fitted-last2 --backup-samples 32 --samples 32 \
  --csv results/ceiling/strict-forced-fitted-last2.csv > results/ceiling/strict-forced-fitted-last2.txt
