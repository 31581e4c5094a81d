"""Bench: what appending a run to a history costs, next to the run itself, for 10,000 generated cases.

The suite is bench_reports.py's (BLEU and chrF checks, two tags a case, about one case in
ten failing). Measured in one process: the run (``mtcheck.api``), then recording it
(:class:`mtcheck.history.sink.Recorder`: aggregates, ``git rev-parse``, one SQLite
transaction) into a new history and into one that already holds ``--runs`` runs, best of
``--repeat`` each; the printed ratios are record / run.

    python bench/bench_history.py [--cases 10000] [--repeat 3] [--runs 20]
"""
from __future__ import annotations

import time

from _common import bench_parser, scratch
from bench_reports import make_suite

from mtcheck import api
from mtcheck.commands.history import Recorder
from mtcheck.report.summary import record_of


def main() -> None:
    parser = bench_parser(__doc__, cases=10000, repeat=3)
    parser.add_argument("--runs", type=int, default=20, help="runs already in the history of the second measurement")
    args = parser.parse_args()
    with scratch() as folder:
        make_suite(folder / "bench.mt.yaml", args.cases)
        suites = api.load_suites([folder / "bench.mt.yaml"])
        start = time.perf_counter()
        results = api.run_suites(suites)
        run_s = time.perf_counter() - start
        records = [record_of(r) for r in results]
        fresh = float("inf")
        for i in range(args.repeat):
            start = time.perf_counter()
            Recorder(str(folder / f"new-{i}.sqlite")).record(records)
            fresh = min(fresh, time.perf_counter() - start)
        full = folder / "full.sqlite"
        for _ in range(args.runs):
            Recorder(str(full)).record(records)
        grown = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            Recorder(str(full)).record(records)
            grown = min(grown, time.perf_counter() - start)
        size = full.stat().st_size
    print(f"{len(results)} cases; the run (in process, no cache): {run_s:.2f} s")
    print(f"  record into a new history:          {fresh * 1000:7.1f} ms  ratio record / run {fresh / run_s:.3f}")
    print(f"  record into one of {args.runs} runs:         {grown * 1000:7.1f} ms  ratio record / run {grown / run_s:.3f}")
    print(f"  history of {args.runs + args.repeat} runs: {size / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
