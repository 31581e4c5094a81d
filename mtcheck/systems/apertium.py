"""``apertium:PAIR``: an installed Apertium pair, run as one long-lived pipeline per system and session.

The pipeline is the one ``apertium -z -u PAIR`` runs: the pair's mode file as ``apertium-wblank-mode -z``
writes it, every program in null-flush mode, unknown words unmarked (``-u``, what APY's ``markUnknown=no``
gives). Each case is deformatted as ``apertium-destxt`` would (mtcheck.systems.apertium_txt) and sent as one
block ended by a NUL; the pipeline answers one NUL-ended block per block, so a case can never take another's
words, whatever the engine does to its blanks and line breaks. A batch that does not come back as exactly
one block per case is an error, never shifted outputs. The time limit, the kill of every process the
pipeline started and the stderr tail are those of ``cmd:`` (mtcheck.systems.command).
"""
from __future__ import annotations

import os
import select
import selectors
import shutil
import subprocess
import time
import weakref
from collections.abc import Sequence
from pathlib import Path

from mtcheck.config.settings import DEFAULT_TIMEOUT
from mtcheck.languages.language_codes import canonical_lang
from mtcheck.suite.model import Case, Suite
from mtcheck.systems.apertium_codes import pair_covers, pair_languages
from mtcheck.systems.apertium_txt import deformat, reformat
from mtcheck.systems.base import System, decode_utf8, fail, listing
from mtcheck.systems.command import MAX_OUTPUT_BYTES, STDERR_KEEP, kill, stderr_tail
from mtcheck.systems.process_tree import descendants

#: Where Debian installs Apertium's language data; ``APERTIUM_DATADIR`` (read by ``apertium`` too) overrides it.
DATADIR = Path("/usr/share/apertium")
#: The Debian package of each pair of languages Apertium translates between (either way), for the install hint.
DEBIAN_PACKAGES = {
    frozenset({"en", "es"}): "apertium-eng-spa",
    frozenset({"eu", "en"}): "apertium-eu-en",
    frozenset({"sv", "nb"}): "apertium-swe-nor",
    frozenset({"sv", "nn"}): "apertium-swe-nor",
    frozenset({"da", "nb"}): "apertium-dan-nor",
    frozenset({"da", "nn"}): "apertium-dan-nor",
    frozenset({"nb", "nn"}): "apertium-nno-nob",
}
#: The programs every pipeline needs, all from Debian's ``apertium`` and ``lttoolbox`` packages.
PROGRAMS = ("bash", "apertium-wblank-mode", "lt-proc")
_CHUNK = 64 * 1024
#: How often (seconds) a batch that waits for the pipeline looks whether one of its programs died.
_WATCH = 0.5


class ApertiumSystem(System):
    """Translates with the installed Apertium mode ``pair`` (or the one installed mode of its languages)."""

    def __init__(self, pair: str, *, timeout: float = DEFAULT_TIMEOUT, name: str | None = None,
                 datadir: Path | None = None):
        self.requested = pair
        self.datadir = datadir or Path(os.environ.get("APERTIUM_DATADIR") or DATADIR)
        self.timeout = timeout
        self.name = name or f"apertium:{pair}"
        self._pipeline: _Pipeline | None = None
        self._described: str | None = None

    @classmethod
    def from_spec(cls, value: str, *, spec: str, timeout: float) -> ApertiumSystem:
        """The system of spec ``spec`` (``value``: the pair; mtcheck/systems/__init__.py)."""
        return cls(value, timeout=timeout, name=spec)

    def check_ready(self) -> None:
        self.mode()

    def installed(self) -> list[str]:
        """The installed modes (``apertium -l``)."""
        return sorted(path.stem for path in (self.datadir / "modes").glob("*.mode"))

    def mode(self) -> str:
        """The installed mode this system runs: the pair as given, or the only installed mode of its languages
        (``eus-eng`` -> ``eu-en``); anything else is a :class:`SystemFailure` saying what to install."""
        missing = [program for program in PROGRAMS if shutil.which(program) is None]
        if missing:
            raise fail(self, f"cannot find {listing(missing)}: Apertium is not installed"
                             " (fix: sudo apt-get install apertium)")
        installed = self.installed()
        if self.requested in installed:
            return self.requested
        try:
            languages = pair_languages(self.requested)
        except ValueError as exc:
            raise fail(self, f"{exc}; installed pairs: {listing(installed) or 'none'}") from None
        same = [mode for mode in installed if _languages(mode) == languages]
        if len(same) == 1:
            return same[0]
        if same:
            raise fail(self, f"{self.requested!r} could be any of the installed modes {listing(same)}"
                             f" (fix: name one, like apertium:{same[0]})")
        package = DEBIAN_PACKAGES.get(frozenset(languages))
        fix = f"sudo apt-get install {package}" if package else "find its package with: apt-cache search apertium"
        raise fail(self, f"the Apertium pair {self.requested!r} is not installed in {self.datadir}"
                         f" (installed: {listing(installed) or 'none'}) (fix: {fix})")

    def translate(self, cases: Sequence[Case], *, source_lang: str, target_lang: str, suite: Suite | None = None) -> list[str]:
        mode = self.mode()
        if not pair_covers(mode, source_lang, target_lang):
            covering = [m for m in self.installed() if _covers(m, source_lang, target_lang)]
            hint = f"use apertium:{covering[0]}" if covering else "install a pair that translates it"
            raise fail(self, f"the mode {mode} translates {'->'.join(pair_languages(mode))}, but the suite is"
                             f" {canonical_lang(source_lang)}->{canonical_lang(target_lang)} (fix: {hint})")
        nul = [case.id for case in cases if "\0" in case.src]
        if nul:
            raise fail(self, f"sources hold a NUL character, which ends a block in Apertium's null-flush mode;"
                             f" cases: {listing(nul)} (fix: remove it from those sources)")
        if not cases:
            return []
        blocks = [deformat(case.src + "\n").encode("utf-8") for case in cases]
        answers = self._exchange(mode, blocks)
        where = f'system "{self.name}": output'
        return [reformat(decode_utf8(answer, where, "check the pair's data")).removesuffix("\n")
                for answer in answers]

    def describe(self) -> str:
        if self._described is None:
            mode = self.mode()
            path = self.datadir / "modes" / f"{mode}.mode"
            engine = _debian_version("apertium")
            data = _debian_owner(path) or f"{path} (not from a Debian package)"
            self._described = (f"Apertium mode {mode}: engine {engine or 'not from Debian'}, data {data};"
                               f" unknown words unmarked (apertium -u), timeout {self.timeout:g}s per batch")
        return self._described

    def _exchange(self, mode: str, blocks: list[bytes]) -> list[bytes]:
        """Send ``blocks`` through the running pipeline (started first if need be) and read one block each."""
        if self._pipeline is None:
            self._pipeline = _Pipeline.start(self, mode)
        pipeline = self._pipeline
        try:
            return pipeline.exchange(blocks, time.monotonic() + self.timeout)
        except BaseException:
            self._pipeline = None
            pipeline.stop()
            raise


