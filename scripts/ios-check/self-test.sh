#!/usr/bin/env bash
# Proves the iOS check fails where Xcode 26 would, or where an upload or a phone would: copies App/, plants five
# mistakes in the copy, checks the copy's keyboard and widget targets, and expects a report naming each file and line:
#   - a misspelt UIKit member in the keyboard (`textDocumentProxy.deleteBackward()` → `deleteBackwards()`);
#   - an import of a package product the keyboard does not link (`import TextPipeline`);
#   - a data race in the widgets that only the compiler's SIL stage reports (a type check passes it);
#   - an error only a Release build compiles (`#if !DEBUG`), in the widgets;
#   - a Swift file that no target of the generated project compiles.
# Run by `make ios-check` after the check itself; shares its build folder, so only the copy's targets compile.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/utter-ios-self-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$root/App" "$work/App"

# misspell FILE GOOD BAD: replaces the first GOOD in the copy's FILE by BAD and prints that line's number.
misspell() {
  python3 - "$work/App/$1" "$2" "$3" <<'PY' || { echo "ios-check self-test: failed: $1 no longer has $2" >&2; exit 1; }
import sys
path, good, bad = sys.argv[1:]
text = open(path, encoding="utf-8").read()
at = text.find(good)
if at < 0:
  sys.exit(1)
open(path, "w", encoding="utf-8").write(text[:at] + bad + text[at + len(good):])
print(text.count("\n", 0, at) + 1)
PY
}
keyboard="UtterKeyboard/ProxyDocument.swift"
keyboard_line="$(misspell "$keyboard" 'textDocumentProxy.deleteBackward()' 'textDocumentProxy.deleteBackwards()')" || exit 1
unlinked="UtterKeyboard/KeyboardRootView.swift"
unlinked_line="$(misspell "$unlinked" 'import SwiftUI' 'import TextPipeline
import SwiftUI')" || exit 1
race="UtterWidgets/PlantedRace.swift"
cat >"$work/App/$race" <<'SWIFT'
final class Tally {
  var count = 0
}

func countTwice() {
  let tally = Tally()
  Task.detached { tally.count += 1 }
  tally.count += 1
}
SWIFT
race_line=7
release="UtterWidgets/PlantedRelease.swift"
printf '#if !DEBUG\n  let plantedRelease: Int = "not a number"\n#endif\n' >"$work/App/$release"
release_line=2
stray="Stray.swift"
echo 'let stray = 1' >"$work/App/$stray"

output="$("$root/scripts/check-ios.sh" --app-dir "$work/App" --target UtterKeyboard --target UtterWidgets 2>&1)"
status=$?
case "$output" in
  *"ios-check: skipped:"*) echo "ios-check self-test: skipped (no iOS SDK)"; exit 0 ;;
esac
failed=0
if [ "$status" -eq 0 ]; then
  echo "ios-check self-test: failed: the check passed a copy of App/ with five mistakes" >&2
  failed=1
fi
# expect WHAT FILE LINE WORD: the report names FILE:LINE with WORD in the same line.
expect() {
  if ! grep -E "(^|/)App/$2:$3: " <<<"$output" | grep -qF "$4"; then
    echo "ios-check self-test: failed: $1 at $2:$3 was not reported" >&2
    failed=1
  fi
}
expect "the misspelt UIKit member" "$keyboard" "$keyboard_line" deleteBackwards
expect "the import of an unlinked product" "$unlinked" "$unlinked_line" "imports TextPipeline"
expect "the data race only SIL reports" "$race" "$race_line" "data race"
expect "the Release-only error" "$release" "$release_line" "cannot convert"
expect "the file in no target" "$stray" 1 "in no target"
if [ "$failed" -ne 0 ]; then
  printf '%s\n' "$output" | tail -25 >&2
  exit 1
fi
echo "ios-check self-test: passed: five planted mistakes failed the check:"
grep -E "App/($keyboard:$keyboard_line|$unlinked:$unlinked_line|$race:$race_line|$release:$release_line|$stray:1): " \
  <<<"$output" | sed -E "s|^ *$work/|  |; s|^ *[^ ]*/App/|  App/|" | sort -u
