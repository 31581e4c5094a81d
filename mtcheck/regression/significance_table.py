"""The terminal table of significance tests (:class:`~mtcheck.regression.stats.TestResult`), shared by the
baseline gate and ``mtcheck compare``: what a test could not say from too few cases is a dash, and a line
under the table says why."""
from __future__ import annotations

from collections.abc import Sequence

from mtcheck.regression.stats import StatsSettings, TestResult
from mtcheck.text.fit import DEFAULT_WIDTH, fold
from mtcheck.text.table import table

#: A number a test did not compute (too few cases).
NONE = "-"


def _p(value: float | None) -> str:
    return NONE if value is None else f"{value:.4f}"


def intervals(bounds: Sequence[tuple[float | None, float | None]], signed: bool = True) -> list[str]:
    """``[low, high]`` cells whose bounds line up in a column (a dash for an interval not computed)."""
    form = "+.4g" if signed else ".4g"
    cells = [(f"{low:{form}}", f"{high:{form}}") for low, high in bounds if low is not None and high is not None]
    lows, highs = max((len(c[0]) for c in cells), default=0), max((len(c[1]) for c in cells), default=0)
    return [NONE if low is None or high is None else f"[{format(low, form):>{lows}}, {format(high, form):>{highs}}]"
            for low, high in bounds]


def render_tests(tests: Sequence[TestResult], stats: StatsSettings, *, label: str = "change",
                 width: int = DEFAULT_WIDTH) -> list[str]:
    """One row per test: mean change with its interval, the randomisation p-value raw and corrected, decision
    (the bootstrap p-value is in the JSON); a line on ``too few cases`` when a test has too few."""
    if not tests:
        return []
    header = ("group", "metric", "n", label, f"{100 * (1 - stats.alpha):g}% CI", "p AR", f"p {stats.correction}",
              "decision")
    rows = [(f"{t.scope} {t.group}", t.metric, str(t.n), f"{t.mean:+.4g}", interval, _p(t.p_randomisation),
             _p(t.p_corrected), t.decision)
            for t, interval in zip(tests, intervals([(t.ci_low, t.ci_high) for t in tests]))]
    lines = table(header, rows, "<<>>>>><", width, labels=2)
    if any(t.p_corrected is None or t.ci_low is None for t in tests):
        lines += fold(stats.too_few_note(), width, indent="  ")
    return lines
