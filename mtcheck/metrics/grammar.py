"""``grammar``: errors of grammar and spelling in the output, found by declared rules; no reference needed.

It reads the output (and the source, whose words it leaves alone) with the language's Apertium analyser and
Hunspell dictionaries and runs the language's rule table (:mod:`mtcheck.grammar`). The value is 100 with no
error and ``100 * (1 - errors / words)`` otherwise; docs/grammar.md describes the rules and the resources.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from mtcheck import __version__
from mtcheck.errors import MetricError, Setting
from mtcheck.grammar.dictionary import dictionary
from mtcheck.grammar.engine import LT_PROC, Checker, Result
from mtcheck.grammar.rules import Table, bundled_table, read_table
from mtcheck.languages.language_codes import LanguageCodeError, canonical_lang
from mtcheck.metrics.base import ReferenceFreeMetric, Score
from mtcheck.metrics.signature import Signature

METRIC = "grammar"


@lru_cache(maxsize=None)
def package_version(package: str) -> str:
    """The installed version of a Debian package (``unknown`` where dpkg cannot say)."""
    import subprocess

    try:
        done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True,
                              timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "unknown"


def _own_table(rules: str, lang: str) -> Table:
    """A table from the file named by the ``rules`` setting, which must be for ``lang``."""
    path = Path(rules)
    if not path.is_file():
        raise MetricError(f"{METRIC}: no rule table at {rules}", setting=Setting(METRIC, "rules", "PATH.yaml"))
    table = read_table(path)
    if table.language != lang:
        raise MetricError(f"{METRIC}: the rule table {rules} is for {table.language!r}, the output's language is "
                          f"{lang!r}", setting=Setting(METRIC, "lang", table.language))
    return table


class GrammarMetric(ReferenceFreeMetric):
    """100 with no grammar or spelling error found, lower per error (0-100, higher is better).

    ``lang`` is the output's language (a suite's ``target_lang``); ``rules`` a rule table file of one's own in place
    of the bundled one (docs/grammar.md, "Rule tables"). A language without a rule table, or whose
    Debian packages are missing, is a :class:`MetricError` naming what to install, never a pass.
    """

    name: ClassVar[str] = METRIC
    target_lang_param: ClassVar[str | None] = "lang"
    value_range: ClassVar[tuple[float, float] | None] = (0.0, 100.0)

    def __init__(self, lang: str | None = None, rules: str | None = None):
        if lang is None or not str(lang).strip():
            raise MetricError(f"{METRIC} needs the output's language", setting=Setting(METRIC, "lang", "sv"))
        try:
            self.lang = canonical_lang(lang)
        except LanguageCodeError as exc:
            raise MetricError(f"{METRIC}: language {exc.message} (fix: {exc.fix})") from None
        self.table = bundled_table(self.lang) if rules is None else _own_table(rules, self.lang)
        self.checker = Checker(self.table)
        #: What read the Hunspell dictionaries (``hunspell-1.7.1``, or ``spylls-0.1.7`` without the program).
        self._spell = "+".join(dict.fromkeys(dictionary(d.file).backend for d in self.table.dictionaries))

    def settings(self) -> Signature:
        table = self.table
        packages = dict.fromkeys([LT_PROC.package, table.analyser.package, *(d.package for d in table.dictionaries),
                                  *([table.other_standard.package] if table.other_standard else [])])
        resources = "+".join(f"{p}-{package_version(p)}" for p in packages)
        return Signature.of(METRIC, ("lang", self.lang), ("res", resources), ("spell", self._spell),
                            ("rules", f"{table.path.stem}-{table.digest}"), ("mtcheck", __version__))

    def _score_pairs(self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
                     ) -> list[tuple[float, dict[str, Any]]]:
        return [(result.score, details(result)) for result in self.checker.check(list(hyps), list(srcs))]

    def explain(self, score: Score) -> list[str]:
        return explain_details(score.details)


def details(result: Result) -> dict[str, Any]:
    """The details of a score: the words counted and every error with its span, category, message, suggestion."""
    return {"words": result.words, "errors": [error.as_dict() for error in result.errors]}


def explain_details(found: dict[str, Any]) -> list[str]:
    """One line per error: ``verb form 'att köper': after ... the verb is an infinitive -> att köpa`` (the spans are
    in the details)."""
    lines = []
    for error in found.get("errors", []):
        fix = f" -> {error['suggestion']}" if error.get("suggestion") else ""
        lines.append(f"{error['category']} {error['text']!r}: {error['message']}{fix}")
    return lines
