"""The last runs of a history as a terminal table, a Markdown table (a PR comment) or a self-contained HTML page."""
from __future__ import annotations

from collections.abc import Sequence

from mtcheck.engine.outcome import Outcome
from mtcheck.history.schema import RUN, SUITE, TAG, Key, Run
from mtcheck.report import svg
from mtcheck.report.axis import ticks_between, value_axis
from mtcheck.report.html import CSS
from mtcheck.report.markdown import cell
from mtcheck.safety.safetext import html_text
from mtcheck.text.numbers import metric_scale

#: Characters of a commit hash shown in tables.
SHORT_COMMIT = 10
#: Systems a table names before counting the rest.
SYSTEMS_NAMED = 3
#: Pass rates are drawn from 0 to 100 %, whatever their values.
PERCENT_AXIS = ticks_between(0, 100)


def short_commit(run: Run) -> str:
    return run.git_commit[:SHORT_COMMIT] if run.git_commit else "-"


def date(run: Run) -> str:
    """``2025-01-31 12:00`` (UTC)."""
    return run.started_at[:16].replace("T", " ")


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def signed(value: float | None, unit: str = "") -> str:
    """``+1.2``, ``-0.5``, ``±0`` (with ``unit``), or ``-`` when there is nothing to compare."""
    if value is None:
        return "-"
    text = f"{value:+.3g}"
    return ("±0" if float(text) == 0 else text) + unit


def _failed(run: Run) -> int:
    counts = run.counts.get((RUN, ""), {})
    return counts.get(Outcome.FAILED, 0) + counts.get(Outcome.MISSED, 0)


def _errors(run: Run) -> int:
    return run.counts.get((RUN, ""), {}).get(Outcome.ERROR, 0)


def _systems(run: Run) -> str:
    more = len(run.systems) - SYSTEMS_NAMED
    text = ", ".join(run.systems[:SYSTEMS_NAMED]) + (f" and {more} more" if more > 0 else "") or "-"
    return f"{text} (shard {run.shard})" if run.shard else text


def _pairs(runs: Sequence[Run], shown: int) -> list[tuple[Run | None, Run]]:
    """The last ``shown`` runs, each with the run before it (None for the oldest run of the history)."""
    pairs = [(runs[i - 1] if i else None, run) for i, run in enumerate(runs)]
    return pairs[-shown:] if shown else []


def render_text(runs: Sequence[Run], shown: int) -> list[str]:
    """A terminal table of the last ``shown`` of ``runs`` (oldest first), newest last."""
    header = ["run", "date (UTC)", "commit", "cases", "pass rate", "Δ", "failed", "error", "systems"]
    rows = [[str(run.id), date(run), short_commit(run), str(run.case_count), percent(run.pass_rate()),
             _delta_rate(before, run), str(_failed(run)), str(_errors(run)), _systems(run)]
            for before, run in _pairs(runs, shown)]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return ["  ".join(text.ljust(w) if i in (1, 2, 8) else text.rjust(w) for i, (text, w) in enumerate(zip(row, widths))).rstrip()
            for row in [header, *rows]]


def _delta_rate(before: Run | None, run: Run) -> str:
    now, then = run.pass_rate(), before.pass_rate() if before else None
    return signed(100 * (now - then) if now is not None and then is not None else None, " pp")


def _means(before: Run | None, run: Run) -> str:
    """The run's metric means over all cases, each with its change since the run before."""
    old = before.means.get((RUN, ""), {}) if before else {}
    parts = []
    for metric, mean in run.means.get((RUN, ""), {}).items():
        change = f" ({signed(mean - old[metric])})" if metric in old else ""
        parts.append(f"{metric} {mean:.4g}{change}")
    return "; ".join(parts) or "-"


