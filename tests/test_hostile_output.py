"""What mtcheck writes and prints about hostile input: no secret in a report or a message, no control character
raw on a terminal or in Markdown, no binary body dumped into an error.

Each command runs as a subprocess (``mtcheck`` or ``pytest``) in a fresh folder; the tests assert the exit code,
the one clear message, and what the output and the report files must never hold.
"""
from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from helpers import StartLibreTranslate
from mtcheck.errors import SystemFailure
from mtcheck.safety.redact import redact, redact_argv, remember
from mtcheck.suite.model import Case
from mtcheck.systems import make_system

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "fixtures"
#: Safety net against a hang, never a bound on speed.
HANG_SECONDS = 120
SECRETS = ("s3cret", "s3cret2", "tok3n", "k3y")
#: An API key sent to a server that repeats the request in its error answer.
ECHOED_KEY = "lt-k3y-0d9f\"e/+1"


def _mtcheck(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MTCHECK_CACHE_DIR": str(folder / "cache"), "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "mtcheck.commands.main", *args], cwd=folder, env=env, capture_output=True,
                          encoding="utf-8", errors="replace", timeout=HANG_SECONDS, stdin=subprocess.DEVNULL)


def _demo(folder: Path) -> Path:
    """The demo suite and the toy systems in ``folder``."""
    shutil.copytree(FIXTURES / "demo", folder / "demo")
    shutil.copytree(FIXTURES / "systems", folder / "systems")
    return folder / "demo"


def _assert_no_secret(*texts: str) -> None:
    for text in texts:
        for secret in SECRETS:
            assert secret not in text, f"{secret!r} leaked into: {text[:2000]}"


@pytest.mark.parametrize(("text", "shown"), [
    ("postgresql://ci:s3cret@host/db", "postgresql://ci:***@host/db"),
    ("postgresql://ci:p@ss@host:5432/db?password=s3cret2&sslmode=require",
     "postgresql://ci:***@host:5432/db?password=***&sslmode=require"),
    ("https://mt.example/translate?api_key=k3y&q=1", "https://mt.example/translate?api_key=***&q=1"),
    ("https://mt.example/translate?key=k3y", "https://mt.example/translate?key=***"),
    ("API_TOKEN=tok3n tool --db-password s3cret --level 3", "API_TOKEN=*** tool --db-password *** --level 3"),
    ("tool --token=tok3n", "tool --token=***"),
    ("host=db password=s3cret dbname=h", "host=db password=*** dbname=h"),
])
def test_redact_masks_the_secret_and_keeps_the_rest(text: str, shown: str) -> None:
    assert redact(text) == shown
    assert redact(f"history {shown}: cannot connect") == f"history {shown}: cannot connect"  # twice: as once


@pytest.mark.parametrize("text", [
    "http://user@host/db", "mtcheck run suites --mt-param bleu.smooth_value=0.1 --fail-on critical",
    "file:outputs/key=1.txt", "pytest -k key=1 suites", "history.sqlite",
])
def test_redact_leaves_text_without_secrets_as_written(text: str) -> None:
    assert redact(text) == text


def test_redact_argv_masks_the_value_after_a_secret_option() -> None:
    assert redact_argv(["mtcheck", "run", "--x-password", "a b", "--system", "cmd:t --api-key k3y", "-v"]) == \
        ["mtcheck", "run", "--x-password", "***", "--system", "cmd:t --api-key ***", "-v"]


def test_a_history_url_password_shows_in_no_message(tmp_path: Path) -> None:
    demo = _demo(tmp_path)
    done = _mtcheck(tmp_path, "run", str(demo), "--history", "postgresql://ci:s3cret@127.0.0.1:1/db?password=s3cret2",
                    "--report-json", "r.json")
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("mtcheck: error: history postgresql://ci:***@127.0.0.1:1/db?password=***: cannot connect")
    assert "(fix: check the URL" in done.stderr
    _assert_no_secret(done.stdout, done.stderr)


