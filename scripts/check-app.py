#!/usr/bin/env python3
"""Checks that App/ applies what the modules decide and decides nothing itself, in a form a reviewer can read.

Every branch (`if`, `guard`, `switch`, `while`, `? :`) in App/'s code that is not a view, widget or intent (the files
the line count measures) must show where its decision comes from, in one of four ways:

- it only unwraps an optional or checks availability (`if let x`, `guard let x = f()`, `#available`);
- its condition calls a module by name (`Route.presentation(…)`, `TransportSecurity.needsLocalNetwork(url)`): a type
  the root package declares appears in it;
- a `// rule: Module.Name` comment on the line or the line above names the module rule it applies; the module must be
  one of Sources/ and declare `Name` (the last part of `Type.member`; a type before it may be one it extends);
- a `// glue: …` comment says which Apple API's contract it follows (a format to convert, a callback to chain, a
  thread to hop); such a branch decides nothing a user could see differently.

In views, a condition that compares with a string or a number (`provider == "none"`, `count > 1`) is a decision in
disguise and needs the same; a view's branch on a model's value is how it draws that value and needs nothing.

    scripts/check-app.py     prints one line per branch that shows no source and exits 1, else the figures
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VIEW = re.compile(r"some View|: View \{|Widget \{|WidgetBundle|ControlWidget|ActivityConfiguration")
BRANCH = re.compile(r"^\s*(?:\}\s*else\s+)?(if|guard|switch|while)\b(.*)$")
TERNARY = re.compile(r"\s\?\s")
TAG = re.compile(r"//\s*(rule|glue):\s*(\S.*)$")
DECLARATION = re.compile(r"\b(?:struct|enum|class|actor|protocol|typealias|func|var|let|case)\s+(\w+)")
LITERAL = re.compile(r"\"|(?<![\w.])\d|\s[<>]=?\s")


def module_names() -> dict:
    """Each Sources/ module's declared names."""
    names = {}
    for folder in sorted((ROOT / "Sources").iterdir()):
        if folder.is_dir():
            found = set()
            for source in folder.rglob("*.swift"):
                found.update(DECLARATION.findall(source.read_text()))
            names[folder.name] = found
    return names


def code(line: str) -> str:
    """`line` without its comment and string contents (so that `"a ? b"` and `// x ? y` are not branches)."""
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    return line.split("//")[0]


def clauses(condition: str) -> list:
    depth, current, found = 0, "", []
    for character in condition:
        depth += character in "([{"
        depth -= character in ")]}"
        if character == "," and depth == 0:
            found.append(current.strip())
            current = ""
        else:
            current += character
    return found + [current.strip()] if current.strip() else found


def unwraps(kind: str, condition: str) -> bool:
    if kind == "switch":
        return False
    return all(
        re.match(r"^(let|var)\s+(\w+|\([\w\s,]+\))(\s*=.*)?$", clause) or clause.startswith("#available")
        for clause in clauses(condition))


def ternary_condition(line: str) -> str:
    """The condition before a line's first ` ? `: back to the opening bracket, `=`, `,`, `return` or the start."""
    before = line[: TERNARY.search(line).start()]
    depth = 0
    for index in range(len(before) - 1, -1, -1):
        character = before[index]
        depth += character in ")]}"
        depth -= character in "([{"
        operator = character == "=" and (before[index - 1 : index] in "=!<>" or before[index + 1 : index + 2] == "=")
        if depth < 0 or (depth == 0 and character in ",=:" and not operator):
            return before[index + 1 :].strip()
    return re.sub(r"^\s*return\s+", "", before).strip()


def main() -> int:
    names = module_names()
    types = {name: module for module, declared in names.items() for name in declared if name[:1].isupper()}
    broken, counts = [], {"unwrap": 0, "module": 0, "rule": 0, "glue": 0, "view": 0}
    for source in sorted((ROOT / "App").rglob("*.swift")):
        lines = source.read_text().splitlines()
        view = bool(VIEW.search("\n".join(lines)))
        where = source.relative_to(ROOT)
        for number, line in enumerate(lines, 1):
            text = code(line)
            match = BRANCH.match(text)
            if match:
                kind, condition = match.group(1), re.sub(r"\s*(\{.*|else\s*\{?.*)$", "", match.group(2)).strip()
            elif TERNARY.search(text):
                kind, condition = "?:", ternary_condition(text)
            else:
                continue
            tag = TAG.search(line) or (TAG.search(lines[number - 2]) if number > 1 else None)
            if tag and tag.group(1) == "rule":
                parts = tag.group(2).split()[0].rstrip(".,;:").split(".")
                module = parts[0]
                # NB: the name the rule is is the module's own; a type before it may be one it extends.
                known = set().union(*names.values())
                missing = [part for part in parts[1:-1] if part not in known] + [
                    part for part in parts[-1:] if part not in names.get(module, set())]
                if module not in names or missing or len(parts) < 2:
                    broken.append(f"{where}:{number}: `rule: {tag.group(2)}` names nothing declared in Sources/{module}")
                    continue
                counts["rule"] += 1
            elif tag:
                counts["glue"] += 1
            elif unwraps(kind, condition):
                counts["unwrap"] += 1
            elif any(word in types for word in re.findall(r"\b([A-Z]\w*)\s*[.(]", condition)):
                counts["module"] += 1
            elif view and not LITERAL.search(condition):
                counts["view"] += 1
            else:
                what = "a view's condition compares with a literal" if view else "a branch shows no source"
                broken.append(f"{where}:{number}: {what} (`{condition[:60]}`): name its `// rule:` or `// glue:`")
    for line in broken:
        print(line)
    if not broken:
        total = sum(counts.values())
        print(
            f"App/ applies: {total} branches; {counts['module']} call a module, {counts['rule']} name the module rule"
            f" they apply, {counts['glue']} follow an Apple API, {counts['unwrap']} unwrap,"
            f" {counts['view']} draw a model's value")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
