"""The HTML report and the history page in headless Chromium, offline, 1400 px wide: they render, the verdict banner
is the first heading and lies at the top in its colour, every chart's text lies inside its SVG box as drawn, the
screenshot is not blank, and the script-free filters hide and show cases."""
from __future__ import annotations

import html
import json
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.engine.record import CaseRecord
from mtcheck.history.render import render_html as render_history
from mtcheck.history.runs import build_run
from mtcheck.metaeval import Settings, meta_evaluate
from mtcheck.report.data import ReportData
from mtcheck.report.files import records_of
from mtcheck.report.html import render_html
from mtcheck.report.textwidth import text_width

from test_report import SUITE

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed "
                                "(apt-get update -qq && apt-get install -y -qq chromium)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / "profile"
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, check=True, timeout=300)


@pytest.fixture
def page(write_suite, tmp_path: Path) -> Path:
    suites = api.load_suites([write_suite(SUITE)])
    data = ReportData(records_of(api.run_suites(suites)), None, meta_evaluate(suites, settings=Settings(resamples=50)))
    path = tmp_path / "report.html"
    path.write_text(render_html(data), encoding="utf-8")
    return path


def test_dom_holds_the_plots(page: Path, tmp_path: Path) -> None:
    dom = _chromium(tmp_path, "--dump-dom", page.as_uri()).stdout
    assert dom.count("<svg") >= 5 and "<rect" in dom
    assert "Outputs (5, 2 failing)" in dom and "&lt;script&gt;alert(1)&lt;/script&gt;" in dom


def test_screenshot_is_not_blank(page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1200,2000", page.as_uri())
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (1200, 2000)
    image = pytest.importorskip("PIL.Image", reason="Pillow is needed to look at the pixels (pip install pillow)").open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 20  # text, bars, heatmap shades: not one flat colour


#: A test-only script, added to a copy of the report (which has none): it works the filters as a reader clicks them,
#: and writes which cases Chromium then shows.
PROBE = """<script>
const shown = () => [...document.querySelectorAll('.case')]
  .filter(c => getComputedStyle(c).display !== 'none').map(c => c.className.split(' ')[1]);
const click = id => document.querySelector('label[for=' + id + ']').click();
const seen = {all: shown()};
click('fo-passed'); seen.unticked_passed = shown(); click('fo-passed');
click('ft-0'); seen.tag_markup = shown(); click('ft-all');
seen.open = [...document.querySelectorAll('.case[open]')].map(c => c.className.split(' ')[1]);
const out = document.createElement('pre'); out.id = 'probe'; out.textContent = JSON.stringify(seen);
document.body.appendChild(out);
</script>"""


def test_filters_hide_and_show_cases_without_scripts(page: Path, tmp_path: Path) -> None:
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html.replace("&lt;script", "")  # the report itself runs nothing
    probed = tmp_path / "probed.html"
    probed.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    dom = _chromium(tmp_path, "--dump-dom", probed.as_uri()).stdout
    seen = json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom).group(1).replace("&quot;", '"'))
    assert seen["all"] == ["o-failed", "o-missed", "o-passed", "o-caught", "o-passed"]  # failing first
    assert seen["unticked_passed"] == ["o-failed", "o-missed", "o-caught"]
    assert seen["tag_markup"] == ["o-failed", "o-passed"]  # html-chars and fine carry the tag markup
    assert seen["open"] == ["o-failed", "o-missed"]  # passing and caught ones are folded


#: A test-only script: where the first visible heading is drawn, each SVG text's box as Chromium draws it against
#: its SVG's viewBox, and where each chart and its lines are drawn.
LAYOUT = """<script>
const heading = [...document.querySelectorAll('h1, h2, h3')].find(h => h.getBoundingClientRect().height > 0);
const box = heading.getBoundingClientRect();
const texts = [...document.querySelectorAll('svg text')].map(t => {
  const b = t.getBBox(), v = t.ownerSVGElement.viewBox.baseVal;
  return {text: t.textContent, bold: t.getAttribute('font-weight') === 'bold', drawn: t.getComputedTextLength(),
          inside: b.x >= v.x - 0.5 && b.y >= v.y - 0.5 && b.x + b.width <= v.x + v.width + 0.5
                  && b.y + b.height <= v.y + v.height + 0.5};
});
const charts = [...document.querySelectorAll('body > * svg')].map(s => ({
  title: s.querySelector('title').textContent, box: s.getBoundingClientRect(),
  lines: [...s.querySelectorAll('polyline')].map(p => p.getBoundingClientRect())}));
const out = document.createElement('pre'); out.id = 'probe';
out.textContent = JSON.stringify({heading: {text: heading.textContent, top: box.top, bottom: box.bottom,
                                            banner: heading.parentElement.id}, texts, charts});
document.body.appendChild(out);
</script>"""


