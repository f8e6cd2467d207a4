"""The rules behind Tools/check-architecture (see its help for the list)."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from function_length import functions

# DESIGN section 2, the arrows. `*Flow` stands for every flow package; a flow listed by its
# own name gets the `*Flow` arrows plus its own. A flow may use FaceAnalysis's interface
# product only: `flow-c-closure` fails a flow that links its C libraries.
ALLOWED_DEPENDENCIES: dict[str, set[str]] = {
    # The app reaches the models through FaceAnalysis only (its --version line included).
    "App": {"*Flow", "Navigation", "TerminalUI", "FaceAnalysis", "DetectCommand", "OptionTable", "System"},
    "*Flow": {"Navigation", "TerminalUI", "FaceAnalysis"},
    "TerminalUI": {"Navigation", "Pixels", "System"},
    "DetectCommand": {"FaceAnalysis", "Media", "OptionTable", "System"},
    "FaceAnalysis": {"FaceDetection", "Inference", "Media", "Pixels", "Processor", "System"},
    # The Haar scan reads the instruction set from Processor, not from the CNN runtime.
    "FaceDetection": {"Inference", "Pixels", "Processor", "System"},
    "Media": {"Pixels", "System"},
    # System for LockedValue, the one lock; Inference makes no system call of its own.
    "Inference": {"Processor", "System"},
    "Processor": set(),
    "Navigation": set(),
    "OptionTable": set(),
    "Pixels": set(),
    "System": set(),
}

# What a package's test targets may use beyond its arrows: the reference pictures and the
# outputs the tests check are read with Media's decoders.
TEST_DEPENDENCIES: dict[str, set[str]] = {"App": {"Media"}, "FaceDetection": {"Media"}}

# The arrows of a target whose package has more (DESIGN section 2: FaceAnalysisInterface ──>
# Pixels): the packages whose products it may use; it uses no other target of its own package.
TARGET_DEPENDENCIES: dict[tuple[str, str], set[str]] = {("FaceAnalysis", "FaceAnalysisInterface"): {"Pixels"}}

# The C targets a flow may reach in the packages it builds on: System's libc shim. Any other
# C or system-library target of TerminalUI (such as CSixel, behind the TerminalUISixel
# product that only the app links) is as forbidden in a flow's closure as another package's.
FLOW_C_TARGETS = {("System", "CSystem")}

# DESIGN section 2: only System spawns processes and retries interrupted calls. A call that
# starts a program, and any use of EINTR in code (comments and strings aside), outside it.
SYSTEM_PACKAGE = "System"
SPAWNS = re.compile(r"\b(posix_spawnp?|fork|vfork|exec[lv]p?e?|popen)\s*\(|\bProcess\s*\(\s*\)")
RETRIES = re.compile(r"\bEINTR\b")
# Signal dispositions and handlers: System's ProcessSignals and TerminationSignals own them.
SIGNALS = re.compile(r"\b(signal|sigaction)\s*\(\s*SIG|\bmakeSignalSource\b")
# File and process calls that System wraps (FileDescriptor, PathStatus, RegularFile,
# FileIdentity, Errno, CurrentProcess, TerminalControl): called as a C function, not as a
# method (`file.truncate(…)`, `killSwitch.kill()`), nor declared (`func open(`). `open` is
# the C call only with its `O_` flags, since Swift code opens links and screens by that name;
# `kill` only with an unlabelled second argument, as the C call has (not a test's `kill(_:at:)`).
FILE_CALLS = re.compile(
    r"(?<![.\w])(?<!func )(?:(?:Glibc|Musl|Darwin|Foundation)\.)?"
    r"(?:(open)\s*\([^)]*\bO_[A-Z]+|(l?stat|fstat|fsync|ftruncate|strerror|ioctl|access|readlink|waitpid|wait4"
    r"|tcgetattr|tcsetattr)\s*\(|(kill)\s*\((?!\s*\))[^,]*,(?!\s*\w+\s*:))")
SYSTEM_CALL_SUFFIXES = (".swift", ".c", ".h", ".cc", ".cpp")

# Issue 48: no Swift function in a package's sources or the app's is longer than this, from
# its keyword's line to its closing brace's (function_length.py finds them by their braces).
FUNCTION_LINES = 80

# DESIGN section 2: only Inference imports the C libraries.
C_LIBRARIES = {"CInferenceBLAS": "Inference", "CHDF5": "Inference"}

# DESIGN section 4: the parts of a module, as type-name suffixes.
MODULE_PARTS = ("ViewInput", "ViewOutput", "ModuleInput", "ModuleOutput", "Presenter", "Configurator", "View")

# What counts as navigation in a module file: the Routing protocol, any router, and the
# Routing calls whose names mean nothing else.
NAVIGATION = re.compile(r"\b(Routing|\w*[Rr]outer\w*|setRoot|popToRoot|goBack)\b")

# `import X`, `@testable import X`, `internal import X`, `import struct X.Y`, …
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)")

# DESIGN section 2: what a flow stores is keyed inside the flow. Its keys are the string
# literals its sources give a constant named `…Key` (`static let lastSourceKey =
# "main.lastSource"`); no other package's sources may spell one.
FLOW_KEY = re.compile(r'\b(?:let|var)\s+(\w*Key)\s*(?::\s*String\s*)?=\s*"((?:[^"\\]|\\.)+)"')
STRING_LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')

RULES = (
    "flow-imports-flow",
    "flow-public-api",
    "dependency-direction",
    "flow-c-closure",
    "c-library-import",
    "system-calls",
    "module-navigation",
    "module-knows-module",
    "flow-owned-key",
    "function-length",
    "builds-alone",
)


class BuildFailure(Exception):
    """A package that does not build: (file or None, line, message)."""


@dataclass(order=True)
class Violation:
    path: str
    line: int
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: [{self.rule}] {self.message}"


@dataclass
class Package:
    name: str
    path: Path
    targets: list[dict] = field(default_factory=list)
    products: list[dict] = field(default_factory=list)
    dependencies: list[str] = field(default_factory=list)

    @property
    def is_flow(self) -> bool:
        return self.name.endswith("Flow") and self.name != "Flow"

    @property
    def manifest(self) -> Path:
        return self.path / "Package.swift"

    def swift_files(self) -> list[Path]:
        return sorted(
            path for folder in ("Sources", "Tests") for path in (self.path / folder).rglob("*.swift")
            if ".build" not in path.relative_to(self.path).parts)

    def is_c_target(self, name: str) -> bool:
        """Whether target `name` is a system library or has C, C++ or assembly sources."""
        entry = next((t for t in self.targets if t["name"] == name), None)
        if entry is None:
            return False
        if entry.get("type") == "system":
            return True
        folder = self.path / (entry.get("path") or f"Sources/{name}")
        return any(path.suffix in (".c", ".cc", ".cpp", ".m", ".S") for path in folder.rglob("*"))

    def source_files(self) -> list[Path]:
        """The Swift files of the package's non-test targets (the App's are in App/)."""
        folders = [self.path / (t.get("path") or f"Sources/{t['name']}")
                   for t in self.targets if t.get("type") != "test"]
        return sorted({path for folder in folders if folder.is_dir() for path in folder.rglob("*.swift")
                       if ".build" not in path.relative_to(self.path).parts})

    def only_tests_use(self, dependency: str) -> bool:
        """Whether only test targets use products of the package `dependency`."""
        users = [t for t in self.targets
                 if any("product" in d and (d["product"][1] or d["product"][0]) == dependency
                        for d in t.get("dependencies", []))]
        return bool(users) and all(t.get("type") == "test" for t in users)

    def target_names(self, kind: str | None = None) -> list[str]:
        return [t["name"] for t in self.targets if kind is None or t["type"] == kind]


class Checker:
    def __init__(self, root: Path, rules: set[str], skip_build: bool, timings: bool):
        self.root = root
        self.rules = rules
        self.skip_build = skip_build
        self.show_timings = timings
        self.violations: list[Violation] = []
        self.timings: list[tuple[str, float]] = []
        self.packages: list[Package] = []
        self.built = False

    # Helpers

    def rel(self, path: Path) -> str:
        return os.path.relpath(path, self.root)

    def report(self, rule: str, path: Path, line: int, message: str) -> None:
        if rule in self.rules:
            self.violations.append(Violation(self.rel(path), line, rule, message))

    def timed(self, name: str, body) -> None:
        start = time.monotonic()
        body()
        self.timings.append((name, time.monotonic() - start))

    # Discovery

    def discover(self) -> None:
        folders = [p for p in sorted((self.root / "Packages").glob("*")) if (p / "Package.swift").is_file()]
        self.packages = [Package(p.name, p) for p in folders]
        if (self.root / "Package.swift").is_file():
            self.packages.append(Package("App", self.root))
        with ThreadPoolExecutor(max_workers=2) as pool:
            for package, manifest in zip(self.packages, pool.map(dump_package, self.packages)):
                if isinstance(manifest, str):
                    self.report("builds-alone", package.manifest, 1, f"the manifest does not load: {manifest}")
                    continue
                package.targets = manifest.get("targets", [])
                package.products = manifest.get("products", [])
                package.dependencies = [dependency_name(d) for d in manifest.get("dependencies", [])]

    def modules_of_flows(self) -> dict[str, str]:
        """Every module (target) of a flow package, with the flow it belongs to."""
        modules = {}
        for package in self.packages:
            if package.is_flow:
                for name in package.target_names() or [package.name]:
                    modules[name] = package.name
                modules[package.name] = package.name
        return modules

    # Rules read from the sources

    def check_imports(self) -> None:
        flow_modules = self.modules_of_flows()
        for package in self.packages:
            for path in package.swift_files():
                for number, module in imports(path):
                    owner = flow_modules.get(module)
                    if package.is_flow and owner and owner != package.name:
                        self.report(
                            "flow-imports-flow", path, number,
                            f"{package.name} imports {module} from the flow {owner}; a flow never imports "
                            "another flow, it asks its parent (a FlowRequest or its finish) instead")
                    allowed = C_LIBRARIES.get(module)
                    if allowed and package.name != allowed:
                        self.report(
                            "c-library-import", path, number,
                            f"{package.name} imports {module}; only {allowed} imports the C libraries")

    def check_system_calls(self) -> None:
        for package in self.packages:
            if package.name == SYSTEM_PACKAGE:
                continue
            folders = ("App", "Tests") if package.name == "App" else ("Sources", "Tests")
            for folder in folders:
                for path in sorted((package.path / folder).rglob("*")):
                    if path.suffix not in SYSTEM_CALL_SUFFIXES or ".build" in path.relative_to(package.path).parts:
                        continue
                    for number, line in enumerate(code_lines(path.read_text()), start=1):
                        spawn, retry, handler = SPAWNS.search(line), RETRIES.search(line), SIGNALS.search(line)
                        file_call = FILE_CALLS.search(line)
                        if file_call:
                            name = next(group for group in file_call.groups() if group)
                            self.report(
                                "system-calls", path, number,
                                f"{package.name} calls `{name}` itself; only System makes system calls: use "
                                "its FileDescriptor, PathStatus, RegularFile, FileIdentity, Errno, CurrentProcess "
                                "or TerminalControl")
                        if spawn:
                            self.report(
                                "system-calls", path, number,
                                f"{package.name} starts a process with `{spawn.group(0).rstrip('( ')}`; only "
                                "System spawns processes: use its Subprocess (SystemTesting's ChildProcess "
                                "in tests)")
                        if retry:
                            self.report(
                                "system-calls", path, number,
                                f"{package.name} handles EINTR itself; only System retries interrupted calls: "
                                "use its `syscall { … }`")
                        if handler:
                            self.report(
                                "system-calls", path, number,
                                f"{package.name} handles signals itself; only System installs handlers: "
                                "use its ProcessSignals or TerminationSignals")

    def check_function_lengths(self) -> None:
        for package in self.packages:
            for path in package.source_files():
                for function in functions(path.read_text()):
                    if function.lines > FUNCTION_LINES:
                        self.report(
                            "function-length", path, function.line,
                            f"{function.name} is {function.lines} lines, more than {FUNCTION_LINES}: split it "
                            "into steps with names of their own")

    def check_dependencies(self) -> None:
        names = {p.name for p in self.packages}
        for package in self.packages:
            allowed = self.allowed(package)
            if allowed is None:
                self.report(
                    "dependency-direction", package.manifest, 1,
                    f"{package.name} is not in the arrows of DESIGN section 2; add it there and to "
                    "ALLOWED_DEPENDENCIES in Tools/ArchitectureCheck/architecture.py")
                continue
            for dependency in package.dependencies:
                flow_wildcard = "*Flow" in allowed and dependency.endswith("Flow") and dependency in names
                if dependency in allowed or flow_wildcard:
                    continue
                if dependency in TEST_DEPENDENCIES.get(package.name, set()) and package.only_tests_use(dependency):
                    continue
                arrows = ", ".join(sorted(allowed)) or "nothing"
                self.report(
                    "dependency-direction", package.manifest, line_of(package.manifest, dependency),
                    f"{package.name} depends on {dependency}, against DESIGN section 2: "
                    f"{package.name} ──> {arrows}")
            for target in package.targets:
                allowed_packages = TARGET_DEPENDENCIES.get((package.name, target["name"]))
                if allowed_packages is None:
                    continue
                for dependency in target.get("dependencies", []):
                    if "product" in dependency:
                        used = dependency["product"][1] or dependency["product"][0]
                        if used in allowed_packages:
                            continue
                    else:
                        used = (dependency.get("byName") or dependency.get("target") or ["?"])[0]
                    arrows = ", ".join(sorted(allowed_packages)) or "nothing"
                    self.report(
                        "dependency-direction", package.manifest, target_line(package.manifest, target["name"]),
                        f"{package.name}'s target {target['name']} depends on {used}, against DESIGN "
                        f"section 2: {target['name']} ──> {arrows}")

    def check_flow_closures(self) -> None:
        """A flow builds against interfaces: no target in its dependency closure that lives in
        another package is a system library or has C sources. Navigation, and System's libc shim
        (FLOW_C_TARGETS), which every flow builds on, are exempt."""
        by_name = {p.name: p for p in self.packages}
        for package in self.packages:
            if not package.is_flow:
                continue
            for target in package.targets:
                exempt = {package.name, "Navigation"}
                found = self.c_target_reached(exempt, package, target["name"], by_name, set())
                if found:
                    via, c_target = found
                    self.report(
                        "flow-c-closure", package.manifest, line_of(package.manifest, via),
                        f"{package.name}'s target {target['name']} reaches the C target {c_target} of "
                        f"{via}; a flow depends on interface products (pure Swift) only")

    def c_target_reached(
        self, exempt: set[str], package: Package, target: str, packages: dict[str, Package],
        seen: set[tuple[str, str]]
    ) -> tuple[str, str] | None:
        """(package, target) of the first C or system-library target of a package not in
        `exempt` that `target` of `package` depends on, directly or not."""
        if (package.name, target) in seen:
            return None
        seen.add((package.name, target))
        entry = next((t for t in package.targets if t["name"] == target), None)
        if entry is None:
            return None
        for dependency in entry.get("dependencies", []):
            if "product" in dependency:
                product, owner = dependency["product"][0], dependency["product"][1]
                other = packages.get(owner or "")
                if other is None:
                    continue
                names = next((p["targets"] for p in other.products if p["name"] == product), [])
                for name in names:
                    allowed = other.name in exempt or (other.name, name) in FLOW_C_TARGETS
                    if not allowed and other.is_c_target(name):
                        return (other.name, name)
                    found = self.c_target_reached(exempt, other, name, packages, seen)
                    if found:
                        return found
            else:
                name = (dependency.get("byName") or dependency.get("target") or [None])[0]
                if name is None:
                    continue
                allowed = package.name in exempt or (package.name, name) in FLOW_C_TARGETS
                if not allowed and package.is_c_target(name):
                    return (package.name, name)
                found = self.c_target_reached(exempt, package, name, packages, seen)
                if found:
                    return found
        return None

    def allowed(self, package: Package) -> set[str] | None:
        if package.is_flow:
            return ALLOWED_DEPENDENCIES["*Flow"] | ALLOWED_DEPENDENCIES.get(package.name, set())
        return ALLOWED_DEPENDENCIES.get(package.name)

    def check_modules(self) -> None:
        for package in self.packages:
            if not package.is_flow:
                continue
            for target in package.target_names("regular") or [package.name]:
                sources = package.path / "Sources" / target
                modules = sorted(p.name for p in sources.iterdir() if p.is_dir() and p.name != "Flow") \
                    if sources.is_dir() else []
                for module in modules:
                    others = [m for m in modules if m != module]
                    knows = re.compile(r"\b(%s)(%s)\b" % ("|".join(others), "|".join(MODULE_PARTS))) \
                        if others else None
                    for path in sorted((sources / module).rglob("*.swift")):
                        self.check_module_file(path, module, knows)

    def check_module_file(self, path: Path, module: str, knows: re.Pattern | None) -> None:
        for number, line in enumerate(code_lines(path.read_text()), start=1):
            match = NAVIGATION.search(line)
            if match:
                self.report(
                    "module-navigation", path, number,
                    f"the {module} module uses `{match.group(1)}`; views and presenters know nothing of "
                    "navigation: report to the coordinator through the ModuleOutput")
            other = knows.search(line) if knows else None
            if other:
                self.report(
                    "module-knows-module", path, number,
                    f"the {module} module names `{other.group(0)}` of the {other.group(1)} module; "
                    "modules know nothing of each other, the coordinator decides what comes next")

    def check_flow_keys(self) -> None:
        """A key a flow stores under (a literal it gives a `…Key` constant) spelled in another
        package's sources: the App, or a package below, reaching into a flow's storage."""
        owned: dict[str, tuple[str, Path, int, str]] = {}
        for package in self.packages:
            if not package.is_flow:
                continue
            for path in package.source_files():
                for number, line in enumerate(code_lines(path.read_text(), keep_strings=True), start=1):
                    for match in FLOW_KEY.finditer(line):
                        owned.setdefault(match.group(2), (package.name, path, number, match.group(1)))
        if not owned:
            return
        for package in self.packages:
            for path in package.source_files():
                for number, line in enumerate(code_lines(path.read_text(), keep_strings=True), start=1):
                    for match in STRING_LITERAL.finditer(line):
                        owner = owned.get(match.group(1))
                        if owner is None or owner[0] == package.name:
                            continue
                        flow, where, at, constant = owner
                        self.report(
                            "flow-owned-key", path, number,
                            f'{package.name} names "{match.group(1)}", the key {constant} of {flow} '
                            f"({self.rel(where)}:{at}); what a flow stores is keyed and migrated inside "
                            "the flow: its factory declares it (launchRequirement, legacyStateEntries)")

    # Rules that need builds

    def check_builds(self) -> None:
        for package in self.packages:
            start = time.monotonic()
            error = swift_build(package.path)
            self.timings.append((f"  swift build {package.name}", time.monotonic() - start))
            if error:
                path, line, message = error
                self.report("builds-alone", path or package.manifest, line,
                            f"{package.name} does not build alone: {message}")

    def check_public_api(self) -> None:
        for package in self.packages:
            if not package.is_flow:
                continue
            start = time.monotonic()
            self.check_flow_api(package)
            self.timings.append((f"  symbol graph {package.name}", time.monotonic() - start))

    def system_library_flags(self) -> list[str]:
        """Clang flags for the system-library targets (such as CInferenceBLAS) of every package:
        their module maps and the header paths pkg-config gives, so that the symbol graph
        extractor can load a module that imports them, even indirectly."""
        flags: list[str] = []
        for package in self.packages:
            for target in package.targets:
                if target.get("type") != "system":
                    continue
                folder = package.path / (target.get("path") or f"Sources/{target['name']}")
                if (folder / "module.modulemap").is_file():
                    flags += ["-Xcc", f"-fmodule-map-file={folder / 'module.modulemap'}"]
                if target.get("pkgConfig"):
                    result = subprocess.run(["pkg-config", "--cflags-only-I", target["pkgConfig"]],
                                            capture_output=True, text=True)
                    for flag in result.stdout.split() if result.returncode == 0 else []:
                        flags += ["-Xcc", flag]
        return flags

    def check_flow_api(self, package: Package) -> None:
        factory = f"{package.name}Factory"
        if any(v.rule == "builds-alone" and v.message.startswith(f"{package.name} ") for v in self.violations):
            return  # it does not build: reported already, and it has no fresh symbol graph
        try:
            graphs = symbol_graphs(package, self.built, self.system_library_flags())
        except BuildFailure as failure:
            path, line, message = failure.args
            self.report("builds-alone", path or package.manifest, line,
                        f"{package.name} does not build alone: {message}")
            return
        except RuntimeError as error:
            self.report("flow-public-api", package.manifest, 1, f"cannot read the symbol graph: {error}")
            return
        found_factory = False
        for graph_name, graph in graphs:
            for symbol in graph.get("symbols", []):
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                components = symbol.get("pathComponents", [])
                extended = "@" in graph_name  # an extension of another module's type
                if components[:1] == [factory] and not extended:
                    found_factory = True
                    continue
                path, line = symbol_location(symbol, package.manifest)
                kind = symbol.get("kind", {}).get("displayName", "symbol").lower()
                name = ".".join(components)
                where = f" (an extension of {graph_name.split('@')[1].removesuffix('.symbols.json')})" \
                    if extended else ""
                self.report(
                    "flow-public-api", path, line,
                    f"{package.name} makes the {kind} `{name}`{where} public; a flow's public API is its "
                    f"{factory} alone (make it internal; tests use @testable import)")
        if not found_factory:
            self.report("flow-public-api", package.manifest, 1,
                        f"{package.name} has no public {factory}, the one type a flow exports")

    # Running

    def run(self) -> int:
        self.timed("read manifests (swift package dump-package)", self.discover)
        self.timed("imports", self.check_imports)
        self.timed("system calls", self.check_system_calls)
        self.timed("dependencies", self.check_dependencies)
        self.timed("flow closures", self.check_flow_closures)
        self.timed("modules", self.check_modules)
        self.timed("flow keys", self.check_flow_keys)
        self.timed("function lengths", self.check_function_lengths)
        if "builds-alone" in self.rules and not self.skip_build:
            self.timed("builds", self.check_builds)
            self.built = True
        if "flow-public-api" in self.rules:
            self.timed("public API (swift-symbolgraph-extract)", self.check_public_api)
        for violation in sorted(self.violations):
            print(violation)
        flows = sum(p.is_flow for p in self.packages)
        total = sum(seconds for name, seconds in self.timings if not name.startswith(" "))
        if self.show_timings:
            for name, seconds in self.timings:
                print(f"  {seconds:6.2f}s  {name}")
        skipped = " (builds skipped)" if self.skip_build else ""
        print(f"architecture: {len(self.packages)} packages, {flows} flows, {len(self.violations)} "
              f"violation{'s' if len(self.violations) != 1 else ''}, {total:.1f}s{skipped}")
        return 1 if self.violations else 0


# Reading manifests and sources


def dump_package(package: Package) -> dict | str:
    result = subprocess.run(
        ["swift", "package", "dump-package", "--package-path", str(package.path)],
        capture_output=True, text=True)
    if result.returncode != 0:
        return first_error(result.stderr + result.stdout)
    return json.loads(result.stdout)


def dependency_name(dependency: dict) -> str:
    """The folder name of a package dependency (`.package(path:)` or a URL)."""
    for kind in ("fileSystem", "sourceControl", "registry"):
        for entry in dependency.get(kind, []):
            location = entry.get("path") or json.dumps(entry.get("location", entry.get("identity", "")))
            return Path(str(location).strip('"').rstrip("/").removesuffix(".git")).name
    return "?"


def line_of(path: Path, word: str) -> int:
    for number, line in enumerate(path.read_text().split("\n"), start=1):
        if re.search(r'\.package\([^)]*\b%s\b' % re.escape(word), line):
            return number
    return 1


def target_line(path: Path, name: str) -> int:
    """The manifest line that declares target `name` (`.target(name:` or a line of its own
    `name:`), or 1."""
    lines = path.read_text().split("\n")
    for pattern in (r'\.target\(\s*name:\s*"%s"', r'^\s*name:\s*"%s"'):
        for number, line in enumerate(lines, start=1):
            if re.search(pattern % re.escape(name), line):
                return number
    return 1


def imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in enumerate(code_lines(path.read_text()), start=1):
        match = IMPORT.match(line)
        if match:
            found.append((number, match.group(1)))
    return found


def code_lines(text: str, keep_strings: bool = False) -> list[str]:
    """The lines of a Swift file with comments and string literals blanked out, so that a
    doc comment saying "router" is not navigation code (string literals kept as they are with
    `keep_strings`). Line numbers are kept."""
    out, i, n = [], 0, len(text)
    depth, in_string, multiline = 0, False, False
    while i < n:
        c = text[i]
        if depth:
            if text.startswith("*/", i):
                depth, i = depth - 1, i + 2
                continue
            if text.startswith("/*", i):
                depth, i = depth + 1, i + 2
                continue
            out.append("\n" if c == "\n" else " ")
        elif in_string:
            if c == "\\":
                escaped = text[i:i + 2] if keep_strings else "  "
                out.append(escaped if i + 1 < n and text[i + 1] != "\n" else " ")
                i += 2 if i + 1 < n and text[i + 1] != "\n" else 1
                continue
            if multiline and text.startswith('"""', i):
                in_string, i = False, i + 3
                out.append('"""')
                continue
            if not multiline and c == '"':
                in_string = False
                out.append('"')
            else:
                out.append(c if keep_strings or c == "\n" else " ")
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
            continue
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            out.append("  ")
            continue
        elif text.startswith('"""', i):
            in_string, multiline, i = True, True, i + 3
            out.append('"""')
            continue
        elif c == '"':
            in_string, multiline = True, False
            out.append('"')
        else:
            out.append(c)
        i += 1
    return "".join(out).split("\n")


