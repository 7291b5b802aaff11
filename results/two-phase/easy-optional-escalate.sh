#!/usr/bin/env bash
# The easy × optional pilot's sampled deals still open in its latest escalation below ×F (F = FACTOR, default
# 4096: 409,600,000 positions; the first, ×1280, left 11 open and 6 that its interrupted pass never reached),
# given the passes that file lacks and then ×F, with a table of MAX_MEMORY MiB (default 8192), in SHARDS shards
# run side by side (default 2, one worker and one thread each: the easy searches spend most of their time in the
# subset games, which a second thread of one deal computes again), then merged. Writes
# easy-optional-pilot-xF.csv.gz (the pilot's rows, escalated) and .txt (each shard's output, then the merge's).
# Run as FACTOR=4096, then FACTOR=8192 MAX_MEMORY=9216 (2026-12-06).
# Run from the repository's root as
#   results/two-phase/easy-optional-escalate.sh
# (a stopped run goes on where it stopped: --resume).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/two-phase
name=$out/easy-optional-pilot
: "${FACTOR:=4096}" "${MAX_MEMORY:=8192}" "${SHARDS:=2}"
[[ -e "$name-x$FACTOR.csv.gz" ]] && exit 0
# The latest escalation below ×F, and its passes (the file's `passes` column) with ×F after them.
from=$(ls "$name"-x[0-9]*.csv.gz | sed -E 's/.*-x([0-9]+)\.csv\.gz$/\1/' | sort -n | awk -v f="$FACTOR" '$1 < f' | tail -1)
passes=$(zcat "$name-x$from.csv.gz" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "passes") c = i } NR == 2 { print $c }')
passes="${passes// /,},$FACTOR"
# The escalated file is named in the output's first line: a path inside the repository, removed after.
zcat "$name-x$from.csv.gz" > "$name-x$from.in.csv"
for k in $(seq 1 "$SHARDS"); do
  node bin/acesup.js estimate --escalate "$name-x$from.in.csv" --passes "$passes" --sample-unknowns 0.05 \
    --max-memory "$MAX_MEMORY" --workers 1 --shard "$k/$SHARDS" --progress-every 300 --checkpoint-every 60 \
    --csv "$name-x$FACTOR-$k.csv" --resume > "$name-x$FACTOR-$k.txt" &
done
wait
node bin/acesup.js merge "$name-x$FACTOR"-[0-9]*.csv --csv "$name-x$FACTOR.csv" > "$name-x$FACTOR.txt"
for k in $(seq 1 "$SHARDS"); do cat "$name-x$FACTOR-$k.txt" >> "$name-x$FACTOR.txt"; done
gzip -f "$name-x$FACTOR.csv"
rm -f "$name-x$FACTOR"-[0-9]*.csv "$name-x$FACTOR"-[0-9]*.txt "$name-x$from.in.csv"
