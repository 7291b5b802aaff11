#!/usr/bin/env bash
# The easy × optional pilot's sampled deals still open (11 unknown at ×1280, 128,000,000 positions, and 6 that
# the interrupted ×1280 pass never reached), given the ×1280 pass where they lack it and then one more, ×F (F =
# FACTOR, default 4096: 409,600,000 positions), with a table of MAX_MEMORY MiB (default 8192), in SHARDS shards
# run side by side (default 2, one worker and one thread each: the easy searches spend most of their time in the
# subset games, which a second thread of one deal computes again), then merged. Writes
# easy-optional-pilot-xF.csv.gz (the pilot's rows, escalated) and .txt (each shard's output, then the merge's).
# Run from the repository's root as
#   results/two-phase/easy-optional-escalate.sh
# (a stopped run goes on where it stopped: --resume).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/two-phase
name=$out/easy-optional-pilot
: "${FACTOR:=4096}" "${MAX_MEMORY:=8192}" "${SHARDS:=2}"
[[ -e "$name-x$FACTOR.csv.gz" ]] && exit 0
# The escalated file is named in the output's first line: a path inside the repository, removed after.
zcat "$name-x1280.csv.gz" > "$name-x1280.in.csv"
for k in $(seq 1 "$SHARDS"); do
  node bin/acesup.js estimate --escalate "$name-x1280.in.csv" --passes "20,160,1280,$FACTOR" --sample-unknowns 0.05 \
    --max-memory "$MAX_MEMORY" --workers 1 --shard "$k/$SHARDS" --progress-every 300 --checkpoint-every 60 \
    --csv "$name-x$FACTOR-$k.csv" --resume > "$name-x$FACTOR-$k.txt" &
done
wait
node bin/acesup.js merge "$name-x$FACTOR"-[0-9]*.csv --csv "$name-x$FACTOR.csv" > "$name-x$FACTOR.txt"
for k in $(seq 1 "$SHARDS"); do cat "$name-x$FACTOR-$k.txt" >> "$name-x$FACTOR.txt"; done
gzip -f "$name-x$FACTOR.csv"
rm -f "$name-x$FACTOR"-[0-9]*.csv "$name-x$FACTOR"-[0-9]*.txt "$name-x1280.in.csv"
