"""CharacTER: translation edit rate on character level (Wang et al., WMT 2016).

Written for mtcheck from the paper's definition:

1. Shifts are searched on *word* level, greedily as in TER: every phrase that
   occurs in both the hypothesis and the reference, starting at different
   positions, is a candidate; moving it to its reference position is tried, and
   the move that most reduces the word-level Levenshtein distance is applied.
   This repeats until no move helps.
2. Each moved phrase costs the average character length of its words.
3. The character-level Levenshtein distance between the shifted hypothesis and
   the reference (words joined by single spaces) is added to the shift cost.
4. The sum is divided by the hypothesis length in characters (spaces included)
   and capped at 1.0.

Where the paper leaves details open (tie-breaking, how moved phrases are
counted), we follow the behaviour of the authors' reference implementation,
established by black-box comparison with the ``cer`` package (tests check
agreement to 1e-9); no code was taken from it.
See ``docs/character.md`` for the exact candidate, tie-breaking and edge-case rules.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from mtcheck import __version__
from mtcheck.metrics.base import Metric, Score
from mtcheck.metrics.limits import CHARACTER_MAX_CHARS, checked_limit, refuse_past
from mtcheck.metrics.signature import Signature

try:  # Optional C speed-up (MIT); the pure-Python levenshtein below gives the same integers.
    from rapidfuzz.distance import Levenshtein as _rapidfuzz_levenshtein
except ImportError:
    _rapidfuzz_levenshtein = None

Words = tuple[str, ...]
#: Word-level work runs on words or on their order-preserving integer codes.
T = TypeVar("T", str, int)


def levenshtein(a: Sequence[Hashable], b: Sequence[Hashable]) -> int:
    """Unit-cost edit distance between two sequences (of characters or of words).

    Bit-parallel algorithm of Myers (1999) in Hyyrö's (2001) formulation: the
    vertical +1/-1 deltas of one DP column are two Python integers used as bit
    vectors, so the cost is ``len(a)`` big-integer steps instead of
    ``len(a) * len(b)`` cell updates.
    """
    if len(a) < len(b):
        a, b = b, a
    if not b:
        return len(a)
    match: dict[Hashable, int] = {}
    for i, item in enumerate(b):
        match[item] = match.get(item, 0) | (1 << i)
    mask = (1 << len(b)) - 1
    top = 1 << (len(b) - 1)
    plus, minus, distance = mask, 0, len(b)
    for item in a:
        eq = match.get(item, 0)
        x_vert = eq | minus
        x_horiz = ((((eq & plus) + plus) & mask) ^ plus) | eq
        h_plus = minus | (~(x_horiz | plus) & mask)
        h_minus = plus & x_horiz
        if h_plus & top:
            distance += 1
        elif h_minus & top:
            distance -= 1
        h_plus = ((h_plus << 1) | 1) & mask
        h_minus = (h_minus << 1) & mask
        plus = h_minus | (~(x_vert | h_plus) & mask)
        minus = h_plus & x_vert
    return distance


#: The edit distance used everywhere below: rapidfuzz when installed, else :func:`levenshtein`.
#: Words reach it as integer codes, which rapidfuzz compares exactly (no hashing of strings).
_distance: Callable[[Sequence[Hashable], Sequence[Hashable]], int] = (
    _rapidfuzz_levenshtein.distance if _rapidfuzz_levenshtein is not None else levenshtein
)


def _candidates(hyp: tuple[T, ...], ref: tuple[T, ...]) -> list[tuple[int, int, int]]:
    """``(hyp_start, ref_start, length)`` for every common phrase starting at different positions.

    For each pair of positions holding the same word (with ``hyp_start != ref_start``),
    the phrase is extended word by word for as long as both sentences agree.
    """
    found = []
    for i, word in enumerate(hyp):
        for j, ref_word in enumerate(ref):
            if i == j or word != ref_word:
                continue
            length = 1
            while i + length < len(hyp) and j + length < len(ref) and hyp[i + length] == ref[j + length]:
                length += 1
            found.append((i, j, length))
    return found


def _apply(hyp: tuple[T, ...], start: int, target: int, length: int) -> tuple[T, ...]:
    """Move ``hyp[start:start+length]`` so that it starts at index ``target`` of the result."""
    phrase = hyp[start : start + length]
    rest = hyp[:start] + hyp[start + length :]
    return rest[:target] + phrase + rest[target:]


def shift_words(hyp: tuple[T, ...], ref: tuple[T, ...], *, exact_gains: bool = False) -> tuple[T, ...]:
    """Greedy word-level shifting of ``hyp`` towards ``ref``.

    Each round applies the candidate shift with the largest gain in word-level
    edit distance per reference word; ties go to the lexicographically greatest
    shifted sentence. Rounds stop when the best gain is not positive.

    The remaining distance is kept as a running float (``remaining -= gain``),
    exactly as the reference implementation keeps it: its rounding occasionally
    leaves a gain of about 1e-16 for a shift that gains nothing, and that shift is
    then applied. Reproducing it keeps our values identical to the reference's.

    ``exact_gains``: gains are whole word edits (no rounding, a shift that gains
    nothing is never applied), as in the copy of CharacTER that the PuzzLing
    Machines evaluation script ships.
    """
    if not ref:
        return hyp
    scale = 1 if exact_gains else len(ref)  # whole edits are exact in floating point
    remaining = _distance(hyp, ref) / scale
    while True:
        best: tuple[float, tuple[T, ...]] | None = None
        for start, target, length in _candidates(hyp, ref):
            shifted = _apply(hyp, start, target, length)
            option = (remaining - _distance(shifted, ref) / scale, shifted)
            if best is None or option > best:
                best = option
        if best is None or best[0] <= 0:
            return hyp
        remaining -= best[0]
        hyp = best[1]


def moved_phrases(shifted: Words, original: Words) -> list[Words]:
    """The phrases counted as moved when ``original`` became ``shifted`` (a permutation of it).

    Shift cost is read off the final word order, as the reference implementation
    does, rather than summed over the rounds of :func:`shift_words`. Scanning
    ``original`` left to right, a word that is not in its old place and occurs
    later in ``shifted`` starts a moved phrase: the longest run of words that
    follows it there unchanged. The scan resumes after that phrase.
    """
    phrases: list[Words] = []
    k = 0
    while k < len(original):
        length = _moved_run(shifted, original, k)
        if length:
            phrases.append(original[k : k + length])
        k += max(length, 1)
    return phrases


def _moved_run(shifted: Words, original: Words, k: int) -> int:
    """Length of the moved phrase starting at ``original[k]``, 0 when that word did not move forward."""
    if shifted[k] == original[k]:
        return 0
    for p in range(k + 1, len(shifted)):
        if shifted[p] == original[k]:
            length = 1
            while p + length < len(shifted) and shifted[p + length] == original[k + length]:
                length += 1
            return length
    return 0


def shift_cost(phrases: list[Words]) -> float:
    """Sum over moved phrases of their average word length in characters (the paper's shift cost)."""
    return sum(sum(len(w) for w in phrase) / len(phrase) for phrase in phrases)


@dataclass(frozen=True)
class CharacTERResult:
    """Everything that went into one CharacTER value."""

    value: float
    shifted: str
    moved: list[str]
    shift_cost: float
    edit_distance: int
    hyp_length: int


def cter(hyp: str, ref: str, *, exact_gains: bool = False) -> CharacTERResult:
    """CharacTER of ``hyp`` against ``ref``; words are white-space separated tokens.

    Edge cases: an empty hypothesis scores 0.0 against an empty reference and
    1.0 against any other (every reference character must be inserted).
    ``exact_gains``: see :func:`shift_words`.
    """
    hyp_words, ref_words = tuple(hyp.split()), tuple(ref.split())
    vocabulary = sorted(set(hyp_words) | set(ref_words))
    code = {word: i for i, word in enumerate(vocabulary)}
    # Codes follow the words' sort order, so the lexicographic tie-break is unchanged.
    shifted_codes = shift_words(tuple(code[w] for w in hyp_words), tuple(code[w] for w in ref_words),
                                exact_gains=exact_gains)
    shifted_words = tuple(vocabulary[i] for i in shifted_codes)
    phrases = moved_phrases(shifted_words, hyp_words)
    shifted, reference = " ".join(shifted_words), " ".join(ref_words)
    cost = shift_cost(phrases)
    distance = _distance(shifted, reference)
    if not shifted:
        value = 0.0 if not reference else 1.0
    else:
        value = min(1.0, (cost + distance) / len(shifted))
    return CharacTERResult(value, shifted, [" ".join(p) for p in phrases], cost, distance, len(shifted))


class CharacTERMetric(Metric):
    """CharacTER on a 0-1 scale (0 = identical). Lower is better."""

    name: ClassVar[str] = "characTER"
    builds_instantly: ClassVar[bool] = True
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 1.0)
    higher_is_better: ClassVar[bool] = False
    disk_cache: ClassVar[bool] = True  # the shift search is slow in pure Python

    def __init__(self, max_chars: int = CHARACTER_MAX_CHARS):
        self.max_chars = checked_limit(self.name, "max_chars", max_chars)  # refuses, never changes a value: no signature field

    def settings(self) -> Signature:
        return Signature.of("characTER", ("norm", "hyp"), ("cap", "1.0"), ("mtcheck", __version__))

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        refuse_past(self.name, "max_chars", "characters", self.max_chars, len(hyp), len(ref))
        result = cter(hyp, ref)
        return result.value, {
            "shifted": result.shifted,
            "moved": result.moved,
            "shift_cost": round(result.shift_cost, 4),
            "edit_distance": result.edit_distance,
            "hyp_chars": result.hyp_length,
        }

    def explain(self, score: Score) -> list[str]:
        d = score.details
        if not d:
            return []
        lines = [f"shifted hypothesis: {d['shifted']!r} (moved: {', '.join(d['moved'])})"] if d["moved"] else []
        lines.append(
            f"({d['shift_cost']} shift cost + {d['edit_distance']} character edits)"
            f" / {d['hyp_chars']} hypothesis characters = {score.value:.4f}"
        )
        return lines
