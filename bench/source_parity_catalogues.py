"""``source-parity`` on real human translations: gettext catalogues, X -> English, numbers and negations.

Each pair is a catalogue's translation (the source, in language X) and the English message it
translates (the output): people wrote both, so the output is correct. From the catalogues of the
Debian packages of ``bench/data/independent_eval_packages.txt`` (``bench/fetch_catalogues.sh ROOT``):

* **numbers**: pairs with a number on either side (digits of any script, a superscript, a vulgar
  fraction, or an English number word); the changed output has its first number changed
  (:func:`source_parity_dev.changed_number`: 25 -> 26, *three* -> *four*);
* **negation**: pairs, for sources whose language has negation lists, with a negation on either side
  (as each side's lists count it); the changed output has a negation dropped by
  mtcheck's first English edit (:func:`mtcheck.perturb.critical.negation_drop`).

A correct pair that the component flags is a false alarm; a changed output it flags is caught. Pairs with a
printf or template placeholder (``%d``, ``%s``, ``{0}``, ``$VAR``) or markup, on more than one line,
left untranslated, or from a catalogue of names (``iso_*``) are left out; a pair is counted once per
language however many packages hold it. A pair is in the held-out part when the SHA-256 of its two
messages is 0 mod 3 (:func:`independent_eval_set.split_of`), else in the dev part.

    bench/fetch_catalogues.sh /tmp/catalogues
    python bench/source_parity_catalogues.py --root /tmp/catalogues [--split dev] [--show numbers]
"""
from __future__ import annotations

import argparse
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from gettext_catalogues import catalogue_paths, load_catalogue
from independent_eval_set import SKIPPED_DOMAINS, _usable, split_of
from source_parity_dev import changed_number, first_edit

from mtcheck.languages.numerals import FRACTIONS, SUPERSCRIPTS
from mtcheck.parity.compare import NEGATION, NUMBERS, Comparison
from mtcheck.parity.negation import negation_words, negations
from mtcheck.perturb.critical import negation_drop

#: Catalogue folder -> the language code mtcheck is given.
LANGUAGES = {"ar": "ar", "da": "da", "de": "de", "es": "es", "fr": "fr", "ja": "ja", "ko": "ko", "nb": "nb",
             "ru": "ru", "sv": "sv", "zh_CN": "zh", "zh_TW": "zh"}
PLACEHOLDER = re.compile(r"%[-+ #0']*\d*(?:\.\d+)?[hlLqjzt]*[diouxXeEfFgGaAcspnS]|%\d+\$|%\(\w+\)|%[A-Z]"
                         r"|\{[\w.:]*\}|\$\{?\w+|<[^>]*>|&\w+;")
NUMBER = re.compile(rf"\d|[{''.join(SUPERSCRIPTS)}{''.join(FRACTIONS)}]|\b(?:zero|one|two|three|four|five|six|"
                    r"seven|eight|nine|ten|eleven|twelve|thirteen|fifteen|twenty|thirty|forty|fifty|hundred|"
                    r"thousand|million|billion)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Pair:
    """One catalogue message: the translation (source) and the English message (output)."""

    folder: str
    lang: str
    src: str
    output: str

    @property
    def split(self) -> str:
        return split_of(self.src, self.output)


def pairs(root: Path, folders: Iterable[str]) -> Iterator[Pair]:
    """The usable message pairs of each catalogue folder under ``root``, once each, in a fixed order."""
    for folder in folders:
        seen: set[tuple[str, str]] = set()
        for path in catalogue_paths(root, folder):
            if path.stem.startswith(SKIPPED_DOMAINS):
                continue
            for msgid, text in sorted(load_catalogue(path, folder).messages.items()):
                if (text, msgid) in seen or not _usable(text, msgid) or "\n" in msgid or PLACEHOLDER.search(msgid + text):
                    continue
                seen.add((text, msgid))
                yield Pair(folder, LANGUAGES[folder], text, msgid)


def items(pair: Pair) -> Iterator[tuple[str, str, str]]:
    """``(component, kind, output)`` for the correct pair and its changed output, per component that applies."""
    if NUMBER.search(pair.src) or NUMBER.search(pair.output):
        yield NUMBERS, "correct", pair.output
        changed = changed_number(pair.output)
        if changed is not None and changed != pair.output:
            yield NUMBERS, "changed", changed
    src_words, en_words = negation_words(pair.lang), negation_words("en")
    if src_words is None or en_words is None:
        return
    mine, theirs = negations(pair.src, src_words), negations(pair.output, en_words)
    if mine.count or theirs.count:
        yield NEGATION, "correct", pair.output
        dropped = first_edit(pair.output, negation_drop)
        if dropped is not None:
            yield NEGATION, "changed", dropped


def evaluate(all_pairs: Iterable[Pair], split: str | None, show: str | None) -> dict[tuple[str, str, str, str], list[int]]:
    """(component, folder, split, kind) -> [flagged, total]; prints the misses of ``show`` (a component)."""
    comparisons: dict[tuple[str, str], Comparison] = {}
    counts: dict[tuple[str, str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for pair in all_pairs:
        if split is not None and pair.split != split:
            continue
        for component, kind, output in items(pair):
            key = (pair.lang, component)
            if key not in comparisons:
                comparisons[key] = Comparison.build(pair.lang, "en", [component])
            _, details = comparisons[key].compare(pair.src, output)
            flagged = component in details["critical"]
            cell = counts[(component, pair.folder, pair.split, kind)]
            cell[0] += flagged
            cell[1] += 1
            if show == component and flagged == (kind == "correct"):
                print(f"{'FALSE ALARM' if flagged else 'MISSED'} {pair.folder}: {pair.src} => {output}  {details[component]}")
    return counts


def table(counts: dict[tuple[str, str, str, str], list[int]], splits: Sequence[str]) -> str:
    """A Markdown table: per component and language, correct outputs flagged and changed outputs caught, per split."""
    header = "| component | source | " + " | ".join(f"{s}: correct flagged | {s}: changed caught" for s in splits) + " |"
    lines = [header, "|" + "---|" * (2 + 2 * len(splits))]
    for component, folder in sorted({(c, f) for c, f, _, _ in counts}):
        cells = []
        for split in splits:
            for kind in ("correct", "changed"):
                flagged, total = counts.get((component, folder, split, kind), [0, 0])
                cells.append(f"{flagged / total:.1%} ({flagged}/{total})" if total else "-")
        lines.append(f"| {component} | {folder} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True, help="the folder bench/fetch_catalogues.sh filled")
    parser.add_argument("--split", choices=("dev", "held-out"), help="one part only (tune on dev)")
    parser.add_argument("--lang", action="append", choices=sorted(LANGUAGES), help="catalogue folders (default all)")
    parser.add_argument("--show", choices=(NUMBERS, NEGATION), help="print that component's false alarms and misses")
    args = parser.parse_args()
    folders = args.lang or sorted(LANGUAGES)
    missing = [f for f in folders if not catalogue_paths(args.root, f)]
    if missing:
        raise SystemExit(f"{args.root}: no catalogues for {', '.join(missing)}; fix: run bench/fetch_catalogues.sh "
                         f"{args.root} first (see bench/data/README.md)")
    counts = evaluate(pairs(args.root, folders), args.split, args.show)
    print(table(counts, [args.split] if args.split else ["dev", "held-out"]))


if __name__ == "__main__":
    main()
