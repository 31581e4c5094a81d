"""The sample systems in fixtures/systems: each answers the demo suite from the one shared table.

The LibreTranslate-compatible server runs as a subprocess, as the documentation
tests start it, and mtcheck's real adapter talks to it.
"""
from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from helpers import StartLibreTranslate
from mtcheck.errors import SystemFailure
from mtcheck.suite.loader import load_suite
from mtcheck.suite.model import Case
from mtcheck.systems import make_system
from mtcheck.systems.command import CommandSystem
from mtcheck.systems.libretranslate import LibreTranslateSystem

SYSTEMS = Path(__file__).resolve().parents[1] / "fixtures" / "systems"
DEMO = load_suite(SYSTEMS.parent / "demo" / "demo.mt.yaml")
LANGS = {"source_lang": DEMO.source_lang, "target_lang": DEMO.target_lang}
#: The demo suite's cases and one the table does not know, which comes back unchanged.
CASES = [*DEMO.cases, Case(id="unknown", src="Not in the table.", refs=("x",), raw_refs=("x",))]
ANSWERS = [case.refs[0] for case in DEMO.cases] + ["Not in the table."]
#: Guards against a hang only; never a claim about speed.
HANG_GUARD_SECONDS = 120

def _post(url: str, body: bytes) -> tuple[int, object]:
    request = urllib.request.Request(url + "/translate", data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=HANG_GUARD_SECONDS) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, json.load(exc)


def test_cmd_and_py_systems_answer_the_demo_suite_from_the_shared_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(SYSTEMS))  # as PYTHONPATH=fixtures/systems would
    command = CommandSystem([sys.executable, str(SYSTEMS / "translate.py")], timeout=HANG_GUARD_SECONDS)
    assert command.translate(CASES, **LANGS) == ANSWERS
    assert make_system("py:my_mt.adapter:translate").translate(CASES, **LANGS) == ANSWERS


def test_libretranslate_adapter_round_trips_the_demo_suite(start_libretranslate: StartLibreTranslate, tmp_path: Path) -> None:
    url_file = tmp_path / "lt-url"
    _, url = start_libretranslate("--api-key", "k", "--url-file", str(url_file))
    assert url_file.read_text(encoding="utf-8") == url + "\n"
    assert LibreTranslateSystem(url, api_key="k", batch_size=3).translate(CASES, **LANGS) == ANSWERS


def test_server_answers_like_libretranslate(start_libretranslate: StartLibreTranslate) -> None:
    _, url = start_libretranslate()
    first = DEMO.cases[0]
    assert _post(url, json.dumps({"q": first.src}).encode()) == (200, {"translatedText": first.refs[0]})
    assert _post(url, json.dumps({"q": [first.src, "?"]}).encode()) == (200, {"translatedText": [first.refs[0], "?"]})
    status, answer = _post(url, b"{not json")
    assert status == 400 and "not JSON" in answer["error"]  # type: ignore[index]
    assert _post(url, b'{"source": "en"}') == (400, {"error": "Invalid request: missing q parameter"})


@pytest.mark.parametrize("key", [None, "wrong"])
def test_api_key_refusal_is_one_clear_system_failure_line(start_libretranslate: StartLibreTranslate, key: str | None) -> None:
    _, url = start_libretranslate("--api-key", "k")
    with pytest.raises(SystemFailure) as raised:
        LibreTranslateSystem(url, api_key=key).translate(DEMO.cases, **LANGS)
    assert str(raised.value) == (
        f'system "libretranslate:{url}": {url}/translate answered HTTP 403 Forbidden: {{"error": "Invalid API key"}}'
    )


def test_server_stops_by_itself_and_removes_its_url_file(start_libretranslate: StartLibreTranslate, tmp_path: Path) -> None:
    url_file = tmp_path / "lt-url"
    server, _ = start_libretranslate("--serve-seconds", "0.2", "--url-file", str(url_file))
    assert server.wait(timeout=HANG_GUARD_SECONDS) == 0
    assert not url_file.exists()
