"""A catalogue of hostile and broken inputs: each one must end with its exit code and one clear message.

Every entry is an input (files written into a fresh folder), the command run on it
(``mtcheck ...`` or ``pytest ...``), the exit code expected and one substring of the
message that must explain it. Each command runs in a subprocess under address-space
and CPU-time limits and a wall-clock timeout, so a regression (a hang on a FIFO, an
endless read of a device) fails this test instead of wedging CI. Whatever the input,
the output never holds a traceback or a pytest INTERNALERROR.

To add an entry: write a ``setup`` that creates the input under the folder it gets,
then append a :class:`Hostile` to ``CATALOGUE``. Keep each command fast (no model
downloads, no slow metrics): the whole catalogue runs in every test run.
"""
from __future__ import annotations

import errno
import json
import os
import resource
import subprocess
import sys
import threading
import time
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mtcheck.engine.score_cache import cache_key
from mtcheck.errors import MtcheckError
from mtcheck.metrics.character import CharacTERMetric

from helpers import CHARACTER_SUITE as SUITE

REPO = Path(__file__).resolve().parents[1]
#: Limits of every catalogue command: enough for mtcheck and pytest, far too little for a runaway. The wall-clock
#: one only ends a hang (a FIFO read, a lock never released); it is wide enough for a machine loaded many times over.
MEMORY_LIMIT = 2 * 1024**3
CPU_SECONDS = 30
WALL_SECONDS = 180
#: Most a catalogue command may print: errors quote a bounded part of any value.
MAX_OUTPUT_CHARS = 20_000

#: The characTER of SUITE's one case (a cached value is compared with it).
CHARACTER = 3 / 21


@dataclass(frozen=True)
class Hostile:
    """One catalogue entry: ``setup(folder)`` writes the input; ``command`` runs in that folder."""

    id: str
    setup: Callable[[Path], None]
    command: tuple[str, ...]
    exit_code: int
    message: str
    #: Text the output must never show (the content of a file the input points at).
    hidden: str = ""


def _limits() -> None:
    """Run in the child before exec: cap its memory and CPU time."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def _suite(folder: Path) -> None:
    (folder / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")


def _cache_entry(folder: Path) -> Path:
    """The score-cache file of the suite's one characTER score (under ``folder/cache``)."""
    key = cache_key(CharacTERMetric(), "the cat is on the mat", ["the cat sat on the mat"], None)
    path = folder / "cache" / "scores" / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _with_entry(write: Callable[[Path], None]) -> Callable[[Path], None]:
    """A setup: the suite, and ``write`` applied to its cache entry's path."""

    def setup(folder: Path) -> None:
        _suite(folder)
        write(_cache_entry(folder))

    return setup


def _entry_text(value: object) -> str:
    """An old-style entry (no checksum) holding ``value`` for the suite's score."""
    signature = CharacTERMetric().signature()
    return json.dumps({"for": signature, "metric": "characTER", "value": value, "best_ref": 0, "details": {},
                       "signature": signature})


def _baseline(edit: Callable[[dict], None]) -> Callable[[Path], None]:
    """A setup: the suite, and ``baseline.json`` for it changed by ``edit``."""

    def setup(folder: Path) -> None:
        _suite(folder)
        signature = CharacTERMetric().signature()
        data = {"format": "mtcheck-baseline/1", "created": "2025-01-31T12:00:00Z",
                "system": {"spec": "", "description": "recorded"}, "versions": {"mtcheck": "0.1.0"},
                "suites": {"demo": {"a": {"characTER": {"value": CHARACTER, "signature": signature,
                                                        "higher_is_better": False}}}}}
        edit(data)
        (folder / "baseline.json").write_text(json.dumps(data), encoding="utf-8")

    return setup


def _value(value: object) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        data["suites"]["demo"]["a"]["characTER"]["value"] = value

    return edit


def _fifo(name: str) -> Callable[[Path], None]:
    def setup(folder: Path) -> None:
        _suite(folder)
        os.mkfifo(folder / name)

    return setup


def _folder(name: str) -> Callable[[Path], None]:
    def setup(folder: Path) -> None:
        _suite(folder)
        (folder / name).mkdir()

    return setup


def _check(check: str, *, system: str | None = None) -> Callable[[Path], None]:
    """A setup: a one-case suite (recorded output ``sys-a``) with the one check ``check``, and ``system:`` if given."""

    def setup(folder: Path) -> None:
        header = SUITE.split("cases:")[0] + (f"system: {system}\n" if system else "")
        case = "  - {id: a, src: x, ref: the cat, hyps: {sys-a: the cat}, tags: [t], checks: [" + check + "]}\n"
        (folder / "demo.mt.yaml").write_text(header + "cases:\n" + case, encoding="utf-8")

    return setup