def test_secrets_on_the_command_line_reach_no_report_history_or_terminal(tmp_path: Path) -> None:
    demo = _demo(tmp_path)
    system = f"cmd:{sys.executable} systems/translate.py --api-key=k3y --token tok3n"
    done = _mtcheck(tmp_path, "run", str(demo), "--system", system, "--history", "h.sqlite",
                    "--report-json", "r.json", "--report-md", "r.md", "--report-html", "r.html")
    assert done.returncode in (0, 1), done.stderr
    assert "recorded run 1" in done.stderr
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert "--api-key=*** --token ***" in report["run"]["command"]
    assert {case["system"] for case in report["cases"]} == {f"cmd:{sys.executable} systems/translate.py --api-key=*** "
                                                            "--token ***"}
    history = _mtcheck(tmp_path, "history", "h.sqlite", "--md")
    assert history.returncode == 0, history.stderr
    files = [(tmp_path / name).read_text(encoding="utf-8") for name in ("r.json", "r.md", "r.html")]
    _assert_no_secret(done.stdout, done.stderr, history.stdout, history.stderr, *files,
                      (tmp_path / "h.sqlite").read_bytes().decode("utf-8", "replace"))


def test_secrets_given_to_pytest_reach_no_report_history_or_terminal(tmp_path: Path) -> None:
    demo = _demo(tmp_path)
    system = f"cmd:{sys.executable} systems/translate.py --token tok3n"
    env = {**os.environ, "MTCHECK_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--color=no", str(demo),
                           "--mt-system", system, "--mt-history", "h.sqlite", "--mt-report-json", "r.json",
                           "--mt-report-md", "r.md", "--mt-report-html", "r.html"],
                          cwd=tmp_path, env=env, capture_output=True, encoding="utf-8", errors="replace",
                          timeout=HANG_SECONDS, stdin=subprocess.DEVNULL)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert "--token ***" in report["run"]["command"]
    history = _mtcheck(tmp_path, "history", "h.sqlite")
    assert history.returncode == 0, history.stderr
    files = [(tmp_path / name).read_text(encoding="utf-8") for name in ("r.json", "r.md", "r.html")]
    _assert_no_secret(done.stdout, done.stderr, history.stdout, *files,
                      (tmp_path / "h.sqlite").read_bytes().decode("utf-8", "replace"))
    refused = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", str(demo),
                              "--mt-history", "postgresql://ci:s3cret@127.0.0.1:1/db?password=s3cret2"],
                             cwd=tmp_path, env=env, capture_output=True, encoding="utf-8", errors="replace",
                             timeout=HANG_SECONDS, stdin=subprocess.DEVNULL)
    assert refused.returncode == 4
    assert "history postgresql://ci:***@127.0.0.1:1/db?password=***: cannot connect" in refused.stderr
    _assert_no_secret(refused.stdout, refused.stderr)


def test_a_failing_system_with_a_secret_shows_it_masked(tmp_path: Path) -> None:
    demo = _demo(tmp_path)
    done = _mtcheck(tmp_path, "run", str(demo), "--system", "libretranslate:http://ci:s3cret@127.0.0.1:1/?api_key=k3y")
    assert done.returncode == 2, done.stderr
    assert 'system "libretranslate:http://ci:***@127.0.0.1:1/?api_key=***": cannot reach' in done.stderr
    _assert_no_secret(done.stdout, done.stderr)


# --- secrets a system repeats ---------------------------------------------------------------------------------

def test_a_sent_secret_is_masked_in_each_form_a_text_echoes_it() -> None:
    remember(ECHOED_KEY)
    remember("k")  # short: masked alone, never inside a word
    assert redact('{"api_key": "lt-k3y-0d9f\\"e/+1"}') == '{"api_key": "***"}'  # JSON-escaped
    assert redact("GET /?api_key=lt-k3y-0d9f%22e%2F%2B1 rejected") == "GET /?api_key=*** rejected"  # URL-encoded
    assert redact(f"key {ECHOED_KEY} refused") == "key *** refused"
    assert redact('Invalid API key "k" (-k)') == 'Invalid API key "***" (-***)'
    assert redact(redact(f"key {ECHOED_KEY}")) == "key ***"  # twice: as once
    remember("**")
    assert redact("***") == "***"  # stars alone are no secret to remember


