#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages, when it is missing: redis-server,
# Java 17 and Maven (the Kafka broker jars), Debian's chromium (browser tests), psql (docker
# compose's PostgreSQL init script is run through it) and schemathesis (API fuzzing). Runs before
# `npm test`; installs only as root on a Debian-based machine and otherwise says what to install.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
command -v mvn >/dev/null 2>&1 || missing+=(maven)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "The tests need these packages: ${missing[*]} (Debian: sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
fi

if ! command -v schemathesis >/dev/null 2>&1; then
  echo "Installing schemathesis from PyPI"
  python3 -m pip install --quiet --disable-pip-version-check 'schemathesis==4.32.5'
fi
command -v go >/dev/null 2>&1 || echo "Note: Go 1.25+ is needed to build k6 for the load-test smoke test." >&2