def _text(text: str) -> Callable[[Path], None]:
    """A setup: ``demo.mt.yaml`` holding ``text``."""

    def setup(folder: Path) -> None:
        (folder / "demo.mt.yaml").write_text(text, encoding="utf-8")

    return setup


#: The first line of a file outside the suite's folder that a suite tries to read.
SECRET = "TOPSECRET-first-line"


def _confined(check: str = "{metric: chrf, min: 1}", *, system: str | None = None,
              extra: Callable[[Path], None] | None = None) -> Callable[[Path], None]:
    """A setup: ``SECRET.txt`` and a lexicon ``lex.txt`` in the folder, and below it ``suites/demo.mt.yaml`` (one
    English case with ``check``, and ``system:`` if given); ``extra(suites)`` adds files next to the suite."""

    def setup(folder: Path) -> None:
        (folder / "SECRET.txt").write_text(SECRET + "\n", encoding="utf-8")
        (folder / "lex.txt").write_text("cat\tn\t0.1\n", encoding="utf-8")
        suites = folder / "suites"
        suites.mkdir()
        header = SUITE.split("cases:")[0].replace("target_lang: sv", "target_lang: en") + (f"system: {system}\n" if system else "")
        case = "  - {id: a, src: x, ref: the cat, hyp: the cat, tags: [t], checks: [" + check + "]}\n"
        (suites / "demo.mt.yaml").write_text(header + "cases:\n" + case, encoding="utf-8")
        if extra is not None:
            extra(suites)

    return setup


HEADER = SUITE.split("cases:")[0] + "cases:\n"
#: A "billion laughs" suite: nine levels of aliases, each repeating the one before nine times, used as a reference.
ALIAS_BOMB = "".join(
    [HEADER.replace("cases:", 'lol: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\ncases:')]
).replace("cases:", "".join(f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 10)) + "cases:")
ALIAS_BOMB_IN_REF = ALIAS_BOMB + "  - {id: a, src: x, ref: *l9, hyp: y, checks: [{metric: chrf, min: 1}]}\n"
ALIAS_BOMB_IN_PARAMS = ALIAS_BOMB + (
    "  - {id: a, src: x, ref: y, hyp: y, checks: [{metric: lang, min: 1, params: {candidates: *l9}}]}\n")
MERGE_KEYS = HEADER.replace("cases:", "defaults: {checks: [&strict {metric: characTER, max: 0.5}]}\ncases:") + (
    "  - {id: a, src: x, ref: the cat sat on the mat, hyp: the cat is on the mat, checks: [{<<: *strict, max: 0.1}]}\n")


def _nested(depth: int) -> str:
    return HEADER + "  - {id: a, src: x, ref: " + "[" * depth + "]" * depth + ", hyp: y}\n"


def _suite_fifo(folder: Path) -> None:
    os.mkfifo(folder / "demo.mt.yaml")


def _link(name: str, target: str) -> Callable[[Path], None]:
    return lambda suites: (suites / name).symlink_to(target)


def _model_with_link_out(suites: Path) -> None:
    (suites / "m").mkdir()
    (suites / "m" / "config.json").symlink_to("../../SECRET.txt")


# --- live systems and reports: a user module, commands and servers that misbehave

HOSTILE_MODULE = """\
import sys

def exits(sources):
    sys.exit(3)

def interrupts(sources):
    raise KeyboardInterrupt
"""
STUBBORN = "import os, sys, time\nsys.stdin.read()\nos.close(1)\ntime.sleep(60)\n"
FLOOD = "import sys\nfor _ in range(4096):\n    sys.stdout.buffer.write(b'y' * (1 << 20))\n"

#: A conftest.py that makes every removal of a score-cache folder fail as in a read-only cache.
READ_ONLY_CONFTEST = """\
import errno, os, shutil

def _refuse(path, *args, **kwargs):
    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

shutil.rmtree = _refuse
"""
#: A conftest.py that makes every report write fail as on a full disk (the fsync of the temporary file).
DISK_FULL_CONFTEST = """\
import errno, os, types
import mtcheck.safety.files

def _full(fd):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

mtcheck.safety.files.os = types.SimpleNamespace(**{**{k: getattr(os, k) for k in dir(os)}, "fsync": _full})
"""


def _with_file(name: str, text: str) -> Callable[[Path], None]:
    def setup(folder: Path) -> None:
        _suite(folder)
        (folder / name).write_text(text, encoding="utf-8")

    return setup


