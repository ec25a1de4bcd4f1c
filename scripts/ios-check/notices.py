#!/usr/bin/env python3
"""The third-party notices the app ships: App/Utter/About/Acknowledgements.json, which its About screen lists.

    scripts/ios-check/notices.py           prints one line per notice that is missing, stale or no longer linked
    scripts/ios-check/notices.py --write   writes the file from what the App targets link

Every remote package whose modules an App target links, directly or through our modules (GRDB through Storage,
swift-log through the channel), gets an entry: its repository's name, the version built (Package.resolved, or the
folder of a package pinned in App/project.yml, whose name `Graph.package_for` holds equal to the pin), the licence's
name and its whole text from the package's own LICENSE file, its NOTICE file's text when it has one (Apache-2.0,
section 4(d): a NOTICE's attributions go with the work), and its address. Utter's own LICENSE comes first.
`problems` is the rule check.py applies; `linked` must cover every target for "no longer linked" to be right.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from packages import Graph, PackageError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOTICES = Path("Utter/About/Acknowledgements.json")  # in the App folder
OWN_NAME = "Utter"
OWN_URL = "https://github.com/utter-app/utter"
LICENCE_FILES = ["LICENSE", "LICENSE.txt", "LICENSE.md", "COPYING"]
NOTICE_FILES = ["NOTICE", "NOTICE.txt", "NOTICE.md"]
NOTE = "Written by scripts/ios-check/notices.py --write from the packages the App targets link; do not edit."


class NoticeError(Exception):
  """A linked package's licence cannot be found or named."""


def licence_name(text: str) -> str:
  """The licence's SPDX-style name, told from its text; one this does not know stops the write for a person."""
  words = " ".join(text.split())
  if "Apache License" in words and "Version 2.0" in words:
    return "Apache-2.0" + (" with the Swift Runtime Library Exception" if "Runtime Library Exception" in words else "")
  if "Permission is hereby granted, free of charge" in words:
    return "MIT"
  if "Redistribution and use in source and binary forms" in words:
    return "BSD-3-Clause" if "endorse or promote" in words else "BSD-2-Clause"
  raise NoticeError("a licence this script cannot name (add it to licence_name): " + words[:80])


def _first_file(folder: Path, names: list[str]) -> Path | None:
  return next((folder / n for n in names if (folder / n).is_file()), None)


def _pins() -> dict[str, dict]:
  resolved = json.loads((ROOT / "Package.resolved").read_text())
  return {pin["identity"]: pin for pin in resolved.get("pins", [])}


def _repository(url: str) -> tuple[str, str]:
  """(the repository's name, its web address) from a package URL."""
  web = re.sub(r"\.git$", "", url.rstrip("/"))
  return web.rsplit("/", 1)[-1], web


def linked_packages(graph: Graph, linked: dict[str, list[tuple[str, str]]]) -> dict[str, list[str]]:
  """Remote package identity → the targets that link some module of it, through any module in between."""
  found: dict[str, list[str]] = {}
  for target, roots in sorted(linked.items()):
    for module in graph.closure(roots):
      if module.package != "utter" and target not in found.setdefault(module.package, []):
        found[module.package].append(target)
  return found


def _own_entry() -> dict:
  text = (ROOT / "LICENSE").read_text(encoding="utf-8")
  return {"package": OWN_NAME, "licence": licence_name(text), "licenceText": text, "url": OWN_URL}


def _project_pins(app_dir: Path) -> dict[str, tuple[str, str | None]]:
  """Repository name → (web address, `exactVersion`) of each remote package App/project.yml names."""
  text = (app_dir / "project.yml").read_text(encoding="utf-8")
  section = re.search(r"^packages:\n((?:[ \t]+.*\n|\n)*)", text, re.M)
  found: dict[str, tuple[str, str | None]] = {}
  for block in re.split(r"^  (?=\S)", section.group(1) if section else "", flags=re.M):
    url = re.search(r"^\s+url:\s*(\S+)", block, re.M)
    if url:
      exact = re.search(r"^\s+exactVersion:\s*\"?([^\s\"]+)", block, re.M)
      name, web = _repository(url.group(1))
      found[name] = (web, exact.group(1) if exact else None)
  return found


def entry(graph: Graph, identity: str, app_dir: Path) -> dict:
  """One package's notice, from its checkout (or source folder) and its pin."""
  folder = graph.paths[identity]
  pin = _pins().get(identity)
  if pin:
    name, url = _repository(pin["location"])
    version = pin["state"].get("version") or pin["state"]["revision"][:12]
  else:  # not the root package's: a package App/project.yml pins itself, in a folder `Name-version`
    name = folder.name.rsplit("-", 1)[0]
    url, version = _project_pins(app_dir).get(name, ("", None))
    if not version:
      raise NoticeError(f"{name} is linked but neither Package.resolved nor App/project.yml pins its version")
  licence = _first_file(folder, LICENCE_FILES)
  if licence is None:
    raise NoticeError(f"{name} {version} has no licence file in {folder}")
  text = licence.read_text(encoding="utf-8")
  result = {"package": name, "version": version, "licence": licence_name(text), "licenceText": text, "url": url}
  notice = _first_file(folder, NOTICE_FILES)
  if notice is not None:
    result["notice"] = notice.read_text(encoding="utf-8")
  return result


