#!/usr/bin/env bash
# The lattice study's runs: standard under both discard rules on the same deals of seed 3, the forced rule
# decided deal by deal (every unknown deal every pass), a share 0.05 of the optional rule's unknown deals
# given every later pass (×20, ×160, ×1280 of 100,000 positions: one share for all of them, as in
# results/two-phase/, whose deals 0–19,999 this run continues). Shards of 10,000 deals, one after the
# other, each resumable (--resume); WORKERS (default 1) threads. Run from the repository's root:
#   results/lattice/run.sh [FIRST_SHARD [LAST_SHARD]]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/lattice
for k in $(seq "${1:-1}" "${2:-4}"); do
  from=$((20000 + (k - 1) * 10000))
  node bin/acesup.js estimate --variant standard --discards both --seed 3 --from "$from" --deals 10000 \
    --max-states 100000 --passes 20,160,1280 --sample-unknowns standard/optional=0.05 \
    --max-discards bounds --workers "${WORKERS:-1}" --checkpoint-every 120 --progress-every 300 \
    --csv "$out/standard-both-$k.csv" --summary "$out/standard-both-$k.summary.csv" --resume \
    > "$out/standard-both-$k.txt"
  gzip -f -k "$out/standard-both-$k.csv"
done