class _Died(Exception):
    """The pipeline closed its stdout."""


class _Pipeline:
    """One running pipeline: the mode's programs joined by ``bash``, in their own process group."""

    def __init__(self, system: ApertiumSystem, proc: subprocess.Popen[bytes]):
        self.system = system
        self.proc = proc
        self.stderr = bytearray()
        self.out = bytearray()
        #: Blocks sent so far: each block starts with a superblank that numbers it, which the pipeline passes
        #: through untouched; a block that comes back without its number is out of step (or made up by a
        #: program that flushed at its exit).
        self.sent = 0
        #: The pipeline's programs, once it has answered; one missing means it died.
        self.programs: set[int] | None = None
        self._finalizer = weakref.finalize(self, kill, proc)

    @classmethod
    def start(cls, system: ApertiumSystem, mode: str) -> _Pipeline:
        path = system.datadir / "modes" / f"{mode}.mode"
        written = subprocess.run(["apertium-wblank-mode", "-z", str(path)], capture_output=True,
                                 timeout=system.timeout, check=False)
        if written.returncode != 0:
            raise fail(system, f"apertium-wblank-mode cannot read {path}{stderr_tail(written.stderr)}")
        env = dict(os.environ, LC_CTYPE="C.UTF-8")
        env.pop("LC_ALL", None)
        # $1: how the generator writes unknown words (-n: unmarked, apertium -u); $2: the tagger's option (none).
        # bash closes its own stdin and stdout once the pipeline runs, so the programs alone hold the pipes:
        # a program that dies closes stdout (or stdin) at once instead of leaving a batch to hang.
        script = "{ " + written.stdout.decode("utf-8", "replace").strip() + "\n} <&0 & exec <&- >&-; wait $!"
        argv = ["bash", "-c", script, mode, "-n", ""]
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    env=env, start_new_session=True)
        except OSError as exc:
            raise fail(system, f"cannot start the pipeline: {exc.strerror or exc}") from exc
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            os.set_blocking(pipe.fileno(), False)  # type: ignore[union-attr]
        return cls(system, proc)

    def exchange(self, blocks: list[bytes], deadline: float) -> list[bytes]:
        """Write every block with its NUL, read until as many NUL-ended blocks came back; raise on a timeout, a
        pipeline that died, too much output, or output no block asked for."""
        self._check_idle()
        marks = [f"[<mtcheck:{self.sent + i}>]".encode() for i in range(len(blocks))]
        self.sent += len(blocks)
        died = False
        try:
            out = self._read(b"".join(mark + block + b"\0" for mark, block in zip(marks, blocks)), len(blocks),
                             deadline)
        except TimeoutError:
            raise fail(self.system, f"timed out after {self.system.timeout:g}s and was killed{self.tail()}"
                                    " (fix: raise the timeout)") from None
        except _Died:
            out, died = bytes(self.out), True
        answers = out.split(b"\0")
        marked = next((i for i, (mark, answer) in enumerate(zip(marks, answers)) if not answer.startswith(mark)),
                      len(marks))
        if marked < len(marks) or answers[len(marks):] != [b""]:
            died = died or self._lost() or self._closes(time.monotonic() + 1)
            self.stop()
            what = "exited" if died else "fell out of step (one of its programs exited, or misbehaved)"
            raise fail(self.system, f"the pipeline {what} after {marked} of {len(blocks)} outputs; no output of"
                                    f" this batch is used, and the next batch starts a new pipeline{self.tail()}")
        if self.programs is None:
            self.programs = descendants(self.proc.pid)
        return [answer[len(mark):] for mark, answer in zip(marks, answers)]

    def _check_idle(self) -> None:
        """Raise if the pipeline printed something, or lost a program, since its last batch."""
        try:
            left_over: bytes | None = os.read(self.proc.stdout.fileno(), _CHUNK)  # type: ignore[union-attr]
        except BlockingIOError:
            left_over = None
        if left_over is None and not self._lost():
            return
        self.stop()
        what = (f"printed output no block asked for ({left_over[:80]!r})" if left_over and left_over.strip(b"\0")
                else "exited")
        raise fail(self.system, f"a program of the pipeline {what} after the last batch;"
                                f" it is restarted on the next one{self.tail()}")

    def _lost(self) -> bool:
        """Whether a program of the pipeline has exited (known once it has answered a batch)."""
        return self.programs is not None and bool(self.programs - descendants(self.proc.pid))

    def _read(self, data: bytes, expected: int, deadline: float) -> bytes:
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self.out = bytearray()
        view, written, found = memoryview(data), 0, 0
        with selectors.DefaultSelector() as selector:
            selector.register(proc.stdin, selectors.EVENT_WRITE)
            selector.register(proc.stdout, selectors.EVENT_READ)
            selector.register(proc.stderr, selectors.EVENT_READ)
            while found < expected:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError
                events = selector.select(min(remaining, _WATCH))
                if not events and self._lost():
                    raise _Died
                for key, _ in events:
                    if key.fileobj is proc.stdin:
                        written = self._write(view, written, selector)
                        continue
                    chunk = os.read(key.fd, _CHUNK)
                    if key.fileobj is proc.stderr:
                        self.stderr += chunk
                        del self.stderr[:-STDERR_KEEP]
                        if not chunk:
                            selector.unregister(proc.stderr)
                    elif not chunk:
                        raise _Died
                    else:
                        self.out += chunk
                        found += chunk.count(b"\0")
                        if len(self.out) > MAX_OUTPUT_BYTES:
                            raise fail(self.system, f"printed more than {MAX_OUTPUT_BYTES // 2**20} MiB for"
                                                    f" {expected} source segments and was killed{self.tail()}")
        return bytes(self.out)

    def _closes(self, deadline: float) -> bool:
        """Whether stdout closes before ``deadline`` (what comes meanwhile is dropped): when a program exits,
        the ones after it flush an empty block each on their way out, which looks like answers."""
        stdout = self.proc.stdout
        assert stdout is not None
        while (remaining := deadline - time.monotonic()) > 0 and select.select([stdout], [], [], remaining)[0]:
            if not os.read(stdout.fileno(), _CHUNK):
                return True
        return False

    def _write(self, view: memoryview, written: int, selector: selectors.BaseSelector) -> int:
        try:
            written += os.write(self.proc.stdin.fileno(), view[written : written + _CHUNK])  # type: ignore[union-attr]
        except BlockingIOError:
            return written
        except BrokenPipeError:  # the first program died: reading tells the rest
            written = len(view)
        if written >= len(view):
            selector.unregister(self.proc.stdin)  # type: ignore[arg-type]
        return written

    def tail(self) -> str:
        return stderr_tail(bytes(self.stderr))

    def stop(self) -> None:
        """Kill every program of the pipeline."""
        self._finalizer()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()


def _languages(mode: str) -> tuple[str, str] | None:
    try:
        return pair_languages(mode)
    except ValueError:
        return None


def _covers(mode: str, source_lang: str, target_lang: str) -> bool:
    return _languages(mode) is not None and pair_covers(mode, source_lang, target_lang)


def _debian_owner(path: Path) -> str | None:
    """``package VERSION`` of the Debian package that installed ``path``; None off Debian."""
    try:
        owner = subprocess.run(["dpkg-query", "-S", str(path)], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return _debian_version(owner.stdout.partition(":")[0].strip()) if owner.returncode == 0 else None


def _debian_version(package: str) -> str | None:
    """``package VERSION`` where Debian's ``package`` is installed; None elsewhere."""
    try:
        version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True,
                                 timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return f"{package} {version.stdout.strip()}" if version.returncode == 0 and version.stdout.strip() else None
