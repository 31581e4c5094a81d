"""Small inline SVG charts (no scripts, no fonts, no URLs): stacked bars, histograms, heatmaps, line charts.

Each chart sizes itself from its texts' estimated widths (:mod:`mtcheck.report.textwidth`), so every label and
legend entry lies inside its ``viewBox``.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence

from mtcheck.engine.outcome import Outcome
from mtcheck.report.axis import Axis
from mtcheck.report.textwidth import clip, text_width
from mtcheck.safety.safetext import html_text

FONT = 'font-family="sans-serif" font-size="12"'
#: Colours of outcomes in stacked bars, in drawing order.
OUTCOME_COLOURS = {Outcome.PASSED: "#2e7d32", Outcome.CAUGHT: "#81c784", Outcome.FAILED: "#c62828", Outcome.MISSED: "#ef6c00",
                   Outcome.SKIPPED: "#9e9e9e", Outcome.ERROR: "#6a1b9a", Outcome.KNOWN_MISS: "#ffb74d"}
#: A legend entry's colour box and the space before its name; the space between entries; the height of a row.
LEGEND_BOX, LEGEND_GAP, LEGEND_ROW = 14, 16, 16
#: Widest a row label of a bar chart is drawn: longer ones are cut, with the whole text as their tooltip.
MAX_LABEL_W = 260


def _svg(width: float, height: float, body: list[str], title: str) -> str:
    width, height = math.ceil(width), math.ceil(height)
    return (f'<svg width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{html_text(title)}">'
            f"<title>{html_text(title)}</title>{''.join(body)}</svg>")


def standalone(svg: str) -> str:
    """``svg`` as the content of a ``.svg`` file (which needs the SVG namespace; inline SVG in HTML does not)."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1) + "\n"


def _text(x: float, y: float, text: str, anchor: str = "start", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT}{extra}>{html_text(text)}</text>'


def _legend(entries: Sequence[tuple[str, str]], x0: float, y0: float, width: float) -> tuple[list[str], float]:
    """Colour boxes with their names, left to right from ``(x0, y0)``, wrapping before ``width``; returns the
    elements and the height they take."""
    body: list[str] = []
    x, y = x0, y0
    for name, colour in entries:
        entry_w = LEGEND_BOX + text_width(name)
        if x > x0 and x + entry_w > width:
            x, y = x0, y + LEGEND_ROW
        body += [f'<rect x="{x:.0f}" y="{y + 4:.0f}" width="10" height="10" fill="{colour}"/>',
                 _text(x + LEGEND_BOX, y + 13, name)]
        x += entry_w + LEGEND_GAP
    return body, (y - y0 + LEGEND_ROW if entries else 0)


def _legend_width(entries: Sequence[tuple[str, str]]) -> float:
    """The width a legend needs at least: its widest entry."""
    return max((LEGEND_BOX + text_width(name) for name, _ in entries), default=0.0)


def stacked_bars(rows: Sequence[tuple[str, dict[str, int]]], title: str, width: int = 640) -> str:
    """One horizontal bar per label, split by outcome counts (share of the label's cases), and a legend of the
    outcomes found; as wide as its labels need."""
    bar_h, gap, share_w = 18, 6, 44
    labels = [clip(label, MAX_LABEL_W) for label, _ in rows]
    label_w = max((text_width(label) for label in labels), default=0.0) + 12
    found = [(outcome, colour) for outcome, colour in OUTCOME_COLOURS.items() if any(c.get(outcome) for _, c in rows)]
    width = max(width, label_w + 120 + share_w, label_w + _legend_width(found) + 8, text_width(title, bold=True) + 4)
    plot_w = width - label_w - share_w
    body = [_text(0, 14, title, extra=' font-weight="bold"')]
    y = 26
    for (label, counts), shown in zip(rows, labels):
        total = sum(counts.values()) or 1
        text = _text(label_w - 6, y + bar_h - 5, shown, "end")
        body.append(text if shown == label else f"<g><title>{html_text(label)}</title>{text}</g>")
        x = float(label_w)
        for outcome, colour in OUTCOME_COLOURS.items():
            share = counts.get(outcome, 0) / total
            if share:
                body.append(f'<rect x="{x:.1f}" y="{y}" width="{share * plot_w:.1f}" height="{bar_h}" fill="{colour}">'
                            f"<title>{html_text(label)}: {counts[outcome]} {outcome}</title></rect>")
                x += share * plot_w
        passed = counts.get(Outcome.PASSED, 0) + counts.get(Outcome.CAUGHT, 0)
        body.append(_text(label_w + plot_w + 6, y + bar_h - 5, f"{100 * passed / total:.0f}%"))
        y += bar_h + gap
    legend, legend_h = _legend(found, label_w, y, width)
    return _svg(width, y + legend_h + 4, body + legend, title)