def expected(graph: Graph, linked: dict[str, list[tuple[str, str]]], app_dir: Path) -> list[tuple[dict, list[str]]]:
  """Every entry the file should hold with the targets that link its package: Utter's first, then by name."""
  entries = [(entry(graph, identity, app_dir), users) for identity, users in linked_packages(graph, linked).items()]
  return [(_own_entry(), sorted(linked))] + sorted(entries, key=lambda e: e[0]["package"].lower())


def problems(graph: Graph, linked: dict[str, list[tuple[str, str]]], app_dir: Path) -> list[str]:
  """One line per linked package with no entry or a stale one, and one per entry for a package no longer linked."""
  shown = f"App/{NOTICES}"
  fix = "(run scripts/ios-check/notices.py --write)"
  try:
    written = {e["package"]: e for e in json.loads((app_dir / NOTICES).read_text(encoding="utf-8"))["packages"]}
  except (OSError, ValueError, KeyError, TypeError) as error:
    return [f"notices: {shown} cannot be read ({error}) {fix}"]
  try:
    wanted = expected(graph, linked, app_dir)
  except NoticeError as error:
    return [f"notices: {error}"]
  lines = []
  for want, users in wanted:
    name, version = want["package"], want.get("version")
    what, who = f"{name} {version or ''}".strip(), ", ".join(users)
    have = written.get(name)
    if have is None:
      lines.append(f"notices: {what} is linked by {who} but {shown} has no entry {fix}")
      continue
    if have.get("version") != version:
      lines.append(f"notices: {name} {version} is linked by {who} but {shown} says version {have.get('version')} {fix}")
    for key, label in (("licence", "licence name"), ("licenceText", "licence text"), ("notice", "NOTICE text")):
      if have.get(key) != want.get(key):
        lines.append(f"notices: {what}'s {label} differs from its entry in {shown} {fix}")
  for name in sorted(set(written) - {want["package"] for want, _ in wanted}):
    lines.append(f"notices: {shown} lists {name}, which no App target links any more {fix}")
  return lines


def write(graph: Graph, linked: dict[str, list[tuple[str, str]]], app_dir: Path) -> Path:
  path = app_dir / NOTICES
  path.parent.mkdir(parents=True, exist_ok=True)
  document = {"note": NOTE, "packages": [e for e, _ in expected(graph, linked, app_dir)]}
  path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
  return path


def project_links(app_dir: Path) -> tuple[Graph, dict[str, list[tuple[str, str]]]]:
  """The package graph and what every target of the generated project links, as check.py reads them."""
  import project

  shared = ROOT.parent / "shared"
  build = Path(os.environ.get("IOS_CHECK_BUILD", ROOT / ".build-ios"))
  archive = Path(os.environ.get("XCODEGEN_ARCHIVE", shared / "tools/xcodegen/xcodegen-2.45.4-linux-x86_64.tar.gz"))
  copy = project.generate(app_dir, build / "generated" / "notices", project.xcodegen(build, archive))
  targets = project.read(copy, app_dir)
  sources = [Path(p) for p in os.environ.get("IOS_CHECK_PACKAGES", str(shared / "ios-sdk/packages")).split(":")]
  graph = Graph(sources)
  linked = {t.name: [m for p in t.products for m in graph.product(graph.package_for(p.package, p.requirement),
                                                                  p.name)] for t in targets}
  return graph, linked


def main() -> int:
  parser = argparse.ArgumentParser(description="Check or write the app's third-party notices.")
  parser.add_argument("--write", action="store_true", help=f"write App/{NOTICES}")
  parser.add_argument("--app-dir", type=Path, default=ROOT / "App", help="the App folder (default: App/)")
  arguments = parser.parse_args()
  app_dir = arguments.app_dir.resolve()
  try:
    graph, linked = project_links(app_dir)
    if arguments.write:
      path = write(graph, linked, app_dir)
      count = len(json.loads(path.read_text())["packages"])
      print(f"notices: wrote {path.relative_to(app_dir.parent)} ({count} entries)")
      return 0
  except (PackageError, NoticeError) as error:
    print(f"notices: {error}", file=sys.stderr)
    return 1
  lines = problems(graph, linked, app_dir)
  for line in lines:
    print(line)
  if not lines:
    print(f"notices: App/{NOTICES} lists every package the App targets link")
  return 1 if lines else 0


if __name__ == "__main__":
  sys.exit(main())
