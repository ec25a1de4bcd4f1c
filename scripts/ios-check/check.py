#!/usr/bin/env python3
"""Compiles the iPhone app as Xcode 26 would, from the project XcodeGen generates, on Linux.

Called by scripts/check-ios.sh, which prepares Apple's iPhoneOS 26.2 SDK and sets IOS_SWIFTC_FLAGS. Steps:
  1. generates the Xcode project from App/project.yml with the shared XcodeGen (in a copy) and reads, per target,
     the Swift files of its sources phase, the products and frameworks it links and its build settings (project.py);
  2. holds the project to its rules: every App/ Swift file in one target, imports linked, iPhone only, no intent
     that opens the app in an extension (rules.py); and each target's bundle to what App Store Connect checks in an
     upload: versions, privacy manifests, the icon, App Groups, extension points (bundle.py), third-party notices
     (notices.py);
  3. for Debug and Release (the project's optimisation and conditions, whole-module), writes object code for every
     package module the targets link, dependencies first (ours and WhisperKit from their sources, with
     `-application-extension` where an extension links them), then for each target (build.py);
  4. links each target with Debian's lld against the SDK's stubs, and judges what stayed undefined;
  5. reads what each Release binary references: a protected resource needs its usage string, a required-reason API
     its category in the target's privacy manifest (bundle.py).
Prints per target: files, Debug and Release object code, warnings, undefined symbols, linked size, and a bundle line.
Any error, any warning in our code, an undefined symbol of a module whose stubs are complete, a keyboard binary over
its limit, or a bundle rule broken fails the check (exit 1); notes do not.

`--rules-only` runs steps 1, 2 and 5 without compiling: step 5 reads the Release binaries an earlier full check linked
for the same Swift files, package sources and flags (each binary's `.key` beside it), and says so when there is none.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build as steps  # noqa: E402
import bundle  # noqa: E402
import project  # noqa: E402
import rules  # noqa: E402
from packages import Graph, Module, PackageError  # noqa: E402

try:
  import notices  # noqa: E402
except ImportError:  # NB: written beside this check by another change; the check runs without it until it lands
  notices = None

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CONFIGURATIONS = ["Debug", "Release"]
# The keyboard extension's Release binary, linked and dead-stripped: its budget (issue 49), in place of a count of
# package lines; 1.55 MB when it was set (2026-12). iOS ends a keyboard past about 48 MB (KeyboardMemory, in
# KeyboardSimulation), and the binary's pages come first; the limit catches an engine, GRDB or a network stack
# pulled into the keyboard (the app's binary, which links them, is 13 MB).
KEYBOARD_LIMIT_BYTES = int(os.environ.get("IOS_CHECK_KEYBOARD_LIMIT", 2_000_000))
KEYBOARD_TARGET = "UtterKeyboard"


def fail(message: str) -> None:
  print(f"ios-check: {message}", file=sys.stderr)
  sys.exit(1)


def parse_arguments() -> argparse.Namespace:
  parser = argparse.ArgumentParser(description="Compile and link the iPhone app for iOS, as Xcode 26 would.")
  parser.add_argument("--app-dir", type=Path, default=ROOT / "App", help="the App folder (default: App/)")
  parser.add_argument("--target", action="append", help="build only this target (repeatable)")
  parser.add_argument("--rules-only", action="store_true",
                      help="hold the project and bundles to their rules without compiling (binaries of an earlier run)")
  return parser.parse_args()


def configuration_flags(target: project.XcodeTarget, configuration: str) -> list[str]:
  """The Swift flags Xcode derives from a target's build settings."""
  get = lambda key, default=None: target.setting(configuration, key, default)  # noqa: E731
  flags = ["-swift-version", str(get("SWIFT_VERSION", "5")).split(".")[0], str(get("SWIFT_OPTIMIZATION_LEVEL", "-O"))]
  conditions = get("SWIFT_ACTIVE_COMPILATION_CONDITIONS", "")
  for condition in (conditions if isinstance(conditions, list) else str(conditions).split()):
    if condition != "$(inherited)":
      flags += ["-D", condition]
  if flags[1] == "5" and get("SWIFT_STRICT_CONCURRENCY"):
    flags.append(f"-strict-concurrency={get('SWIFT_STRICT_CONCURRENCY')}")
  if get("APPLICATION_EXTENSION_API_ONLY") in ("YES", True):
    flags.append("-application-extension")
  other = get("OTHER_SWIFT_FLAGS", "")
  flags += [f for f in (other if isinstance(other, list) else shlex.split(str(other))) if f != "$(inherited)"]
  return flags


