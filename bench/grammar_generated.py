"""Detection of the ``grammar`` check on sentences with one generated error (mtcheck's grammar perturbations).

Each correct text of ``bench/grammar_correct_text.py``'s sources that the check leaves clean gets every edit of
each grammar kind the language has (agreement, determiner swaps and drops, ...); an edit counts as caught when
the check finds an error in the edited text. Prints, per kind, how many edits it made and caught.

    python bench/grammar_generated.py --lang es --source gettext --part tune
"""
from __future__ import annotations

import sys

from grammar_correct_text import arguments, texts

from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table
from mtcheck.perturb.kinds import GROUPS, candidates, languages

KINDS = ("agreement", "determiner-swap", "determiner-drop", "repeated-word")


def main() -> int:
    args = arguments(__doc__.splitlines()[0])
    rows = texts(args.lang, args.source, args.part)
    checker = Checker(bundled_table(args.lang))
    clean = [t for (t, _), r in zip(rows, checker.check([t for t, _ in rows], [None] * len(rows))) if not r.errors]
    print(f"{args.lang} {args.source} {args.part}: {len(clean)} correct texts the check leaves clean")
    for kind in (k for k in KINDS if k in GROUPS["grammar"] and args.lang in languages(k)):
        edited = [edit.apply(text) for text in clean for edit in candidates(text, kind, args.lang)]
        missed = [text for text, r in zip(edited, checker.check(edited, [None] * len(edited))) if not r.errors]
        caught = len(edited) - len(missed)
        print(f"  {kind:18} {caught:5} of {len(edited):5} caught ({caught / max(len(edited), 1):6.1%})")
        for text in missed[: args.show]:
            print(f"    missed: {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
