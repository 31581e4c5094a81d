"""Systems under test, made from a one-string spec given on the command line or in the ini file.

* ``recorded``: every hypothesis recorded in the suite (the default);
* ``recorded:NAME``: the recorded hypotheses of system ``NAME``;
* ``file:PATH``: an outputs file (plain text, or ``.jsonl``);
* ``cmd:COMMAND LINE``: a command, sources on stdin, hypotheses on stdout;
* ``py:package.module:function``: a Python function;
* ``apertium:PAIR``: an installed Apertium pair (``apertium:eng-spa``), one pipeline per session;
* ``libretranslate:URL`` or a bare ``http(s)://`` URL: a LibreTranslate-compatible endpoint;
* ``apy:URL``: Apertium's HTTP server (APY).

Each spec prefix names its :class:`System` class in :data:`SYSTEMS` (imported only when a spec uses it). A class
registered there builds itself with ``from_spec(value, spec=, timeout=)``, ``value`` being the spec's part after the
prefix. Metadata: ``forms``, how its specs are written (for the error that lists them); ``runs_code``, whether it runs
code on this machine (refused in a suite file); ``schemes``, URL schemes whose bare URL it takes as its spec;
``translates``, whether it translates any source (not only the suite's: what a metamorphic test asks).
See docs/systems.md for each adapter's behaviour and error messages.
"""
from __future__ import annotations

from types import MappingProxyType

from mtcheck.config.settings import DEFAULT_TIMEOUT
from mtcheck.errors import SystemFailure
from mtcheck.registry import Entry, Registry
from mtcheck.safety.redact import redact
from mtcheck.suite.model import DEFAULT_HYP
from mtcheck.systems.base import System

__all__ = ["System", "SYSTEMS", "make_system", "check_system", "is_all_recorded", "is_live", "runs_user_code",
           "reads_whole_suite", "translates_new_sources", "SPEC_FORMS"]


ALL_RECORDED = "recorded"


def _system(prefix: str, target: str, forms: tuple[str, ...], *, runs_code: bool = False,
            schemes: tuple[str, ...] = (), whole_suite: bool = False, translates: bool = True) -> Entry:
    return Entry(prefix, f"mtcheck.systems.{target}", forms[0],
                 MappingProxyType({"forms": forms, "runs_code": runs_code, "schemes": schemes,
                                   "whole_suite": whole_suite, "translates": translates}))


SYSTEMS = Registry("system", [
    _system("recorded", "recorded:RecordedSystem", ("recorded", "recorded:NAME"), translates=False),
    _system("file", "outputs_file:OutputsFileSystem", ("file:PATH",), whole_suite=True, translates=False),
    _system("cmd", "command:CommandSystem", ("cmd:COMMAND LINE",), runs_code=True),
    _system("py", "python_callable:CallableSystem", ("py:package.module:function",), runs_code=True),
    _system("apertium", "apertium:ApertiumSystem", ("apertium:PAIR",), runs_code=True),
    _system("libretranslate", "libretranslate:LibreTranslateSystem", ("libretranslate:URL", "http(s)://URL"),
            schemes=("http", "https")),
    _system("apy", "apy:ApySystem", ("apy:URL",)),
], error=SystemFailure)
#: Every way a system spec is written.
SPEC_FORMS = tuple(form for entry in SYSTEMS.entries() for form in entry.meta["forms"])


def is_all_recorded(spec: str) -> bool:
    """True for the plain ``recorded`` spec: test every hypothesis recorded in the suite, under its own name.

    The caller expands it into one :class:`RecordedSystem` per recorded system
    name; :func:`make_system` on it gives only the default ``hyp`` one.
    """
    return spec.strip() == ALL_RECORDED


def _prefix_and_value(spec: str) -> tuple[str, str]:
    """The registered prefix a spec names and the value it gives it (a bare URL: the whole spec); an unknown or
    empty spec is a :class:`SystemFailure` listing the accepted forms."""
    for entry in SYSTEMS.entries():
        if spec.startswith(tuple(f"{scheme}://" for scheme in entry.meta["schemes"])):
            return entry.name, spec
    prefix, sep, value = spec.partition(":")
    if not sep or not value.strip() or prefix not in SYSTEMS:
        raise SystemFailure(f"unknown system spec {redact(spec)!r}; accepted forms: {', '.join(SPEC_FORMS)}")
    return prefix, value.strip()


def is_live(system: str) -> bool:
    """Whether ``system`` (a case record's) is a live system's spec (``file:``, ``cmd:``, ``py:``, a URL), not the
    name of outputs recorded in a suite (``hyps:``)."""
    try:
        return _prefix_and_value(system)[0] != ALL_RECORDED
    except SystemFailure:
        return False


def _entry_says(spec: str, key: str) -> bool:
    """The metadata ``key`` of the system ``spec`` names by its prefix (False for an unknown one)."""
    prefix = spec.strip().partition(":")[0]
    return prefix in SYSTEMS and bool(SYSTEMS.entry(prefix).meta[key])


def runs_user_code(spec: str) -> bool:
    """True for specs that run code on this machine (``cmd:``, ``py:``): refuse them in a suite file."""
    return _entry_says(spec, "runs_code")


def reads_whole_suite(spec: str) -> bool:
    """True for specs whose outputs are matched to the whole suite (``file:``: one line per case, in order), so a
    run reads that suite whole before its cases run."""
    return _entry_says(spec, "whole_suite")


def translates_new_sources(spec: str) -> bool:
    """True for specs that translate any source (``cmd:``, ``py:``, an HTTP endpoint), not only the outputs a file
    or the suite holds for its own cases: the systems a metamorphic test can give an edited source."""
    try:
        prefix = _prefix_and_value(spec.strip())[0]
    except SystemFailure:
        return False
    return bool(SYSTEMS.entry(prefix).meta["translates"])


def make_system(spec: str, *, timeout: float = DEFAULT_TIMEOUT) -> System:
    """Build the system a spec names; ``timeout`` (seconds) applies to commands and HTTP requests.

    ``py:`` imports the named module, which runs its code: only accept that
    spec from the command line or the ini file, never from a suite file.
    """
    spec = spec.strip()
    if is_all_recorded(spec):
        spec = f"{ALL_RECORDED}:{DEFAULT_HYP}"
    prefix, value = _prefix_and_value(spec)
    return SYSTEMS.load(prefix).from_spec(value, spec=spec, timeout=timeout)


def check_system(spec: str) -> System:
    """Build the system ``spec`` names and check what can be checked without translating anything.

    Raises :class:`SystemFailure` once, before any case runs, for an unknown spec,
    a ``py:`` module that does not import or lacks the function, a ``cmd:``
    program that cannot be found, or a ``file:`` that is missing or not a regular file. A live
    system (a command, an HTTP endpoint) is not started.
    """
    system = make_system(spec)
    system.check_ready()
    return system
