"""The ``grammar`` check on Swedish learner sentences (MultiGED-2023, SweLL-gold), read from ../shared.

A sentence is ungrammatical when any of its tokens is labelled ``i``. Prints detection (ungrammatical
sentences with at least one error found), false alarms (grammatical sentences with one) and, per category,
how many sentences of each kind it fired on (and per rule). ``--part tune`` is the fixed half of the train split the rules were tuned
on (even sentence numbers), ``held-out`` the other half, ``dev`` the dev split. The data is not part of
mtcheck: the bench skips, saying why, where it is absent.

    python bench/grammar_multiged.py --part held-out
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "grammar" / "sv-multiged"
FILES = {"tune": "sv_swell_train.tsv", "held-out": "sv_swell_train.tsv", "dev": "sv_swell_dev.tsv"}
_NO_SPACE_BEFORE = re.compile(r" ([.,!?:;)%])")


def sentences(path: Path) -> list[tuple[str, bool]]:
    """``(text, ungrammatical)`` for each sentence of a MultiGED file (tokens joined as running text)."""
    found, tokens, wrong = [], [], False
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if tokens:
                found.append((_NO_SPACE_BEFORE.sub(r"\1", " ".join(tokens)), wrong))
            tokens, wrong = [], False
            continue
        token, _, label = line.partition("\t")
        tokens.append(token)
        wrong = wrong or label.strip() == "i"
    return found


def part(name: str) -> list[tuple[str, bool]]:
    rows = sentences(DATA / FILES[name])
    if name == "dev":
        return rows
    return rows[0 if name == "tune" else 1::2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=list(FILES), default="tune")
    parser.add_argument("--show", type=int, default=0, help="print this many false alarms")
    args = parser.parse_args()
    if not DATA.is_dir():
        print(f"skipped: {DATA} is absent (MultiGED-2023 Swedish; see docs/grammar-evaluation.md)")
        return 0
    rows = part(args.part)
    results = Checker(bundled_table("sv")).check([text for text, _ in rows], [None] * len(rows))
    bad = sum(wrong for _, wrong in rows)
    good = len(rows) - bad
    caught = sum(bool(r.errors) for r, (_, wrong) in zip(results, rows) if wrong)
    alarms = [(text, r) for r, (text, wrong) in zip(results, rows) if not wrong and r.errors]
    print(f"MultiGED sv {args.part}: {len(rows)} sentences, {bad} ungrammatical, {good} grammatical")
    print(f"detection    {caught / bad:6.1%}  ({caught} of {bad})")
    print(f"false alarms {len(alarms) / good:6.1%}  ({len(alarms)} of {good})")
    for kind, name in (("category", lambda e: e.category), ("rule", lambda e: e.rule)):
        fired: Counter[tuple[str, bool]] = Counter()
        for result, (_, wrong) in zip(results, rows):
            for key in {name(e) for e in result.errors}:
                fired[key, wrong] += 1
        print(f"{kind:28} {'on ungrammatical':>17} {'on grammatical':>15}")
        for key in sorted({key for key, _ in fired}, key=lambda k: -fired[k, True]):
            print(f"{key:28} {fired[key, True]:17} {fired[key, False]:15}")
    for text, result in alarms[: args.show]:
        print(f"- {text}\n  " + "; ".join(f"{e.rule}: {e.text}" for e in result.errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
