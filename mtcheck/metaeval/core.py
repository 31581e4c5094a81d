"""Meta-evaluation: how well each metric of a suite agrees with its human ratings, with and without SAM."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from mtcheck.config.advice import named
from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.score_cache import cached_score_batch
from mtcheck.errors import MetricError, MtcheckError
from mtcheck.metaeval.calibrate import Acceptable, Separation, best_threshold, default_acceptable, separation
from mtcheck.metaeval.stats import TauB, bootstrap_ci, pearson_resampled, value
from mtcheck.metaeval.ties import TieAccuracy, all_pairs_accuracy, paired_accuracy
from mtcheck.metaeval.units import EQUAL, SIDES, ordinal_outputs, rated_pairs, rated_scales
from mtcheck.metrics import SAM, Metric, metric_direction, unwrap, wrapped
from mtcheck.metrics.resources import has_sam_resources
from mtcheck.sentiment.polarity import DEFAULT_PENALTY
from mtcheck.suite.model import Case, Check, Suite
from mtcheck.suite.ratings import ORDINAL, Scale

CI = tuple[float, float] | None


@dataclass(frozen=True)
class Settings:
    """``resamples`` bootstrap resamples (0: no intervals) at ``confidence``; ``extra`` metrics beside the suites' checks;
    ``sam_penalties``: the SAM penalties each added ``sam:M`` is evaluated with (``aligned``, the default, or ``paper``)."""

    resamples: int = 1000
    confidence: float = 0.95
    seed: int = 0
    extra: tuple[str, ...] = ()
    sam: bool = True
    sam_penalties: tuple[str, ...] = (DEFAULT_PENALTY,)
    calibrate: bool = False
    acceptable: tuple[Acceptable, ...] = ()


@dataclass(frozen=True)
class Correlation:
    """Absolute Pearson r and Kendall tau-b between a metric and an ordinal scale's mean ratings, and the
    tie-calibrated pairwise accuracy over every pair of rated outputs (:mod:`ties`).

    ``agrees`` is False when the metric ranks outputs the wrong way round (its
    correlation, taken in the metric's own direction, is negative).
    """

    suite: str
    scale: str
    metric: str
    n: int
    pearson: float | None
    pearson_ci: CI
    kendall: float | None
    kendall_ci: CI
    agrees: bool | None
    acc_eq: float | None = None
    acc_eq_epsilon: float | None = None


@dataclass(frozen=True)
class PairAgreement:
    """How often the metric prefers the output the human majority preferred, over pairs with a majority for A or B.

    A metric tie counts as a disagreement; ``tau`` is WMT's Kendall-like
    (agree - disagree) / (agree + disagree). ``undecided`` pairs (majority
    ``equal`` or no majority) are left out. ``acc_eq`` counts ties instead: over
    the ``acc_eq_n`` pairs with a majority for A, B or ``equal``, a pair agrees
    when the metric prefers the same output or ties the two (its values within
    the calibrated ``acc_eq_epsilon``) where the humans said ``equal`` (:mod:`ties`).
    """

    suite: str
    scale: str
    metric: str
    n: int
    agree: int
    accuracy: float | None
    accuracy_ci: CI
    tau: float | None
    undecided: int
    acc_eq: float | None = None
    acc_eq_epsilon: float | None = None
    acc_eq_n: int = 0


@dataclass(frozen=True)
class Calibration:
    """The best threshold of a metric for one acceptability rule, and how the suite's current threshold does."""

    suite: str
    scale: str
    metric: str
    rule: str
    acceptable: int
    unacceptable: int
    bound: str
    best: Separation | None
    current: Separation | None


@dataclass
class MetaEval:
    correlations: list[Correlation] = field(default_factory=list)
    pairs: list[PairAgreement] = field(default_factory=list)
    calibrations: list[Calibration] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.correlations or self.pairs)

    def as_dict(self) -> dict[str, Any]:
        return {"correlations": [asdict(c) for c in self.correlations], "pairwise": [asdict(p) for p in self.pairs],
                "calibrations": [asdict(c) for c in self.calibrations], "problems": list(self.problems)}


