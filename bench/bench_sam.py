"""Benchmark: SAM's default penalty against its base metric on pairs new to every cache (not a test).

Each reference is a distinct sentence built from words drawn from the whole of the target
language's lexicon (VADER's 7,200 alphabetic English words; the bundled Swedish lexicon),
nouns, negators, intensifiers and numbers; its hypothesis copies it, swaps a lexicon word for
another one from anywhere in the lexicon, adds or drops a negation, or changes a noun, as MT
output differs from a reference. Every metric scores all pairs in one batch in a fresh process:
Python's start, mtcheck's import, the lexicon, the tagger's weights and the lemmatiser's tables
are in the time, and no pair or sentence is cached. The metrics alternate ``--runs`` times and the median
of the paired ratios is printed (issue 39's target for the default ``sam:``: first pass <= 3x its base), of wall
time and of CPU time (user + system of the whole process: on a machine shared with other jobs the wall
time also counts the waits for a core). The children run from compiled bytecode, as an installed package does,
whatever ``PYTHONDONTWRITEBYTECODE`` says, and with a cache folder of the bench's own: one untimed run of each
metric first compiles mtcheck and makes the files SAM derives once per install (the tagger's packed weights,
simplemma's sorted tables, :mod:`mtcheck.resources.derived`), whose one-time cost is printed apart:

* English: ``sam:bleu`` (default, aligned penalty) and ``sam:bleu`` with ``penalty: paper``,
  each against ``bleu``;
* Swedish: ``sam:chrf`` (default penalty, curated opposites, simplemma lemmas) against ``chrf``.

Then the same English pairs through the batch contract a user's script or CI job runs, ``mtcheck score
--metric M --lang en --input pairs.jsonl --json`` (the console script: its command-line parsing, its JSON
lines with every score's details, and its end), ``sam:bleu`` against ``bleu``; and the steady state in this
process (target <= 1.3x): the same English pairs scored again, sentences already analysed, as when a suite's
references recur across systems and reruns.

    python bench/bench_sam.py [--pairs 2000] [--runs 5] [--dump FILE]

``--dump FILE`` times nothing: it writes every score, detail, explanation and signature of those metrics on those
pairs and on the WordNet set (bench/data/sam_eval.jsonl), for a change that must keep every result to compare.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mtcheck.languages import find_language
from mtcheck.metrics import get_metric
from mtcheck.sentiment.context import ENGLISH
from mtcheck.sentiment.lexicon import load_lexicon

#: Issue 39's targets for the default ``sam:bleu`` against ``bleu``: pairs new to every cache, and sentences analysed.
FIRST_PASS_TARGET, STEADY_TARGET = 3.0, 1.3
CHILD = """
import json, sys, time
start = time.perf_counter()
from mtcheck.metrics import get_metric
name, options, path = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
rows = [json.loads(line) for line in open(path, encoding="utf-8")]
metric = get_metric(name, options) if options else get_metric(name)
scores = metric.score_batch([r["hyp"] for r in rows], [[r["ref"]] for r in rows])
print(json.dumps({"seconds": time.perf_counter() - start, "scored": len(scores)}))
"""


class Language:
    """What the generator needs of one target language."""

    def __init__(self, words: list[str], nouns: str, verbs: str, negator: str, intensifiers: list[str], joiner: str):
        self.words, self.nouns, self.verbs = words, nouns.split(), verbs.split()
        self.negator, self.intensifiers, self.joiner = negator, intensifiers, joiner


def english() -> Language:
    words = [w for w in load_lexicon("default").entries if isinstance(w, str) and w.isalpha()]  # type: ignore[union-attr]
    return Language(words, "hotel food room staff film book train price city government company game weather "
                    "concert delivery service phone beach museum project", "is was remains looks seems became",
                    "not", sorted(ENGLISH.intensifiers), "and")


def swedish() -> Language:
    language = find_language("sv")
    assert language is not None and language.lexicon_path is not None
    words = [w for w in load_lexicon(language.lexicon_path).entries if isinstance(w, str) and w.isalpha()]  # type: ignore[union-attr]
    return Language(words, "hotellet maten rummet personalen filmen boken tåget priset staden regeringen företaget "
                    "spelet vädret konserten leveransen servicen telefonen stranden museet projektet",
                    "är var blir verkar känns blev", "inte", sorted(language.intensifiers), "och")


def _sentence(rng: random.Random, lang: Language) -> list[str]:
    parts = [rng.choice(lang.nouns).capitalize(), rng.choice(lang.verbs)]
    if rng.random() < 0.3:
        parts.append(lang.negator)
    if rng.random() < 0.3:
        parts.append(rng.choice(lang.intensifiers))
    parts += [rng.choice(lang.words), lang.joiner, rng.choice(lang.words), str(rng.randint(2, 999)), rng.choice(lang.nouns)]
    if rng.random() < 0.5:
        parts += [",", rng.choice(lang.words), rng.choice(lang.nouns)]
    return parts


def _variant(rng: random.Random, parts: list[str], lang: Language) -> list[str]:
    """The hypothesis: a copy, a lexicon word swapped, a negation added or dropped, or a noun changed."""
    kind = rng.random()
    hyp = list(parts)
    if kind < 0.2:
        return hyp
    if kind < 0.6:
        index = rng.choice([i for i, word in enumerate(parts) if word in lang.words and i > 1] or [len(parts) - 1])
        hyp[index] = rng.choice(lang.words)
    elif kind < 0.8:
        hyp.remove(lang.negator) if lang.negator in hyp else hyp.insert(2, lang.negator)
    else:
        hyp[-1 if hyp[-1] in lang.nouns else -2] = rng.choice(lang.nouns)
    return hyp


def make_pairs(count: int, lang: Language, seed: int = 13) -> list[dict[str, str]]:
    """``count`` (hyp, ref) pairs with distinct references; no hypothesis repeats another pair's sentence."""
    rng = random.Random(seed)
    seen: set[str] = set()
    pairs = []
    while len(pairs) < count:
        parts = _sentence(rng, lang)
        ref, hyp = " ".join(parts) + ".", " ".join(_variant(rng, parts, lang)) + "."
        if ref in seen or hyp in seen:
            continue
        seen.update((ref, hyp))
        pairs.append({"hyp": hyp, "ref": ref})
    return pairs


