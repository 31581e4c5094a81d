"""Issue 24 item 14: a NUL byte in a suite path, a path a suite names, or a lexicon is one clear error.

The OS refuses a NUL byte in a file name with a bare ``ValueError: embedded null
byte`` (a traceback, or ``validate`` printing just that, with no file or line);
mtcheck names the path (as ``repr``, so the byte shows) or the lexicon file and line.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mtcheck.errors import MetricError, SuiteError
from mtcheck.sentiment.lexicon import load_lexicon
from mtcheck.suite.loader import load_suite

from helpers import SUITE_HEADER

FIX = "(fix: remove it: no file name can hold one"


def _validate(folder: Path, suite: str) -> subprocess.CompletedProcess[str]:
    (folder / "demo.mt.yaml").write_text(suite, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mtcheck.commands.main", "validate", "demo.mt.yaml"], cwd=folder,
                          capture_output=True, encoding="utf-8", timeout=120)


@pytest.mark.parametrize(("suite", "message"), [
    (SUITE_HEADER + 'cases:\n  - {id: a, src: x, ref: good, hyp: good, tags: [t],\n'
                    '     checks: [{metric: "sam:chrf", min: 50, params: {lexicon: "le\\0x.tsv"}}]}\n',
     r"demo.mt.yaml:7: case 'a' check #1: lexicon 'le\x00x.tsv' holds a NUL byte (\0) " + FIX),
    (SUITE_HEADER + 'system: "file:out\\0.txt"\ncases:\n  - {id: a, src: x, ref: good, tags: [t], checks: [{metric: chrf, min: 50}]}\n',
     r"demo.mt.yaml:5: suite: system 'file:out\x00.txt': the outputs file holds a NUL byte (\0) " + FIX),
])
def test_a_nul_byte_in_a_path_a_suite_names_is_a_load_error_naming_its_line(tmp_path: Path, suite: str,
                                                                             message: str) -> None:
    done = _validate(tmp_path, suite)
    assert done.returncode == 1, done.stdout + done.stderr  # validate: a suite with errors
    assert message in done.stdout + done.stderr
    assert "embedded null byte" not in done.stdout + done.stderr and "Traceback" not in done.stderr


def test_a_nul_byte_in_a_suite_path_names_the_path() -> None:
    with pytest.raises(SuiteError) as raised:
        load_suite("suites/a\0b.mt.yaml")
    assert str(raised.value).strip() == r"'suites/a\x00b.mt.yaml': the suite path holds a NUL byte (\0) " + FIX + ")"


def test_a_nul_byte_in_a_lexicon_path_names_the_path() -> None:
    with pytest.raises(MetricError, match=r"^'lex\\x00.tsv': sentiment lexicon path holds a NUL byte \(\\0\)"):
        load_lexicon("lex\0.tsv")


def test_a_nul_byte_in_a_lexicon_names_its_file_and_line(tmp_path: Path) -> None:
    lexicon = tmp_path / "lexicon.tsv"
    lexicon.write_bytes(b"good\t0.5\nba\x00d\t-0.5\n")
    with pytest.raises(MetricError, match=rf"^{lexicon}:2: holds a NUL byte \(\\0\) \(fix: remove it"):
        load_lexicon(lexicon)