class _Misbehaving(BaseHTTPRequestHandler):
    """Answers as ``server.mode`` says; every answer ends by itself (bounded), or when the client leaves."""

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        mode = self.server.mode  # type: ignore[attr-defined]
        if mode == "trickle":  # a valid status line, then a header one byte every half second
            chunks = [b"HTTP/1.0 200 OK\r\n"] + [b"X"] * 60
        elif mode == "huge-declared":
            chunks = [b"HTTP/1.0 200 OK\r\nContent-Length: 1000000000000\r\n\r\n", b"{" * 1024]
        else:  # flood: no Content-Length, 256 MiB of body until the connection closes
            chunks = [b"HTTP/1.0 200 OK\r\n\r\n"] + [b" " * (1 << 20)] * 256
        for chunk in chunks:
            try:
                self.wfile.write(chunk)
                self.wfile.flush()
            except OSError:  # the client gave up
                return
            if mode == "trickle":
                time.sleep(0.5)

    def log_message(self, format: str, *args: object) -> None:
        pass


def _server(mode: str) -> Callable[[Path], None]:
    """A setup: the suite, a server on a free loopback port that serves for WALL_SECONDS then stops, and a
    ``pytest.ini`` pointing ``--mt-system`` at it with a 1 s limit."""

    def setup(folder: Path) -> None:
        _suite(folder)
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Misbehaving)
        httpd.mode = mode  # type: ignore[attr-defined]
        httpd.timeout = 0.2
        end = time.monotonic() + WALL_SECONDS

        def serve() -> None:
            with httpd:
                while time.monotonic() < end:
                    httpd.handle_request()

        threading.Thread(target=serve, daemon=True).start()
        url = f"http://127.0.0.1:{httpd.server_address[1]}"
        (folder / "pytest.ini").write_text(f"[pytest]\naddopts = --mt-system {url} --mt-timeout 1\n", encoding="utf-8")

    return setup


RUN = ("mtcheck", "run", "demo.mt.yaml")
RUN_BELOW, VALIDATE_BELOW, PYTEST_BELOW = (("mtcheck", "run", "suites/demo.mt.yaml"), ("mtcheck", "validate", "suites/demo.mt.yaml"),
                                           ("pytest", "suites/demo.mt.yaml"))
LEXICON = "{metric: 'sam:chrf', min: 1"
VALIDATE = ("mtcheck", "validate", "demo.mt.yaml")
CHECK = ("mtcheck", "baseline", "check", "demo.mt.yaml", "--baseline")
SAVE = ("mtcheck", "baseline", "save", "demo.mt.yaml", "--out")
PYTEST = ("pytest", "demo.mt.yaml", "--mt-baseline")