# Builds and symbol graphs


def swift_build(path: Path, target: str | None = None) -> tuple[Path | None, int, str] | None:
    """Builds a package (or one target); returns where and why it failed, or None."""
    command = ["swift", "build", "--package-path", str(path)] + (["--target", target] if target else [])
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode == 0:
        return None
    output = result.stdout + result.stderr
    match = re.search(r"^(/[^:\n]+\.swift):(\d+):\d+: error: (.*)$", output, re.M)
    if match:
        return Path(match.group(1)), int(match.group(2)), match.group(3)
    return None, 1, first_error(output)


def first_error(output: str) -> str:
    lines = [line.strip() for line in output.split("\n") if "error" in line.lower()]
    return (lines[0] if lines else output.strip().split("\n")[-1] if output.strip() else "failed")[:300]


def symbol_graphs(package: Package, built: bool, clang_flags: list[str]) -> list[tuple[str, dict]]:
    """The public symbol graphs of a flow's library module, from swift-symbolgraph-extract run
    on its build products (built first if missing); falls back to `swift package
    dump-symbol-graph`, which is slower because it emits every module of the package.
    `built`: the whole package has just been built, so its products are up to date."""
    module = package.name
    bin_path = package.path / ".build" / "debug"
    if not built or not (bin_path / "Modules" / f"{module}.swiftmodule").exists():
        error = swift_build(package.path, module)
        if error:
            raise BuildFailure(*error)
    bin_path = bin_path.resolve()
    triple = bin_path.parent.name
    with tempfile.TemporaryDirectory() as output:
        command = ["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
                   "-I", str(bin_path / "Modules"), "-minimum-access-level", "public", "-output-dir", output]
        for modulemap in sorted(bin_path.glob("*.build/module.modulemap")):
            command += ["-Xcc", f"-fmodule-map-file={modulemap}"]
        result = subprocess.run(command + clang_flags, capture_output=True, text=True)
        graphs = read_graphs(Path(output), module)
        if result.returncode == 0 and graphs:
            return graphs
    result = subprocess.run(
        ["swift", "package", "--package-path", str(package.path), "dump-symbol-graph",
         "--minimum-access-level", "public"], capture_output=True, text=True)
    folder = re.search(r"Files written to (.*)$", result.stdout, re.M)
    graphs = read_graphs(Path(folder.group(1).strip()), module) if folder else []
    if not graphs:
        raise RuntimeError(first_error(result.stderr + result.stdout))
    return graphs


