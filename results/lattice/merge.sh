#!/usr/bin/env bash
# The lattice study's summaries from per-deal CSVs already in results/ (no solving): each rule set's rows of
# the deals asked for, merged so that the rule sets' verdicts imply each other and the optional rows get the
# difference estimate against their variant's forced rule. Run from the repository's root.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=results/lattice
# The cut files live beside the results, so that the command lines the summaries record name no machine's paths.
tmp=$out/cut
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
# The rows of deals below $2 of a gzipped per-deal CSV $1 (rows are in deal order, the index is column 2).
cut_rows() { zcat "$1" | awk -F, -v last="$2" 'NR == 1 || $2 < last'; }

# Standard: deals 0–19,999 from the two-phase run of the optional rule and the forced rule's rows, then the
# finished shards of run.sh (both rules, from deal 20,000); the forced rule's 1,000,000-deal rate as the control.
# Where escalate.sh (×4096) or escalate-open.sh (×30000) gave a file's standard × optional rows a later pass, those
# rows replace the file's.
# The forced rows of the older file record no provenance, the shards' do: --allow-mixed puts them together.
# The rows of one discard rule $2 of a gzipped per-deal CSV $1.
rule_rows() { zcat "$1" | awk -F, -v rule="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "discards") c = i; print; next } $c == rule'; }
cut_rows results/win-rates/standard-forced-100k.csv.gz 20000 > "$tmp/standard-forced.csv"
# The latest escalation of a file's standard × optional rows: escalate-open.sh's ×30000, else escalate.sh's ×4096.
latest() { # K, the file without escalation
  local f
  for f in "$out/standard-optional-$1-x30000.csv.gz" "$out/standard-optional-$1-x4096.csv.gz" "$2"; do
    [[ -e $f ]] && { echo "$f"; return; }
  done
}
optional0=$(latest 0 results/two-phase/standard-optional-1.csv.gz)
node bin/acesup.js merge "$optional0" "$tmp/standard-forced.csv" --allow-mixed \
  --control results/win-rates/standard-forced-1m.summary.csv --summary "$out/standard-0-20k.summary.csv" > "$out/standard-0-20k.txt"
shards=()
for f in "$out"/standard-both-[0-9]*.csv.gz; do
  k=${f##*-both-}
  k=${k%.csv.gz}
  escalated=$(latest "$k" "")
  if [[ -n $escalated ]]; then
    rule_rows "$f" forced > "$tmp/standard-forced-$k.csv"
    shards+=("$escalated" "$tmp/standard-forced-$k.csv")
  else
    shards+=("$f")
  fi
done
node bin/acesup.js merge "$optional0" "$tmp/standard-forced.csv" "${shards[@]}" --allow-mixed \
  --control results/win-rates/standard-forced-1m.summary.csv --summary "$out/standard.summary.csv" > "$out/standard.txt"

# Easy, deals 0–1,999: the easy × optional pilot (its latest escalation) beside easy × forced and standard under
# both rules, whose verdicts prove some of its unknown deals (a win under a stricter rule set is a win under easy ×
# optional).
for f in two-phase/easy-forced-p25 win-rates/standard-forced-100k; do
  cut_rows "results/$f.csv.gz" 2000 > "$tmp/$(basename "$f").csv"
done
cut_rows "$optional0" 2000 > "$tmp/standard-optional-1.csv"
# The pilot's latest escalation: the largest ×F of its files.
pilot=$(ls results/two-phase/easy-optional-pilot-x[0-9]*.csv.gz | sort -t x -k 2 -n | tail -1)
node bin/acesup.js merge "$pilot" "$tmp/easy-forced-p25.csv" \
  "$tmp/standard-optional-1.csv" "$tmp/standard-forced-100k.csv" --allow-mixed --summary "$out/easy-0-2k.summary.csv" > "$out/easy-0-2k.txt"
