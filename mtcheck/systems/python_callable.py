"""A Python function as the system under test, named ``package.module:function``.

The function receives the batch of sources as a ``list[str]`` and returns a
list of strings, one per source. It also receives ``source_lang`` and
``target_lang`` as keyword arguments if its signature accepts them (by name or
through ``**kwargs``).

Importing the module runs the user's code. That is why a callable can only be
named on the command line or in the ini file, never in a suite file: a suite
downloaded from elsewhere must not be able to run code.

Whatever the function (or the import of its module) raises, ``sys.exit()`` and
``KeyboardInterrupt`` included, becomes one :class:`SystemFailure`: the run stops
with one line, never with the exit code of someone else's code or a traceback.
A real Ctrl-C still stops the run: while the function runs in the main thread,
a SIGINT handler notes the signal, and the ``KeyboardInterrupt`` it caused is
passed on. Outside the main thread no handler can be set, and every
``KeyboardInterrupt`` is passed on as if it were a Ctrl-C.

The function runs in mtcheck's own process, so the time limit of a batch does
not apply to it: mtcheck cannot stop it without stopping itself.
"""
from __future__ import annotations

import importlib
import inspect
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from mtcheck.suite.model import Case, Suite
from mtcheck.systems.base import System, check_count, fail, listing

_LANG_KEYWORDS = ("source_lang", "target_lang")


class CallableSystem(System):
    """Imports ``package.module:function`` when constructed and calls it once per batch."""

    def __init__(self, target: str, *, name: str | None = None):
        self.target = target
        self.name = name or f"py:{target}"
        self._func = self._resolve(target)
        self._keywords = _accepted_keywords(self._func)

    @classmethod
    def from_spec(cls, value: str, *, spec: str, timeout: float) -> CallableSystem:
        """The system of spec ``spec`` (``value``: its part after the prefix; mtcheck/systems/__init__.py)."""
        return cls(value, name=spec)

    def translate(self, cases: Sequence[Case], *, source_lang: str, target_lang: str, suite: Suite | None = None) -> list[str]:
        langs = {"source_lang": source_lang, "target_lang": target_lang}
        kwargs = {key: langs[key] for key in self._keywords}
        with _watch_ctrl_c() as ctrl_c:
            try:
                result = self._func([case.src for case in cases], **kwargs)
            except BaseException as exc:
                if isinstance(exc, KeyboardInterrupt) and ctrl_c.get("pressed", True):
                    raise  # the user pressed Ctrl-C (or we cannot tell): stop the run
                raise fail(self, _what_happened(exc, "")) from exc
        if not isinstance(result, (list, tuple)):
            raise fail(self, f"returned {type(result).__name__}, expected a list of strings")
        wrong = [f"#{i} ({type(item).__name__})" for i, item in enumerate(result) if not isinstance(item, str)]
        if wrong:
            raise fail(self, f"returned non-string items at positions {listing(wrong)}; expected a list of strings")
        check_count(self, result, len(cases), "strings")
        return list(result)

    def describe(self) -> str:
        return f"python callable {self.target}"

    def _resolve(self, target: str) -> Callable[..., Any]:
        module_name, _, attr_path = target.partition(":")
        if not module_name or not attr_path:
            raise fail(self, f"{target!r} is not of the form package.module:function")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            fix = ""
            if exc.name is not None and (module_name + ".").startswith(exc.name + "."):
                fix = " (fix: install the package, or add its directory to PYTHONPATH)"
            raise fail(self, f"cannot import module {module_name!r}: {exc}{fix}") from exc
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            raise fail(self, _what_happened(exc, f"importing module {module_name!r} ")) from exc
        obj: Any = module
        for part in attr_path.split("."):
            if not hasattr(obj, part):
                raise fail(self, f"module {module_name!r} has no attribute {attr_path!r}")
            obj = getattr(obj, part)
        if not callable(obj):
            raise fail(self, f"{target} is a {type(obj).__name__}, not a function")
        return obj


def _accepted_keywords(func: Callable[..., Any]) -> tuple[str, ...]:
    """Which of ``source_lang``/``target_lang`` ``func`` accepts as keyword arguments."""
    try:
        params = inspect.signature(func).parameters
    except (TypeError, ValueError):  # some builtins have no introspectable signature
        return ()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return _LANG_KEYWORDS
    keyword_kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return tuple(key for key in _LANG_KEYWORDS if key in params and params[key].kind in keyword_kinds)


def _what_happened(exc: BaseException, prefix: str) -> str:
    """One line on what the user's code did instead of returning: ``exited with sys.exit(3)``, ``raised ...``."""
    if isinstance(exc, SystemExit):
        return f"{prefix}exited with sys.exit({exc.code!r}) (fix: raise an exception or return a list of strings)"
    if prefix:
        return f"{prefix}failed: {type(exc).__name__}: {exc}"
    if isinstance(exc, KeyboardInterrupt):
        return "raised KeyboardInterrupt (fix: raise another exception; mtcheck passes a real Ctrl-C on)"
    text = str(exc)
    return f"raised {type(exc).__name__}" + (f": {text}" if text else "")


@contextmanager
def _watch_ctrl_c() -> Iterator[dict[str, bool]]:
    """Yield ``{"pressed": bool}``, set when SIGINT arrives while in the block; empty when that cannot be known.

    The previous handler still runs (and raises ``KeyboardInterrupt`` as usual).
    When SIGINT is ignored or kills the process, a ``KeyboardInterrupt`` cannot
    come from it, so ``pressed`` stays False.
    """
    if threading.current_thread() is not threading.main_thread():
        yield {}
        return
    state = {"pressed": False}
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous):
        yield state
        return

    def note(signum: int, frame: Any) -> None:
        state["pressed"] = True
        previous(signum, frame)

    signal.signal(signal.SIGINT, note)
    try:
        yield state
    finally:
        signal.signal(signal.SIGINT, previous)
