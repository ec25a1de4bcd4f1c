"""Compiling and linking for iOS with the Linux toolchain, as Xcode's build would, step by step with a cache.

A step (a module's object code, a target's, a link) is keyed on the sha256 of its inputs' contents, its arguments
and the keys of the steps it reads, so a fresh clone reuses a build folder another clone filled and a changed module
rebuilds what depends on it. Each step keeps the diagnostics it printed, so a cached step still reports (and still
fails on) its warnings.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIAGNOSTIC = re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|warning): (?P<msg>.*)$")
MISSING_REEXPORT = re.compile(r"unable to locate re-export with install name (\S+)")
# Swift modules whose linker stubs in the SDK list their Swift symbols (the SDK's README), plus what we link
# statically: an undefined symbol of one of these is a real mistake. The rest are counted, not judged.
# NB: SwiftUI is not among them here: SwiftUICore.tbd in the shared SDK is iOS 18.6's stand-in, so a SwiftUI symbol
# that moved to SwiftUICore in iOS 26 (`_ContentShapeModifier`) is in no stub, and is counted.
COMPLETE_STUBS = {"Swift", "_Concurrency", "Foundation", "UIKit", "os", "ObjectiveC"}


@dataclass
class Step:
  ok: bool
  errors: list[str] = field(default_factory=list)
  warnings: list[str] = field(default_factory=list)
  key: str = ""
  output: Path | None = None
  cached: bool = False


def _relative(path: str) -> str:
  try:
    return str(Path(path).resolve().relative_to(ROOT))
  except ValueError:
    return path


def diagnostics(text: str) -> tuple[list[str], list[str]]:
  """(errors, warnings) as `path:line: message`, each once."""
  errors: list[str] = []
  warnings: list[str] = []
  for line in text.splitlines():
    match = DIAGNOSTIC.match(line)
    if match:
      entry = f"{_relative(match['path'])}:{match['line']}: {match['kind']}: {match['msg']}"
      bucket = errors if match["kind"] == "error" else warnings
      if entry not in bucket:
        bucket.append(entry)
  return errors, warnings


class Builder:
  def __init__(self, build: Path, sdk_flags: list[str], link_flags: list[str]) -> None:
    self.build = build
    self.sdk_flags = sdk_flags
    self.link_flags = link_flags
    (build / "stamps").mkdir(parents=True, exist_ok=True)

  def folder(self, configuration: str, kind: str) -> Path:
    path = self.build / configuration / kind
    path.mkdir(parents=True, exist_ok=True)
    return path

  def _key(self, args: list[str], inputs: list[Path], after: list[str]) -> str:
    digest = hashlib.sha256()
    for part in [*self.sdk_flags, *args, *after]:
      digest.update(part.encode() + b"\0")
    for path in inputs:
      digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()

  def _cached(self, name: str, key: str, output: Path) -> Step | None:
    stamp = self.build / "stamps" / name
    if stamp.exists() and output.exists():
      saved = json.loads(stamp.read_text())
      if saved["key"] == key:
        return Step(True, [], saved["warnings"], key, output, cached=True)
    return None

  def _run(self, name: str, command: list[str], key: str, output: Path, quiet: bool) -> Step:
    result = subprocess.run(command, cwd=ROOT, text=True, capture_output=True)
    errors, warnings = diagnostics(result.stderr + result.stdout)
    if quiet:
      warnings = []
    if result.returncode != 0 and not errors:
      errors = [f"{name}: swiftc failed: " + " | ".join(result.stderr.strip().splitlines()[-6:])]
    if result.returncode == 0:
      (self.build / "stamps" / name).write_text(json.dumps({"key": key, "warnings": warnings}))
    return Step(result.returncode == 0, errors, warnings, key, output)

  def compile(self, name: str, configuration: str, sources: list[Path], flags: list[str], after: list[str],
              emit_module: bool, quiet: bool, space: str = "") -> Step:
    """One module's object code, whole-module, with its .swiftmodule when others import it. `space` keeps one App
    folder's targets apart from another's (the self-test checks a copy) while both share the package modules."""
    modules = self.folder(configuration, "modules")
    own = self.folder(configuration, f"modules/{space}") if space else modules
    output = self.folder(configuration, f"objects/{space}") / f"{name}.o"
    args = ["-parse-as-library", "-wmo", "-module-name", name, "-c", "-o", str(output), "-I", str(modules)]
    if space:
      args += ["-I", str(own)]
    args += flags
    if emit_module:
      args += ["-emit-module", "-emit-module-path", str(own / f"{name}.swiftmodule")]
    if quiet:
      args.append("-suppress-warnings")
    args += [str(s) for s in sources]
    key = self._key(args, sources, after)
    stamp = f"{configuration}.{space}.{name}.o"
    return self._cached(stamp, key, output) or self._run(
      stamp, ["swiftc", *self.sdk_flags, "-diagnostic-style", "llvm", *args], key, output, quiet)

  def link(self, name: str, configuration: str, objects: list[Path], flags: list[str], after: list[str],
           library: bool, space: str = "") -> Step:
    """Links a target's binary; placeholders stand in for private frameworks the SDK's stubs re-export."""
    folder = self.folder(configuration, f"products/{space}")
    output = folder / (f"{name}.framework/{name}" if library else name)
    output.parent.mkdir(parents=True, exist_ok=True)
    kind = ["-emit-library", "-Xlinker", "-install_name", "-Xlinker", f"@rpath/{name}.framework/{name}"] if library \
      else ["-emit-executable"]
    args = [*kind, "-o", str(output), *flags, *[str(o) for o in objects]]
    key = self._key(args, objects, after)
    cached = self._cached(f"{configuration}.{space}.{name}.link", key, output)
    if cached:
      return cached
    for _ in range(6):
      result = subprocess.run(["swiftc", *self.sdk_flags, *self.link_flags, *args], cwd=ROOT, text=True,
                              capture_output=True)
      missing = sorted(set(MISSING_REEXPORT.findall(result.stderr)))
      if not missing:
        break
      for install_name in missing:
        self.placeholder(install_name)
    if result.returncode != 0:
      lines = [l for l in result.stderr.splitlines() if "error" in l][:10] or result.stderr.splitlines()[-6:]
      return Step(False, [f"{name}: link failed: {l}" for l in lines], [], key, output)
    stamp = self.build / "stamps" / f"{configuration}.{space}.{name}.link"
    stamp.write_text(json.dumps({"key": key, "warnings": []}))
    return Step(True, [], [], key, output)

  def placeholder(self, install_name: str) -> None:
    """An empty stub (no symbols) for a private framework the SDK's public stubs re-export but do not ship."""
    path = self.build / "placeholders" / (install_name.lstrip("/") + ".tbd")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"--- !tapi-tbd\ntbd-version: 4\ntargets: [ arm64-ios, arm64e-ios ]\n"
                    f"install-name: '{install_name}'\n...\n")


