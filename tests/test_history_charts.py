"""The history page's charts: a flat series is drawn flat, high on a labelled axis that starts at the metric's floor."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import SummaryRecord
from mtcheck.history.render import render_html
from mtcheck.history.runs import build_run
from mtcheck.history.schema import Run


def _runs(chrf: float, bertscore: float, count: int = 6) -> list[Run]:
    runs = []
    for i in range(count):
        records = [SummaryRecord("demo", f"c{j}", "mt", ("negation",), Outcome.PASSED,
                                 {"chrf": chrf, "bertscore": bertscore}, None) for j in range(3)]
        run = build_run(records, commit=f"{i:07x}", started_at=f"2025-06-0{i + 1}T09:00:00+00:00")
        run.id = i + 1
        runs.append(run)
    return runs


def _chart(page: str, title: str) -> ET.Element:
    return next(chart for chart in map(ET.fromstring, re.findall(r"<svg .*?</svg>", page, re.S))
                if chart.findtext("title") == title)


def _plot(chart: ET.Element) -> tuple[list[float], float, float, dict[str, float]]:
    """The first line's y values, the plot's top and bottom, and each tick label with its height."""
    points = chart.find("polyline").get("points").split()
    grid = [float(line.get("y1")) for line in chart.iter("line")]
    ticks = {t.text: float(t.get("y")) - 4 for t in chart.iter("text") if t.get("text-anchor") == "end"
             and re.fullmatch(r"-?[\d.]+%?", t.text or "")}
    return [float(p.split(",")[1]) for p in points], min(grid), max(grid), ticks


def test_a_flat_score_is_a_flat_line_in_the_upper_part_of_a_labelled_axis() -> None:
    page = render_html(_runs(76.5, 0.8712), 6, "h.sqlite")
    ys, top, bottom, ticks = _plot(_chart(page, "mean chrf"))
    assert list(ticks) == ["0", "25", "50", "75", "100"]  # chrF's scale, from its floor 0
    assert len(set(ys)) == 1 and ys[0] < (top + bottom) / 2  # flat, and in the upper half
    assert ticks["75"] > ys[0] > ticks["100"]  # between the 75 and 100 grid lines


def test_a_metric_of_unknown_scale_gets_a_padded_axis_around_its_values() -> None:
    page = render_html(_runs(76.5, 0.8712), 6, "h.sqlite")
    ys, top, bottom, ticks = _plot(_chart(page, "mean bertscore"))
    assert list(ticks) == ["0.80", "0.85", "0.90", "0.95"]  # at least 10 % of the value, not 0.8712 ± noise
    assert len(set(ys)) == 1 and top < ys[0] < bottom


def test_pass_rates_run_from_0_to_100_percent() -> None:
    page = render_html(_runs(76.5, 0.8712), 6, "h.sqlite")
    ys, top, bottom, ticks = _plot(_chart(page, "suite demo: pass rate"))
    assert list(ticks) == ["0%", "25%", "50%", "75%", "100%"] and set(ys) == {ticks["100%"]}
