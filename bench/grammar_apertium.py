"""The grammar check (es) on Apertium's real English -> Spanish output of the bundled suites' English text (issue 42).

The text: every English source of a bundled suite (source_lang en) and every English reference of one whose
target is English, once each, less the sources of sentiment-es (whose Apertium outputs the suite records): text
the mtcheck developers wrote for other suites, not for this check. Each is translated alone with ``apertium -u
eng-spa`` (bench/record_apertium.py's convention) and the outputs are checked with the bundled Spanish table, the
English text as the source. ``--part tune`` is the half the rules were written on (even SHA-1 of the English
text), ``held-out`` the other half.

Every flag was read by hand: bench/data/grammar_apertium_es.tsv holds the verdict on each (output, rule, flagged
words):
``real`` (the output has that error) or ``false`` (a false alarm). The bench prints the flags per rule, their
precision over the judged ones, and every flag not judged yet (to read and add).

    python bench/grammar_apertium.py --part tune --show
    python bench/grammar_apertium.py --part held-out --show
    git show 108b44d:mtcheck/grammar/rules/es.yaml > /tmp/es-before.yaml     # the table before issue 42's rules
    python bench/grammar_apertium.py --part tune --rules /tmp/es-before.yaml
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import sys
from collections import Counter
from pathlib import Path

from record_apertium import Pair, system_name, translate

from mtcheck import api
from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table, read_table

PAIR = Pair("eng-spa", "apertium-eng-spa")
SUITES = Path(__file__).resolve().parent.parent / "suites"
VERDICTS = Path(__file__).resolve().parent / "data" / "grammar_apertium_es.tsv"


def english_text(root: Path = SUITES) -> list[str]:
    """The bundled suites' English sources and English references, once each, less sentiment-es's sources."""
    suites = api.load_suites([root])
    recorded = {c.src for s in suites if s.name == "sentiment-es" for c in s.cases}
    found: dict[str, None] = {}
    for suite in suites:
        for case in suite.cases:
            if suite.source_lang == "en" and case.src not in recorded:
                found.setdefault(case.src)
            if suite.target_lang == "en":
                found.update(dict.fromkeys(case.refs))
    return sorted(text for text in found if text.strip())


def part(texts: list[str], name: str) -> list[str]:
    """The tuned-on half (``tune``) or the other (``held-out``), split by each text's SHA-1."""
    even = name == "tune"
    return [t for t in texts if (hashlib.sha1(t.encode("utf-8")).digest()[-1] % 2 == 0) == even]


def verdicts(path: Path = VERDICTS) -> dict[tuple[str, str, str], str]:
    """``(output, rule, flagged words) -> real | false`` from the hand-read list."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t")
        return {(row["output"], row["rule"], row["text"]): row["verdict"] for row in rows}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("tune", "held-out"), default="tune")
    parser.add_argument("--show", action="store_true", help="print every flag with its verdict")
    parser.add_argument("--rules", type=Path, help="another Spanish rule table (an earlier one, to compare)")
    args = parser.parse_args()
    system = system_name(PAIR)
    if system is None:
        print(f"skipped: needs Apertium's {PAIR.mode}: apt-get install -y apertium {PAIR.package}")
        return 0
    texts = part(english_text(), args.part)
    outputs = [translate(PAIR.mode, text) for text in texts]
    results = Checker(read_table(args.rules) if args.rules else bundled_table("es")).check(outputs, texts)
    judged = verdicts()
    flags = [(out, e) for out, r in zip(outputs, results) for e in r.errors]
    print(f"{system} on the suites' English text, {args.part}: {len(texts)} outputs, "
          f"{sum(bool(r.errors) for r in results)} with a flag, {len(flags)} flags")
    per_rule: dict[str, Counter[str]] = {}
    for out, error in flags:
        per_rule.setdefault(error.rule, Counter())[judged.get((out, error.rule, error.text), "unjudged")] += 1
    per_rule["(all rules)"] = sum(per_rule.values(), Counter())
    for rule, counts in sorted(per_rule.items()):
        rated = counts["real"] + counts["false"]
        share = f"{counts['real'] / rated:6.1%}" if rated else "     -"
        print(f"  {rule:28} {sum(counts.values()):3} flags, precision {share} "
              f"({counts['real']} real, {counts['false']} false, {counts['unjudged']} unjudged)")
    for out, error in flags:
        verdict = judged.get((out, error.rule, error.text), "unjudged")
        if args.show or verdict == "unjudged":
            print(f"- [{verdict}] {out}\n    {error.rule}: {error.text!r}: {error.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
