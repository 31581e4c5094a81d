"""Benchmark: ``source-parity`` against chrF on the same German -> English pairs, new to every cache (not a test).

Each pair has a German source, an English output and an English reference, all generated
from the whole of each language's lexicon (VADER's 7,500 English words, the bundled German
lexicon), the languages' negators and intensifiers, nouns, and numbers in each locale's
notation, so no two sentences are alike. chrF scores the output against the reference,
source-parity against the source. Each metric scores every pair in one batch, in a fresh
process (Python's start, mtcheck's import and each metric's resources, lexicons included, are
in the time); the two alternate ``--runs`` times and the median ratio is printed (target <= 1.5),
with the in-process seconds each spent building the metric and scoring.

    python bench/bench_source_parity.py [--pairs 5000] [--runs 5]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mtcheck.languages import find_language
from mtcheck.sentiment.context import ENGLISH
from mtcheck.sentiment.lexicon import load_lexicon

GERMAN_NOUNS = ("Hotel Essen Zimmer Personal Film Buch Zug Preis Stadt Regierung Firma Spiel Wetter Konzert "
                "Lieferung Service Handy Strand Museum Projekt").split()
ENGLISH_NOUNS = ("hotel food room staff film book train price city government company game weather concert "
                 "delivery service phone beach museum project").split()
GERMAN_VERBS = "ist war bleibt wirkt scheint wurde".split()
ENGLISH_VERBS = "is was remains looks seems became".split()

CHILD = """
import json, sys, time
start = time.perf_counter()
from mtcheck.metrics import get_metric
rows = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8")]
if sys.argv[1] == "chrf":
    metric = get_metric("chrf")
    scores = metric.score_batch([r["hyp"] for r in rows], [[r["ref"]] for r in rows])
else:
    metric = get_metric("source-parity", target_lang="en", source_lang="de")
    scores = metric.score_batch([r["hyp"] for r in rows], [[] for r in rows], [r["src"] for r in rows])
print(json.dumps({"seconds": time.perf_counter() - start, "scored": len(scores)}))
"""


def _number(rng: random.Random, german: bool) -> str:
    value = rng.choice([rng.randint(1, 99), rng.randint(100, 99_999), round(rng.uniform(0, 100), 1)])
    if isinstance(value, float):
        text = f"{value:.1f}"
        return text.replace(".", ",") if german else text
    text = f"{value:,}"
    return text.replace(",", ".") if german else text


def _sentence(rng: random.Random, nouns: list[str], verbs: list[str], words: list[str], negators: list[str],
              intensifiers: list[str], german: bool) -> str:
    parts = [rng.choice(nouns).capitalize(), rng.choice(verbs)]
    if rng.random() < 0.4:
        parts.append(rng.choice(negators))
    if rng.random() < 0.3:
        parts.append(rng.choice(intensifiers))
    parts += rng.sample(words, rng.randint(1, 3))
    parts += [_number(rng, german), rng.choice(nouns)]
    if rng.random() < 0.5:
        parts += [",", rng.choice(words), rng.choice(words), rng.choice(nouns)]
    return " ".join(parts) + "."


def make_pairs(count: int, seed: int = 23) -> list[dict[str, str]]:
    """``count`` distinct (src, hyp, ref) triples drawn from the whole of each lexicon."""
    rng = random.Random(seed)
    german = find_language("de")
    assert german is not None
    german_words = [w for w in load_lexicon(german.lexicon_path).entries if isinstance(w, str)]  # type: ignore[union-attr]
    english_words = [w for w in load_lexicon("default").entries if isinstance(w, str) and w.isalpha()]  # type: ignore[union-attr]
    de_args = (GERMAN_NOUNS, GERMAN_VERBS, german_words, sorted(german.negators), sorted(german.intensifiers), True)
    en_args = (ENGLISH_NOUNS, ENGLISH_VERBS, english_words, sorted(ENGLISH.negators), sorted(ENGLISH.intensifiers), False)
    seen: set[str] = set()
    pairs = []
    while len(pairs) < count:
        row = {"src": _sentence(rng, *de_args), "hyp": _sentence(rng, *en_args), "ref": _sentence(rng, *en_args)}
        if not seen.isdisjoint(row.values()):
            continue
        seen.update(row.values())
        pairs.append(row)
    return pairs


def _run(metric: str, path: Path) -> tuple[float, float]:
    """Whole-process wall seconds and the child's own seconds (import, build, score) for ``metric``."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, metric, str(path)], capture_output=True, text=True, check=True)
    return time.perf_counter() - start, json.loads(done.stdout)["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pairs.jsonl"
        path.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in make_pairs(args.pairs)), encoding="utf-8")
        times: dict[str, list[tuple[float, float]]] = {"chrf": [], "source-parity": []}
        for index in range(args.runs):
            order = ("chrf", "source-parity") if index % 2 == 0 else ("source-parity", "chrf")
            for metric in order:
                times[metric].append(_run(metric, path))
    ratios = [p[0] / c[0] for p, c in zip(times["source-parity"], times["chrf"])]
    print(f"{args.pairs} German -> English pairs, each new; {args.runs} fresh processes per metric, alternating")
    for metric, runs in times.items():
        print(f"  {metric:<14} whole process {statistics.median(r[0] for r in runs):.2f} s, "
              f"in-process (import, build, score) {statistics.median(r[1] for r in runs):.2f} s (medians)")
    print(f"  ratio source-parity / chrF, whole process: median {statistics.median(ratios):.2f} "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f}; target <= 1.5)")


if __name__ == "__main__":
    main()
