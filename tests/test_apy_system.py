"""``apy:URL``: Apertium's HTTP server, started for these tests on a throwaway port and stopped at the end.

The main path runs against the real APY (Debian's apertium-apy with the eng-spa pair); a server that answers
slowly or answers garbage is a small proxy in front of that real server, which passes /listPairs through and
delays or spoils /translate.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from helpers import APY_INSTALL, ApyServer
from mtcheck.commands.main import main
from mtcheck.errors import SystemFailure
from mtcheck.suite.loader import load_suite
from mtcheck.suite.model import Case
from mtcheck.systems import apy as apy_module
from mtcheck.systems import make_system
from mtcheck.systems.apy import ApySystem

EN_ES = {"source_lang": "en", "target_lang": "es"}
SENTIMENT_ES = Path(__file__).resolve().parents[1] / "suites" / "sentiment-es.mt.yaml"


def _case(case_id: str, src: str) -> Case:
    return Case(id=case_id, src=src, refs=(), raw_refs=())


def _apertium_cli(source: str, pair: str = "eng-spa") -> str:
    """What ``apertium -u PAIR`` prints for ``source`` alone, without the final newline."""
    done = subprocess.run(["apertium", "-u", pair], input=source + "\n", capture_output=True, text=True, check=True)
    return done.stdout.removesuffix("\n")


def _apy(folder: Path, pairs: tuple[str, ...] = ("eng-spa", "spa-eng")) -> ApyServer:
    try:
        return ApyServer(folder, pairs)
    except FileNotFoundError:
        pytest.skip(f"apertium-apy or its eng-spa pair is not installed ({APY_INSTALL})")


@pytest.fixture(scope="session")
def apy_url() -> Iterator[str]:
    """The URL of an APY server started for this test run; stopped, and its folder removed, at the end."""
    folder = Path(tempfile.mkdtemp(prefix="mtcheck-apy-"))
    try:
        server = _apy(folder)
        yield server.url
        server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def own_apy(tmp_path: Path) -> Iterator[ApyServer]:
    """An APY server for one test, which may stop it."""
    server = _apy(tmp_path)
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _loopback_without_proxy(no_proxy: None) -> None:
    """Requests to the servers on 127.0.0.1 must not go to a proxy configured in the environment."""


# --- the real server --------------------------------------------------------------------------------------------


def test_outputs_equal_the_apertium_command_line(apy_url: str) -> None:
    cases = load_suite(SENTIMENT_ES).cases
    system = make_system(f"apy:{apy_url}", timeout=120)
    assert system.translate(cases, **EN_ES) == [_apertium_cli(case.src) for case in cases]
    assert re.fullmatch(rf"Apertium APY at {re.escape(apy_url)} \(TornadoServer/[\d.]+; pair eng-spa; markUnknown=no\)",
                        system.describe())


SPANISH = "La entrega no fue rápida, pero la comida era excelente."


def test_the_pair_follows_the_suite_languages(apy_url: str) -> None:
    system = ApySystem(apy_url, timeout=120)
    [spanish] = system.translate([_case("c", "The food was great.")], **EN_ES)
    [english] = system.translate([_case("c", SPANISH)], source_lang="es", target_lang="en")
    assert (spanish, english) == (_apertium_cli("The food was great."), _apertium_cli(SPANISH, "spa-eng"))
    assert "pair eng-spa, spa-eng;" in system.describe()


def test_of_two_pairs_for_the_languages_the_one_without_a_variant_is_taken(tmp_path: Path) -> None:
    server = _apy(tmp_path, ("spa-eng_US", "spa-eng"))
    try:
        system = ApySystem(server.url, timeout=120)
        assert system.translate([_case("c", SPANISH)], source_lang="es", target_lang="en-US") == \
            [_apertium_cli(SPANISH, "spa-eng")]
        assert "pair spa-eng;" in system.describe()
    finally:
        server.stop()


def test_apy_drops_the_star_before_a_word_itself(apy_url: str) -> None:
    """The one documented difference from ``apertium -u``: APY's markUnknown=no removes a '*' before any word,
    the source's own included."""
    source = "5 * 3 is *great*."
    [output] = ApySystem(apy_url, timeout=120).translate([_case("c", source)], **EN_ES)
    alone = _apertium_cli(source)
    assert output != alone and output == re.sub(r"\*(?=\w)", "", alone)


def test_a_batch_of_100_keeps_its_order(apy_url: str) -> None:
    cases = [_case(f"c{n}", f"I have {n} dogs.") for n in range(1, 101)]
    outputs = ApySystem(apy_url, timeout=120).translate(cases, **EN_ES)
    assert len(outputs) == 100
    assert [re.findall(r"\d+", text) for text in outputs] == [[str(n)] for n in range(1, 101)]


