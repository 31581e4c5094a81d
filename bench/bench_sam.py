"""Benchmark: SAM over BLEU against plain BLEU on 5,000 generated cases (not a test).

Cases look like a sentiment regression suite: references built from templates and
sentiment words, hypotheses that copy the reference, swap the sentiment word for a
synonym or an antonym, drop a negation or change a neutral word. Two figures:

* the first pass over new text (target <= 2x BLEU): each in a fresh process, after the
  lexicon and the tagger are loaded (load times are printed), so every sentence is new
  to SAM's caches and sacrebleu's; ``--first-runs`` processes, alternating which metric
  scores first, and the median ratio; ``sam:bleu`` has its default penalty (aligned, which
  reads WordNet's opposites for the replaced words as it goes);
* the steady state (target <= 1.3x): sentences already analysed, as when a suite's
  references recur across systems, checks and reruns in one process;
* the default ``penalty: aligned`` against ``penalty: paper``, both over BLEU (target <= 1.3x):
  in the steady state, and on new text (penalty caches cleared, sentences tagged).

Then the same for a Swedish target, SAM over chrF against chrF (bundled Swedish lexicon,
simplemma lemmas, no tagger): a first pass over new text in this process (SAM first, after
the lemmatiser has loaded) and the steady state.

    python bench/bench_sam.py [--cases 5000] [--first-runs 3] [--lexicon PATH]
"""
from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
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
SV_TEMPLATES = [
    "Servicen på hotellet var {w} och gjorde hela {n} {adv} minnesvärd.",
    "Jag tycker {neg}att den nya {n} är {w}.",
    "Personalen var {neg}{w} mot oss under hela {n}.",
    "Vilken {w} match, laget har {neg}spelat så förut!",
]
SV_SENTIMENT = {  # word -> (synonym, antonym)
    "bra": ("god", "dålig"), "fantastisk": ("underbar", "fruktansvärd"), "glad": ("lycklig", "ledsen"),
    "trevlig": ("vänlig", "otrevlig"), "rolig": ("kul", "tråkig"), "vacker": ("fin", "ful"),
}
SV_NOUNS = ["resan", "kvällen", "veckan", "boken", "filmen", "staden", "appen", "säsongen"]
SV_ADVERBS = ["verkligen", "väldigt", "mycket", "ganska"]
NOUNS = ["novel", "film", "football", "phone", "study", "city", "family", "evening", "kitchen", "garden"]
ADVERBS = ["truly", "really", "very", "quite"]


def generate(count: int, seed: int = 13, swedish: bool = False) -> tuple[list[str], list[list[str]]]:
    """``count`` (hypothesis, [reference]) cases, English or Swedish."""
    rng = random.Random(seed)
    templates, sentiment = (SV_TEMPLATES, SV_SENTIMENT) if swedish else (TEMPLATES, SENTIMENT)
    nouns, adverbs, negator = (SV_NOUNS, SV_ADVERBS, "inte ") if swedish else (NOUNS, ADVERBS, "not ")
    hyps, refs = [], []
    for _ in range(count):
        template = rng.choice(templates)
        word = rng.choice(list(sentiment))
        slots = {"n": rng.choice(nouns), "adv": rng.choice(adverbs), "neg": rng.choice(["", "", negator])}
        ref = template.format(w=word, **slots)
        kind = rng.random()
        if kind < 0.25:
            hyp = ref
        elif kind < 0.5:
            hyp = template.format(w=sentiment[word][0], **slots)
        elif kind < 0.75:
            hyp = template.format(w=sentiment[word][1], **slots)
        elif kind < 0.85:
            hyp = template.format(w=word, **{**slots, "neg": ""})
        else:
            hyp = template.format(w=word, **{**slots, "n": rng.choice(nouns)})
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


def first_pass(cases: int, lexicon: str | None, sam_first: bool) -> dict[str, float]:
    """Load SAM (lexicon, tagger), then score text never seen before with BLEU and SAM over BLEU
    (in the order asked): meant for a fresh process, where nothing is analysed or cached yet."""
    hyps, refs = generate(cases)
    bleu = get_metric("bleu")
    build, sam = timed(get_metric, "sam:bleu", {"lang": "en", **({"lexicon": lexicon} if lexicon else {})})
    parse, _ = timed(getattr, sam, "lexicon")
    tagger, _ = timed(analyse, "warm up the tagger")
    order = [("sam", sam), ("bleu", bleu)] if sam_first else [("bleu", bleu), ("sam", sam)]
    figures = {"build": build, "lexicon": parse, "tagger": tagger}
    for name, metric in order:
        figures[name] = timed(metric.score_batch, hyps, refs)[0]
    return figures


