"""Shared code of Tools/new-flow and Tools/new-module.

The generators copy the template folders under Tools/Templates, replacing placeholders
in file names and contents:

  {{Flow}}          the flow's name as given, UpperCamelCase   (UserProfile)
  {{flow}}          the same in lowerCamelCase                  (userProfile)
  {{flow-segment}}  its deep-link path segment and flow id      (user-profile)
  {{Flow Title}}    words for people                            (User Profile)
  {{Module}}, {{module}}, {{module-segment}}, {{Module Title}}  the same for a module

They never overwrite a file: every destination is checked before anything is written.
The Swift files they write are run through `swift format` with the repository's
.swift-format and then linted, before anything is written, so that names of any length
give lint-clean code.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "Tools" / "Templates"

# Keywords and contextual keywords of Swift 6, and names with a special meaning in types.
SWIFT_KEYWORDS = set(
    """
    associatedtype borrowing class consuming deinit enum extension fileprivate func import init
    inout internal let nonisolated open operator package precedencegroup private protocol public
    rethrows static struct subscript typealias var break case catch continue default defer do else
    fallthrough for guard if in repeat return throw switch where while Any as await false is nil
    self Self super throws true try async some any each macro actor isolated Type Protocol
    convenience dynamic final lazy mutating optional override required unowned weak willSet didSet
    get set indirect infix prefix postfix left right none sending copy discard consume
    """.split()
)

# Names the generated code already uses for something else.
RESERVED = {
    "Flow": "Flow/ is the folder of a flow's coordinator, routes and factory",
    "DemoHost": "the demo executable's host coordinator is called DemoHostCoordinator",
    "Navigation": "the package Navigation",
    "TerminalUI": "the package TerminalUI",
    "Testing": "the Swift Testing module",
}

NAME_PATTERN = re.compile(r"^(?:[A-Z][a-z0-9]+)+$")
MAX_NAME_LENGTH = 30  # longer names make type names too long to read and to fit the lines


class GeneratorError(Exception):
    """A reason to stop before anything is written."""


def words(name: str) -> list[str]:
    return re.findall(r"[A-Z][a-z0-9]*", name)


def placeholders(prefix: str, name: str) -> dict[str, str]:
    """The four spellings of one name, for the `Flow` or the `Module` placeholders."""
    parts = words(name)
    return {
        "{{%s}}" % prefix: name,
        "{{%s}}" % (prefix[0].lower() + prefix[1:]): name[0].lower() + name[1:],
        "{{%s-segment}}" % prefix.lower(): "-".join(part.lower() for part in parts),
        "{{%s Title}}" % prefix: " ".join(parts),
    }


def check_name(name: str, kind: str) -> None:
    """Refuses a name that is not UpperCamelCase, is a keyword, or is reserved."""
    if not NAME_PATTERN.match(name):
        raise GeneratorError(
            f"'{name}' is not an UpperCamelCase {kind} name: start with a capital letter, then letters "
            f"and digits, each capital starting a word (like Settings or UserProfile; not "
            f"settings, user_profile or URLReader)"
        )
    if len(name) > MAX_NAME_LENGTH:
        raise GeneratorError(f"'{name}' is longer than {MAX_NAME_LENGTH} characters")
    lower = name[0].lower() + name[1:]
    if name in SWIFT_KEYWORDS or lower in SWIFT_KEYWORDS:
        raise GeneratorError(f"'{name}' is a Swift keyword (as {lower} it names a route constant)")
    if name in RESERVED:
        raise GeneratorError(f"'{name}' is reserved: {RESERVED[name]}")


@dataclass
class Plan:
    """Files to create and files to edit, all computed before anything is written."""

    root: Path
    created: dict[Path, str] = field(default_factory=dict)
    edited: dict[Path, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def render(self, template_folder: str, destination: Path, values: dict[str, str]) -> None:
        """Adds every file of a template folder, placeholders replaced, under `destination`."""
        source = TEMPLATES / template_folder
        for template in sorted(source.rglob("*.tmpl")):
            relative = str(template.relative_to(source))[: -len(".tmpl")]
            text = template.read_text()
            for key, value in values.items():
                relative = relative.replace(key, value)
                text = text.replace(key, value)
            for leftover in (relative, text):
                if "{{" in leftover:
                    raise GeneratorError(f"{template}: unknown placeholder in {leftover[:80]!r}")
            if template.name.endswith(".swift.tmpl"):
                text = sort_imports(text)
            self.created[destination / relative] = text

    def write(self) -> None:
        """Formats and lints the plan in a scratch folder, then writes it; nothing is written
        if a file to create exists or if the code does not pass the lint."""
        taken = [path for path in self.created if path.exists()]
        if taken:
            raise GeneratorError("would overwrite " + ", ".join(self.rel(path) for path in taken))
        self.format_and_lint()
        for path, text in self.created.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "x") as file:  # "x": fails rather than overwrite
                file.write(text)
        for path, text in self.edited.items():
            path.write_text(text)

    def format_and_lint(self) -> None:
        """Runs `swift format` on the created Swift files and on edited ones inside Packages/
        (generated files such as a flow's routes), then `swift format lint --strict` on every
        Swift file of the plan, all with the repository's .swift-format. The App's files are
        linted, never reformatted."""
        configuration = str(self.root / ".swift-format")
        with tempfile.TemporaryDirectory() as scratch:
            staged: dict[Path, Path] = {}
            for path, text in list(self.created.items()) + list(self.edited.items()):
                if path.suffix == ".swift":
                    staged[path] = Path(scratch) / self.rel(path)
                    staged[path].parent.mkdir(parents=True, exist_ok=True)
                    staged[path].write_text(text)
            packages = self.root / "Packages"
            to_format = [str(staged[p]) for p in staged if p in self.created or packages in p.parents]
            if to_format:
                run(["swift", "format", "format", "--in-place", "--configuration", configuration] + to_format)
            if staged:
                lint = subprocess.run(
                    ["swift", "format", "lint", "--strict", "--configuration", configuration]
                    + [str(p) for p in staged.values()], capture_output=True, text=True)
                if lint.returncode != 0:
                    sys.stderr.write((lint.stderr + lint.stdout).replace(scratch + "/", ""))
                    raise GeneratorError("the code would not pass `swift format lint --strict` (see above); "
                                         "nothing was written")
            for path, copy in staged.items():
                (self.created if path in self.created else self.edited)[path] = copy.read_text()

    def report(self, title: str) -> None:
        print(title)
        for path in sorted(self.created):
            print(f"  created  {self.rel(path)}")
        for path in sorted(self.edited):
            print(f"  edited   {self.rel(path)}")
        for note in self.notes:
            print(note)

    def rel(self, path: Path) -> str:
        return os.path.relpath(path, self.root)


def sort_imports(text: str) -> str:
    """Sorts each run of plain `import X` lines, as the OrderedImports lint rule wants."""
    lines = text.split("\n")
    result: list[str] = []
    run: list[str] = []
    for line in lines + [""]:
        if re.match(r"^import \w+$", line):
            run.append(line)
            continue
        result.extend(sorted(run))
        run = []
        result.append(line)
    return "\n".join(result[:-1])


def insert_before_closing(text: str, anchor: str, item: str, path: Path, what: str) -> str:
    """Adds `item` as the last element of the bracketed list that starts at the line `anchor`
    matches: before the first later line that closes it (`]` or `],` on its own), with the
    indentation of the list's elements, adding a comma to the element before it if needed."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if re.search(anchor, line)), None)
    if start is None:
        raise GeneratorError(f"{path}: cannot find {what} (a line matching {anchor!r})")
    close = next((i for i in range(start + 1, len(lines)) if re.match(r"^\s*\],?\s*$", lines[i])), None)
    if close is None:
        raise GeneratorError(f"{path}: cannot find the end of {what}")
    indent = re.match(r"^\s*", lines[close]).group(0) + "  "
    previous = close - 1
    if previous > start and not lines[previous].rstrip().endswith((",", "[")):
        lines[previous] = lines[previous].rstrip() + ","
    lines.insert(close, indent + item)
    return "\n".join(lines)


def run(command: list[str]) -> None:
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr + result.stdout)
        raise GeneratorError(f"failed: {' '.join(command[:3])} …")


