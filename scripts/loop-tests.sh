#!/usr/bin/env bash
# Runs the given test files N times in a row and counts the runs that passed: a check that
# a suite is steady, not a test. Each run's output is kept under test-results/loop/.
#   scripts/loop-tests.sh 10 test/browser/*.test.ts
set -u
runs=${1:?usage: scripts/loop-tests.sh N test-files...}
shift
[ "$#" -gt 0 ] || { echo "usage: scripts/loop-tests.sh N test-files..." >&2; exit 2; }
cd "$(dirname "$0")/.."
out=test-results/loop
mkdir -p "$out"
passed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if node scripts/test.mjs "$@" >"$out/run-$i.log" 2>&1; then
    passed=$((passed + 1))
    verdict=pass
  else
    verdict=FAIL
  fi
  summary=$(grep -E '^ℹ (pass|fail) ' "$out/run-$i.log" | tr '\n' ' ')
  echo "run $i/$runs: $verdict in $(($(date +%s) - start)) s, ${summary}load $(cut -d' ' -f1-3 /proc/loadavg)"
  [ "$verdict" = pass ] || grep -E '^\s*✖' "$out/run-$i.log" | sort -u | head -20
done
echo "$passed of $runs runs passed"
[ "$passed" -eq "$runs" ]
