#!/usr/bin/env bash
# `npm test`: every test of the project, in the order a failure is cheapest to find.
# Installs Debian's chromium (its headless shell), a Korean font, LibreOffice Calc and PostgreSQL when they are missing (Playwright cannot
# download its own browser here; the Excel round trips go through a real spreadsheet program; the
# contract tests run once more on a throw-away PostgreSQL), in the background while the first stages run.
set -euo pipefail
cd "$(dirname "$0")/.."

mkdir -p .reports
rm -f .reports/*.json

# A stage that can overlap the next one runs in the background; `finish` waits for it and, if it
# failed, prints its output and stops the run.
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

# what the later stages need from Debian, installed beside the first ones (one apt-get at a time)
PACKAGES=()
# the browsers: Debian's chromium headless shell for most specs and the full chromium for the
# keyboard walk's and the PDF viewer's (ADR 0070), unless CHROMIUM_PATH names the one to use for all
if [[ -n "${CHROMIUM_PATH:-}" ]]; then [[ -x "$CHROMIUM_PATH" ]] || PACKAGES+=(chromium)
else
  [[ -x /usr/bin/chromium-headless-shell ]] || PACKAGES+=(chromium-headless-shell)
  [[ -x /usr/bin/chromium ]] || PACKAGES+=(chromium)
fi
# LibreOffice Calc: a real Excel client that the Excel round trips open exports with and write imports from
command -v soffice >/dev/null 2>&1 || PACKAGES+=(libreoffice-calc-nogui)
# a Korean font, so that the browser tests measure the layout users see (real Hangul glyphs, not
# boxes): a page that overflows only with the real glyphs must fail here too
has_font() { command -v fc-list >/dev/null 2>&1 && [[ -n "$(fc-list "$1" 2>/dev/null | head -1)" ]]; }
has_font :lang=ko || PACKAGES+=(fonts-noto-cjk)
# and Arial's metrics for Latin letters: Chromium's generic sans-serif is Arial, which Liberation Sans
# stands in for (ADR 0093: without it DejaVu Sans's wider letters pushed a row's edit and delete
# links closer than the 24 px axe-core's target-size asks for)
has_font "Liberation Sans" || PACKAGES+=(fonts-liberation2)
WITH_POSTGRES=0
if [[ -z "${LEGACY_API_URL:-}" && "${SKIP_POSTGRES:-}" != "1" ]]; then
  WITH_POSTGRES=1
  command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || PACKAGES+=(postgresql)
  # the load balancer in front of the multi-instance tests (tests/cluster)
  [[ -x /usr/sbin/nginx ]] || command -v nginx >/dev/null 2>&1 || PACKAGES+=(nginx)
fi
if [[ ${#PACKAGES[@]} -gt 0 ]]; then
  echo "== installing Debian's ${PACKAGES[*]} (in the background)"
  background "install ${PACKAGES[*]}" bash scripts/debian-install.sh "${PACKAGES[@]}"
fi

echo "== type check (in the background) and unit tests"
background "type check" npx tsc
# two files at a time (vitest's default on 2 cores is one; the type check beside them is light)
npx vitest run --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=.reports/unit.json
finish "type check"
if [[ ${#PACKAGES[@]} -gt 0 ]]; then finish "install ${PACKAGES[*]}"; fi

# The contract tests (ADR 0082): with PostgreSQL, the whole suite runs on it (production's
# database, through the real driver and pool; two files at a time, each on a copy of a seeded
# template) beside the build, and on PGlite only tests/contract/pglite, what PGlite's own code does
# (its durability, backups, dropped connections): the rest of the embedded backend on PGlite is the
# unit tests' and the end-to-end server's, and PGlite runs the same PostgreSQL engine. Without
# PostgreSQL (SKIP_POSTGRES=1, or against a legacy server) the whole suite runs on PGlite.
background "build" npx remix build
if [[ $WITH_POSTGRES -eq 1 ]]; then
  echo "== contract tests on a throw-away PostgreSQL (in the background)"
  background "contract tests on PostgreSQL" bash scripts/with-postgres.sh npx vitest run --config vitest.contract.config.ts --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=.reports/contract-pg.json
  echo "== contract tests of PGlite's own code (embedded backend on PGlite)"
  npx vitest run --config vitest.contract.config.ts --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=.reports/contract.json tests/contract/pglite
else
  echo "== contract tests (embedded backend on PGlite${LEGACY_API_URL:+, and $LEGACY_API_URL})"
  npx vitest run --config vitest.contract.config.ts --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=.reports/contract.json
fi
finish "build"
if [[ $WITH_POSTGRES -eq 1 ]]; then
  finish "contract tests on PostgreSQL"
  # two instances on one PostgreSQL behind nginx (issue 39): mostly waiting on their start, so
  # beside the end-to-end tests
  echo "== several instances behind nginx (in the background)"
  background "several instances behind nginx" bash scripts/with-postgres.sh npx vitest run --config vitest.cluster.config.ts --reporter=default --reporter=json --outputFile.json=.reports/cluster.json
fi

echo "== end-to-end tests (Playwright, JavaScript on and off, axe-core)"
CI=1 npx playwright test
if [[ $WITH_POSTGRES -eq 1 ]]; then finish "several instances behind nginx"; fi

node scripts/test-summary.js .reports
