#!/usr/bin/env bash
# The easy × optional pilot's sampled deals still open (11 unknown at ×1280, 128,000,000 positions, and 6 that
# the interrupted ×1280 pass never reached), given the ×1280 pass where they lack it and then one more,
# ×30000 (3,000,000,000 positions), with a table of MAX_MEMORY MiB (default 18432, one worker: the largest cap the
# memory plan of a 24 GiB machine allows for one hard deal). Writes easy-optional-pilot-x30000.csv.gz (the
# pilot's rows, escalated) and .txt (the escalation's output); THREADS (default 1) threads search each deal.
# A deal of this pass may need up to 19 GB resident: run it alone. Run from the repository's root as
#   results/two-phase/easy-optional-escalate.sh
# (a stopped run goes on where it stopped: --resume).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/two-phase
name=$out/easy-optional-pilot
: "${THREADS:=1}" "${MAX_MEMORY:=18432}"
[[ -e "$name-x30000.csv.gz" ]] && exit 0
# The escalated file is named in the output's first line: a path inside the repository, removed after.
zcat "$name-x1280.csv.gz" > "$name-x1280.in.csv"
node bin/acesup.js estimate --escalate "$name-x1280.in.csv" --passes 20,160,1280,30000 --sample-unknowns 0.05 \
  --max-memory "$MAX_MEMORY" --workers 1 --deal-threads "$THREADS" --progress-every 300 --checkpoint-every 60 \
  --csv "$name-x30000.csv" --resume > "$name-x30000.txt"
gzip -f "$name-x30000.csv"
rm -f "$name-x1280.in.csv"
