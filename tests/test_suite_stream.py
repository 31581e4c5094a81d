"""A suite read case by case (issue 25, item 6): ``mtcheck run`` holds only the cases and results of one batch.

Each case is handed out as soon as its mapping is read when ``cases:`` is the file's last key; a file that
writes a key after its cases is read whole first, so its cases are read against the whole header either way.
Problems found at the end of a file (a duplicate id, a broken last case) still stop the run before any output.
"""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from helpers import SUITE_HEADER, WriteSuite
from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.engine.runner import Runner, RunOptions
from mtcheck.engine.targets import targets_for
from mtcheck.errors import SuiteError
from mtcheck.suite.loader import SuiteCases, SuiteReader, check_suite

CASES = """\
cases:
  - {id: a, src: x, ref: the cat sat, hyp: the cat sat, tags: [t]}
  - {id: b, src: y, ref: the dog ran, hyp: a dog ran, tags: [t]}
  - {id: c, src: z, ref: it rains, hyp: it snows, tags: [u]}
"""
DEFAULTS = "defaults:\n  checks: [{metric: chrf, min: 30}]\n"


def test_cases_come_as_they_are_read_when_cases_is_the_last_key(write_suite: WriteSuite) -> None:
    path = write_suite(SUITE_HEADER + DEFAULTS + CASES)
    reader = SuiteReader(path, keep=False)
    cases = reader.cases()
    first = next(cases)
    assert first.id == "a" and reader.header is not None and reader.header.name == "demo"
    assert reader.suite is None  # the file is not read to its end yet
    assert [case.id for case in cases] == ["b", "c"]
    assert reader.suite is not None and reader.suite.cases == () and not reader.problems


def test_a_key_after_the_cases_reads_as_one_before_them(write_suite: WriteSuite) -> None:
    before = check_suite(write_suite(SUITE_HEADER + DEFAULTS + CASES, name="before.mt.yaml"))[0]
    after = check_suite(write_suite(SUITE_HEADER + CASES + DEFAULTS, name="after.mt.yaml"))[0]
    assert before is not None and after is not None
    def read(suite):  # the lines differ: the rest is the same
        return [(c.id, c.refs, c.hyps[0].text, c.tags, [k.metric for k in c.checks]) for c in suite.cases]

    assert read(after) == read(before) and after.name == before.name


def test_a_run_reads_the_same_suite_streamed_or_whole(write_suite: WriteSuite, tmp_path: Path) -> None:
    path = write_suite(SUITE_HEADER + DEFAULTS + CASES)
    streamed = SuiteCases([path])
    pairs = list(streamed.cases())
    streamed.raise_problems()
    whole = SuiteCases([path], whole=True)
    assert [case for _, case in pairs] == [case for _, case in whole.cases()]
    assert [suite.name for suite in streamed.suites] == [suite.name for suite in whole.suites] == ["demo"]


@pytest.mark.parametrize("tail", [
    "  - {id: a, src: again, ref: dup, hyp: dup}\n",  # found only once the last case is read
    "  - {id: d, src: w, ref: r, hyp: h, checks: [{metric: nosuchmetric, min: 1}]}\n",
    "  - {id: e, src: [unclosed\n",  # the YAML breaks off after three good cases
])
def test_a_problem_at_the_end_stops_the_run_before_any_output(
        write_suite: WriteSuite, tail: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite(SUITE_HEADER + DEFAULTS + CASES + tail)
    with pytest.raises(SuiteError) as loaded:
        api.load_suites([path])
    assert main(["run", str(path), "--no-cache"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert str(loaded.value) in err  # the same problems, all of them, as when the file is read whole first


def test_no_case_is_handed_out_after_a_problem(write_suite: WriteSuite, tmp_path: Path) -> None:
    good = write_suite(SUITE_HEADER + DEFAULTS + CASES, name="a.mt.yaml")
    bad = CASES.replace("cases:\n", "cases:\n  - {id: x, ref: no source}\n")
    write_suite(SUITE_HEADER.replace("demo", "other") + DEFAULTS + bad, name="b.mt.yaml")
    reading = SuiteCases([tmp_path])
    assert [(suite.name, case.id) for suite, case in reading.cases()] == [("demo", "a"), ("demo", "b"), ("demo", "c")]
    with pytest.raises(SuiteError) as raised:
        reading.raise_problems()
    assert "case 'x'" in str(raised.value) and str(good) not in str(raised.value)


def test_a_failing_system_gives_way_to_a_suite_problem(write_suite: WriteSuite, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite(SUITE_HEADER + DEFAULTS + CASES + "  - {id: a, src: again, ref: dup}\n")
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    system = "cmd:" + shlex.join([sys.executable, str(crash)])
    assert main(["run", str(path), "--system", system, "--no-cache"]) == 2
    assert "duplicate case id 'a'" in capsys.readouterr().err


def test_a_streamed_run_keeps_no_result(write_suite: WriteSuite) -> None:
    suite = api.load_suites([write_suite(SUITE_HEADER + DEFAULTS + CASES)])[0]
    runner = Runner(RunOptions(batch_size=2))
    batches = list(runner.stream(targets_for(suite, None)))
    assert [[r.target.case.id for r in batch] for batch in batches] == [["a", "b"], ["c"]]
    assert not any(runner.has_result(t) for t in targets_for(suite, None))


def test_a_suite_whose_system_reads_it_whole_comes_with_its_cases(write_suite: WriteSuite, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite(SUITE_HEADER + "system: file:out.txt\n" + DEFAULTS + CASES)
    (tmp_path / "out.txt").write_text("the cat sat\nthe dog ran\nit rains\n", encoding="utf-8")
    reading = SuiteCases([path], whole_suite=lambda suite: suite.system is not None)
    assert [len(suite.cases) for suite, _ in reading.cases()] == [3, 3, 3]
    assert main(["run", str(path), "--no-cache"]) == 0  # file: matches its lines to the suite's cases
    assert "3 passed" in capsys.readouterr().out
