"""Throughput of mtcheck's CharacTER against the reference implementation ``cer`` (not a test).

Run from the repository root: ``python bench/bench_character.py [pairs] [seed]``.
Both score the same generated sentence pairs in one process; the values are
also compared, so a speed-up never hides a disagreement.
"""
from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtcheck.metrics import character  # noqa: E402

WORDS = (
    "the a of to and in is was that for it with as on be at by this had not are but from or have an they "
    "which one you were her all she there would their we him been has when who will more no if out so said "
    "what up its about into than them can only other new some could time these two may then do first any my "
    "now such like our over man me even most made after also did many before must through back years where"
).split()


def make_pairs(count: int, seed: int) -> list[tuple[list[str], list[str]]]:
    """Reference-like sentences and hypotheses made from them by substitutions, deletions and phrase moves."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(count):
        ref = [rng.choice(WORDS) for _ in range(rng.randint(5, 30))]
        hyp = [w if rng.random() > 0.2 else rng.choice(WORDS) for w in ref if rng.random() > 0.1]
        if len(hyp) > 3:
            start = rng.randrange(len(hyp) - 2)
            phrase, hyp = hyp[start : start + 2], hyp[:start] + hyp[start + 2 :]
            at = rng.randrange(len(hyp) + 1)
            hyp = hyp[:at] + phrase + hyp[at:]
        pairs.append((hyp, ref))
    return pairs


Pairs = list[tuple[list[str], list[str]]]


def timed(fn: Callable[[list[str], list[str]], float], pairs: Pairs) -> tuple[float, list[float]]:
    start = time.perf_counter()
    values = [fn(h, r) for h, r in pairs]
    return time.perf_counter() - start, values


def ours(hyp: list[str], ref: list[str]) -> float:
    return character.cter(" ".join(hyp), " ".join(ref)).value


def ours_pure_python(pairs: Pairs) -> tuple[float, list[float]]:
    """Our scores with the rapidfuzz speed-up switched off."""
    fast, character._distance = character._distance, character.levenshtein
    try:
        return timed(ours, pairs)
    finally:
        character._distance = fast


def report(label: str, seconds: float, count: int, baseline: float | None) -> None:
    ratio = f"  {baseline / seconds:5.2f} x cer's throughput" if baseline else ""
    print(f"{label:<28} {count / seconds:8.1f} pairs/s ({seconds:.2f} s){ratio}")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    pairs = make_pairs(count, seed)
    try:
        import cer
    except ImportError:
        cer = None
        print("cer is not installed: no comparison (pip install cer)")
    baseline_s, theirs = timed(cer.calculate_cer, pairs) if cer else (None, None)
    runs = [("mtcheck, pure Python", ours_pure_python(pairs))]
    if character._rapidfuzz_levenshtein is not None:
        runs.append(("mtcheck, with rapidfuzz", timed(ours, pairs)))
    print(f"CharacTER on {count} generated sentence pairs (seed {seed})")
    if baseline_s is not None:
        report("cer (C Levenshtein + cache)", baseline_s, count, None)
    for label, (seconds, values) in runs:
        report(label, seconds, count, baseline_s)
        if theirs is not None:
            worst = max(abs(a - b) for a, b in zip(values, theirs))
            print(f"{'':<28} largest difference from cer: {worst:.1e}")


if __name__ == "__main__":
    main()
