"""The cost of ``grammar`` against ``chrf`` over the same outputs, after grammar's first load.

Each output is new to the process (no sentence twice) and scored once by each metric in batches as a run
scores them (chrF against the next output as its reference), the two metrics' batches in turn so that load on
the machine falls on both alike. Cost is CPU time: this process's and, for grammar, its ``lt-proc`` processes' and
its ``hunspell`` processes' (where the program is on PATH; else spylls looks words up in this process).

* ``--text learner``: Swedish learner sentences (MultiGED-2023 train, read from ../shared; every one of them, at
  most ``--sentences``): many misspellings, each looked up in Hunspell;
* ``--text generated``: ``--sentences`` distinct generated Swedish sentences, every word known to the analyser.

Prints the first load in its parts (compiling the table, starting ``lt-proc``, loading each Hunspell dictionary:
the ``hunspell`` process's start, or spylls reading the dictionary's snapshot, made first where mtcheck's cache has
none; a run loads a dictionary only when a word the analyser does not know first needs it), both costs (of
grammar's, the ``lt-proc`` and ``hunspell`` processes' own) and their ratio.

    python bench/grammar_cost.py --text learner
    python bench/grammar_cost.py --text generated --sentences 10000
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections.abc import Callable

from grammar_multiged import DATA, sentences

from mtcheck.grammar.analyser import Analyser
from mtcheck.grammar.dictionary import Dictionary
from mtcheck.grammar.rules import TABLES, read_table
from mtcheck.grammar.snapshot import KIND
from mtcheck.metrics import get_metric
from mtcheck.resources import cache_root

SUBJECTS = ["Jag", "Min syster", "Läraren", "Vi", "Grannarna", "Hon", "Barnen", "Den nya chefen", "Han", "Min bror",
            "Våra vänner", "Kollegan"]
VERBS = ["köpte", "såg", "ville ha", "tyckte om", "målade", "sålde", "lånade", "hyrde", "fotograferade",
         "beundrade"]
OBJECTS = ["en röd bil", "ett gammalt hus", "boken", "de stora fönstren", "en kopp kaffe", "det nya huset",
           "en liten båt", "ett blått paraply", "cykeln", "de gamla stolarna", "en ny dator", "ett vackert bord"]
TAILS = ["", " i går", " på lördagen", " för länge sedan", " i Stockholm", " på morgonen", " i somras"]
_TICKS = os.sysconf("SC_CLK_TCK")


def outputs(count: int, text: str) -> tuple[list[str], str]:
    """``count`` distinct outputs (learner text: as many as there are, at most ``count``) and where they are from."""
    if text == "learner":
        if not DATA.is_dir():
            raise SystemExit(f"skipped: {DATA} is absent (MultiGED-2023 Swedish; see docs/grammar-evaluation.md)")
        texts = list(dict.fromkeys(text for text, _ in sentences(DATA / "sv_swell_train.tsv")))
        return texts[:count], "MultiGED sv train, every sentence once"
    texts = [f"{s} {v} {o}{t}." for s, v, o, t in itertools.product(SUBJECTS, VERBS, OBJECTS, TAILS)]
    if count > len(texts):
        raise SystemExit(f"at most {len(texts)} distinct generated sentences")
    return texts[:count], "generated"


def child_seconds(pids: list[int]) -> float:
    """CPU seconds of the processes ``pids`` so far."""
    seconds = 0.0
    for pid in pids:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        seconds += (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime
    return seconds


def analyser_seconds(analysers: list[Analyser]) -> float:
    """CPU seconds of the analysers' ``lt-proc`` processes so far."""
    return child_seconds([found._process.pid for found in analysers if found._process is not None])


def dictionary_seconds(dictionaries: list[Dictionary]) -> float:
    """CPU seconds of the dictionaries' ``hunspell`` processes so far (none where spylls reads them)."""
    return child_seconds([pid for found in dictionaries if found.process and (pid := found.process.pid)])


def process_seconds(analysers: list[Analyser], dictionaries: list[Dictionary]) -> float:
    """CPU seconds of this process and of the grammar check's ``lt-proc`` and ``hunspell`` processes so far."""
    return time.process_time() + analyser_seconds(analysers) + dictionary_seconds(dictionaries)


def timed(seconds: Callable[[], float], work: Callable[[], object]) -> float:
    start = seconds()
    work()
    return seconds() - start


def _snapshots() -> set[str]:
    """The Hunspell snapshots in mtcheck's cache (:mod:`mtcheck.grammar.snapshot`)."""
    folder = cache_root() / "derived"
    return {path.name for path in folder.glob(f"{KIND}-*")} if folder.is_dir() else set()


def first_load(lang: str) -> tuple[object, list[Analyser], list[Dictionary], list[tuple[str, float]]]:
    """The grammar metric, its analysers and dictionaries and the CPU seconds of each part of its first load
    (lt-proc's and hunspell's: their own)."""
    parts = [("compiling the rule table", timed(time.process_time, lambda: read_table(TABLES / f"{lang}.yaml")))]
    grammar = get_metric("grammar", target_lang=lang)
    checker = grammar.checker
    analysers = [a for a in (checker._analyser, checker._other) if a is not None]
    for found in analysers:  # started with the checker: lt-proc's own CPU since then, and the first round trip's
        python = timed(time.process_time, lambda: found.analyse(["."]))
        parts.append((f"starting lt-proc ({os.path.basename(found.path)})",
                      python + analyser_seconds([found])))
    for dictionary in checker._dictionaries:
        kept = _snapshots()
        seconds = timed(time.process_time, lambda: dictionary.knows("."))
        made = "made now, once per install" if _snapshots() != kept else "from the cache"
        how = f"{dictionary.backend} process" if dictionary.process else f"{dictionary.backend}, {made}"
        parts.append((f"Hunspell {os.path.basename(dictionary.stem)} ({how})",
                       seconds + dictionary_seconds([dictionary])))
    return grammar, analysers, checker._dictionaries, parts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--text", choices=["learner", "generated"], default="learner")
    args = parser.parse_args()
    hyps, source = outputs(args.sentences, args.text)
    refs = hyps[1:] + hyps[:1]
    grammar, analysers, dictionaries, parts = first_load("sv")
    chrf = get_metric("chrf")
    grammar_s = chrf_s = 0.0
    analysing, spelling = analyser_seconds(analysers), dictionary_seconds(dictionaries)
    for at in range(0, len(hyps), args.batch):
        batch = hyps[at : at + args.batch]
        grammar_s += timed(lambda: process_seconds(analysers, dictionaries), lambda: grammar.score_batch(batch))
        chrf_s += timed(time.process_time, lambda: chrf.score_batch(batch, refs[at : at + len(batch)]))
    analysing = analyser_seconds(analysers) - analysing
    spelling = dictionary_seconds(dictionaries) - spelling
    print(f"{len(hyps)} outputs ({source}), batches of {args.batch}")
    for name, seconds in parts:
        print(f"first load: {name:44} {seconds:6.2f} s CPU")
    print(f"grammar {grammar_s:6.2f} s CPU  ({grammar_s / len(hyps) * 1000:.3f} ms an output; "
          f"lt-proc {analysing:.2f} s, hunspell {spelling:.2f} s of it)")
    print(f"chrf    {chrf_s:6.2f} s CPU  ({chrf_s / len(hyps) * 1000:.3f} ms an output)")
    print(f"grammar / chrf {grammar_s / chrf_s:6.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