def swift_modules_of(symbols: list[str]) -> list[str | None]:
  """The module defining each mangled Swift symbol, from the demangler: `(extension in WidgetKit):SwiftUI.…` →
  WidgetKit, `… : Charts.Plottable in Charts` → Charts, `SwiftUI.Text…` → SwiftUI, `async function pointer to
  dispatch thunk of Translation.…(Swift.String)` → Translation (the name after "of", not the first argument's);
  None for C and Objective-C."""
  result = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(symbols), text=True,
                          capture_output=True)
  modules: list[str | None] = []
  for symbol, text in zip(symbols, result.stdout.splitlines()):
    if not symbol.lstrip("_").startswith("$s"):
      modules.append(None)
      continue
    extension = re.search(r"\(extension in (\w+)\)", text)
    conformance = re.search(r" : [\w.]+ in (\w+)$", text)
    named = re.search(r"(?:^|for |of |\()(\w+)\.", text)
    match = extension or conformance or named
    modules.append(match.group(1) if match else None)
  return modules


def undefined_symbols(nm: str, binary: Path) -> list[str]:
  """Symbols the linker found in no stub or object (left for dynamic lookup)."""
  result = subprocess.run([nm, "-m", "-u", str(binary)], text=True, capture_output=True)
  symbols = []
  for line in result.stdout.splitlines():
    words = line.split()
    if "dynamically looked up" in line and "external" in words:
      symbols.append(words[words.index("external") + 1])
  return symbols


def judge_symbols(symbols: list[str], ours: set[str]) -> tuple[list[str], dict[str, int]]:
  """(symbols that must not be undefined, counts of the others by module)."""
  wrong: list[str] = []
  others: dict[str, int] = {}
  for symbol, module in zip(symbols, swift_modules_of(symbols)):
    if module in COMPLETE_STUBS or module in ours:
      wrong.append(f"{symbol} ({module})")
    else:
      name = module or "C/Objective-C"
      others[name] = others.get(name, 0) + 1
  return wrong, others
