"""Baseline files: every case's check values with their signatures, and its output, saved atomically and compared.

Format (JSON, UTF-8)::

    {"format": "mtcheck-baseline/3", "created": "2025-01-31T12:00:00Z",
     "system": {"spec": "file:out.txt", "description": "file out.txt sha256:..."},
     "versions": {"mtcheck": "0.1.0", "python": "3.11.9", "sacrebleu": "2.6.0", ...},
     "suites": {"demo": {"neg-01": {"chrf": {"value": 61.2, "signature": "chrF2|...",
                                             "higher_is_better": true, "passed": true}}}},
     "outputs": {"demo": {"neg-01": {"sha256": "5f1c...", "text": "Jag gillar det inte."}}},
     "outcomes": {"demo": {"neg-01": "passed"}},
     "corpus": {"demo": {"bleu [hyp]": {"value": 55.2, "signature": "bleu|...", "higher_is_better": true}}}}

Suites are keyed by suite name, cases by test id (``case`` or ``case[system]``),
checks by check key (``chrf``, ``bleu(max_ngram_order=2)``), each with whether it passed its threshold
(``passed``). ``outputs`` holds each case's output snapshot (:mod:`mtcheck.regression.snapshots`); format 1 files have none
and still load, without output comparison. ``outcomes`` holds each output's outcome (``passed``, ``caught``, ...);
format 1 and 2 files have neither it nor ``passed``, and still load: a stored value's verdict is then its value
against the check's threshold now (:meth:`Baseline.outcome_of`). ``corpus`` (only when there is one) holds the suites' corpus check values
(:mod:`mtcheck.regression.corpus`); a file without it still loads, and gates no corpus check.

A two-sided check (``length-ratio``) is stored as measured, like any other; it is compared by its distance outside
the check's band as the suite sets it now (:mod:`mtcheck.regression.band`), so no file holds a band.
"""
from __future__ import annotations

import json
import math
import platform
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import metadata
from itertools import chain
from pathlib import Path
from typing import Any

from mtcheck import __version__
from mtcheck.engine.outcome import KNOWN_FAULTY, Outcome
from mtcheck.engine.results import CaseResult
from mtcheck.engine.targets import targets_for
from mtcheck.errors import MtcheckError
from mtcheck.regression.band import Band, band_of, band_text, outside_band
from mtcheck.regression.snapshots import OutputChange, Snapshot, text_hash
from mtcheck.safety.filelock import exclusive
from mtcheck.safety.files import NotRegularFileError, check_writable, read_regular, replace_file
from mtcheck.safety.json_input import JsonInputError, parse_json
from mtcheck.suite.model import Check, Suite


FORMAT = "mtcheck-baseline/3"
#: Older formats still read: ``mtcheck-baseline/1`` has no output snapshots, neither it nor ``/2`` has verdicts.
OLD_FORMATS = ("mtcheck-baseline/1", "mtcheck-baseline/2")
#: Packages whose versions can change scores; recorded when installed.
VERSIONED_PACKAGES = ("sacrebleu", "numpy", "nltk", "bert-score", "torch", "transformers", "vaderSentiment", "rapidfuzz")
STATUSES = ("improved", "same", "worse", "regressed", "incomparable", "new", "missing")
#: A check's threshold as its suite sets it now: ``min`` and ``max`` (either may be ``None``).
Threshold = tuple[float | None, float | None]
#: Differences this small (relative to the values) are float noise, not changes.
_NOISE = 1e-9


@dataclass(frozen=True)
class Measured:
    """One check's value on one case, with what is needed to compare it later."""

    value: float
    signature: str
    higher_is_better: bool = True
    #: The check's own ``tolerance:`` (metric units), or ``None`` for the session default.
    tolerance: float | None = None
    #: A two-sided check's ``min`` and ``max`` (:mod:`mtcheck.regression.band`), or ``None``; never stored in a file.
    band: Band | None = None
    #: Whether the value passed its check's threshold; ``None`` when read from a file that did not record it.
    passed: bool | None = None
    #: The check's threshold now, to judge a stored value whose verdict was not recorded; never stored in a file.
    threshold: Threshold | None = None

    def as_dict(self) -> dict[str, Any]:
        verdict = {} if self.passed is None else {"passed": self.passed}
        return {"value": self.value, "signature": self.signature, "higher_is_better": self.higher_is_better, **verdict}


