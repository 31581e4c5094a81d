"""The puzzle recipe: scoring translations of linguistic puzzles (PuzzLing Machines), in two presets.

``puzzle`` is the recipe as written, with the official metric implementations
(:mod:`mtcheck.presets.puzzle_metrics`) and none of the evaluation script's
quirks. The solution and the answer are preprocessed the same way:

1. pronoun tags glued to a word with a dot (``You.SG``, ``he.3SG``, ``I.SG.M``,
   ``you.2PL-``) are removed, *before* punctuation, because removing the dot
   first would fuse the tag into the word (``YouSG``);
2. the characters ``.!?,`` are removed;
3. text is lowercased and white space collapsed.

The solution is then expanded by the alternatives parser the suites use (:mod:`mtcheck.alternatives`)
under :data:`RULES`: ``[x]`` is optional, ``(a/b)`` a choice, groups nest, and
the partly expanded texts the recipe lists (``you have killed (her/him)``) count
as references too. The answer is never expanded.

``puzzle-official`` (:mod:`mtcheck.presets.puzzle_official`) reproduces the
evaluation script bit for bit, quirks included. docs/puzzle-preset.md compares them.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mtcheck import __version__
from mtcheck.metrics.base import Metric, Score
from mtcheck.metrics.signature import Signature
from mtcheck.presets import puzzle_official
from mtcheck.presets.puzzle_metrics import COMPONENTS, best_score, best_scores
from mtcheck.alternatives import MAX_EXPANSIONS, AlternativesError, Rules, expand_alternatives

#: A tag: a dot and an upper-case gloss (SG, PL, 3SG, 2PL-, M, ...) right after a word; tags may stack (``I.SG.M``).
_TAG = re.compile(r"(?<=\w)(?:\.[0-9]*[A-Z][A-Z0-9]*(?:-[0-9]*[A-Z][A-Z0-9]*)*-?)+(?!\w)")
_PUNCTUATION = str.maketrans("", "", ".!?,")
_SPACE = re.compile(r"\s+")
#: How ``puzzle`` reads a solution: unbalanced brackets are text, ``[a/b]`` is a, b or nothing,
#: partly expanded texts count, spacing before ``:`` or ``;`` (letters in some puzzles) is kept, and every
#: slash of a group splits it (the recipe knows no numbers, URLs or fixed pairs).
RULES = Rules(strict=False, partial=True, optional_choices=True, tidy_punctuation=False, text_slashes=False)
#: Expansion guard shared with the suites: a solution standing for more texts is almost certainly malformed.
MAX_REFERENCES = MAX_EXPANSIONS
_METRICS = (
    ("bleu2", "nltk-sentence_bleu,w:0.5+0.5,smooth:method3,tok:whitespace,refs:pooled"),
    ("chrf3", "c3,w0,beta2,mean-of-order-F,spaces:no,refs:best"),
    ("characTER", "1-cter,gains:whole-edits,refs:best"), ("em", "refs:any"), ("agg", "pooled"),
)
_PRESETS = {
    "puzzle": Signature.of("puzzle", ("prep", "tags+punct(.!?,)+lc+ws"), ("alts", "nested,partial,answer:as-is"),
                           *_METRICS, ("mtcheck", __version__)),
    puzzle_official.NAME: Signature.of(
        puzzle_official.NAME, ("prep", f"script(brackets,tags{'+'.join(puzzle_official.TAGS)},lc,punct)"),
        ("alts", "script,answer:expanded"), *_METRICS, ("mtcheck", __version__)),
}
SIGNATURES = {preset: str(signature) for preset, signature in _PRESETS.items()}
#: Kept for callers of the original single preset.
SIGNATURE = SIGNATURES["puzzle"]


def strip_tags(text: str) -> str:
    """Remove pronoun tags such as ``.SG``/``.PL``/``.2PL-`` glued to a word."""
    return _TAG.sub("", text)


def preprocess(text: str) -> str:
    """Tags out, then ``.!?,`` out, then lowercase and single spaces (the order matters: see module doc)."""
    text = strip_tags(text).translate(_PUNCTUATION).lower()
    return _SPACE.sub(" ", text).strip()


def expand_references(solution: str) -> list[str]:
    """All references a preprocessed solution stands for, without duplicates, in the recipe's order.

    ``"you [have] killed (her/him)"`` gives the recipe's six: ``you have killed
    (her/him)``, ``... her``, ``... him``, then the same without ``have``.
    Raises ``ValueError`` for a solution standing for no text or more than
    :data:`MAX_REFERENCES` full expansions, or nesting brackets too deep.
    """
    try:
        references = expand_alternatives(solution, RULES)
    except AlternativesError as exc:
        raise ValueError(f"solution {solution!r} {exc} (fix: {exc.fix})") from exc
    if not references:
        raise ValueError(f"solution {solution!r} expands to no text; write the text outside '[...]'")
    return references


def _texts(preset: str, hyp: str, solution: str) -> tuple[list[str], list[str]]:
    """The answer's texts (one, or the script's expansions) and the solution's references under ``preset``."""
    if preset == puzzle_official.NAME:
        hypothesis = puzzle_official.preprocess(hyp)
        return puzzle_official.alternatives(hypothesis), puzzle_official.alternatives(puzzle_official.preprocess(solution))
    return [preprocess(hyp)], expand_references(preprocess(solution))


