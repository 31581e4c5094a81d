"""The small functional facade: score a pair, run suites, validate suites."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtcheck.config.advice import SUITE, Wording
from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.pairs import PairFile
from mtcheck.engine.results import CaseResult
from mtcheck.engine.runner import RunOptions, Runner
from mtcheck.engine.shard import Shard
from mtcheck.engine.targets import targets_for
from mtcheck.errors import Problem
from mtcheck.metrics import Metric, Score, get_metric
from mtcheck.collector import collector_paused
from mtcheck.suite.identity import name_clashes
from mtcheck.suite.loader import SuiteCases, check_suite, find_suites, lint_suite
from mtcheck.suite.model import Suite

if TYPE_CHECKING:
    from mtcheck.metrics.corpus import CorpusScore
    from mtcheck.presets.puzzle import PuzzleScores


def score(
    hyp: str, refs: str | Sequence[str] = (), *, metric: str = "bleu", src: str | None = None, lang: str | None = None,
    src_lang: str | None = None, **params: Any,
) -> Score:
    """Score one hypothesis against one or more references with metric ``metric`` and its ``params``.

    ``lang`` is the target language, ``src_lang`` the source language. Metrics with
    language resources (``sam:``, ``bertscore``, ``source-parity``) raise
    :class:`~mtcheck.errors.MetricError` without them rather than assume English;
    lexical metrics ignore them. A reference-free metric (``lang``, ``not-copy``,
    ``source-parity``) needs no reference.
    """
    scorer = get_metric(metric, params, target_lang=lang, source_lang=src_lang)
    return scorer.score(hyp, [refs] if isinstance(refs, str) else list(refs), src=src)


def _check_sources(pairs: PairFile, metric: str, scorer: Metric) -> None:
    """An error naming the first line of ``pairs`` without ``src`` when ``scorer`` reads the source."""
    if scorer.needs_source:
        for pair in pairs.pairs:
            if pair.src is None:
                raise pairs.error(pair, f"{metric} needs the source segment, and this pair has no \"src\"",
                                  'give "src" on every line')


def score_pairs(pairs: PairFile, *, metric: str = "bleu", lang: str | None = None, src_lang: str | None = None,
                **params: Any) -> list[Score]:
    """Score every pair of ``pairs`` (see :func:`mtcheck.engine.pairs.read_pairs`) in one batch, in file order.

    Each value is the one :func:`score` gives that pair alone; the batch saves the
    per-call overhead, and BERTScore embeds all pairs in one model run. A metric
    that reads the source raises an error naming the first line without ``src``.
    """
    scorer = get_metric(metric, params, target_lang=lang, source_lang=src_lang)
    _check_sources(pairs, metric, scorer)
    items = pairs.pairs
    return scorer.score_batch([p.hyp for p in items], [list(p.refs) for p in items], [p.src for p in items])


def score_corpus(pairs: PairFile, *, metric: str = "bleu", **params: Any) -> CorpusScore:
    """One corpus-level score of every pair of ``pairs`` (bleu, chrf, chrf++ or ter as sacrebleu's ``corpus_score``
    computes it, each line's references read jointly and lines with different numbers of them; gleu and gec-f0.5
    from their summed statistics, with each line's source)."""
    from mtcheck.metrics.corpus import corpus_metric

    scorer = corpus_metric(metric, params)
    _check_sources(pairs, metric, scorer)
    return scorer.corpus_score([p.hyp for p in pairs.pairs], [list(p.refs) for p in pairs.pairs],
                               [p.src for p in pairs.pairs])


def score_puzzle_pairs(pairs: PairFile, preset: str = "puzzle") -> list[PuzzleScores]:
    """Scores of puzzle preset ``preset`` for every pair of ``pairs``; each pair's one reference is the solution."""
    from mtcheck.presets.puzzle import score_puzzle

    for pair in pairs.pairs:
        if len(pair.refs) != 1:
            raise pairs.error(pair, f"the puzzle preset takes one reference, the solution, not {len(pair.refs)}",
                              'give it as "ref", with its [optional] and (a/b) alternatives')
    results = []
    for pair in pairs.pairs:
        try:
            results.append(score_puzzle(pair.hyp, pair.refs[0], preset))
        except ValueError as exc:  # a solution with too many alternatives
            raise pairs.error(pair, str(exc), "write fewer (a/b) and [optional] groups") from None
    return results


@dataclass(frozen=True)
class Validation:
    path: Path
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    suite: Suite | None


def validate(paths: Sequence[str | Path], *, overrides: dict[str, dict[str, Any]] | None = None,
             wording: Wording = SUITE) -> list[Validation]:
    """Load and lint every suite under ``paths``: all errors and warnings of every file, even a file with errors.

    A suite that loads has each check's metric built as a run with the user's settings
    ``overrides`` builds it (:meth:`Evaluator.load_problems`), so a suite that validates
    never fails to build a metric when it runs; ``wording`` names the front end's options in the fixes.
    """
    from mtcheck.parity.dropped_negation import dropped_negation_warnings  # the negator lists load a tokeniser

    evaluator = Evaluator(overrides=overrides, wording=wording)
    results = []
    for path in find_suites(list(paths)):
        with collector_paused():  # a suite of 100,000 cases is millions of objects: each collection walks them all
            suite, errors, warnings = check_suite(path)
            if suite is None:
                results.append(Validation(path, tuple(errors), tuple(warnings), None))
                continue
            problems = evaluator.load_problems(suite)
            warnings = [*lint_suite(suite), *dropped_negation_warnings(suite)]
        results.append(Validation(path, tuple(problems), tuple(warnings), None if problems else suite))
    return _with_name_clashes(results)


def _with_name_clashes(results: list[Validation]) -> list[Validation]:
    """``results`` with each suite whose name an earlier file already has turned into a failure naming both."""
    clashes = {problem.path: problem for problem in name_clashes(r.suite for r in results if r.suite is not None)}
    return [Validation(r.path, (*r.errors, clashes[str(r.path)]), r.warnings, None) if str(r.path) in clashes else r
            for r in results]


def load_suites(paths: Sequence[str | Path]) -> list[Suite]:
    """Load every suite under ``paths``; raise one :class:`SuiteError` with the problems of all files
    (two files with one suite name included: see :mod:`mtcheck.suite.identity`)."""
    return SuiteCases(list(paths), whole=True).suites


def run_suites(suites: Sequence[Suite], options: RunOptions | None = None, *, shard: Shard | None = None) -> list[CaseResult]:
    """Check every case of ``suites`` (without pytest), or only those of ``shard``; one result per target."""
    options = options or RunOptions()
    runner = Runner(options)
    targets = [t for suite in suites for t in targets_for(suite, options.system)
               if shard is None or shard.holds(suite.name, t.case.id)]
    return runner.run(targets)