def test_the_secrets_a_libretranslate_system_sends_are_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("http_proxy", "http://me:s3cret@proxy.example:3128")
    monkeypatch.setenv("LIBRETRANSLATE_API_KEY", ECHOED_KEY)
    make_system("libretranslate:https://ci:s3cret2@mt.example/")
    echo = f'502 from proxy.example: s3cret rejected; upstream said {{"auth": "s3cret2", "key": "{ECHOED_KEY}"}}'
    assert redact(echo) == '502 from proxy.example: *** rejected; upstream said {"auth": "***", "key": "***"}'


def test_an_api_key_the_server_echoes_reaches_no_message_report_or_history(
        tmp_path: Path, start_libretranslate: StartLibreTranslate, monkeypatch: pytest.MonkeyPatch) -> None:
    demo = _demo(tmp_path)
    _, url = start_libretranslate("--api-key", "the-right-key", "--echo-request")
    monkeypatch.setenv("LIBRETRANSLATE_API_KEY", ECHOED_KEY)
    system = f"libretranslate:{url}"
    shown = (f'system "{system}": {url}/translate answered HTTP 403 Forbidden: {{"error": "Invalid API key", '
             '"request": {"q": ["The film was not good."], "source": "en", "target": "de", "format": "text", '
             '"api_key": "***"}}')
    done = _mtcheck(tmp_path, "run", str(demo), "--system", system, "--batch-size", "1")
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"mtcheck: error: {shown}\n"
    env = {**os.environ, "MTCHECK_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}
    tested = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--color=no", str(demo),
                             "--mt-system", system, "--mt-batch-size", "1", "--mt-history", "h.sqlite",
                             "--mt-report-json", "r.json", "--mt-report-md", "r.md", "--mt-report-html", "r.html",
                             "--junitxml", "r.xml"],
                            cwd=tmp_path, env=env, capture_output=True, encoding="utf-8", errors="replace",
                            timeout=HANG_SECONDS, stdin=subprocess.DEVNULL)
    assert tested.returncode == 2, tested.stdout + tested.stderr  # interrupted: the system failed
    assert shown in tested.stdout
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [case["error"] for case in report["cases"]] == [shown]  # the run stops at the system's first failure
    history = _mtcheck(tmp_path, "history", "h.sqlite")
    assert history.returncode == 0, history.stderr
    files = [(tmp_path / name).read_bytes().decode("utf-8", "replace") for name in ("r.json", "r.md", "r.html", "r.xml",
                                                                                       "h.sqlite")]
    for text in (done.stdout, done.stderr, tested.stdout, tested.stderr, history.stdout, *files):
        assert "k3y" not in text and "0d9f" not in text, text[:2000]


def test_a_secret_a_system_repeats_in_its_output_is_masked_in_every_report(tmp_path: Path) -> None:
    demo = _demo(tmp_path)
    (tmp_path / "echo.py").write_text("import sys\nfor line in sys.stdin:\n    print(sys.argv[2], line.strip())\n",
                                      encoding="utf-8")
    system = f"cmd:{sys.executable} echo.py --token tok3n"
    done = _mtcheck(tmp_path, "run", str(demo), "--system", system, "--report-json", "r.json", "--report-html",
                    "r.html", "--junit", "r.xml", "--history", "h.sqlite")
    assert done.returncode == 1, done.stderr  # the outputs are no German: chrF fails them
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [case["hyp"] for case in report["cases"]][:2] == ["*** The film was not good.", "*** I do not like it."]
    saved = _mtcheck(tmp_path, "baseline", "save", str(demo), "--system", system, "--out", "b.json")
    assert saved.returncode == 0, saved.stderr
    files = [(tmp_path / name).read_bytes().decode("utf-8", "replace") for name in ("r.json", "r.html", "r.xml",
                                                                                       "h.sqlite", "b.json")]
    _assert_no_secret(done.stdout, done.stderr, saved.stdout, saved.stderr, *files)


