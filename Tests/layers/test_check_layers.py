"""scripts/check-layers.py refuses what the layers forbid: an upward dependency, an import of a
target that is not a dependency, and a library (or its tests) using a satwatch target. Each case
is a small package dump and source tree in a temporary folder, checked by the real script."""
import json
import os
import subprocess
import sys

import pytest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "check-layers.py")


def target(name, dependencies=(), kind="regular"):
    return {"name": name, "type": kind, "dependencies": [{"byName": [dep, None]} for dep in dependencies]}


def run(tmp_path, targets, sources):
    """Runs the checker on `targets` with `sources` ({relative path: text}) under tmp_path."""
    for path, text in sources.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    dump = tmp_path / "package.json"
    dump.write_text(json.dumps({"targets": targets}))
    result = subprocess.run([sys.executable, SCRIPT, "--package-json", str(dump), "--root", str(tmp_path)],
                            capture_output=True, text=True)
    return result.returncode, result.stderr


BASE = [target("CZlib", kind="system"), target("PNG", ["CZlib"]), target("SatwatchJSON"),
        target("SatwatchBase", ["SatwatchJSON"]), target("SatwatchCharts", ["SatwatchBase", "PNG"])]
BASE_SOURCES = {"Sources/PNG/PNG.swift": "import CZlib\n", "Sources/SatwatchCharts/Chart.swift": "import PNG\nimport SatwatchBase\n"}


def test_a_layered_package_passes(tmp_path):
    status, errors = run(tmp_path, BASE + [target("PNGTests", ["PNG", "SatwatchTestSupport"], "test")],
                         dict(BASE_SOURCES, **{"Tests/PNGTests/T.swift": "@testable import PNG\nimport SatwatchTestSupport\n"}))
    assert (status, errors) == (0, "")


@pytest.mark.parametrize("targets, sources, refusal", [
    # A library depending on a satwatch target: upward, and named as a library's fault.
    ([target("CZlib", kind="system"), target("PNG", ["CZlib", "SatwatchBase"]), target("SatwatchJSON"),
      target("SatwatchBase", ["SatwatchJSON"])], {}, "PNG depends on SatwatchBase: upward"),
    ([target("CZlib", kind="system"), target("PNG", ["CZlib", "SatwatchBase"]), target("SatwatchJSON"),
      target("SatwatchBase", ["SatwatchJSON"])], {}, "the library PNG uses no satwatch target"),
    # A lower satwatch layer depending on a higher one.
    (BASE[:3] + [target("SatwatchBase", ["SatwatchJSON", "SatwatchCharts"]), BASE[4]], {},
     "SatwatchBase depends on SatwatchCharts: upward"),
    # An import the target does not declare.
    (BASE, dict(BASE_SOURCES, **{"Sources/PNG/Leak.swift": "import SatwatchBase\n"}),
     "Sources/PNG/Leak.swift: imports SatwatchBase, which PNG does not depend on"),
    (BASE, dict(BASE_SOURCES, **{"Sources/PNG/Leak.swift": "@testable import SatwatchJSON\n"}),
     "Sources/PNG/Leak.swift: the library PNG imports SatwatchJSON"),
    # A library's tests reaching into satwatch.
    (BASE + [target("PNGTests", ["PNG", "SatwatchCharts"], "test")], BASE_SOURCES,
     "PNGTests depends on SatwatchCharts: the library PNG uses no satwatch target"),
    # A new target nobody placed.
    (BASE + [target("Stray", ["PNG"])], BASE_SOURCES, "Stray: not in any layer"),
])
def test_refusals(tmp_path, targets, sources, refusal):
    status, errors = run(tmp_path, targets, sources)
    assert status == 1
    assert refusal in errors
