"""Whether the ``hunspell`` program and spylls give the same verdict on the words the ``grammar`` check asks.

Runs the check over the tuned-on halves (MultiGED sv train's ``--part tune`` for sv; the installed gettext
catalogues' ``tune`` half for every language, as bench/grammar_catalogues.py reads them, and for English also the
English messages the Swedish half translates), records every distinct
word the check looks up in a Hunspell dictionary, and looks each up with both backends
(:class:`~mtcheck.grammar.hunspell_process.HunspellProcess`, and spylls through
:class:`~mtcheck.grammar.lookup.PrunedLookup`). Prints, per text, the words asked and those the two disagree on.

    python bench/grammar_hunspell_agreement.py
    python bench/grammar_hunspell_agreement.py --lang nb --show 20
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable

import grammar_catalogues
import grammar_multiged

from mtcheck.grammar.dictionary import Dictionary
from mtcheck.grammar.engine import Checker
from mtcheck.grammar.hunspell_process import HunspellProcess, available
from mtcheck.grammar.lookup import PrunedLookup
from mtcheck.grammar.rules import bundled_table
from mtcheck.grammar.snapshot import load


def asked(lang: str, texts: list[str]) -> dict[str, set[str]]:
    """Per dictionary stem of ``lang``'s table, every word the check over ``texts`` asks :meth:`Dictionary.knows`
    when either backend runs (which words it asks depends on the verdicts)."""
    table = bundled_table(lang)
    found: dict[str, set[str]] = {d.file: set() for d in table.dictionaries}
    knows: Callable[[Dictionary, str], bool] = Dictionary.knows

    def recording(self: Dictionary, word: str) -> bool:
        found[self.stem].add(word)
        return knows(self, word)

    Dictionary.knows = recording  # type: ignore[method-assign]
    try:
        for spylls in (False, True):
            checker = Checker(table)
            if spylls:
                checker._dictionaries = [_spylls(d.stem) for d in checker._dictionaries]
            checker.check(texts, [None] * len(texts))
    finally:
        Dictionary.knows = knows  # type: ignore[method-assign]
    return found


def _spylls(stem: str) -> Dictionary:
    """A dictionary of its own that spylls reads (the process-wide one keeps the program's verdicts)."""
    found = Dictionary(stem)
    found.process = None
    return found


def disagreements(stem: str, words: set[str]) -> list[tuple[str, bool, bool]]:
    """``(word, hunspell, spylls)`` for each word the two backends judge differently."""
    aff, dic = load(stem)
    spylls = PrunedLookup(aff, dic, dic.compound_parts)
    compiled = HunspellProcess(stem).known(words)
    return [(word, word in compiled, bool(spylls(word))) for word in sorted(words)
            if (word in compiled) != bool(spylls(word))]


def texts(lang: str) -> list[tuple[str, list[str]]]:
    """``(name, texts)`` of the tuned-on halves read in ``lang``."""
    found = [(f"{lang} catalogues, tune", [text for text, _ in grammar_catalogues.part(
        grammar_catalogues.sentences(lang), "tune")])]
    if lang == "en":  # the English catalogues hold few sentences: the English messages the others translate
        found.append(("en messages of sv, tune", [message for _, message in grammar_catalogues.part(
            grammar_catalogues.sentences("sv"), "tune")]))
    if lang == "sv" and grammar_multiged.DATA.is_dir():
        found.insert(0, ("sv MultiGED train, tune", [text for text, _ in grammar_multiged.part("tune")]))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", action="append", help="this language only (repeatable; default: all six)")
    parser.add_argument("--show", type=int, default=10, help="print this many disagreements per text")
    args = parser.parse_args()
    if not available():
        print("skipped: the hunspell program is not on PATH (apt-get install hunspell)")
        return 0
    for lang in args.lang or ["sv", "nb", "nn", "da", "en", "es"]:
        for name, rows in texts(lang):
            for stem, words in asked(lang, rows).items():
                differ = disagreements(stem, words)
                print(f"{name:28} {stem.rsplit('/', 1)[-1]:6} {len(words):6} words asked, {len(differ):4} differ")
                for word, compiled, spylls in differ[: args.show]:
                    print(f"    {word!r}: hunspell {compiled}, spylls {spylls}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
