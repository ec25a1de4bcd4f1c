#!/usr/bin/env python3
"""Checks the module graph's rules from `swift package dump-package` and the sources: what each module may never
link, that no file re-exports a module (an import says where a type lives), and that the graph stays as small as it
is: its edges (every dependency a library target declares, products included) and the modules a keyboard dictation
crosses (`WALK`: everything the keyboard, the app's host and the finishing step link), each under its ceiling.

    scripts/check-modules.py     prints one line per broken rule and exits 1, else the figures and that the rules hold
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# A keyboard dictation runs the keyboard's model, then the app's host, then the one finishing step.
WALK = ["KeyboardModel", "DictationHost", "Dictation"]
# Ceilings, lowered as the graph shrinks (never raised to let a change through).
MAX_EDGES = 138
MAX_WALK = 15

# Module -> modules it must never reach, directly or through another module, and why.
RULES = {
    "DictationServer": (
        ["DictationHost", "SessionChannel", "PhoneSession", "PhoneRules", "RemoteDictation", "KeyboardModel"],
        "the server runs the pipeline and live reading, never the phone's session, channel or client",
    ),
    "Dictation": (
        ["DictationHost", "SessionChannel", "PhoneSession", "PhoneRules", "ModelInstallation"],
        "the pipeline is the same for every entry point; the phone's session builds on it",
    ),
    "ModelInstallation": (["Dictation", "DictationHost", "SessionChannel"], "the model store is apart from dictation"),
    "SpeechReading": (["DictationHost", "SessionChannel", "Dictation"], "live reading sits under the host and server"),
    "LiveWire": (["RemoteDictation", "SpeechEngine", "DictationServer"], "the WebSocket's messages are shared values"),
}


def main() -> int:
    dump = subprocess.run(["swift", "package", "dump-package"], capture_output=True, text=True, check=True).stdout
    targets = {}
    for target in json.loads(dump)["targets"]:
        names = []
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    names.append(dependency[kind][0])
        targets[target["name"]] = names

    def reach(name: str) -> set:
        seen, stack = set(), list(targets.get(name, []))
        while stack:
            current = stack.pop()
            if current in targets and current not in seen:
                seen.add(current)
                stack.extend(targets[current])
        return seen

    broken = []
    regular = [t["name"] for t in json.loads(dump)["targets"] if t["type"] == "regular"]
    edges = sum(len(targets[name]) for name in regular)
    walk = set(WALK).union(*(reach(name) for name in WALK))
    if edges > MAX_EDGES:
        broken.append(f"module graph: {edges} edges, more than the {MAX_EDGES} allowed")
    if len(walk) > MAX_WALK:
        broken.append(f"module graph: a keyboard dictation crosses {len(walk)} modules, more than {MAX_WALK}")
    for source in sorted((ROOT / "Sources").rglob("*.swift")):
        for number, line in enumerate(source.read_text().splitlines(), 1):
            if re.match(r"\s*@_exported\s+import\b", line):
                broken.append(f"{source.relative_to(ROOT)}:{number}: re-exports a module; import it where it is used")
    for module, (forbidden, why) in RULES.items():
        for other in sorted(set(forbidden) & reach(module)):
            broken.append(f"module graph: {module} reaches {other}, but {why}")
    for line in broken:
        print(line)
    if not broken:
        print(
            f"module graph: {len(RULES)} rules hold; {edges} edges, {len(walk)} modules on a keyboard dictation's walk,"
            " no re-export")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
