"""Deterministic variants without Hypothesis: single edits first, then seeded compositions."""
from __future__ import annotations

import random
from collections.abc import Sequence

from mtcheck.perturb.edit import Variant, compose
from mtcheck.perturb.kinds import all_candidates, keeps_polarity, polarity_kept, resolve_kinds
from mtcheck.perturb.text import normalise_lang


def sample_variants(sentence: str, kinds: Sequence[str], *, lang: str = "en", n: int = 100, max_edits: int = 1,
                    seed: int = 0) -> list[Variant]:
    """Up to ``n`` distinct variants of ``sentence``: every single edit in kind order, then compositions
    of up to ``max_edits`` edits (kinds or families) drawn with a generator seeded by ``seed`` and the sentence."""
    kinds = resolve_kinds(kinds, lang)
    edits = all_candidates(sentence, kinds, lang)
    seen: dict[str, Variant] = {}
    for edit in edits:
        variant = compose(sentence, [edit])
        if variant is not None and variant.text not in seen:
            seen[variant.text] = variant
        if len(seen) >= n:
            return list(seen.values())
    if max_edits < 2 or len(edits) < 2:
        return list(seen.values())
    rng = random.Random(f"{seed}:{sentence}")
    check_polarity = polarity_kept(kinds, normalise_lang(lang))
    for _ in range(4 * n):
        picked = rng.sample(edits, rng.randint(2, min(max_edits, len(edits))))
        variant = compose(sentence, picked)
        if variant is None or variant.text in seen or (check_polarity and not keeps_polarity(sentence, variant.text)):
            continue
        seen[variant.text] = variant
        if len(seen) >= n:
            break
    return list(seen.values())
