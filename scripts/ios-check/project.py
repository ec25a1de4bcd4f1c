"""The Xcode project XcodeGen generates from App/project.yml, read as Xcode would build it.

`generate` copies the App folder into the build folder (XcodeGen writes Info.plist and entitlements files beside the
spec, which must not land in the work tree) and runs the shared XcodeGen there; `read` walks the generated
`project.pbxproj`: per target its Swift files (the sources phase), its resources (the resources phase: asset catalogs,
the privacy manifest), the package products and targets it links, its build settings per configuration with the
project's as defaults, the way Xcode layers them, and the Info.plist and entitlements XcodeGen wrote for it.
`spec_line` finds the line of App/project.yml that a rule's message should point at.
"""

from __future__ import annotations

import os
import plistlib
import re
import shutil
import subprocess
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

EXTENSION_TYPES = {"com.apple.product-type.app-extension"}
FRAMEWORK_TYPES = {"com.apple.product-type.framework"}
APPLICATION_TYPES = {"com.apple.product-type.application"}


class ProjectError(Exception):
  """The project cannot be generated or read."""


@dataclass
class Product:
  """A Swift package product a target links; `package` is None for the local package (App/project.yml's `..`)."""

  name: str
  package: str | None
  requirement: str | None = None  # the version an `exactVersion` pin names


@dataclass
class XcodeTarget:
  name: str
  product_type: str
  sources: list[Path]  # in the App folder that was checked, not the copy
  products: list[Product]
  linked_targets: list[str]  # framework targets of this project it links
  settings: dict[str, dict[str, object]]  # configuration → resolved build settings
  info: dict[str, object] = field(default_factory=dict)  # as XcodeGen wrote it, before build-setting substitution
  resources: list[Path] = field(default_factory=list)  # in the App folder that was checked
  entitlements: dict[str, object] | None = None  # None: the target signs with no entitlements file

  @property
  def is_extension(self) -> bool:
    return self.product_type in EXTENSION_TYPES

  @property
  def is_application(self) -> bool:
    return self.product_type in APPLICATION_TYPES

  @property
  def is_framework(self) -> bool:
    return self.product_type in FRAMEWORK_TYPES

  def setting(self, configuration: str, key: str, default: object = None) -> object:
    return self.settings[configuration].get(key, default)

  def module_name(self) -> str:
    name = str(self.setting("Debug", "PRODUCT_MODULE_NAME", "") or "")
    if not name or "$(" in name:
      name = re.sub(r"[^A-Za-z0-9_]", "_", self.name)
    return name


def xcodegen(build: Path, archive: Path) -> Path:
  """The `xcodegen` executable, unpacked once from the shared archive (its presets must stay beside it)."""
  if os.environ.get("XCODEGEN"):
    return Path(os.environ["XCODEGEN"])
  home = build / "xcodegen"
  binary = home / "xcodegen/bin/xcodegen"
  stamp = home / ".archive"
  key = f"{archive}:{archive.stat().st_size}:{archive.stat().st_mtime_ns}"
  if not (binary.exists() and stamp.exists() and stamp.read_text() == key):
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    with tarfile.open(archive) as tar:
      tar.extractall(home, filter="tar")
    stamp.write_text(key)
  return binary


def generate(app: Path, build: Path, tool: Path) -> Path:
  """Generates the project from a copy of `app`; returns the copy (its project is `Utter.xcodeproj` inside)."""
  copy = build / "project/App"
  shutil.rmtree(copy.parent, ignore_errors=True)
  shutil.copytree(app, copy, ignore=shutil.ignore_patterns("*.xcodeproj", "DerivedData"))
  env = {**os.environ, "USER": os.environ.get("USER") or "utter"}
  result = subprocess.run(
    [str(tool), "generate", "--quiet", "--spec", str(copy / "project.yml"), "--project", str(copy)],
    text=True, capture_output=True, env=env)
  if result.returncode != 0 or "No \"base\" settings found" in result.stdout + result.stderr:
    raise ProjectError("xcodegen failed: " + " ".join((result.stderr or result.stdout).strip().splitlines()[-3:]))
  return copy


def _resolve(settings: dict[str, object], inherited: dict[str, object]) -> dict[str, object]:
  merged = dict(inherited)
  for key, value in settings.items():
    if isinstance(value, list):
      value = [part for item in value for part in (inherited.get(key, []) if item == "$(inherited)" else [item])]
    merged[key] = value
  return merged