@dataclass(frozen=True)
class PuzzleScores:
    """The recipe's four scores for one answer, in [0, 1], with what they were computed from."""

    bleu2: float
    characTER: float
    chrf3: float
    exact_match: float
    hypothesis: str
    references: tuple[str, ...]
    signature: str = SIGNATURE
    preset: str = "puzzle"

    def as_dict(self) -> dict[str, float]:
        """The four scores by component name."""
        return {name: getattr(self, name) for name in COMPONENTS}


def score_puzzle(hyp: str, ref: str, preset: str = "puzzle") -> PuzzleScores:
    """Score answer ``hyp`` against puzzle solution ``ref`` (with its ``[..]`` and ``(a/b)`` notation)."""
    if preset not in SIGNATURES:
        raise ValueError(f"unknown puzzle preset {preset!r} (known: {', '.join(SIGNATURES)})")
    hypotheses, references = _texts(preset, hyp, ref)
    return PuzzleScores(**best_scores(hypotheses, references), hypothesis=hypotheses[0],
                        references=tuple(references), signature=SIGNATURES[preset], preset=preset)


def score_puzzle_official(hyp: str, ref: str) -> PuzzleScores:
    """:func:`score_puzzle` as the PuzzLing Machines evaluation script computes it, quirks included."""
    return score_puzzle(hyp, ref, puzzle_official.NAME)


AVERAGE = "average"
#: References a score's details keep (a solution may stand for hundreds).
_SHOWN = 4


def aggregate(results_by_direction: Mapping[str, Sequence[PuzzleScores]]) -> dict[str, dict[str, float]]:
    """Mean of each score per direction, plus ``"average"``: the mean over all items of all directions.

    Items are pooled, as the evaluation script does: a direction with more
    items weighs more in the average.
    """
    if AVERAGE in results_by_direction:
        raise ValueError(f"{AVERAGE!r} is reserved for the average over directions")
    report: dict[str, dict[str, float]] = {}
    for direction, results in results_by_direction.items():
        if not results:
            raise ValueError(f"direction {direction!r} has no results")
        report[direction] = _means(results)
    if report:
        report[AVERAGE] = _means([r for results in results_by_direction.values() for r in results])
    return report


def _means(results: Sequence[PuzzleScores]) -> dict[str, float]:
    return {name: sum(getattr(r, name) for r in results) / len(results) for name in COMPONENTS}


class PuzzleMetric(Metric):
    """One component of the ``puzzle`` preset as a suite metric (``puzzle:bleu2`` etc.), in [0, 1], higher is better.

    Each suite reference is one solution in the recipe's notation, expanded by
    the preset; with several, the best solution's value is kept.
    """

    name: ClassVar[str] = "puzzle"
    preset: ClassVar[str] = "puzzle"
    builds_instantly: ClassVar[bool] = True
    expands_references: ClassVar[bool] = True
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 1.0)

    def __init__(self, component: str):
        if component not in COMPONENTS:
            raise ValueError(f"unknown puzzle component {component!r} (known: {', '.join(COMPONENTS)})")
        self.component = component
        self.name = f"{self.preset}:{component}"  # type: ignore[misc]  # scores are named after their component

    def settings(self) -> Signature:
        return _PRESETS[self.preset].plus(("component", self.component))

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        hypotheses, references = _texts(self.preset, hyp, ref)
        value = best_score(self.component, hypotheses, references)
        return value, {"hypothesis": hypotheses[0], "references": references[:_SHOWN], "reference_count": len(references)}

    def explain(self, score: Score) -> list[str]:
        d = score.details
        if not d:
            return []
        shown = ", ".join(repr(r) for r in d["references"]) + (", ..." if d["reference_count"] > _SHOWN else "")
        return [f"after {self.preset} preprocessing: {d['hypothesis']!r} vs {d['reference_count']} references ({shown})"]


class PuzzleOfficialMetric(PuzzleMetric):
    """One component of the ``puzzle-official`` preset (``puzzle-official:bleu2`` etc.)."""

    name: ClassVar[str] = puzzle_official.NAME
    preset: ClassVar[str] = puzzle_official.NAME
