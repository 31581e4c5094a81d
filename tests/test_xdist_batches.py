"""Under pytest-xdist each worker gets whole batch windows: no case is translated or scored twice."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mtcheck.pytest_plugin.xdist_batches import window_scopes

COUNTING_SYSTEM = """
import os, sys
lines = sys.stdin.read().splitlines()
with open(os.environ["MT_COUNTER"], "a", encoding="utf-8") as f:
    f.write(f"{len(lines)}\\n")
print("\\n".join(line.upper() for line in lines))
"""


def test_case_items_are_grouped_in_windows_of_the_batch_size() -> None:
    ids = [f"s.mt.yaml::c{i}" for i in range(5)] + ["t.mt.yaml::x", "tests/test_a.py::test_b"]
    scopes = window_scopes(ids, batch_size=2)
    assert [scopes[f"s.mt.yaml::c{i}"] for i in range(5)] == [
        "s.mt.yaml::batch-0", "s.mt.yaml::batch-0", "s.mt.yaml::batch-1", "s.mt.yaml::batch-1", "s.mt.yaml::batch-2",
    ]
    assert scopes["t.mt.yaml::x"] == "t.mt.yaml::batch-0"
    assert scopes["tests/test_a.py::test_b"] == "tests/test_a.py::test_b"  # balanced as --dist load would


def test_parametrised_and_perturbation_items() -> None:
    ids = ["s.mt.yaml::c0[good]", "s.mt.yaml::c0[bad]", "s.mt.yaml::c0::sensitivity[negation-drop]"]
    scopes = window_scopes(ids, batch_size=1)
    assert scopes["s.mt.yaml::c0[good]"] == "s.mt.yaml::batch-0"
    assert scopes["s.mt.yaml::c0[bad]"] == "s.mt.yaml::batch-1"
    assert scopes["s.mt.yaml::c0::sensitivity[negation-drop]"] == "s.mt.yaml::c0::sensitivity[negation-drop]"


@pytest.mark.slow  # starts pytest-xdist workers of its own
def test_each_case_is_translated_once_across_workers(pytester: pytest.Pytester, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "system.py"
    script.write_text(COUNTING_SYSTEM, encoding="utf-8")
    counter = tmp_path / "calls.txt"
    monkeypatch.setenv("MT_COUNTER", str(counter))
    cases = "\n".join(f"  - {{id: c{i:02d}, src: 'word {i}', ref: 'WORD {i}'}}" for i in range(40))
    pytester.makefile(".mt.yaml", demo=f"source_lang: en\ntarget_lang: en\n"
                      f"defaults:\n  checks: [{{metric: chrf, min: 50}}]\ncases:\n{cases}\n")
    result = pytester.runpytest("-n", "2", "--mt-batch-size", "5", "--mt-system", f"cmd:{sys.executable} {script}")
    result.assert_outcomes(passed=40)
    batches = [int(line) for line in counter.read_text(encoding="utf-8").split()]
    assert sum(batches) == 40  # no case translated by two workers
    assert batches == [5] * 8  # one call per window
