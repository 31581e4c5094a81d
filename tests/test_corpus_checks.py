"""A suite's ``corpus:`` checks: loaded and refused like every check, judged per system over the suite's cases
(or its tagged ones) by ``mtcheck run`` and pytest alike, and failing the run when a threshold is missed."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
import sacrebleu

from mtcheck.commands.main import main
from mtcheck.errors import SuiteError
from mtcheck.suite.loader import load_suite

from helpers import SUITE_HEADER, WriteSuite

#: Two systems' recorded outputs of three cases; system "old" also has a known-faulty output, never counted.
CASES = """\
system: recorded
defaults:
  checks: [{metric: chrf, min: 5}]
cases:
  - id: a
    src: x
    ref: The dog bit the man.
    hyps: {new: The dog bit the man., old: The dog bites a man.}
  - id: b
    src: x
    ref: It was not unexpected.
    hyps: {new: "It wasn't surprising.", old: It was not surprising.}
    tags: [negation]
  - id: c
    src: x
    ref: The man bit him first.
    hyps:
      new: The man had just bitten him.
      old: The man bit him first.
      broken: {text: Zzz., expect: fail}
    tags: [negation]
"""
#: Why a check of system "broken" (only a known-faulty output) reads nothing, whichever cases run: that output is no
#: case of a corpus check, so deselecting it deselects none.
KNOWN_FAULTY = "no correct output to score: 1 known-faulty output (expect: fail)"
NEW = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
OLD = ["The dog bites a man.", "It was not surprising.", "The man bit him first."]
REFS = ["The dog bit the man.", "It was not unexpected.", "The man bit him first."]


def _suite(write_suite: WriteSuite, corpus: str) -> Path:
    return write_suite(SUITE_HEADER + textwrap.dedent(corpus) + CASES)


def _corpus_bleu(hyps: list[str], refs: list[str]) -> float:
    return sacrebleu.corpus_bleu(hyps, [refs]).score


def test_a_corpus_check_is_judged_per_system_over_the_cases(write_suite: WriteSuite,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = _suite(write_suite, "corpus:\n  - {metric: bleu, min: 50}\n  - {metric: ter, max: 90, tags: [negation]}\n")
    assert main(["run", str(path), "--system", "recorded:new"]) == 1
    out = capsys.readouterr().out
    new = _corpus_bleu(NEW, REFS)
    assert f"  demo [new] bleu >= 50: {new:.2f} over 3 cases FAILED" in out
    ter = sacrebleu.corpus_ter(NEW[1:], [REFS[1:]]).score
    assert f"  demo [new] ter[negation] <= 90: {ter:.2f} over 2 cases passed" in out
    assert out.rstrip().endswith("FAILED: 3 passed")


def test_every_recorded_system_gets_its_own_score_and_known_faulty_outputs_count_for_none(
        write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    path = _suite(write_suite, "corpus:\n  - {metric: bleu, min: 40}\n")
    assert main(["run", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"demo [new] bleu >= 40: {_corpus_bleu(NEW, REFS):.2f} over 3 cases passed" in out
    assert f"demo [old] bleu >= 40: {_corpus_bleu(OLD, REFS):.2f} over 3 cases passed" in out
    # a system with only a known-faulty output has no score of its own: said, never scored, never gating
    assert "demo [broken] bleu >= 40: skipped (no correct output to score: 1 known-faulty output (expect: fail))" in out
    assert out.rstrip().endswith("PASSED: 6 passed, 1 caught")


def test_pytest_shows_the_corpus_checks_and_fails_the_session(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + "corpus:\n  - {metric: bleu, min: 99}\n" + CASES)
    result = pytester.runpytest("-q", "-k", "new")
    result.stdout.fnmatch_lines(["corpus checks", f"  demo [[]new[]] bleu >= 99: {_corpus_bleu(NEW, REFS):.2f} over 3 cases FAILED",
                                 "", "FAILED: 3 passed"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


@pytest.mark.parametrize(("corpus", "message"), [
    ("corpus:\n  - {metric: meteor, min: 0.3}\n",
     ":6: corpus check #1: metric 'meteor' has no corpus-level score (fix: use bleu, chrf, chrf++, ter, gleu, gec-f0.5, "
     "bertscore, "
     "comet, cometkiwi, metricx, metricx-qe, xcomet or xcomet-qe, or check it per case under 'checks:')"),
    ("corpus:\n  - {metric: bleu, min: 30, tags: [sarcasm]}\n",
     ":6: corpus check #1: no case is tagged 'sarcasm' (fix: tag the cases it should cover, or remove the tag)"),
    ("corpus:\n  - {metric: bleu}\n", ":6: corpus check #1 has no threshold"),
    ("corpus:\n  - {metric: bleu, min: 30, margin: 1}\n", ":6: unknown key 'margin' in corpus check #1"),
    ("corpus:\n  - {metric: bleu, min: 30, params: {references: all}}\n", "references must be one of best, joint"),
    ("corpus: {metric: bleu}\n", ":5: suite: corpus must be a list"),
])
def test_a_bad_corpus_check_is_an_error_at_its_line(corpus: str, message: str, write_suite: WriteSuite) -> None:
    with pytest.raises(SuiteError) as caught:
        load_suite(_suite(write_suite, corpus))
    assert message in str(caught.value)


def test_a_corpus_check_reads_its_params(write_suite: WriteSuite) -> None:
    suite = load_suite(_suite(write_suite, "corpus:\n  - {metric: chrf, min: 30, params: {word_order: 2}, tags: [negation]}\n"))
    (check,) = suite.corpus
    assert (check.check.metric, check.check.params, check.tags, check.key) == ("chrf", {"word_order": 2}, ("negation",),
                                                                               "chrf(word_order=2)[negation]")


def test_a_shard_leaves_corpus_checks_to_the_whole_run(write_suite: WriteSuite,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = _suite(write_suite, "corpus:\n  - {metric: bleu, min: 99}\n")
    assert main(["run", str(path), "--system", "recorded:new", "--shard", "1/1"]) == 0
    out = capsys.readouterr().out
    assert ("demo [new] bleu >= 99: skipped (judged over whole suites, not in shard 1/1: by 'mtcheck report merge')"
            in out)
    assert out.rstrip().endswith("PASSED: 3 passed")


def test_a_corpus_check_whose_tagged_cases_were_all_deselected_is_skipped_with_its_reason(
        pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + "corpus:\n  - {metric: ter, max: 1, tags: [negation]}\n" + CASES)
    result = pytester.runpytest("-q", "-k", "new and not negation", "--mt-report-json=r.json", "--mt-report-md=r.md")
    assert result.ret == pytest.ExitCode.OK  # nothing judged it: it cannot fail, and it is said, not dropped
    why = {system: _why(system, " tagged negation") for system in ("new", "old", "broken")}
    result.stdout.fnmatch_lines(["corpus checks", *(f"  demo [[]{system}[]] ter[[]negation[]] <= 1: skipped ({reason})"
                                                    for system, reason in why.items()), "", "PASSED: 1 passed"],
                                consecutive=True)
    found = json.loads((pytester.path / "r.json").read_text())["corpus"]
    assert [(r["key"], r["system"], r["value"], r["skipped"]) for r in found] == \
        [("ter[negation]", system, None, reason) for system, reason in why.items()]
    markdown = (pytester.path / "r.md").read_text()
    assert markdown.startswith("## PASSED: 1 passed; 3 corpus checks skipped (demo \\[new\\] ter\\[negation\\], ")
    assert f"| demo | new | ter\\[negation\\] | &lt;= 1 | - | 0 | skipped: {why['new']} |" in markdown


#: A corpus check over every case and one over the negation cases, judged for each system of :data:`CASES`.
BOTH = "corpus:\n  - {metric: bleu, min: 40}\n  - {metric: ter, max: 90, tags: [negation]}\n"
XDIST = pytest.mark.parametrize("xdist", [pytest.param([], id="serial"), pytest.param(
    ["-n", "2", "-p", "no:benchmark"], id="xdist", marks=pytest.mark.slow)])  # xdist: starts workers of its own


def _why(system: str, tagged: str = "") -> str:
    """Why a check (of cases ``tagged``) of ``system`` is skipped when every case of the system was deselected."""
    return KNOWN_FAULTY if system == "broken" else f"every case{tagged} deselected"


def _skipped_lines(systems: tuple[str, ...]) -> list[str]:
    """The summary lines of both checks of :data:`BOTH` for ``systems``, every case of which was deselected."""
    return [f"  demo [[]{system}[]] {check}: skipped ({_why(system, tagged)})"
            for check, tagged in (("bleu >= 40", ""), ("ter[[]negation[]] <= 90", " tagged negation"))
            for system in systems]


@XDIST
def test_a_system_whose_every_case_was_deselected_keeps_its_corpus_lines(pytester: pytest.Pytester,
                                                                         xdist: list[str]) -> None:
    """``-k new`` runs no case of ``old`` or ``broken``: their corpus checks are said skipped, never left out (under
    pytest-xdist too, where the controller collects nothing and no option of mtcheck's is set)."""
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + BOTH + CASES)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "-k", "new", *xdist)
    assert result.ret == pytest.ExitCode.OK
    skipped = _skipped_lines(("old", "broken"))
    bleu, ter = skipped[:2], skipped[2:]
    result.stdout.fnmatch_lines(["corpus checks",
                                 f"  demo [[]new[]] bleu >= 40: {_corpus_bleu(NEW, REFS):.2f} over 3 cases passed", *bleu, "  demo [[]new[]] ter[[]negation[]] <= 90: * over 2 cases passed", *ter, "",
                                 "PASSED: 3 passed"], consecutive=True)
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


