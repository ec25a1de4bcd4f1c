#!/usr/bin/env python3
"""Type-checks the iPhone app against Apple's iOS SDK, from Linux or macOS.

Called by scripts/check-ios.sh, which finds the SDK and sets IOS_SWIFTC_FLAGS. Steps:
  1. reads the package graph (`swift package dump-package`, here and in each dependency's checkout) and the
     XcodeGen targets (App/project.yml);
  2. emits an iOS module for every package target that an App target links, dependencies first (third-party
     modules with bodies skipped, as the SDK's older standard library cannot lower some of their inlinable code);
  3. type-checks our own package modules with their bodies, so iOS-unavailable code (Process, inotify, Glibc) fails;
  4. emits the backfill modules (scripts/ios-check/Backfill: APIs newer than the SDK, and WhisperKit's surface);
     with an SDK older than iOS 26, Speech, FoundationModels, BackgroundAssets and Observation are Apple's own
     iOS 26.0 interfaces instead ($IOS26_INTERFACES, see `ios26_flags`), with a module cache of their own;
  5. type-checks every Swift file of each XcodeGen target with that target's products and Swift settings.
Prints each error as `path:line: message` and a count per target; exits 1 on any error.
Outputs are cached in the build folder, keyed on the inputs, so an unchanged module is not rebuilt.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BACKFILL = ROOT / "scripts/ios-check/Backfill"
# Backfill modules, in build order. `StdlibBackfill` and `SDKBackfill` extend modules the SDK has; they are
# imported into every checked file (as `-import-module`), WhisperKit by name where the code imports it.
# An SDK that already has the iOS 17–26 APIs (Xcode 26's) needs only WhisperKit's declarations.
SDK_BACKFILL_MODULES = ["StdlibBackfill", "SDKBackfill"]
PACKAGE_BACKFILL_MODULES = ["WhisperKit"]
IMPLICIT_IMPORTS = ["StdlibBackfill", "SDKBackfill"]
PACKAGE_IMPLICIT_IMPORTS = ["StdlibBackfill"]
# Modules that were hand-declared backfills before Apple's own interfaces replaced them: a stale copy in the build
# folder's `-I` would shadow the real one.
RETIRED_BACKFILL_MODULES = ["Observation", "FoundationModels", "Speech", "BackgroundAssets"]
ERROR_LINE = re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|warning): (?P<msg>.*)$")


def fail(message: str) -> None:
  print(f"ios-check: {message}", file=sys.stderr)
  sys.exit(1)


@dataclass
class Target:
  """One Swift module (or a system library's module map) of some package."""

  package: str  # package identity, used as -package-name
  name: str
  kind: str  # regular, system, executable, test, …
  directory: Path
  sources: list[Path] = field(default_factory=list)
  dependencies: list[tuple[str, str]] = field(default_factory=list)  # (package, target)
  flags: list[str] = field(default_factory=list)
  ours: bool = False


@dataclass
class AppTarget:
  name: str
  sources: list[Path]
  modules: list[str]
  flags: list[str]


def run(args: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
  return subprocess.run(args, cwd=cwd, text=True, capture_output=True)


def dump_package(path: Path) -> dict:
  result = run(["swift", "package", "dump-package", "--package-path", str(path)])
  if result.returncode != 0:
    fail(f"swift package dump-package failed in {path}: {result.stderr.strip().splitlines()[-1:]}")
  return json.loads(result.stdout)


def dependency_checkouts() -> dict[str, Path]:
  """Package identity → checkout folder, resolving the graph if needed."""
  result = run(["swift", "package", "show-dependencies", "--format", "json"])
  if result.returncode != 0:
    fail("swift package show-dependencies failed: " + " ".join(result.stderr.strip().splitlines()[-1:]))
  text = result.stdout[result.stdout.index("{") :]
  found: dict[str, Path] = {}

  def walk(node: dict) -> None:
    for child in node.get("dependencies", []):
      found[child["identity"]] = Path(child["path"])
      walk(child)

  walk(json.loads(text))
  return found


def language_mode(manifest: dict, settings: list[dict]) -> str:
  for setting in settings:
    mode = setting["kind"].get("swiftLanguageMode") or setting["kind"].get("swiftLanguageVersion")
    if mode:
      return str(mode["_0"])
  declared = manifest.get("swiftLanguageVersions") or []
  if declared:
    return max(str(v) for v in declared)
  major = int(manifest["toolsVersion"]["_version"].split(".")[0])
  return "6" if major >= 6 else "5"


def applies_to_ios(setting: dict) -> bool:
  condition = setting.get("condition")
  if not condition:
    return True
  platforms = condition.get("platformNames")
  return platforms is None or "ios" in platforms


def target_flags(manifest: dict, target: dict) -> list[str]:
  settings = [s for s in target.get("settings", []) if s.get("tool") == "swift" and applies_to_ios(s)]
  flags = ["-swift-version", language_mode(manifest, settings)]
  for setting in settings:
    kind = setting["kind"]
    if "define" in kind:
      flags += ["-D", kind["define"]["_0"]]
    elif "enableUpcomingFeature" in kind:
      flags += ["-enable-upcoming-feature", kind["enableUpcomingFeature"]["_0"]]
    elif "enableExperimentalFeature" in kind:
      flags += ["-enable-experimental-feature", kind["enableExperimentalFeature"]["_0"]]
  return flags


def load_package(identity: str, path: Path, ours: bool) -> tuple[dict, dict[str, Target]]:
  manifest = dump_package(path)
  targets: dict[str, Target] = {}
  for t in manifest["targets"]:
    default = "Tests" if t["type"] == "test" else "Sources"
    directory = path / (t.get("path") or f"{default}/{t['name']}")
    excluded = [directory / e for e in t.get("exclude", [])]
    sources = sorted(
      p for p in directory.rglob("*.swift") if not any(p == e or e in p.parents for e in excluded)
    ) if t["type"] != "system" else []
    target = Target(identity, t["name"], t["type"], directory, sources, [], target_flags(manifest, t), ours)
    targets[t["name"]] = target
  return manifest, targets


class Graph:
  """The root package and its dependencies, by (package identity, target name)."""

  def __init__(self) -> None:
    self.checkouts = dependency_checkouts()
    self.manifests: dict[str, dict] = {}
    self.targets: dict[tuple[str, str], Target] = {}
    self._load("utter", ROOT, ours=True)

  def _load(self, identity: str, path: Path, ours: bool) -> None:
    if identity in self.manifests:
      return
    manifest, targets = load_package(identity, path, ours)
    self.manifests[identity] = manifest
    for name, target in targets.items():
      self.targets[(identity, name)] = target
    raw = {t["name"]: t for t in manifest["targets"]}
    for name, target in targets.items():
      for dep in raw[name]["dependencies"]:
        (kind, value), = dep.items()
        if kind in ("byName", "target"):
          dep_name = value[0]
          if dep_name in raw:
            target.dependencies.append((identity, dep_name))
          else:  # a product of a dependency, named alone
            target.dependencies.append(self._product(dep_name, dep_name.lower(), manifest))
        elif kind == "product":
          if value[3] and not any(p == "ios" for p in value[3].get("platformNames", ["ios"])):
            continue
          target.dependencies.append(self._product(value[0], value[1], manifest))

  def _product(self, product: str, package: str, manifest: dict) -> tuple[str, str]:
    identity = package.lower()
    if identity not in self.checkouts:
      fail(f"no checkout for package {package} (needed for product {product})")
    self._load(identity, self.checkouts[identity], ours=False)
    for p in self.manifests[identity]["products"]:
      if p["name"] == product:
        # A product with several targets: depend on its first; the rest come in through it or are listed.
        return (identity, p["targets"][0])
    fail(f"package {package} has no product {product}")
    raise AssertionError

  def product_target(self, product: str) -> tuple[str, str]:
    for p in self.manifests["utter"]["products"]:
      if p["name"] == product:
        return ("utter", p["targets"][0])
    fail(f"App/project.yml links product {product}, which Package.swift does not declare")
    raise AssertionError

  def closure(self, roots: list[tuple[str, str]]) -> list[Target]:
    """The targets `roots` need, dependencies first."""
    order: list[Target] = []
    seen: set[tuple[str, str]] = set()

    def visit(key: tuple[str, str]) -> None:
      if key in seen:
        return
      seen.add(key)
      target = self.targets[key]
      for dep in target.dependencies:
        visit(dep)
      order.append(target)

    for root in roots:
      visit(root)
    return order


def read_project(app: Path) -> dict:
  try:
    import yaml  # type: ignore
  except ImportError:
    fail("PyYAML is needed to read App/project.yml (pip install pyyaml)")
  with open(app / "project.yml") as handle:
    return yaml.safe_load(handle)


def app_targets(project: dict, app: Path) -> list[AppTarget]:
  base = project.get("settings", {}).get("base", {})
  result = []
  for name, spec in project["targets"].items():
    settings = {**base, **spec.get("settings", {}).get("base", {})}
    sources: list[Path] = []
    for entry in spec.get("sources", []):
      path = app / (entry["path"] if isinstance(entry, dict) else entry)
      sources += sorted(path.rglob("*.swift")) if path.is_dir() else [path]
    modules: list[str] = []
    for dep in spec.get("dependencies", []):
      if dep.get("package") == "Utter":
        modules += dep.get("products", [dep.get("product")])
      elif dep.get("package"):
        modules += dep.get("products", [dep.get("product")])
    version = str(settings.get("SWIFT_VERSION", "5.0")).split(".")[0]
    flags = ["-swift-version", version, "-D", "DEBUG"]
    concurrency = settings.get("SWIFT_STRICT_CONCURRENCY")
    if concurrency and version == "5":
      flags.append(f"-strict-concurrency={concurrency}")
    if settings.get("APPLICATION_EXTENSION_API_ONLY") in (True, "YES"):
      flags.append("-application-extension")
    result.append(AppTarget(name, sources, modules, flags))
  return result


class Checker:
  def __init__(self, build: Path, sdk_flags: list[str]) -> None:
    self.build = build
    self.modules = build / "modules"
    self.stamps = build / "stamps"
    self.modules.mkdir(parents=True, exist_ok=True)
    self.stamps.mkdir(parents=True, exist_ok=True)
    self.sdk_flags = sdk_flags
    self.includes: list[str] = []
    self.emitted: list[str] = []
    self.errors = 0

  def swiftc(self, args: list[str]) -> subprocess.CompletedProcess[str]:
    command = ["swiftc", *self.sdk_flags, "-diagnostic-style", "llvm", "-I", str(self.modules), *self.includes, *args]
    return run(command)

  def fresh(self, name: str, inputs: list[Path], args: list[str]) -> tuple[bool, str]:
    digest = hashlib.sha256()
    for part in [*self.sdk_flags, *self.includes, *args]:
      digest.update(part.encode() + b"\0")
    for path in inputs:
      stat = path.stat()
      digest.update(f"{path}:{stat.st_mtime_ns}:{stat.st_size}\0".encode())
    # Everything emitted before this step in this run (a fixed order), so a changed module rebuilds its dependents.
    for earlier in self.emitted:
      digest.update(earlier.encode())
    key = digest.hexdigest()
    stamp = self.stamps / name
    return stamp.exists() and stamp.read_text() == key, key

  def emit(self, name: str, sources: list[Path], flags: list[str], skip_bodies: bool) -> bool:
    args = [
      "-parse-as-library", "-emit-module", "-module-name", name,
      "-emit-module-path", str(self.modules / f"{name}.swiftmodule"), *flags,
    ]
    if skip_bodies:
      args += ["-Xfrontend", "-experimental-skip-all-function-bodies"]
    args += [str(s) for s in sources]
    is_fresh, key = self.fresh(f"{name}.emit", sources, args)
    if not is_fresh:
      result = self.swiftc(args + ["-suppress-warnings"])
      if result.returncode != 0:
        self.report(f"module {name}", result)
        return False
      (self.stamps / f"{name}.emit").write_text(key)
    self.emitted.append(key)
    return True

  def typecheck(self, label: str, name: str, sources: list[Path], flags: list[str]) -> tuple[int, int]:
    """Type-checks with bodies; returns (errors, warnings)."""
    args = ["-typecheck", "-parse-as-library", "-module-name", name, *flags, *[str(s) for s in sources]]
    is_fresh, key = self.fresh(f"{name}.check", sources, args)
    if is_fresh:
      return 0, int((self.stamps / f"{name}.warnings").read_text() or 0)
    result = self.swiftc(args)
    errors = self.report(label, result)
    warnings = sum(1 for line in result.stderr.splitlines() if ": warning: " in line)
    if os.environ.get("IOS_CHECK_WARNINGS"):  # IOS_CHECK_WARNINGS=1 make ios-check: list them
      for line in result.stderr.splitlines():
        if ": warning: " in line:
          print(f"  {line}")
    if errors == 0 and result.returncode == 0:
      (self.stamps / f"{name}.check").write_text(key)
      (self.stamps / f"{name}.warnings").write_text(str(warnings))
    elif errors == 0:  # failed without a diagnostic line: show what the compiler said
      print(f"  {label}: swiftc failed:\n" + "\n".join(result.stderr.splitlines()[-15:]))
      self.errors += 1
      errors = 1
    return errors, warnings

  def report(self, label: str, result: subprocess.CompletedProcess[str]) -> int:
    seen: set[str] = set()
    for line in (result.stderr + result.stdout).splitlines():
      match = ERROR_LINE.match(line)
      if not match or match["kind"] != "error":
        continue
      path = match["path"]
      try:
        path = str(Path(path).resolve().relative_to(ROOT))
      except ValueError:
        pass
      entry = f"{path}:{match['line']}: {match['msg']}"
      if entry not in seen:
        seen.add(entry)
        print(f"  {entry}")
    if not seen and result.returncode != 0:
      print(f"  {label}: swiftc failed:\n" + "\n".join("    " + l for l in result.stderr.splitlines()[-15:]))
      seen.add("failure")
    self.errors += len(seen)
    return len(seen)


def ios26_flags(build: Path, sdk_flags: list[str]) -> list[str]:
  """Flags that put Apple's iOS 26.0 Speech, FoundationModels, BackgroundAssets and Observation interfaces over an
  older SDK, by the recipe in $IOS26_INTERFACES/README.md: its `tools/make-overlay` writes patched copies of the SDK's
  Swift and _Concurrency interfaces and the four modules into the build folder (never into $IOS26_INTERFACES), and
  the patched standard library needs a module cache of its own."""
  source = os.environ.get("IOS26_INTERFACES")
  if not source or not (Path(source) / "tools/make-overlay").is_file():
    message = "the SDK is older than iOS 26 and Apple's iOS 26.0 interfaces are missing (../shared/ios-sdk/ios26)"
    if os.environ.get("UTTER_REQUIRE_IOS_CHECK") == "1":
      fail(f"failed: {message} (UTTER_REQUIRE_IOS_CHECK=1)")
    print(f"ios-check: skipped: {message}")
    sys.exit(0)
  ios26 = Path(source).resolve()
  sdk = sdk_flags[sdk_flags.index("-sdk") + 1]
  overlay = build / "ios26/overlay"
  digest = hashlib.sha256(sdk.encode())
  for path in sorted(p for p in ios26.rglob("*") if p.is_file() and "experiment" not in p.parts):
    digest.update(f"{path.relative_to(ios26)}\0".encode() + path.read_bytes())
  stamp = build / "stamps/ios26-overlay"
  if not (stamp.exists() and stamp.read_text() == digest.hexdigest() and overlay.is_dir()):
    result = run(["bash", str(ios26 / "tools/make-overlay"), sdk, str(overlay)])
    if result.returncode != 0:
      fail("the iOS 26.0 overlay could not be built: " + " ".join(result.stderr.strip().splitlines()[-3:]))
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(digest.hexdigest())
  cache = build / "ios26/module-cache"
  flags = list(sdk_flags)
  if "-module-cache-path" in flags:
    flags[flags.index("-module-cache-path") + 1] = str(cache)
  else:
    flags += ["-module-cache-path", str(cache)]
  return flags + ["-I", str(overlay / "stdlib"), "-I", str(overlay / "swift"), "-F", str(overlay / "Frameworks")]


def read_sdk_version() -> str:
  """The SDK's version from its SDKSettings.json (the shared iPhoneOS 16.5 SDK says 16.4)."""
  flags = shlex.split(os.environ["IOS_SWIFTC_FLAGS"])
  sdk = Path(os.environ.get("IOS_SDK") or flags[flags.index("-sdk") + 1])
  try:
    return str(json.loads((sdk / "SDKSettings.json").read_text())["Version"])
  except (OSError, KeyError, ValueError):
    return "0"


def parse_arguments() -> argparse.Namespace:
  parser = argparse.ArgumentParser(description="Type-check the iPhone app against the iOS SDK.")
  parser.add_argument("--app-dir", type=Path, default=ROOT / "App", help="the App folder (default: App/)")
  parser.add_argument("--target", action="append", help="check only this XcodeGen target (repeatable)")
  return parser.parse_args()


def main() -> None:
  arguments = parse_arguments()
  app = arguments.app_dir.resolve()
  build = Path(os.environ.get("IOS_CHECK_BUILD", ROOT / ".build-ios"))
  sdk_flags = shlex.split(os.environ["IOS_SWIFTC_FLAGS"])
  plugins = Path(subprocess.check_output(["sh", "-c", "readlink -f \"$(command -v swiftc)\""], text=True).strip())
  plugin_dir = plugins.parent.parent / "lib/swift/host/plugins"
  if plugin_dir.is_dir():
    sdk_flags += ["-plugin-path", str(plugin_dir)]
  started = time.monotonic()
  sdk_version = read_sdk_version()
  old_sdk = int(sdk_version.split(".")[0] or 0) < 26
  if old_sdk:
    sdk_flags = ios26_flags(build, sdk_flags)
  checker = Checker(build, sdk_flags)
  for name in RETIRED_BACKFILL_MODULES:
    for stale in checker.modules.glob(f"{name}.*"):
      stale.unlink()
  graph = Graph()
  project = read_project(app)
  targets = app_targets(project, app)
  if arguments.target:
    unknown = set(arguments.target) - {t.name for t in targets}
    if unknown:
      fail(f"App/project.yml has no target {', '.join(sorted(unknown))}")
    targets = [t for t in targets if t.name in arguments.target]

  linked = sorted({m for t in targets for m in t.modules if (("utter", m) in graph.targets or any(
    p["name"] == m for p in graph.manifests["utter"]["products"]))})
  needed = graph.closure([graph.product_target(p) for p in linked])

  # Backfill first: our package modules may use iOS 17 standard-library API the 16.5 SDK lacks.
  backfill = (SDK_BACKFILL_MODULES if old_sdk else []) + PACKAGE_BACKFILL_MODULES
  implicit_modules = IMPLICIT_IMPORTS if old_sdk else []
  package_implicit_modules = PACKAGE_IMPLICIT_IMPORTS if old_sdk else []
  apple = "; Apple's iOS 26.0 Speech, FoundationModels, BackgroundAssets, Observation" if old_sdk else ""
  print(f"ios-check: iOS SDK {sdk_version}{apple}; declared by hand: {', '.join(backfill)}")
  for name in backfill:
    sources = sorted((BACKFILL / name).glob("*.swift"))
    if not checker.emit(name, sources, ["-swift-version", "5"], skip_bodies=False):
      fail(f"the backfill module {name} does not build")

  print(f"ios-check: {len(needed)} package modules for iOS: {', '.join(t.name for t in needed)}")
  ok = True
  for target in needed:
    if target.kind == "system":
      checker.includes += ["-I", str(target.directory)]
      continue
    flags = ["-package-name", target.package, *target.flags]
    if not target.ours:
      # NB: third-party modules are emitted in Swift 5 mode: the 16.5 SDK's Dispatch predates Sendable
      # annotations, which Swift 6 mode would report as errors in code we do not own.
      flags = [f if prev != "-swift-version" else "5" for prev, f in zip([""] + flags, flags)]
    flags += [a for m in package_implicit_modules for a in ("-Xfrontend", "-import-module", "-Xfrontend", m)]
    if not checker.emit(target.name, target.sources, flags, skip_bodies=True):
      ok = False
      break
    if target.ours:
      errors, _ = checker.typecheck(f"module {target.name}", target.name, target.sources, flags)
      print(f"ios-check: {target.name}: {len(target.sources)} files type-checked with bodies, {errors} errors")
  if not ok:
    fail("a package module could not be emitted for iOS (see above)")

  implicit = [a for m in implicit_modules for a in ("-Xfrontend", "-import-module", "-Xfrontend", m)]
  total = 0
  for target in targets:
    errors, warnings = checker.typecheck(f"target {target.name}", target.name, target.sources, target.flags + implicit)
    total += len(target.sources)
    print(f"ios-check: {target.name}: {len(target.sources)} Swift files checked, {errors} errors, {warnings} warnings")
  elapsed = time.monotonic() - started
  if checker.errors:
    fail(f"{checker.errors} errors ({total} App files, {elapsed:.0f} s)")
  print(f"ios-check: passed: {total} App files and {len(needed)} package modules, 0 errors ({elapsed:.0f} s)")


if __name__ == "__main__":
  main()
