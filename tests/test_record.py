"""The typed case record (mtcheck/engine/record.py): its JSON form, its one outcome, and the layers below it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import mtcheck
from helpers import module_imports
from mtcheck import api
from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import CaseRecord, CheckRecord, ProbeRecord, record_from_json
from mtcheck.report.files import records_of

PACKAGE = Path(mtcheck.__file__).parent

SUITE = """\
source_lang: en
target_lang: de
cases:
  - id: good
    src: I am not happy.
    ref: Ich bin nicht glücklich.
    hyp: Ich bin nicht glücklich.
    tags: [negation]
    checks: [{metric: chrf, min: 50}]
  - id: bad
    src: I am not happy.
    ref: Ich bin nicht glücklich.
    hyp: Ich bin glücklich.
    checks: [{metric: chrf, min: 90}]
"""


def _outside(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(PACKAGE)}:{line}: {module}" for path in files
            for line, module in module_imports(path) if module.startswith(forbidden)]


def test_the_regression_package_imports_nothing_of_the_reports() -> None:
    assert _outside(sorted((PACKAGE / "regression").glob("*.py")), ("mtcheck.report",)) == []


def test_the_record_and_the_case_text_import_nothing_above_them() -> None:
    above = ("mtcheck.report", "mtcheck.regression", "mtcheck.history", "mtcheck.commands", "mtcheck.pytest_plugin.session_state",
             "mtcheck.pytest_plugin.items", "mtcheck.pytest_plugin.hooks", "mtcheck.engine.runner")
    assert _outside([PACKAGE / "engine" / "record.py", *sorted((PACKAGE / "text").glob("*.py"))], above) == []
    assert [module for _, module in module_imports(PACKAGE / "engine" / "record.py") if module.startswith("mtcheck")] == \
        ["mtcheck.engine.outcome"]


@pytest.fixture
def records(tmp_path: Path) -> list[CaseRecord]:
    path = tmp_path / "s.mt.yaml"
    path.write_text(SUITE, encoding="utf-8")
    return records_of(api.run_suites(api.load_suites([str(path)])))


def test_a_record_reads_back_from_its_json_form_unchanged(records: list[CaseRecord]) -> None:
    for record in records:
        data = json.loads(json.dumps(record.to_json()))
        assert record_from_json(data) == record
        assert list(record_from_json(data).to_json()) == list(data)  # the same keys, in the same order
    assert [r.outcome for r in records] == [Outcome.PASSED, Outcome.FAILED]
    assert records[0].tags == ("negation",) and isinstance(records[0].checks[0], CheckRecord)


def test_the_baseline_gate_fails_a_passing_record_once_with_why(records: list[CaseRecord]) -> None:
    good, bad = records
    failed = good.failed_by("good (s.mt.yaml:4): worse than the baseline b.json\nbaseline: chrf 60 -> 50")
    assert failed.outcome == Outcome.FAILED and failed.why == "good (s.mt.yaml:4): worse than the baseline b.json"
    assert failed.explanation.endswith("chrf 60 -> 50") and list(failed.to_json())[-1] == "why"
    assert "why" not in good.to_json()
    still = bad.failed_by("more text")
    assert still.outcome == Outcome.FAILED and still.why is None and still.explanation == "more text"


def test_a_probe_record_is_told_apart_by_its_edits() -> None:
    data = {"suite": "s", "case": "c", "system": "mt", "tags": [], "outcome": "xpassed", "values": {}, "severity": None,
            "sensitivity": {"kind": "negation-drop", "edits": [], "text": "x"}}
    probe = record_from_json(data)
    assert isinstance(probe, ProbeRecord) and probe.outcome == Outcome.MISSED  # an older version's word
    assert probe.to_json() == {**data, "outcome": "missed"}
