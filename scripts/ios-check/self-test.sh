#!/usr/bin/env bash
# Proves the iOS check fails where Xcode 26 would, or where an upload or a phone would. First it copies App/, plants
# five mistakes in the copy, checks the copy's keyboard and widget targets, and expects a report naming each file and
# line:
#   - a misspelt UIKit member in the keyboard (`textDocumentProxy.deleteBackward()` → `deleteBackwards()`);
#   - an import of a package product the keyboard does not link (`import TextPipeline`);
#   - a data race in the widgets that only the compiler's SIL stage reports (a type check passes it);
#   - an error only a Release build compiles (`#if !DEBUG`), in the widgets;
#   - a Swift file that no target of the generated project compiles.
# Then a second copy gets the mistakes App Store Connect refuses an upload for, checked with `--rules-only` (nothing
# compiles: the binaries the full check linked for the same sources are read), each expected as one line naming its
# rule and file (bundle.py, rules.py, notices.py):
#   - an app icon with an alpha channel (an RGBA PNG);
#   - the microphone's usage string deleted from the app's Info.plist properties;
#   - UserDefaults, which the keyboard's binary uses, deleted from its privacy manifest;
#   - the app built for iPad too (TARGETED_DEVICE_FAMILY "1,2") with portrait only;
#   - a build number lower than App/project.yml ever had;
#   - a linked package's entry deleted from the app's third-party notices (when notices.py is there).
# Run by `make ios-check` after the check itself; shares its build folder, so only the copy's targets compile.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/utter-ios-self-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$root/App" "$work/App"
# NB: both copies at once, so both are of the App/ the full check just linked (the second reads its binaries).
mkdir "$work/bundle"
cp -R "$root/App" "$work/bundle/App"

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

started=$SECONDS
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
compiled=$((SECONDS - started))

# The second copy: what an upload is refused for.
upload="$work/bundle/App"
python3 - "$upload/Utter/Assets.xcassets/AppIcon.appiconset/AppIcon.png" <<'PY' || exit 1
import struct, sys, zlib
side = 1024
rows = b"".join(b"\0" + b"\x20\x60\xc0\x80" * side for _ in range(side))  # RGBA, half transparent
def chunk(kind, body):
  return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0))
open(sys.argv[1], "wb").write(png + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
PY
python3 - "$upload/project.yml" <<'PY' || { echo "ios-check self-test: failed: project.yml has changed shape" >&2; exit 1; }
import re, sys
path = sys.argv[1]
lines = open(path, encoding="utf-8").read().split("\n")
# The microphone's usage string and the lines its folded value continues on.
at = next(i for i, l in enumerate(lines) if l.strip().startswith("NSMicrophoneUsageDescription:"))
indent = len(lines[at]) - len(lines[at].lstrip())
end = next(i for i in range(at + 1, len(lines)) if len(lines[i]) - len(lines[i].lstrip()) <= indent)
del lines[at:end]
text = "\n".join(lines)
# The app (the first target) for iPhone and iPad; its orientations stay portrait only.
text = text.replace('TARGETED_DEVICE_FAMILY: "1"', 'TARGETED_DEVICE_FAMILY: "1,2"', 1)
# A build number lower than any App/project.yml had.
text, count = re.subn(r'CURRENT_PROJECT_VERSION: "\d+"', 'CURRENT_PROJECT_VERSION: "0"', text, count=1)
assert count == 1
open(path, "w", encoding="utf-8").write(text)
PY
python3 - "$upload/UtterKeyboard/PrivacyInfo.xcprivacy" <<'PY' || exit 1
import plistlib, sys
path = sys.argv[1]
manifest = plistlib.load(open(path, "rb"))
kept = [e for e in manifest["NSPrivacyAccessedAPITypes"]
        if e["NSPrivacyAccessedAPIType"] != "NSPrivacyAccessedAPICategoryUserDefaults"]
assert len(kept) < len(manifest["NSPrivacyAccessedAPITypes"]), "the keyboard no longer declares UserDefaults"
manifest["NSPrivacyAccessedAPITypes"] = kept
plistlib.dump(manifest, open(path, "wb"))
PY
notices="Utter/About/Acknowledgements.json"
dropped=""
if [ -f "$root/scripts/ios-check/notices.py" ] && [ -f "$upload/$notices" ]; then
  dropped="$(python3 - "$upload/$notices" <<'PY'
import json, sys
path = sys.argv[1]
document = json.load(open(path, encoding="utf-8"))
gone = document["packages"].pop(1)
json.dump(document, open(path, "w", encoding="utf-8"), indent=2)
print(gone["package"])
PY
)" || exit 1
fi
started=$SECONDS
bundle_output="$("$root/scripts/check-ios.sh" --app-dir "$upload" --rules-only 2>&1)"
bundle_status=$?
checked=$((SECONDS - started))
if [ "$bundle_status" -eq 0 ]; then
  echo "ios-check self-test: failed: the rules passed a copy of App/ with the mistakes an upload is refused for" >&2
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
# expect_rule WHAT FILE RULE WORD: the rules-only report has one line `…/App/FILE:N: RULE: …WORD…`.
upload_lines=()
expect_rule() {
  local line
  line="$(grep -E "(^|/)App/$2:[0-9]+: $3: " <<<"$bundle_output" | grep -F -- "$4" | head -1)"
  if [ -z "$line" ]; then
    echo "ios-check self-test: failed: $1 ($3 in $2) was not reported" >&2
    failed=1
  else
    upload_lines+=("$line")
  fi
}
expect_rule "the icon with alpha" "Utter/Assets.xcassets/AppIcon.appiconset/AppIcon.png" app-icon "alpha channel"
expect_rule "the missing microphone usage string" "project.yml" usage-string NSMicrophoneUsageDescription
expect_rule "the undeclared UserDefaults" "UtterKeyboard/PrivacyInfo.xcprivacy" required-reason \
  NSPrivacyAccessedAPICategoryUserDefaults
expect_rule "the iPad build with portrait only" "project.yml" device-family ITMS-90474
expect_rule "the lowered build number" "project.yml" version "CURRENT_PROJECT_VERSION is 0"
if [ -n "$dropped" ]; then
  line="$(grep -E "^ *notices: " <<<"$bundle_output" | grep -F "$dropped" | grep -F "Acknowledgements.json" | head -1)"
  if [ -z "$line" ]; then
    echo "ios-check self-test: failed: the notice deleted for $dropped was not reported" >&2
    failed=1
  else
    upload_lines+=("$line")
  fi
fi
if [ "$failed" -ne 0 ]; then
  printf '%s\n' "$output" | tail -25 >&2
  printf '%s\n' "$bundle_output" | tail -25 >&2
  if grep -q "(no binary)" <<<"$bundle_output"; then
    echo "ios-check self-test: the rules read the binaries scripts/check-ios.sh links: run it first (make ios-check does)" >&2
  fi
  exit 1
fi
echo "ios-check self-test: passed: five planted mistakes failed the check (${compiled} s):"
grep -E "App/($keyboard:$keyboard_line|$unlinked:$unlinked_line|$race:$race_line|$release:$release_line|$stray:1): " \
  <<<"$output" | sed -E "s|^ *$work/|  |; s|^ *[^ ]*/App/|  App/|" | sort -u
echo "ios-check self-test: passed: ${#upload_lines[@]} mistakes an upload is refused for failed the rules (${checked} s):"
printf '%s\n' "${upload_lines[@]}" | sed -E "s|^ *[^ ]*/bundle/App/|  App/|; s|^ *notices: |  notices: |"