CATALOGUE = [
    # --- the suite file itself: bounded reading, one error with its line
    Hostile("yaml-alias-bomb-in-ref", _text(ALIAS_BOMB_IN_REF), VALIDATE, 1,
            "demo.mt.yaml:10:12: YAML aliases here stand for more than 100,000 values"),
    Hostile("yaml-alias-bomb-in-ref-run", _text(ALIAS_BOMB_IN_REF), RUN, 2, "stand for more than 100,000 values"),
    Hostile("yaml-alias-bomb-in-ref-pytest", _text(ALIAS_BOMB_IN_REF), ("pytest", "demo.mt.yaml"), 2,
            "stand for more than 100,000 values"),
    Hostile("yaml-alias-bomb-in-params", _text(ALIAS_BOMB_IN_PARAMS), VALIDATE, 1, "stand for more than 100,000 values"),
    Hostile("yaml-nested-250-levels", _text(_nested(250)), VALIDATE, 1, "demo.mt.yaml:6:87: nested more than 64 levels"),
    Hostile("yaml-nested-50000-levels-pytest", _text(_nested(50_000)), ("pytest", "demo.mt.yaml"), 2,
            "nested more than 64 levels deep"),
    Hostile("yaml-tab-indent", _text(HEADER + "  - id: a\n\tsrc: x\n"), VALIDATE, 1,
            "demo.mt.yaml:7:1: a tab character: YAML indents with spaces, never tabs (fix: replace the tab with spaces)"),
    Hostile("yaml-merge-key", _text(MERGE_KEYS), RUN, 1, "1 failed"),  # characTER 0.14: the written max 0.1 wins
    Hostile("yaml-huge-value-quoted-in-part", _check("{metric: chrf, min: '" + "9" * 1_000_000 + "'}"), VALIDATE, 1,
            "(999,802 more characters)"),
    Hostile("suite-is-a-fifo", _suite_fifo, VALIDATE, 1, "cannot read it: is a FIFO, not a regular file"),
    # --- the score cache: a bad entry is discarded with a warning naming it, and recomputed
    Hostile("cache-entry-not-utf8", _with_entry(lambda p: p.write_bytes(b"\xff\xfe{")), RUN, 0, "score cache: discarded"),
    Hostile("cache-entry-nan", _with_entry(lambda p: p.write_text(_entry_text(float("nan")))), RUN, 0,
            "score cache: discarded"),
    # a value that would fail the case (0.9 > max 0.5) if it were trusted
    Hostile("cache-entry-tampered", _with_entry(lambda p: p.write_text(_entry_text(0.9))), RUN, 0,
            "score cache: discarded"),
    Hostile("cache-entry-fifo", _with_entry(os.mkfifo), RUN, 0, "score cache: discarded"),
    Hostile("cache-entry-folder", _with_entry(lambda p: p.mkdir()), RUN, 0, "score cache: discarded"),
    # --- baselines: rejected with the file, the key and a fix; never read forever, never a traceback
    Hostile("baseline-nan", _baseline(_value(float("nan"))), (*CHECK, "baseline.json"), 2,
            'suites["demo"]["a"]["characTER"].value'),
    Hostile("baseline-infinity", _baseline(_value(float("inf"))), (*CHECK, "baseline.json"), 2, "not a finite number"),
    Hostile("baseline-value-as-text", _baseline(_value("0.1")), (*CHECK, "baseline.json"), 2, "must be a number"),
    Hostile("baseline-system-as-text", _baseline(lambda d: d.update(system="str")), (*PYTEST, "baseline.json"), 4,
            "baseline.json: system must be an object"),
    Hostile("baseline-fifo", _fifo("baseline.json"), (*CHECK, "baseline.json"), 2, "is a FIFO, not a regular file"),
    Hostile("baseline-fifo-pytest", _fifo("baseline.json"), (*PYTEST, "baseline.json"), 4, "is a FIFO"),
    Hostile("baseline-device", _suite, (*CHECK, "/dev/zero"), 2, "is a character device"),
    Hostile("baseline-save-onto-folder", _folder("out"), (*SAVE, "out"), 2, "out is a folder, not a regular file"),
    Hostile("baseline-save-onto-fifo", _fifo("out.json"), (*SAVE, "out.json"), 2, "is a FIFO, not a regular file"),
    Hostile("baseline-update-onto-folder", _folder("out"), (*PYTEST, "out", "--mt-update-baseline"), 4,
            "is a folder, not a regular file"),
    # Checks that can never pass: validate (and so run and pytest) rejects them; one that can never fail is a warning
    Hostile("check-above-the-scale", _check("{metric: chrf, min: 150}"), VALIDATE, 1, "the check can never pass"),
    Hostile("check-below-the-scale", _check("{metric: ter, max: -1}"), VALIDATE, 1, "below the lowest ter value (0)"),
    Hostile("check-min-nan", _check("{metric: chrf, min: .nan}"), VALIDATE, 1, "'min' must be a finite number, got nan"),
    Hostile("check-min-inf", _check("{metric: chrf, min: .inf}"), VALIDATE, 1, "'min' must be a finite number, got inf"),
    Hostile("check-max-minus-inf", _check("{metric: ter, max: -.inf}"), VALIDATE, 1, "'max' must be a finite number"),
    Hostile("check-huge-integer", _check("{metric: chrf, min: " + "9" * 400 + "}"), VALIDATE, 1,
            "'min' must be a finite number"),
    Hostile("check-margin-nan", _check("{metric: chrf, min: 1, margin: .nan}"), VALIDATE, 1, "'margin' must be a finite"),
    Hostile("check-tolerance-nan", _check("{metric: chrf, min: 1, tolerance: .nan}"), VALIDATE, 1,
            "'tolerance' must be a finite number"),
    Hostile("check-min-above-max", _check("{metric: chrf, min: 60, max: 40}"), VALIDATE, 1, "min 60 is above max 40"),
    Hostile("check-min-on-ter", _check("{metric: ter, min: 30}"), VALIDATE, 1, "did you mean 'max: 30'?"),
    Hostile("check-min-on-ter-pytest", _check("{metric: ter, min: 30}"), ("pytest", "demo.mt.yaml"), 2,
            "did you mean 'max: 30'?"),
    Hostile("check-never-fails", _check("{metric: chrf, min: 0}"), VALIDATE, 0, "the check can never fail"),
    Hostile("suite-system-recorded-unknown", _check("{metric: chrf, min: 10}", system="recorded:sys-b"), VALIDATE, 1,
            "did you mean 'recorded:sys-a'?"),
    Hostile("run-recorded-unknown", _check("{metric: chrf, min: 10}"), (*RUN, "--system", "recorded:NOPE"), 5,
            "nothing to check: every case was skipped"),
    Hostile("pytest-recorded-unknown", _check("{metric: chrf, min: 10}"), ("pytest", "demo.mt.yaml", "--mt-system",
            "recorded:NOPE"), 4, "system 'recorded:NOPE' names no recorded output"),
    # Paths in a suite stay in its folder: outside, through a link or a special file, it is an error that quotes
    # nothing of the file; the user's own paths are trusted; a hub model is used only when the user names it
    Hostile("suite-outputs-file-outside", _confined(system="file:../SECRET.txt"), VALIDATE_BELOW, 1,
            "the outputs file is outside the suite's folder", SECRET),
    Hostile("suite-outputs-file-outside-pytest", _confined(system="file:../SECRET.txt"), PYTEST_BELOW, 2,
            "the outputs file is outside the suite's folder", SECRET),
    Hostile("suite-outputs-file-etc-passwd", _confined(system="file:/etc/passwd"), VALIDATE_BELOW, 1,
            "system 'file:/etc/passwd': the outputs file is outside the suite's folder", "root:x:0"),
    Hostile("suite-outputs-file-link-out", _confined(system="file:out.txt", extra=_link("out.txt", "../SECRET.txt")),
            PYTEST_BELOW, 2, "the outputs file is a link that leads outside the suite's folder", SECRET),
    Hostile("suite-outputs-file-fifo", _confined(system="file:out.txt", extra=lambda s: os.mkfifo(s / "out.txt")),
            VALIDATE_BELOW, 1, "the outputs file is a FIFO, not a regular file"),
    Hostile("suite-lexicon-etc-passwd", _confined(LEXICON + ", params: {lexicon: /etc/passwd}}"), VALIDATE_BELOW, 1,
            "lexicon '/etc/passwd' is outside the suite's folder", "root:x:0"),
    Hostile("suite-lexicon-etc-passwd-pytest", _confined(LEXICON + ", params: {lexicon: /etc/passwd}}"), PYTEST_BELOW, 2,
            "(fix: move it into that folder (or below), or give it yourself: --mt-sam-lexicon PATH", "root:x:0"),
    Hostile("suite-lexicon-link-out", _confined(LEXICON + ", params: {lexicon: l.txt}}", extra=_link("l.txt", "../SECRET.txt")),
            VALIDATE_BELOW, 1, "lexicon 'l.txt' is a link that leads outside the suite's folder", SECRET),
    Hostile("suite-idf-sents-etc-shadow", _confined("{metric: bertscore, min: 0.1, params: {idf: true, idf_sents: /etc/shadow}}"),
            VALIDATE_BELOW, 1, "idf_sents '/etc/shadow' is outside the suite's folder"),
    Hostile("suite-idf-sents-fifo", _confined("{metric: bertscore, min: 0.1, params: {idf: true, idf_sents: f}}",
                                              extra=lambda s: os.mkfifo(s / "f")),
            VALIDATE_BELOW, 1, "idf_sents 'f' is a FIFO, not a regular file"),
    Hostile("suite-model-holds-a-link-out", _confined("{metric: bertscore, min: 0.1, params: {model: ./m}}",
                                                      extra=_model_with_link_out),
            VALIDATE_BELOW, 1, "model './m' holds 'config.json', a link that leads outside the suite's folder", SECRET),
    Hostile("suite-hub-model-refused", _confined("{metric: bertscore, min: 0.1, params: {model: some-org/some-model}}"),
            RUN_BELOW, 2, "model 'some-org/some-model' in the suite is no file or folder in the suite's folder, so it is "
            "taken for a Hugging Face hub name, and a suite file never makes mtcheck reach the hub (fix: pass "
            "--bertscore-model some-org/some-model)"),
    Hostile("suite-hub-model-warned", _confined("{metric: bertscore, min: 0.1, params: {model: some-org/some-model}}"),
            VALIDATE_BELOW, 1, "a run refuses it unless you pass it yourself"),
    Hostile("suite-hub-model-named-by-the-user", _confined("{metric: bertscore, min: 0.1, params: {model: some-org/some-model}}"),
            (*VALIDATE_BELOW, "--bertscore-model", "some-org/some-model"), 0, "ok: suites/demo.mt.yaml"),
    Hostile("user-lexicon-outside-is-trusted", _confined(LEXICON + "}"), (*RUN_BELOW, "--sam-lexicon", "lex.txt"), 0,
            "1 passed"),
    Hostile("user-outputs-file-outside-is-trusted", _confined(), (*RUN_BELOW, "--system", "file:lex.txt", "-v"), 0,
            "chrf=18.4"),  # -v: the summary's means show the file was read
    Hostile("user-outputs-file-fifo", _fifo("out.txt"), (*RUN, "--system", "file:out.txt"), 2,
            "outputs file 'out.txt' is a FIFO, not a regular file"),
    Hostile("user-lexicon-fifo", _fifo("lex.txt"), (*RUN, "--sam-lexicon", "lex.txt"), 2,
            "sentiment lexicon 'lex.txt' is a FIFO, not a regular file"),
    # Live systems and reports (under pytest a failing system is one ERROR and stops the run: exit 2, interrupted)
    Hostile("py-system-sys-exit", _with_file("hostile_mt.py", HOSTILE_MODULE), (*RUN, "--system", "py:hostile_mt:exits"),
            2, 'system "py:hostile_mt:exits": exited with sys.exit(3)'),
    Hostile("py-system-sys-exit-pytest", _with_file("hostile_mt.py", HOSTILE_MODULE),
            ("pytest", "demo.mt.yaml", "--mt-system", "py:hostile_mt:exits"), 2, "exited with sys.exit(3)"),
    Hostile("py-system-keyboard-interrupt", _with_file("hostile_mt.py", HOSTILE_MODULE),
            (*RUN, "--system", "py:hostile_mt:interrupts"), 2, "raised KeyboardInterrupt"),
    Hostile("py-system-exits-on-import", _with_file("hostile_mt.py", "raise SystemExit(5)\n"),
            (*RUN, "--system", "py:hostile_mt:exits"), 2, "importing module 'hostile_mt' exited with sys.exit(5)"),
    Hostile("cmd-closes-stdout-keeps-running", _with_file("stubborn.py", STUBBORN),
            (*RUN, "--system", f"cmd:{sys.executable} stubborn.py", "--timeout", "1"), 2, "timed out after 1s"),
    Hostile("cmd-floods-stdout", _with_file("flood.py", FLOOD), (*RUN, "--system", f"cmd:{sys.executable} flood.py"), 2,
            "printed more than 64 MiB on stdout and was killed"),
    Hostile("http-trickles-one-byte-at-a-time", _server("trickle"), ("pytest", "demo.mt.yaml"), 2,
            "did not answer within 1s"),
    Hostile("http-floods-its-answer", _server("flood"), ("pytest", "demo.mt.yaml"), 2, "sent more than 64 MiB"),
    Hostile("http-declares-a-huge-answer", _server("huge-declared"), ("pytest", "demo.mt.yaml"), 2,
            "sent more than 64 MiB"),
    Hostile("report-onto-folder", _folder("out"), (*RUN, "--report-json", "out"), 2,
            "json report out is a folder, not a regular file (fix: name a file to write, e.g. out/report)"),
    Hostile("report-onto-folder-pytest", _folder("out"), ("pytest", "demo.mt.yaml", "--mt-report-html", "out"), 4,
            "html report out is a folder, not a regular file"),
    Hostile("report-onto-fifo", _fifo("report.md"), (*RUN, "--report-md", "report.md"), 2,
            "md report report.md is a FIFO, not a regular file"),
    Hostile("report-onto-dev-full", _suite, (*RUN, "--report-json", "/dev/full"), 2,
            "json report /dev/full is a character device"),
    Hostile("report-disk-full-pytest", _with_file("conftest.py", DISK_FULL_CONFTEST),
            ("pytest", "demo.mt.yaml", "--mt-report-json", "r.json"), 4,
            "cannot write json report r.json: No space left on device (fix: free some disk space"),
    # Unicode and reports (setups defined at the end of this file)
    Hostile("unicode-nfd-hypothesis-passes", lambda p: _nfd_suite(p), RUN, 0, "1 passed"),
    Hostile("unicode-normalize-none-fails-with-a-note", lambda p: _nfd_suite(p), (*RUN, "--param", "chrf.normalize=none"),
            1, "differs from the reference only in Unicode normalisation"),
    Hostile("unicode-normalize-unknown-form", lambda p: _nfd_suite(p), (*RUN, "--param", "chrf.normalize=NFKC"), 2,
            "normalize must be one of nfc, none, not 'NFKC'"),
    Hostile("report-md-hostile-suite-name", lambda p: _hostile_names(p), (*RUN, "--report-md", "r.md"), 1,
            "wrote md report"),
    Hostile("report-md-hostile-suite-name-pytest", lambda p: _hostile_names(p),
            ("pytest", "demo.mt.yaml", "--mt-report-md", "r.md", "--mt-report-html", "r.html"), 1, "1 failed"),
    # --clear-cache that cannot clear is a usage error, never a run on as if it had (as root a read-only folder is
    # writable, so the conftest makes every removal fail the way a read-only one does)
    Hostile("clear-cache-onto-a-file", _with_file("scores", "not a cache"), (*RUN, "--clear-cache", "--cache-dir", "scores"),
            2, "cannot clear the score cache scores: it is a regular file, not a folder (fix: move it away"),
    Hostile("clear-cache-onto-a-file-pytest", _with_file("scores", "not a cache"),
            ("pytest", "demo.mt.yaml", "--mt-clear-cache", "--mt-cache-dir", "scores"), 4,
            "ERROR: cannot clear the score cache scores: it is a regular file, not a folder"),
    Hostile("clear-cache-read-only-pytest", lambda p: _read_only_cache(p), ("pytest", "demo.mt.yaml", "--mt-clear-cache"),
            4, "cannot clear the score cache"),
    # Unicode line separators written raw: YAML 1.1 reads them as line breaks, so they are errors with the escape to use
    Hostile("suite-raw-nel-in-a-quoted-reference", lambda p: _separator(p, '"the cat\x85sat on the mat"'), VALIDATE, 1,
            "demo.mt.yaml:6:34: raw U+0085 (NEXT LINE): YAML reads it as a line break"),
    Hostile("suite-raw-line-separator-in-plain-text-pytest", lambda p: _separator(p, "the cat\u2028sat on the mat"),
            ("pytest", "demo.mt.yaml"), 2, 'write it as \\L inside a double-quoted string, e.g. "a\\Lb"'),
    # Reference alternatives (setup defined at the end of this file): a typo in the syntax is an error, never text
    Hostile("alternatives-unclosed-parenthesis", lambda p: _alternatives(p, "the cat (sat/is on the mat"), VALIDATE, 1,
            "reference 'the cat (sat/is on the mat' has an unclosed '(' at character 9 (fix: close it with ')'"),
    Hostile("alternatives-stray-bracket-pytest", lambda p: _alternatives(p, "the cat] sat"), ("pytest", "demo.mt.yaml"), 2,
            "has ']' at character 8 that closes no '['"),
    Hostile("alternatives-nested-too-deep", lambda p: _alternatives(p, "[" * 11 + "cat" + "]" * 11), VALIDATE, 1,
            "nests brackets more than 10 deep"),
]


