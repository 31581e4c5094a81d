"""Benchmark ``mtcheck score --input`` against plain library loops (not a test).

chrF: 5,000 generated pairs through the whole command (reading and checking the
JSON Lines file, scoring, writing one JSON line per pair; run in this process
with stdout captured) against a plain Python loop calling sacrebleu's
``CHRF().sentence_score`` (one scorer, default settings, as mtcheck's chrF) and
against ``sacrebleu.sentence_chrf`` per pair. The values must be identical (asserted).

BERTScore: 200 pairs through the command against one raw batched
``BERTScorer.score`` call on the same loaded model (the packaged all-MiniLM-L6-v2;
the model load is outside both timings). mtcheck's matching ignores the
batch's padding (see mtcheck/metrics/bertscore_match.py), so its values are checked
against one-pair calls on a sample, and their distance from the raw batch is printed.

Timings are the fastest of ``--repeat`` runs, A and B in turn, in wall and in CPU seconds.

    python bench/bench_score_input.py [--pairs 5000] [--bert-pairs 200] [--repeat 5]
"""
from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import make_pairs  # noqa: E402  (bench/ is the script's folder)

import sacrebleu  # noqa: E402
from sacrebleu.metrics import CHRF  # noqa: E402

from mtcheck.commands.main import main as mtcheck  # noqa: E402


def write_jsonl(path: Path, hyps: list[str], refs: list[str]) -> None:
    lines = (json.dumps({"id": i, "hyp": h, "ref": r}, ensure_ascii=False) for i, (h, r) in enumerate(zip(hyps, refs)))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def timed(action: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall and CPU seconds of one call, with the garbage collector off (as timeit does).

    CPU time (this process's, every thread) is the steadier figure on a shared, loaded machine.
    """
    gc.collect()
    gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        result = action()
        return time.perf_counter() - wall, time.process_time() - cpu, result
    finally:
        gc.enable()


def command(*argv: str) -> list[dict[str, Any]]:
    """``mtcheck ARGV`` in this process: its JSON lines (it must exit 0)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = mtcheck(list(argv))
    assert code == 0, f"mtcheck {' '.join(argv)} exited {code}"
    return [json.loads(line) for line in out.getvalue().splitlines()]


@dataclass
class Race:
    """The fastest wall and CPU seconds of ``a`` and ``b`` over ``repeat`` runs in turn, and each one's last result."""

    wall_a: float
    cpu_a: float
    wall_b: float
    cpu_b: float
    result_a: Any
    result_b: Any

    def ratios(self) -> str:
        return f"{self.wall_a / self.wall_b:.2f}x wall, {self.cpu_a / self.cpu_b:.2f}x CPU"


def race(repeat: int, a: Callable[[], Any], b: Callable[[], Any]) -> Race:
    runs_a, runs_b = [], []
    for _ in range(repeat):
        runs_a.append(timed(a))
        runs_b.append(timed(b))
    return Race(min(r[0] for r in runs_a), min(r[1] for r in runs_a), min(r[0] for r in runs_b),
                min(r[1] for r in runs_b), runs_a[-1][2], runs_b[-1][2])


def bench_chrf(folder: Path, pairs: int, repeat: int) -> None:
    hyps, refs = make_pairs(pairs)
    path = folder / "chrf.jsonl"
    write_jsonl(path, hyps, refs)
    chrf = CHRF()

    def loop() -> list[float]:
        return [chrf.sentence_score(h, [r]).score for h, r in zip(hyps, refs)]

    result = race(repeat, lambda: command("score", "--metric", "chrf", "--input", str(path), "--json"), loop)
    records, values = result.result_a, result.result_b
    assert [r["score"] for r in records] == values, "score --input differs from sacrebleu"
    assert [r["id"] for r in records] == list(range(pairs))
    per_call, _, legacy = timed(lambda: [sacrebleu.sentence_chrf(h, [r]).score for h, r in zip(hyps, refs)])
    assert legacy == values
    print(f"chrF, {pairs} pairs (fastest of {repeat}, wall / CPU):")
    print(f"  score --input (read, check, score, write JSON): {result.wall_a:.3f} / {result.cpu_a:.3f} s "
          f"({result.cpu_a / pairs * 1e6:.0f} us/pair CPU)")
    print(f"  loop over one CHRF().sentence_score:             {result.wall_b:.3f} / {result.cpu_b:.3f} s "
          f"(sacrebleu.sentence_chrf per pair, once: {per_call:.3f} s wall)")
    print(f"  RATIO score --input / CHRF loop = {result.ratios()} (target <= 1.25x); values identical")


def bench_bertscore(folder: Path, pairs: int, repeat: int) -> None:
    from mtcheck.metrics.bertscore import BERTScoreMetric

    hyps, refs = make_pairs(pairs, seed=7)
    path = folder / "bertscore.jsonl"
    write_jsonl(path, hyps, refs)
    metric = BERTScoreMetric(lang="en")
    load, _, scorer = timed(lambda: metric.scorer)
    scorer.score(hyps[:8], refs[:8])  # warm-up: the first call pays one-off allocation costs
    argv = ("score", "--metric", "bertscore", "--lang", "en", "--input", str(path), "--json")
    command(*argv)

    def raw() -> list[float]:
        return scorer.score(hyps, refs, batch_size=metric.batch_size)[2].tolist()

    result = race(repeat, lambda: command(*argv), raw)
    ours_values = [r["score"] for r in result.result_a]
    sample = range(0, pairs, max(1, pairs // 20))
    alone = max(abs(ours_values[i] - scorer.score([hyps[i]], [refs[i]])[2].item()) for i in sample)
    assert alone <= 1e-6, f"score --input differs from one-pair bert-score calls by {alone}"
    print(f"BERTScore, {pairs} pairs (fastest of {repeat}, wall / CPU; model load {load:.2f} s, outside both):")
    print(f"  score --input: {result.wall_a:.3f} / {result.cpu_a:.3f} s; "
          f"one raw BERTScorer.score call: {result.wall_b:.3f} / {result.cpu_b:.3f} s")
    print(f"  RATIO score --input / raw batch = {result.ratios()} (target <= 1.3x)")
    print(f"  values: within {alone:.1e} of one-pair calls ({len(sample)} sampled); the raw batch differs "
          f"by up to {max(abs(a - b) for a, b in zip(ours_values, result.result_b)):.4f} (its padding)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000, help="chrF pairs")
    parser.add_argument("--bert-pairs", type=int, default=200, help="BERTScore pairs (0: skip BERTScore)")
    parser.add_argument("--repeat", type=int, default=5, help="take the fastest of this many runs (shared machines are noisy)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bench_chrf(Path(folder), args.pairs, args.repeat)
        if args.bert_pairs:
            bench_bertscore(Path(folder), args.bert_pairs, args.repeat)
    print(f"load average at the end (other work on this machine skews times): {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
