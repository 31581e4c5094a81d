"""Bench: what the JSON, Markdown and HTML reports add to a run of 5,000 generated cases.

Two measurements:

* the renderers alone, on the records of an in-process run (``mtcheck.api``), best of ``--repeat``;
* whole ``pytest`` runs of the same suite without and with ``--mt-report-json/md/html``,
  alternately in fresh processes, best of ``--repeat``; the printed ratio is with / without.

About one case in ten fails (its hypothesis is unrelated to its reference), so the
failure sections have work to do.

    python bench/bench_reports.py [--cases 5000] [--repeat 3]
"""
from __future__ import annotations

import random
import time
from functools import partial
from pathlib import Path

from _common import (WORDS, alternate, bench_parser, bench_suite, dump_suite, lexical_checks, print_aligned,
                     pytest_command, scratch, timed_run, word_salad)

from mtcheck import api
from mtcheck.report.data import ReportData
from mtcheck.report.files import records_of
from mtcheck.report.html import render_html
from mtcheck.report.json_report import render_json
from mtcheck.report.markdown import render_markdown

TAGS = ("negation-drop", "antonym-swap", "sarcasm", "intensity", "fluency")


def make_suite(path: Path, n: int) -> None:
    rng = random.Random(1234)
    cases = []
    for i in range(n):
        ref = word_salad(rng)
        hyp = word_salad(rng) if rng.random() < 0.1 else ref.replace(rng.choice(ref.split()), rng.choice(WORDS), 1)
        cases.append({"id": f"case-{i:05d}", "src": "-", "ref": ref, "hyp": hyp, "tags": rng.sample(TAGS, 2)})
    dump_suite(path, bench_suite(cases, lexical_checks(10, 40)))


def bench_renderers(path: Path, repeat: int) -> None:
    results = api.run_suites(api.load_suites([path]))
    best = {name: float("inf") for name in ("records", "json", "md", "html")}
    for _ in range(repeat):
        start = time.perf_counter()
        data = ReportData(records_of(results))
        best["records"] = min(best["records"], time.perf_counter() - start)
        for name, render in (("json", render_json), ("md", render_markdown), ("html", render_html)):
            start = time.perf_counter()
            render(data)
            best[name] = min(best[name], time.perf_counter() - start)
    failing = sum(r.outcome == "failed" for r in results)
    print(f"renderers on {len(results)} cases ({failing} failing), best of {repeat}:")
    for name, seconds in best.items():
        print(f"  {name:<8} {seconds * 1000:8.1f} ms")
    print(f"  {'total':<8} {sum(best.values()) * 1000:8.1f} ms")


def run_pytest(folder: Path, *extra: str) -> float:
    command = pytest_command("--mt-no-cache", "--mt-no-summary", "--tb=no", str(folder / "bench.mt.yaml"), *extra)
    return timed_run(command, cwd=folder, ok=(0, 1))


def main() -> None:
    args = bench_parser(__doc__, cases=5000, repeat=3).parse_args()
    with scratch() as folder:
        make_suite(folder / "bench.mt.yaml", args.cases)
        bench_renderers(folder / "bench.mt.yaml", args.repeat)
        reports = ("--mt-report-json=r.json", "--mt-report-md=r.md", "--mt-report-html=r.html")
        times = alternate(args.repeat, {"plain": partial(run_pytest, folder),
                                        "full": partial(run_pytest, folder, *reports)})
        sizes = {name: (folder / name).stat().st_size for name in ("r.json", "r.md", "r.html")}
    plain, full = min(times["plain"]), min(times["full"])
    print(f"pytest, {args.cases} cases, best of {args.repeat}:")
    print_aligned([("without reports:", f"{plain:.2f} s"), ("with JSON + MD + HTML:", f"{full:.2f} s"),
                   ("ratio with / without:", f"{full / plain:.3f}")], indent="  ")
    print("  sizes: " + ", ".join(f"{name} {size / 1024:.0f} KiB" for name, size in sizes.items()))


if __name__ == "__main__":
    main()