def _argv(command: tuple[str, ...]) -> list[str]:
    tool, *args = command
    if tool == "mtcheck":
        return [sys.executable, "-m", "mtcheck.commands.main", *args]
    return [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args]


def _run_entry(entry: Hostile, folder: Path) -> subprocess.CompletedProcess[str]:
    """Set up ``entry`` in ``folder`` and run its command there under the limits."""
    entry.setup(folder)
    env = {**os.environ, "MTCHECK_CACHE_DIR": str(folder / "cache"), "PYTHONPATH": str(REPO),
           "OPENBLAS_NUM_THREADS": "1", "PYTHONWARNINGS": "default"}
    return subprocess.run(_argv(entry.command), cwd=folder, env=env, capture_output=True, encoding="utf-8",
                          errors="replace", preexec_fn=_limits, timeout=WALL_SECONDS, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def catalogue_runs(request: pytest.FixtureRequest,
                   tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str] | Exception]:
    """The selected entries run side by side, one per CPU (most of their time is interpreter start-up).

    Under pytest-xdist the workers already run entries in parallel: then each test runs its own (empty dict).
    """
    if hasattr(request.config, "workerinput"):
        return {}
    selected = [item.callspec.params["entry"] for item in request.session.items
                if getattr(item, "originalname", "") == "test_hostile_input"]

    def run(entry: Hostile) -> subprocess.CompletedProcess[str] | Exception:
        try:
            return _run_entry(entry, tmp_path_factory.mktemp(entry.id))
        except Exception as exc:  # reported by the entry's own test
            return exc

    with ThreadPoolExecutor(max_workers=max(2, len(os.sched_getaffinity(0)))) as pool:
        return dict(zip((e.id for e in selected), pool.map(run, selected)))


