"""What several benches share: generated sentences and suites, timed child processes, aligned figures.

Benches run as scripts (``python bench/bench_x.py``), which puts this folder first on ``sys.path``:
``from _common import ...`` finds this module.
"""
from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import yaml

SUBJECTS = ["The novel", "The film", "This phone", "The hotel", "Our waiter", "The ending", "The update", "My order"]
VERBS = ["is", "was", "seems", "felt", "looks"]
ADJECTIVES = ["great", "terrible", "wonderful", "awful", "fine", "boring", "excellent", "disappointing", "slow", "perfect"]
TAILS = ["", ", its only flaw is the last part", " and I would buy it again", " but the price is too high", " for a first try"]
WORDS = ("the novel is great its only flaw last part i love walking in rain not never happy sad "
         "story movie terrible awesome my study skills are god would forgive him country").split()


def sentence(rng: random.Random) -> str:
    return f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(ADJECTIVES)}{rng.choice(TAILS)}."


def make_pairs(count: int, seed: int = 13) -> tuple[list[str], list[str]]:
    """``count`` hypotheses and references: about 30% of hypotheses paraphrase their reference, the rest are unrelated."""
    rng = random.Random(seed)
    refs = [sentence(rng) for _ in range(count)]
    hyps = [f"{ref[:-1]} indeed." if rng.random() < 0.3 else sentence(rng) for ref in refs]
    return hyps, refs


def word_salad(rng: random.Random) -> str:
    """6 to 18 words drawn from ``WORDS``: the lexical benches' references."""
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 18)))


def corrupt(text: str, rng: random.Random, edits: int = 1) -> str:
    """``text`` with ``edits`` words (at random places, maybe the same one) replaced from ``WORDS``."""
    words = text.split()
    for _ in range(edits):
        words[rng.randrange(len(words))] = rng.choice(WORDS)
    return " ".join(words)


def lexical_checks(bleu_min: float, chrf_min: float) -> list[dict]:
    return [{"metric": "bleu", "min": bleu_min}, {"metric": "chrf", "min": chrf_min}]


def bench_suite(cases: list[dict], checks: list[dict], name: str = "bench") -> dict:
    """A suite mapping from ``xx`` into English with ``checks`` as every case's default."""
    return {"name": name, "source_lang": "xx", "target_lang": "en", "defaults": {"checks": checks}, "cases": cases}


def dump_suite(path: Path, suite: dict) -> None:
    path.write_text(yaml.safe_dump(suite, allow_unicode=True, sort_keys=False), encoding="utf-8")


def bench_parser(description: str, cases: int, repeat: int) -> argparse.ArgumentParser:
    """A parser with the ``--cases`` and ``--repeat`` options of the benches that time whole runs."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cases", type=int, default=cases)
    parser.add_argument("--repeat", type=int, default=repeat)
    return parser


@contextmanager
def scratch() -> Iterator[Path]:
    """A temporary folder for a bench's suites, caches and reports, removed afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        yield Path(tmp)


def pytest_command(*args: str) -> list[str]:
    """``python -m pytest -q -p no:cacheprovider`` followed by ``args``: how the benches start pytest."""
    return [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args]


def timed_run(command: Sequence[str], cwd: Path, env: Mapping[str, str] | None = None,
              ok: tuple[int, ...] = (0,), expect: str | None = None) -> float:
    """Wall seconds of ``command`` in a fresh process. Stops the bench with the tail of its output when
    it exits with a status not in ``ok``, or when ``expect`` is given and its standard output lacks it."""
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in ok or (expect is not None and expect not in done.stdout):
        wanted = f" (wanted {expect!r} in its output)" if expect is not None else ""
        raise SystemExit(f"{' '.join(command)} in {cwd} exited {done.returncode}{wanted}:\n"
                         f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return elapsed


def alternate(repeat: int, runs: Mapping[object, Callable[[], float]]) -> dict:
    """Each of ``runs`` in turn, ``repeat`` rounds, so that the machine's noise falls on all of them alike:
    each one's seconds, per round."""
    times: dict = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            times[name].append(run())
    return times


def print_aligned(rows: Sequence[tuple[str, str]], indent: str = "") -> None:
    """One ``label value`` line a row, the values in one column."""
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{indent}{label:<{width}} {value}")


def plugin_vs_hand(repeat: int, suite: dict, hand_files: Mapping[str, str], header: str, hand_label: str,
                   target: str, expect: tuple[str, str] | None = None) -> None:
    """Time ``suite`` through the mtcheck plugin against a hand-written pytest test (``hand_files``: file name
    to text, in a folder of their own), as fresh ``pytest`` processes, alternately, best of ``repeat``;
    print both and the ratio plugin / hand-written. ``expect``: what the hand-written test's output and the
    plugin's must hold (pytest's words and mtcheck's differ for known-faulty outputs)."""
    with scratch() as folder:
        mt, hand = folder / "mt", folder / "hand"
        mt.mkdir()
        hand.mkdir()
        dump_suite(mt / "bench.mt.yaml", suite)
        for name, text in hand_files.items():
            (hand / name).write_text(text, encoding="utf-8")
        wanted = dict(zip((hand, mt), expect or (None, None)))
        times = alternate(repeat, {side: partial(timed_run, pytest_command(str(side)), side, expect=wanted[side])
                                   for side in (hand, mt)})
    best_mt, best_hand = min(times[mt]), min(times[hand])
    print(header)
    print_aligned([(hand_label, f"{best_hand:.2f} s"), ("mtcheck plugin:", f"{best_mt:.2f} s"),
                   ("ratio mtcheck / hand-written:", f"{best_mt / best_hand:.2f} (target {target})")])