def flow_package(root: Path, flow: str) -> Path:
    return root / "Packages" / f"{flow}Flow"


def used_segments(root: Path) -> dict[str, str]:
    """Deep-link segments and flow ids the flows declare, with the file that declares them."""
    used: dict[str, str] = {}
    for path in sorted((root / "Packages").glob("*/Sources/*/Flow/*.swift")):
        text = path.read_text()
        for pattern in (r'segment:\s*"([^"]+)"', r'static let \w+ = "([^"]+)"', r'var id: String \{ "([^"]+)" \}'):
            for segment in re.findall(pattern, text):
                used.setdefault(segment, os.path.relpath(path, root))
    return used


# The one line of the root manifest that lists the flow packages.
FLOWS_LINE = re.compile(r'^let flows = \[(.*)\]$', re.M)


def listed_flows(manifest: str) -> list[str]:
    """The flow packages the root manifest lists."""
    found = FLOWS_LINE.search(manifest)
    if not found:
        raise GeneratorError('the root Package.swift has no line `let flows = [...]` listing the flow packages')
    return re.findall(r'"([^"]+)"', found.group(1))


def with_flows(manifest: str, flows: list[str]) -> str:
    """The root manifest listing `flows`, in name order, on its one line."""
    listed_flows(manifest)
    line = "let flows = [" + ", ".join(f'"{name}"' for name in sorted(flows)) + "]"
    return FLOWS_LINE.sub(lambda _: line, manifest, count=1)


def main(body) -> None:
    """Runs a generator, turning its refusals into one line on stderr and status 1."""
    try:
        body(sys.argv[1:])
    except GeneratorError as error:
        print(f"{Path(sys.argv[0]).name}: {error}", file=sys.stderr)
        sys.exit(1)