def test_a_secret_option_a_command_prints_on_stderr_is_masked(tmp_path: Path) -> None:
    demo = _demo(tmp_path)
    echo = "import sys; print(sys.argv, file=sys.stderr); sys.exit(3)"
    done = _mtcheck(tmp_path, "run", str(demo), "--system", f"cmd:{sys.executable} -c '{echo}' --token tok3n")
    assert done.returncode == 2, done.stderr
    assert done.stderr.endswith("exited with code 3; last lines of stderr:\n  ['-c', '--token', '***']\n"), done.stderr
    _assert_no_secret(done.stdout, done.stderr)


# --- control characters -----------------------------------------------------------------------------------------

#: A suite whose name holds a bidi override and whose recorded output moves the cursor up, erases a line and
#: sets the window title (OSC), so a raw print would hide the FAIL line above it.
CONTROL_SUITE = r'''name: "ctl\u202eevil"
source_lang: en
target_lang: de
cases:
  - id: a
    src: "The film was good."
    ref: "Der Film war gut."
    hyp: "\e[1A\e[2KPASSED \e]0;pwned\a \x9b2J"
    checks: [{metric: chrf, min: 90}]
'''
RAW_CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e")


def _assert_no_raw_control(*texts: str) -> None:
    for text in texts:
        for char in RAW_CONTROLS:
            assert char not in text, f"raw {char!r} in: {text[:2000]!r}"


def test_control_characters_are_escaped_in_mtcheck_run_and_its_reports(tmp_path: Path) -> None:
    (tmp_path / "ctl.mt.yaml").write_text(CONTROL_SUITE, encoding="utf-8")
    done = _mtcheck(tmp_path, "run", "ctl.mt.yaml", "--report-md", "r.md", "--report-html", "r.html",
                    "--report-json", "r.json")
    assert done.returncode == 1, done.stderr
    assert r"hypothesis: \x1b[1A\x1b[2KPASSED \x1b]0;pwned\x07 \x9b2J  [system: hyp]" in done.stdout
    assert "ctl\\u202eevil" in done.stdout
    markdown = (tmp_path / "r.md").read_text(encoding="utf-8")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "ctl\\\\u202eevil" in markdown  # the backslash itself escaped for Markdown
    assert "ctl\\u202eevil" in html
    _assert_no_raw_control(done.stdout, done.stderr, markdown, html)
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["cases"][0]["suite"] == "ctl\u202eevil"  # JSON keeps the text as written


def test_control_characters_are_escaped_in_pytest_failures(tmp_path: Path) -> None:
    (tmp_path / "ctl.mt.yaml").write_text(CONTROL_SUITE, encoding="utf-8")
    env = {**os.environ, "MTCHECK_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--color=no", "ctl.mt.yaml"],
                          cwd=tmp_path, env=env, capture_output=True, encoding="utf-8", errors="replace",
                          timeout=HANG_SECONDS, stdin=subprocess.DEVNULL)
    assert done.returncode == 1, done.stdout
    assert r"hypothesis: \x1b[1A\x1b[2KPASSED \x1b]0;pwned\x07 \x9b2J" in done.stdout
    _assert_no_raw_control(done.stdout, done.stderr)


def test_control_characters_are_escaped_in_baseline_check(tmp_path: Path) -> None:
    suite = tmp_path / "ctl.mt.yaml"
    suite.write_text(CONTROL_SUITE, encoding="utf-8")
    saved = _mtcheck(tmp_path, "baseline", "save", "ctl.mt.yaml", "--out", "b.json")
    assert saved.returncode == 0, saved.stderr
    suite.write_text(CONTROL_SUITE.replace("PASSED", "PASSED!"), encoding="utf-8")
    # the output's score drops within its passing check: the strict per-score gate fails it (the default reports it)
    done = _mtcheck(tmp_path, "baseline", "check", "ctl.mt.yaml", "--baseline", "b.json", "--gate", "scores")
    assert done.returncode == 1, done.stderr
    assert r"after:  \x1b[1A\x1b[2KPASSED! \x1b]0;pwned\x07 \x9b2J" in done.stdout
    _assert_no_raw_control(done.stdout, done.stderr)


