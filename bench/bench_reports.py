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

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from mtcheck import api
from mtcheck.report.data import ReportData
from mtcheck.report.files import records_of
from mtcheck.report.html import render_html
from mtcheck.report.json_report import render_json
from mtcheck.report.markdown import render_markdown

WORDS = ("the novel is great its only flaw last part i love walking in rain not never happy sad "
         "story movie terrible awesome my study skills are god would forgive him country").split()
TAGS = ("negation-drop", "antonym-swap", "sarcasm", "intensity", "fluency")


def sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 18)))


def make_suite(path: Path, n: int) -> None:
    rng = random.Random(1234)
    cases = []
    for i in range(n):
        ref = sentence(rng)
        hyp = sentence(rng) if rng.random() < 0.1 else ref.replace(rng.choice(ref.split()), rng.choice(WORDS), 1)
        cases.append({"id": f"case-{i:05d}", "src": "-", "ref": ref, "hyp": hyp, "tags": rng.sample(TAGS, 2)})
    suite = {"name": "bench", "source_lang": "xx", "target_lang": "en",
             "defaults": {"checks": [{"metric": "bleu", "min": 10}, {"metric": "chrf", "min": 40}]}, "cases": cases}
    path.write_text(yaml.safe_dump(suite, allow_unicode=True, sort_keys=False), encoding="utf-8")


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
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--mt-no-cache",
                           "--mt-no-summary", "--tb=no", str(folder / "bench.mt.yaml"), *extra],
                          cwd=folder, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"pytest failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_suite(folder / "bench.mt.yaml", args.cases)
        bench_renderers(folder / "bench.mt.yaml", args.repeat)
        reports = ("--mt-report-json=r.json", "--mt-report-md=r.md", "--mt-report-html=r.html")
        plain, full = [], []
        for _ in range(args.repeat):
            plain.append(run_pytest(folder))
            full.append(run_pytest(folder, *reports))
        sizes = {name: (folder / name).stat().st_size for name in ("r.json", "r.md", "r.html")}
    print(f"pytest, {args.cases} cases, best of {args.repeat}:")
    print(f"  without reports:       {min(plain):.2f} s")
    print(f"  with JSON + MD + HTML: {min(full):.2f} s")
    print(f"  ratio with / without:  {min(full) / min(plain):.3f}")
    print("  sizes: " + ", ".join(f"{name} {size / 1024:.0f} KiB" for name, size in sizes.items()))


if __name__ == "__main__":
    main()
