"""Bench: ``mtcheck import`` of a 10,000-line TSV against reading it with the csv module and writing
the same cases with ``yaml.safe_dump``.

The TSV has an id, a source, two references, an output and a phenomenon per row, with
quotes, non-ASCII letters and a U+2028 now and then. Both sides run in this process,
alternately, best of ``--repeat``; the printed ratio is import / (csv + safe_dump) (target: <= 2).

    python bench/bench_import.py [--rows 10000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import contextlib
import csv
import io
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

from mtcheck.commands.main import main as mtcheck_main

WORDS = ('the novel is great its only flaw last part i love walking in rain not never happy sad "quoted" '
         "story movie terrible awesome my study skills are god would forgive him country café naïve zwölf").split()
TAGS = ("negation-drop", "antonym-swap", "sarcasm", "intensity", "fluency")


def sentence(rng: random.Random) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 25)))
    return text.replace(" ", "\u2028", 1) if rng.random() < 0.01 else text


def make_tsv(path: Path, rows: int) -> None:
    rng = random.Random(1234)
    lines = ["id\tsrc\tref\tref2\thyp\tphenomenon"]
    lines += [f"seg-{i}\t{sentence(rng)}\t{sentence(rng)}\t{sentence(rng)}\t{sentence(rng)}\t{rng.choice(TAGS)}"
              for i in range(rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def by_hand(tsv: Path, out: Path) -> None:
    """The floor: csv.reader, the same case mappings, yaml.safe_dump."""
    with tsv.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        next(reader)
        cases = [{"id": i, "src": s, "ref": [r, r2], "hyp": h, "tags": [t]} for i, s, r, r2, h, t in reader]
    suite = {"version": 1, "name": "bench", "source_lang": "de", "target_lang": "en",
             "defaults": {"checks": [{"metric": "chrf", "min": 50}]}, "cases": cases}
    out.write_text(yaml.safe_dump(suite, allow_unicode=True, sort_keys=False), encoding="utf-8")


def with_mtcheck(tsv: Path, out: Path) -> None:
    argv = ["import", str(tsv), "--source-lang", "de", "--target-lang", "en", "--out", str(out), "--force"]
    with contextlib.redirect_stdout(io.StringIO()):
        if mtcheck_main(argv) != 0:
            raise SystemExit("mtcheck import failed")


def timed(step: Callable[[Path, Path], None], tsv: Path, out: Path) -> float:
    start = time.perf_counter()
    step(tsv, out)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        tsv = folder / "set.tsv"
        make_tsv(tsv, args.rows)
        with_mtcheck(tsv, folder / "warm.mt.yaml")  # imports of the first call outside the timing
        hand = imported = float("inf")
        for _ in range(args.repeat):
            hand = min(hand, timed(by_hand, tsv, folder / "hand.mt.yaml"))
            imported = min(imported, timed(with_mtcheck, tsv, folder / "imported.mt.yaml"))
        print(f"{args.rows:,} rows: csv + yaml.safe_dump {hand:.2f} s, mtcheck import {imported:.2f} s, "
              f"ratio {imported / hand:.2f} (target <= 2)")


if __name__ == "__main__":
    main()
