"""What several benches share: review-like sentence pairs, the same for every run of a seed."""
from __future__ import annotations

import random

SUBJECTS = ["The novel", "The film", "This phone", "The hotel", "Our waiter", "The ending", "The update", "My order"]
VERBS = ["is", "was", "seems", "felt", "looks"]
ADJECTIVES = ["great", "terrible", "wonderful", "awful", "fine", "boring", "excellent", "disappointing", "slow", "perfect"]
TAILS = ["", ", its only flaw is the last part", " and I would buy it again", " but the price is too high", " for a first try"]


def sentence(rng: random.Random) -> str:
    return f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(ADJECTIVES)}{rng.choice(TAILS)}."


def make_pairs(count: int, seed: int = 13) -> tuple[list[str], list[str]]:
    """``count`` hypotheses and references: about 30% of hypotheses paraphrase their reference, the rest are unrelated."""
    rng = random.Random(seed)
    refs = [sentence(rng) for _ in range(count)]
    hyps = [f"{ref[:-1]} indeed." if rng.random() < 0.3 else sentence(rng) for ref in refs]
    return hyps, refs
