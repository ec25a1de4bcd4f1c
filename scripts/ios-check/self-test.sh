#!/usr/bin/env bash
# Proves the iOS type-check can fail: copies App/, misspells one real UIKit call in the copy
# (`textDocumentProxy.deleteBackward()` → `deleteBackwards()`), checks the copy, and expects the check to fail
# naming that file and line. Run by `make ios-check` after the check itself.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/utter-ios-self-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$root/App" "$work/App"
file="UtterKeyboard/ProxyDocument.swift"
line="$(grep -n 'textDocumentProxy.deleteBackward()' "$work/App/$file" | head -1 | cut -d: -f1)"
if [ -z "$line" ]; then
  echo "ios-check self-test: failed: $file no longer calls textDocumentProxy.deleteBackward(); pick another call" >&2
  exit 1
fi
sed -i.orig "${line}s/textDocumentProxy.deleteBackward()/textDocumentProxy.deleteBackwards()/" "$work/App/$file"
output="$("$root/scripts/check-ios.sh" --app-dir "$work/App" --target UtterKeyboard 2>&1)"
status=$?
case "$output" in
  *"ios-check: skipped:"*) echo "ios-check self-test: skipped (no iOS SDK)"; exit 0 ;;
esac
expected="$work/App/$file:$line: value of type"
if [ "$status" -ne 0 ] && grep -qF "$expected" <<<"$output" && grep -qF "deleteBackwards" <<<"$output"; then
  echo "ios-check self-test: passed (the misspelled UIKit call at $file:$line failed the check)"
  exit 0
fi
echo "ios-check self-test: failed: the check did not report the misspelled call at $file:$line (exit $status):" >&2
printf '%s\n' "$output" | tail -20 >&2
exit 1
