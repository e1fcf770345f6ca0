#!/usr/bin/env bash
# `npm test`: every test of the project, in the order a failure is cheapest to find.
# Installs Debian's chromium when it is missing (Playwright cannot download its own here).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; then
  echo "== installing Debian chromium"
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

mkdir -p .reports
rm -f .reports/*.json

# A stage that can overlap the next one runs in the background; `finish` waits for it and, if it
# failed, prints its output and stops the run. The type check overlaps the unit tests, the build
# the PostgreSQL contract tests (which run one file at a time and leave a core free).
declare -A BG_PID BG_LOG
background() {
  local name=$1; shift
  BG_LOG[$name]=$(mktemp)
  "$@" >"${BG_LOG[$name]}" 2>&1 &
  BG_PID[$name]=$!
}
finish() {
  local name=$1
  if wait "${BG_PID[$name]}"; then
    echo "== $name: ok"
  else
    echo "== $name: FAILED"; cat "${BG_LOG[$name]}"; exit 1
  fi
  rm -f "${BG_LOG[$name]}"
}

echo "== type check (in the background) and unit tests"
background "type check" npx tsc
npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/unit.json
finish "type check"

echo "== contract tests (embedded backend on PGlite${LEGACY_API_URL:+, and $LEGACY_API_URL})"
npx vitest run --config vitest.contract.config.ts --reporter=default --reporter=json --outputFile.json=.reports/contract.json

background "build" npx remix build
if [[ -z "${LEGACY_API_URL:-}" && "${SKIP_POSTGRES:-}" != "1" ]]; then
  echo "== contract tests on a throw-away PostgreSQL (the build runs beside them)"
  bash scripts/with-postgres.sh npx vitest run --config vitest.contract.config.ts --reporter=default --reporter=json --outputFile.json=.reports/contract-pg.json
fi
finish "build"

echo "== end-to-end tests (Playwright, JavaScript on and off, axe-core)"
CI=1 npx playwright test

node scripts/test-summary.js .reports