def suite_metrics(suite: Suite, extra: Sequence[str] = (), sam: bool = True,
                  penalties: Sequence[str] = (DEFAULT_PENALTY,)) -> list[Check]:
    """The metrics to meta-evaluate: every check's metric (one per key) and ``extra``; for targets
    SAM has resources for (:func:`has_sam_resources`, the test SAM itself uses)
    each metric that takes SAM (:func:`takes_sam`) also with and without it (``chrf`` and
    ``sam:chrf``), the SAM one once per penalty in ``penalties`` (the default penalty as ``sam:chrf``,
    another as ``sam:chrf(penalty=paper)``)."""
    checks: dict[str, Check] = {}
    for check in [*suite.defaults, *(c for case in suite.cases for c in case.checks), *(Check(m) for m in extra)]:
        checks.setdefault(check.key, Check(check.metric, params=check.params))
    covered = has_sam_resources(suite.target_lang)
    ordered: dict[str, Check] = {}
    for check in checks.values():
        base = unwrap(check.metric)[1]
        if not (covered and sam and takes_sam(base)):
            ordered.setdefault(check.key, check)
            continue
        own = [str(check.params["penalty"])] if "penalty" in check.params else []  # the suite's own sam: check stays
        variants = [Check(base, params=_without_penalty(check.params))]
        for penalty in dict.fromkeys([*penalties, *own]):
            params = _without_penalty(check.params) | ({} if penalty == DEFAULT_PENALTY else {"penalty": penalty})
            variants.append(Check(wrapped(SAM, base), params=params))
        for variant in variants:
            ordered.setdefault(variant.key, variant)
    return list(ordered.values())


def takes_sam(metric: str) -> bool:
    """Whether ``sam:metric`` can be computed: SAM scales a score down, so only a metric where higher is better
    takes it (not ``ter``, ``characTER`` or the two-sided ``length-ratio``), as the suite loader requires."""
    try:
        return metric_direction(metric) is True
    except MetricError:
        return False  # unknown, or its package is missing: the metric's own row reports that


def _without_penalty(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if k != "penalty"}


def _score(evaluator: Evaluator, metric: Metric, items: Sequence[tuple[Case, str]]) -> list[float]:
    scores = cached_score_batch(metric, [h for _, h in items], [list(c.refs) for c, _ in items],
                                [c.src for c, _ in items], evaluator.cache)
    return [s.value for s in scores]


def _none_if_nan(value: float) -> float | None:
    return None if math.isnan(value) else value


def correlate(suite: str, scale: str, metric: str, values: Sequence[float], human: Sequence[float],
              higher_is_better: bool, settings: Settings) -> Correlation:
    """Absolute Pearson and Kendall correlations with bootstrap intervals (values oriented so higher is better)."""
    x = np.asarray(values, float) * (1 if higher_is_better else -1)
    n, pearson, kendall = len(x), pearson_resampled(x, human), TauB(x, human)
    r, tau = value(pearson, n), value(kendall, n)
    ci = dict(resamples=settings.resamples, confidence=settings.confidence, seed=settings.seed, absolute=True)
    agrees = None if math.isnan(r) else r >= 0
    ties = all_pairs_accuracy(x, np.asarray(human, float))
    return Correlation(suite, scale, metric, n, _none_if_nan(abs(r)), bootstrap_ci(pearson, n, **ci),
                       _none_if_nan(abs(tau)), bootstrap_ci(kendall, n, **ci), agrees, *_tie_fields(ties))


def _tie_fields(ties: TieAccuracy | None) -> tuple[float | None, float | None]:
    return (None, None) if ties is None else (ties.accuracy, ties.epsilon)


def _accuracy_ci(hits: np.ndarray, settings: Settings) -> CI:
    return bootstrap_ci(lambda idx: hits[idx].mean(axis=1), len(hits), resamples=settings.resamples,
                        confidence=settings.confidence, seed=settings.seed)


