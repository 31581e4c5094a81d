"""Detection of the ``grammar`` check on sentences with one generated error (mtcheck's grammar perturbations).

Each correct text of ``bench/grammar_correct_text.py``'s sources that the check leaves clean gets every edit of
each grammar kind the language has (agreement, determiner swaps and drops, ...); an edit counts as caught when
the check finds an error in the edited text. Prints, per kind, how many edits it made and caught.

    python bench/grammar_generated.py --lang es --source gettext --part tune
"""
from __future__ import annotations

import argparse
import sys
import unicodedata

from grammar_correct_text import gettext_texts, suite_texts, wordnet_texts

from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table
from mtcheck.perturb.kinds import GROUPS, candidates, languages

KINDS = ("agreement", "determiner-swap", "determiner-drop", "repeated-word")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=["en", "es"], default="en")
    parser.add_argument("--source", choices=["suites", "wordnet", "gettext"], default="suites")
    parser.add_argument("--part", choices=["tune", "held-out", "all"], default="tune")
    parser.add_argument("--show", type=int, default=0, help="print this many missed edits per kind")
    args = parser.parse_args()
    sources = {"suites": lambda: suite_texts(args.lang), "gettext": lambda: gettext_texts(args.lang),
               "wordnet": lambda: wordnet_texts() if args.lang == "en" else []}
    rows = [(unicodedata.normalize("NFC", t), s) for t, s in sources[args.source]()]
    if args.part != "all":
        rows = rows[0 if args.part == "tune" else 1::2]
    checker = Checker(bundled_table(args.lang))
    clean = [t for (t, _), r in zip(rows, checker.check([t for t, _ in rows], [None] * len(rows))) if not r.errors]
    print(f"{args.lang} {args.source} {args.part}: {len(clean)} correct texts the check leaves clean")
    for kind in (k for k in KINDS if k in GROUPS["grammar"] and args.lang in languages(k)):
        edited = [(text, edit.apply(text)) for text in clean for edit in candidates(text, kind, args.lang)]
        results = checker.check([after for _, after in edited], [None] * len(edited))
        missed = [after for (_, after), r in zip(edited, results) if not r.errors]
        caught = len(edited) - len(missed)
        print(f"  {kind:18} {caught:5} of {len(edited):5} caught ({caught / max(len(edited), 1):6.1%})")
        for after in missed[: args.show]:
            print(f"    missed: {after}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
