"""Systems under test: each adapter on good input, and on every kind of bad input the issue names."""
from __future__ import annotations

import hashlib
import json
import os
import signal
import socket
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from mtcheck.errors import SystemFailure
from mtcheck.systems import command as command_module
from mtcheck.systems import http_calls
from mtcheck.suite.model import Case, Output, Suite
from mtcheck.systems import is_all_recorded, make_system, runs_user_code
from mtcheck.systems.command import CommandSystem
from mtcheck.systems.libretranslate import LibreTranslateSystem
from mtcheck.systems.outputs_file import OutputsFileSystem
from mtcheck.systems.python_callable import CallableSystem
from mtcheck.systems.recorded import RecordedSystem

# Right-to-left scripts, emoji (astral plane, ZWJ sequence), combining marks, and
# U+2028 (a Unicode line separator that is not a line break on the wire).
ARABIC = "لم يعجبني الفيلم على الإطلاق 😡"
HEBREW = "הסרט לא היה טוב בכלל 👎🏽"
TRICKY = "famille 👨‍👩‍👧 café\u0301 a\u2028b"
LANGS = {"source_lang": "en", "target_lang": "de"}


def case(case_id: str, src: str, **hyps: str) -> Case:
    return Case(
        id=case_id,
        src=src,
        refs=(f"ref {case_id}",),
        raw_refs=(f"ref {case_id}",),
        hyps=tuple(Output(system, text) for system, text in hyps.items()),
    )


CASES = (
    case("c1", "The film was not good.", hyp="Der Film war nicht gut.", other="Der Film war gut."),
    case("c2", "I love it.", hyp=ARABIC),
    case("c3", "Terrible.", hyp=HEBREW),
    case("c4", "Family.", hyp=TRICKY),
)
SUITE = Suite(path=Path("suites/demo.yaml"), name="demo", source_lang="en", target_lang="de", cases=CASES)
HYPS = [c.hyps[0].text for c in CASES]


# --- recorded ---------------------------------------------------------------


def test_recorded_returns_the_named_hypotheses_in_case_order() -> None:
    assert RecordedSystem().translate(CASES, **LANGS) == HYPS
    assert RecordedSystem("other").translate(CASES[:1], **LANGS) == ["Der Film war gut."]


def test_recorded_names_every_case_that_lacks_the_hypothesis() -> None:
    with pytest.raises(SystemFailure, match=r'"other".*3 case\(s\).*c2, c3, c4'):
        RecordedSystem("other").translate(CASES, **LANGS)


# --- outputs file -----------------------------------------------------------


