#!/usr/bin/env bash
# Installs a pinned k6 into load-tests/.bin with `go install` from the Go module proxy.
# Skips the build when that exact version is already there. Needs Go 1.25 or newer.
set -euo pipefail

K6_VERSION="${K6_VERSION:-v1.8.1}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin_dir="$here/.bin"
k6="$bin_dir/k6"

if [[ -x "$k6" ]] && "$k6" version 2>/dev/null | grep -q "k6 ${K6_VERSION}"; then
  echo "k6 ${K6_VERSION} already installed at $k6"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  if [[ -x /usr/local/go/bin/go ]]; then
    export PATH="/usr/local/go/bin:$PATH"
  else
    echo "Go is needed to build k6 (https://go.dev/doc/install, or apt-get install golang-go)." >&2
    exit 1
  fi
fi

mkdir -p "$bin_dir"
echo "Building k6 ${K6_VERSION} with $(go version) (a few minutes the first time)..."
start=$(date +%s)
# No debug information (DWARF, symbol table): nobody debugs k6 here, and leaving it out takes
# about a tenth off the build's CPU. Panics still name their functions.
GOBIN="$bin_dir" GOFLAGS="${GOFLAGS:-} -trimpath" \
  go install -gcflags=all=-dwarf=false -ldflags='-s -w' "go.k6.io/k6@${K6_VERSION}"
echo "k6 installed at $k6 in $(($(date +%s) - start)) s: $("$k6" version | head -1)"
