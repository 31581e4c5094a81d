"""Dev-set figures for ``source-parity``: clean outputs flagged, dropped and added negations and changed numbers caught.

Two sets, neither an independent evaluation (that one is built apart from the word lists):

* ``bench/data/source_parity_dev.jsonl``: 55 German and 55 Spanish sentences (news and reviews)
  with an English translation each, written by the mtcheck developers as a translator would
  word them, paraphrases included ("nicht zufrieden" -> "dissatisfied"). Errors are made in the
  English output: a negation dropped or added by mtcheck's English edits
  (:mod:`mtcheck.perturb.critical`), a number changed (its last digit, or the next number word);
* the bundled ``suites/sentiment-*.mt.yaml`` (English sources into sv, nb, da, de, es, ar): their
  references and correct recorded outputs (para-mt, worded unlike the reference on purpose) as
  clean outputs, their dropped-negation outputs (``neg-drop``, ``blind-spot-neg-drop``) as errors.

An item is flagged when its score is below 100. ``python bench/source_parity_dev.py [--show]``
(``--show`` prints the flagged clean items and the missed errors).
"""
from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

from mtcheck.metrics import get_metric
from mtcheck.perturb.critical import negation_drop, negation_insert
from mtcheck.suite.loader import load_suite

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT / "bench" / "data" / "source_parity_dev.jsonl"
NEXT_WORD = {"one": "two", "two": "three", "three": "four", "four": "five", "five": "six", "six": "seven",
             "seven": "eight", "eight": "nine", "nine": "ten", "ten": "eleven", "twelve": "thirteen"}


def changed_number(text: str) -> str | None:
    """``text`` with its first number changed: the last digit of digits (25 -> 26), or a number word to the next."""
    digits = re.search(r"\d+", text)
    words = re.search(r"\b(" + "|".join(NEXT_WORD) + r")\b", text, re.IGNORECASE)
    if digits and (not words or digits.start() < words.start()):
        number = digits.group()
        last = str((int(number[-1]) + 1) % 10)
        return text[:digits.start()] + number[:-1] + last + text[digits.end():]
    if words:
        return text[:words.start()] + NEXT_WORD[words.group().lower()] + text[words.end():]
    return None


def first_edit(text: str, find) -> str | None:
    edits = find(text, "en")
    return edits[0].apply(text) if edits else None


def dev_items() -> list[tuple[str, str, str, str, str]]:
    """``(set, kind, src_lang, src, hyp)`` for every clean item and every error made from it."""
    items = []
    for line in DEV.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        lang, src, hyp = row["src_lang"], row["src"], row["hyp"]
        items.append((f"dev {lang}", "clean", lang, src, hyp))
        for kind, make in (("negation-drop", lambda t: first_edit(t, negation_drop)),
                           ("negation-add", lambda t: first_edit(t, negation_insert)), ("number", changed_number)):
            variant = make(hyp)
            if variant is not None and not (kind == "negation-add" and first_edit(hyp, negation_drop)):
                items.append((f"dev {lang}", kind, lang, src, variant))
    return items


def suite_items() -> list[tuple[str, str, str, str, str]]:
    """Clean (para-mt) and negation-drop outputs of the bundled sentiment suites, English sources."""
    items = []
    for path in sorted((ROOT / "suites").glob("sentiment-*.mt.yaml")):
        suite = load_suite(path)
        if suite.source_lang != "en" or suite.target_lang == "en":
            continue
        group, langs = f"suite en->{suite.target_lang}", f"en>{suite.target_lang}"
        for case in suite.cases:
            items.extend((group, "clean", langs, case.src, ref) for ref in case.refs)
            for output in case.hyps:
                if not output.expect_fail:
                    items.append((group, "clean", langs, case.src, output.text))
                elif output.system.removeprefix("blind-spot-").startswith("neg-drop"):
                    items.append((group, "negation-drop", langs, case.src, output.text))
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print flagged clean items and missed errors")
    args = parser.parse_args()
    metrics: dict[str, object] = {}
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for group, kind, langs, src, hyp in dev_items() + suite_items():
        src_lang, _, tgt_lang = langs.partition(">")
        key = f"{src_lang}>{tgt_lang or 'en'}"
        if key not in metrics:
            metrics[key] = get_metric("source-parity", {}, target_lang=tgt_lang or "en", source_lang=src_lang)
        score = metrics[key].score(hyp, src=src)  # type: ignore[attr-defined]
        flagged = score.value < 100
        cell = counts[(group, kind)]
        cell[0] += flagged
        cell[1] += 1
        if args.show and flagged == (kind == "clean"):
            print(f"{'FLAGGED' if flagged else 'MISSED '} {group} {kind}: {src} => {hyp}  {score.details['critical']}")
    print(f"{'set':<16} {'kind':<14} {'flagged':>8} {'of':>4} {'share':>7}")
    for (group, kind), (flagged, total) in sorted(counts.items()):
        print(f"{group:<16} {kind:<14} {flagged:>8} {total:>4} {flagged / total:>7.1%}")


if __name__ == "__main__":
    main()
