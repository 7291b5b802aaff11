#!/usr/bin/env bash
# The runs behind results/: each writes a summary CSV, a per-deal CSV (gzipped when both rules ran, for the
# optional-vs-forced count) and the printed summary with its histograms. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
run() {
  local name=$1; shift
  node bin/acesup.js estimate "$@" --workers 2 --summary "results/$name.summary.csv" --csv "results/$name.csv" \
    --progress-every 120 > "results/$name.txt"
}
# One worker per run, two runs side by side (the seed-3 runs of 100,000 deals; their shards are merged below).
run1() {
  local name=$1; shift
  node bin/acesup.js estimate "$@" --workers 1 --summary "results/$name.summary.csv" --csv "results/$name.csv" \
    --progress-every 120 > "results/$name.txt"
}
run strict-forced-1m  --variant strict   --discards forced --deals 1000000 --seed 1   # ran with --max-states 20000 (then the default); no deal needs more than 12,614
run strict-both       --variant strict   --discards both   --deals 4000 --seed 2 --max-states 200000
run standard-both     --variant standard --discards both   --deals 4000 --seed 2 --max-states 200000
run easy-both         --variant easy     --discards both   --deals 3000 --seed 2 --max-states 200000
# Started as --deals 100000; stopped with Ctrl-C at 24,273 deals (for time), then finished as 50,000
# deals with --resume (its per-deal rows are those one uninterrupted run of this command writes):
run standard-forced-50k --variant standard --discards forced --deals 50000 --seed 3 --max-states 2000000
# 1,000 deals of seed 4 under both rules at the solver's default budget (2,000,000 states per deal); the
# same for standard and easy did not fit in the time available:
run strict-both-2m    --variant strict   --discards both   --deals 1000 --seed 4 --max-states 2000000
# Stopped by a 12-minute limit (timeout -s INT 720) at 927 optional and 931 forced deals: a PARTIAL summary.
run standard-both-2m  --variant standard --discards both   --deals 1000 --seed 4 --max-states 2000000
gzip -f results/strict-both-2m.csv results/standard-both-2m.csv
gzip -f results/strict-both.csv results/standard-both.csv results/easy-both.csv
gzip -f results/standard-forced-50k.csv
# 1,000,000 rows: regenerate with the command above (deals are reproducible)
rm -f results/strict-forced-1m.csv

# 2026-11-29, seed 3 (throughout, so that every variant and rule ran on the same 100,000 deals).
# standard x forced, deals 50,000-99,999 at the default budget (started on commit fb67bde, stopped with
# SIGINT at 36,538 deals and resumed on dc23294 with --resume); merged with standard-forced-50k above:
run1 standard-forced-50k-b --variant standard --discards forced --deals 50000 --from 50000 --seed 3
gunzip -k results/standard-forced-50k.csv.gz
node bin/acesup.js merge results/standard-forced-50k.csv results/standard-forced-50k-b.csv \
  --csv results/standard-forced-100k.csv --summary results/win-rates/standard-forced-100k.summary.csv > results/win-rates/standard-forced-100k.txt
# The optional rule and easy: verdicts at 100,000 states per deal (--max-discards bounds), in shards of
# 50,000 deals run side by side, then merged:
for k in 1 2; do
  run1 strict-both-100k-s$k --variant strict --discards both --deals 100000 --seed 3 --max-states 100000 --max-discards bounds --shard $k/2 &
done; wait
node bin/acesup.js merge results/strict-both-100k-s1.csv results/strict-both-100k-s2.csv \
  --csv results/strict-both-100k.csv --summary results/strict-both-100k.summary.csv > results/strict-both-100k.txt
run1 standard-optional-100k --variant standard --discards optional --deals 100000 --seed 3 --max-states 100000 --max-discards bounds
for k in 1 2; do
  run1 easy-both-100k-s$k --variant easy --discards both --deals 100000 --seed 3 --max-states 100000 --max-discards bounds --shard $k/2 &
