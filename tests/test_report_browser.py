"""The HTML report in headless Chromium, offline: it renders, its SVG plots are in the DOM, the screenshot is not blank,
and its script-free filters hide and show cases."""
from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.metaeval import Settings, meta_evaluate
from mtcheck.report.data import ReportData
from mtcheck.report.files import records_of
from mtcheck.report.html import render_html

from test_report import SUITE

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
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
    assert "Cases (5, 2 failing)" in dom and "&lt;script&gt;alert(1)&lt;/script&gt;" in dom


def test_screenshot_is_not_blank(page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1200,2000", page.as_uri())
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (1200, 2000)
    image = pytest.importorskip("PIL.Image", reason="Pillow is needed to look at the pixels").open(shot).convert("RGB")
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
