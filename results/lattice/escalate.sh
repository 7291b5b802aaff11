#!/usr/bin/env bash
# The hard tail of the standard × optional sample: the sampled deals still unknown at ×1280 (128,000,000
# positions; every one of them stopped at the 4 GiB table cap) given one more pass, ×4096 (409,600,000
# positions), with an 8 GiB table (--max-memory 8192, one worker). Each file's standard × optional rows are
# escalated on their own (an escalation takes one sample share for its whole file; the lattice runs give the
# forced rule every unknown deal), into standard-optional-K-x4096.csv.gz beside them; merge.sh then prefers
# them to the rows they escalate. Run from the repository's root; each file is skipped once its output exists.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/lattice
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
escalate() { # source file, output name
  local source=$1 name=$2
  [[ -e "$out/$name.csv.gz" ]] && return 0
  zcat "$source" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "discards") c = i; print; next } $c == "optional"' \
    > "$tmp/$name.in.csv"
  node bin/acesup.js estimate --escalate "$tmp/$name.in.csv" --passes 20,160,1280,4096 --sample-unknowns 0.05 \
    --max-memory 8192 --workers 1 --progress-every 300 --checkpoint-every 60 --csv "$out/$name.csv" --resume \
    > "$out/$name.txt"
  gzip -f "$out/$name.csv"
}
for k in 1 2 3 7; do escalate "$out/standard-both-$k.csv.gz" "standard-optional-$k-x4096"; done
escalate results/two-phase/standard-optional-1.csv.gz standard-optional-0-x4096
