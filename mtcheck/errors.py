"""Errors that mtcheck reports to users: each names where the problem is and how to fix it."""
from __future__ import annotations

from dataclasses import dataclass

#: Most characters of a user's value an error message quotes (a value may be megabytes long).
QUOTE_LIMIT = 200
#: Most characters of one message or fix: a safety net for values quoted without :func:`quoted`.
MESSAGE_LIMIT = 1000


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut after ``limit`` characters with a count of the rest."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text) - limit:,} more characters)"


def _bounded(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else f"{text[:MESSAGE_LIMIT]}... ({len(text) - MESSAGE_LIMIT:,} more characters)"


class MtcheckError(Exception):
    """Base class of every error mtcheck raises on purpose."""


class PerturbError(MtcheckError):
    """A bad argument to the perturbation edits: an unknown kind, a language without edits.

    The Hypothesis strategies (:mod:`mtcheck.perturb.strategies`) raise it as Hypothesis's ``InvalidArgument``."""


@dataclass(frozen=True)
class Problem:
    """One problem in an input file, located as precisely as we can."""

    path: str
    line: int | None
    column: int | None
    message: str
    fix: str = ""
    #: What repeats, in the plural ("cases have no tags"), for a problem a file may have once per case:
    #: :mod:`mtcheck.text.warning_summary` counts such problems on one line. Empty: the problem is shown on its own.
    kind: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", _bounded(self.message))
        object.__setattr__(self, "fix", _bounded(self.fix))

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: {self.message}"
        if self.fix:
            text += f" (fix: {self.fix})"
        return text


class SuiteError(MtcheckError):
    """A suite file is invalid; carries every problem found in it, not only the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Setting:
    """The metric setting that would fix a :class:`MetricError`: ``key`` of metric ``metric``.

    ``key`` is ``lang`` (the target language), ``model``, ``lexicon`` or any other
    setting name; ``value`` describes what to give (``NAME_OR_PATH``). Front ends turn it
    into their own option (see :mod:`mtcheck.config.advice`); metrics never spell options.
    ``in_suite`` is False when a suite's ``params:`` cannot fix it (a hub model name).
    """

    metric: str
    key: str
    value: str = "VALUE"
    in_suite: bool = True

    def keyword_fix(self) -> str:
        """The fix as a Python caller applies it: a keyword argument or param (other front ends: :mod:`mtcheck.config.advice`)."""
        return "give the target language, e.g. lang='en'" if self.key == "lang" else f"set {self.key}={self.value}"


class MetricError(MtcheckError):
    """A metric is unknown, badly configured, or its resources are missing.

    ``setting``, when given, names the setting that fixes it; ``fix`` is the fix where no setting is it (a
    package to install), the same in every front end; ``message`` is the problem alone, and ``str()`` adds the fix.
    """

    def __init__(self, message: str, *, setting: Setting | None = None, fix: str | None = None):
        self.message, self.setting, self.fix = _bounded(message), setting, fix
        super().__init__(self.message)

    def __str__(self) -> str:
        if self.setting is None:
            return self.message if self.fix is None else f"{self.message} (fix: {self.fix})"
        return f"{self.message} (fix: {self.setting.keyword_fix()})"


class NothingToCheck(MtcheckError):
    """A run that would check nothing (no case, or every case skipped, as for a misspelt ``recorded:NAME``): an error
    of its own exit code (5), never a pass."""


class SystemFailure(MtcheckError):
    """A system under test failed: crashed, timed out, or returned the wrong number of outputs."""