def first_passes(args: argparse.Namespace) -> list[dict[str, float]]:
    """``args.first_runs`` first passes, each in a fresh process, alternating which metric goes first."""
    runs = []
    for run in range(args.first_runs):
        command = [sys.executable, __file__, "--cases", str(args.cases), "--child-first-pass", str(run % 2)]
        if args.lexicon:
            command += ["--lexicon", args.lexicon]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5, help="timed repetitions for the warm figures")
    parser.add_argument("--first-runs", type=int, default=3, help="first passes, each in a fresh process")
    parser.add_argument("--lexicon", default=None, help="lexicon file (default: $MTCHECK_SAM_LEXICON or VADER)")
    parser.add_argument("--child-first-pass", type=int, choices=[0, 1], default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_first_pass is not None:
        print(json.dumps(first_pass(args.cases, args.lexicon, bool(args.child_first_pass))))
        return
    hyps, refs = generate(args.cases)
    distinct = len(set(hyps) | {r for rs in refs for r in rs})
    print(f"{args.cases} cases, {distinct} distinct sentences")

    runs = first_passes(args)
    one = runs[0]
    print(f"load: metric {one['build']:.2f} s, lexicon {one['lexicon']:.2f} s, tagger {one['tagger']:.2f} s "
          f"(once per process; the first pass's own process)")
    ratios = [run["sam"] / run["bleu"] for run in runs]
    for run, ratio in zip(runs, ratios):
        print(f"first pass (new text, fresh process): BLEU {run['bleu']:.3f} s, SAM over BLEU {run['sam']:.3f} s, "
              f"ratio {ratio:.2f}x")
    print(f"FIRST-PASS RATIO SAM/BLEU = {statistics.median(ratios):.2f}x (median of {len(runs)}; target <= 2x)")

    bleu = get_metric("bleu")
    sam = get_metric("sam:bleu", {"lang": "en", **({"lexicon": args.lexicon} if args.lexicon else {})})
    sam.score_batch(hyps, refs)  # analyses cached from here on
    plain = best_of(args.runs, bleu.score_batch, hyps, refs)
    warm = best_of(args.runs, sam.score_batch, hyps, refs)
    print(f"steady state (best of {args.runs}, analyses cached): BLEU {plain:.3f} s "
          f"({plain / args.cases * 1e6:.0f} us/case), SAM over BLEU {warm:.3f} s")
    print(f"RATIO SAM/BLEU = {warm / plain:.2f}x (target <= 1.3x)")
    aligned_vs_paper(args, hyps, refs, sam)
    swedish(args)


def swedish(args: argparse.Namespace) -> None:
    """SAM over chrF against chrF on Swedish cases: first pass over new text, then the steady state."""
    hyps, refs = generate(args.cases, seed=17, swedish=True)
    chrf = get_metric("chrf")
    build, sam = timed(get_metric, "sam:chrf", {"lang": "sv"})
    load, _ = timed(sam.score, "Filmen var bra.", ["Filmen var dålig."])  # lexicon and lemmatiser
    first_sam = timed(sam.score_batch, hyps, refs)[0]
    first_chrf = timed(chrf.score_batch, hyps, refs)[0]
    print(f"Swedish: load metric {build:.2f} s, lexicon + lemmatiser {load:.2f} s; first pass (new text): "
          f"chrF {first_chrf:.3f} s, SAM over chrF {first_sam:.3f} s, ratio {first_sam / first_chrf:.2f}x")
    plain = best_of(args.runs, chrf.score_batch, hyps, refs)
    warm = best_of(args.runs, sam.score_batch, hyps, refs)
    print(f"Swedish steady state (best of {args.runs}): chrF {plain:.3f} s, SAM over chrF {warm:.3f} s")
    print(f"RATIO SAM/CHRF (sv) = {warm / plain:.2f}x first pass {first_sam / first_chrf:.2f}x")


def aligned_vs_paper(args: argparse.Namespace, hyps: list[str], refs: list[list[str]], aligned) -> None:
    """``sam:bleu`` with the default ``penalty: aligned`` (``aligned``, analyses cached) against ``penalty: paper``:
    steady state, then with each penalty's per-pair cache cleared (tags cached)."""
    from mtcheck.sentiment.aligned import _aligned, side
    from mtcheck.sentiment.polarity import _penalty

    paper = get_metric("sam:bleu", {"lang": "en", "penalty": "paper",
                                    **({"lexicon": args.lexicon} if args.lexicon else {})})
    paper.score_batch(hyps, refs)
    warm_paper = best_of(args.runs, paper.score_batch, hyps, refs)
    warm_aligned = best_of(args.runs, aligned.score_batch, hyps, refs)
    print(f"aligned penalty, steady state: sam:bleu paper {warm_paper:.3f} s, aligned {warm_aligned:.3f} s, "
          f"RATIO ALIGNED/PAPER = {warm_aligned / warm_paper:.2f}x (target <= 1.3x)")
    _penalty.cache_clear()
    cold_paper = timed(paper.score_batch, hyps, refs)[0]
    _aligned.cache_clear()
    side.cache_clear()
    cold_aligned = timed(aligned.score_batch, hyps, refs)[0]
    print(f"aligned penalty, pairs new to both penalties (tags cached): paper {cold_paper:.3f} s, aligned "
          f"{cold_aligned:.3f} s, ratio {cold_aligned / cold_paper:.2f}x")


if __name__ == "__main__":
    main()
