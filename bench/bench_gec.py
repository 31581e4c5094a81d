"""Cost of ``gleu`` and ``gec-f0.5`` against ``chrf`` on the same outputs (not a test).

Run from the repository root: ``python bench/bench_gec.py [segments] [seed]``. Generated learner-like sources,
references that correct a few words of them and outputs that correct some of those and add their own edits;
each metric scores every segment in one batch (sentence level), then the whole corpus once. Best of 3 runs.
"""
from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtcheck.metrics import get_metric  # noqa: E402

WORDS = ("jag du han hon vi de är var har hade kan ska vill inte och att som det en ett min mitt huset boken "
         "skolan i på till från med om för stor stort gammal gamla bra dåligt går gick läser läste").split()


def make_segments(count: int, seed: int) -> tuple[list[str], list[str], list[str]]:
    """(sources, outputs, references): each reference changes about a tenth of its source's words; each output
    makes about half of those changes and one change of its own in three."""
    rng = random.Random(seed)
    srcs, hyps, refs = [], [], []
    for _ in range(count):
        src = [rng.choice(WORDS) for _ in range(rng.randint(6, 30))]
        ref = [rng.choice(WORDS) if rng.random() < 0.1 else w for w in src]
        hyp = [r if rng.random() < 0.5 else s for s, r in zip(src, ref)]
        if rng.random() < 0.33:
            hyp[rng.randrange(len(hyp))] = rng.choice(WORDS)
        for texts, words in ((srcs, src), (hyps, hyp), (refs, ref)):
            texts.append(" ".join(words))
    return srcs, hyps, refs


def best_of(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main(count: int = 10_000, seed: int = 1) -> None:
    srcs, hyps, refs = make_segments(count, seed)
    groups = [[r] for r in refs]
    print(f"{count} segments, best of 3 (seconds)")
    print(f"{'metric':<10} {'sentences':>10} {'corpus':>8} {'x chrf':>7}")
    base = None
    for name in ("chrf", "gleu", "gec-f0.5"):
        metric = get_metric(name)
        sentences = best_of(3, lambda: metric.score_batch(hyps, groups, srcs))
        corpus = best_of(3, lambda: metric.corpus_score(hyps, groups, srcs))
        base = base or sentences
        print(f"{name:<10} {sentences:>10.3f} {corpus:>8.3f} {sentences / base:>7.2f}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
