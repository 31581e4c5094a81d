"""Small inline SVG charts (no scripts, no fonts, no URLs): stacked bars, histograms, heatmaps."""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from html import escape

from mtcheck.outcome import Outcome

FONT = 'font-family="sans-serif" font-size="12"'
#: Colours of outcomes in stacked bars, in drawing order.
OUTCOME_COLOURS = {Outcome.PASSED: "#2e7d32", Outcome.CAUGHT: "#81c784", Outcome.FAILED: "#c62828", Outcome.MISSED: "#ef6c00",
                   Outcome.SKIPPED: "#9e9e9e", Outcome.ERROR: "#6a1b9a", Outcome.KNOWN_MISS: "#ffb74d"}


def _svg(width: float, height: float, body: list[str], title: str) -> str:
    return (f'<svg width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{escape(title)}">'
            f"<title>{escape(title)}</title>{''.join(body)}</svg>")


def standalone(svg: str) -> str:
    """``svg`` as the content of a ``.svg`` file (which needs the SVG namespace; inline SVG in HTML does not)."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1) + "\n"


def _text(x: float, y: float, text: str, anchor: str = "start", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT}{extra}>{escape(text)}</text>'


def stacked_bars(rows: Sequence[tuple[str, dict[str, int]]], title: str, width: int = 640) -> str:
    """One horizontal bar per label, split by outcome counts (share of the label's cases)."""
    label_w, bar_h, gap = 180, 18, 6
    plot_w = width - label_w - 60
    body = [_text(0, 14, title, extra=' font-weight="bold"')]
    y = 26
    for label, counts in rows:
        total = sum(counts.values()) or 1
        body.append(_text(label_w - 6, y + bar_h - 5, label[:28], "end"))
        x = float(label_w)
        for outcome, colour in OUTCOME_COLOURS.items():
            share = counts.get(outcome, 0) / total
            if share:
                body.append(f'<rect x="{x:.1f}" y="{y}" width="{share * plot_w:.1f}" height="{bar_h}" fill="{colour}">'
                            f"<title>{escape(label)}: {counts[outcome]} {outcome}</title></rect>")
                x += share * plot_w
        passed = counts.get(Outcome.PASSED, 0) + counts.get(Outcome.CAUGHT, 0)
        body.append(_text(label_w + plot_w + 6, y + bar_h - 5, f"{100 * passed / total:.0f}%"))
        y += bar_h + gap
    legend_x = float(label_w)
    for outcome, colour in OUTCOME_COLOURS.items():
        body.append(f'<rect x="{legend_x:.0f}" y="{y + 4}" width="10" height="10" fill="{colour}"/>')
        body.append(_text(legend_x + 14, y + 13, outcome))
        legend_x += 75  # six outcomes fit in the default width
    return _svg(width, y + 22, body, title)


def histogram(values: Sequence[float], title: str, threshold: float | None = None, bins: int = 20,
              width: int = 360, height: int = 180) -> str:
    """Counts of ``values`` in ``bins`` equal bins, with a dashed line at ``threshold``."""
    left, bottom, top = 36, 30, 22
    plot_w, plot_h = width - left - 10, height - bottom - top
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
    body += [_text(left, height - 12, f"{low:.3g}"), _text(left + plot_w, height - 12, f"{high:.3g}", "end"),
             _text(left + plot_w / 2, height - 12, f"n = {len(values)}", "middle")]
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
    cell_w = max(64, 7 * max((len(part) for head in heads for part in head), default=4) + 10)
    cell_h = 30
    label_w = 12 + 7 * max((len(r) for r in rows), default=4)
    top = 58
    width, height = label_w + cell_w * len(cols) + 10, top + cell_h * len(rows) + 10
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
            body.append(f'<rect x="{x}" y="{y}" width="{cell_w}" height="{cell_h}" fill="{fill}" stroke="#ffffff">'
                        f"<title>{escape(row)} / {escape(cols[j])}: {label}</title></rect>")
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


def line_chart(labels: Sequence[str], series: dict[str, Sequence[float | None]], title: str, *,
               value_text: str = "{:.3g}", bounds: tuple[float, float] | None = None, width: int = 420,
               height: int = 190) -> str:
    """One line per series over the points ``labels`` (left to right); a ``None`` value leaves a gap.

    The value axis spans ``bounds`` (e.g. 0 to 100 for a percentage), or the values found. Each point's
    tooltip names its series, label and value (formatted by ``value_text``).
    """
    left, right, top, legend_h = 48, 10, 22, 16 * len(series)
    bottom = 24 + legend_h
    plot_w, plot_h = width - left - right, height - top - bottom
    found = [v for values in series.values() for v in values if v is not None]
    low, high = bounds or ((min(found), max(found)) if found else (0.0, 1.0))
    if high == low:
        low, high = low - 0.5, high + 0.5
    step = plot_w / max(len(labels) - 1, 1)

    def xy(i: int, value: float) -> tuple[float, float]:
        return left + i * step, top + plot_h * (high - value) / (high - low)

    body = [_text(0, 14, title, extra=' font-weight="bold"'),
            f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#333"/>',
            _text(left - 4, top + 10, value_text.format(high), "end"), _text(left - 4, top + plot_h, value_text.format(low), "end")]
    if labels:
        body += [_text(left, top + plot_h + 16, labels[0]), _text(left + plot_w, top + plot_h + 16, labels[-1], "end")]
    for k, (name, values) in enumerate(series.items()):
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        runs: list[list[tuple[float, float]]] = [[]]
        for i, value in enumerate(values):
            if value is None:
                runs.append([])
                continue
            x, y = xy(i, value)
            runs[-1].append((x, y))
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"><title>{escape(name)} at '
                        f"{escape(labels[i])}: {escape(value_text.format(value))}</title></circle>")
        for points in runs:
            if len(points) > 1:
                body.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="'
                            + " ".join(f"{x:.1f},{y:.1f}" for x, y in points) + '"/>')
        y = height - legend_h + 16 * k + 4
        body += [f'<rect x="{left}" y="{y}" width="10" height="10" fill="{colour}"/>', _text(left + 14, y + 9, name[:48])]
    return _svg(width, height, body, title)