def histogram(values: Sequence[float], title: str, threshold: float | None = None, bins: int = 20,
              width: int = 360, height: int = 180) -> str:
    """Counts of ``values`` in ``bins`` equal bins, with a dashed line at ``threshold``."""
    bottom, top = 30, 22
    low, high = min(values), max(values)
    if threshold is not None:
        low, high = min(low, threshold), max(high, threshold)
    if high == low:
        low, high = low - 0.5, high + 0.5
    counts = [0] * bins
    step = (high - low) / bins
    for value in values:
        counts[min(bins - 1, int((value - low) / step))] += 1
    peak = max(counts)
    ends, middle = (f"{low:.3g}", f"{high:.3g}"), f"n = {len(values)}"
    left = max(36.0, text_width(str(peak)) + 8)
    width = max(width, text_width(title, bold=True) + 4, left + sum(map(text_width, ends)) + text_width(middle) + 40)
    plot_w, plot_h = width - left - 10, height - bottom - top
    body = [_text(0, 14, title, extra=' font-weight="bold"'),
            f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#333"/>',
            _text(left - 4, top + 10, str(peak), "end"), _text(left - 4, top + plot_h, "0", "end")]
    bar_w = plot_w / bins
    for i, count in enumerate(counts):
        if count:
            h = plot_h * count / peak
            body.append(f'<rect x="{left + i * bar_w + 0.5:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w - 1:.1f}" '
                        f'height="{h:.1f}" fill="#4a6fa5"><title>{low + i * step:.4g} to {low + (i + 1) * step:.4g}: '
                        f"{count}</title></rect>")
    if threshold is not None:
        x = left + plot_w * (threshold - low) / (high - low)
        body.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{top + plot_h}" stroke="#c62828" '
                    f'stroke-dasharray="4 3" stroke-width="2"><title>threshold {threshold:g}</title></line>')
    body += [_text(left, height - 12, ends[0]), _text(left + plot_w, height - 12, ends[1], "end"),
             _text(left + plot_w / 2, height - 12, middle, "middle")]
    return _svg(width, height, body, title)


def _blue(value: float) -> str:
    """White (0) to dark blue (1), as in the SAM paper's heatmaps."""
    t = max(0.0, min(1.0, value))
    r, g, b = (round(255 + (end - 255) * t) for end in (8, 48, 107))
    return f"rgb({r},{g},{b})"


def heatmap(rows: Sequence[str], cols: Sequence[str], values: Sequence[Sequence[float | None]], title: str) -> str:
    """A grid of values in [0, 1], coloured white to blue, each cell labelled with its value.

    A column label ``suite/scale`` is shown on two lines, suite above scale.
    """
    heads = [col.rsplit("/", 1) if "/" in col else ["", col] for col in cols]
    cell_w = max(64.0, max((text_width(part) for head in heads for part in head), default=0.0) + 12)
    cell_h = 30
    label_w = 12 + max((text_width(r) for r in rows), default=28.0)
    top = 58
    width = max(label_w + cell_w * len(cols) + 10, text_width(title, bold=True) + 4)
    height = top + cell_h * len(rows) + 10
    body = [_text(0, 14, title, extra=' font-weight="bold"')]
    for j, (upper, lower) in enumerate(heads):
        x = label_w + j * cell_w + cell_w / 2
        body += [_text(x, top - 22, upper, "middle", ' fill="#555"'), _text(x, top - 7, lower, "middle")]
    for i, row in enumerate(rows):
        y = top + i * cell_h
        body.append(_text(label_w - 6, y + cell_h / 2 + 4, row, "end"))
        for j, value in enumerate(values[i]):
            x = label_w + j * cell_w
            missing = value is None or math.isnan(value)
            fill = "#eeeeee" if missing else _blue(value)
            ink = "#ffffff" if not missing and value > 0.55 else "#000000"
            label = "-" if missing else f"{value:.2f}"
            body.append(f'<rect x="{x:.1f}" y="{y}" width="{cell_w:.1f}" height="{cell_h}" fill="{fill}" stroke="#ffffff">'
                        f"<title>{html_text(row)} / {html_text(cols[j])}: {label}</title></rect>")
            body.append(_text(x + cell_w / 2, y + cell_h / 2 + 4, label, "middle", f' fill="{ink}"'))
    return _svg(width, height, body, title)


