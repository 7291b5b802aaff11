#!/usr/bin/env bash
# What a sampled standard × optional deal costs on one thread and on THREADS (default 2): the lattice study's
# plan for the optional rule alone (100,000 positions, then ×20, ×160, ×1280 for a share 0.05 of the unknown
# deals) over fresh deals of seed 3 (120,000–121,999, outside the study), one worker, each later pass's deals
# searched by 1, then by THREADS threads (--deal-threads). The summary's later_seconds_per_sampled_deal is the
# wall time of a sampled deal's every later pass. Run alone, from the repository's root:
#   results/lattice/sampled-cost.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/lattice
for t in 1 "${THREADS:-2}"; do
  name=$out/sampled-cost-t$t
  [[ -e "$name.summary.csv" ]] && continue
  node bin/acesup.js estimate --variant standard --discards optional --seed 3 --from 120000 --deals 2000 \
    --max-states 100000 --passes 20,160,1280 --sample-unknowns 0.05 --max-discards bounds --workers 1 \
    --deal-threads "$t" --csv "$name.csv" --summary "$name.summary.csv" > "$name.txt"
  gzip -f "$name.csv"
done
