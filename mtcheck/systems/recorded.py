"""The hypotheses recorded in the suite file itself (``hyp:`` or ``hyps:``): the default system."""
from __future__ import annotations

from collections.abc import Sequence

from mtcheck.suite.model import DEFAULT_HYP, Case, Suite
from mtcheck.systems.base import System, fail, listing


class RecordedSystem(System):
    """Returns each case's recorded hypothesis of one system name (``hyp:`` is stored as ``"hyp"``)."""

    def __init__(self, name: str = DEFAULT_HYP):
        self.name = name

    @classmethod
    def from_spec(cls, value: str, *, spec: str, timeout: float) -> RecordedSystem:
        """The system of spec ``spec`` (``value``: its part after the prefix; mtcheck/systems/__init__.py)."""
        return cls(value)

    def translate(self, cases: Sequence[Case], *, source_lang: str, target_lang: str, suite: Suite | None = None) -> list[str]:
        hyps = [case.hyp(self.name) for case in cases]
        missing = [case.id for case, hyp in zip(cases, hyps) if hyp is None]
        if missing:
            raise fail(
                self,
                f"{len(missing)} case(s) have no recorded hypothesis named {self.name!r}: {listing(missing)}"
                f" (fix: add it to those cases, or skip them before translating)",
            )
        return [hyp.text for hyp in hyps if hyp is not None]

    def describe(self) -> str:
        return f"recorded hypotheses {self.name!r} from the suite file"
