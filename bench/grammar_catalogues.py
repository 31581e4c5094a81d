"""The ``grammar`` check's false alarms on real translated text: the installed gettext catalogues of a language.

The ``.mo`` files under /usr/share/locale/<lang>/LC_MESSAGES are human translations of English UI messages
(coreutils, apt, glib, ...), each scored with its English message as the source (names and commands copied
from it are left alone, as with an MT output). Kept: translations that read as one sentence (a capital first,
a full stop last, four to forty words, no placeholders, markup, paths or options). Each is taken as
grammatical: a sentence with an error is a false alarm (or an error of the translator: ``--show`` lists them).
``--part tune`` is the half the rules were tuned on (even SHA-1 of the text), ``held-out`` the other half.
With ``--generated`` (Danish), each sentence the check leaves clean also gets one edit of each grammar kind of
the perturbation engine, and the bench prints how many of the edited sentences have an error (detection).
With ``--text nb`` the sentences are another language's (Bokmål read with the Nynorsk table): the bench prints
how many have a written-standard error (detection of the other written standard).

    python bench/grammar_catalogues.py --lang da --part held-out
    python bench/grammar_catalogues.py --lang nn --text nb --part held-out
"""
from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections import Counter
from pathlib import Path

from gettext_catalogues import catalogue_paths, load_catalogue

from mtcheck.grammar.engine import Checker, Result
from mtcheck.grammar.rules import bundled_table
from mtcheck.perturb.kinds import candidates

_SENTENCE = re.compile(r"[A-ZÆØÅ][^%{}<>\\/\n\t=_|`\"@#$*\[\]]*[a-zæøå]\.")
_KINDS = ("agreement", "definiteness-drop", "determiner-swap", "word-order", "repeated-word", "compound-split")


def sentences(lang: str, root: Path = Path("/")) -> list[tuple[str, str]]:
    """``(translation, English message)`` of each sentence-like message of the catalogues under ``root``, once
    each, in a fixed order."""
    found: dict[str, str] = {}
    for path in catalogue_paths(root, lang):
        for msgid, text in load_catalogue(path, lang).messages.items():
            text = " ".join(text.split())
            if _SENTENCE.fullmatch(text) and 4 <= len(text.split()) <= 40 and " -" not in text and "..." not in text:
                found.setdefault(text, msgid)
    return sorted(found.items())


def part(rows: list[tuple[str, str]], name: str) -> list[tuple[str, str]]:
    """The tuned-on half (``tune``) or the other (``held-out``), split by each text's SHA-1."""
    even = name == "tune"
    return [row for row in rows if (hashlib.sha1(row[0].encode("utf-8")).digest()[-1] % 2 == 0) == even]


def _per_rule(results: list[Result]) -> Counter[str]:
    return Counter(rule for result in results for rule in {e.rule for e in result.errors})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="da")
    parser.add_argument("--part", choices=("tune", "held-out"), default="tune")
    parser.add_argument("--show", type=int, default=0, help="print this many false alarms")
    parser.add_argument("--generated", action="store_true", help="also score one generated error per kind")
    parser.add_argument("--text", help="score this language's catalogues instead (another written standard)")
    args = parser.parse_args()
    text_lang = args.text or args.lang
    rows = part(sentences(text_lang), args.part)
    if not rows:
        print(f"skipped: no {text_lang} catalogues under /usr/share/locale/{text_lang}/LC_MESSAGES")
        return 0
    checker = Checker(bundled_table(args.lang))
    results = checker.check([text for text, _ in rows], [src for _, src in rows])
    print(f"{text_lang} catalogues read as {args.lang}, {args.part}: {len(rows)} sentences")
    _report(rows, results, other=bool(args.text), show=args.show)
    if args.generated:
        _generated(checker, [(text, src) for (text, src), r in zip(rows, results) if not r.errors], args.lang)
    return 0


def _report(rows: list[tuple[str, str]], results: list[Result], *, other: bool, show: int) -> None:
    """The share of sentences with an error (false alarms, or with ``other`` the other standard found), per
    rule, and the first ``show`` of them."""
    alarms = [(text, r) for r, (text, _) in zip(results, rows) if r.errors]
    if other:
        standard = sum(any(e.category == "written standard" for e in r.errors) for r in results)
        print(f"{'written standard':16} {standard / len(rows):6.1%}  ({standard} of {len(rows)})")
    label = "any error" if other else "false alarms"
    print(f"{label:16} {len(alarms) / len(rows):6.1%}  ({len(alarms)} of {len(rows)})")
    for rule, count in _per_rule(results).most_common():
        print(f"  {rule:32} {count}")
    for text, result in alarms[:show]:
        print(f"- {text}\n  " + "; ".join(f"{e.rule}: {e.text}" for e in result.errors))


def _generated(checker: Checker, clean: list[tuple[str, str]], lang: str) -> None:
    """Detection of one edit of each grammar kind in the sentences the check leaves clean."""
    print(f"generated errors in the {len(clean)} clean sentences (first edit of each kind):")
    for kind in _KINDS:
        edited = [(edits[0].apply(text), src) for text, src in clean if (edits := candidates(text, kind, lang))]
        if not edited:
            print(f"  {kind:20} no edits")
            continue
        found = checker.check([text for text, _ in edited], [src for _, src in edited])
        caught = sum(bool(r.errors) for r in found)
        print(f"  {kind:20} {caught / len(edited):6.1%}  ({caught} of {len(edited)})")


if __name__ == "__main__":
    sys.exit(main())
