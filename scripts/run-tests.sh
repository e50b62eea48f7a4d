#!/usr/bin/env bash
# The unit and API tests and the browser journeys, side by side. The journeys spend most of their
# time waiting on pages and leave a core free, so both finish well before they would one after the
# other. The journeys' output is held back and printed after the unit tests', so neither is
# interleaved with the other.
set -uo pipefail
cd "$(dirname "$0")/.."

E2E_LOG="$(mktemp)"
trap 'rm -f "$E2E_LOG"' EXIT
npm run test:e2e >"$E2E_LOG" 2>&1 &
E2E_PID=$!

npm run test:unit
UNIT_RC=$?

wait "$E2E_PID"
E2E_RC=$?
printf '\n==> Browser journeys\n'
cat "$E2E_LOG"

if [ "$UNIT_RC" -ne 0 ]; then echo "The unit and API tests failed." >&2; fi
if [ "$E2E_RC" -ne 0 ]; then echo "The browser journeys failed." >&2; fi
[ "$UNIT_RC" -eq 0 ] && [ "$E2E_RC" -eq 0 ]
