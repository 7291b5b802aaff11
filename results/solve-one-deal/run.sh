#!/usr/bin/env bash
# acesup solve DEAL as a user types it (all three variants, optional discards, exact max discards, the default
# --time-limit of 60 s), deals 0-19 of seeds 20261201 and 20261202, one after another (2026-12-01, bcf48bd).
# Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
npx tsx bench/solve-one-deal.ts --seeds 20261201,20261202 --deals 20 > results/solve-one-deal/solve-one-deal-2026-12-01-bcf48bd.txt
