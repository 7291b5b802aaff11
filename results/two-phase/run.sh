#!/usr/bin/env bash
# The two-phase win-rate runs (docs/estimate.md): each row is one estimate with --sample-unknowns, in shards
# run one after the other, each with --resume so that a stop loses nothing; the shards are then merged.
# Usage: results/two-phase/run.sh ROW [OUT]   (ROW: standard-optional | easy-forced | easy-optional)
# Run from the repository root, with the build up to date (npm run build).
set -euo pipefail
row=${1:?which row: standard-optional, easy-forced or easy-optional}
out=${2:-results/two-phase}
mkdir -p "$out"
case $row in
  standard-optional) shards=6; opts=(--variant standard --discards optional --seed 3 --deals 120000 --max-states 100000
                                     --max-discards bounds --passes 20,160,1280 --sample-unknowns 0.05) ;;
  easy-forced)       shards=4; opts=(--variant easy --discards forced --seed 3 --deals 100000 --max-states 100000
                                     --max-discards bounds --passes 20,160,1280 --sample-unknowns 0.05) ;;
  easy-optional)     shards=4; opts=(--variant easy --discards optional --seed 3 --deals 40000 --max-states 100000
                                     --max-discards bounds --passes 20,160,1280 --sample-unknowns 0.02) ;;
  *) echo "unknown row: $row" >&2; exit 2 ;;
esac
for k in $(seq 1 "$shards"); do
  node bin/acesup.js estimate "${opts[@]}" --workers "${WORKERS:-2}" --shard "$k/$shards" --resume \
    --csv "$out/$row-$k.csv" --summary "$out/$row-$k.summary.csv" --progress-every 120 --checkpoint-every 120 \
    > "$out/$row-$k.txt"
done
node bin/acesup.js merge "$out/$row"-?.csv --summary "$out/$row.summary.csv" > "$out/$row.txt"
