"""What mtcheck writes and prints about hostile input: no secret in a report or a message, no control character
raw on a terminal or in Markdown, no binary body dumped into an error.

Each command runs as a subprocess (``mtcheck`` or ``pytest``) in a fresh folder; the tests assert the exit code,
the one clear message, and what the output and the report files must never hold.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mtcheck.redact import redact, redact_argv

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "fixtures"
#: Safety net against a hang, never a bound on speed.
HANG_SECONDS = 120
SECRETS = ("s3cret", "s3cret2", "tok3n", "k3y")


def _mtcheck(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MTCHECK_CACHE_DIR": str(folder / "cache"), "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "mtcheck.cli", *args], cwd=folder, env=env, capture_output=True,
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


def test_a_failing_system_with_a_secret_shows_it_masked(tmp_path: Path) -> None:
    demo = _demo(tmp_path)
    done = _mtcheck(tmp_path, "run", str(demo), "--system", "libretranslate:http://ci:s3cret@127.0.0.1:1/?api_key=k3y")
    assert done.returncode == 2, done.stderr
    assert 'system "libretranslate:http://ci:***@127.0.0.1:1/?api_key=***": cannot reach' in done.stderr
    _assert_no_secret(done.stdout, done.stderr)
