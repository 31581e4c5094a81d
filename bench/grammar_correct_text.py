"""False alarms of the ``grammar`` check on correct English or Spanish text the rules were not written from.

Two sources: ``suites`` (the bundled suites' correct text in the language: the sources of suites translating
from it, the first reference of each case and every correct output, rated fluency 4 or more where the case
has ratings, of suites translating into it; the sarcasm suite's tweets are left out, as they are not meant to
be correct), and ``wordnet`` (English only: WordNet 3.0's usage examples, as Debian's ``wordnet`` package
and mtcheck's NLTK cache hold them, taking those that start with a capital letter and have four or more
words: sentences, not gloss fragments), and ``gettext`` (the messages of the installed programs' Spanish
gettext catalogues, /usr/share/locale/es, as translators wrote them, and their English originals: those that
read as one sentence, a capital letter, five to 30 words, a full stop, no format codes). Each source is split in two fixed halves (even and odd positions of
its sorted texts): the rules were tuned on ``tune`` and ``held-out`` was scored once, at the end.

    python bench/grammar_correct_text.py --lang en --source suites --part held-out
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from gettext_catalogues import catalogue_paths, load_catalogue

from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table
from mtcheck.suite.loader import load_suite

ROOT = Path(__file__).resolve().parents[1]
WORDNET = [Path("/usr/share/wordnet"), *Path.home().glob(".cache/mtcheck/nltk_data/*/corpora/wordnet")]
_EXAMPLE = re.compile(r'"([A-Z][^"`]*)"')
_SENTENCE = re.compile(r"[A-ZÁÉÍÓÚÑ¿¡][^%{}<>\[\]`\n\t|\\/=_*@]*[a-záéíóúñ]\.")


def _fluent(case: object, system: str) -> bool:
    """Unrated outputs count as correct as the suite marks them; rated ones need mean fluency >= 4."""
    rated = getattr(case, "ratings", {}).get("fluency", {}).get(system)
    return rated is None or statistics.mean(rated.values()) >= 4


def suite_texts(lang: str) -> list[tuple[str, str | None]]:
    """``(text, source)`` of every correct text in ``lang`` in the bundled suites."""
    found: dict[str, str | None] = {}
    for path in sorted((ROOT / "suites").glob("*.mt.yaml")):
        suite = load_suite(path)
        for case in suite.cases:
            if suite.source_lang == lang and "sarcasm" not in path.name:
                found.setdefault(case.src, None)
            if suite.target_lang != lang:
                continue
            if case.refs and "puzzles" not in path.name:  # the puzzles' references are glosses (You.SG)
                found.setdefault(case.refs[0], case.src)
            for hyp in case.hyps:
                if not hyp.expect_fail and hyp.text != case.src and _fluent(case, hyp.system):
                    found.setdefault(hyp.text, case.src)
    return sorted(found.items())


def wordnet_texts() -> list[tuple[str, str | None]]:
    """WordNet's usage examples that are sentences (a capital letter, four words or more)."""
    folder = next((f for f in WORDNET if (f / "data.verb").is_file()), None)
    if folder is None:
        return []
    found = {m.group(1).strip() for pos in ("noun", "verb", "adj", "adv")
             for m in _EXAMPLE.finditer((folder / f"data.{pos}").read_text(encoding="latin-1"))}
    return sorted((text, None) for text in found if len(text.split()) >= 4)


def gettext_texts(lang: str) -> list[tuple[str, str | None]]:
    """The one-sentence messages of the Spanish catalogues in ``lang`` (es: the translations, en: the originals),
    each with the other side as its source."""
    found: dict[str, str | None] = {}
    for path in catalogue_paths(Path("/"), "es"):
        for msgid, text in load_catalogue(path, "es").messages.items():
            own, other = (text, msgid) if lang == "es" else (msgid, text)
            if _SENTENCE.fullmatch(own) and 5 <= len(own.split()) <= 30 and own.count(".") == 1:
                found.setdefault(own, other)
    return sorted(found.items())


def texts(lang: str, source: str, part: str) -> list[tuple[str, str | None]]:
    """``(text, source)`` of one half (or ``all``) of ``source``'s correct texts in ``lang``, in NFC."""
    found = {"suites": lambda: suite_texts(lang), "gettext": lambda: gettext_texts(lang),
             "wordnet": lambda: wordnet_texts() if lang == "en" else []}[source]()
    rows = [(unicodedata.normalize("NFC", text), src) for text, src in found]
    return rows if part == "all" else rows[0 if part == "tune" else 1::2]


def arguments(description: str) -> argparse.Namespace:
    """The options both benches take: language, source, half and how many examples to print."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--lang", choices=["en", "es"], default="en")
    parser.add_argument("--source", choices=["suites", "wordnet", "gettext"], default="suites")
    parser.add_argument("--part", choices=["tune", "held-out", "all"], default="tune")
    parser.add_argument("--show", type=int, default=0, help="print this many examples")
    return parser.parse_args()


def main() -> int:
    args = arguments(__doc__.splitlines()[0])
    rows = texts(args.lang, args.source, args.part)
    if not rows:
        print(f"skipped: no {args.source} text in {args.lang}")
        return 0
    results = Checker(bundled_table(args.lang)).check([t for t, _ in rows], [s for _, s in rows])
    alarms = [(text, r) for r, (text, _) in zip(results, rows) if r.errors]
    print(f"{args.lang} {args.source} {args.part}: {len(rows)} correct texts")
    print(f"false alarms {len(alarms) / len(rows):6.1%}  ({len(alarms)} of {len(rows)})")
    fired = Counter(rule for _, r in alarms for rule in {e.rule for e in r.errors})
    for rule, count in fired.most_common():
        print(f"  {rule:36} {count}")
    for text, result in alarms[: args.show]:
        print(f"- {text}\n  " + "; ".join(f"{e.rule}: {e.text}" for e in result.errors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
