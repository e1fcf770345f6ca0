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

echo "== type check"
npx tsc

echo "== unit tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/unit.json

echo "== contract tests (embedded backend on PGlite${LEGACY_API_URL:+, and $LEGACY_API_URL})"
npx vitest run --config vitest.contract.config.ts --reporter=default --reporter=json --outputFile.json=.reports/contract.json

if [[ -z "${LEGACY_API_URL:-}" && "${SKIP_POSTGRES:-}" != "1" ]]; then
  echo "== contract tests on a throw-away PostgreSQL"
  bash scripts/with-postgres.sh npx vitest run --config vitest.contract.config.ts --reporter=default --reporter=json --outputFile.json=.reports/contract-pg.json
fi

echo "== build"
npx remix build

echo "== end-to-end tests (Playwright, JavaScript on and off, axe-core)"
CI=1 npx playwright test

node scripts/test-summary.js .reports
