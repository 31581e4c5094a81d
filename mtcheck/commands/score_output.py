"""What ``mtcheck score`` prints for each pair: a JSON record, or a line of text. docs/scoring.md is the contract."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mtcheck.engine.pairs import Pair
from mtcheck.metrics import Score
from mtcheck.report.json_report import strict_json

if TYPE_CHECKING:
    from mtcheck.metrics.corpus import CorpusScore
    from mtcheck.presets.puzzle import PuzzleScores


def _with_id(record: dict[str, Any], pair: Pair | None) -> dict[str, Any]:
    """``record`` with the pair's ``id`` first, when it has one."""
    return record if pair is None or pair.id is None else {"id": pair.id, **record}


def score_record(score: Score, pair: Pair | None = None) -> dict[str, Any]:
    """``id`` (when the pair has one), ``metric``, ``score``, ``signature``, ``best_ref``, ``details``, in that order."""
    return _with_id({"metric": score.metric, "score": score.value, "signature": score.signature,
                     "best_ref": score.best_ref, "details": score.details}, pair)


def corpus_record(result: CorpusScore) -> dict[str, Any]:
    """``metric``, ``score``, ``signature``, ``segments``, ``details``, in that order."""
    return {"metric": result.metric, "score": result.value, "signature": result.signature,
            "segments": result.segments, "details": result.details}


def puzzle_record(result: PuzzleScores, pair: Pair | None = None) -> dict[str, Any]:
    """``id`` (when the pair has one), ``preset``, ``scores``, ``signature``, ``hypothesis``, ``references``."""
    return _with_id({"preset": result.preset, "scores": result.as_dict(), "signature": result.signature,
                     "hypothesis": result.hypothesis, "references": list(result.references)}, pair)


def json_lines(records: Sequence[dict[str, Any]]) -> str:
    """One line of strict JSON per record (a non-finite value, e.g. an infinite length ratio, is null)."""
    return "".join(strict_json(record) + "\n" for record in records)


def _label(pair: Pair) -> str:
    return f"line {pair.line}" if pair.id is None else f"line {pair.line} ({pair.id})"


def score_text(scores: Sequence[Score], pairs: Sequence[Pair]) -> str:
    """``line N (ID): METRIC = VALUE`` per pair, then the metric's one signature."""
    lines = [f"{_label(pair)}: {score.metric} = {score.value:.4f}" for score, pair in zip(scores, pairs)]
    return "\n".join([*lines, f"signature: {scores[0].signature}"]) + "\n"


def puzzle_text(results: Sequence[PuzzleScores], pairs: Sequence[Pair]) -> str:
    """``line N (ID): bleu2 = VALUE, characTER = VALUE, ...`` per pair, then the preset's signature."""
    lines = [f"{_label(pair)}: " + ", ".join(f"{name} = {value:.4f}" for name, value in result.as_dict().items())
             for result, pair in zip(results, pairs)]
    return "\n".join([*lines, f"signature: {results[0].signature}"]) + "\n"
