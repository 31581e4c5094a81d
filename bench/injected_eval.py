"""Inject one hand-labelled word substitution into real clean outputs: do the metrics see it?

The independent set's English items (X -> en, bench/data/independent_eval.jsonl) pair a real English
message, the clean output, with an independent real English wording of the same source, the reference.
Here each clean output gets one error that no mtcheck list chose: its first word that
bench/data/minimal_pair_words.tsv pairs with another (labels written from English meaning alone, without
reading mtcheck's lists or WordNet) is replaced by that partner (the first in alphabetical order), in the
same case. An *antonym* partner makes a flip; a *synonym* or *neutral* partner (a different thing of the
same sort) makes a control. As where one error is injected into real MT output, the clean output keeps
whatever it paraphrases of its reference, so this shows what a flip adds on top of a paraphrase's penalty,
on more English items than the set's own minimal pairs. Each (clean, reference) is used once, and an item
comes from the part of the set that bench/independent_eval.py reads (dev, or the fresh held-out part).

    python bench/injected_eval.py [--penalties paper,default] [--metrics bleu,chrf,bertscore] [--min-words 3]
                                  [--fresh-held-out]
"""
from __future__ import annotations

import argparse
import re
from collections import defaultdict
from collections.abc import Sequence

from independent_eval import Item, Rows, metric_table, read_part, score_metric, set_arguments
from minimal_pairs import load_word_labels

INJECTED = ("antonym", "synonym", "neutral")
_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
Partners = dict[str, dict[str, str]]


def partners(labels: dict[frozenset[str], str]) -> Partners:
    """``word -> label -> partner``: the first partner in alphabetical order of each labelled word, per label."""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for pair, label in labels.items():
        a, b = sorted(pair)
        found[a][label].append(b)
        found[b][label].append(a)
    return {word: {label: min(others) for label, others in by_label.items()} for word, by_label in found.items()}


def cased(word: str, like: str) -> str:
    """``word`` (lower case) in the case of ``like``: "DISABLE", "Disable" or "disable"."""
    if len(like) > 1 and like.isupper():
        return word.upper()
    return word.capitalize() if like[:1].isupper() else word


def inject(message: str, label: str, table: Partners) -> str | None:
    """``message`` with its first word that has a ``label`` partner replaced by it; None when it has none."""
    for match in _WORD.finditer(message):
        partner = table.get(match.group().lower(), {}).get(label)
        if partner is not None:
            return message[:match.start()] + cased(partner, match.group()) + message[match.end():]
    return None


def injected_items(items: Sequence[Item], table: Partners, min_words: int) -> list[Item]:
    """One item per label for each (clean, reference) of an English target whose clean output has a word to
    replace; both texts have at least ``min_words`` words."""
    seen: set[tuple[str, str]] = set()
    out = []
    for item in items:
        key = (item["clean"], item["ref"])
        if item["tgt_lang"] != "en" or key in seen or min(len(_WORD.findall(text)) for text in key) < min_words:
            continue
        seen.add(key)
        for label in INJECTED:
            faulty = inject(item["clean"], label, table)
            if faulty is not None:
                out.append({**item, "subkind": label, "faulty": faulty})
    return out


def main() -> None:
    parser = set_arguments(argparse.ArgumentParser(description=__doc__.splitlines()[0]), penalties="paper,default")
    parser.add_argument("--min-words", type=int, default=3, help="words in both the clean output and the reference")
    args = parser.parse_args()
    penalties = args.penalties.split(",")
    part_items, part, path = read_part(args)
    items = injected_items(part_items, partners(load_word_labels()), args.min_words)
    counts = {label: sum(item["subkind"] == label for item in items) for label in INJECTED}
    print(f"{len(items)} injected items ({', '.join(f'{n} {label}' for label, n in counts.items())}) from the "
          f"English items of the {part} part of {path.name}, {args.min_words}+ words; "
          f"penalties {', '.join(penalties)}\n")
    rows = Rows()
    for name in args.metrics.split(","):
        score_metric(rows, name, penalties, items, "en")
    print("\n".join(metric_table(rows, penalties)))
    for note in rows.notes:
        print(f"\n* {note}")


if __name__ == "__main__":
    main()