def test_plain_text_file_round_trips_rtl_and_emoji(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    assert OutputsFileSystem(path).translate(CASES, **LANGS) == HYPS


def test_plain_text_file_aligns_with_the_full_suite_when_a_subset_is_selected(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_bytes("\ufeff".encode() + "\r\n".join(HYPS).encode("utf-8"))  # BOM, CRLF, no final newline
    system = OutputsFileSystem(path)
    assert system.translate([CASES[2], CASES[0]], suite=SUITE, **LANGS) == [HYPS[2], HYPS[0]]


def test_plain_text_file_with_too_few_lines_names_both_counts(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_text("one\ntwo\nthree\n", encoding="utf-8")
    with pytest.raises(SystemFailure, match=r"out\.txt has 3 lines but suite suites/demo\.yaml has 4 cases"):
        OutputsFileSystem(path).translate(CASES[:1], suite=SUITE, **LANGS)


def test_empty_lines_are_empty_hypotheses(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_text("a\n\nc\n\n", encoding="utf-8")
    assert OutputsFileSystem(path).translate(CASES, **LANGS) == ["a", "", "c", ""]


def test_non_utf8_file_names_line_and_fix(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_bytes("ok\nalso ok\nKäse\n".encode("latin-1"))
    with pytest.raises(SystemFailure, match=r"out\.txt:3: not valid UTF-8 \(byte 0xe4.*re-save the file as UTF-8"):
        OutputsFileSystem(path).translate(CASES[:3], **LANGS)


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SystemFailure, match="cannot read outputs file .*nope.txt"):
        OutputsFileSystem(tmp_path / "nope.txt").translate(CASES, **LANGS)


def test_outputs_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mtcheck.systems import outputs_file

    monkeypatch.setattr(outputs_file, "MAX_OUTPUTS_BYTES", 1024)
    path = tmp_path / "out.txt"
    path.write_text("x" * 1025, encoding="utf-8")
    with pytest.raises(SystemFailure, match=r"out\.txt is larger than 1 KiB: is it the right file"):
        OutputsFileSystem(path).translate(CASES, **LANGS)


def _jsonl(path: Path, records: list[Any]) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n", encoding="utf-8")
    return path


def test_jsonl_file_is_keyed_by_case_id_in_any_order(tmp_path: Path) -> None:
    records = [{"id": c.id, "hyp": h, "src": c.src} for c, h in zip(CASES, HYPS)]
    path = _jsonl(tmp_path / "out.jsonl", records[::-1])
    system = OutputsFileSystem(path)
    assert system.translate(CASES, **LANGS) == HYPS
    assert system.translate([CASES[3]], suite=SUITE, **LANGS) == [HYPS[3]]
    assert path.read_text(encoding="utf-8").count(ARABIC) == 1  # really stored unescaped


def test_jsonl_missing_ids_are_named(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "out.jsonl", [{"id": "c1", "hyp": "x"}, {"id": "c3", "hyp": "y"}])
    with pytest.raises(SystemFailure, match=r"no hypothesis for 2 case\(s\): c2, c4"):
        OutputsFileSystem(path).translate(CASES, suite=SUITE, **LANGS)


def test_jsonl_unknown_duplicate_and_malformed_lines_are_all_reported_with_lines(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    path.write_text(
        '{"id": "c1", "hyp": "a"}\n'
        '{"id": "c1", "hyp": "b"}\n'
        '{"id": "zz", "hyp": "c"}\n'
        "\n"
        "not json\n"
        '{"id": "c2"}\n'
        '["c3", "d"]\n',
        encoding="utf-8",
    )
    with pytest.raises(SystemFailure) as info:
        OutputsFileSystem(path).translate(CASES, suite=SUITE, **LANGS)
    message = str(info.value)
    assert "5 problem(s)" in message
    assert f"{path}:2: duplicate id 'c1' (first on line 1)" in message
    assert f"{path}:3: unknown case id 'zz'" in message
    assert f"{path}:5:1: not valid JSON" in message
    assert f'{path}:6: missing "hyp"' in message
    assert f"{path}:7: expected a JSON object, got list" in message


def test_outputs_file_describe_has_path_and_sha256(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_text("x\n", encoding="utf-8")
    digest = hashlib.sha256(b"x\n").hexdigest()
    assert OutputsFileSystem(path).describe() == f"outputs file {path} (sha256 {digest})"


# --- command ----------------------------------------------------------------


def _script(tmp_path: Path, body: str) -> str:
    path = tmp_path / "translate.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return f"{sys.executable} {path}"


UPPER = """
    import sys
    for line in sys.stdin:
        print(line.rstrip("\\n").upper() + " ✓", flush=True)
"""


def test_command_translates_a_batch_in_one_run_and_round_trips_unicode(tmp_path: Path) -> None:
    system = CommandSystem(_script(tmp_path, UPPER), timeout=30)
    srcs = [c.src for c in CASES] + [ARABIC, HEBREW, TRICKY]
    cases = [case(f"x{i}", src) for i, src in enumerate(srcs)]
    assert system.translate(cases, **LANGS) == [s.upper() + " ✓" for s in srcs]
    assert system.describe().startswith("command ") and "timeout 30s" in system.describe()


def test_command_crash_reports_exit_code_and_stderr(tmp_path: Path) -> None:
    body = """
        import sys
        print("loading model", file=sys.stderr)
        print("CUDA out of memory", file=sys.stderr)
        sys.exit(3)
    """
    with pytest.raises(SystemFailure, match=r"exited with code 3; last lines of stderr:\n  loading model\n  CUDA out of memory"):
        CommandSystem(_script(tmp_path, body)).translate(CASES, **LANGS)


def test_command_that_hangs_is_killed_with_its_children(tmp_path: Path) -> None:
    """The grandchild does not hold the pipes, so only killing the process group stops it."""
    pid_file = tmp_path / "grandchild.pid"
    body = f"""
        import subprocess, sys, time
        quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], **quiet)
        open({str(pid_file)!r}, "w").write(str(child.pid))
        time.sleep(60)
    """
    with pytest.raises(SystemFailure, match=r"timed out after 0\.5s and was killed"):
        CommandSystem(_script(tmp_path, body), timeout=0.5).translate(CASES, **LANGS)
    if sys.platform != "win32":
        grandchild = int(pid_file.read_text())
        for _ in range(50):  # SIGKILL is delivered asynchronously
            if not _alive(grandchild):
                break
            time.sleep(0.1)
        else:
            os.kill(grandchild, signal.SIGKILL)
            pytest.fail("the command's own child survived the timeout")


def test_command_that_closes_stdout_but_keeps_running_is_killed_on_time(tmp_path: Path) -> None:
    body = """
        import os, sys, time
        sys.stdin.read()
        print("done early", flush=True)
        os.close(1)
        os.close(2)
        time.sleep(60)
    """
    start = time.monotonic()
    with pytest.raises(SystemFailure, match=r"timed out after 1s and was killed"):
        CommandSystem(_script(tmp_path, body), timeout=1).translate(CASES[:1], **LANGS)
    assert time.monotonic() - start < 10


def test_command_flooding_stdout_is_killed_at_the_output_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the cap the command is killed: its output is never held in memory whole."""
    monkeypatch.setattr(command_module, "MAX_OUTPUT_BYTES", 1 << 20)
    body = """
        import sys, time
        for _ in range(64):  # 8 MiB, then hang: only the cap ends it before the timeout
            sys.stdout.buffer.write(b"y" * (1 << 17))
        sys.stdout.flush()
        time.sleep(60)
    """
    start = time.monotonic()
    with pytest.raises(SystemFailure, match=r"printed more than 1 MiB on stdout and was killed \(fix: .*one line"):
        CommandSystem(_script(tmp_path, body), timeout=30).translate(CASES, **LANGS)
    assert time.monotonic() - start < 10


def test_command_that_does_not_read_its_stdin_still_answers(tmp_path: Path) -> None:
    """A large batch that the command never reads must not block the writer (the pipe is full, then closed)."""
    body = """
        import sys
        print("\\n".join(["x"] * 2000))
    """
    cases = [case(f"x{i}", "long source " * 50) for i in range(2000)]
    assert CommandSystem(_script(tmp_path, body), timeout=30).translate(cases, **LANGS) == ["x"] * 2000


def _alive(pid: int) -> bool:
    """True while ``pid`` runs; a killed process left as a zombie (not yet reaped) counts as dead."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().rsplit(")", 1)[-1].split()[0] == "Z")


def test_command_returning_too_few_lines_names_both_counts(tmp_path: Path) -> None:
    body = """
        import sys
        lines = sys.stdin.read().splitlines()
        print("\\n".join(lines[:-1]))
    """
    with pytest.raises(SystemFailure, match="printed 3 lines for 4 source segments"):
        CommandSystem(_script(tmp_path, body)).translate(CASES, **LANGS)


def test_command_with_undecodable_output_names_the_line(tmp_path: Path) -> None:
    body = """
        import sys
        sys.stdin.read()
        sys.stdout.buffer.write(b"ok\\n\\xff\\xfe\\n")
    """
    with pytest.raises(SystemFailure, match=r"stdout:2: not valid UTF-8 \(byte 0xff.*write UTF-8"):
        CommandSystem(_script(tmp_path, body)).translate(CASES[:2], **LANGS)


def test_command_refuses_sources_with_line_breaks_before_running(tmp_path: Path) -> None:
    cases = [case("ok", "one line"), case("nl", "two\nlines"), case("cr", "old\rmac")]
    with pytest.raises(SystemFailure, match="line breaks.*cases: nl, cr"):
        CommandSystem("this-command-does-not-exist").translate(cases, **LANGS)


def test_command_not_found_is_a_clear_error() -> None:
    with pytest.raises(SystemFailure, match="cannot start 'mtcheck-no-such-translator'"):
        CommandSystem("mtcheck-no-such-translator --beam 4").translate(CASES, **LANGS)


def test_command_is_not_run_for_an_empty_batch() -> None:
    assert CommandSystem("mtcheck-no-such-translator").translate([], **LANGS) == []


# --- python callable --------------------------------------------------------


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    name = "mtcheck_user_translator"
    (tmp_path / f"{name}.py").write_text(
        textwrap.dedent(
            """
            def with_langs(sources, *, source_lang, target_lang):
                return [f"[{source_lang}>{target_lang}] {s}" for s in sources]

            def plain(sources):
                return tuple(s[::-1] for s in sources)

            def with_kwargs(sources, **options):
                return [options["target_lang"] + ":" + s for s in sources]

            def too_few(sources):
                return sources[:-1]

            def not_a_list(sources):
                return "\\n".join(sources)

            def bad_items(sources):
                return [None for s in sources]

            def boom(sources):
                raise RuntimeError("model not loaded")

            def exits(sources):
                import sys
                sys.exit(3)

            def interrupts(sources):
                raise KeyboardInterrupt

            def base_exception(sources):
                raise GeneratorExit("odd")

            def ctrl_c(sources):
                import os, signal, time
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(5)
                return sources

            NOT_CALLABLE = 42
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)


def test_callable_receives_languages_only_if_it_accepts_them(user_module: str) -> None:
    cases = [case("a", ARABIC), case("b", HEBREW)]
    assert CallableSystem(f"{user_module}:with_langs").translate(cases, **LANGS) == [
        f"[en>de] {ARABIC}",
        f"[en>de] {HEBREW}",
    ]
    assert CallableSystem(f"{user_module}:plain").translate(cases, **LANGS) == [ARABIC[::-1], HEBREW[::-1]]
    assert CallableSystem(f"{user_module}:with_kwargs").translate(cases, **LANGS) == [f"de:{ARABIC}", f"de:{HEBREW}"]


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("mtcheck_no_such_module:f", r"cannot import module 'mtcheck_no_such_module'.*PYTHONPATH"),
        ("{m}:missing", r"has no attribute 'missing'"),
        ("{m}:NOT_CALLABLE", r"is a int, not a function"),
        ("{m}", r"not of the form package\.module:function"),
    ],
)
def test_callable_bad_path_is_a_clear_error(user_module: str, target: str, message: str) -> None:
    with pytest.raises(SystemFailure, match=message):
        CallableSystem(target.format(m=user_module))


@pytest.mark.parametrize(
    ("function", "message"),
    [
        ("too_few", r"returned 3 strings for 4 source segments"),
        ("not_a_list", r"returned str, expected a list of strings"),
        ("bad_items", r"non-string items at positions #0 \(NoneType\)"),
        ("boom", r"raised RuntimeError: model not loaded"),
        ("exits", r"^system \"py:mtcheck_user_translator:exits\": exited with sys\.exit\(3\) \(fix: "),
        ("interrupts", r": raised KeyboardInterrupt \(fix: "),
        ("base_exception", r": raised GeneratorExit: odd"),
    ],
)
def test_callable_bad_result_is_a_clear_error(user_module: str, function: str, message: str) -> None:
    with pytest.raises(SystemFailure, match=message):
        CallableSystem(f"{user_module}:{function}").translate(CASES, **LANGS)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_real_ctrl_c_during_a_callable_still_stops_the_run(user_module: str) -> None:
    # Python's own Ctrl-C handler, as in a terminal: a test run started in the background (`cmd &` in a
    # script) inherits SIGINT ignored, and then no KeyboardInterrupt can arise.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            CallableSystem(f"{user_module}:ctrl_c").translate(CASES, **LANGS)
    finally:
        signal.signal(signal.SIGINT, previous)


def test_callable_module_that_exits_on_import_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mtcheck_exits_on_import.py").write_text("import sys\nsys.exit('no GPU')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(SystemFailure, match=r"importing module 'mtcheck_exits_on_import' exited with sys\.exit\('no GPU'\)"):
        CallableSystem("mtcheck_exits_on_import:f")


# --- LibreTranslate ---------------------------------------------------------


class _Handler(BaseHTTPRequestHandler):
    requests: list[dict[str, Any]] = []
    mode = "ok"

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])).decode("utf-8"))
        type(self).requests.append({"path": self.path, **body})
        if self.mode == "error":
            self._reply(500, {"error": "Cannot translate text: model crashed"})
        elif self.mode == "single" and len(body["q"]) == 1:
            self._reply(200, {"translatedText": f"<{body['q'][0]}>"})
        elif self.mode == "short":
            self._reply(200, {"translatedText": [f"<{q}>" for q in body["q"][1:]]})
        elif self.mode in ("slow-body", "slow-headers"):
            self._trickle(body["q"])
        elif self.mode == "redirect":
            self.send_response(302)
            self.send_header("Location", "http://elsewhere.invalid/translate")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.mode == "flood":  # no Content-Length: the body ends when the connection closes
            self.send_response(200)
            self.end_headers()
            self._send(b'{"translatedText": ["' + b"x" * (2 << 20) + b'"]}')
        else:
            self._reply(200, {"translatedText": [f"<{q}>" for q in body["q"]]})

    def _trickle(self, sources: list[str]) -> None:
        """A valid answer, a few bytes at a time: each read succeeds well within any per-read timeout."""
        data = json.dumps({"translatedText": sources}).encode("utf-8")
        head = f"HTTP/1.0 200 OK\r\nContent-Length: {len(data)}\r\nX-Padding: {'p' * 40}\r\n\r\n".encode()
        if self.mode == "slow-body":
            self._send(head)
            head = b""
        for start in range(0, len(head + data), 4):  # bounded: ends after the answer or when the client left
            if not self._send((head + data)[start : start + 4]):
                return
            time.sleep(0.2)

    def _send(self, chunk: bytes) -> bool:
        try:
            self.wfile.write(chunk)
            self.wfile.flush()
        except OSError:  # the client gave up and closed the connection
            return False
        return True

    def _reply(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def server(no_proxy: None) -> Iterator[str]:
    _Handler.requests = []
    _Handler.mode = "ok"
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def test_libretranslate_batches_and_round_trips_unicode(server: str) -> None:
    system = LibreTranslateSystem(server + "/", batch_size=3, api_key="secret")
    srcs = [c.src for c in CASES] + [ARABIC, HEBREW, TRICKY]
    cases = [case(f"x{i}", s) for i, s in enumerate(srcs)]
    assert system.translate(cases, **LANGS) == [f"<{s}>" for s in srcs]
    assert [len(r["q"]) for r in _Handler.requests] == [3, 3, 1]
    first = _Handler.requests[0]
    assert first["path"] == "/translate"
    assert (first["source"], first["target"], first["format"], first["api_key"]) == ("en", "de", "text", "secret")
    assert "secret" not in system.describe()


def test_libretranslate_accepts_a_single_string_for_one_segment(server: str) -> None:
    _Handler.mode = "single"
    assert LibreTranslateSystem(server).translate([case("a", ARABIC)], **LANGS) == [f"<{ARABIC}>"]


def test_libretranslate_http_error_names_url_status_and_body(server: str) -> None:
    _Handler.mode = "error"
    with pytest.raises(SystemFailure, match=r"127\.0\.0\.1:\d+/translate answered HTTP 500 .*model crashed"):
        LibreTranslateSystem(server).translate(CASES, **LANGS)


def test_libretranslate_too_few_translations(server: str) -> None:
    _Handler.mode = "short"
    with pytest.raises(SystemFailure, match="returned 3 translations for 4 source segments"):
        LibreTranslateSystem(server).translate(CASES, **LANGS)


@pytest.mark.parametrize("mode", ["slow-body", "slow-headers"])
def test_libretranslate_time_limit_is_wall_clock_not_per_read(server: str, mode: str) -> None:
    """A server sending a few bytes at a time must not stretch a 1 s limit; no helper thread outlives the error."""
    _Handler.mode = mode
    before = set(threading.enumerate())
    start = time.monotonic()
    with pytest.raises(SystemFailure, match=r"/translate did not answer within 1s \(fix: raise the timeout"):
        LibreTranslateSystem(server, timeout=1).translate(CASES, **LANGS)
    assert time.monotonic() - start < 3
    left = [t for t in set(threading.enumerate()) - before if "process_request" not in t.name]
    assert not left, left


def test_libretranslate_slow_but_in_time_answer_is_read(server: str) -> None:
    _Handler.mode = "slow-body"
    cases = [case("a", "x")]
    assert LibreTranslateSystem(server, timeout=30).translate(cases, **LANGS) == ["x"]


def test_libretranslate_response_size_is_capped(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_calls, "MAX_RESPONSE_BYTES", 1 << 20)
    _Handler.mode = "flood"
    with pytest.raises(SystemFailure, match=r"/translate sent more than 1 MiB \(fix: "):
        LibreTranslateSystem(server, timeout=10).translate(CASES[:1], **LANGS)


def test_libretranslate_does_not_follow_redirects(server: str) -> None:
    _Handler.mode = "redirect"
    with pytest.raises(SystemFailure, match=r"answered HTTP 302 .*use the URL it redirects to, http://elsewhere\.invalid"):
        LibreTranslateSystem(server, timeout=10).translate(CASES[:1], **LANGS)
    assert len(_Handler.requests) == 1


def test_libretranslate_connection_refused_names_url(no_proxy: None) -> None:
    with socket.socket() as sock:  # a loopback port that is certainly closed: bound, never listened on
        sock.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        with pytest.raises(SystemFailure, match=rf"cannot reach {url}/translate: .*[Rr]efused"):
            LibreTranslateSystem(url, timeout=5).translate(CASES, **LANGS)


# --- specs ------------------------------------------------------------------


def test_make_system_parses_every_spec_form(tmp_path: Path, user_module: str) -> None:
    assert is_all_recorded(" recorded ") and not is_all_recorded("recorded:hyp")
    assert isinstance(make_system("recorded"), RecordedSystem) and make_system("recorded").name == "hyp"
    assert make_system("recorded:other").name == "other"
    file_system = make_system(f"file:{tmp_path / 'a:b.txt'}")
    assert isinstance(file_system, OutputsFileSystem) and file_system.path == tmp_path / "a:b.txt"
    command = make_system("cmd:python3 -m my_mt --model 'big model'", timeout=7)
    assert isinstance(command, CommandSystem)
    assert command.argv == ["python3", "-m", "my_mt", "--model", "big model"] and command.timeout == 7
    assert isinstance(make_system(f"py:{user_module}:plain"), CallableSystem)
    libre = make_system("libretranslate:http://127.0.0.1:5000", timeout=9)
    assert isinstance(libre, LibreTranslateSystem) and libre.endpoint == "http://127.0.0.1:5000/translate"
    assert make_system("https://lt.example/translate").name == "https://lt.example/translate"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("google", r"unknown system spec 'google'; accepted forms: recorded, recorded:NAME, file:PATH"),
        ("file:", "unknown system spec"),
        ("cmd:translate 'unclosed", "cannot parse the command line"),
        ("libretranslate:localhost:5000", "must start with http:// or https://"),
    ],
)
def test_make_system_rejects_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(SystemFailure, match=message):
        make_system(spec)


def test_specs_that_run_code_are_flagged_so_suite_files_cannot_use_them() -> None:
    assert runs_user_code("cmd:marian-decoder") and runs_user_code(" py:pkg.mod:fn")
    assert not any(map(runs_user_code, ["recorded", "recorded:x", "file:out.txt", "http://127.0.0.1:5000"]))
