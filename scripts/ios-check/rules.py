"""What the generated project must hold before anything is compiled; each rule returns `path:line: message` lines.

- Every Swift file under App/ is compiled by exactly one target (a file in none is dead code that still reads as
  live; a file in two is two copies of every type, and two answers to "where does this run").
- A target imports only modules it links: each package module or project framework a file imports is one of the
  target's linked products (or its own framework targets). Xcode finds a module that arrives through another
  product while the build products share one folder, and stops finding it when it does not (explicit modules).
- device-family: the device family and the orientations agree: an iPad build must support all four orientations or be
  full-screen only, else App Store Connect rejects the upload (ITMS-90474); Utter is iPhone only, so every target says
  "1". Reported as `App/project.yml:line: device-family: …`, as bundle.py's rules report (the other App Store Connect
  checks: versions, usage strings, privacy manifests, icon, App Groups, extension points).
- An app intent that opens the app (`openAppWhenRun`, a `.foreground` supported mode) is in no extension and no
  framework an extension links: "Setting this property to true generates an error if the app intent runs in an app
  extension" (https://developer.apple.com/documentation/appintents/appintent/openappwhenrun).
"""

from __future__ import annotations

import re
from pathlib import Path

from project import XcodeTarget, spec_line

ROOT = Path(__file__).resolve().parents[2]

IMPORT = re.compile(
  r"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)",
  re.M)
OPENS_APP = re.compile(r"\bopenAppWhenRun\b\s*[:=]|\.foreground\b[^\n]*supportedModes|supportedModes[^\n]*\.foreground")
ALL_ORIENTATIONS = {
  "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
  "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
}


def files_in_targets(app: Path, targets: list[XcodeTarget]) -> list[str]:
  owners: dict[Path, list[str]] = {}
  for target in targets:
    for source in target.sources:
      owners.setdefault(source.resolve(), []).append(target.name)
  problems = []
  for path in sorted(app.rglob("*.swift")):
    if any(part.endswith(".xcodeproj") for part in path.parts):
      continue
    names = owners.get(path.resolve(), [])
    if not names:
      problems.append(f"{path}:1: this file is in no target of the generated project")
    elif len(names) > 1:
      problems.append(f"{path}:1: this file is compiled by {len(names)} targets ({', '.join(names)}); keep it in one")
  return problems


def imports(source: Path) -> list[tuple[int, str]]:
  text = source.read_text(encoding="utf-8")
  return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in IMPORT.finditer(text)]


def unlinked_imports(target: XcodeTarget, allowed: set[str], non_sdk: set[str]) -> list[str]:
  """Imports of package or project modules the target does not link (SDK modules are always there)."""
  problems = []
  for source in target.sources:
    for line, module in imports(source):
      if module in non_sdk and module not in allowed and module != target.module_name():
        problems.append(f"{source}:{line}: {target.name} imports {module} but does not link it (add the product"
                        " to the target's dependencies in App/project.yml)")
  return problems


def device_family(targets: list[XcodeTarget], spec: Path) -> list[str]:
  """device-family: every target builds for iPhone only ("1"); an iPad build of the app must also support all four
  orientations or require full screen, else App Store Connect rejects the upload (ITMS-90474).
  https://developer.apple.com/documentation/bundleresources/information-property-list/uisupportedinterfaceorientations
  https://developer.apple.com/documentation/bundleresources/information-property-list/uirequiresfullscreen"""
  problems = []
  shown = _shown(spec)
  for target in targets:
    line = spec_line(spec, target.name, "TARGETED_DEVICE_FAMILY", "settings")
    by_family: dict[str, list[str]] = {}
    for configuration, settings in target.settings.items():
      by_family.setdefault(str(settings.get("TARGETED_DEVICE_FAMILY", "1")), []).append(configuration)
    for family, configurations in sorted(by_family.items()):
      if family == "1":
        continue
      problems.append(f"{shown}:{line}: device-family: {target.name} ({', '.join(configurations)}) builds for"
                      f" devices {family}; Utter is iPhone only (TARGETED_DEVICE_FAMILY \"1\" on the target:"
                      " XcodeGen's preset writes \"1,2\")")
    orientations = set(target.info.get("UISupportedInterfaceOrientations", []) or [])
    ipad = set(target.info.get("UISupportedInterfaceOrientations~ipad", []) or orientations)
    full_screen = target.info.get("UIRequiresFullScreen") in (True, "YES")
    builds_ipad = any("2" in str(s.get("TARGETED_DEVICE_FAMILY", "1")).split(",") for s in target.settings.values())
    if builds_ipad and target.is_application and ipad != ALL_ORIENTATIONS and not full_screen:
      at = spec_line(spec, target.name, "UISupportedInterfaceOrientations", "info")
      problems.append(f"{shown}:{at}: device-family: {target.name} builds for iPad with orientations"
                      f" {', '.join(sorted(o.removeprefix('UIInterfaceOrientation') for o in ipad)) or 'none'}: an"
                      " iPad app must support all four or require full screen (ITMS-90474)")
  return problems


def _shown(path: Path) -> str:
  try:
    return str(path.resolve().relative_to(ROOT))
  except ValueError:
    return str(path)


def intents_that_open_the_app(targets: list[XcodeTarget]) -> list[str]:
  by_name = {t.name: t for t in targets}
  in_extensions: set[Path] = set()
  for target in targets:
    if target.is_extension:
      in_extensions.update(target.sources)
      for linked in target.linked_targets:
        if linked in by_name:
          in_extensions.update(by_name[linked].sources)
  problems = []
  for source in sorted(in_extensions):
    text = source.read_text(encoding="utf-8")
    for match in OPENS_APP.finditer(text):
      line = text.count("\n", 0, match.start()) + 1
      problems.append(f"{source}:{line}: an intent that opens the app is compiled into an extension, where iOS"
                      " reports an error when it runs; keep it in the app target")
  return problems