def package_flags(module: Module, configuration: str, extension_safe: bool,
                  reference: project.XcodeTarget) -> list[str]:
  """A package module's flags: its manifest's, and the configuration's optimisation and DEBUG, as SwiftPM's."""
  flags = ["-package-name", module.package, *module.flags, str(reference.setting(configuration,
                                                                                "SWIFT_OPTIMIZATION_LEVEL", "-O"))]
  if configuration == "Debug":
    flags += ["-D", "DEBUG"]
  if extension_safe:
    flags.append("-application-extension")
  return flags


class Check:
  def __init__(self, arguments: argparse.Namespace) -> None:
    self.started = time.monotonic()
    self.app = arguments.app_dir.resolve()
    self.rules_only = arguments.rules_only
    self.space = "app" if self.app == (ROOT / "App").resolve() else "app-" + hashlib.sha256(
      str(self.app).encode()).hexdigest()[:10]
    self.build = Path(os.environ.get("IOS_CHECK_BUILD", ROOT / ".build-ios"))
    self.problems: list[str] = []
    self.notes: list[str] = []
    self.report: dict[str, list[str]] = {}
    archive = Path(os.environ.get("XCODEGEN_ARCHIVE", SHARED / "tools/xcodegen/xcodegen-2.45.4-linux-x86_64.tar.gz"))
    if not archive.is_file() and not os.environ.get("XCODEGEN"):
      fail(f"no XcodeGen ({archive}; or set XCODEGEN)")
    try:
      copy = project.generate(self.app, self.build / "generated" / self.space, project.xcodegen(self.build, archive))
      self.targets = project.read(copy, self.app)
    except project.ProjectError as error:
      fail(str(error))
    self.all_targets = list(self.targets)
    if arguments.target:
      unknown = set(arguments.target) - {t.name for t in self.targets}
      if unknown:
        fail(f"the generated project has no target {', '.join(sorted(unknown))}")
      self.targets = [t for t in self.targets if t.name in arguments.target or any(
        t.name in s.linked_targets for s in self.targets if s.name in arguments.target)]
    sources = [Path(p) for p in os.environ.get("IOS_CHECK_PACKAGES", str(SHARED / "ios-sdk/packages")).split(":")]
    try:
      self.graph = Graph(sources)
      self.all_linked = {t.name: [m for p in t.products for m in self.graph.product(
        self.graph.package_for(p.package, p.requirement), p.name)] for t in self.all_targets}
    except PackageError as error:
      fail(str(error))
    self.linked = {t.name: self.all_linked[t.name] for t in self.targets}
    self.bundle = bundle.Bundle(self.app, self.all_targets)
    self.bundle_found = bundle.Finding()

  def sdk_flags(self) -> list[str]:
    flags = shlex.split(os.environ["IOS_SWIFTC_FLAGS"])
    deployment = str(self.targets[0].setting("Debug", "IPHONEOS_DEPLOYMENT_TARGET", "17.0"))
    flags[flags.index("-target") + 1] = f"arm64-apple-ios{deployment}"
    swiftc = Path(shutil.which("swiftc") or "swiftc").resolve()
    plugins = swiftc.parent.parent / "lib/swift/host/plugins"
    if plugins.is_dir():
      flags += ["-plugin-path", str(plugins)]
    return flags

  def hold_to_rules(self) -> None:
    framework_modules = {t.module_name() for t in self.all_targets if t.is_framework}
    non_sdk = self.graph.module_names() | framework_modules
    self.problems += rules.files_in_targets(self.app, self.all_targets)
    self.problems += rules.device_family(self.all_targets, self.app / "project.yml")
    self.problems += rules.intents_that_open_the_app(self.all_targets)
    self.bundle_found = self.bundle.before_build()
    self.problems += self.bundle_found.problems
    self.notes += self.bundle_found.notes
    if notices is None:
      self.notes.append("notices: scripts/ios-check/notices.py is not there: third-party notices are not checked")
    else:
      self.problems += notices.problems(self.graph, self.all_linked, self.app)
    by_name = {t.name: t for t in self.all_targets}
    for target in self.targets:
      allowed = {name for (_, name) in self.linked[target.name]}
      allowed |= {by_name[n].module_name() for n in target.linked_targets if n in by_name}
      self.problems += rules.unlinked_imports(target, allowed, non_sdk)

  def binary_key(self, target: project.XcodeTarget) -> str:
    closure = [m for m in self.graph.closure(self.all_linked[target.name]) if m.kind != "system"]
    return bundle.binary_key(self.app, target, closure, configuration_flags(target, "Release"))

  @staticmethod
  def key_file(binary: Path) -> Path:
    return binary.with_name(binary.name + ".key")

  def earlier_binary(self, target: project.XcodeTarget) -> Path | None:
    """The Release binary a full check linked for this target's present inputs: this App folder's, or App/'s when a
    copy's sources are the same (the self-test's copies)."""
    name = target.module_name()
    key = self.binary_key(target)
    for space in dict.fromkeys([self.space, "app"]):
      folder = self.build / "Release/products" / space
      binary = folder / (f"{name}.framework/{name}" if target.is_framework else name)
      if binary.is_file() and self.key_file(binary).is_file() and self.key_file(binary).read_text() == key:
        return binary
    return None

  def bundle_binary_rules(self, target: project.XcodeTarget, binaries: dict[str, Path], nm: str) -> bundle.Finding:
    """usage-string and required-reason for an app or extension: what its binary and the frameworks it links
    reference (`binaries`: target name → Release binary)."""
    found = bundle.Finding()
    if not (target.is_extension or target.is_application):
      return found
    if target.name not in binaries:
      found.notes.append(f"{target.name}: usage strings and required-reason APIs not checked: no Release binary"
                         " linked for its present sources (run scripts/check-ios.sh without --rules-only)")
      return found
    refs = bundle.references(nm, binaries[target.name])
    for name in target.linked_targets:
      if name in binaries:
        refs = refs.merge(bundle.references(nm, binaries[name]))
    self.bundle.binary_rules(target, refs, found)
    return found

  def bundle_line(self, target: project.XcodeTarget, found: bundle.Finding) -> str:
    parts = self.bundle_found.summary.get(target.name, []) + found.summary.get(target.name, [])
    return f"ios-check: {target.name}: bundle: " + ", ".join(parts)

  def report_rules_only(self, elapsed: float) -> None:
    """The project's and bundles' rules, with binaries from an earlier full check."""
    failures = list(self.problems)
    for line in self.problems + [f"note: {n}" for n in self.notes]:
      print(f"  {line}")
    nm = str(Path(shutil.which("swiftc") or "").resolve().parent / "llvm-nm")
    binaries = {t.name: b for t in self.all_targets for b in [self.earlier_binary(t)] if b}
    for target in self.targets:
      found = self.bundle_binary_rules(target, binaries, nm)
      for line in found.problems + [f"note: {n}" for n in found.notes]:
        print(f"  {line}")
      failures += found.problems
      missing = target.name not in binaries and (target.is_extension or target.is_application)
      print(self.bundle_line(target, found) + (" (no binary)" if missing else ""))
    if failures:
      fail(f"failed: {len(failures)} problems (rules only, {elapsed:.0f} s)")
    print(f"ios-check: passed (rules only, nothing compiled): {len(self.all_targets)} targets ({elapsed:.0f} s)")

  def linker(self, sdk: str) -> tuple[list[str], Path]:
    """Flags that link with Debian's lld (the toolchain's refuses iOS), and compiler-rt's one availability symbol."""
    lld = Path(os.environ.get("IOS_LD64_LLD", "/usr/lib/llvm-19/bin/ld64.lld"))
    if not lld.exists():
      fail(f"no {lld}: install Debian's lld-19 (the README's commands do)")
    bin_dir = self.build / "linker"
    bin_dir.mkdir(parents=True, exist_ok=True)
    for name in ("ld64.lld", "ld"):
      link = bin_dir / name
      if not link.exists():
        link.symlink_to(lld)
    osver = self.build / "linker/osver.o"
    source = SHARED / "ios-sdk/26.2/link/osver.c"
    clang = Path(shutil.which("swiftc") or "").resolve().parent / "clang"
    if not osver.exists():
      subprocess.run([str(clang), "-target", "arm64-apple-ios17.0", "-isysroot", sdk, "-c", str(source), "-o",
                      str(osver)], check=True)
    resource = Path(os.environ.get("IOS_RESOURCE_DIR", ""))
    if resource.is_dir():
      (resource / "iphoneos").mkdir(exist_ok=True)  # NB: the driver adds -L there; an absent folder is a warning
    flags = ["-use-ld=lld", "-Xclang-linker", f"-B{bin_dir}"]
    for option in ["-F", f"{sdk}/System/Library/SubFrameworks", "-syslibroot", sdk, "-syslibroot",
                   str(self.build / "placeholders"), "-undefined", "dynamic_lookup", "--error-limit=0",
                   "-dead_strip"]:
      flags += ["-Xlinker", option]
    (self.build / "placeholders").mkdir(parents=True, exist_ok=True)
    return flags, osver

  def run(self) -> None:
    started = self.started
    sdk_flags = self.sdk_flags()
    sdk = sdk_flags[sdk_flags.index("-sdk") + 1]
    print(f"ios-check: iOS SDK {Path(sdk).name}, deployment iOS {sdk_flags[sdk_flags.index('-target') + 1][15:]};"
          f" project generated by XcodeGen: {', '.join(t.name for t in self.targets)}")
    self.hold_to_rules()
    if self.rules_only:
      self.report_rules_only(time.monotonic() - started)
      return
    link_flags, osver = self.linker(sdk)
    builder = steps.Builder(self.build, sdk_flags, link_flags)
    by_name = {t.name: t for t in self.all_targets}
    extension_roots = [m for t in self.targets if t.is_extension for m in self.linked[t.name]]
    extension_roots += [m for t in self.targets if t.is_framework and any(
      t.name in by_name[e].linked_targets for e in by_name if by_name[e].is_extension) for m in self.linked[t.name]]
    self.extension_safe = {(m.package, m.name) for m in self.graph.closure(extension_roots)}
    self.needed = self.graph.closure([m for t in self.targets for m in self.linked[t.name]])
    print(f"ios-check: {len(self.needed)} package modules: " + ", ".join(
      m.name + ("*" if (m.package, m.name) in self.extension_safe else "") for m in self.needed)
      + " (* also built -application-extension: an extension links it)")
    with ThreadPoolExecutor(max_workers=len(CONFIGURATIONS)) as pool:
      results = dict(zip(CONFIGURATIONS, pool.map(lambda c: self.configuration(builder, c, osver), CONFIGURATIONS)))
    self.print_report(results, time.monotonic() - started)

  def configuration(self, builder: steps.Builder, configuration: str, osver: Path) -> dict:
    """Builds every module and target of one configuration; returns what each step found."""
    found: dict = {"modules": {}, "targets": {}}
    objects: dict[tuple[str, str], steps.Step] = {}
    includes: list[str] = []
    reference = self.targets[0]
    for module in self.needed:
      if module.kind == "system":
        includes += ["-I", str(module.directory)]
        continue
      deps = [objects[d].key for d in module.dependencies if d in objects]
      if len(deps) < len([d for d in module.dependencies if self.graph.modules[d].kind != "system"]):
        found["modules"][module.name] = steps.Step(False, [f"not built: a module it needs failed"])
        continue
      flags = package_flags(module, configuration, (module.package, module.name) in self.extension_safe, reference)
      step = builder.compile(module.name, configuration, module.sources, [*includes, *flags], deps, True,
                             quiet=not module.ours)
      found["modules"][module.name] = step
      if step.ok:
        objects[(module.package, module.name)] = step
    frameworks: dict[str, steps.Step] = {}
    for target in sorted(self.targets, key=lambda t: not t.is_framework):
      closure = self.graph.closure(self.linked[target.name])
      keys = [objects[(m.package, m.name)] for m in closure if m.kind != "system"]
      if any((m.package, m.name) not in objects for m in closure if m.kind != "system"):
        found["targets"][target.name] = (steps.Step(False, ["not built: a package module it links failed"]), None)
        continue
      linked = [frameworks[n] for n in target.linked_targets if n in frameworks]
      flags = [*includes, *configuration_flags(target, configuration)]
      compiled = builder.compile(target.module_name(), configuration, target.sources, flags,
                                 [k.key for k in keys + linked], target.is_framework, quiet=False, space=self.space)
      linked_step = None
      if compiled.ok and compiled.output:
        link = [] if target.is_framework else ["-application-extension"] if target.is_extension else []
        if target.is_extension and not any("@main" in s.read_text(encoding="utf-8") for s in target.sources):
          link += ["-Xlinker", "-e", "-Xlinker", "_NSExtensionMain"]
        inputs = [compiled.output, *[k.output for k in keys if k.output], *[f.output for f in linked if f.output],
                  osver]
        linked_step = builder.link(target.module_name(), configuration, inputs, link, [], target.is_framework,
                                   self.space)
        if configuration == "Release" and linked_step.ok and linked_step.output:
          self.key_file(linked_step.output).write_text(self.binary_key(target))
        if target.is_framework and linked_step.ok:
          frameworks[target.name] = linked_step
      found["targets"][target.name] = (compiled, linked_step)
    return found

  def print_report(self, results: dict, elapsed: float) -> None:
    failures = list(self.problems)
    for problem in self.problems + [f"note: {n}" for n in self.notes]:
      print(f"  {problem}")
    for name in [m.name for m in self.needed if m.kind != "system"]:
      for configuration in CONFIGURATIONS:
        step = results[configuration]["modules"][name]
        failures += step.errors + step.warnings
        for line in step.errors + (step.warnings if configuration == "Debug" or step.warnings else []):
          print(f"  {line}")
    ours = {m.name for m in self.graph.modules.values() if m.kind != "system"}
    nm = str(Path(shutil.which("swiftc") or "").resolve().parent / "llvm-nm")
    binaries = {name: linked.output for name, (_, linked) in results["Release"]["targets"].items()
                if linked is not None and linked.ok and linked.output}
    for target in self.targets:
      parts = [f"{len(target.sources)} files"]
      warnings: set[str] = set()
      for configuration in CONFIGURATIONS:
        compiled, linked = results[configuration]["targets"][target.name]
        for line in compiled.errors + [w for w in compiled.warnings if w not in warnings]:
          print(f"  {line}")
        warnings.update(compiled.warnings)
        failures += compiled.errors + compiled.warnings
        state = "object code" if compiled.ok else f"{len(compiled.errors)} errors"
        if linked is not None and not linked.ok:
          failures += linked.errors
          for line in linked.errors:
            print(f"  {line}")
          state += ", link failed"
        parts.append(f"{configuration} {state}")
        if configuration == "Release" and linked is not None and linked.ok and linked.output:
          wrong, others = steps.judge_symbols(steps.undefined_symbols(nm, linked.output), ours | {target.module_name()})
          for symbol in wrong:
            print(f"  {target.name}: undefined symbol {symbol}")
          failures += wrong
          size = linked.output.stat().st_size
          counted = ", ".join(f"{n} {m}" for m, n in sorted(others.items(), key=lambda x: -x[1])[:6])
          parts.append(f"undefined symbols {len(wrong)} (in stubs that list no symbols: {sum(others.values())}"
                       + (f": {counted}" if counted else "") + ")")
          parts.append(f"linked {size / 1e6:.2f} MB")
          if target.name == KEYBOARD_TARGET and size > KEYBOARD_LIMIT_BYTES:
            message = f"{target.name}: the binary is {size:,} bytes, over its limit of {KEYBOARD_LIMIT_BYTES:,}"
            print(f"  {message}")
            failures.append(message)
      parts.insert(3, f"{len(warnings)} warnings")
      print(f"ios-check: {target.name}: " + "; ".join(parts))
      found = self.bundle_binary_rules(target, binaries, nm)
      for line in found.problems + [f"note: {n}" for n in found.notes]:
        print(f"  {line}")
      failures += found.problems
      print(self.bundle_line(target, found))
    if failures:
      fail(f"failed: {len(failures)} problems ({sum(len(t.sources) for t in self.targets)} App files,"
           f" {len(self.needed)} package modules, {elapsed:.0f} s)")
    print(f"ios-check: passed: {sum(len(t.sources) for t in self.targets)} App files and {len(self.needed)} package"
          f" modules, Debug and Release, 0 errors, 0 warnings ({elapsed:.0f} s)")


if __name__ == "__main__":
  Check(parse_arguments()).run()
