#!/usr/bin/env bash
# Proves the iOS type-check can fail: copies App/, makes two mistakes in the copy, checks the copy, and expects the
# check to fail naming each file and line:
#   - a misspelled UIKit call in the keyboard (`textDocumentProxy.deleteBackward()` → `deleteBackwards()`);
#   - a misspelled SpeechTranscriber option in the app (`attributeOptions: [.audioTimeRange]` → `.audioTimeRanges`),
#     which only Apple's own iOS 26.0 Speech interface can catch.
# Run by `make ios-check` after the check itself.
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
speech="Utter/Engines/AppleSpeechEngine.swift"
speech_line="$(misspell "$speech" 'attributeOptions: [.audioTimeRange]' 'attributeOptions: [.audioTimeRanges]')" || exit 1

output="$("$root/scripts/check-ios.sh" --app-dir "$work/App" --target UtterKeyboard --target Utter 2>&1)"
status=$?
case "$output" in
  *"ios-check: skipped:"*) echo "ios-check self-test: skipped (no iOS SDK)"; exit 0 ;;
esac
failed=0
# reported PATH:LINE WORD: the check's output names that line, with WORD in the same message.
reported() {
  grep -F "$work/App/$1:$2: " <<<"$output" | grep -qF "$3"
}
if [ "$status" -eq 0 ]; then
  echo "ios-check self-test: failed: the check passed a copy of App/ with two mistakes" >&2
  failed=1
fi
if ! reported "$keyboard" "$keyboard_line" deleteBackwards; then
  echo "ios-check self-test: failed: the misspelled UIKit call at $keyboard:$keyboard_line was not reported" >&2
  failed=1
fi
if ! reported "$speech" "$speech_line" audioTimeRanges; then
  echo "ios-check self-test: failed: the misspelled SpeechTranscriber option at $speech:$speech_line was not reported" >&2
  failed=1
fi
if [ "$failed" -ne 0 ]; then
  printf '%s\n' "$output" | tail -20 >&2
  exit 1
fi
echo "ios-check self-test: passed (the misspelled UIKit call at $keyboard:$keyboard_line and SpeechTranscriber option" \
  "at $speech:$speech_line failed the check):"
grep -F -e "$work/App/$keyboard:$keyboard_line: " -e "$work/App/$speech:$speech_line: " <<<"$output" | sed "s|$work/App/|  App/|"
