"""Benchmark BERTScore scoring paths on 2,000 generated short English pairs (not a test).

Measures: model load; a direct batched ``BERTScorer.score`` call; mtcheck's
``BERTScoreMetric.score_batch`` through ``cached_score_batch`` with a cold cache
(in a temporary directory); one call per pair (on a 200-pair subsample,
extrapolated to 2,000); and a warm re-run through the cache. Batched and cached
timings are the fastest of ``--repeat`` runs. Prints the ratios
against their targets and the peak resident memory.

Run: ``python bench/bench_bertscore.py [--pairs 2000] [--per-pair-sample 200]``
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import make_pairs  # noqa: E402  (bench/ is the script's folder)

from mtcheck.engine.score_cache import ScoreCache, cached_score_batch  # noqa: E402
from mtcheck.metrics.bertscore import BERTScoreMetric  # noqa: E402


def timed(action):
    start = time.perf_counter()
    result = action()
    return result, time.perf_counter() - start


def measure_once(metric: BERTScoreMetric, hyps: list[str], groups: list[list[str]]) -> tuple[float, float, float]:
    """Seconds for (direct batched bert-score, cold cached_score_batch, warm cached_score_batch)."""
    refs = [group[0] for group in groups]
    _, direct = timed(lambda: metric.scorer.score(hyps, refs, batch_size=metric.batch_size))
    with tempfile.TemporaryDirectory() as directory:
        cold_scores, cold = timed(lambda: cached_score_batch(metric, hyps, groups, None, ScoreCache(Path(directory))))
        warm_scores, warm = timed(lambda: cached_score_batch(metric, hyps, groups, None, ScoreCache(Path(directory))))
    assert cold_scores == warm_scores
    return direct, cold, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--per-pair-sample", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3, help="take the fastest of this many runs (shared machines are noisy)")
    args = parser.parse_args()
    hyps, refs = make_pairs(args.pairs)
    groups = [[r] for r in refs]

    metric = BERTScoreMetric()
    scorer, load = timed(lambda: metric.scorer)
    scorer.score(hyps[:8], refs[:8])  # warm-up: first call pays one-off allocation costs
    runs = [measure_once(metric, hyps, groups) for _ in range(args.repeat)]
    direct, cold, warm = (min(run[i] for run in runs) for i in range(3))
    sample = args.per_pair_sample
    _, per_pair_sample = timed(lambda: [metric.score(h, [r]) for h, r in zip(hyps[:sample], refs[:sample])])
    per_pair = per_pair_sample * args.pairs / sample
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"pairs: {args.pairs} (per-pair timed on {sample}, extrapolated; others: fastest of {args.repeat} runs)")
    print(f"model load (import + weights): {load:.2f} s")
    print(f"direct BERTScorer.score, batched: {direct:.2f} s ({1000 * direct / args.pairs:.2f} ms/pair)")
    print(f"cached_score_batch, cold cache:   {cold:.2f} s")
    print(f"cached_score_batch, warm cache:   {warm:.2f} s")
    print(f"one score() call per pair:        {per_pair:.2f} s (extrapolated)")
    print(f"cold/direct     = {cold / direct:.2f}  (target <= 1.3)")
    print(f"per-pair/batched = {per_pair / cold:.2f}  (target >= 2)")
    print(f"warm/cold       = {warm / cold:.3f} (target <= 0.25)")
    print(f"peak RSS: {peak_mib:.0f} MiB")
    print(f"load average at the end (other work on this machine skews times): {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
