"""Bench: what ``--mt-baseline`` (per-case comparison, 1,000 bootstrap and 10,000 randomisation
resamples per suite, tag and metric) adds to a pytest run of 5,000 cases with BLEU and chrF checks.

The baseline is saved from a noisier system than the one under test, so every
value is really compared. Both runs are fresh ``pytest`` processes, alternately,
best of ``--repeat``; the printed ratio is with / without (target: <= 1.15).

    python bench/bench_regression.py [--cases 5000] [--tags 5] [--repeat 3]
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

WORDS = ("the novel is great its only flaw last part i love walking in rain not never happy sad "
         "story movie terrible awesome my study skills are god would forgive him country").split()


def sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 18)))


def corrupt(text: str, rng: random.Random, edits: int) -> str:
    words = text.split()
    for _ in range(edits):
        words[rng.randrange(len(words))] = rng.choice(WORDS)
    return " ".join(words)


def make_data(folder: Path, n: int, tags: int) -> None:
    """The suite, the outputs under test (one edit per case) and the baseline system's (one or two edits)."""
    rng = random.Random(1234)
    cases, current, older = [], [], []
    for i in range(n):
        ref = sentence(rng)
        cases.append({"id": f"case-{i:05d}", "src": "-", "ref": ref, "tags": [f"tag-{i % tags}"]})
        current.append(corrupt(ref, rng, 1))
        older.append(corrupt(ref, rng, rng.choice((1, 2))))
    suite = {"name": "bench", "source_lang": "xx", "target_lang": "en",
             "defaults": {"checks": [{"metric": "bleu", "min": 0}, {"metric": "chrf", "min": 0}]}, "cases": cases}
    (folder / "bench.mt.yaml").write_text(yaml.safe_dump(suite, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (folder / "current.txt").write_text("\n".join(current) + "\n", encoding="utf-8")
    (folder / "older.txt").write_text("\n".join(older) + "\n", encoding="utf-8")


def run_pytest(folder: Path, *args: str) -> float:
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--mt-no-cache", "bench.mt.yaml", *args]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"pytest {' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--tags", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_data(folder, args.cases, args.tags)
        run_pytest(folder, "--mt-outputs", "older.txt", "--mt-baseline", "baseline.json", "--mt-update-baseline")
        # the per-case gate would fail the cases that got worse; the bench measures the statistics
        gate = ("--mt-outputs", "current.txt", "--mt-baseline", "baseline.json", "--mt-regression-gate", "significant")
        plain, gated = [], []
        for _ in range(args.repeat):
            plain.append(run_pytest(folder, "--mt-outputs", "current.txt"))
            gated.append(run_pytest(folder, *gate))
    best_plain, best_gated = min(plain), min(gated)
    print(f"{args.cases} cases, {args.tags} tags, BLEU + chrF: {2 * (1 + args.tags)} tests of 1,000 bootstrap "
          f"and 10,000 randomisation resamples")
    print(f"without --mt-baseline: {best_plain:.2f} s   with: {best_gated:.2f} s   "
          f"ratio: {best_gated / best_plain:.3f} (target <= 1.15)")


if __name__ == "__main__":
    main()