def read(copy: Path, app: Path) -> list[XcodeTarget]:
  """The targets of the project generated in `copy`, with source paths mapped back into `app`."""
  import openstep_parser  # type: ignore

  pbxproj = next(copy.glob("*.xcodeproj")) / "project.pbxproj"
  with open(pbxproj) as handle:
    objects = openstep_parser.OpenStepDecoder.ParseFromFile(handle)["objects"]
  root = next(o for o in objects.values() if o["isa"] == "PBXProject")

  paths: dict[str, Path] = {}

  def walk(key: str, base: Path) -> None:
    item = objects[key]
    here = base / item["path"] if item.get("path") and item.get("sourceTree") == "<group>" else base
    if item["isa"] == "PBXFileReference":
      paths[key] = here
    for child in item.get("children", []):
      walk(child, here)

  walk(root["mainGroup"], copy)

  def configurations(list_key: str) -> dict[str, dict[str, object]]:
    return {objects[c]["name"]: objects[c].get("buildSettings", {}) for c in objects[list_key]["buildConfigurations"]}

  project_settings = configurations(root["buildConfigurationList"])
  products_by_file: dict[str, str] = {}
  for key in root["targets"]:
    target = objects[key]
    if target.get("productReference"):
      products_by_file[target["productReference"]] = target["name"]

  targets = []
  for key in root["targets"]:
    target = objects[key]
    sources: list[Path] = []
    resources: list[Path] = []
    linked: list[str] = []
    for phase_key in target.get("buildPhases", []):
      phase = objects[phase_key]
      for build_file in phase.get("files", []):
        ref = objects[build_file].get("fileRef")
        if phase["isa"] == "PBXSourcesBuildPhase" and ref in paths and paths[ref].suffix == ".swift":
          sources.append(app / paths[ref].relative_to(copy))
        elif phase["isa"] == "PBXResourcesBuildPhase" and ref in paths:
          resources.append(app / paths[ref].relative_to(copy))
        elif phase["isa"] == "PBXFrameworksBuildPhase" and ref in products_by_file:
          linked.append(products_by_file[ref])
    products = []
    for dep in target.get("packageProductDependencies", []):
      spec = objects[dep]
      reference = objects[spec["package"]] if spec.get("package") else {}
      pin = reference.get("requirement", {})
      version = pin.get("version") if pin.get("kind") == "exactVersion" else None
      products.append(Product(spec["productName"], reference.get("repositoryURL"), version))
    own = configurations(target["buildConfigurationList"])
    settings = {name: _resolve(own.get(name, {}), base) for name, base in project_settings.items()}
    result = XcodeTarget(target["name"], target.get("productType", ""), sorted(sources), products, linked, settings)
    result.resources = sorted(resources)
    plist = result.setting("Debug", "INFOPLIST_FILE")
    if plist and (copy / str(plist)).is_file():
      with open(copy / str(plist), "rb") as handle:
        result.info = plistlib.load(handle)
    entitlements = result.setting("Release", "CODE_SIGN_ENTITLEMENTS")
    if entitlements and (copy / str(entitlements)).is_file():
      with open(copy / str(entitlements), "rb") as handle:
        result.entitlements = plistlib.load(handle)
    targets.append(result)
  return targets


def spec_line(spec: Path, target: str | None, *keys: str) -> int:
  """The line of `spec` (App/project.yml) holding the first of `keys` inside `target`'s block (the whole file when
  `target` is None); the target's own line when none is there, 1 when the target is not found."""
  lines = spec.read_text(encoding="utf-8").splitlines()
  start, end, indent = 0, len(lines), -1
  if target is not None:
    in_targets = False
    for number, line in enumerate(lines):
      if re.match(r"^targets:\s*$", line):
        in_targets = True
      elif in_targets and re.match(rf"^(\s+){re.escape(target)}:\s*$", line):
        start, indent = number, len(line) - len(line.lstrip())
        break
    else:
      return 1
    end = next((n for n in range(start + 1, len(lines)) if lines[n].strip() and not lines[n].lstrip().startswith("#")
                and len(lines[n]) - len(lines[n].lstrip()) <= indent), len(lines))
  for key in keys:
    for number in range(start, end):
      if re.match(rf"^\s*(- )?{re.escape(key)}\s*:", lines[number]):
        return number + 1
  return start + 1
