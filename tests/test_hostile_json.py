"""Issue 24 item 12: every JSON mtcheck reads but did not just write goes through one bounded reader.

Each reader gets a 100,000-deep ``[[[[...]]]]`` (``json.loads`` raises RecursionError
on it: a traceback, or pytest's INTERNALERROR) and must answer one clear error
naming the file (and the line of a JSON Lines file), or, for the score cache,
discard the entry and recompute it as docs/offline-metrics.md says.
"""
from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mtcheck.engine.score_cache import CacheWarning, ScoreCache, cache_key, cached_score_batch
from mtcheck.errors import MetricError, MtcheckError, SystemFailure
from mtcheck.importing.rows import InputError, read_table
from mtcheck.metrics.character import CharacTERMetric
from mtcheck.safety.json_input import MAX_DEPTH, JsonInputError, parse_json
from mtcheck.suite.loader import load_suite
from mtcheck.systems.libretranslate import LibreTranslateSystem
from mtcheck.systems.outputs_file import OutputsFileSystem

from helpers import CHARACTER_SUITE

DEEP = "[" * 100_000 + "]" * 100_000
TOO_DEEP = "nested too deeply"
REPO = Path(__file__).resolve().parents[1]


def _mtcheck(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtcheck.commands.main", *args], cwd=folder, capture_output=True,
                          encoding="utf-8", timeout=120)


def _one_clear_error(done: subprocess.CompletedProcess[str], *needles: str) -> None:
    """Exit 2, no traceback, and every needle in the output."""
    output = done.stdout + done.stderr
    assert done.returncode == 2, output
    assert "Traceback" not in output and "RecursionError" not in output and "INTERNALERROR" not in output
    for needle in needles:
        assert needle in output, output


@pytest.mark.parametrize(("text", "message"), [
    (DEEP, TOO_DEEP),
    ("{\"a\": " * 100_000 + "1" + "}" * 100_000, TOO_DEEP),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"more than {MAX_DEPTH} levels"),
    ('{"value": NaN}', "NaN is not a JSON number"),
    ('[-Infinity]', "-Infinity is not a JSON number"),
    ('{"value": 1e999}', "too large for a float"),
    ('{"a": 1, "a": 2}', "key 'a' is given twice"),
    ("1" * 5000, "not valid JSON"),
    (b"[\"\xff\"]", "not UTF-8 text (byte 0xff"),
    ('{"a": }', "not valid JSON: Expecting value (line 1, column 7)"),
])
def test_the_reader_refuses_what_json_loads_would_crash_on_or_read_silently(text: str | bytes, message: str) -> None:
    with pytest.raises(JsonInputError) as raised:
        parse_json(text)
    assert message in str(raised.value)


def test_the_reader_reads_nesting_up_to_the_limit_and_non_finite_numbers_when_the_caller_checks_them() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert parse_json('{"value": NaN}', finite=False)["value"] != 0


