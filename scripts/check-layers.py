#!/usr/bin/env python3
"""Prints the package's target graph and fails on a dependency that goes up or sideways.

The layers, bottom to top, are listed below; a target may depend only on targets of lower
layers, so the data path reads off Package.swift and the compiler keeps it (a module cannot
import one it does not depend on). The script also reads every `import` in each target's
sources: importing one of the package's targets that is not a declared dependency fails too
(SwiftPM may let it build when that module happens to be built first). The libraries (layer 1)
are generic code with no satwatch type in them: neither they nor their test targets may depend
on or import a Satwatch target. Run by `make test`; Tests/layers shows it refusing.

Usage: check-layers.py [--package-json FILE] [--root DIR]   (default: `swift package dump-package`
of the package this script belongs to)
"""
import json
import os
import re
import subprocess
import sys

# Bottom to top. Targets of one layer do not depend on each other.
LAYERS = [
    # System C libraries.
    ["CSQLite", "CCurl", "CCrypto", "CZlib", "CProcessTuning"],
    # Libraries: generic code, no satwatch type in them.
    ["Digests", "PNG", "XML", "SQLiteKit", "LinearRegex", "WebSocketFraming", "BlockingPool"],
    ["SatwatchJSON"],
    ["SatwatchBase"],
    ["SatwatchNet"],
    ["SatwatchFeeds", "SatwatchRules", "SatwatchCharts"],
    ["SatwatchState"],
    ["SatwatchDelivery"],
    ["SatwatchApp"],
    ["satwatch", "satwatch-bench", "satwatch-fuzz"],
]
# Test support and test targets sit above everything and are not layered.
UNLAYERED = {"CChildSpawn", "SatwatchTestSupport", "CBenchHeap", "RevisionPlugin"}
LIBRARIES = set(LAYERS[1])
# What a library's test target may use besides libraries and system C libraries.
LIBRARY_TEST_SUPPORT = {"SatwatchTestSupport", "CChildSpawn"}


def is_satwatch(name):
    return name.startswith("Satwatch")


def check(package, root):
    """The target graph and the problems found in `package` (a `swift package dump-package`
    object) whose sources are under `root`."""
    targets = {t["name"]: t for t in package["targets"]}
    rank = {name: index for index, layer in enumerate(LAYERS) for name in layer}
    problems = []
    for name, target in targets.items():
        if target["type"] in ("test", "plugin") or name in UNLAYERED:
            continue
        if name not in rank:
            problems.append(f"{name}: not in any layer of scripts/check-layers.py; add it where it belongs")
    graph = {}
    for name, target in targets.items():
        deps = []
        for dep in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dep:
                    deps.append(dep[kind][0])
        graph[name] = deps
        if target["type"] in ("test", "plugin") or name in UNLAYERED:
            continue
        for dep in deps:
            if dep in UNLAYERED or dep not in rank or name not in rank:
                continue
            if rank[dep] >= rank[name]:
                way = "sideways" if rank[dep] == rank[name] else "upward"
                problems.append(f"{name} depends on {dep}: {way} (layer {rank[name]} on layer {rank[dep]})")
    # A library, and its test target, stand apart from satwatch.
    def library_of(name):
        return name[:-len("Tests")] if name.endswith("Tests") else name

    def is_library_side(name):
        return library_of(name) in LIBRARIES

    for name in targets:
        if not is_library_side(name):
            continue
        for dep in graph[name]:
            if is_satwatch(dep) and dep not in LIBRARY_TEST_SUPPORT:
                problems.append(f"{name} depends on {dep}: the library {library_of(name)} uses no satwatch target")
    # Imports of package targets that are not declared dependencies.
    modules = {name.replace("-", "_"): name for name in targets}
    for name, target in targets.items():
        if target["type"] == "plugin":
            continue
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        folder = os.path.join(root, path)
        for directory, _, files in os.walk(folder):
            for file in files:
                if not file.endswith(".swift"):
                    continue
                text = open(os.path.join(directory, file), encoding="utf-8").read()
                for module in re.findall(r"^\s*(?:@testable\s+|@preconcurrency\s+)?import\s+(\w+)", text, re.M):
                    rel = os.path.relpath(os.path.join(directory, file), root)
                    if module in modules and modules[module] != name and modules[module] not in graph[name]:
                        problems.append(f"{rel}: imports {module}, which {name} does not depend on")
                    if is_library_side(name) and is_satwatch(module) and module not in LIBRARY_TEST_SUPPORT:
                        problems.append(f"{rel}: the library {library_of(name)} imports {module}; a library uses no satwatch target")
    # A cycle would already be an upward edge, but say so plainly if the layers ever allow one.
    state = {}

    def visit(node, trail):
        state[node] = "open"
        for dep in graph.get(node, []):
            if state.get(dep) == "open":
                problems.append("cycle: " + " -> ".join(trail + [node, dep]))
            elif dep not in state:
                visit(dep, trail + [node])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [])
    return graph, problems


def main(arguments):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    package_json = None
    while arguments:
        option, value, arguments = arguments[0], arguments[1] if len(arguments) > 1 else None, arguments[2:]
        if option == "--package-json" and value:
            package_json = value
        elif option == "--root" and value:
            root = value
        else:
            print(f"check-layers.py: unknown option {option} (see the usage at the top of the script)", file=sys.stderr)
            return 2
    if package_json:
        with open(package_json, encoding="utf-8") as handle:
            package = json.load(handle)
    else:
        swift = os.environ.get("SWIFT", "swift")
        package = json.loads(subprocess.check_output([swift, "package", "dump-package"], cwd=root))
    graph, problems = check(package, root)
    print("target graph (bottom to top; each line: target -> its dependencies):")
    for index, layer in enumerate(LAYERS):
        for name in layer:
            if name in graph:
                print(f"  {index} {name} -> {', '.join(graph[name]) or '(none)'}")
    if problems:
        for problem in problems:
            print("layer check: " + problem, file=sys.stderr)
        return 1
    print("layer check: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
