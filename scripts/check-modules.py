#!/usr/bin/env python3
"""Checks the module graph's rules from `swift package dump-package`: what each module may never link.

    scripts/check-modules.py     prints one line per broken rule and exits 1, else one line saying the rules hold
"""
import json
import subprocess
import sys

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
            for kind in ("byName", "target"):
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
    for module, (forbidden, why) in RULES.items():
        for other in sorted(set(forbidden) & reach(module)):
            broken.append(f"module graph: {module} reaches {other}, but {why}")
    for line in broken:
        print(line)
    if not broken:
        print(f"module graph: {len(RULES)} rules hold")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
