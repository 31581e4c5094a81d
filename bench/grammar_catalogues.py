"""False alarms of the ``grammar`` check on real human translations: the installed gettext catalogues.

Debian's message catalogues (``/usr/share/locale/<lang>/LC_MESSAGES/*.mo``) hold UI messages translated by
people, and their English originals. Of them, only whole sentences are read (a capital first, ``.``, ``!`` or
``?`` last, at least four words, no placeholder, markup, line break or quoted word), each output with its English
message as its source, so names and copied terms are left alone as in a suite. For English the originals are the
outputs. A sentence with an error found is a false alarm; the translations were reviewed by their language teams,
so most are grammatical, and the bench prints each flagged sentence with ``--show`` to read which are real errors.

``--part tune`` is the half of the sentences whose hash is even, ``held-out`` the other half (looked at once).

    python bench/grammar_catalogues.py --lang nb --part tune [--show 20]
"""
from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections import Counter
from pathlib import Path

from gettext_catalogues import catalogue_paths, load_catalogue

from mtcheck.errors import MetricError
from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table

#: The locale folders whose catalogues hold each table's language.
LOCALES = {"nb": ["nb", "nb_NO", "no"], "nn": ["nn"], "da": ["da"], "sv": ["sv"], "es": ["es"], "de": ["de"]}
_UNWANTED = re.compile(r"[%{}<>\n\t\\/_@|`\"'“”‘’«»]|\$\w|\.\.\.|…|\w\.\w")
_SENTENCE = re.compile(r"[A-ZÆØÅÄÖÉÁÍÓÚÑ][^.!?]*[a-zæøåäöéáíóúñü][.!?]")


def is_sentence(text: str) -> bool:
    """A whole sentence of running text: what a translation's grammar can be judged on."""
    return bool(_SENTENCE.fullmatch(text)) and not _UNWANTED.search(text) and len(text.split()) >= 4


def pairs(lang: str) -> list[tuple[str, str]]:
    """``(English source, output)`` for every whole sentence of ``lang``'s catalogues (each output once)."""
    found: dict[str, str] = {}
    for locale in LOCALES.get(lang, [lang]):
        for path in catalogue_paths(Path("/"), locale):
            for english, translation in load_catalogue(path, locale).messages.items():
                output = translation if lang != "en" else english
                if is_sentence(output) and is_sentence(english):
                    found.setdefault(output, english)
    return sorted((source, output) for output, source in found.items())


def part(rows: list[tuple[str, str]], name: str) -> list[tuple[str, str]]:
    """The fixed half ``name`` of ``rows`` (by the output's hash: stable whatever else is installed)."""
    def even(output: str) -> bool:
        return hashlib.sha256(output.encode("utf-8")).digest()[0] % 2 == 0
    return [row for row in rows if even(row[1]) == (name == "tune")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", required=True)
    parser.add_argument("--part", choices=["tune", "held-out"], default="tune")
    parser.add_argument("--show", type=int, default=0, help="print this many flagged sentences")
    args = parser.parse_args()
    rows = part(pairs(args.lang), args.part)
    if not rows:
        print(f"skipped: no catalogue sentences for {args.lang!r} are installed")
        return 0
    try:
        checker = Checker(bundled_table(args.lang))
    except MetricError as error:
        print(f"skipped: {error}")
        return 0
    results = checker.check([o for _, o in rows], [s for s, _ in rows])
    flagged = [(row, result) for row, result in zip(rows, results) if result.errors]
    rules = Counter(e.rule for _, result in flagged for e in result.errors)
    print(f"{args.lang} catalogues, {args.part}: {len(rows)} sentences, {len(flagged)} flagged "
          f"({100 * len(flagged) / len(rows):.1f}%)")
    print("  by rule: " + ", ".join(f"{rule} {n}" for rule, n in rules.most_common()))
    for (source, output), result in flagged[:args.show]:
        print(f"  {output}\n    <- {source}\n    " + "; ".join(f"{e.rule}: {e.text}" for e in result.errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