def _pairs_file(folder: Path, pairs: list[dict[str, str]]) -> Path:
    """``pairs`` as JSON lines in ``folder``: the input of every child."""
    path = folder / "pairs.jsonl"
    path.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pairs), encoding="utf-8")
    return path


def child_env(folder: Path) -> dict[str, str]:
    """The children's environment: bytecode written and read, and mtcheck's cache folder, under ``folder``."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(folder / "pycache"), "MTCHECK_CACHE_DIR": str(folder / "cache")}


def _run(metric: str, options: dict[str, str], path: Path) -> tuple[float, float, float]:
    """Whole-process wall seconds, the child's own seconds (import, build, score) and the whole process's
    CPU seconds (user + system: on a machine shared with other jobs, what waiting for a core leaves out)."""
    start, used = time.perf_counter(), _children_cpu()
    command = [sys.executable, "-c", CHILD, metric, json.dumps(options), str(path)]
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=child_env(path.parent))
    return time.perf_counter() - start, json.loads(done.stdout)["seconds"], _children_cpu() - used


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def whole_processes(title: str, base: tuple[str, dict], contenders: dict[str, tuple[str, dict]],
                    pairs: list[dict[str, str]], runs: int) -> None:
    """Each contender against ``base``, every metric in a fresh process, alternating; paired ratios."""
    with tempfile.TemporaryDirectory() as folder:
        path = _pairs_file(Path(folder), pairs)
        metrics = {base[0]: base, **contenders}
        once = {name: _run(*metric, path)[2] for name, metric in metrics.items()}  # compiles, makes derived files
        times: dict[str, list[tuple[float, float, float]]] = {name: [] for name in metrics}
        for index in range(runs):
            order = list(metrics) if index % 2 == 0 else list(reversed(metrics))
            for name in order:
                times[name].append(_run(*metrics[name], path))
    print(f"{title}: {len(pairs)} pairs, each new; {runs} fresh processes per metric, alternating")
    print("  once per install (compiling mtcheck, making derived files; not in the figures below), CPU: "
          + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in once.items()))
    for name, timings in times.items():
        print(f"  {name:<22} whole process {statistics.median(t[0] for t in timings):.2f} s, "
              f"in-process (import, build, score) {statistics.median(t[1] for t in timings):.2f} s, "
              f"CPU {statistics.median(t[2] for t in timings):.2f} s (medians)")
    for name in contenders:
        for what, k in (("whole process", 0), ("CPU seconds", 2)):
            ratios = [c[k] / b[k] for c, b in zip(times[name], times[base[0]])]
            print(f"  RATIO {name} / {base[0]}, {what}: median {statistics.median(ratios):.2f}x "
                  f"(min {min(ratios):.2f}, max {max(ratios):.2f}; first-pass target <= {FIRST_PASS_TARGET}x)")


def batch_contract(pairs: list[dict[str, str]], runs: int) -> None:
    """``mtcheck score --input --json`` with ``sam:bleu`` against ``bleu``, fresh processes in turn, CPU seconds."""
    mtcheck = Path(sys.executable).parent / "mtcheck"
    with tempfile.TemporaryDirectory() as folder:
        path = _pairs_file(Path(folder), pairs)
        cpu: dict[str, list[float]] = {"bleu": [], "sam:bleu": []}
        for index in range(-1, runs):  # -1: untimed, compiles and makes derived files
            for metric in (cpu if index % 2 == 0 else reversed(list(cpu))):
                used = _children_cpu()
                subprocess.run([str(mtcheck), "score", "--metric", metric, "--lang", "en", "--input", str(path), "--json"],
                               capture_output=True, check=True, env=child_env(Path(folder)))
                if index >= 0:
                    cpu[metric].append(_children_cpu() - used)
    ratios = [s / b for s, b in zip(cpu["sam:bleu"], cpu["bleu"])]
    print(f"batch contract (mtcheck score --input --json, {len(pairs)} new pairs, {runs} fresh processes each, CPU): "
          f"bleu {statistics.median(cpu['bleu']):.2f} s, sam:bleu {statistics.median(cpu['sam:bleu']):.2f} s, "
          f"RATIO median {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f}; "
          f"first-pass target <= {FIRST_PASS_TARGET}x)")


def timed(function, *args) -> float:
    """Wall time of one call, with the garbage collector off (as timeit does)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        function(*args)
        return time.perf_counter() - start
    finally:
        gc.enable()


