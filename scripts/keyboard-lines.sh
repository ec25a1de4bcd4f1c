#!/usr/bin/env bash
# Counts the package lines the keyboard extension links: the package products the UtterKeyboard target lists in
# App/project.yml, with every package module they depend on (per `swift package dump-package`), and each module's
# physical lines (every line of its Swift files: blank and comment lines too). Other packages (swift-log) do not count.
#
#   scripts/keyboard-lines.sh                 prints each module's lines, most first, and the total
#   scripts/keyboard-lines.sh --max 3000      the same, and fails when the total is over 3,000 (`make lint` does this)
#   scripts/keyboard-lines.sh --target NAME   another XcodeGen target of App/project.yml
#
# Needs python3 with PyYAML (`make test-deps`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
manifest="$(swift package dump-package --package-path "$root")"
exec python3 - "$manifest" "$@" <<'PYTHON'
import argparse
import json
import sys
from pathlib import Path

try:
  import yaml
except ImportError:
  sys.exit("keyboard-lines: PyYAML is needed to read App/project.yml (make test-deps, or pip install pyyaml)")

parser = argparse.ArgumentParser(prog="keyboard-lines.sh")
parser.add_argument("manifest")
parser.add_argument("--target", default="UtterKeyboard")
parser.add_argument("--max", type=int, help="fail when the total is over this many lines")
arguments = parser.parse_args()

package = json.loads(arguments.manifest)
targets = {target["name"]: target for target in package["targets"]}
products = {product["name"]: product["targets"] for product in package["products"]}

project = yaml.safe_load(Path("App/project.yml").read_text())
spec = project["targets"].get(arguments.target)
if spec is None:
  sys.exit(f"keyboard-lines: App/project.yml has no target {arguments.target}")
linked = []
for dependency in spec.get("dependencies", []):
  if dependency.get("package") == package["name"]:
    linked += dependency.get("products") or [dependency["product"]]
unknown = [name for name in linked if name not in products]
if unknown:
  sys.exit(f"keyboard-lines: App/project.yml links {', '.join(unknown)}, which Package.swift does not declare")


def builds_for_ios(condition):
  platforms = (condition or {}).get("platformNames")
  return not platforms or "ios" in platforms


def package_dependencies(name):
  """The targets of this package that target `name` depends on when built for iOS."""
  found = []
  for dependency in targets[name]["dependencies"]:
    (kind, value), = dependency.items()
    if kind in ("byName", "target") and value[0] in targets and builds_for_ios(value[-1]):
      found.append(value[0])
  return found


modules = set()
queue = [target for product in linked for target in products[product]]
while queue:
  name = queue.pop()
  if name not in modules:
    modules.add(name)
    queue += package_dependencies(name)


def physical_lines(name):
  folder = Path(targets[name].get("path") or f"Sources/{name}")
  return sum(file.read_bytes().count(b"\n") for file in folder.rglob("*.swift"))


counts = sorted(((physical_lines(name), name) for name in modules), key=lambda row: (-row[0], row[1]))
total = sum(count for count, _ in counts)
width = max(len(name) for _, name in counts)
print(f"{arguments.target} links {', '.join(linked)}: {len(counts)} package modules")
for count, name in counts:
  print(f"  {name:<{width}}  {count:>6,}")
limit = f" (limit {arguments.max:,})" if arguments.max is not None else ""
print(f"  {'total':<{width}}  {total:>6,}{limit}")
if arguments.max is not None and total > arguments.max:
  sys.exit(f"keyboard-lines: {arguments.target} links {total:,} package lines, over the limit of {arguments.max:,}")
PYTHON
