"""SVG charts size themselves: every text and legend entry lies inside the chart's viewBox, however long."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mtcheck.engine.record import CaseRecord
from mtcheck.report import svg
from mtcheck.report.axis import value_axis
from mtcheck.report.data import ReportData
from mtcheck.report.html import render_html
from mtcheck.report.summary import OUTCOMES
from mtcheck.report.textwidth import clip, text_width

LONG = "a-suite-name-that-goes-on-and-on-for-quite-a-while-WWWWMMMM"
CJK = "情感分析测试套件的名称很长很长"


def _charts(page: str) -> list[ET.Element]:
    """Every top-level ``<svg>`` of ``page`` (inline SVG in HTML is well-formed XML)."""
    return [ET.fromstring(found) for found in re.findall(r"<svg .*?</svg>", page, re.S)]


def _outside(chart: ET.Element) -> list[str]:
    """The texts of ``chart`` whose estimated box reaches outside its viewBox, with their boxes."""
    _, _, width, height = map(float, chart.get("viewBox", "").split())
    problems = []
    for text in chart.iter("text"):
        content = "".join(text.itertext())
        size = float(text.get("font-size", 12))
        w = text_width(content, size, bold=text.get("font-weight") == "bold")
        x, y = float(text.get("x", 0)), float(text.get("y", 0))
        left = {"start": x, "middle": x - w / 2, "end": x - w}[text.get("text-anchor", "start")]
        if left < 0 or left + w > width or y - size < 0 or y + 0.25 * size > height:
            problems.append(f"{content!r}: x {left:.0f} to {left + w:.0f}, y {y - size:.0f} to {y:.0f} "
                            f"in {width:.0f} x {height:.0f}")
    return problems


def test_the_legend_names_every_outcome_inside_the_bar_chart() -> None:
    counts = dict.fromkeys(OUTCOMES, 1)
    chart = ET.fromstring(svg.stacked_bars([(LONG, counts), (CJK, counts), ("x", {"known-miss": 3})], "Outcomes per suite"))
    texts = ["".join(t.itertext()) for t in chart.iter("text")]
    assert set(OUTCOMES) <= set(texts) and "known-miss" in texts
    assert _outside(chart) == []


def test_a_legend_shows_only_the_outcomes_found() -> None:
    chart = ET.fromstring(svg.stacked_bars([("s", {"passed": 3, "failed": 1})], "Outcomes"))
    assert ["".join(t.itertext()) for t in chart.iter("text")][-2:] == ["passed", "failed"]


def test_a_long_row_label_is_cut_with_its_whole_text_as_tooltip() -> None:
    chart = svg.stacked_bars([(LONG * 3, {"passed": 1})], "Outcomes")
    shown = clip(LONG * 3, svg.MAX_LABEL_W)
    assert shown.endswith("\u2026") and f"<title>{LONG * 3}</title>" in chart and f">{shown}</text>" in chart
    assert _outside(ET.fromstring(chart)) == []


@pytest.mark.parametrize("chart", [
    svg.histogram([0.1, 0.5, 123456.0], f"distribution of {LONG}", threshold=0.4),
    svg.heatmap([LONG, CJK], [f"{LONG}/fluency", "s/adequacy-of-the-translation"], [[0.5, None], [1.0, 0.2]], f"heatmap {LONG}"),
    svg.line_chart([f"#1 {LONG}", "#2", f"#3 {CJK}"], {f"suite {LONG}": [1.0, None, 3.0], CJK: [2.0, 2.5, 2.0]},
                   f"mean {LONG}", value_axis([1.0, 3.0])),
    svg.line_chart(["#1 0123456"], {"pass rate": [100.0]}, "tag t: pass rate", value_axis([], (0, 100)), unit="%"),
], ids=["histogram", "heatmap", "line chart", "one point"])
def test_every_text_of_a_chart_lies_inside_it(chart: str) -> None:
    assert _outside(ET.fromstring(chart)) == []


def test_every_chart_of_the_html_report_holds_its_texts() -> None:
    records = [CaseRecord.from_json({"suite": suite, "case": f"c{i}", "system": "mt", "tags": [LONG, CJK],
                                     "outcome": outcome, "values": {},
                                     "checks": [{"metric": "chrf", "value": 10.0 * i, "min": 50.0, "max": None,
                                                 "passed": i > 4}]})
               for suite in (LONG, CJK) for i, outcome in enumerate(OUTCOMES)]
    charts = _charts(render_html(ReportData(records)))
    assert len(charts) == 3  # bars per suite and per tag, the chrf histogram
    assert [problem for chart in charts for problem in _outside(chart)] == []


def test_text_width_grows_with_the_text_and_bold_is_wider() -> None:
    assert text_width("") == 0 and text_width("iii") < text_width("mmm") < text_width("\u6f22\u5b57\u6f22\u5b57")
    assert text_width("known-miss") < text_width("known-miss", bold=True) < text_width("known-miss", size=14, bold=True)
    assert clip("short", 100) == "short" and text_width(clip(LONG, 80)) <= 80


@pytest.mark.parametrize(("values", "scale", "low", "high", "ticks"), [
    ([76.5, 76.5], (0, 100), 0, 100, ["0", "25", "50", "75", "100"]),  # a 0-100 score: its whole scale
    ([0.91], (0, 1), 0, 1, ["0.00", "0.25", "0.50", "0.75", "1.00"]),
    ([30.0, 45.2], (0, float("inf")), 0, 60, ["0", "20", "40", "60"]),  # TER: from its floor to a round value above
    ([76.5, 76.5], None, 70, 82.5, ["70.0", "72.5", "75.0", "77.5", "80.0", "82.5"]),  # unknown scale: padded
    ([0.8712, 0.8713], None, 0.8, 0.95, ["0.80", "0.85", "0.90", "0.95"]),  # float noise never fills the chart
    ([0.0, 0.0], None, -1, 1, ["-1.0", "-0.5", "0.0", "0.5", "1.0"]),
    ([], None, 0, 1, ["0.00", "0.25", "0.50", "0.75", "1.00"]),
])
def test_value_axis_never_zooms_into_noise(values: list[float], scale: tuple[float, float] | None, low: float,
                                           high: float, ticks: list[str]) -> None:
    axis = value_axis(values, scale)
    assert (axis.low, axis.high) == pytest.approx((low, high))
    assert [axis.tick_text(t) for t in axis.ticks] == ticks
    if values:
        span = axis.high - axis.low
        assert span >= 0.1 * max(map(abs, values)) and axis.low <= min(values) and max(values) <= axis.high