@pytest.mark.parametrize("entry", CATALOGUE, ids=[entry.id for entry in CATALOGUE])
def test_hostile_input(entry: Hostile, tmp_path: Path,
                       catalogue_runs: dict[str, subprocess.CompletedProcess[str] | Exception]) -> None:
    proc = catalogue_runs.get(entry.id) or _run_entry(entry, tmp_path)
    if isinstance(proc, Exception):
        raise proc
    output = proc.stdout + proc.stderr
    assert proc.returncode == entry.exit_code, output
    assert " ".join(entry.message.split()) in " ".join(output.split()), output  # messages fold to $COLUMNS
    assert not entry.hidden or entry.hidden not in output, output
    assert "Traceback" not in output and "INTERNALERROR" not in output, output
    assert len(output) < MAX_OUTPUT_CHARS, output[:2000]
    if entry.command[0] == "mtcheck" and entry.exit_code == 2:
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_the_limits_stop_a_runaway() -> None:
    """The harness itself: a command that grabs memory past the limit fails fast instead of swapping."""
    proc = subprocess.run([sys.executable, "-c", f"bytearray({MEMORY_LIMIT})"], capture_output=True, text=True,
                          preexec_fn=_limits, timeout=WALL_SECONDS)
    assert proc.returncode != 0 and "MemoryError" in proc.stderr


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    import mtcheck.safety.files

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(mtcheck.safety.files.os, "fsync", full)


