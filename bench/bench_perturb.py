"""Benchmark (not a test): 100 variants per case for 500 cases, every edit family, up to 3 edits each.

Sentences are the bundled suites' English references and sources, made distinct by a numbered
suffix, so no sentence is served from the per-sentence caches. Target: <= 30 s.

    python bench/bench_perturb.py
"""
from __future__ import annotations

import time
from pathlib import Path

from mtcheck.api import load_suites
from mtcheck.perturb.variants import sample_variants

CASES, VARIANTS = 500, 100
SUITES = Path(__file__).resolve().parent.parent / "suites"


def sentences() -> list[str]:
    base = [text for suite in load_suites([SUITES]) if suite.target_lang == "en"
            for case in suite.cases for text in (case.refs[0],)]
    return [f"{base[i % len(base)]} ({i})" for i in range(CASES)]


def main() -> None:
    texts = sentences()
    sample_variants("I love it", ["critical"])  # load tagger, lexicon and WordNet outside the timing
    start = time.perf_counter()
    total = sum(len(sample_variants(t, ["critical", "intensity", "grammar", "noise"], n=VARIANTS, max_edits=3, seed=i))
                for i, t in enumerate(texts))
    elapsed = time.perf_counter() - start
    print(f"{total} variants for {len(texts)} cases in {elapsed:.1f} s ({total / elapsed:,.0f}/s)")


if __name__ == "__main__":
    main()
