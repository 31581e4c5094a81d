"""Bench: one generated lexical suite of 100,000 cases (chrF and BLEU checks) through ``mtcheck run`` and
through ``pytest``, each a fresh process without the score cache; prints each one's peak resident memory
(target: within 4 GiB) and wall time, and the pytest / ``mtcheck run`` ratios.

    python bench/bench_scale.py [--cases 100000]
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = "the cat dog sat on a mat house red blue runs quickly slowly not very good bad".split()
LIMIT_GIB = 4.0


def write_suite(path: Path, n: int) -> None:
    rng = random.Random(1)
    lines = ["version: 1", "name: scale", "source_lang: en", "target_lang: en", "defaults:",
             "  checks: [{metric: chrf, min: 30}, {metric: bleu, min: 5}]", "cases:"]
    for i in range(n):
        ref = " ".join(rng.choice(WORDS) for _ in range(10))
        hyp = " ".join([*ref.split()[:8], "x"])
        lines.append(f"  - {{id: c{i}, src: s{i}, ref: {ref}, hyp: {hyp}, tags: [t{i % 7}]}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def measure(argv: list[str], cwd: Path) -> tuple[float, float, int]:
    """(peak RSS in GiB, wall seconds, exit code) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return usage.ru_maxrss / 1024**2, time.perf_counter() - start, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_suite(folder / "scale.mt.yaml", args.cases)
        runs = {
            "mtcheck run": [sys.executable, "-m", "mtcheck.commands.main", "run", "scale.mt.yaml", "--no-cache"],
            "pytest": [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "scale.mt.yaml",
                       "--mt-no-cache", "--mt-no-summary"],
        }
        figures = {name: measure(argv, folder) for name, argv in runs.items()}
    print(f"{args.cases:,} lexical cases (chrF + BLEU), no score cache")
    for name, (rss, wall, code) in figures.items():
        verdict = "within" if rss <= LIMIT_GIB else "OVER"
        print(f"  {name:<12} peak RSS {rss:5.2f} GiB ({verdict} {LIMIT_GIB:g} GiB)  wall {wall:6.1f} s  exit {code}")
    (rss_run, wall_run, _), (rss_pytest, wall_pytest, _) = figures["mtcheck run"], figures["pytest"]
    print(f"  pytest / mtcheck run: memory {rss_pytest / rss_run:.2f}x, time {wall_pytest / wall_run:.2f}x")


if __name__ == "__main__":
    main()