@dataclass(frozen=True)
class CorpusEntry:
    """One corpus check's value for one system of one suite (:mod:`mtcheck.regression.corpus`)."""

    suite: str
    key: str
    system: str
    measured: Measured

    @property
    def name(self) -> str:
        return corpus_name(self.key, self.system)


def corpus_name(key: str, system: str) -> str:
    """``ter[negation] [hyp]``: how the baseline file keys a corpus check's value for a system within its suite."""
    return f"{key} [{system}]"


@dataclass(frozen=True)
class CaseEntry:
    """The measured checks of one case under test, its output (``None`` when it has none, as a contrastive-only
    case), its suite file and its outcome (:class:`~mtcheck.engine.outcome.Outcome`'s word), as the plugin ships
    them between processes."""

    suite: str
    test_id: str
    tags: tuple[str, ...]
    checks: dict[str, Measured]
    output: str | None = None
    path: str = ""
    outcome: str = Outcome.PASSED.value

    @property
    def known_faulty(self) -> bool:
        """Whether the output is a known-faulty one (``expect: fail``), which should fail its checks."""
        return self.outcome in KNOWN_FAULTY

    def as_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "test_id": self.test_id, "tags": list(self.tags),
                "checks": {key: [m.value, m.signature, m.higher_is_better, m.tolerance, m.band, m.passed, m.threshold]
                           for key, m in self.checks.items()},
                "output": self.output, "path": self.path, "outcome": self.outcome}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CaseEntry:
        checks = {key: Measured(float(v), s, bool(h), t, None if b is None else (b[0], b[1]), p,
                                None if r is None else (r[0], r[1]))
                  for key, (v, s, h, t, b, p, r) in data["checks"].items()}
        return cls(data["suite"], data["test_id"], tuple(data["tags"]), checks, data.get("output"), data.get("path", ""),
                   data.get("outcome", Outcome.PASSED.value))


def entry_of(result: CaseResult) -> CaseEntry | None:
    """The entry of a result, or ``None`` when nothing was measured (skipped, system error)."""
    checks = {c.check.key: Measured(c.value, c.signature, c.higher_is_better, c.check.tolerance,
                                    band_of(c.check.metric, c.check.min, c.check.max), c.passed,
                                    (c.check.min, c.check.max))
              for c in result.checks if c.value is not None and c.error is None}
    if not checks:
        return None
    target = result.target
    return CaseEntry(target.suite.name, target.test_id, tuple(target.case.tags), checks, result.hyp, str(target.suite.path),
                     result.outcome.value)


def known_cases(suites: Iterable[Suite], system: str | None) -> dict[str, set[str]]:
    """Every test id of each suite under ``system`` (selected in this run or not): what is not stale in a baseline."""
    known: dict[str, set[str]] = {}
    for suite in suites:
        known.setdefault(suite.name, set()).update(t.test_id for t in targets_for(suite, system))
    return known


@dataclass(frozen=True)
class Tolerance:
    """How much worse than the baseline a check may get: ``amount`` metric units, or a fraction of the baseline value."""

    amount: float = 0.0
    relative: bool = False

    @classmethod
    def parse(cls, text: str | float) -> Tolerance:
        """``2`` (metric units) or ``5%`` (of the baseline value); never negative."""
        raw = str(text).strip()
        relative = raw.endswith("%")
        try:
            amount = float(raw[:-1] if relative else raw)
        except ValueError:
            raise MtcheckError(f"bad tolerance {text!r}: write a number in the metric's units (2) or a percentage (5%)") from None
        if not math.isfinite(amount) or amount < 0:
            raise MtcheckError(f"bad tolerance {text!r}: it must be a number >= 0")
        return cls(amount / 100 if relative else amount, relative)

    def allowed(self, baseline_value: float) -> float:
        return self.amount * abs(baseline_value) if self.relative else self.amount

    def __str__(self) -> str:
        return f"{self.amount * 100:g}%" if self.relative else f"{self.amount:g}"


