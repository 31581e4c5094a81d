"""Benchmark a BERTScore suite under pytest-xdist against a serial run (not a test).

Writes a suite of ``--cases`` generated English cases with one ``bertscore``
check each (recorded outputs, so only scoring costs), then runs pytest on it
with a cold score cache three ways, in turn, ``--repeat`` times:

* ``serial``: one process;
* ``-n N``: N workers, each using its share of the CPUs for torch (mtcheck's default);
* ``-n N, OMP=cpus``: N workers with ``OMP_NUM_THREADS`` set to the CPU count, so
  every worker starts one thread per CPU (what happened before workers shared).

Prints wall seconds per run and the median speed-up of each parallel way over
the serial run. Every worker loads torch and the model once (~5 s), so the
speed-up grows with the suite.

Run: ``python bench/bench_bertscore_xdist.py [--cases 2000] [--workers 2] [--repeat 3]``
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from _common import alternate, bench_parser, make_pairs, pytest_command, scratch, timed_run  # noqa: E402


def write_suite(folder: Path, cases: int) -> Path:
    hyps, refs = make_pairs(cases)
    lines = ["name: bertscore-xdist", "source_lang: en", "target_lang: en", "cases:"]
    for number, (hyp, ref) in enumerate(zip(hyps, refs)):
        lines.append(f"  - {{id: c{number}, src: {ref!r}, ref: {ref!r}, hyp: {hyp!r}, "
                     "checks: [{metric: bertscore, min: 0.0}]}")
    path = folder / "bertscore.mt.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run_pytest(suite: Path, workers: int, extra_env: dict[str, str]) -> float:
    """Wall seconds of one pytest run on ``suite`` with a fresh score cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, **extra_env, "MTCHECK_CACHE_DIR": cache, "PYTHONPATH": str(REPO)}
        for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            if name not in extra_env:
                env.pop(name, None)
        command = pytest_command("--mt-batch-size", "128", str(suite))
        if workers:
            command += ["-n", str(workers)]
        return timed_run(command, cwd=suite.parent, env=env)


def main() -> None:
    parser = bench_parser(__doc__.splitlines()[0], cases=2000, repeat=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    cpus = len(os.sched_getaffinity(0))
    ways = {"serial": (0, {}), f"-n {args.workers}": (args.workers, {}),
            f"-n {args.workers}, OMP={cpus}": (args.workers, {"OMP_NUM_THREADS": str(cpus)})}
    with scratch() as folder:
        suite = write_suite(folder, args.cases)
        times = alternate(args.repeat, {name: partial(run_pytest, suite, workers, env)
                                        for name, (workers, env) in ways.items()})
    print(f"{args.cases} BERTScore cases, {cpus} CPUs, {args.repeat} runs each (wall seconds)")
    for name, seconds in times.items():
        speedup = [serial / other for serial, other in zip(times["serial"], seconds)]
        print(f"  {name:<16} {' '.join(f'{s:6.1f}' for s in seconds)}   speed-up over serial: "
              f"median {statistics.median(speedup):.2f}x (range {min(speedup):.2f}-{max(speedup):.2f})")


if __name__ == "__main__":
    main()