def stack(svgs: Sequence[str], gap: int = 16) -> str:
    """Several of these charts one below the other, as one SVG."""
    sizes = [tuple(float(v) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"', s).groups()) for s in svgs]  # type: ignore[union-attr]
    body, y = [], 0.0
    for chart, (_, h) in zip(svgs, sizes):
        body.append(chart.replace("<svg ", f'<svg y="{y:.0f}" ', 1))
        y += h + gap
    return _svg(max((w for w, _ in sizes), default=1), max(y - gap, 1), body, "charts")


#: Colours of the lines of a line chart, in order (then repeated).
LINE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


def line_chart(labels: Sequence[str], series: dict[str, Sequence[float | None]], title: str, axis: Axis, *,
               unit: str = "", value_text: str = "{:.3g}", width: int = 420, plot_h: int = 130) -> str:
    """One line per series over the points ``labels`` (left to right); a ``None`` value leaves a gap.

    The value axis is ``axis`` (see :func:`mtcheck.report.axis.value_axis`), each tick labelled (with ``unit``)
    and drawn as a faint grid line. The first of several series is drawn widest, so a later one on top of it
    leaves it visible. Each point's tooltip names its series, label and value (formatted by ``value_text``).
    """
    entries = [(clip(name, MAX_LABEL_W), LINE_COLOURS[k % len(LINE_COLOURS)]) for k, name in enumerate(series)]
    tick_texts = [axis.tick_text(t) + unit for t in axis.ticks]
    left, right, top, inset = max(map(text_width, tick_texts)) + 10, 10, 30, 8
    ends = [labels[0], labels[-1]] if len(labels) > 1 else list(labels[:1])
    width = max(width, text_width(title, bold=True) + 4, left + _legend_width(entries) + right,
                left + sum(map(text_width, ends)) + 20 + right)
    plot_w = width - left - right
    step = (plot_w - 2 * inset) / max(len(labels) - 1, 1)
    widest = 5 if len(series) > 1 else 2  # the first of several lines, drawn under the others

    def xy(i: int, value: float) -> tuple[float, float]:
        return left + inset + i * step, top + plot_h * (axis.high - value) / (axis.high - axis.low)

    body = [_text(0, 14, title, extra=' font-weight="bold"')]
    for tick, text in zip(axis.ticks, tick_texts):
        y = xy(0, tick)[1]
        body += [f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w:.1f}" y2="{y:.1f}" stroke="#e3e3e3"/>',
                 _text(left - 4, y + 4, text, "end")]
    body.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w:.1f}" y2="{top + plot_h}" stroke="#333"/>')
    if ends:
        body.append(_text(left, top + plot_h + 16, ends[0]))
    if len(ends) > 1:
        body.append(_text(left + plot_w, top + plot_h + 16, ends[1], "end"))
    for k, (name, values) in enumerate(series.items()):
        colour = entries[k][1]
        runs: list[list[tuple[float, float]]] = [[]]
        for i, value in enumerate(values):
            if value is None:
                runs.append([])
                continue
            x, y = xy(i, value)
            runs[-1].append((x, y))
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{widest if k == 0 else 3}" fill="{colour}"><title>{html_text(name)} at '
                        f"{html_text(labels[i])}: {html_text(value_text.format(value))}</title></circle>")
        for points in runs:
            if len(points) > 1:
                body.append(f'<polyline fill="none" stroke="{colour}" stroke-width="{widest if k == 0 else 2}" points="'
                            + " ".join(f"{x:.1f},{y:.1f}" for x, y in points) + '"/>')
    legend, legend_h = _legend(entries, left, top + plot_h + 22, width)
    return _svg(width, top + plot_h + 22 + legend_h + 4, body + legend, title)