def pair_agreement(suite: str, scale: str, metric: str, a: Sequence[float], b: Sequence[float],
                   majorities: Sequence[str | None], higher_is_better: bool, settings: Settings) -> PairAgreement:
    """Agreement of the metric's preference with the human majority (see :class:`PairAgreement`)."""
    hits = []
    for va, vb, side in zip(a, b, majorities):
        if side in SIDES:
            better = va - vb if higher_is_better else vb - va
            hits.append((better > 0) if side == "A" else (better < 0))
    arr = np.asarray(hits, bool)
    n = len(arr)
    accuracy = float(arr.mean()) if n else None
    signs = {"A": 1, "B": -1, EQUAL: 0}
    judged = [(va - vb, signs[side]) for va, vb, side in zip(a, b, majorities) if side in signs]
    ties = paired_accuracy(np.array([d if higher_is_better else -d for d, _ in judged]), np.array([s for _, s in judged]))
    return PairAgreement(suite, scale, metric, n, int(arr.sum()), accuracy, _accuracy_ci(arr.astype(float), settings),
                         None if accuracy is None else 2 * accuracy - 1, len(majorities) - n, *_tie_fields(ties),
                         len(judged))


def _current(suite: Suite, check: Check) -> Check | None:
    """The suite's default check on this metric, when it has exactly one bound."""
    found = next((c for c in suite.defaults if c.key == check.key), None)
    return found if found is not None and (found.min is None) != (found.max is None) else None


def calibrate(suite: Suite, scale: Scale, check: Check, values: Sequence[float], human: Sequence[float],
              higher_is_better: bool, rule: Acceptable) -> Calibration:
    """The best threshold for ``check``'s metric under ``rule``, beside the suite's current one."""
    ok = [rule(h) for h in human]
    current = _current(suite, check)
    now = None
    if current is not None and any(ok) and not all(ok):
        bound = current.min if current.min is not None else current.max
        now = separation([current.passes(v) for v in values], ok, float(bound))
    return Calibration(suite.name, scale.name, check.key, str(rule), sum(ok), len(ok) - sum(ok),
                       "min" if higher_is_better else "max", best_threshold(values, ok, higher_is_better), now)


def _rule(scale: Scale, settings: Settings) -> Acceptable:
    return next((r for r in settings.acceptable if r.scale == scale.name), None) or default_acceptable(scale)


def _suite(suite: Suite, evaluator: Evaluator, settings: Settings, out: MetaEval) -> None:
    scales = rated_scales(suite)
    if not scales:
        return
    for check in suite_metrics(suite, settings.extra, settings.sam, settings.sam_penalties):
        try:
            metric = evaluator.metric(check, suite.target_lang, suite.source_lang)
        except MtcheckError as exc:
            out.problems.append(f"{suite.name}: {named(check.key, str(exc))}")
            continue
        for scale in scales:
            try:
                _scale(suite, scale, check, metric, evaluator, settings, out)
            except MtcheckError as exc:
                out.problems.append(f"{suite.name}: {check.key} on {scale.name}: "
                                    f"{evaluator.wording.explain(exc, check.metric)}")


def _scale(suite: Suite, scale: Scale, check: Check, metric: Metric, evaluator: Evaluator,
           settings: Settings, out: MetaEval) -> None:
    """One metric against one scale of one suite."""
    if scale.kind == ORDINAL:
        rated = ordinal_outputs(suite, scale)
        values = _score(evaluator, metric, [(r.case, r.hyp) for r in rated])
        human = [r.human for r in rated]
        out.correlations.append(correlate(suite.name, scale.name, check.key, values, human,
                                          metric.higher_is_better, settings))
        if settings.calibrate:
            out.calibrations.append(calibrate(suite, scale, check, values, human, metric.higher_is_better,
                                              _rule(scale, settings)))
    else:
        pairs = rated_pairs(suite, scale)
        a = _score(evaluator, metric, [(p.case, p.hyp_a) for p in pairs])
        b = _score(evaluator, metric, [(p.case, p.hyp_b) for p in pairs])
        out.pairs.append(pair_agreement(suite.name, scale.name, check.key, a, b, [p.majority for p in pairs],
                                        metric.higher_is_better, settings))


def meta_evaluate(suites: Sequence[Suite], evaluator: Evaluator | None = None, settings: Settings | None = None) -> MetaEval:
    """Correlations (ordinal scales), preference agreement (pairwise scales) and optional calibration for every rated suite."""
    out, evaluator, settings = MetaEval(), evaluator or Evaluator(), settings or Settings()
    for suite in suites:
        _suite(suite, evaluator, settings, out)
    return out
