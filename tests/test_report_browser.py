"""The HTML report in headless Chromium, offline: it renders, its SVG plots are in the DOM, the screenshot is not blank."""
from __future__ import annotations

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
    assert "Failing cases (2)" in dom and "&lt;script&gt;alert(1)&lt;/script&gt;" in dom


def test_screenshot_is_not_blank(page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1200,2000", page.as_uri())
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (1200, 2000)
    image = pytest.importorskip("PIL.Image", reason="Pillow is needed to look at the pixels").open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 20  # text, bars, heatmap shades: not one flat colour
