#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages: Debian's Chromium headless shell (browser tests) and
# PostgreSQL (the storage tests run on both PGlite and a real server). Skips what is already there.
set -euo pipefail

need=()
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then need+=(postgresql); fi

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing system packages: ${need[*]}. Install them (apt-get install ${need[*]}) or run as root." >&2
    exit 1
  fi
  echo "Installing ${need[*]} from Debian packages..."
  export DEBIAN_FRONTEND=noninteractive
  # A mirror that hiccups once should not fail the run.
  apt-get -o Acquire::Retries=5 update -qq
  apt-get -o Acquire::Retries=5 install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "System test dependencies present: chromium-headless-shell, postgresql."