def test_control_characters_in_a_suite_error_are_escaped(tmp_path: Path) -> None:
    (tmp_path / "bad.mt.yaml").write_text(CONTROL_SUITE.replace("min: 90", 'min: "\\e[2K90"'), encoding="utf-8")
    for command in (("validate", "bad.mt.yaml"), ("run", "bad.mt.yaml")):
        done = _mtcheck(tmp_path, *command)
        assert done.returncode in (1, 2), done.stderr
        assert "bad.mt.yaml:9" in done.stdout + done.stderr
        assert "\\x1b[2K90" in done.stdout + done.stderr
        _assert_no_raw_control(done.stdout, done.stderr)


# --- HTTP error bodies -------------------------------------------------------------------------------------------

class _ErrorServer(BaseHTTPRequestHandler):
    """Answers every POST with HTTP 500 and the class's ``body`` and ``headers``."""

    body = b""
    headers_sent: dict[str, str] = {}

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(500)
        for name, value in {**self.headers_sent, "Content-Length": str(len(self.body))}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def error_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[_ErrorServer]]:
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    handler = type("Handler", (_ErrorServer,), {})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    handler.url = f"http://127.0.0.1:{httpd.server_address[1]}"  # type: ignore[attr-defined]
    yield handler
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def _translate_error(url: str) -> str:
    case = Case(id="a", src="Hallo.", refs=("Hello.",), raw_refs=("Hello.",), line=1)
    with pytest.raises(SystemFailure) as failure:
        make_system(f"libretranslate:{url}", timeout=HANG_SECONDS).translate([case], source_lang="de",
                                                                              target_lang="en")
    return str(failure.value)


def test_a_gzip_error_body_is_named_not_dumped(error_server: type[_ErrorServer]) -> None:
    error_server.body = gzip.compress(b"internal error \x1b[2K" * 50)
    error_server.headers_sent = {"Content-Type": "text/plain", "Content-Encoding": "gzip"}
    message = _translate_error(error_server.url)  # type: ignore[attr-defined]
    assert message.endswith(f"answered HTTP 500 Internal Server Error: <{len(error_server.body)} bytes of binary "
                            "content (gzip)>")


def test_a_gzip_body_without_its_header_is_named_by_its_magic_number(error_server: type[_ErrorServer]) -> None:
    error_server.body = gzip.compress(b"x" * 1000)
    error_server.headers_sent = {"Content-Type": "text/plain"}
    assert _translate_error(error_server.url).endswith(  # type: ignore[attr-defined]
        f"<{len(error_server.body)} bytes of binary content (gzip)>")


def test_an_error_body_is_decoded_with_its_charset_and_controls_escaped(error_server: type[_ErrorServer]) -> None:
    error_server.body = "Übersetzung fehlgeschlagen \x1b[1A\x1b[2K".encode("latin-1")
    error_server.headers_sent = {"Content-Type": "text/plain; charset=iso-8859-1"}
    message = _translate_error(error_server.url)  # type: ignore[attr-defined]
    assert message.endswith(r"answered HTTP 500 Internal Server Error: Übersetzung fehlgeschlagen \x1b[1A\x1b[2K")


def test_an_echoed_key_across_the_excerpt_end_shows_no_part_of_it(error_server: type[_ErrorServer],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIBRETRANSLATE_API_KEY", ECHOED_KEY)
    error_server.body = ("x" * 295 + ECHOED_KEY + "y" * 5000).encode()  # the key runs past the 300th character
    error_server.headers_sent = {"Content-Type": "text/plain"}
    message = _translate_error(error_server.url)  # type: ignore[attr-defined]
    assert message.endswith(": " + "x" * 295 + "***yy...")
    assert "lt-" not in message