def read_graphs(folder: Path, module: str) -> list[tuple[str, dict]]:
    paths = [folder / f"{module}.symbols.json"] + sorted(folder.glob(f"{module}@*.symbols.json"))
    return [(p.name, json.loads(p.read_text())) for p in paths if p.is_file()]


def symbol_location(symbol: dict, fallback: Path) -> tuple[Path, int]:
    location = symbol.get("location")
    if not location:
        return fallback, 1
    uri = location.get("uri", "").removeprefix("file://")
    return Path(uri), location.get("position", {}).get("line", 0) + 1


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="check-architecture", description="Checks DESIGN sections 2 and 4.")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                        help="the repository to check (default: this one)")
    parser.add_argument("--skip-build", action="store_true",
                        help="leave out the builds-alone rule (Tools/test has built every package)")
    parser.add_argument("--rules", help="check only these rules, comma-separated: " + ", ".join(RULES))
    parser.add_argument("--timings", action="store_true", help="print how long each step took")
    options = parser.parse_args(arguments)
    rules = set(options.rules.split(",")) if options.rules else set(RULES)
    unknown = rules - set(RULES)
    if unknown:
        parser.error("unknown rules: " + ", ".join(sorted(unknown)))
    return Checker(options.root.resolve(), rules, options.skip_build, options.timings).run()
