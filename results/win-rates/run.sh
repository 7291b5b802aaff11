#!/usr/bin/env bash
# The win-rate runs of results/win-rates/: every variant × rule over the same 1,000,000 deals of seed 3. Each
# run writes a summary CSV, a per-deal CSV (gzipped where it is kept) and the printed summary with its
# histograms. The commands in the order they ran (2026-11-29 to 2026-12-01); run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
O=results/win-rates
run() {
  local name=$1; shift
  node bin/acesup.js estimate "$@" --workers 2 --summary "$O/$name.summary.csv" --csv "$O/$name.csv" \
    --progress-every 120 > "$O/$name.txt"
}
run1() {
  local name=$1; shift
  node bin/acesup.js estimate "$@" --workers 1 --summary "$O/$name.summary.csv" --csv "$O/$name.csv" \
    --progress-every 120 > "$O/$name.txt"
}

# standard x forced in three parts. Deals 0-49,999: started as --deals 100000, stopped with Ctrl-C at 24,273
# deals (for time), then finished as 50,000 deals with --resume (its per-deal rows are those one
# uninterrupted run of this command writes):
run standard-forced-50k --variant standard --discards forced --deals 50000 --seed 3 --max-states 2000000
# Deals 50,000-99,999 at the default budget (started on commit fb67bde, stopped with SIGINT at 36,538 deals
# and resumed on dc23294 with --resume); merged with the part above:
run1 standard-forced-50k-b --variant standard --discards forced --deals 50000 --from 50000 --seed 3
node bin/acesup.js merge $O/standard-forced-50k.csv $O/standard-forced-50k-b.csv \
  --csv $O/standard-forced-100k.csv --summary $O/standard-forced-100k.summary.csv > $O/standard-forced-100k.txt
# The 27 standard x forced deals left unknown at 2,000,000 states, solved at 30,000,000:
awk -F, '$6 == "unknown" { print $3 }' $O/standard-forced-100k.csv |
  node bin/acesup.js solve --variant standard --discards forced --max-states 30000000 --json > $O/standard-forced-100k-unknowns.jsonl
gzip -9f $O/standard-forced-100k.csv
rm -f $O/standard-forced-50k.csv $O/standard-forced-50k-b.csv
# Deals 100,000-999,999 (verdicts only, the default budget), merged with the 100,000 above into 1,000,000
# deals. Started on 9af518f, stopped with SIGINT at 239,909 deals and resumed on 066cf60 with --resume (same
# verdicts; the later commit is faster). The per-deal CSV (900,000 rows, 180 MB) is not kept.
run standard-forced-900k --variant standard --discards forced --deals 900000 --from 100000 --seed 3 --max-discards bounds
gunzip -k $O/standard-forced-100k.csv.gz
node bin/acesup.js merge $O/standard-forced-100k.csv $O/standard-forced-900k.csv \
  --csv $O/standard-forced-1m.csv --summary $O/standard-forced-1m.summary.csv > $O/standard-forced-1m.txt
# The 534 deals left unknown at 2,000,000 states, decided at 30,000,000 (verdicts only; 7 won, 527 lost):
awk -F, '$6 == "unknown" { print $3 }' $O/standard-forced-900k.csv |
  node bin/acesup.js solve --variant standard --discards forced --max-states 30000000 --max-discards bounds --json \
  > $O/standard-forced-900k-unknowns.jsonl
# Every win there replays (the solver checks each; and independently):
node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse))
  if (l.result === "won") console.log(l.deal + "\t" + l.solution.join(", "))' $O/standard-forced-900k-unknowns.jsonl |
  node bin/acesup.js verify --variant standard --discards forced --file -
# (the optional runs below also need results/win-rates/standard-forced-1m.csv: remove it after them)
rm -f $O/standard-forced-100k.csv $O/standard-forced-900k.csv

# strict x forced over the same 1,000,000 deals of seed 3 (34 s on 2 workers; no per-deal CSV kept):
node bin/acesup.js estimate --variant strict --discards forced --deals 1000000 --seed 3 --workers 2 \
  --summary $O/strict-forced-1m-seed3.summary.csv > $O/strict-forced-1m-seed3.txt

