#!/usr/bin/env bash
# The hard tail of the standard × optional sample: the sampled deals still unknown at ×1280 (128,000,000
# positions; every one of them stopped at the 4 GiB table cap) given one more pass, ×4096 (409,600,000
# positions), with an 8 GiB table (--max-memory 8192, one worker: the largest cap whose pass this machine's
# 24 GiB holds). Each file's standard × optional rows are escalated on their own into
# standard-optional-K-x4096.csv.gz beside them (K = 0: deals 0–19,999 of results/two-phase/); merge.sh then
# takes those rows instead of the ones they escalate. Run from the repository's root as
#   results/lattice/escalate.sh [K ...]
# (default: every finished shard of run.sh and K = 0); a file whose output exists is skipped.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/lattice
escalate() { # source file, K
  local source=$1 name=standard-optional-$2
  [[ -e "$out/$name-x4096.csv.gz" ]] && return 0
  # The escalated file is named in the output's first line: a path inside the repository, removed after.
  zcat "$source" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "discards") c = i; print; next } $c == "optional"' \
    > "$out/$name.in.csv"
  node bin/acesup.js estimate --escalate "$out/$name.in.csv" --passes 20,160,1280,4096 --sample-unknowns 0.05 \
    --max-memory 8192 --workers 1 --progress-every 300 --checkpoint-every 60 --csv "$out/$name-x4096.csv" --resume \
    > "$out/$name-x4096.txt"
  gzip -f "$out/$name-x4096.csv"
  rm -f "$out/$name.in.csv"
}
if (($# == 0)); then
  set -- 0
  for f in "$out"/standard-both-[0-9]*.csv.gz; do
    k=${f##*-both-}
    set -- "$@" "${k%.csv.gz}"
  done
fi
for k in "$@"; do
  if ((k == 0)); then
    escalate results/two-phase/standard-optional-1.csv.gz 0
  else
    escalate "$out/standard-both-$k.csv.gz" "$k"
  fi
done
