#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throw-away PostgreSQL server.
#
#   bash scripts/with-postgres.sh npx vitest run --config vitest.contract.config.ts
#
# Starts a fresh cluster in a temporary folder on a free loopback port (trust authentication,
# fsync off: test data only), creates the database `medu`, runs the command, then stops the
# server and removes the folder, whatever happens. Finds PostgreSQL's binaries on PATH or under
# /usr/lib/postgresql/*/bin; when there are none it installs Debian's `postgresql` package
# (needs root). As root the server runs as the `postgres` user (PostgreSQL refuses root).
# The command's exit status is this script's.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

log() { echo "[with-postgres] $*" >&2; }

find_bindir() {
  local initdb
  if initdb=$(command -v initdb 2>/dev/null); then
    initdb=$(readlink -f "$initdb")
    if [[ -x "$(dirname "$initdb")/pg_ctl" ]]; then
      dirname "$initdb"
      return 0
    fi
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -n "$dir" && -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
    echo "$dir"
    return 0
  fi
  return 1
}

BINDIR=$(find_bindir || true)
if [[ -z "$BINDIR" ]]; then
  if [[ $(id -u) -ne 0 ]]; then
    log "PostgreSQL is not installed and this is not root: install Debian's 'postgresql' package first."
    exit 1
  fi
  log "PostgreSQL not found: installing Debian's postgresql package"
  bash "$(dirname "$0")/debian-install.sh" postgresql >&2
  BINDIR=$(find_bindir || true)
  if [[ -z "$BINDIR" ]]; then
    log "PostgreSQL binaries still not found after installing."
    exit 1
  fi
fi

# As root, run the server's tools as the postgres user.
RUN_AS=()
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
  if command -v runuser >/dev/null 2>&1; then
    RUN_AS=(runuser -u postgres --)
  else
    RUN_AS=(su postgres -s /bin/sh -c '"$0" "$@"')
  fi
fi
pg() { "${RUN_AS[@]}" "$@"; }

WORKDIR=$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")
PGDATA_DIR="$WORKDIR/data"
STARTED=0

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [[ $STARTED -eq 1 ]]; then
    pg "$BINDIR/pg_ctl" -D "$PGDATA_DIR" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORKDIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [[ ${#RUN_AS[@]} -gt 0 ]]; then
  chown postgres "$WORKDIR"
fi
chmod 700 "$WORKDIR"

pg "$BINDIR/initdb" -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 --no-locale --no-sync >"$WORKDIR/initdb.log" 2>&1 || {
  cat "$WORKDIR/initdb.log" >&2
  exit 1
}

# the server on a free port; a port taken between the probe and the bind: another one, up to 5 tries
STARTED=1
for attempt in 1 2 3 4 5; do
  # a probed port below Linux's ephemeral range (scripts/free-port.mjs says why)
  PORT=$(node "$(dirname "$0")/free-port.mjs") || { log "no free port found"; exit 1; }
  if pg "$BINDIR/pg_ctl" -D "$PGDATA_DIR" -l "$WORKDIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $WORKDIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" \
    start >/dev/null; then
    break
  fi
  if [[ $attempt -lt 5 ]] && grep -q "Address already in use" "$WORKDIR/server.log" 2>/dev/null; then
    log "port $PORT was taken before the server could bind it: trying another"
    : >"$WORKDIR/server.log"
    continue
  fi
  cat "$WORKDIR/server.log" >&2 || true
  exit 1
done

pg "$BINDIR/createdb" -h 127.0.0.1 -p "$PORT" -U postgres medu

export DATABASE_URL="postgresql://postgres@127.0.0.1:$PORT/medu"
log "$("$BINDIR/pg_ctl" --version | sed -E 's/^pg_ctl \(PostgreSQL\) //') on 127.0.0.1:$PORT: DATABASE_URL=$DATABASE_URL"

# Run the command in the background (stdin kept) so that a signal to this script is forwarded to
# it at once, and the cluster is removed when it ends.
CHILD=""
forward() { if [[ -n "$CHILD" ]]; then kill -s "$1" "$CHILD" 2>/dev/null || true; fi; }
trap 'forward INT' INT
trap 'forward TERM' TERM
set +e
"$@" <&0 &
CHILD=$!
while :; do
  wait "$CHILD"
  status=$?
  kill -0 "$CHILD" 2>/dev/null || break
done
set -e
exit "$status"