# easy x forced on the first 100,000 deals of seed 3 at the default budget (2,000,000 states), verdicts only:
run easy-forced-100k-2m --variant easy --discards forced --deals 100000 --seed 3 --max-discards bounds
gzip -9f $O/easy-forced-100k-2m.csv
# Deals 100,000-999,999 (verdicts only, the default budget), in five parts continued with --resume on 0917d2c,
# 36101bb, 157b211 and f35210f, merged with the 100,000 above. The per-deal CSV (179 MB) is not kept.
run easy-forced-900k --variant easy --discards forced --deals 900000 --from 100000 --seed 3 --max-discards bounds
gunzip -k $O/easy-forced-100k-2m.csv.gz
node bin/acesup.js merge $O/easy-forced-100k-2m.csv $O/easy-forced-900k.csv \
  --csv $O/easy-forced-1m.csv --summary $O/easy-forced-1m.summary.csv > $O/easy-forced-1m.txt
rm -f $O/easy-forced-100k-2m.csv $O/easy-forced-900k.csv

# strict x both rules, the first strict x optional run (2026-11-30; verdicts only, the default budget; started
# on bedf8f8, continued with --resume on 9e3d4eb: the same search). Its per-deal CSV feeds the
# optional-vs-forced count (results/optional-vs-forced/run.sh) and is then removed.
run strict-both-1m-seed3 --variant strict --discards both --deals 1000000 --seed 3 --max-discards bounds

# standard x optional and easy x optional (2026-11-30, 45db946), verdicts only, at 100,000 states per deal (the
# default budget would take 23-35 hours each on 2 cores), one worker each, side by side. Their per-deal CSVs
# feed results/optional-vs-forced/run.sh and results/optional-unknowns/run.sh, and are then removed.
for v in standard easy; do
  run1 $v-optional-1m --variant $v --discards optional --deals 1000000 --seed 3 --max-states 100000 --max-discards bounds &
done; wait

# strict x optional settled (2026-12-01, e5e7f4c): the 1,000,000 deals in 4 shards, as 4 cluster jobs would run
# them (here one after another; shard 4 was stopped and finished with --resume), each with passes x8 and x64
# for the deals still unknown at the default budget, then merged.
for k in 1 2 3 4; do
  node bin/acesup.js estimate --variant strict --discards optional --deals 1000000 --seed 3 --max-discards bounds \
    --passes 8,64 --shard $k/4 --workers 2 --no-timings --csv so-$k.csv.gz \
    --summary so-$k.summary.csv > $O/strict-optional-1m-passes-shard-$k.txt
done
node bin/acesup.js merge so-[1-4].csv.gz --summary $O/strict-optional-1m-passes.summary.csv > $O/strict-optional-1m-passes.txt
# The rows of the 645 deals that a pass decided (the 999,355 others were decided at 2,000,000 positions):
(zcat so-1.csv.gz | head -1; for k in 1 2 3 4; do zcat so-$k.csv.gz | awk -F, 'NR > 1 && $NF != 2000000'; done) |
  gzip -9 -n > $O/strict-optional-1m-passes-rows.csv.gz
rm -f so-[1-4].csv.gz so-[1-4].summary.csv

# 2026-12-06: standard x forced again over the same 1,000,000 deals, each unknown deal given x15 (30,000,000
# positions) in the same run, so that the million's summary decides every deal (the control of the default plan
# and of the lattice study). Deals 0-99,999 with exact max discards on one worker beside deals 100,000-999,999 on
# two; run in a folder of their own with per-deal CSVs named standard-forced-100k.csv and -900k.csv (the names
# the summaries record), renamed as below before the merge. The per-deal CSVs (1,000,000 rows) are not kept.
run1 standard-forced-100k-x15 --variant standard --discards forced --deals 100000 --seed 3 --max-states 2000000 --passes 15 &
run standard-forced-900k-x15 --variant standard --discards forced --deals 900000 --from 100000 --seed 3 \
  --max-states 2000000 --passes 15 --max-discards bounds
wait
node bin/acesup.js merge $O/standard-forced-100k-x15.csv $O/standard-forced-900k-x15.csv --allow-mixed \
  --csv $O/standard-forced-1m-x15.csv --summary $O/standard-forced-1m.summary.csv > $O/standard-forced-1m.txt
rm -f $O/standard-forced-100k-x15.csv $O/standard-forced-900k-x15.csv $O/standard-forced-1m-x15.csv
