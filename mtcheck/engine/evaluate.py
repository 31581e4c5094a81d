"""Score targets: build each metric once, score every metric in one batch, judge thresholds."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from mtcheck.config.advice import SUITE, Wording
from mtcheck.engine.results import CaseResult, CheckResult, ContrastiveResult
from mtcheck.engine.score_cache import ScoreCache, cached_score_batch
from mtcheck.engine.targets import Target
from mtcheck.errors import MtcheckError, Problem
from mtcheck.metrics import ANY_BASE, Metric, Score, get_metric, unwrap, wrapped
from mtcheck.suite.model import Check, Suite
from mtcheck.suite.paths import refused_hub_model

_Request = tuple[str, tuple[str, ...], str]  # hyp, refs, src
_Resolved = tuple[tuple[Check, "Metric | MtcheckError"], ...]  # each check with its metric, or why it has none


def _opening_error(metric: Metric) -> MtcheckError | None:
    """Why ``metric``'s resources cannot be read (:meth:`Metric.open_resources`); None when they can."""
    try:
        metric.open_resources()
    except MtcheckError as exc:
        return exc
    return None


class Evaluator:
    """Scores targets against their checks.

    ``overrides`` maps a metric name (or ``sam:*`` for every SAM check) to params
    applied to every check on that metric (the user's settings: they win over the suite's). Scores are memoised
    in memory for the evaluator's lifetime (or until :meth:`forget_scores`), and, for slow metrics (``disk_cache``),
    in ``cache`` when one is given. ``wording`` names the front end's options in metric errors.
    """

    def __init__(self, *, overrides: dict[str, dict[str, Any]] | None = None, cache: ScoreCache | None = None,
                 wording: Wording = SUITE):
        self.overrides = overrides or {}
        self.wording = wording
        self.cache = cache
        self._metrics: dict[str, Metric | MtcheckError] = {}
        #: The same, by check object (the cases of a suite share their default checks): no key to write per case.
        self._by_check: dict[tuple[int, str | None, str | None], tuple[Check, Metric | MtcheckError]] = {}
        #: Each checks tuple's metrics, by the tuple (cases without checks of their own share the defaults' tuple).
        self._by_checks: dict[tuple[int, str | None, str | None], tuple[tuple[Check, ...], _Resolved]] = {}
        self._scores: dict[str, dict[_Request, Score]] = {}  # by metric signature, then request

    def metric(self, check: Check, target_lang: str | None = None, source_lang: str | None = None) -> Metric:
        """The metric instance for ``check`` on a suite from ``source_lang`` into ``target_lang``, built once per
        configuration.

        ``check.params`` come from a suite file: a hub model name there is refused unless
        the overrides (the user's settings) name the model.
        """
        known = self._by_check.get((id(check), target_lang, source_lang))
        if known is None or known[0] is not check:
            known = (check, self._build(check, target_lang, source_lang))
            self._by_check[(id(check), target_lang, source_lang)] = known
        if isinstance(known[1], MtcheckError):
            raise known[1]
        return known[1]

    def _resolved(self, target: Target) -> _Resolved:
        """Each of ``target``'s checks with its metric, or the error :meth:`metric` raises for it; worked out once
        per checks tuple and suite languages, as the cases of a suite share their default checks."""
        checks, suite = target.case.checks, target.suite
        key = (id(checks), suite.target_lang, suite.source_lang)
        known = self._by_checks.get(key)
        if known is None or known[0] is not checks:
            resolved = []
            for check in checks:
                try:
                    resolved.append((check, self.metric(check, suite.target_lang, suite.source_lang)))
                except MtcheckError as exc:
                    resolved.append((check, exc))
            known = self._by_checks[key] = (checks, tuple(resolved))
        return known[1]

    def _build(self, check: Check, target_lang: str | None, source_lang: str | None) -> Metric | MtcheckError:
        """The metric of :meth:`metric`, or why it cannot be built, once per configuration."""
        user = dict(self.overrides.get(check.metric, {}))
        wrapper, _ = unwrap(check.metric)
        if wrapper:  # ``sam:*``: every check the wrapper wraps
            user.update(self.overrides.get(wrapped(wrapper, ANY_BASE), {}))
        params = {**check.params, **user}
        key = f"{check.metric}|{target_lang}|{source_lang}|{sorted(params.items(), key=lambda kv: kv[0])!r}"
        if key not in self._metrics:
            try:
                refused = refused_hub_model(check.metric, check.params, user)
                if refused is not None:
                    raise refused
                self._metrics[key] = get_metric(check.metric, params, target_lang=target_lang, source_lang=source_lang)
            except (MtcheckError, ValueError) as exc:
                self._metrics[key] = self.wording.reword(exc, check.metric)
        return self._metrics[key]

    def load_problems(self, suite: Suite) -> list[Problem]:
        """Why a run could not build the metric of each of ``suite``'s checks, one problem per check line and cause.

        Each metric is built by :meth:`metric`, as a run builds it (target language,
        lexicon file, model folder, word lists and settings), and its small resources
        are read (:meth:`Metric.open_resources`: a lexicon is parsed); no model is
        loaded. ``mtcheck validate`` reports these; a run reports the same causes on
        the cases whose checks they stop.
        """
        found: dict[tuple[int | None, str], Problem] = {}
        opened: dict[int, MtcheckError | None] = {}  # by metric: the cases sharing a check read its resources once
        for case in suite.cases:
            for check in case.checks:
                try:
                    metric = self.metric(check, suite.target_lang, suite.source_lang)
                    if id(metric) not in opened:
                        opened[id(metric)] = _opening_error(metric)
                    error = opened[id(metric)]
                    if error is not None:
                        raise error
                except MtcheckError as exc:
                    text = str(self.wording.reword(exc, check.metric))
                    fix = "" if "(fix: " in text else "fix the check's params (docs/metrics.md lists each metric's settings)"
                    found.setdefault((check.line, text), Problem(str(suite.path), check.line, None, text, fix))
        return list(found.values())

    def forget_scores(self) -> None:
        """Let go of the scores memoised so far: a run that hands out each batch's results needs them no more."""
        self._scores.clear()

    def score_segments(self, metric: Metric, hyps: Sequence[str], refs: Sequence[Sequence[str]],
                       srcs: Sequence[str]) -> list[Score]:
        """Each segment's score, in one batch, memoised and cached as a case check's are (a corpus check's mean)."""
        requests = [(hyp, tuple(group), src) for hyp, group, src in zip(hyps, refs, srcs)]
        memo = self._score_all(metric, requests)
        return [memo[request] for request in requests]

    def _score_all(self, metric: Metric, requests: list[_Request]) -> dict[_Request, Score]:
        """Score every request not yet memoised, in one batch; the metric's memo, which then holds them all."""
        memo = self._scores.setdefault(metric.signature(), {})
        todo = list(dict.fromkeys(r for r in requests if r not in memo))
        if not todo:
            return memo
        hyps = [r[0] for r in todo]
        refs = [list(r[1]) for r in todo]
        srcs = [r[2] for r in todo]
        if self.cache is not None and metric.disk_cache:
            scores = cached_score_batch(metric, hyps, refs, srcs, self.cache)
        else:
            scores = metric.score_batch(hyps, refs, srcs)
        memo.update(zip(todo, scores))
        return memo

    def _requests(self, planned: Sequence[tuple[Target, str | None, _Resolved]]) -> dict[int, tuple[Metric, list[_Request]]]:
        """Group what must be scored by metric instance (keyed by id to keep one batch per instance)."""
        grouped: dict[int, tuple[Metric, list[_Request]]] = {}
        for target, hyp, resolved in planned:
            case = target.case
            for _, metric in resolved:
                if isinstance(metric, MtcheckError):
                    continue
                batch = grouped.setdefault(id(metric), (metric, []))[1]
                if hyp is not None:
                    batch.append((hyp, case.refs, case.src))
                if case.contrastive is not None:
                    batch.append((case.contrastive.good, case.refs, case.src))
                    batch.append((case.contrastive.bad, case.refs, case.src))
        return grouped

    def evaluate(self, items: Sequence[tuple[Target, str | None]]) -> list[CaseResult]:
        """Score each ``(target, hypothesis)``; ``None`` as hypothesis checks only the contrastive pair."""
        planned = [(target, hyp, self._resolved(target)) for target, hyp in items]
        for metric, requests in self._requests(planned).values():
            try:
                self._score_all(metric, requests)
            except MtcheckError:
                pass  # reported per check below, with the case it concerns
        return [self._judge(target, hyp, resolved) for target, hyp, resolved in planned]

    def _lookup(self, metric: Metric, hyp: str, target: Target) -> Score:
        request = (hyp, target.case.refs, target.case.src)
        score = self._scores.get(metric.signature(), {}).get(request)
        return score if score is not None else self._score_all(metric, [request])[request]

    def _judge(self, target: Target, hyp: str | None, resolved: _Resolved) -> CaseResult:
        checks = tuple([self._judge_check(check, metric, hyp, target) for check, metric in resolved]) if hyp is not None else ()
        pairs = tuple([self._judge_pair(check, target) for check, _ in resolved]) if target.case.contrastive is not None else ()
        return CaseResult(target, hyp, checks, pairs)

    def _judge_check(self, check: Check, metric: Metric | MtcheckError, hyp: str, target: Target) -> CheckResult:
        if isinstance(metric, MtcheckError):
            return self._unjudged(check, metric)
        try:
            score = self._lookup(metric, hyp, target)
        except MtcheckError as exc:
            return self._unjudged(check, exc)
        if not math.isfinite(score.value):
            return CheckResult(check, None, False, error=not_finite(metric.name, score.value))
        return CheckResult(
            check, score.value, check.passes(score.value), metric.higher_is_better, score.signature,
            score.best_ref, score.details, tuple(metric.explain(score)), two_sided=metric.two_sided,
        )

    def _unjudged(self, check: Check, error: MtcheckError) -> CheckResult:
        """The result of a check whose value could not be computed."""
        return CheckResult(check, None, False, error=str(self.wording.reword(error, check.metric)))

    def _judge_pair(self, check: Check, target: Target) -> ContrastiveResult:
        pair = target.case.contrastive
        assert pair is not None
        try:
            metric = self.metric(check, target.suite.target_lang, target.suite.source_lang)
            good = self._lookup(metric, pair.good, target).value
            bad = self._lookup(metric, pair.bad, target).value
        except MtcheckError as exc:
            return ContrastiveResult(check, None, None, False, error=str(self.wording.reword(exc, check.metric)))
        for value in (good, bad):
            if not math.isfinite(value):
                return ContrastiveResult(check, None, None, False, error=not_finite(metric.name, value))
        gap = good - bad if metric.higher_is_better else bad - good
        passed = gap > 0 and gap >= check.margin
        return ContrastiveResult(check, good, bad, passed, metric.higher_is_better, metric.signature())


def not_finite(metric: str, value: float) -> str:
    """Why a NaN or infinite score of ``metric`` is no verdict: it compares false with, or lies beyond, every
    threshold (a case check's, a corpus check's and a baseline's)."""
    return (f"{metric} gave {value}, not a finite number, so no threshold can judge it "
            "(fix: check the metric's params, e.g. smoothing, and the case's texts)")
