"""Bench: what having mtcheck installed costs an unrelated pytest run (target: <= 30 ms).

A one-test project in a temporary folder, run as fresh ``pytest`` processes in
turns with the plugin (``-p mtcheck.pytest_plugin.hooks``) and without it. Both runs load no
other installed plugin (``PYTEST_DISABLE_PLUGIN_AUTOLOAD=1``), so the noise of
their start-up (Hypothesis alone imports for ~0.5 s) does not drown mtcheck's
share, which adds to whatever else a project loads. Each run's CPU time (user +
system, the operating system's accounting of the finished child) is less
disturbed by other load than its wall time; the printed cost is the median over
the pairs of (with - without). The import of the plugin module alone
(``python -X importtime``, after pytest) is printed too.

    python bench/bench_startup.py [--pairs 30]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

COMMAND = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_one.py"]
ENV = dict(os.environ, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")


def cpu_seconds(folder: Path, *extra: str) -> float:
    """CPU seconds of one pytest process over ``folder`` (which must pass)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([*COMMAND, *extra], cwd=folder, env=ENV, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"pytest failed in {folder}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def plugin_import_ms(folder: Path) -> float:
    """Cumulative import time of ``mtcheck.pytest_plugin.hooks`` (and all it imports) once pytest is imported."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import pytest; import mtcheck.pytest_plugin.hooks"],
                          cwd=folder, capture_output=True, text=True, check=True)
    line = next(line for line in done.stderr.splitlines() if line.endswith("| mtcheck.pytest_plugin.hooks"))
    return int(line.split("|")[1]) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "test_one.py").write_text("def test_one():\n    assert 1 + 1 == 2\n", encoding="utf-8")
        cpu_seconds(folder, "-p", "mtcheck.pytest_plugin.hooks")  # warm the file system cache and the .pyc files
        with_mt, without = [], []
        for _ in range(args.pairs):
            without.append(cpu_seconds(folder))
            with_mt.append(cpu_seconds(folder, "-p", "mtcheck.pytest_plugin.hooks"))
        imports = statistics.median(plugin_import_ms(folder) for _ in range(args.pairs))
    cost = statistics.median(a - b for a, b in zip(with_mt, without))
    print(f"one-test project, {args.pairs} pairs of runs, median CPU time")
    print(f"pytest:                   {statistics.median(without) * 1000:.0f} ms")
    print(f"pytest -p mtcheck.pytest_plugin.hooks: {statistics.median(with_mt) * 1000:.0f} ms")
    print(f"cost of mtcheck:          {cost * 1000:.0f} ms (median of pair differences; target <= 30 ms)")
    print(f"ratio with / without:     {statistics.median(with_mt) / statistics.median(without):.3f}")
    print(f"import mtcheck.pytest_plugin.hooks:    {imports:.1f} ms (median, after pytest)")


if __name__ == "__main__":
    main()