def test_a_report_write_on_a_full_disk_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mtcheck.report.data import ReportData
    from mtcheck.report.files import write_reports

    old = tmp_path / "report.md"
    old.write_text("previous report\n", encoding="utf-8")
    _full_disk(monkeypatch)
    with pytest.raises(MtcheckError, match=r"^cannot write md report .*report\.md: No space left on device "
                                           r"\(fix: free some disk space, or name another path\)$"):
        write_reports(ReportData([], None, None), {"md": str(old)})
    assert old.read_text(encoding="utf-8") == "previous report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.md"]  # no temporary file left


def test_mtcheck_run_on_a_full_disk_exits_2_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from mtcheck.commands.main import main

    _suite(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MTCHECK_CACHE_DIR", str(tmp_path / "cache"))
    _full_disk(monkeypatch)
    assert main(["run", "demo.mt.yaml", "--report-html", "out/r.html"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["mtcheck: error: cannot write html report out/r.html: No space left on device "
                   "(fix: free some disk space, or name another path)"]
    assert list((tmp_path / "out").iterdir()) == []


def test_a_report_through_a_symlink_replaces_the_file_it_points_to(tmp_path: Path) -> None:
    from mtcheck.report.data import ReportData
    from mtcheck.report.files import write_reports

    real = tmp_path / "real.json"
    real.write_text("{}", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(real)
    write_reports(ReportData([], None, None), {"json": str(tmp_path / "link.json")})
    assert (tmp_path / "link.json").is_symlink() and json.loads(real.read_text(encoding="utf-8"))


def _nfd_suite(folder: Path) -> None:
    """A case whose hypothesis is its reference in NFD (decomposed accents): identical to the eye."""
    ref = "Un café crème, s'il vous plaît."
    (folder / "demo.mt.yaml").write_text(
        SUITE.replace("target_lang: sv", "target_lang: fr").replace(
            "{id: a, src: x, ref: the cat sat on the mat, hyp: the cat is on the mat, checks: [{metric: characTER, max: 0.5}]}",
            f'{{id: a, src: x, ref: "{ref}", hyp: "{unicodedata.normalize("NFD", ref)}", checks: [{{metric: chrf, min: 99}}]}}'),
        encoding="utf-8")


def _hostile_names(folder: Path) -> None:
    """A failing case in a suite whose name and tags try to break out of the Markdown report."""
    (folder / "demo.mt.yaml").write_text(
        SUITE.replace("name: demo", 'name: "x`<img src=x onerror=alert(1)>`|y\\n# h"').replace(
            "checks: [{metric: characTER, max: 0.5}]",
            'tags: ["[a](javascript:alert(1))", "<b>|"], checks: [{metric: characTER, max: 0.01}]'),
        encoding="utf-8")


def _alternatives(folder: Path, ref: str) -> None:
    """The suite, opted in to reference alternatives, with ``ref`` (single-quoted) as its one reference."""
    (folder / "demo.mt.yaml").write_text(
        SUITE.replace("cases:", "alternatives: true\ncases:").replace("ref: the cat sat on the mat", f"ref: '{ref}'"),
        encoding="utf-8")


def _read_only_cache(folder: Path) -> None:
    """The suite, a score cache with one entry, and a conftest.py under which nothing in it can be removed."""
    _with_file("conftest.py", READ_ONLY_CONFTEST)(folder)
    _cache_entry(folder).write_text("{}", encoding="utf-8")


def _separator(folder: Path, ref: str) -> None:
    """The suite with ``ref`` (as YAML) as its one reference."""
    (folder / "demo.mt.yaml").write_text(SUITE.replace("ref: the cat sat on the mat", f"ref: {ref}"), encoding="utf-8")