def steady_state(pairs: list[dict[str, str]], runs: int) -> None:
    """``sam:bleu`` against ``bleu`` in this process, after one pass has analysed every sentence."""
    hyps, refs = [p["hyp"] for p in pairs], [[p["ref"]] for p in pairs]
    bleu, sam = get_metric("bleu"), get_metric("sam:bleu", {"lang": "en"})
    sam.score_batch(hyps, refs)
    plain = min(timed(bleu.score_batch, hyps, refs) for _ in range(runs))
    warm = min(timed(sam.score_batch, hyps, refs) for _ in range(runs))
    print(f"steady state (best of {runs}, analyses cached): bleu {plain:.3f} s, sam:bleu {warm:.3f} s, "
          f"RATIO {warm / plain:.2f}x (target <= {STEADY_TARGET}x)")


#: The WordNet set's items (bench/sam_eval.py): a reference with a clean and a faulty output each.
SAM_EVAL = Path(__file__).parent / "data" / "sam_eval.jsonl"


def dump(path: Path, count: int) -> None:
    """Write every score of the timed metrics on the bench's pairs, and of the default ``sam:bleu`` and ``sam:chrf``
    on the WordNet set's clean and faulty outputs, one JSON line each: value, details, explanation, after a line with
    the metric's signature. A change that claims to keep every result must leave this file byte-identical."""
    english_pairs, swedish_pairs = make_pairs(count, english()), make_pairs(count, swedish(), seed=17)
    items = [json.loads(line) for line in SAM_EVAL.read_text(encoding="utf-8").splitlines()]
    runs = [("sam:bleu", {"lang": "en"}, english_pairs), ("sam:bleu", {"lang": "en", "penalty": "paper"}, english_pairs),
            ("sam:chrf", {"lang": "sv"}, swedish_pairs)]
    runs += [(name, {"lang": "en"}, [{"hyp": item[field], "ref": item["ref"]} for item in items])
             for field in ("clean", "variant") for name in ("sam:bleu", "sam:chrf")]
    with path.open("w", encoding="utf-8") as out:
        for name, options, pairs in runs:
            metric = get_metric(name, options)
            out.write(json.dumps([name, options, metric.signature()]) + "\n")
            for score in metric.score_batch([p["hyp"] for p in pairs], [[p["ref"]] for p in pairs]):
                out.write(json.dumps([score.value, score.details, metric.explain(score)], ensure_ascii=False,
                                     sort_keys=True) + "\n")
    print(f"{path}: {sum(len(pairs) for *_, pairs in runs)} scores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per metric (and warm repetitions)")
    parser.add_argument("--dump", type=Path, metavar="FILE",
                        help="time nothing: write every score, detail, explanation and signature of the metrics on these pairs "
                             "and on bench/data/sam_eval.jsonl, for comparing two trees")
    args = parser.parse_args()
    if args.dump:
        dump(args.dump, args.pairs)
        return
    pairs = make_pairs(args.pairs, english())
    whole_processes("English", ("bleu", {}), {"sam:bleu": ("sam:bleu", {"lang": "en"}),
                                              "sam:bleu penalty:paper": ("sam:bleu", {"lang": "en", "penalty": "paper"})},
                    pairs, args.runs)
    whole_processes("Swedish", ("chrf", {}), {"sam:chrf": ("sam:chrf", {"lang": "sv"})},
                    make_pairs(args.pairs, swedish(), seed=17), args.runs)
    batch_contract(pairs, args.runs)
    steady_state(pairs, args.runs)


if __name__ == "__main__":
    main()
