"""The cost of ``grammar`` against ``chrf`` over the same outputs, after grammar's first load.

Real sentences the check has not seen (MultiGED-2023 Swedish train, read from ../shared; generated Swedish
sentences where it is absent), each scored once by each metric in batches as a run scores them (chrF against
the next sentence as its reference). Prints the first load, both times and their ratio.

    python bench/grammar_cost.py --sentences 10000
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time

from grammar_multiged import DATA, sentences

from mtcheck.metrics import get_metric

SUBJECTS = ["Jag", "Min syster", "Läraren", "Vi", "Grannarna", "Hon", "Barnen", "Den nya chefen"]
VERBS = ["köpte", "såg", "ville ha", "tyckte om", "målade", "sålde", "lånade"]
OBJECTS = ["en röd bil", "ett gammalt hus", "boken", "de stora fönstren", "en kopp kaffe", "det nya huset"]
TAILS = ["", " i går", " på lördagen", " för länge sedan", " i Stockholm", " med sin bror"]


def outputs(count: int, text: str) -> list[str]:
    if text == "learner" and DATA.is_dir():
        texts = [text for text, _ in sentences(DATA / "sv_swell_train.tsv")]
    else:
        texts = [f"{s} {v} {o}{t}." for s, v, o, t in itertools.product(SUBJECTS, VERBS, OBJECTS, TAILS)]
    return list(itertools.islice(itertools.cycle(texts), count))


def timed(score, hyps: list[str], batch: int) -> float:
    start = time.perf_counter()
    for at in range(0, len(hyps), batch):
        score(at, hyps[at : at + batch])
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--text", choices=["learner", "generated"], default="learner",
                        help="learner essays (many misspellings, each looked up in Hunspell) or generated sentences")
    args = parser.parse_args()
    hyps = outputs(args.sentences, args.text)
    refs = hyps[1:] + hyps[:1]
    start = time.perf_counter()
    grammar = get_metric("grammar", target_lang="sv")
    grammar.checker.load()
    load = time.perf_counter() - start
    chrf = get_metric("chrf")
    grammar_s = timed(lambda at, batch: grammar.score_batch(batch), hyps, args.batch)
    chrf_s = timed(lambda at, batch: chrf.score_batch(batch, refs[at : at + len(batch)]), hyps, args.batch)
    source = "MultiGED sv train" if args.text == "learner" and DATA.is_dir() else "generated"
    print(f"{len(hyps)} outputs ({source}), batches of {args.batch}")
    print(f"grammar first load {load:6.2f} s")
    print(f"grammar            {grammar_s:6.2f} s  ({grammar_s / len(hyps) * 1000:.3f} ms an output)")
    print(f"chrf               {chrf_s:6.2f} s  ({chrf_s / len(hyps) * 1000:.3f} ms an output)")
    print(f"grammar / chrf     {grammar_s / chrf_s:6.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
