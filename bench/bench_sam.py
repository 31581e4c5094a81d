"""Benchmark: SAM over BLEU against plain BLEU on 5,000 generated cases (not a test).

Cases look like a sentiment regression suite: references built from templates and
sentiment words, hypotheses that copy the reference, swap the sentiment word for a
synonym or an antonym, drop a negation or change a neutral word. The lexicon and the
tagger are loaded before timing (load times are printed). The first pass tags every
distinct sentence once; the steady state (sentences already analysed, as when a suite's
references recur across systems, checks and reruns in one process) is the figure that
the <= 1.3x budget is about. sacrebleu caches its tokenisation too, so BLEU is warm as well.

    python bench/bench_sam.py [--cases 5000] [--lexicon PATH]
"""
from __future__ import annotations

import argparse
import gc
import random
import time

from mtcheck.metrics import get_metric
from mtcheck.sentiment import analyse

TEMPLATES = [
    "The {w} service at this hotel made our whole {n} {adv} memorable.",
    "I am {neg}{w} about the new update to the {n} app.",
    "My {n} skills are {w} after the course.",
    "What a {w} match, the {n} team did {neg}play like that before!",
    "Honestly the {n} was {w} and the staff were {neg}helpful at all.",
    "This {n} is {w}, its only flaw is the last part.",
    "We {neg}think the {w} ending of the {n} fits the story.",
    "Currently I feel {w} about the people who criticise the {n}.",
]
SENTIMENT = {  # word -> (synonym, antonym)
    "great": ("excellent", "terrible"), "happy": ("glad", "sad"), "awesome": ("amazing", "awful"),
    "calm": ("peaceful", "angry"), "wonderful": ("lovely", "horrible"), "proud": ("pleased", "ashamed"),
    "beautiful": ("pretty", "ugly"), "excited": ("thrilled", "bored"),
}
NOUNS = ["novel", "film", "football", "phone", "study", "city", "family", "evening", "kitchen", "garden"]
ADVERBS = ["truly", "really", "very", "quite"]


def generate(count: int, seed: int = 13) -> tuple[list[str], list[list[str]]]:
    """``count`` (hypothesis, [reference]) cases."""
    rng = random.Random(seed)
    hyps, refs = [], []
    for _ in range(count):
        template = rng.choice(TEMPLATES)
        word = rng.choice(list(SENTIMENT))
        slots = {"n": rng.choice(NOUNS), "adv": rng.choice(ADVERBS), "neg": rng.choice(["", "", "not "])}
        ref = template.format(w=word, **slots)
        kind = rng.random()
        if kind < 0.25:
            hyp = ref
        elif kind < 0.5:
            hyp = template.format(w=SENTIMENT[word][0], **slots)
        elif kind < 0.75:
            hyp = template.format(w=SENTIMENT[word][1], **slots)
        elif kind < 0.85:
            hyp = template.format(w=word, **{**slots, "neg": ""})
        else:
            hyp = template.format(w=word, **{**slots, "n": rng.choice(NOUNS)})
        hyps.append(hyp)
        refs.append([ref])
    return hyps, refs


def timed(function, *args) -> tuple[float, object]:
    """Wall time of one call, with the garbage collector off (as timeit does)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        result = function(*args)
        return time.perf_counter() - start, result
    finally:
        gc.enable()


def best_of(runs: int, function, *args) -> float:
    return min(timed(function, *args)[0] for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5, help="timed repetitions for the warm figures")
    parser.add_argument("--lexicon", default=None, help="lexicon file (default: $MTCHECK_SAM_LEXICON or VADER)")
    args = parser.parse_args()
    hyps, refs = generate(args.cases)
    distinct = len(set(hyps) | {r for rs in refs for r in rs})
    print(f"{args.cases} cases, {distinct} distinct sentences")

    bleu = get_metric("bleu")
    load, sam = timed(get_metric, "sam:bleu", {"lexicon": args.lexicon} if args.lexicon else {})
    tagger, _ = timed(analyse, "warm up the tagger")
    print(f"load: lexicon {sam.lexicon.ident} + metric {load:.2f} s, tagger {tagger:.2f} s (once per process)")

    plain_first, _ = timed(bleu.score_batch, hyps, refs)
    sam_first, _ = timed(sam.score_batch, hyps, refs)
    plain = best_of(args.runs, bleu.score_batch, hyps, refs)
    warm = best_of(args.runs, sam.score_batch, hyps, refs)
    print(f"first pass (every distinct sentence tagged once): BLEU {plain_first:.3f} s, "
          f"SAM over BLEU {sam_first:.3f} s, ratio {sam_first / plain_first:.2f}x")
    print(f"steady state (best of {args.runs}, analyses cached): BLEU {plain:.3f} s "
          f"({plain / args.cases * 1e6:.0f} us/case), SAM over BLEU {warm:.3f} s")
    print(f"RATIO SAM/BLEU = {warm / plain:.2f}x (target <= 1.3x)")


if __name__ == "__main__":
    main()
