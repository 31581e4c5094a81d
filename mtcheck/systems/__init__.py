"""Systems under test, made from a one-string spec given on the command line or in the ini file.

* ``recorded``: every hypothesis recorded in the suite (the default);
* ``recorded:NAME``: the recorded hypotheses of system ``NAME``;
* ``file:PATH``: an outputs file (plain text, or ``.jsonl``);
* ``cmd:COMMAND LINE``: a command, sources on stdin, hypotheses on stdout;
* ``py:package.module:function``: a Python function;
* ``libretranslate:URL`` or a bare ``http(s)://`` URL: a LibreTranslate-compatible endpoint.

See docs/systems.md for each adapter's behaviour and error messages.
"""
from __future__ import annotations

import os
import shutil
from typing import Any

from mtcheck.errors import SystemFailure
from mtcheck.files import special_kind
from mtcheck.redact import redact
from mtcheck.settings import DEFAULT_TIMEOUT
from mtcheck.suite.model import DEFAULT_HYP
from mtcheck.systems.base import System
from mtcheck.systems.command import CommandSystem
from mtcheck.systems.outputs_file import OutputsFileSystem
from mtcheck.systems.python_callable import CallableSystem
from mtcheck.systems.recorded import RecordedSystem

__all__ = [
    "System",
    "RecordedSystem",
    "OutputsFileSystem",
    "CommandSystem",
    "CallableSystem",
    "LibreTranslateSystem",
    "make_system",
    "check_system",
    "is_all_recorded",
    "runs_user_code",
    "SPEC_FORMS",
]



def __getattr__(name: str) -> Any:
    """``LibreTranslateSystem``, imported on first use: its HTTP client (http, email, urllib) is for live systems only."""
    if name == "LibreTranslateSystem":
        from mtcheck.systems.libretranslate import LibreTranslateSystem

        return LibreTranslateSystem
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


ALL_RECORDED = "recorded"
_KINDS = ("recorded", "file", "cmd", "py", "libretranslate")
#: Read by ``libretranslate:`` systems, so the key never appears in a spec, a report or shell history.
API_KEY_ENV = "LIBRETRANSLATE_API_KEY"
SPEC_FORMS = (
    "recorded",
    "recorded:NAME",
    "file:PATH",
    "cmd:COMMAND LINE",
    "py:package.module:function",
    "libretranslate:URL",
    "http(s)://URL",
)


def is_all_recorded(spec: str) -> bool:
    """True for the plain ``recorded`` spec: test every hypothesis recorded in the suite, under its own name.

    The caller expands it into one :class:`RecordedSystem` per recorded system
    name; :func:`make_system` on it gives only the default ``hyp`` one.
    """
    return spec.strip() == ALL_RECORDED


def runs_user_code(spec: str) -> bool:
    """True for specs that run code on this machine (``cmd:``, ``py:``): refuse them in a suite file."""
    return spec.strip().startswith(("cmd:", "py:"))


def make_system(spec: str, *, timeout: float = DEFAULT_TIMEOUT) -> System:
    """Build the system a spec names; ``timeout`` (seconds) applies to commands and HTTP requests.

    ``py:`` imports the named module, which runs its code: only accept that
    spec from the command line or the ini file, never from a suite file.
    """
    spec = spec.strip()
    if is_all_recorded(spec):
        return RecordedSystem(DEFAULT_HYP)
    if spec.startswith(("http://", "https://")):
        return _libretranslate(spec, spec, timeout)
    kind, sep, value = spec.partition(":")
    value = value.strip()
    if not sep or not value or kind not in _KINDS:
        raise SystemFailure(f"unknown system spec {redact(spec)!r}; accepted forms: {', '.join(SPEC_FORMS)}")
    if kind == "recorded":
        return RecordedSystem(value)
    if kind == "file":
        return OutputsFileSystem(value, name=redact(spec))
    if kind == "cmd":
        try:
            return CommandSystem(value, timeout=timeout, name=redact(spec))
        except ValueError as exc:  # unbalanced quotes, or nothing left after splitting
            raise SystemFailure(f"system spec {redact(spec)!r}: cannot parse the command line: {exc}") from exc
    if kind == "py":
        return CallableSystem(value, name=spec)
    if not value.startswith(("http://", "https://")):
        raise SystemFailure(f"system spec {redact(spec)!r}: the URL must start with http:// or https://")
    return _libretranslate(value, spec, timeout)


def _libretranslate(url: str, spec: str, timeout: float) -> System:
    """The LibreTranslate endpoint at ``url`` (its key from the environment), imported only for such a spec."""
    from mtcheck.systems.libretranslate import LibreTranslateSystem

    return LibreTranslateSystem(url, api_key=os.environ.get(API_KEY_ENV), timeout=timeout, name=redact(spec))



def check_system(spec: str) -> System:
    """Build the system ``spec`` names and check what can be checked without translating anything.

    Raises :class:`SystemFailure` once, before any case runs, for an unknown spec,
    a ``py:`` module that does not import or lacks the function, a ``cmd:``
    program that cannot be found, or a ``file:`` that is missing or not a regular file. A live
    system (a command, an HTTP endpoint) is not started.
    """
    system = make_system(spec)
    if isinstance(system, CommandSystem) and shutil.which(system.argv[0]) is None:
        raise SystemFailure(
            f'system "{system.name}": cannot find the program {system.argv[0]!r} '
            "(fix: give its full path, or add its folder to PATH)"
        )
    if isinstance(system, OutputsFileSystem) and not system.path.is_file():
        kind = special_kind(system.path)
        what = f"is {kind}, not a regular file" if kind else "does not exist"
        raise SystemFailure(f'system "{system.name}": outputs file {str(system.path)!r} {what}')
    return system
