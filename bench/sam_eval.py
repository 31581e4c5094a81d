"""Measure SAM on bench/data/sam_eval.jsonl: does the clean output outscore its variant? (not a test)

For each base metric (bleu, chrf, bertscore with the shipped offline model) and each item,
the clean output and its variant are scored against the reference with the base metric, then
adjusted by SAM with ``penalty: paper`` and ``penalty: aligned`` (eq. 6 over the same C_hr, so
the base metric runs once per output). Per kind, the table gives the share of items where the
clean output scores strictly higher (a tie is a miss), for base / sam paper / sam aligned;
for controls, where no meaning changed, also the share of variants SAM leaves unpenalised
(p of the variant no larger than p of the clean output). Then, per penalty, the share of clean
outputs with p > 0: noise the penalty adds to a meaning-preserving paraphrase. Default lexicon
(VADER) unless ``--lexicon``. ``aligned`` is the default penalty of a ``sam:`` check.

    python bench/sam_eval.py [--metrics bleu,chrf,bertscore] [--bertscore-sample 400] [--lexicon PATH]
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict
from pathlib import Path

from mtcheck.metrics import get_metric
from mtcheck.metrics.sam import sam_adjust
from mtcheck.sentiment import load_lexicon

DATA = Path(__file__).parent / "data" / "sam_eval.jsonl"
PENALTIES = ("paper", "aligned")


def load(path: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def sample(items: list[dict[str, str]], size: int | None) -> list[dict[str, str]]:
    """``size`` items per kind, chosen with a fixed seed (all when ``size`` is None)."""
    if size is None:
        return items
    by_kind: dict[str, list[dict[str, str]]] = defaultdict(list)
    for item in items:
        by_kind[item["kind"]].append(item)
    rng = random.Random(13)
    return [item for kind in by_kind for item in rng.sample(by_kind[kind], min(size, len(by_kind[kind])))]


def measure(metric_name: str, items: list[dict[str, str]], lexicon) -> dict[str, dict[str, float]]:
    """Per kind: detection shares (base, paper, aligned) and, for every kind, unpenalised shares."""
    metric = get_metric(metric_name, {}, target_lang="en")
    refs = [[item["ref"]] for item in items]
    clean = metric.score_batch([item["clean"] for item in items], refs)
    variant = metric.score_batch([item["variant"] for item in items], refs)
    tallies: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for item, c, v in zip(items, clean, variant):
        row = tallies[item["kind"]]
        row["n"] += 1
        row["base"] += c.value > v.value
        for penalty in PENALTIES:
            sc = sam_adjust(item["clean"], item["ref"], c.value, lexicon=lexicon, penalty=penalty)
            sv = sam_adjust(item["variant"], item["ref"], v.value, lexicon=lexicon, penalty=penalty)
            row[penalty] += sc.value > sv.value
            row[f"{penalty}-unpenalised"] += sv.penalty.p <= sc.penalty.p
    return {kind: {k: (v if k == "n" else v / row["n"]) for k, v in row.items()} for kind, row in tallies.items()}


def clean_noise(items: list[dict[str, str]], lexicon) -> dict[str, float]:
    """Per penalty, the share of clean outputs (meaning-preserving paraphrases) with p > 0."""
    return {penalty: sum(sam_adjust(item["clean"], item["ref"], 1.0, lexicon=lexicon, penalty=penalty).penalty.p > 0
                         for item in items) / len(items) for penalty in PENALTIES}


def sam_cost(items: list[dict[str, str]], lexicon) -> dict[str, float]:
    """Seconds to compute each penalty over every (output, reference) pair, analyses already cached."""
    pairs = [(item[side], item["ref"]) for item in items for side in ("clean", "variant")]
    for penalty in PENALTIES:  # warm the tagger caches so both are timed on analysed sentences
        for hyp, ref in pairs[:50]:
            sam_adjust(hyp, ref, 1.0, lexicon=lexicon, penalty=penalty)
    out = {}
    from mtcheck.sentiment.aligned import _aligned
    from mtcheck.sentiment.polarity import _penalty

    for penalty in PENALTIES:
        _aligned.cache_clear()
        _penalty.cache_clear()
        start = time.perf_counter()
        for hyp, ref in pairs:
            sam_adjust(hyp, ref, 1.0, lexicon=lexicon, penalty=penalty)
        out[penalty] = time.perf_counter() - start
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--metrics", default="bleu,chrf,bertscore")
    parser.add_argument("--bertscore-sample", type=int, default=None, help="items per kind for bertscore (default: all)")
    parser.add_argument("--lexicon", default=None)
    args = parser.parse_args()
    items = load(args.data)
    lexicon = load_lexicon(args.lexicon)
    kinds = list(dict.fromkeys(item["kind"] for item in items))
    groups = {item["kind"]: item["group"] for item in items}
    print(f"{len(items)} items from {args.data.name}, lexicon {lexicon.ident}")
    print("| metric | kind | n | base | sam paper | sam aligned | unpenalised paper | unpenalised aligned |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.metrics.split(","):
        chosen = sample(items, args.bertscore_sample if name == "bertscore" else None)
        result = measure(name, chosen, lexicon)
        for kind in kinds:
            r = result[kind]
            extra = (f"{r['paper-unpenalised']:.3f} | {r['aligned-unpenalised']:.3f}" if groups[kind] == "control"
                     else "– | –")
            print(f"| {name} | {kind} ({groups[kind]}) | {int(r['n'])} | {r['base']:.3f} | {r['paper']:.3f} | "
                  f"{r['aligned']:.3f} | {extra} |")
    noise = clean_noise(items, lexicon)
    print("clean outputs with p > 0: " + ", ".join(f"{penalty} {share:.3f}" for penalty, share in noise.items()))
    cost = sam_cost(items, lexicon)
    print(f"penalty cost over {2 * len(items)} pairs (tagging cached): paper {cost['paper']:.3f} s, "
          f"aligned {cost['aligned']:.3f} s, ratio {cost['aligned'] / cost['paper']:.2f}x")


if __name__ == "__main__":
    main()
