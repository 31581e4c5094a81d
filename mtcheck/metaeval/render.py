"""Meta-evaluation as text tables and as heatmap data (metrics x suite/scale, like the SAM paper's Figures 2-5)."""
from __future__ import annotations

from dataclasses import dataclass

from mtcheck.metaeval.core import CI, MetaEval

STATS = {"pearson": "|r| Pearson", "kendall": "|tau| Kendall", "acc_eq": "acc_eq, tie-calibrated",
         "accuracy": "pairwise accuracy", "pair_acc_eq": "pairwise acc_eq, tie-calibrated"}


@dataclass(frozen=True)
class Heatmap:
    """``values[i][j]``: statistic of metric ``rows[i]`` on ``cols[j]`` (``suite/scale``); None when not computed."""

    title: str
    rows: list[str]
    cols: list[str]
    values: list[list[float | None]]


def heatmaps(meta: MetaEval) -> list[Heatmap]:
    """One heatmap per statistic that has data: Pearson, Kendall and acc_eq on ordinal scales, accuracy and acc_eq
    on pairwise ones."""
    cells: dict[str, dict[tuple[str, str], float | None]] = {name: {} for name in STATS}
    for c in meta.correlations:
        cells["pearson"][(c.metric, f"{c.suite}/{c.scale}")] = c.pearson
        cells["kendall"][(c.metric, f"{c.suite}/{c.scale}")] = c.kendall
        cells["acc_eq"][(c.metric, f"{c.suite}/{c.scale}")] = c.acc_eq
    for p in meta.pairs:
        cells["accuracy"][(p.metric, f"{p.suite}/{p.scale}")] = p.accuracy
        cells["pair_acc_eq"][(p.metric, f"{p.suite}/{p.scale}")] = p.acc_eq
    maps = []
    for name, found in cells.items():
        if not found:
            continue
        rows = list(dict.fromkeys(metric for metric, _ in found))
        cols = list(dict.fromkeys(col for _, col in found))
        maps.append(Heatmap(STATS[name], rows, cols, [[found.get((r, c)) for c in cols] for r in rows]))
    return maps


def fmt(value: float | None, ci: CI = None) -> str:
    """``0.412 [0.201, 0.598]``, or ``-`` when undefined."""
    if value is None:
        return "-"
    return f"{value:.3f}" + (f" [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "")


def fmt_tied(accuracy: float | None, epsilon: float | None) -> str:
    """``0.812 (eps 0.5)``, or ``-`` when undefined."""
    return "-" if accuracy is None else f"{accuracy:.3f} (eps {epsilon:.4g})"


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]], left: int) -> list[str]:
    table = [header, *rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(header))]
    return ["  ".join(cell.ljust(w) if i < left else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths))).rstrip()
            for line in table]


def render(meta: MetaEval, confidence: float = 0.95) -> list[str]:
    """Correlation, pairwise and calibration tables as text lines."""
    if not meta and not meta.problems:
        return ["no rated suites found (declare scales and rate outputs; see docs/meta-eval.md)"]
    level = f"{confidence:.0%}"
    lines: list[str] = []
    if meta.correlations:
        rows = [(c.suite, c.scale, c.metric, str(c.n), fmt(c.pearson, c.pearson_ci), fmt(c.kendall, c.kendall_ci),
                 fmt_tied(c.acc_eq, c.acc_eq_epsilon), "" if c.agrees is not False else "reversed")
                for c in meta.correlations]
        lines += _table(("suite", "scale", "metric", "n", f"|r| [{level} CI]", f"|tau-b| [{level} CI]", "acc_eq", ""),
                        rows, 3)
        lines.append("|r|, |tau-b|: absolute correlations with the mean rating; reversed: the metric ranks the wrong way round")
        lines.append("acc_eq: share of all output pairs the metric orders as the mean ratings do, or ties where they tie "
                     "(values within eps, the best)")
    if meta.pairs:
        lines += [""] if lines else []
        rows = [(p.suite, p.scale, p.metric, str(p.n), f"{p.agree}/{p.n}", fmt(p.accuracy, p.accuracy_ci), fmt(p.tau),
                 str(p.undecided), fmt_tied(p.acc_eq, p.acc_eq_epsilon), str(p.acc_eq_n)) for p in meta.pairs]
        lines += _table(("suite", "scale", "metric", "n", "agree", f"accuracy [{level} CI]", "tau", "undecided", "acc_eq",
                         "n eq"), rows, 3)
        lines.append("accuracy: share of pairs where the metric prefers the human majority's choice (a metric tie counts as wrong)")
        lines.append("acc_eq: over pairs with a majority for A, B or equal, a metric tie (values within eps, the best) "
                     "agrees with equal")
    if meta.calibrations:
        lines += [""]
        rows = []
        for c in meta.calibrations:
            best = "-" if c.best is None else f"{c.bound} {c.best.threshold:.4g}"
            rows.append((c.suite, c.metric, c.rule, f"{c.acceptable}/{c.unacceptable}", best,
                         fmt(c.best.balanced_accuracy if c.best else None), fmt(c.best.youden_j if c.best else None),
                         "-" if c.current is None else f"{c.current.threshold:g}: {c.current.balanced_accuracy:.3f}"))
        lines += _table(("suite", "metric", "acceptable when", "ok/not", "best threshold", "bal. acc.", "J",
                         "current: bal. acc."), rows, 3)
    lines += [f"problem: {p}" for p in meta.problems]
    return lines