@dataclass(frozen=True)
class CaseRule:
    """What makes one check of a case ``regressed`` (the gate fails on it) rather than ``worse`` (reported)."""

    #: A check that passed its threshold in the baseline fails it now (only for correct outputs: a known-faulty
    #: output failing another check is caught the more).
    verdicts: bool = True
    #: A value worse than the baseline's by more than its tolerance.
    scores: bool = False


@dataclass(frozen=True)
class BaselineDelta:
    """One check of one case against the baseline: ``improved``, ``same`` (within
    tolerance), ``worse`` (beyond tolerance, reported), ``regressed`` (what the gate's :class:`CaseRule` fails on),
    ``incomparable`` (signatures differ), ``new`` (not in the baseline) or ``missing`` (in the baseline, not
    measured now).

    ``band``: a two-sided check's band, by whose distance both values are judged (:func:`improvement`).
    ``verdict``: ``(passed before, passed now)`` when both are known.
    """

    suite: str
    test_id: str
    key: str
    status: str
    baseline: float | None = None
    current: float | None = None
    allowed: float = 0.0
    baseline_signature: str = ""
    current_signature: str = ""
    higher_is_better: bool = True
    band: Band | None = None
    verdict: tuple[bool, bool] | None = None

    @property
    def flipped(self) -> bool:
        """Whether the check passed its threshold in the baseline and fails it now."""
        return self.verdict == (True, False)

    @property
    def change(self) -> float | None:
        """Current minus baseline value, in the metric's units (``None`` when not compared)."""
        if self.status not in COMPARED or self.baseline is None or self.current is None:
            return None
        return self.current - self.baseline

    @property
    def gain(self) -> float | None:
        """How much better the current value is (:func:`improvement`): positive is better, whatever the metric's
        direction."""
        before, after = self.baseline, self.current
        if self.change is None or before is None or after is None:
            return None
        return improvement(before, after, self.higher_is_better, self.band)

    def describe(self) -> str:
        """One line for a failure report, e.g. ``baseline: bleu 42.1 → 35 (−7.1, tolerance 2): regressed``."""
        if self.status == "incomparable":
            return (f"baseline: {self.key} incomparable: signature {self.current_signature} "
                    f"differs from the baseline's {self.baseline_signature}")
        if self.status == "new":
            return f"baseline: {self.key} = {self.current:.4g} is not in the baseline"
        if self.status == "missing":
            return f"baseline: {self.key} is in the baseline ({self.baseline:.4g}) but was not measured"
        change = f"{self.change:+.4g}".replace("-", "\u2212")
        if self.band is not None:
            outside = [outside_band(value, *self.band) for value in (self.baseline, self.current)]
            change += f"; outside its band {band_text(*self.band)} by {outside[0]:.4g} \u2192 {outside[1]:.4g}"
        flip = ", passed \u2192 failed" if self.flipped else ""
        return (f"baseline: {self.key} {self.baseline:.4g} \u2192 {self.current:.4g} "
                f"({change}, tolerance {self.allowed:.4g}): {self.status}{flip}")

    def as_dict(self) -> dict[str, Any]:
        return {"suite": self.suite, "test_id": self.test_id, "check": self.key, "status": self.status,
                "baseline": self.baseline, "current": self.current, "change": self.change,
                "gain": self.gain, "tolerance": self.allowed,
                "baseline_signature": self.baseline_signature, "current_signature": self.current_signature,
                "band": None if self.band is None else list(self.band),
                "passed": None if self.verdict is None else list(self.verdict)}


