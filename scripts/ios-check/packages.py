"""The Swift packages the App targets link, read from their manifests (`swift package dump-package`).

The root package and its resolved dependencies come from `swift package show-dependencies`; a package the App
project names that the root package does not depend on (WhisperKit) comes from a source folder given to the check
(`../shared/ios-sdk/packages`), named after its repository and version, never from a hand-written surface.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class PackageError(Exception):
  """A package, product or target the App project needs cannot be found."""


@dataclass
class Module:
  """One target of some package: a Swift module, or a system library's module map."""

  package: str  # package identity, used as -package-name
  name: str
  kind: str  # regular, system, executable, test, …
  directory: Path
  sources: list[Path] = field(default_factory=list)
  dependencies: list[tuple[str, str]] = field(default_factory=list)  # (package, target)
  flags: list[str] = field(default_factory=list)
  ours: bool = False


def _run(args: list[str], cwd: Path = ROOT) -> str:
  result = subprocess.run(args, cwd=cwd, text=True, capture_output=True)
  if result.returncode != 0:
    raise PackageError(f"{' '.join(args[:3])} failed in {cwd}: " + " ".join(result.stderr.strip().splitlines()[-2:]))
  return result.stdout


def _language_mode(manifest: dict, settings: list[dict]) -> str:
  for setting in settings:
    mode = setting["kind"].get("swiftLanguageMode") or setting["kind"].get("swiftLanguageVersion")
    if mode:
      return str(mode["_0"])
  declared = manifest.get("swiftLanguageVersions") or manifest.get("swiftLanguageModes") or []
  if declared:
    return max(str(v) for v in declared)
  return "6" if int(manifest["toolsVersion"]["_version"].split(".")[0]) >= 6 else "5"


def _applies_to_ios(setting: dict) -> bool:
  platforms = (setting.get("condition") or {}).get("platformNames")
  return platforms is None or "ios" in platforms


def _flags(manifest: dict, target: dict) -> list[str]:
  """The Swift flags SwiftPM gives the target, for iOS (SWIFT_PACKAGE is defined for every package target)."""
  settings = [s for s in target.get("settings", []) if s.get("tool") == "swift" and _applies_to_ios(s)]
  flags = ["-swift-version", _language_mode(manifest, settings), "-D", "SWIFT_PACKAGE"]
  for setting in settings:
    kind = setting["kind"]
    if "define" in kind:
      flags += ["-D", kind["define"]["_0"]]
    elif "enableUpcomingFeature" in kind:
      flags += ["-enable-upcoming-feature", kind["enableUpcomingFeature"]["_0"]]
    elif "enableExperimentalFeature" in kind:
      flags += ["-enable-experimental-feature", kind["enableExperimentalFeature"]["_0"]]
  return flags


class Graph:
  """The packages reachable from the App project, by (package identity, target name)."""

  def __init__(self, sources: list[Path]) -> None:
    self.checkouts = self._checkouts()
    self.sources = sources
    self.manifests: dict[str, dict] = {}
    self.paths: dict[str, Path] = {}
    self.modules: dict[tuple[str, str], Module] = {}
    self._load("utter", ROOT, ours=True)

  @staticmethod
  def _checkouts() -> dict[str, Path]:
    text = _run(["swift", "package", "show-dependencies", "--format", "json"])
    found: dict[str, Path] = {}

    def walk(node: dict) -> None:
      for child in node.get("dependencies", []):
        found[child["identity"]] = Path(child["path"])
        walk(child)

    walk(json.loads(text[text.index("{"):]))
    return found

  def _load(self, identity: str, path: Path, ours: bool) -> None:
    if identity in self.manifests:
      return
    manifest = json.loads(_run(["swift", "package", "dump-package", "--package-path", str(path)]))
    self.manifests[identity] = manifest
    self.paths[identity] = path
    raw = {t["name"]: t for t in manifest["targets"]}
    for t in manifest["targets"]:
      default = "Tests" if t["type"] == "test" else "Sources"
      directory = path / (t.get("path") or f"{default}/{t['name']}")
      excluded = [directory / e for e in t.get("exclude", [])]
      sources = [] if t["type"] == "system" or not directory.is_dir() else sorted(
        p for p in directory.rglob("*.swift") if not any(p == e or e in p.parents for e in excluded))
      self.modules[(identity, t["name"])] = Module(identity, t["name"], t["type"], directory, sources, [],
                                                   _flags(manifest, t), ours)
    for t in manifest["targets"]:
      module = self.modules[(identity, t["name"])]
      for dep in t["dependencies"]:
        (kind, value), = dep.items()
        if kind in ("byName", "target"):
          if value[0] in raw:
            module.dependencies.append((identity, value[0]))
          else:  # a product of a dependency, named alone
            module.dependencies += self._product_modules(value[0].lower(), value[0])
        elif kind == "product":
          if value[3] and "ios" not in value[3].get("platformNames", ["ios"]):
            continue
          module.dependencies += self._product_modules(value[1].lower(), value[0])

  def _product_modules(self, identity: str, product: str) -> list[tuple[str, str]]:
    if identity not in self.checkouts:
      raise PackageError(f"no checkout of package {identity} (for its product {product})")
    self._load(identity, self.checkouts[identity], ours=False)
    return self.product(identity, product)

  def package_for(self, url: str | None, requirement: str | None = None) -> str:
    """The identity of the package a project reference names (None: the local package, `..`), loading it."""
    if url is None:
      return "utter"
    name = re.sub(r"\.git$", "", url.rstrip("/").rsplit("/", 1)[-1])
    identity = name.lower()
    if identity in self.checkouts:
      self._load(identity, self.checkouts[identity], ours=False)
      return identity
    for folder in self.sources:
      for candidate in sorted(folder.glob(f"{name}-*")) if folder.is_dir() else []:
        version = candidate.name[len(name) + 1:]
        if requirement and version != requirement:
          raise PackageError(f"{url} is pinned to {requirement}, but {candidate} is version {version}")
        self._load(identity, candidate, ours=False)
        return identity
    raise PackageError(f"no source for package {url} (looked in {', '.join(map(str, self.sources))})")

  def product(self, identity: str, product: str) -> list[tuple[str, str]]:
    """The targets a product is made of."""
    for p in self.manifests[identity]["products"]:
      if p["name"] == product:
        return [(identity, t) for t in p["targets"]]
    raise PackageError(f"package {identity} has no product {product}")

  def closure(self, roots: list[tuple[str, str]]) -> list[Module]:
    """The modules `roots` need, dependencies first."""
    order: list[Module] = []
    seen: set[tuple[str, str]] = set()

    def visit(key: tuple[str, str]) -> None:
      if key in seen:
        return
      seen.add(key)
      module = self.modules[key]
      for dep in module.dependencies:
        visit(dep)
      order.append(module)

    for root in roots:
      visit(root)
    return order

  def module_names(self) -> set[str]:
    """Every module name any loaded package declares: an import of one of these is a package import."""
    return {name for (_, name) in self.modules}