done; wait
node bin/acesup.js merge results/easy-both-100k-s1.csv results/easy-both-100k-s2.csv \
  --csv results/easy-both-100k.csv --summary results/easy-both-100k.summary.csv > results/easy-both-100k.txt
# The 27 standard x forced deals left unknown at 2,000,000 states, solved at 30,000,000:
awk -F, '$6 == "unknown" { print $3 }' results/standard-forced-100k.csv |
  node bin/acesup.js solve --variant standard --discards forced --max-states 30000000 --json > results/win-rates/standard-forced-100k-unknowns.jsonl
gzip -9f results/standard-forced-100k.csv results/strict-both-100k.csv results/standard-optional-100k.csv results/easy-both-100k.csv
rm -f results/standard-forced-50k.csv results/standard-forced-50k-b.csv results/*-s[12].csv


# 2026-11-29: standard x forced on deals 100,000-999,999 of seed 3 (verdicts only, the default budget),
# merged with the 100,000 above into 1,000,000 deals. Started on 9af518f, stopped with SIGINT at 239,909
# deals and resumed on 066cf60 with --resume (same verdicts; the later commit is faster). The per-deal CSV
# (900,000 rows, 180 MB) is not kept: rerun the command to regenerate it.
run standard-forced-900k --variant standard --discards forced --deals 900000 --from 100000 --seed 3 --max-discards bounds
gunzip -k results/win-rates/standard-forced-100k.csv.gz
node bin/acesup.js merge results/standard-forced-100k.csv results/standard-forced-900k.csv \
  --csv results/standard-forced-1m.csv --summary results/win-rates/standard-forced-1m.summary.csv > results/win-rates/standard-forced-1m.txt
# The 534 deals left unknown at 2,000,000 states, decided at 30,000,000 (verdicts only; 7 won, 527 lost):
awk -F, '$6 == "unknown" { print $3 }' results/standard-forced-900k.csv |
  node bin/acesup.js solve --variant standard --discards forced --max-states 30000000 --max-discards bounds --json \
  > results/win-rates/standard-forced-900k-unknowns.jsonl
# Every win there replays (the solver checks each; and independently):
node -e 'for (const l of require("fs").readFileSync("results/win-rates/standard-forced-900k-unknowns.jsonl", "utf8").trim().split("\n").map(JSON.parse))
  if (l.result === "won") console.log(l.deal + "\t" + l.solution.join(", "))' |
  node bin/acesup.js verify --variant standard --discards forced --file -
rm -f results/standard-forced-100k.csv results/standard-forced-900k.csv results/standard-forced-1m.csv
# strict x forced over the same 1,000,000 deals of seed 3 (34 s on 2 workers; no per-deal CSV kept):
node bin/acesup.js estimate --variant strict --discards forced --deals 1000000 --seed 3 --workers 2 \
  --summary results/win-rates/strict-forced-1m-seed3.summary.csv > results/win-rates/strict-forced-1m-seed3.txt
# 2026-11-29: easy x forced on the first 100,000 deals of seed 3 at the default budget (2,000,000
# states; the run above had 100,000), verdicts only, 2 workers:
run easy-forced-100k-2m --variant easy --discards forced --deals 100000 --seed 3 --max-discards bounds
gzip -9f results/easy-forced-100k-2m.csv
# 2026-11-29 to 30: easy x forced on deals 100,000-999,999 of seed 3 (verdicts only, the default
# budget, 2 workers), in five parts continued with --resume on 0917d2c, 36101bb, 157b211 and f35210f (see
# results/README.md), merged with the 100,000 above into 1,000,000 deals. The per-deal CSV (900,000 rows,
# 179 MB) is not kept: rerun the command to regenerate it.
run easy-forced-900k --variant easy --discards forced --deals 900000 --from 100000 --seed 3 --max-discards bounds
gunzip -k results/win-rates/easy-forced-100k-2m.csv.gz
node bin/acesup.js merge results/easy-forced-100k-2m.csv results/easy-forced-900k.csv \
  --csv results/easy-forced-1m.csv --summary results/win-rates/easy-forced-1m.summary.csv > results/win-rates/easy-forced-1m.txt
rm -f results/easy-forced-100k-2m.csv results/easy-forced-900k.csv results/easy-forced-1m.csv
# 2026-11-30: strict x both rules over the same 1,000,000 deals of seed 3 (verdicts only, the default
# budget, 2 workers; started on bedf8f8, continued with --resume on 9e3d4eb: the same search). The per-deal
# CSV (2,000,000 rows) is not kept; the optional-vs-forced count is made from it before it is removed.
run strict-both-1m-seed3 --variant strict --discards both --deals 1000000 --seed 3 --max-discards bounds
npx tsx bench/optional-vs-forced.ts results/strict-both-1m-seed3.csv > results/optional-vs-forced/optional-vs-forced-strict-1m.txt
rm -f results/strict-both-1m-seed3.csv
# 2026-11-30: standard x optional and easy x optional over the same 1,000,000 deals of seed 3, verdicts
# only, at 100,000 states per deal (the default budget would take 23-35 hours each on 2 cores), one worker
# each, side by side, on 45db946. The per-deal CSVs (1,000,000 rows each) are not kept. The cross-rule
# counts also need the forced runs' per-deal CSVs (results/standard-forced-1m.csv, results/easy-forced-1m.csv:
# the merges above, without their `rm`).
for v in standard easy; do
  run1 $v-optional-1m --variant $v --discards optional --deals 1000000 --seed 3 --max-states 100000 --max-discards bounds &
done; wait
npx tsx bench/optional-vs-forced.ts results/standard-forced-1m.csv results/standard-optional-1m.csv \
  results/easy-forced-1m.csv results/easy-optional-1m.csv > results/optional-vs-forced/optional-vs-forced-1m.txt
# Every unknown deal whose index is a multiple of 500, solved again at the default budget:
for v in standard easy; do
  awk -F, 'NR > 1 && $6 == "unknown" && $2 % 500 == 0 { print $3 }' results/$v-optional-1m.csv |
    node bin/acesup.js solve --variant $v --discards optional --max-discards bounds --json > results/$v-optional-1m-unknowns-sample.jsonl
done
# Every win there replays (the solver checks each; and independently):
for v in standard easy; do
  node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse))
    if (l.result === "won") console.log(l.deal + "\t" + l.solution.join(", "))' results/$v-optional-1m-unknowns-sample.jsonl |
    node bin/acesup.js verify --variant $v --discards optional --file -
done
rm -f results/standard-optional-1m.csv results/easy-optional-1m.csv
# What a pass of --passes costs (2026-12-01, 7e210cb and 73dd720; passes-cost-2026-12-01-7e210cb.txt): 100
# standard × optional deals of seed 3 at the default budget, then their unknowns at ×8, then at ×64, one worker.
node bin/acesup.js estimate --variant standard --seed 3 --deals 100 --workers 2 --csv base.csv --summary results/passes-cost/passes-cost-2026-12-01-first.summary.csv
node bin/acesup.js estimate --escalate base.csv --passes 8 --workers 1 --csv x8.csv --summary results/passes-cost/passes-cost-2026-12-01-x8.summary.csv
node bin/acesup.js estimate --escalate x8.csv --passes 8,64 --workers 1 --csv x64.csv --summary results/passes-cost/passes-cost-2026-12-01-x64.summary.csv
gzip -9 -n -c x64.csv > results/passes-cost/passes-cost-2026-12-01-x64.csv.gz && rm -f base.csv x8.csv x64.csv
# strict × optional settled (2026-12-01, e5e7f4c): the 1,000,000 deals of seed 3 in 4 shards, as 4 cluster jobs
# would run them (here one after another; shard 4 was stopped and finished with --resume), each with passes
# ×8 and ×64 for the deals still unknown at the default budget, then merged.
for k in 1 2 3 4; do
  node bin/acesup.js estimate --variant strict --discards optional --deals 1000000 --seed 3 --max-discards bounds \
    --passes 8,64 --shard $k/4 --workers 2 --no-timings --csv so-$k.csv.gz \
    --summary so-$k.summary.csv > results/strict-optional-1m-passes-shard-$k.txt
done
node bin/acesup.js merge so-[1-4].csv.gz --summary results/win-rates/strict-optional-1m-passes.summary.csv > results/win-rates/strict-optional-1m-passes.txt
# The rows of the 645 deals that a pass decided (the 999,355 others were decided at 2,000,000 positions):
(zcat so-1.csv.gz | head -1; for k in 1 2 3 4; do zcat so-$k.csv.gz | awk -F, 'NR > 1 && $NF != 2000000'; done) |
  gzip -9 -n > results/win-rates/strict-optional-1m-passes-rows.csv.gz
rm -f so-[1-4].csv.gz so-[1-4].summary.csv
# The two-phase sample of standard × optional again, with the subset games (2026-12-01, a9c172c): budgets 2, 16
# and 128 million positions.
for k in 0 1; do
  npx tsx bench/two-phase.ts solve results/optional-unknowns/standard-optional-1m-unknowns-sample.jsonl tp-$k.jsonl --step 5 \
    --part $k --parts 2 --budgets 2000000,16000000,128000000 &
done; wait
cat tp-0.jsonl tp-1.jsonl | node -e 'const l = require("fs").readFileSync(0, "utf8").trim().split("\n");
  console.log(l.sort((a, b) => JSON.parse(a).sample - JSON.parse(b).sample).join("\n"))' > results/optional-unknowns/standard-optional-1m-two-phase-2026-12-01-a9c172c.jsonl
npx tsx bench/two-phase.ts report tp-0.jsonl tp-1.jsonl --won 479500 --unknown 394916 --deals 1000000 \
  --budgets 2000000,16000000,128000000 > results/optional-unknowns/standard-optional-1m-two-phase-2026-12-01-a9c172c.txt
rm -f tp-0.jsonl tp-1.jsonl
# The same for easy × optional, budgets 2 and 16 million positions (2026-12-01, a9c172c); its one new win checked:
for k in 0 1; do
  npx tsx bench/two-phase.ts solve results/optional-unknowns/easy-optional-1m-unknowns-sample.jsonl etp-$k.jsonl --step 5 --variant easy \
    --part $k --parts 2 --budgets 2000000,16000000 &
done; wait
cat etp-0.jsonl etp-1.jsonl | node -e 'const l = require("fs").readFileSync(0, "utf8").trim().split("\n");
  console.log(l.sort((a, b) => JSON.parse(a).sample - JSON.parse(b).sample).join("\n"))' > results/optional-unknowns/easy-optional-1m-two-phase-2026-12-01-a9c172c.jsonl
npx tsx bench/two-phase.ts report etp-0.jsonl etp-1.jsonl --won 539292 --unknown 343433 --deals 1000000 \
  --budgets 2000000,16000000 > results/optional-unknowns/easy-optional-1m-two-phase-2026-12-01-a9c172c.txt
node bin/acesup.js solve --variant easy --max-discards bounds --time-limit 0 --json \
  "AD AS TD KC KS QH QC 3C 9D 6C 9H QD 5S 7C 5H 2H 9C 4H 3S 5D JH 2D QS 4D JS 2S 8C 5C 7S 8D TH 9S 6D 4S TS 8H 8S 6S JD 6H 3H JC 4C KD AC 3D TC AH 2C 7D KH 7H" |
  node -e 'const l = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(l.deal + "\t" + l.solution.join(", "))' |
  node bin/acesup.js verify --variant easy --discards optional --file -
rm -f etp-0.jsonl etp-1.jsonl
# The HTML report of the runs above: every summary file and every per-deal file kept here (the charts draw,
# per variant × rule, the run with the most deals; the table lists every run). The rows of the deals a pass
# decided are a chosen few, not a sample, so they stay out of the per-deal series:
node bin/acesup.js report results/*.summary.csv $(ls results/*.csv.gz | grep -v -- -passes-rows) --out results/report.html
