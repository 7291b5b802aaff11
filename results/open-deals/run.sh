#!/usr/bin/env bash
# The sampled standard × optional deals of results/lattice still open at ×4096 (409,600,000 positions, an
# 8 GiB table), each solved alone with a table of up to MAX_MEMORY MiB (default 18,432: what a 24 GiB machine
# holds beside the rest of the solver) on THREADS threads (default 1). One deal at a time; a deal whose JSON
# exists is skipped, so a stopped run goes on where it stopped. Writes deal-I.json (the solve's --json
# answer) and deal-I.time (GNU time's report: wall time and peak resident memory). Run from the repository's
# root as
#   results/open-deals/run.sh [I ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/open-deals
: "${MAX_MEMORY:=18432}" "${MAX_STATES:=3000000000}" "${TIME_LIMIT:=1500}" "${THREADS:=1}"
if (($# == 0)); then set -- 53536 92350 108385 85586 15618 84796 61653 81369 74753 12065 14204; fi
threads=()
if node bin/acesup.js solve --help | grep -q -- '--threads'; then threads=(--threads "$THREADS"); fi
for i in "$@"; do
  [[ -s "$out/deal-$i.json" ]] && continue
  deal=$(node bin/acesup.js deal --seed 3 --index "$i")
  /usr/bin/time -v -o "$out/deal-$i.time" node bin/acesup.js solve --variant standard --discards optional \
    --max-discards bounds --max-memory "$MAX_MEMORY" --max-states "$MAX_STATES" --time-limit "$TIME_LIMIT" \
    "${threads[@]}" --json "$deal" > "$out/deal-$i.json.part" || true
  mv "$out/deal-$i.json.part" "$out/deal-$i.json"
done
