#!/usr/bin/env python3
"""Prints the package's target graph and fails on a dependency that goes up or sideways.

The layers, bottom to top, are listed below; a target may depend only on targets of lower
layers, so the data path reads off Package.swift and the compiler keeps it (a module cannot
import one it does not depend on). The script also reads every `import` in each target's
sources: importing one of the package's targets that is not a declared dependency fails too
(SwiftPM may let it build when that module happens to be built first). Run by `make test`.
"""
import json
import os
import re
import subprocess
import sys

# Bottom to top. Targets of one layer do not depend on each other.
LAYERS = [
    ["CSQLite", "CCurl", "SatwatchJSON", "BlockingPool"],
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


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    swift = os.environ.get("SWIFT", "swift")
    package = json.loads(subprocess.check_output([swift, "package", "dump-package"], cwd=root))
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
                    if module in modules and modules[module] != name and modules[module] not in graph[name]:
                        rel = os.path.relpath(os.path.join(directory, file), root)
                        problems.append(f"{rel}: imports {module}, which {name} does not depend on")
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
    sys.exit(main())
