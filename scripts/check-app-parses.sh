#!/usr/bin/env bash
# Checks the Apple shells under App/, which cannot be compiled on Linux.
#
#   scripts/check-app-parses.sh              `swiftc -parse` on every Swift file under App/ (syntax only); fails
#                                            listing the files that do not parse.
#   scripts/check-app-parses.sh --typecheck  also compiles the App files that talk to the package modules
#                                            (App/GlueCheck/files.txt) against the real modules, with
#                                            App/GlueCheck/Stubs.swift standing in for Apple-only types. Builds
#                                            in a copy of the package kept in $GLUE_DIR (default .build-glue/),
#                                            so only the first run compiles the dependencies.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swiftc="${SWIFTC:-swiftc}"
typecheck=false
for arg in "$@"; do
  case "$arg" in
    --typecheck) typecheck=true ;;
    *) echo "usage: $0 [--typecheck]" >&2; exit 2 ;;
  esac
done

failed=()
count=0
while IFS= read -r -d '' file; do
  count=$((count + 1))
  if ! output="$("$swiftc" -parse "$file" 2>&1)"; then
    failed+=("${file#"$root"/}")
    printf '%s\n' "$output" >&2
  fi
done < <(find "$root/App" -name '*.swift' -type f -print0 | sort -z)

if [ "$count" -eq 0 ]; then
  echo "check-app-parses: no Swift files under App/" >&2
  exit 1
fi
if [ "${#failed[@]}" -gt 0 ]; then
  echo "check-app-parses: ${#failed[@]} of $count files do not parse:" >&2
  printf '  %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "check-app-parses: all $count Swift files under App/ parse"
$typecheck || exit 0

# --typecheck: a copy of the package with one more target made of the glue files and the stubs. The copy keeps
# file times (rsync -a), so later runs rebuild only what changed.
glue="${GLUE_DIR:-$root/.build-glue}"
work="$glue/package"
mkdir -p "$work"
for part in Sources Tests; do
  if command -v rsync >/dev/null; then
    rsync -a --delete "$root/$part/" "$work/$part/"
  else
    rm -rf "${work:?}/$part" && cp -Rp "$root/$part" "$work/$part"
  fi
done
cp -p "$root/Package.swift" "$work/"
[ -f "$root/Package.resolved" ] && cp -p "$root/Package.resolved" "$work/"
rm -rf "$work/AppGlueCheck"
mkdir -p "$work/AppGlueCheck"
missing=()
while IFS= read -r line; do
  case "$line" in '' | '#'*) continue ;; esac
  source="$root/App/$line"
  if [ ! -f "$source" ]; then
    missing+=("App/$line")
    continue
  fi
  # Apple-only imports are replaced by the stubs.
  grep -v -E '^import (os|AVFoundation|UIKit|SwiftUI)$' "$source" >"$work/AppGlueCheck/$(basename "$line")"
done <"$root/App/GlueCheck/files.txt"
if [ "${#missing[@]}" -gt 0 ]; then
  echo "check-app-parses: App/GlueCheck/files.txt names missing files:" >&2
  printf '  %s\n' "${missing[@]}" >&2
  exit 1
fi
cp "$root/App/GlueCheck/Stubs.swift" "$root/App/GlueCheck/ViewCalls.swift" "$work/AppGlueCheck/"
cat >>"$work/Package.swift" <<'EOF'

// Added by scripts/check-app-parses.sh --typecheck (never committed).
package.targets.append(
  .target(
    name: "AppGlueCheck",
    dependencies: [
      "AudioInput", "CloudSpeech", "DictationHost", "HTTPTransport", "KeyStore", "KeyboardModel", "LLMPolish",
      "SessionChannel", "SpeechEngine", "Storage", "TextPipeline",
    ],
    path: "AppGlueCheck"))
EOF
if output="$(cd "$work" && swift build --scratch-path "$glue/build" --target AppGlueCheck 2>&1)"; then
  echo "check-app-parses: the App glue type-checks against the package modules"
else
  printf '%s\n' "$output" | grep -E '^[^ ]+:[0-9]+:[0-9]+: error:' | sed "s#$work/AppGlueCheck/#App glue: #" | sort -u >&2
  echo "check-app-parses: the App glue does not type-check against the package modules" >&2
  exit 1
fi