def render_markdown(runs: Sequence[Run], shown: int) -> str:
    """The last ``shown`` runs as a Markdown table, newest first, with changes since the run before each."""
    lines = ["| run | commit | date (UTC) | cases | pass rate | Δ pass rate | failed | Δ failed | metric means (Δ) |",
             "|---:|---|---|---:|---:|---:|---:|---:|---|"]
    for before, run in reversed(_pairs(runs, shown)):
        failed = signed(_failed(run) - _failed(before)) if before else "-"
        lines.append(f"| {run.id} | {cell(short_commit(run))} | {date(run)} | {run.case_count} | {percent(run.pass_rate())} "
                     f"| {_delta_rate(before, run)} | {_failed(run)} | {failed} | {cell(_means(before, run))} |")
    return "\n".join(lines) + "\n"


def _label(run: Run) -> str:
    return f"#{run.id} {run.git_commit[:7]}" if run.git_commit else f"#{run.id} {run.started_at[:10]}"


def _names(runs: Sequence[Run], scope: str) -> list[str]:
    return sorted({name for run in runs for (s, name) in run.counts if s == scope})


def _rate_charts(runs: Sequence[Run], scope: str, labels: list[str]) -> str:
    charts = []
    for name in _names(runs, scope):
        key: Key = (scope, name)
        rates = [run.pass_rate(key) for run in runs]
        charts.append(svg.line_chart(labels, {"pass rate": [None if r is None else 100 * r for r in rates]},
                                     f"{scope} {name}: pass rate", PERCENT_AXIS, unit="%", value_text="{:.1f}%"))
    return "".join(charts)


def _mean_charts(runs: Sequence[Run], labels: list[str]) -> str:
    metrics = sorted({m for run in runs for (scope, _), means in run.means.items() if scope == RUN for m in means})
    charts = []
    for metric in metrics:
        series = {"all cases": [run.means.get((RUN, ""), {}).get(metric) for run in runs]}
        for name in _names(runs, SUITE):
            values = [run.means.get((SUITE, name), {}).get(metric) for run in runs]
            if any(v is not None for v in values):
                series[f"suite {name}"] = values
        found = [v for values in series.values() for v in values if v is not None]
        charts.append(svg.line_chart(labels, series, f"mean {metric}", value_axis(found, metric_scale(metric)),
                                     value_text="{:.4g}"))
    return "".join(charts)


def render_html(runs: Sequence[Run], shown: int, where: str) -> str:
    """A self-contained page (inline CSS and SVG, no scripts or URLs): the runs table and the trends of the last runs."""
    pairs = _pairs(runs, shown)
    window = [run for _, run in pairs]
    labels = [_label(run) for run in window]
    header = ["run", "commit", "date (UTC)", "cases", "pass rate", "Δ pass rate", "failed", "error", "systems", "metric means (Δ)"]
    rows = [[str(run.id), short_commit(run), date(run), str(run.case_count), percent(run.pass_rate()),
             _delta_rate(before, run), str(_failed(run)), str(_errors(run)), _systems(run), _means(before, run)]
            for before, run in reversed(pairs)]
    table = ("<table><tr>" + "".join(f"<th>{html_text(h)}</th>" for h in header) + "</tr>"
             + "".join("<tr>" + "".join(f"<td>{html_text(v)}</td>" for v in row) + "</tr>" for row in rows) + "</table>")
    span = f"{len(window)} runs, {date(window[0])} to {date(window[-1])} (UTC)" if window else "no runs"
    sections = [("Pass rate per suite", _rate_charts(window, SUITE, labels)),
                ("Pass rate per tag", _rate_charts(window, TAG, labels)),
                ("Metric means (all cases and per suite)", _mean_charts(window, labels))]
    body = "".join(f"<h2>{html_text(title)}</h2><div class=grid>{charts}</div>" for title, charts in sections if charts)
    return ("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>mtcheck history</title>"
            f"<style>{CSS}</style></head><body><h1>mtcheck history</h1><p>{html_text(span)} from {html_text(where)}</p>"
            f"<h2>Runs</h2>{table}{body}</body></html>\n")
