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
     ":6: corpus check #1: metric 'meteor' has no corpus-level score (fix: use bleu, chrf, chrf++, ter, bertscore, "
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


def test_a_corpus_check_whose_cases_were_all_deselected_is_skipped_with_its_reason(pytester: pytest.Pytester) -> None:
    pytester.makefile(".mt.yaml", demo=SUITE_HEADER + "corpus:\n  - {metric: ter, max: 1, tags: [negation]}\n" + CASES)
    result = pytester.runpytest("-q", "-k", "new and not negation", "--mt-report-json=r.json", "--mt-report-md=r.md")
    assert result.ret == pytest.ExitCode.OK  # nothing judged it: it cannot fail, and it is said, not dropped
    why = "no case tagged negation ran for this system: deselected, or the system has no output for it"
    result.stdout.fnmatch_lines(["corpus checks", f"  demo [[]new[]] ter[[]negation[]] <= 1: skipped ({why})", "",
                                 "PASSED: 1 passed"])
    (found,) = json.loads((pytester.path / "r.json").read_text())["corpus"]
    assert (found["key"], found["value"], found["skipped"]) == ("ter[negation]", None, why)
    markdown = (pytester.path / "r.md").read_text()
    assert markdown.startswith("## PASSED: 1 passed; 1 corpus check skipped (demo \\[new\\] ter\\[negation\\])")
    assert f"| demo | new | ter\\[negation\\] | &lt;= 1 | - | 0 | skipped: {why} |" in markdown