#: The statuses of a value compared with its stored one (``incomparable`` found one but could not compare it;
#: ``missing`` is a stored check that nothing measured).
COMPARED = ("improved", "same", "worse", "regressed")


def oriented(change: float, higher_is_better: bool) -> float:
    """``change`` with the sign flipped for lower-is-better metrics: positive is always better."""
    return change if higher_is_better else -change


def improvement(before: float, after: float, higher_is_better: bool, band: Band | None) -> float:
    """How much better ``after`` is than ``before``: their change in the metric's direction or, for a two-sided
    check (``band``), how much nearer its band ``after`` lies."""
    if band is None:
        return oriented(after - before, higher_is_better)
    return outside_band(before, *band) - outside_band(after, *band)


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _versions() -> dict[str, str]:
    found = {"mtcheck": __version__, "python": platform.python_version()}
    for name in VERSIONED_PACKAGES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return found


@dataclass
class Baseline:
    """Per suite, per test id, per check key: the value to compare with; per suite and test id: the output.

    ``snapshots`` is False for a baseline read from a format 1 file, which kept no outputs; ``verdicts`` False for
    one read from a format 1 or 2 file, which kept no verdicts (each check's ``passed``, each output's outcome).
    """

    suites: dict[str, dict[str, dict[str, Measured]]] = field(default_factory=dict)
    system: dict[str, str] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=_versions)
    created: str = field(default_factory=lambda: _now())
    outputs: dict[str, dict[str, Snapshot]] = field(default_factory=dict)
    snapshots: bool = True
    #: Per suite, per ``KEY [SYSTEM]``: the value of a corpus check (:mod:`mtcheck.regression.corpus`).
    corpus: dict[str, dict[str, Measured]] = field(default_factory=dict)
    #: Per suite and test id: the outcome of the case's output (:class:`~mtcheck.engine.outcome.Outcome`'s word).
    outcomes: dict[str, dict[str, str]] = field(default_factory=dict)
    verdicts: bool = True

    @classmethod
    def from_entries(cls, entries: Iterable[CaseEntry], system: dict[str, str] | None = None,
                     corpus: Sequence[CorpusEntry] = ()) -> Baseline:
        baseline = cls(system=dict(system or {}))
        baseline.merge(entries)
        baseline.merge_corpus(corpus)
        return baseline

    def merge_corpus(self, entries: Sequence[CorpusEntry], kept: Collection[tuple[str, str]] = ()) -> None:
        """Replace the corpus values of every suite in ``entries`` by its entries: a corpus check removed from a
        suite that ran goes with it, one the run did not judge (``kept``: suite and name, e.g. its cases were
        deselected) keeps its stored value; other suites keep theirs."""
        for suite in dict.fromkeys(entry.suite for entry in entries):
            stored = self.corpus.get(suite, {})
            self.corpus[suite] = {**{name: m for name, m in stored.items() if (suite, name) in kept},
                                  **{entry.name: entry.measured for entry in entries if entry.suite == suite}}

    def merge(self, entries: Iterable[CaseEntry]) -> None:
        """Replace the stored checks and output of every case in ``entries``; other cases stay."""
        for entry in entries:
            self.suites.setdefault(entry.suite, {})[entry.test_id] = dict(entry.checks)
            self.outcomes.setdefault(entry.suite, {})[entry.test_id] = entry.outcome
            outputs = self.outputs.setdefault(entry.suite, {})
            if entry.output is None:
                outputs.pop(entry.test_id, None)
            else:
                outputs[entry.test_id] = Snapshot.of(entry.output)

    def prune(self, stale: Iterable[tuple[str, str]]) -> None:
        """Drop the checks and outputs of the ``(suite, test id)`` cases in ``stale``, and suites left empty."""
        for suite, test_id in stale:
            for table in (self.suites, self.outputs, self.outcomes):
                table.get(suite, {}).pop(test_id, None)
                if suite in table and not table[suite]:
                    del table[suite]

    def stale(self, known: dict[str, set[str]]) -> list[tuple[str, str]]:
        """The baseline's cases of the suites in ``known`` (suite name: its test ids now) that those suites no longer have."""
        return [(suite, test_id) for suite in sorted(known) for test_id in sorted(self.suites.get(suite, {}))
                if test_id not in known[suite]]

    def compare_output(self, entry: CaseEntry) -> OutputChange | None:
        """The change of ``entry``'s output since the baseline, or ``None`` (unchanged, or nothing to compare)."""
        before = self.outputs.get(entry.suite, {}).get(entry.test_id)
        if before is None or entry.output is None or before.sha256 == text_hash(entry.output):
            return None
        return OutputChange(entry.suite, entry.test_id, before, Snapshot.of(entry.output))

    def refresh(self, entries: Iterable[CaseEntry], system: dict[str, str], corpus: Sequence[CorpusEntry] = (),
                kept: Collection[tuple[str, str]] = ()) -> None:
        """Take ``entries`` and ``corpus`` in (see :meth:`merge`, :meth:`merge_corpus`) and restamp the file: system,
        versions, date."""
        self.merge(entries)
        self.merge_corpus(corpus, kept)
        self.snapshots = self.verdicts = True
        self.system = dict(system)
        self.versions = _versions()
        self.created = _now()

    def __len__(self) -> int:
        return sum(len(cases) for cases in self.suites.values())

    def non_finite(self) -> str | None:
        """The first NaN or infinite value, as ``SUITE::TEST_ID KEY is nan`` or ``SUITE corpus NAME is nan``; None
        when every value is finite (the loader refuses any other, so one must never be written)."""
        cases = ((f"{suite}::{test_id} {key}", m.value) for suite, tests in self.suites.items()
                 for test_id, checks in tests.items() for key, m in checks.items())
        corpus = ((f"{suite} corpus {name}", m.value) for suite, values in self.corpus.items()
                  for name, m in values.items())
        return next((f"{where} is {value}" for where, value in chain(cases, corpus) if not math.isfinite(value)), None)

    def as_dict(self) -> dict[str, Any]:
        corpus = {"corpus": {suite: {name: m.as_dict() for name, m in sorted(values.items())}
                             for suite, values in sorted(self.corpus.items()) if values}} if self.corpus else {}
        return {
            "format": FORMAT, "created": self.created, "system": self.system, "versions": self.versions,
            "suites": {suite: {test_id: {key: m.as_dict() for key, m in sorted(checks.items())}
                               for test_id, checks in sorted(cases.items())}
                       for suite, cases in sorted(self.suites.items())},
            "outputs": {suite: {test_id: snapshot.as_dict() for test_id, snapshot in sorted(cases.items())}
                        for suite, cases in sorted(self.outputs.items()) if cases},
            "outcomes": {suite: dict(sorted(cases.items())) for suite, cases in sorted(self.outcomes.items()) if cases},
            **corpus,
        }

    def outcome_of(self, entry: CaseEntry) -> str | None:
        """The outcome of ``entry``'s case in the baseline (``None`` when the case is not in it): as recorded or, in a
        file that recorded none, worked out from its stored values against the checks' thresholds now."""
        recorded = self.outcomes.get(entry.suite, {}).get(entry.test_id)
        stored = self.suites.get(entry.suite, {}).get(entry.test_id)
        if recorded is not None or stored is None:
            return recorded
        # a value whose verdict cannot be worked out counts as passed: a known-faulty output is then not called caught
        passed = all(passed_before(old, entry.checks[key]) is not False for key, old in stored.items() if key in entry.checks)
        if entry.known_faulty:
            return (Outcome.MISSED if passed else Outcome.CAUGHT).value
        return (Outcome.PASSED if passed else Outcome.FAILED).value

    def compare(self, entry: CaseEntry, default: Tolerance = Tolerance(), rule: CaseRule = CaseRule()) -> list[BaselineDelta]:
        """Every check of ``entry`` (and every stored check it lacks) against the baseline; ``rule`` says which
        changes are ``regressed`` (a known-faulty output's checks never regress by their verdicts)."""
        stored = self.suites.get(entry.suite, {}).get(entry.test_id, {})
        if entry.known_faulty:
            rule = CaseRule(verdicts=False, scores=rule.scores)
        deltas = [delta(entry.suite, entry.test_id, key, stored.get(key), measured, default, rule)
                  for key, measured in entry.checks.items()]
        deltas.extend(BaselineDelta(entry.suite, entry.test_id, key, "missing", old.value, None, 0.0, old.signature,
                                    "", old.higher_is_better)
                      for key, old in stored.items() if key not in entry.checks)
        return deltas


