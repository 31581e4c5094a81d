"""Bench: what ``--mt-baseline`` (per-case comparison, 1,000 bootstrap and 10,000 randomisation
resamples per suite, tag and metric) adds to a pytest run of 5,000 cases with BLEU and chrF checks.

The baseline is saved from a noisier system than the one under test, so every
value is really compared. Both runs are fresh ``pytest`` processes, alternately,
best of ``--repeat``; the printed ratio is with / without (target: <= 1.15).

    python bench/bench_regression.py [--cases 5000] [--tags 5] [--repeat 3]
"""
from __future__ import annotations

import random
from functools import partial
from pathlib import Path

from _common import (alternate, bench_parser, bench_suite, corrupt, dump_suite, lexical_checks, pytest_command,
                     scratch, timed_run, word_salad)


def make_data(folder: Path, n: int, tags: int) -> None:
    """The suite, the outputs under test (one edit per case) and the baseline system's (one or two edits)."""
    rng = random.Random(1234)
    cases, current, older = [], [], []
    for i in range(n):
        ref = word_salad(rng)
        cases.append({"id": f"case-{i:05d}", "src": "-", "ref": ref, "tags": [f"tag-{i % tags}"]})
        current.append(corrupt(ref, rng, 1))
        older.append(corrupt(ref, rng, rng.choice((1, 2))))
    dump_suite(folder / "bench.mt.yaml", bench_suite(cases, lexical_checks(0, 0)))
    (folder / "current.txt").write_text("\n".join(current) + "\n", encoding="utf-8")
    (folder / "older.txt").write_text("\n".join(older) + "\n", encoding="utf-8")


def run_pytest(folder: Path, *args: str) -> float:
    return timed_run(pytest_command("--mt-no-cache", "bench.mt.yaml", *args), cwd=folder)


def main() -> None:
    parser = bench_parser(__doc__.splitlines()[0], cases=5000, repeat=3)
    parser.add_argument("--tags", type=int, default=5)
    args = parser.parse_args()
    with scratch() as folder:
        make_data(folder, args.cases, args.tags)
        run_pytest(folder, "--mt-outputs", "older.txt", "--mt-baseline", "baseline.json", "--mt-update-baseline")
        # the per-case gate would fail the cases that got worse; the bench measures the statistics
        gate = ("--mt-outputs", "current.txt", "--mt-baseline", "baseline.json", "--mt-regression-gate", "significant")
        times = alternate(args.repeat, {"plain": partial(run_pytest, folder, "--mt-outputs", "current.txt"),
                                        "gated": partial(run_pytest, folder, *gate)})
    best_plain, best_gated = min(times["plain"]), min(times["gated"])
    print(f"{args.cases} cases, {args.tags} tags, BLEU + chrF: {2 * (1 + args.tags)} tests of 1,000 bootstrap "
          f"and 10,000 randomisation resamples")
    print(f"without --mt-baseline: {best_plain:.2f} s   with: {best_gated:.2f} s   "
          f"ratio: {best_gated / best_plain:.3f} (target <= 1.15)")


if __name__ == "__main__":
    main()
