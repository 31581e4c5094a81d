"""Not a test: every perturbation candidate of every edit kind for the bundled suites' sources and references,
and the number words of each language source-parity reads, one line each, to diff two checkouts when tables move
between code and language files (the output must stay byte-identical).

    python bench/perturbation_candidates.py /tmp/after.txt   # then: cmp /tmp/before.txt /tmp/after.txt
"""
from __future__ import annotations

import sys
from dataclasses import fields
from pathlib import Path
from typing import Any, TextIO

from mtcheck.errors import PerturbError
from mtcheck.languages.number_words import number_words
from mtcheck.perturb.kinds import KINDS, candidates, languages
from mtcheck.perturb.text import normalise_lang
from mtcheck.suite.loader import load_suite

SUITES = Path(__file__).resolve().parent.parent / "suites"
#: The subtags number words are asked for: every file's code and alias, and languages without a file.
NUMBER_LANGS = ("en", "eng", "en-GB", "de", "es", "sv", "nb", "no", "nn", "da", "ar", "fr", "ru", "ko", "zh", "it")


def write_candidates(out: TextIO) -> None:
    for path in sorted(SUITES.glob("*.mt.yaml")):
        suite = load_suite(path)
        for case in suite.cases:
            for lang, text in [(suite.source_lang, case.src), *((suite.target_lang, ref) for ref in case.refs)]:
                try:
                    code = normalise_lang(lang)
                except PerturbError:  # a language no edit supports
                    continue
                for kind in KINDS:
                    if code in languages(kind):
                        for e in candidates(text, kind, code):
                            out.write(f"{path.name}\t{case.id}\t{lang}\t{kind}\t{e.start}:{e.end}\t{e.before!r}\t"
                                      f"{e.after!r}\n")


def _sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return sorted(value.items())
    return sorted(value) if isinstance(value, frozenset) else value


def write_number_words(out: TextIO) -> None:
    for lang in NUMBER_LANGS:
        words = number_words(lang)
        if words is None:
            out.write(f"numbers\t{lang}\tNone\n")
            continue
        for field in fields(words):
            out.write(f"numbers\t{lang}\t{field.name}\t{_sorted(getattr(words, field.name))!r}\n")


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as handle:
        write_candidates(handle)
        write_number_words(handle)