def test_no_pair_for_the_suite_languages_lists_the_server_pairs(apy_url: str) -> None:
    with pytest.raises(SystemFailure) as caught:
        ApySystem(apy_url, timeout=60).translate([_case("c", "Hello.")], source_lang="en", target_lang="fr")
    assert str(caught.value) == (
        f'system "apy:{apy_url}": no pair on {apy_url} translates en -> fr (the suite\'s languages); its pairs:'
        f" eng-spa, spa-eng (fix: install the Apertium pair on the server and restart it, or test a suite in a"
        f" direction it has)")


def test_mtcheck_run_gives_the_verdicts_of_the_command_line_outputs(apy_url: str, tmp_path: Path, capsys) -> None:
    outputs = tmp_path / "apertium.txt"
    outputs.write_text("".join(_apertium_cli(case.src) + "\n" for case in load_suite(SENTIMENT_ES).cases),
                       encoding="utf-8")
    verdicts = []
    for spec in (f"apy:{apy_url}", f"file:{outputs}"):
        report = tmp_path / "report.json"
        assert main(["run", str(SENTIMENT_ES), "--system", spec, "--report-json", str(report)]) in (0, 1)
        cases = json.loads(report.read_text(encoding="utf-8"))["cases"]
        verdicts.append([(case["case"], case["hyp"], case["outcome"]) for case in cases])
    capsys.readouterr()
    assert verdicts[0] == verdicts[1] and len(verdicts[0]) == len(load_suite(SENTIMENT_ES).cases)


def _kill_after(server: ApyServer, calls: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stop ``server`` once the adapter has translated ``calls`` cases."""
    translate = ApySystem._translate
    done = []

    def counting(self: ApySystem, *args: Any) -> str:
        if len(done) == calls:
            server.stop()
        done.append(args)
        return translate(self, *args)

    monkeypatch.setattr(ApySystem, "_translate", counting)


def test_a_server_that_dies_mid_batch_is_one_error(own_apy: ApyServer, monkeypatch: pytest.MonkeyPatch) -> None:
    system = ApySystem(own_apy.url, timeout=60)
    _kill_after(own_apy, 5, monkeypatch)
    with pytest.raises(SystemFailure) as caught:
        system.translate([_case(f"c{n}", f"I have {n} dogs.") for n in range(20)], **EN_ES)
    assert str(caught.value) == (f'system "apy:{own_apy.url}": cannot reach {own_apy.url}/translate:'
                                 f" [Errno 111] Connection refused")


def test_a_server_that_dies_between_batches_fails_the_next_case(own_apy: ApyServer, pytester: pytest.Pytester,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Under pytest the first batch's cases keep their own outputs (each must equal its own reference, the command
    line's translation); the run stops at the next batch's first case, an error naming the server."""
    cases = "".join(f"  - {{id: c{n}, src: 'I have {n} dogs.', ref: '{_apertium_cli(f'I have {n} dogs.')}',"
                    f" checks: [{{metric: chrf, min: 100}}]}}\n" for n in range(1, 9))
    (pytester.path / "dogs.mt.yaml").write_text(f"name: dogs\nsource_lang: en\ntarget_lang: es\ncases:\n{cases}")
    _kill_after(own_apy, 4, monkeypatch)
    monkeypatch.setenv("COLUMNS", "400")  # the error lines are read whole
    result = pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache", "-v", "--mt-batch-size", "4",
                                "--mt-system", f"apy:{own_apy.url}")
    error = re.escape(f'system "apy:{own_apy.url}": cannot reach {own_apy.url}/translate: [Errno 111] Connection'
                      f" refused")
    result.stdout.re_match_lines([*(rf".*::c{n} PASSED" for n in range(1, 5)), r".*::c5 ERROR",
                                  rf"c5 \(dogs.mt.yaml:9\): error: {error}$", rf"!+ Interrupted: mtcheck: {error} !+$"])
    assert "::c6" not in result.stdout.str()


# --- a server that answers slowly or answers garbage: a proxy in front of the real one ---------------------------


