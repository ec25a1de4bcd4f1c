#!/usr/bin/env bash
# Parses every Swift file under App/ with `swiftc -parse` (syntax only: the Apple frameworks are not needed),
# and fails listing the files that do not parse. App/ cannot be compiled on Linux; this catches the rest.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swiftc="${SWIFTC:-swiftc}"
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