@XDIST
def test_a_suite_whose_every_case_was_deselected_lists_each_corpus_check_as_skipped(pytester: pytest.Pytester,
                                                                                    xdist: list[str]) -> None:
    suite = pytester.makefile(".mt.yaml", demo=SUITE_HEADER + BOTH + CASES)
    pytester.makepyfile(test_plain="def test_plain():\n    assert True\n")
    original = suite.read_bytes()
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "-k", "plain", "--mt-report-json=r.json",
                                "--mt-report-md=r.md", *xdist)
    assert result.ret == pytest.ExitCode.OK  # the plain test passed; a check that read no case fails nothing
    systems = ("new", "old", "broken")
    result.stdout.fnmatch_lines(["*= mtcheck summary =*", "corpus checks", *_skipped_lines(systems)], consecutive=True)
    found = json.loads((pytester.path / "r.json").read_text())["corpus"]
    assert [(r["key"], r["system"], r["value"], r["passed"], r["skipped"]) for r in found] == \
        [(key, system, None, False, _why(system, tagged))
         for key, tagged in (("bleu", ""), ("ter[negation]", " tagged negation")) for system in systems]
    assert "6 corpus checks skipped (demo \\[new\\] bleu, demo \\[old\\] bleu, demo \\[broken\\] bleu and 3 more)" in \
        (pytester.path / "r.md").read_text()
    assert suite.read_bytes() == original