class _Proxy(BaseHTTPRequestHandler):
    """Passes /listPairs to the real server; /translate is delayed (``delay``) or answered with ``answer``."""

    upstream = ""
    delay = 0.0
    answer: tuple[int, str, bytes] | None = None  # status, Content-Type, body
    stop = threading.Event()

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        with urllib.request.urlopen(self.upstream + self.path, timeout=30) as response:
            self._send(200, response.headers["Content-Type"], response.read())

    def do_POST(self) -> None:  # noqa: N802
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.stop.wait(self.delay):
            return
        if self.answer is not None:
            return self._send(*self.answer)
        request = urllib.request.Request(self.upstream + self.path, data=body, headers=dict(self.headers))
        with urllib.request.urlopen(request, timeout=30) as response:
            self._send(200, response.headers["Content-Type"], response.read())

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:  # the client gave up
            pass

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def proxy(apy_url: str) -> Iterator[Callable[..., str]]:
    """``proxy(delay=, answer=)``: the URL of a proxy in front of the test's APY server."""
    servers: list[ThreadingHTTPServer] = []

    def start(delay: float = 0.0, answer: tuple[int, str, bytes] | None = None) -> str:
        handler = type("Handler", (_Proxy,), {"upstream": apy_url, "delay": delay, "answer": answer,
                                              "stop": threading.Event()})
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        httpd.daemon_threads = True
        threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        servers.append(httpd)
        return f"http://127.0.0.1:{httpd.server_address[1]}"

    yield start
    for httpd in servers:
        httpd.RequestHandlerClass.stop.set()  # type: ignore[attr-defined]
        httpd.shutdown()
        httpd.server_close()


def test_the_proxy_passes_the_real_answers(proxy: Callable[..., str]) -> None:
    assert ApySystem(proxy(), timeout=60).translate([_case("c", "I have 3 dogs.")], **EN_ES) == \
        [_apertium_cli("I have 3 dogs.")]


def test_a_slow_server_is_the_time_limit_error(proxy: Callable[..., str]) -> None:
    url = proxy(delay=30)
    started = time.process_time()
    with pytest.raises(SystemFailure) as caught:
        ApySystem(url, timeout=1).translate([_case("c", "Hello.")], **EN_ES)
    assert str(caught.value) == f'system "apy:{url}": {url}/translate did not answer within 1s (fix: raise the timeout)'
    assert time.process_time() - started < 5  # it waited, not worked


APY_GARBAGE = [
    ((200, "text/html", b"<html>Bad Gateway</html>"), "<html>Bad Gateway</html>"),
    ((200, "application/json", b'{"responseData": {}, "responseStatus": 200}'),
     '{"responseData": {}, "responseStatus": 200}'),
    ((200, "application/json", b'{"responseData": {"translatedText": 7}, "responseStatus": 200}'),
     '{"responseData": {"translatedText": 7}, "responseStatus": 200}'),
    ((200, "application/json", b'{"responseData": {"translatedText": "x"}, "responseStatus": 500}'),
     '{"responseData": {"translatedText": "x"}, "responseStatus": 500}'),
]


@pytest.mark.parametrize(("answer", "quoted"), APY_GARBAGE, ids=["html", "no-text", "not-a-string", "status-500"])
def test_garbage_is_a_clear_error(proxy: Callable[..., str], answer: tuple[int, str, bytes], quoted: str) -> None:
    url = proxy(answer=answer)
    with pytest.raises(SystemFailure) as caught:
        ApySystem(url, timeout=60).translate([_case("c", "Hello."), _case("d", "Bye.")], **EN_ES)
    assert str(caught.value) == (f'system "apy:{url}": {url}/translate did not answer APY\'s {{"responseData":'
                                 f' {{"translatedText": "..."}}}} JSON for pair eng-spa: {quoted}')


def test_an_http_error_quotes_the_server(proxy: Callable[..., str]) -> None:
    body = b'{"status": "error", "code": 503, "message": "Service Unavailable", "explanation": "internal error"}'
    url = proxy(answer=(503, "application/json", body))
    with pytest.raises(SystemFailure) as caught:
        ApySystem(url, timeout=60).translate([_case("c", "Hello.")], **EN_ES)
    assert str(caught.value) == (f'system "apy:{url}": {url}/translate answered HTTP 503 Service Unavailable:'
                                 f" {body.decode()}")


def test_a_server_that_is_no_apy_is_named(no_proxy: None, start_libretranslate) -> None:
    _, url = start_libretranslate()
    with pytest.raises(SystemFailure) as caught:
        ApySystem(url, timeout=60).translate([_case("c", "Hello.")], **EN_ES)
    assert str(caught.value).startswith(f'system "apy:{url}": {url}/listPairs answered HTTP 501 Unsupported method')


# --- the spec ---------------------------------------------------------------------------------------------------


def test_the_spec_needs_a_url() -> None:
    with pytest.raises(SystemFailure, match=r"system spec 'apy:localhost:2737': the URL must start with http://"):
        make_system("apy:localhost:2737")
    system = make_system("apy:http://user:hunter2@127.0.0.1:2737/", timeout=9)
    assert isinstance(system, apy_module.ApySystem) and system.base == "http://user:hunter2@127.0.0.1:2737"
    assert "hunter2" not in system.describe() and "hunter2" not in system.name
