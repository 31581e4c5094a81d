"""The in-memory form of a suite: plain dataclasses, validated and fully expanded by the loader."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtcheck.errors import Problem

#: The recorded hypothesis given as ``hyp:`` (rather than in ``hyps:``) is stored under this name.
DEFAULT_HYP = "hyp"
#: MQM error severities of a known-faulty output, least severe first.
SEVERITIES = ("minor", "major", "critical")
#: The severity of an ``expect: fail`` output that names none: MQM's default for an error
#: that changes the meaning but is not dangerous or offensive.
DEFAULT_SEVERITY = "major"


def severity_rank(severity: str) -> int:
    """0 for minor, 1 for major, 2 for critical."""
    return SEVERITIES.index(severity)


def gated_by(severity: str | None, fail_on: str | None) -> bool:
    """True when a missed known-faulty output of ``severity`` fails a run under ``--fail-on fail_on``:
    its severity is ``fail_on`` or worse."""
    return fail_on is not None and severity is not None and severity_rank(severity) >= severity_rank(fail_on)


@dataclass(frozen=True, slots=True)
class Check:
    """A threshold on one metric: the value must be ``>= min`` and/or ``<= max``.

    ``margin`` is used by contrastive pairs: the good translation must beat the
    bad one by at least this much on the metric's own scale. ``tolerance`` is
    how much worse than a saved baseline the value may get (metric units;
    ``None``: the run's default, see docs/regression.md).
    """

    metric: str
    min: float | None = None
    max: float | None = None
    params: dict[str, Any] = field(default_factory=dict)
    margin: float = 0.0
    line: int | None = None
    tolerance: float | None = None

    def passes(self, value: float) -> bool:
        if self.min is not None and not value >= self.min:
            return False
        if self.max is not None and not value <= self.max:
            return False
        return True

    def threshold_text(self) -> str:
        parts = []
        if self.min is not None:
            parts.append(f">= {self.min:g}")
        if self.max is not None:
            parts.append(f"<= {self.max:g}")
        return " and ".join(parts) or "(no threshold)"

    @property
    def key(self) -> str:
        """Identifies the metric configuration: the same metric with other params is another check."""
        if not self.params:
            return self.metric
        inner = ",".join(f"{k}={self.params[k]}" for k in sorted(self.params))
        return f"{self.metric}({inner})"


@dataclass(frozen=True, slots=True)
class Contrastive:
    """A pair of translations of the case's source: ``good`` must outscore ``bad`` on every check."""

    good: str
    bad: str
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Output:
    """A recorded system output. ``expect_fail`` marks a known-faulty output the checks must catch;
    ``blind_spot`` (only with ``expect_fail``) says why the checks are known to miss it, and
    ``severity`` (one of :data:`SEVERITIES`; ``None`` unless ``expect_fail``) how bad its error is."""

    system: str
    text: str
    expect_fail: bool = False
    line: int | None = None
    blind_spot: str | None = None
    severity: str | None = None


@dataclass(frozen=True, slots=True)  # no per-object __dict__: a large run holds one per case
class Case:
    id: str
    src: str
    refs: tuple[str, ...]
    raw_refs: tuple[str, ...]
    hyps: tuple[Output, ...] = ()
    tags: tuple[str, ...] = ()
    checks: tuple[Check, ...] = ()
    contrastive: Contrastive | None = None
    ratings: dict[str, Any] = field(default_factory=dict)
    notes: str = ""
    line: int | None = None
    #: Sections a feature owns (``perturb:``), parsed by it (see :mod:`mtcheck.suite.sections`).
    sections: dict[str, Any] = field(default_factory=dict)

    @property
    def perturb(self) -> Any:
        """The ``perturb:`` section (a :class:`mtcheck.perturb.config.Perturb`), or None."""
        return self.sections.get("perturb")

    def hyp(self, system: str) -> Output | None:
        return next((h for h in self.hyps if h.system == system), None)


@dataclass(frozen=True)
class CorpusCheck:
    """A threshold on one corpus-level score of a system over the suite's cases (those with any of ``tags``; all
    when ``tags`` is empty), e.g. corpus BLEU at least 30 over the cases tagged ``negation``."""

    check: Check
    tags: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The check's metric configuration and the tags it covers: ``bleu[negation,numbers]``, or ``bleu``."""
        return f"{self.check.key}[{','.join(self.tags)}]" if self.tags else self.check.key

    def covers(self, case_tags: tuple[str, ...]) -> bool:
        """Whether the check reads a case with ``case_tags``: one with any of its tags (every case without tags)."""
        return not self.tags or bool(set(self.tags) & set(case_tags))


@dataclass(frozen=True)
class Suite:
    """A loaded suite. ``alternatives``: its references use the ``(a/b)``/``[optional]`` syntax (expanded in ``refs``).

    ``warnings`` are the likely mistakes the loader noticed (shown by ``mtcheck validate``).
    """

    path: Path
    name: str
    source_lang: str
    target_lang: str
    cases: tuple[Case, ...]
    description: str = ""
    defaults: tuple[Check, ...] = ()
    system: str | None = None
    scales: dict[str, Any] = field(default_factory=dict)
    alternatives: bool = False
    warnings: tuple[Problem, ...] = ()
    corpus: tuple[CorpusCheck, ...] = ()

    def case(self, case_id: str) -> Case:
        for case in self.cases:
            if case.id == case_id:
                return case
        raise KeyError(case_id)
