#!/usr/bin/env bash
# The optional rule's unknowns: a sample of the deals that the standard and easy x optional runs of
# results/win-rates left unknown, solved again; then two-phase estimates from every fifth deal of each sample.
# The first part reads the optional runs' per-deal CSVs (results/win-rates/run.sh writes them; they are not
# kept). Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
O=results/optional-unknowns
W=results/win-rates
# 2026-11-30 (b6af9aa): every unknown deal whose index is a multiple of 500, solved again at the default budget:
for v in standard easy; do
  awk -F, 'NR > 1 && $6 == "unknown" && $2 % 500 == 0 { print $3 }' $W/$v-optional-1m.csv |
    node bin/acesup.js solve --variant $v --discards optional --max-discards bounds --json > $O/$v-optional-1m-unknowns-sample.jsonl
done
# Every win there replays (the solver checks each; and independently):
for v in standard easy; do
  node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse))
    if (l.result === "won") console.log(l.deal + "\t" + l.solution.join(", "))' $O/$v-optional-1m-unknowns-sample.jsonl |
    node bin/acesup.js verify --variant $v --discards optional --file -
done
# The two-phase sample of standard x optional with the subset games (2026-12-01, a9c172c): budgets 2, 16 and
# 128 million positions.
for k in 0 1; do
  npx tsx studies/two-phase.ts solve $O/standard-optional-1m-unknowns-sample.jsonl tp-$k.jsonl --step 5 \
    --part $k --parts 2 --budgets 2000000,16000000,128000000 &
done; wait
cat tp-0.jsonl tp-1.jsonl | node -e 'const l = require("fs").readFileSync(0, "utf8").trim().split("\n");
  console.log(l.sort((a, b) => JSON.parse(a).sample - JSON.parse(b).sample).join("\n"))' > $O/standard-optional-1m-two-phase-2026-12-01-a9c172c.jsonl
npx tsx studies/two-phase.ts report tp-0.jsonl tp-1.jsonl --won 479500 --unknown 394916 --deals 1000000 \
  --budgets 2000000,16000000,128000000 > $O/standard-optional-1m-two-phase-2026-12-01-a9c172c.txt
rm -f tp-0.jsonl tp-1.jsonl
# The same for easy x optional, budgets 2 and 16 million positions (2026-12-01, a9c172c); its one new win checked:
for k in 0 1; do
  npx tsx studies/two-phase.ts solve $O/easy-optional-1m-unknowns-sample.jsonl etp-$k.jsonl --step 5 --variant easy \
    --part $k --parts 2 --budgets 2000000,16000000 &
done; wait
cat etp-0.jsonl etp-1.jsonl | node -e 'const l = require("fs").readFileSync(0, "utf8").trim().split("\n");
  console.log(l.sort((a, b) => JSON.parse(a).sample - JSON.parse(b).sample).join("\n"))' > $O/easy-optional-1m-two-phase-2026-12-01-a9c172c.jsonl
npx tsx studies/two-phase.ts report etp-0.jsonl etp-1.jsonl --won 539292 --unknown 343433 --deals 1000000 \
  --budgets 2000000,16000000 > $O/easy-optional-1m-two-phase-2026-12-01-a9c172c.txt
node bin/acesup.js solve --variant easy --max-discards bounds --time-limit 0 --json \
  "AD AS TD KC KS QH QC 3C 9D 6C 9H QD 5S 7C 5H 2H 9C 4H 3S 5D JH 2D QS 4D JS 2S 8C 5C 7S 8D TH 9S 6D 4S TS 8H 8S 6S JD 6H 3H JC 4C KD AC 3D TC AH 2C 7D KH 7H" |
  node -e 'const l = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(l.deal + "\t" + l.solution.join(", "))' |
  node bin/acesup.js verify --variant easy --discards optional --file -
rm -f etp-0.jsonl etp-1.jsonl