def passed_before(old: Measured, new: Measured) -> bool | None:
    """Whether the stored value ``old`` passed its check: as recorded or, in a file that recorded no verdicts, its
    value against the threshold ``new`` is judged by now (``None`` when neither is known)."""
    if old.passed is not None:
        return old.passed
    return None if new.threshold is None else Check("", *new.threshold).passes(old.value)


def delta(suite: str, test_id: str, key: str, old: Measured | None, new: Measured, default: Tolerance,
          rule: CaseRule = CaseRule()) -> BaselineDelta:
    """Value ``new`` of check ``key`` against its stored value ``old`` (``None``: not in the baseline), its status by
    ``rule``."""
    if old is None:
        return BaselineDelta(suite, test_id, key, "new", None, new.value, 0.0, "", new.signature, new.higher_is_better,
                             new.band)
    allowed = new.tolerance if new.tolerance is not None else default.allowed(old.value)
    base = (suite, test_id, key)
    if old.signature != new.signature or old.higher_is_better != new.higher_is_better:
        return BaselineDelta(*base, "incomparable", old.value, new.value, allowed, old.signature, new.signature,
                             new.higher_is_better, new.band)
    gain = improvement(old.value, new.value, new.higher_is_better, new.band)
    noise = _NOISE * max(1.0, abs(old.value), abs(new.value))
    before = passed_before(old, new)
    verdict = None if before is None or new.passed is None else (before, new.passed)
    status = "improved" if gain > noise else "worse" if gain < -(allowed + noise) else "same"
    if (rule.verdicts and verdict == (True, False)) or (rule.scores and status == "worse"):
        status = "regressed"
    return BaselineDelta(*base, status, old.value, new.value, allowed, old.signature, new.signature,
                         new.higher_is_better, new.band, verdict)