def _layout(page: Path, tmp_path: Path) -> dict:
    probed = tmp_path / f"layout-{page.name}"
    probed.write_text(page.read_text(encoding="utf-8").replace("</body>", LAYOUT + "</body>"), encoding="utf-8")
    dom = _chromium(tmp_path, "--window-size=1400,2000", "--dump-dom", probed.as_uri()).stdout
    return json.loads(html.unescape(re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S).group(1)))


@pytest.fixture
def green_page(write_suite, tmp_path: Path) -> Path:
    """A passing run with a caught known-faulty output and a known blind spot (not gating)."""
    suites = api.load_suites([write_suite(GREEN)])
    path = tmp_path / "green.html"
    path.write_text(render_html(ReportData(records_of(api.run_suites(suites)))), encoding="utf-8")
    return path


@pytest.fixture
def history_page(tmp_path: Path) -> Path:
    """Six runs whose chrF mean is 76.5 every time, under long suite and tag names."""
    runs = []
    for i in range(6):
        records = [CaseRecord.from_json({"suite": f"{LONG_NAME}-{j}", "case": "c", "system": "mt",
                                         "tags": [LONG_NAME, "known-miss"], "outcome": "passed", "values": {"chrf": 76.5}})
                   for j in range(2)]
        runs.append(build_run(records, commit=f"{i:07x}", started_at=f"2025-06-0{i + 1}T09:00:00+00:00"))
        runs[-1].id = i + 1
    path = tmp_path / "trends.html"
    path.write_text(render_history(runs, 6, "h.sqlite"), encoding="utf-8")
    return path


GREEN = """\
name: green
source_lang: en
target_lang: en
defaults:
  checks: [{metric: exact, min: 1}]
cases:
- id: a
  src: x
  ref: It is not good.
  tags: [negation-drop, a-tag-whose-name-is-long-enough-to-run-off-a-fixed-label-column]
  hyps:
    good: It is not good.
    dropped: {text: It is good., expect: fail, severity: critical}
    spot: {text: It is not good., expect: fail, severity: minor, blind_spot: same text}
"""
LONG_NAME = "sentiment-regression-suite-with-a-rather-long-name"
#: The banner colours of the verdicts (mtcheck/report/html.py).
BANNER = {"PASSED": (0x2E, 0x7D, 0x32), "FAILED": (0xC6, 0x28, 0x28)}


@pytest.mark.parametrize(("which", "verdict"), [("green_page", "PASSED"), ("page", "FAILED")])
def test_the_verdict_is_the_first_heading_at_the_top_in_its_colour(which: str, verdict: str, request: pytest.FixtureRequest,
                                                                    tmp_path: Path) -> None:
    page = request.getfixturevalue(which)
    heading = _layout(page, tmp_path)["heading"]
    assert heading["text"] == verdict and heading["banner"] == "verdict" and 0 <= heading["top"] < heading["bottom"] < 200
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1400,2000", page.as_uri())
    image = pytest.importorskip("PIL.Image", reason="Pillow is needed to look at the pixels (pip install pillow)").open(shot).convert("RGB")
    assert image.size == (1400, 2000)
    top = [image.getpixel((x, y)) for x in range(0, 1400, 20) for y in range(0, 200, 10)]
    assert sum(pixel == BANNER[verdict] for pixel in top) > 100  # a wide banner of the verdict's colour
    assert all(pixel not in top for other, pixel in BANNER.items() if other != verdict)


@pytest.mark.parametrize(("which", "long_text"), [("page", "missed"), ("green_page", "known-miss"),
                                                  ("history_page", f"suite {LONG_NAME}-0: pass rate")])
def test_every_chart_text_is_drawn_inside_its_svg(which: str, long_text: str, request: pytest.FixtureRequest,
                                                 tmp_path: Path) -> None:
    texts = _layout(request.getfixturevalue(which), tmp_path)["texts"]
    assert long_text in {t["text"] for t in texts}
    assert [t["text"] for t in texts if not t["inside"]] == []
    # the estimate the charts size themselves by is never narrower than what Chromium draws
    assert [t["text"] for t in texts if text_width(t["text"], bold=t["bold"]) < t["drawn"]] == []


def test_a_flat_history_is_drawn_flat_and_high(history_page: Path, tmp_path: Path) -> None:
    layout = _layout(history_page, tmp_path)
    texts = [t["text"] for t in layout["texts"]]
    assert ["0", "25", "50", "75", "100"] == [t for t in texts if t in {"0", "25", "50", "75", "100"}]  # labelled ticks
    chart = next(c for c in layout["charts"] if c["title"] == "mean chrf")
    line = chart["lines"][0]
    assert line["height"] <= 6 and line["width"] > 200  # flat, across the runs
    assert chart["box"]["top"] < line["top"] and line["bottom"] < chart["box"]["top"] + chart["box"]["height"] / 2