@XDIST
def test_a_corpus_check_some_of_whose_cases_were_deselected_is_skipped_never_judged_over_the_rest(
        pytester: pytest.Pytester, xdist: list[str]) -> None:
    """``-m "not negation"`` runs one of old's three cases: its corpus BLEU over that one (FAILED) is not the suite's
    (passed), so it is skipped, saying how many of its cases were deselected, in the summary and every report, as a
    shard's is; the run that selects every case still judges it."""
    suite = pytester.makefile(".mt.yaml", demo=SUITE_HEADER + BOTH + CASES)
    original = suite.read_bytes()
    reports = ("--mt-report-json=r.json", "--mt-report-md=r.md", "--mt-report-html=r.html")
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "-m", "not negation", *reports, *xdist)
    assert result.ret == pytest.ExitCode.OK  # a[new] and a[old] passed; no corpus check was judged, none gates
    why = "2 of its 3 cases deselected"
    result.stdout.fnmatch_lines(["corpus checks", f"  demo [[]new[]] bleu >= 40: skipped ({why})",
                                 f"  demo [[]old[]] bleu >= 40: skipped ({why})",
                                 f"  demo [[]broken[]] bleu >= 40: skipped ({KNOWN_FAULTY})"], consecutive=True)
    found = {(r["key"], r["system"]): r for r in json.loads((pytester.path / "r.json").read_text())["corpus"]}
    skipped = [found["bleu", system] for system in ("new", "old")]
    assert [(r["value"], r["passed"], r["segments"], r["skipped"]) for r in skipped] == [(None, False, 0, why)] * 2
    assert f"| demo | old | bleu | &gt;= 40 | - | 0 | skipped: {why} |" in (pytester.path / "r.md").read_text()
    assert f"skipped: {why}" in (pytester.path / "r.html").read_text()
    assert "Traceback" not in result.stdout.str() + result.stderr.str()

    whole = pytester.runpytest("-q", "-p", "no:cacheprovider", *xdist)
    assert whole.ret == pytest.ExitCode.OK
    whole.stdout.fnmatch_lines([f"  demo [[]old[]] bleu >= 40: {_corpus_bleu(OLD, REFS):.2f} over 3 cases passed"])
    assert suite.read_bytes() == original


