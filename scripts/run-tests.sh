#!/usr/bin/env bash
# `npm test`: the type check, lint and format check, the unit and API tests, and the browser journeys.
# The journeys are the longest part and spend most of their time waiting on pages, so they start
# first (after building the app when its sources changed), and the checks and then the unit tests run
# beside them. The journeys' output is held back and printed after the rest, so nothing is
# interleaved. Every part runs to its end; the run fails if any part failed, and the last lines
# name each failed test, so a log cut to its tail still says what broke.
set -uo pipefail
cd "$(dirname "$0")/.."

E2E_LOG="$(mktemp)"
UNIT_LOG="$(mktemp)"
trap 'rm -f "$E2E_LOG" "$UNIT_LOG"' EXIT
npm run test:e2e >"$E2E_LOG" 2>&1 &
E2E_PID=$!

failed=()
for check in typecheck lint format:check; do
  npm run "$check" || failed+=("npm run $check")
done

npm run test:unit 2>&1 | tee "$UNIT_LOG" || failed+=("the unit and API tests")

wait "$E2E_PID" || failed+=("the browser journeys")
printf '\n==> Browser journeys\n'
cat "$E2E_LOG"

if [ "${#failed[@]}" -gt 0 ]; then
  printf '\n==> Failed tests\n'
  node scripts/failed-tests.mjs "$UNIT_LOG" "$E2E_LOG"
fi
for part in "${failed[@]}"; do echo "Failed: $part." >&2; done
[ "${#failed[@]}" -eq 0 ]
