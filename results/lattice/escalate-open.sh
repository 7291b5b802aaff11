#!/usr/bin/env bash
# The sampled standard × optional deals still open after escalate.sh's ×4096 pass, given one more:
# ×30000 (3,000,000,000 positions) with an 18 GiB table (--max-memory 18432, one worker: the largest cap the
# memory plan of a 24 GiB machine allows for one hard deal). Each standard-optional-K-x4096.csv.gz with an
# open sampled deal is escalated into standard-optional-K-x30000.csv.gz beside it; merge.sh then takes those
# rows instead. A deal of this pass needs up to 19.4 GB resident: run it alone. Run from the repository's root as
#   results/lattice/escalate-open.sh [K ...]
# (default: every K whose ×4096 output left a sampled deal unknown); a file whose output exists is skipped,
# and a stopped file goes on where it stopped (--resume).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/lattice
: "${THREADS:=}"
if (($# == 0)); then
  for f in "$out"/standard-optional-[0-9]*-x4096.txt; do
    k=${f##*/standard-optional-}
    k=${k%-x4096.txt}
    grep -q ' 0 still unknown' "$f" || set -- "$@" "$k"
  done
fi
for k in "$@"; do
  name=$out/standard-optional-$k
  [[ -e "$name-x30000.csv.gz" ]] && continue
  # The escalated file is named in the output's first line: a path inside the repository, removed after.
  zcat "$name-x4096.csv.gz" > "$name-x4096.in.csv"
  node bin/acesup.js estimate --escalate "$name-x4096.in.csv" --passes 20,160,1280,4096,30000 --sample-unknowns 0.05 \
    --max-memory 18432 --workers 1 ${THREADS:+--deal-threads "$THREADS"} --progress-every 300 --checkpoint-every 60 \
    --csv "$name-x30000.csv" --resume > "$name-x30000.txt"
  gzip -f "$name-x30000.csv"
  rm -f "$name-x4096.in.csv"
done