#: Why each check of :data:`BOTH` over the negation cases is skipped when they were all deselected.
NO_NEGATION = {("ter[negation]", system): _why(system, " tagged negation") for system in ("new", "old", "broken")}


@pytest.mark.parametrize(("selection", "skipped"), [
    (["-m", "not negation"], {("bleu", "new"): "2 of its 3 cases deselected",
                              ("bleu", "old"): "2 of its 3 cases deselected", ("bleu", "broken"): KNOWN_FAULTY,
                              **NO_NEGATION}),
    (["--deselect", "demo.mt.yaml::c[broken]"],
     {("bleu", "broken"): KNOWN_FAULTY, ("ter[negation]", "broken"): KNOWN_FAULTY}),
    (["demo.mt.yaml::a[new]"], {("bleu", "new"): "2 of its 3 cases deselected", ("bleu", "old"): "every case deselected",
                                ("bleu", "broken"): KNOWN_FAULTY, **NO_NEGATION}),
], ids=["-m", "--deselect", "test id"])
def test_every_way_of_selecting_cases_keeps_the_corpus_checks_it_deselects(
        pytester: pytest.Pytester, selection: list[str], skipped: dict[tuple[str, str], str]) -> None:
    """Deselecting a known-faulty output (``--deselect c[broken]``) deselects no case of a corpus check: the others
    are judged as the whole run judges them."""
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + BOTH + CASES)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "--mt-report-json=r.json", *selection)
    found = json.loads((pytester.path / "r.json").read_text())["corpus"]
    assert [(r["key"], r["system"]) for r in found] == \
        [(key, system) for key in ("bleu", "ter[negation]") for system in ("new", "old", "broken")]
    assert {(r["key"], r["system"]): r["skipped"] for r in found if r["skipped"]} == skipped
    assert all(r["value"] is None and r["segments"] == 0 for r in found if r["skipped"])  # judged over no case
    judged = {(r["key"], r["system"]): r["value"] for r in found if not r["skipped"]}
    assert judged == {key: value for key, value in _whole_run(pytester).items() if key in judged}
    assert result.ret == pytest.ExitCode.OK  # -m: old's corpus BLEU is no longer judged (and failed) over its case a


def _whole_run(pytester: pytest.Pytester) -> dict[tuple[str, str], float | None]:
    """Each corpus check's value in a run of every case of the suite in ``pytester``, by key and system."""
    pytester.runpytest("-q", "-p", "no:cacheprovider", "--mt-report-json=whole.json")
    found = json.loads((pytester.path / "whole.json").read_text())["corpus"]
    return {(r["key"], r["system"]): r["value"] for r in found}


#: A suite whose system "new" has a known-faulty output (case a) and a correct one (case b).
ONE_FAULTY = textwrap.dedent("""\
    system: recorded
    defaults:
      checks: [{metric: chrf, min: 20}]
    corpus:
      - {metric: bleu, min: 10}
    cases:
      - {id: a, src: x, ref: The dog bit the man., hyps: {new: {text: Zzz., expect: fail}}}
      - {id: b, src: x, ref: It was not unexpected., hyps: {new: It was not unexpected.}}
    """)


@pytest.mark.parametrize(("deselect", "line"), [
    ("b", "skipped (every case deselected)"),  # its one case; the known-faulty output that ran is none of its cases
    ("a", "100.00 over 1 case passed"),  # the known-faulty output is none of its cases: judged as the whole run does
])
def test_a_known_faulty_output_is_never_a_deselected_case(pytester: pytest.Pytester, deselect: str, line: str) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + ONE_FAULTY)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "--deselect", f"demo.mt.yaml::{deselect}[new]")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["corpus checks", f"  demo [[]new[]] bleu >= 10: {line}", ""], consecutive=True)


@XDIST
def test_a_session_without_suites_is_left_alone(pytester: pytest.Pytester, xdist: list[str]) -> None:
    pytester.makepyfile(test_plain="def test_plain():\n    assert True\n")
    result = pytester.runpytest("-p", "no:cacheprovider", *xdist)
    assert result.ret == pytest.ExitCode.OK
    assert "mtcheck summary" not in result.stdout.str() and "corpus" not in result.stdout.str() + result.stderr.str()


def test_collecting_only_judges_no_corpus_check(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + BOTH + CASES)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider", "--collect-only")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["demo.mt.yaml::c[[]broken[]]", "", "7 tests collected in *"], consecutive=True)
    assert "corpus" not in result.stdout.str()
