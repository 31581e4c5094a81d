"""Bench: ``mtcheck meta-eval`` against scipy computing the same correlations on the same resamples.

Two generated suites, each output rated by three annotators on 1-5 scales:

* ``--outputs`` (5,000) rated outputs, one metric (chrF), one scale;
* ``--grid`` (960) rated outputs, 6 metric configurations x 3 scales: 18 correlations.

For each, the whole command in fresh processes, default bootstrap (1,000 resamples)
and ``--bootstrap 0`` (wall seconds, best of ``--repeat``, and peak memory, from the
OS via ``os.wait4``); then, in this process, mtcheck's statistics (``correlate``) and
scipy's ``kendalltau`` + ``pearsonr`` on the same 1,000 resamples (same seed), whose
intervals must agree. Printed ratios: command / scipy and statistics / scipy (target <= 3).
Last, the tie-calibrated pairwise accuracy (acc_eq, every pair of outputs: O(n^2 log n))
against tau-b with its 1,000-resample interval (O(1000 n log n)) on the same values.
Not a test. With ``PYTHONPATH`` naming an older checkout, it measures that one.

    python bench/bench_metaeval.py [--outputs 5000] [--grid 960] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np
import yaml

from _common import WORDS

from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.score_cache import cached_score_batch
from mtcheck.metaeval.core import Settings, correlate, suite_metrics
from mtcheck.metaeval.stats import TauB, bootstrap_ci
from mtcheck.metaeval.ties import all_pairs_accuracy
from mtcheck.metaeval.units import ordinal_outputs, rated_scales
from mtcheck.suite.loader import load_suite

SYSTEMS = ("s1", "s2", "s3", "s4")
GRID_CHECKS = [{"metric": "chrf", "min": 0}, {"metric": "chrf", "params": {"char_order": 4}, "min": 0},
               {"metric": "chrf++", "min": 0}, {"metric": "bleu", "min": 0}, {"metric": "ter", "max": 1000},
               {"metric": "characTER", "max": 10}]


def make_suite(path: Path, outputs: int, scales: list[str], checks: list[dict]) -> None:
    """Cases with four systems' outputs (fewer in the last case), each rated by three annotators per scale;
    the more words an output changes, the lower its ratings."""
    rng = random.Random(1234)
    cases = []
    for i in range(0, outputs, len(SYSTEMS)):
        ref = [rng.choice(WORDS) for _ in range(rng.randint(6, 18))]
        hyps, ratings = {}, {s: {} for s in scales}
        for system in SYSTEMS[:outputs - i]:
            edits = rng.randint(0, 4)
            hyp = list(ref)
            for _ in range(edits):
                hyp[rng.randrange(len(hyp))] = rng.choice(WORDS)
            hyps[system] = " ".join(hyp)
            for scale in scales:
                ratings[scale][system] = {f"a{a}": min(5, max(1, 5 - edits + rng.choice((-1, 0, 0, 1))))
                                          for a in range(3)}
        cases.append({"id": f"case-{i:05d}", "src": "-", "ref": " ".join(ref), "hyps": hyps, "ratings": ratings})
    suite = {"version": 1, "name": "bench", "source_lang": "xx", "target_lang": "en",
             "scales": {s: {"kind": "ordinal", "values": [1, 2, 3, 4, 5]} for s in scales},
             "defaults": {"checks": checks}, "cases": cases}
    path.write_text(yaml.safe_dump(suite, sort_keys=False), encoding="utf-8")


def run_command(path: Path, *args: str) -> tuple[float, float]:
    """Wall seconds and peak memory (MiB) of ``mtcheck meta-eval`` in a fresh process, started in the suite's
    folder so that ``PYTHONPATH`` picks the checkout (the child's peak cannot read below this process's)."""
    command = [sys.executable, "-m", "mtcheck.commands.main", "meta-eval", path.name, "--no-sam", "--no-cache", "--json", *args]
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=path.parent, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"meta-eval {' '.join(args)} failed:\n{child.stderr.read().decode()[-3000:]}")
    return elapsed, usage.ru_maxrss / 1024


def rated_values(path: Path) -> list[tuple[str, str, bool, np.ndarray, np.ndarray]]:
    """(metric, scale, higher is better, metric values, mean ratings) for every correlation meta-eval computes."""
    suite, evaluator, found = load_suite(path), Evaluator(), []
    for check in suite_metrics(suite, sam=False):
        metric = evaluator.metric(check, suite.target_lang)
        for scale in rated_scales(suite):
            rated = ordinal_outputs(suite, scale)
            scores = cached_score_batch(metric, [r.hyp for r in rated], [list(r.case.refs) for r in rated],
                                        [r.case.src for r in rated], None)
            found.append((check.key, scale.name, metric.higher_is_better, np.array([s.value for s in scores]),
                          np.array([r.human for r in rated])))
    return found


def scipy_interval(x: np.ndarray, y: np.ndarray, settings: Settings) -> list[tuple[float, float]]:
    """scipy's point estimates, then percentile intervals of |tau-b| and |r| over the same resamples as mtcheck's."""
    from scipy import stats as scipy_stats  # not at the top: it would raise the commands' peak memory floor

    scipy_stats.kendalltau(x, y)
    scipy_stats.pearsonr(x, y)
    idx = np.random.default_rng(settings.seed).integers(0, len(x), size=(settings.resamples, len(x)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = np.array([(scipy_stats.kendalltau(x[i], y[i]).statistic, scipy_stats.pearsonr(x[i], y[i]).statistic)
                          for i in idx])
    tail = (1 - settings.confidence) / 2 * 100
    return [tuple(np.percentile(np.abs(col[~np.isnan(col)]), [tail, 100 - tail])) for col in found.T]


def compare(rated: list[tuple[str, str, bool, np.ndarray, np.ndarray]]) -> tuple[float, float]:
    """Seconds of mtcheck's statistics and of scipy's on the same data and resamples; the intervals must agree."""
    settings = Settings()
    start = time.perf_counter()
    ours = [correlate("bench", scale, key, x, y, higher, settings) for key, scale, higher, x, y in rated]
    mid = time.perf_counter()
    theirs = [scipy_interval(x * (1 if higher else -1), y, settings) for _, _, higher, x, y in rated]
    end = time.perf_counter()
    for row, (tau_ci, r_ci) in zip(ours, theirs):
        if not (np.allclose(row.kendall_ci, tau_ci, atol=1e-9) and np.allclose(row.pearson_ci, r_ci, atol=1e-9)):
            raise SystemExit(f"{row.metric} on {row.scale}: intervals differ from scipy's: {row} vs {tau_ci}, {r_ci}")
    return mid - start, end - mid


def tie_cost(rated: list[tuple[str, str, bool, np.ndarray, np.ndarray]]) -> tuple[float, float]:
    """Seconds of acc_eq with tie calibration and of tau-b with its default interval, over every correlation."""
    start = time.perf_counter()
    for _, _, _, x, y in rated:
        all_pairs_accuracy(x, y)
    mid = time.perf_counter()
    for _, _, _, x, y in rated:
        bootstrap_ci(TauB(x, y), len(x), resamples=Settings().resamples)
    return mid - start, time.perf_counter() - mid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--outputs", type=int, default=5000, help="rated outputs of the one-metric suite (0: skip)")
    parser.add_argument("--grid", type=int, default=960, help="rated outputs of the 18-correlation suite (0: skip)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        suites = []
        if args.outputs:
            suites.append((Path(tmp) / "one.mt.yaml", f"{args.outputs} rated outputs, chrF"))
            make_suite(suites[-1][0], args.outputs, ["fluency"], [{"metric": "chrf", "min": 0}])
        if args.grid:
            suites.append((Path(tmp) / "grid.mt.yaml", f"{args.grid} rated outputs, 6 metrics x 3 scales"))
            make_suite(suites[-1][0], args.grid, ["fluency", "adequacy", "meaning"], GRID_CHECKS)
        # every command first, while this process is small: a child's peak memory starts at its parent's
        print(f"(peak memory of a command cannot read below this process's: "
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB)")
        commands = [(min(run_command(path) for _ in range(args.repeat)),
                     min(run_command(path, "--bootstrap", "0") for _ in range(args.repeat))) for path, _ in suites]
        for (path, label), (full, none) in zip(suites, commands):
            rated = rated_values(path)
            ours, scipy = compare(rated)
            print(f"{label}: {len(rated)} correlation(s), 1,000 resamples each")
            print(f"  meta-eval command: {full[0]:.2f} s, peak {full[1]:.0f} MiB   --bootstrap 0: {none[0]:.2f} s, "
                  f"peak {none[1]:.0f} MiB")
            print(f"  statistics: mtcheck {ours:.2f} s, scipy {scipy:.2f} s   ratios to scipy: "
                  f"statistics {ours / scipy:.2f}, command {full[0] / scipy:.2f} (target <= 3)")
            ties, tau = tie_cost(rated)
            print(f"  acc_eq with tie calibration: {ties:.2f} s   tau-b with its interval: {tau:.2f} s   "
                  f"ratio {ties / tau:.2f}")


if __name__ == "__main__":
    main()
