"""Bench: a warm rerun (every slow score in the score cache) of a suite with METEOR, SAM and
BERTScore checks against the same suite with its lexical checks only (not a test).

One suite of ``--cases`` English cases (``bench_sam.py``'s pairs) is written twice: with BLEU and chrF
checks, and with BLEU, chrF and ``--slow`` checks (default: meteor, sam:chrf, bertscore).
A cold run fills a fresh score cache (and WordNet copy) in a temporary folder; then both
suites run warm, as fresh processes, alternately, best of ``--repeat``, through
``mtcheck run`` and through ``pytest``. The printed ratios are slow-warm / lexical (target:
<= 1.3): with nothing to recompute, a warm run should load no WordNet, tagger or model.

    python bench/bench_warm.py [--cases 1000] [--repeat 3] [--slow meteor,sam:chrf,bertscore]
"""
from __future__ import annotations

import os
import sys
from functools import partial
from pathlib import Path

from _common import alternate, bench_parser, bench_suite, dump_suite, lexical_checks, pytest_command, scratch, timed_run
from bench_sam import english, make_pairs

LEXICAL = lexical_checks(0.0, 0.0)


def write_suite(path: Path, cases: int, checks: list[dict]) -> None:
    rows = [{"id": f"case-{i:05d}", "src": "-", **pair} for i, pair in enumerate(make_pairs(cases, english()))]
    dump_suite(path, bench_suite(rows, checks, name=path.stem.split(".")[0]))


def main() -> None:
    parser = bench_parser(__doc__.splitlines()[0], cases=1000, repeat=3)
    parser.add_argument("--slow", default="meteor,sam:chrf,bertscore", help="comma-separated slow metrics")
    args = parser.parse_args()
    slow = [{"metric": name, "min": 0.0} for name in args.slow.split(",")]
    with scratch() as folder:
        env = {**os.environ, "MTCHECK_CACHE_DIR": str(folder / "cache")}
        suites = {"lexical": folder / "lexical" / "bench.mt.yaml", "slow": folder / "slow" / "bench.mt.yaml"}
        for name, checks in (("lexical", LEXICAL), ("slow", LEXICAL + slow)):
            suites[name].parent.mkdir()
            write_suite(suites[name], args.cases, checks)
        fronts = {
            "mtcheck run": lambda suite: [sys.executable, "-m", "mtcheck.commands.main", "run", str(suite)],
            "pytest": lambda suite: pytest_command(str(suite.parent)),
        }
        cold = timed_run(fronts["mtcheck run"](suites["slow"]), cwd=folder, env=env)
        times = alternate(args.repeat, {(front, name): partial(timed_run, command(suite), cwd=folder, env=env)
                                        for front, command in fronts.items() for name, suite in suites.items()})
    print(f"cases: {args.cases}, slow checks: {args.slow}, best of {args.repeat}")
    print(f"cold run that fills the cache (mtcheck run): {cold:.2f} s")
    for front in fronts:
        lexical, warm = min(times[(front, "lexical")]), min(times[(front, "slow")])
        print(f"{front:>11}: lexical only {lexical:.2f} s, warm with slow checks {warm:.2f} s, "
              f"ratio {warm / lexical:.2f} (target <= 1.3)")


if __name__ == "__main__":
    main()
