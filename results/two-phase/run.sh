#!/usr/bin/env bash
# The two-phase win-rate runs (docs/estimate.md#two-phase): each row is one `acesup estimate` with
# --sample-unknowns, in shards run one after the other, each with --resume so that a stop loses nothing; the
# shards are then merged. Seed 3, as the settled rows of results/win-rates/.
# Usage: results/two-phase/run.sh ROW [OUT]
#   ROW: standard-optional | easy-forced | easy-forced-pilot | easy-optional-pilot
#   SHARDS="1 2" runs only those shards (default: all); run again to continue a stopped shard.
# Run from the repository root, with the build up to date (npm run build).
set -euo pipefail
row=${1:?which row: standard-optional, easy-forced, easy-forced-pilot or easy-optional-pilot}
out=${2:-results/two-phase}
mkdir -p "$out"
plan=(--seed 3 --max-states 100000 --max-discards bounds)
case $row in
  standard-optional)   shards=6; opts=(--variant standard --discards optional --deals 120000 --passes 20,160,1280 --sample-unknowns 0.05) ;;
  easy-forced)         shards=4; opts=(--variant easy --discards forced --deals 130000 --passes 20,160,1280 --sample-unknowns 0.1) ;;
  # Pilots: small runs that measure each phase's cost per deal, for the plans of the rows.
  easy-forced-pilot)   shards=1; opts=(--variant easy --discards forced --deals 5000 --passes 20,160 --sample-unknowns 0.1) ;;
  easy-optional-pilot) shards=1; opts=(--variant easy --discards optional --deals 2000 --passes 20,160 --sample-unknowns 0.05) ;;
  *) echo "unknown row: $row" >&2; exit 2 ;;
esac
for k in ${SHARDS:-$(seq 1 "$shards")}; do
  name=$row$( ((shards > 1)) && echo "-$k")
  node bin/acesup.js estimate "${plan[@]}" "${opts[@]}" $( ((shards > 1)) && echo "--shard $k/$shards") \
    --workers "${WORKERS:-2}" --resume --csv "$out/$name.csv" --summary "$out/$name.summary.csv" \
    --progress-every 120 --checkpoint-every 120 > "$out/$name.txt"
done
if ((shards > 1)); then
  files=(); for k in $(seq 1 "$shards"); do files+=("$out/$row-$k.csv"); done
  node bin/acesup.js merge "${files[@]}" --csv "$out/$row.csv" --summary "$out/$row.summary.csv" > "$out/$row.txt"
fi
