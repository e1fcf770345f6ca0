#!/usr/bin/env bash
# Installs Debian packages the tests need (`scripts/debian-install.sh chromium nginx …`), as root or
# through sudo: the one way the test scripts install what is missing (test.sh, with-postgres.sh, the
# several-instances suite's nginx).
#
# Without the packages' recommendations (ADR 0093): the tests need the programs, not the desktop
# around them. With them, chromium, LibreOffice Calc, the Korean font and nginx came to 186
# packages (avahi-daemon, udev, apparmor, CUPS's helpers, Samba's libraries, some forty Perl
# modules); without, 86, installed in 53 s instead of 83 (test.sh names the one font among them the
# layout checks need, fonts-liberation2).
set -euo pipefail
[[ $# -gt 0 ]] || { echo "usage: $0 PACKAGE..." >&2; exit 2; }
SUDO=()
[[ $(id -u) -ne 0 ]] && SUDO=(sudo)
"${SUDO[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "$@"