def test_a_deep_baseline_is_one_error_for_baseline_check_and_for_pytest(tmp_path: Path) -> None:
    (tmp_path / "demo.mt.yaml").write_text(CHARACTER_SUITE, encoding="utf-8")
    (tmp_path / "baseline.json").write_text(DEEP, encoding="utf-8")
    _one_clear_error(_mtcheck(tmp_path, "baseline", "check", "demo.mt.yaml", "--baseline", "baseline.json"),
                     "baseline baseline.json cannot be read", TOO_DEEP, "(fix: ")
    done = subprocess.run([sys.executable, "-m", "pytest", "demo.mt.yaml", "--mt-baseline", "baseline.json",
                           "-p", "no:cacheprovider", "-q"], cwd=tmp_path, capture_output=True, encoding="utf-8",
                          timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode in (2, 4), output  # an error, never a pass
    assert "INTERNALERROR" not in output and "RecursionError" not in output
    assert "baseline.json cannot be read" in output and TOO_DEEP in output


def test_a_deep_report_is_one_error_for_report_merge(tmp_path: Path) -> None:
    (tmp_path / "shard-1.json").write_text(DEEP, encoding="utf-8")
    _one_clear_error(_mtcheck(tmp_path, "report", "merge", "shard-1.json"), "report shard-1.json: not a JSON report",
                     TOO_DEEP)


def test_a_deep_score_cache_entry_is_discarded_and_recomputed(tmp_path: Path) -> None:
    metric, cache = CharacTERMetric(), ScoreCache(tmp_path / "cache")
    path = cache.path(cache_key(metric, "the cat is on the mat", ["the cat sat on the mat"], None))
    path.parent.mkdir(parents=True)
    path.write_text(DEEP, encoding="utf-8")
    with pytest.warns(CacheWarning, match=f"discarded .*{TOO_DEEP}"):
        scores = cached_score_batch(metric, ["the cat is on the mat"], [["the cat sat on the mat"]], None, cache)
    assert scores[0].value == pytest.approx(3 / 21)
    assert json.loads(path.read_text(encoding="utf-8"))["value"] == pytest.approx(3 / 21)  # rewritten whole


def test_a_deep_line_of_a_jsonl_outputs_file_names_its_line(tmp_path: Path) -> None:
    (tmp_path / "demo.mt.yaml").write_text(CHARACTER_SUITE, encoding="utf-8")
    suite = load_suite(tmp_path / "demo.mt.yaml")
    outputs = tmp_path / "out.jsonl"
    outputs.write_text('{"id": "a", "hyp": "x"}\n' + DEEP + "\n", encoding="utf-8")
    with pytest.raises(SystemFailure) as raised:
        OutputsFileSystem(outputs).translate(suite.cases, source_lang="en", target_lang="sv", suite=suite)
    assert f"{outputs}:2: not valid JSON: {TOO_DEEP}" in str(raised.value)


@pytest.mark.parametrize(("name", "text", "where"), [
    ("rows.jsonl", '{"src": "a", "ref": "b"}\n' + DEEP + "\n", f"rows.jsonl:2: not valid JSON: {TOO_DEEP}"),
    ("nan.jsonl", '{"src": "a", "ref": "b", "score": NaN}\n', "nan.jsonl:1: NaN is not a JSON number"),
])
def test_import_names_the_line_of_bad_json_lines(tmp_path: Path, name: str, text: str, where: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    problems = [str(problem) for problem in read_table(str(path), None).problems]
    assert len(problems) == 1 and where in problems[0].replace(str(tmp_path) + "/", "")


def test_import_names_a_deep_json_file(tmp_path: Path) -> None:
    path = tmp_path / "rows.json"
    path.write_text(DEEP, encoding="utf-8")
    with pytest.raises(InputError, match=f"rows.json: not valid JSON: {TOO_DEEP}"):
        read_table(str(path), None)


class _DeepAnswer(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        self.rfile.read(int(self.headers["Content-Length"]))
        body = ('{"translatedText": ' + DEEP + "}").encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def deep_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _DeepAnswer)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_deep_libretranslate_answer_is_one_system_failure(deep_server: str, tmp_path: Path) -> None:
    (tmp_path / "demo.mt.yaml").write_text(CHARACTER_SUITE, encoding="utf-8")
    suite = load_suite(tmp_path / "demo.mt.yaml")
    with pytest.raises(SystemFailure, match=r'did not answer \{"translatedText": \[\.\.\.\]\} JSON'):
        LibreTranslateSystem(deep_server, timeout=60).translate(suite.cases, source_lang="en", target_lang="sv")


def test_a_deep_config_json_of_a_local_bertscore_model_is_a_metric_error(tmp_path: Path) -> None:
    from mtcheck.metrics.bertscore import _config_layers

    config = tmp_path / "config.json"
    config.write_text(DEEP, encoding="utf-8")
    with pytest.raises(MetricError, match=f"cannot read {config}: not valid JSON: {TOO_DEEP}"):
        _config_layers(config)
    config.write_text("[1]", encoding="utf-8")
    with pytest.raises(MtcheckError, match="is not a JSON object"):
        _config_layers(config)
