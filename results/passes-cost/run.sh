#!/usr/bin/env bash
# What a pass of --passes costs (2026-12-01, 7e210cb and 73dd720; passes-cost-2026-12-01-7e210cb.txt holds the
# commands as run and every figure): 100 standard x optional deals of seed 3 at the default budget, then their
# unknowns at x8, then at x64, one worker. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
O=results/passes-cost
node bin/acesup.js estimate --variant standard --seed 3 --deals 100 --workers 2 --csv base.csv --summary $O/passes-cost-2026-12-01-first.summary.csv
node bin/acesup.js estimate --escalate base.csv --passes 8 --workers 1 --csv x8.csv --summary $O/passes-cost-2026-12-01-x8.summary.csv
node bin/acesup.js estimate --escalate x8.csv --passes 8,64 --workers 1 --csv x64.csv --summary $O/passes-cost-2026-12-01-x64.summary.csv
gzip -9 -n -c x64.csv > $O/passes-cost-2026-12-01-x64.csv.gz && rm -f base.csv x8.csv x64.csv
