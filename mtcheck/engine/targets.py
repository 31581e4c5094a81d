"""What gets tested: one target per (case, system output), with a readable test id."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mtcheck.engine.cached import cached
from mtcheck.suite.model import DEFAULT_HYP, Case, Output, Suite, gated_by
from mtcheck.suite.recorded import RECORDED


@dataclass  # not frozen: see mtcheck.engine.results
class Target:
    """One test: a case translated by one system.

    ``recorded`` is the recorded output under test, or ``None`` when a live
    system produces the hypothesis (or when only the case's contrastive pair
    is checked). ``skip_reason`` is set when there is nothing to test.
    """

    suite: Suite
    case: Case
    system: str
    recorded: Output | None = None
    skip_reason: str | None = None
    parametrised: bool = False
    #: True when a live system (not a recorded output) must produce the hypothesis.
    live: bool = False

    @cached
    def key(self) -> tuple[str, str, str]:
        """What identifies this test within a run: (suite file, case id, system); the runner looks it up often."""
        return (str(self.suite.path), self.case.id, self.system)

    @property
    def test_id(self) -> str:
        return f"{self.case.id}[{self.system}]" if self.parametrised else self.case.id

    @property
    def expect_fail(self) -> bool:
        return self.recorded is not None and self.recorded.expect_fail

    @property
    def blind_spot(self) -> str | None:
        """Why the checks are known to miss this known-faulty output (``None`` when they must catch it)."""
        return self.recorded.blind_spot if self.recorded is not None else None

    @property
    def severity(self) -> str | None:
        """The severity of a known-faulty output's error (``None`` for any other target)."""
        return self.recorded.severity if self.expect_fail and self.recorded is not None else None

    def gated(self, fail_on: str | None) -> bool:
        """True when missing this known-faulty output fails the run under ``--fail-on fail_on``: its severity is
        ``fail_on`` or worse. (A missed output that is not a recorded blind spot fails whatever its severity.)"""
        return gated_by(self.severity, fail_on)


def recorded_names(suite: Suite) -> set[str]:
    """The system names of every output recorded in ``suite``."""
    return {hyp.system for case in suite.cases for hyp in case.hyps}


def _recorded_targets(suite: Suite, case: Case, name: str | None) -> list[Target]:
    if name is not None:
        hyp = case.hyp(name)
        if hyp is None:
            return [Target(suite, case, name, skip_reason=f"no recorded hypothesis {name!r} in this case")]
        return [Target(suite, case, name, hyp)]
    if not case.hyps:
        if case.contrastive is not None:
            return [Target(suite, case, RECORDED)]
        return [Target(suite, case, RECORDED, skip_reason="no recorded hypothesis; run a system with --mt-system")]
    several = len(case.hyps) > 1 or case.hyps[0].system != DEFAULT_HYP
    return [Target(suite, case, hyp.system, hyp, parametrised=several) for hyp in case.hyps]


def targets_for(suite: Suite, system_spec: str | None) -> list[Target]:
    """The targets of ``suite`` under ``system_spec`` (``None``: the suite's own ``system:`` or all recorded outputs)."""
    return [target for case in suite.cases for target in case_targets(suite, case, system_spec)]


def case_targets(suite: Suite, case: Case, system_spec: str | None) -> list[Target]:
    """The targets of one ``case`` of ``suite``, as :func:`targets_for` makes them."""
    spec = system_spec or suite.system or RECORDED
    if spec == RECORDED:
        return _recorded_targets(suite, case, None)
    if spec.startswith(RECORDED + ":"):
        return _recorded_targets(suite, case, spec.split(":", 1)[1])
    return [Target(suite, case, spec, live=True)]


def nothing_checked(count: int, skip_reasons: Iterable[str] | None) -> str | None:
    """Why a run of ``count`` cases checks nothing: it has none, or every one is skipped for ``skip_reasons``
    (``None`` once one is not); ``None`` when it checks some."""
    if not count:
        return "nothing to check: the suites hold no case"
    if skip_reasons is not None:
        return f"nothing to check: every case was skipped ({count} skipped: {'; '.join(sorted(set(skip_reasons)))})"
    return None


def nothing_checked_in(targets: Sequence[Target]) -> str | None:
    """:func:`nothing_checked` of a run of ``targets``, known before it runs."""
    reasons = [target.skip_reason for target in targets if target.skip_reason]
    return nothing_checked(len(targets), reasons if len(reasons) == len(targets) else None)