_FIX_SAVE = "save it again with 'mtcheck baseline save' or pytest --mt-baseline PATH --mt-update-baseline"


def _json_kind(value: object) -> str:
    """How JSON calls ``value``'s type, for error messages."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    return {dict: "an object", list: "a list", str: "text", type(None): "null"}.get(type(value), type(value).__name__)


def _where(*keys: str) -> str:
    """A JSON path such as ``suites["demo"]["neg-01"]["chrf"]``."""
    head, *rest = keys
    return head + "".join(f"[{json.dumps(key, ensure_ascii=False)}]" for key in rest)


class _Checker:
    """Type and value checks of a parsed baseline; each failure names the file, the JSON path and a fix."""

    def __init__(self, path: Path):
        self.path = path

    def fail(self, where: str, problem: str) -> MtcheckError:
        return MtcheckError(f"baseline {self.path}: {where} {problem} (fix: {_FIX_SAVE})")

    def mapping(self, value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be an object, not {_json_kind(value)}")
        return value

    def text_map(self, value: object, where: str) -> dict[str, str]:
        """An object of text values (``system``, ``versions``)."""
        found = self.mapping(value, where)
        for key, item in found.items():
            if not isinstance(item, str):
                raise self.fail(_where(where, key), f"must be text, not {_json_kind(item)}")
        return dict(found)

    def measured(self, data: object, where: str) -> Measured:
        check = self.mapping(data, where)
        for key in ("value", "signature", "higher_is_better"):
            if key not in check:
                raise self.fail(f"{where}.{key}", "is missing")
        value, signature, higher = check["value"], check["signature"], check["higher_is_better"]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(f"{where}.value", f"must be a number, not {_json_kind(value)}")
        if not math.isfinite(value):
            raise self.fail(f"{where}.value", f"is {value}, not a finite number")
        if not isinstance(signature, str):
            raise self.fail(f"{where}.signature", f"must be text, not {_json_kind(signature)}")
        if not isinstance(higher, bool):
            raise self.fail(f"{where}.higher_is_better", f"must be true or false, not {_json_kind(higher)}")
        passed = check.get("passed")
        if passed is not None and not isinstance(passed, bool):
            raise self.fail(f"{where}.passed", f"must be true or false, not {_json_kind(passed)}")
        return Measured(float(value), signature, higher, passed=passed)

    def snapshot(self, data: object, where: str) -> Snapshot:
        found = self.mapping(data, where)
        for key in ("sha256", "text"):
            if not isinstance(found.get(key), str):
                raise self.fail(f"{where}.{key}", "is missing" if key not in found else f"must be text, not {_json_kind(found[key])}")
        if found["sha256"] != text_hash(found["text"]):
            raise self.fail(f"{where}.sha256", "is not the sha256 of the NFC text (the text was edited by hand?)")
        return Snapshot(found["text"], found["sha256"])

    def outputs(self, data: object) -> dict[str, dict[str, Snapshot]]:
        return {suite: {test_id: self.snapshot(item, _where("outputs", suite, test_id))
                        for test_id, item in self.mapping(cases, _where("outputs", suite)).items()}
                for suite, cases in self.mapping(data, "outputs").items()}

    def outcomes(self, data: object) -> dict[str, dict[str, str]]:
        words = {outcome.value for outcome in Outcome}
        found = {suite: self.text_map(cases, _where("outcomes", suite)) for suite, cases in self.mapping(data, "outcomes").items()}
        for suite, cases in found.items():
            for test_id, word in cases.items():
                if word not in words:
                    raise self.fail(_where("outcomes", suite, test_id), f"is {word!r}, not one of {', '.join(sorted(words))}")
        return found

    def baseline(self, data: dict[str, Any]) -> Baseline:
        if "suites" not in data:
            raise self.fail("suites", "is missing")
        suites = {
            suite: {test_id: {key: self.measured(m, _where("suites", suite, test_id, key))
                              for key, m in self.mapping(checks, _where("suites", suite, test_id)).items()}
                    for test_id, checks in self.mapping(cases, _where("suites", suite)).items()}
            for suite, cases in self.mapping(data["suites"], "suites").items()
        }
        created = data.get("created", "")
        if not isinstance(created, str):
            raise self.fail("created", f"must be text, not {_json_kind(created)}")
        snapshots = data["format"] != OLD_FORMATS[0]
        verdicts = data["format"] == FORMAT
        corpus = {suite: {name: self.measured(m, _where("corpus", suite, name))
                          for name, m in self.mapping(values, _where("corpus", suite)).items()}
                  for suite, values in self.mapping(data.get("corpus", {}), "corpus").items()}
        return Baseline(suites, self.text_map(data.get("system", {}), "system"),
                        self.text_map(data.get("versions", {}), "versions"), created,
                        self.outputs(data.get("outputs", {})) if snapshots else {}, snapshots, corpus,
                        self.outcomes(data.get("outcomes", {})) if verdicts else {}, verdicts)


def load_baseline(path: str | Path) -> Baseline:
    """Read and check a baseline file; a missing, unreadable or malformed one is an :class:`MtcheckError`
    naming the file and, for a bad value, its JSON path (``suites["demo"]["c1"]["chrf"].value``).

    Only a regular file is read: a FIFO, a device or a folder is refused without reading a byte.
    """
    path = Path(path)
    try:
        raw = read_regular(path)
        if not raw.strip():
            raise MtcheckError(f"baseline {path} is empty, so it holds nothing to compare with (fix: delete it and "
                               f"create it with 'mtcheck baseline save' or pytest --mt-baseline {path} --mt-update-baseline)")
        data = parse_json(raw, finite=False)  # the checker names a non-finite value's JSON path
    except FileNotFoundError:
        raise MtcheckError(f"baseline {path} does not exist (fix: create it with 'mtcheck baseline save' "
                           f"or pytest --mt-baseline {path} --mt-update-baseline)") from None
    except NotRegularFileError as exc:
        raise MtcheckError(f"baseline {exc} (fix: pass the baseline file itself)") from None
    except JsonInputError as exc:
        raise MtcheckError(f"baseline {path} cannot be read: {exc} "
                           f"(fix: {exc.fix or 'save it again with mtcheck baseline save'})") from None
    except OSError as exc:
        raise MtcheckError(f"baseline {path} cannot be read: {exc}") from None
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, *OLD_FORMATS):
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise MtcheckError(f"baseline {path}: format {found!r} is not {FORMAT!r} (fix: save it again with this mtcheck)")
    return _Checker(path).baseline(data)


def writable_target(path: str | Path) -> Path:
    """The file a save to ``path`` replaces: ``path`` itself, or the file its symlink points to.

    Raises :class:`MtcheckError` when that is not a regular file (a folder, a FIFO, a device)
    or cannot be looked at. A path that does not exist yet is fine.
    """
    return check_writable(path, "baseline", f"{Path(path).name or 'baseline'}.json in another folder")


def save_baseline(baseline: Baseline, path: str | Path) -> None:
    """Write ``baseline`` atomically: a temporary file in the same folder, flushed, then renamed over ``path``.

    Whatever happens before the rename (an error, a kill), ``path`` keeps its
    previous content and the temporary file is removed when possible. When
    ``path`` is a symlink, the file it points to is replaced and the link stays.
    Anything but a regular file is refused (see :func:`writable_target`); every
    failure is an :class:`MtcheckError` naming ``path``. It waits for a concurrent
    :func:`update_baseline` of the same file to finish, then replaces the file whole.
    """
    target = writable_target(path)
    with exclusive(target, "baseline"):
        _write(baseline, target, path)


def update_baseline(path: str | Path, entries: Iterable[CaseEntry], system: dict[str, str],
                    known: dict[str, set[str]], *, create: bool = False,
                    corpus: Sequence[CorpusEntry] = (),
                    kept: Collection[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    """Read the baseline at ``path``, take ``entries`` in, drop the stale cases of the suites in ``known``
    (see :meth:`Baseline.stale`), write it back, and return those stale cases. ``corpus`` replaces the corpus
    values of its suites but those ``kept`` (:meth:`Baseline.merge_corpus`).

    The whole read-modify-write holds the file's lock (:mod:`mtcheck.safety.filelock`), so two
    updates of different suites at once keep both. ``create``: a missing file starts empty.
    """
    target = writable_target(path)
    with exclusive(target, "baseline"):
        baseline = Baseline() if create and not target.exists() else load_baseline(path)
        stale = baseline.stale(known)
        baseline.refresh(entries, system, corpus, kept)
        baseline.prune(stale)
        _write(baseline, target, path)
    return stale


def _write(baseline: Baseline, target: Path, path: str | Path) -> None:
    """Write ``baseline`` over ``target``; a non-finite value is refused first, so the file keeps its good values."""
    wrong = baseline.non_finite()
    if wrong:
        raise MtcheckError(f"baseline {path} not written: {wrong}, not a finite number (fix: find why the metric "
                           "gave it, e.g. a broken model, and run again; the file keeps its previous values)")
    text = json.dumps(baseline.as_dict(), ensure_ascii=False, indent=1) + "\n"
    try:
        replace_file(target, text, 0o644)
    except OSError as exc:
        raise MtcheckError(f"cannot write baseline {path}: {exc}") from None
