"""Paths in a suite stay in the suite's folder; the user's own paths and hub models are trusted."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from mtcheck.config.advice import PYTEST_WORDING as WORDING
from mtcheck.engine.evaluate import Evaluator
from mtcheck.errors import MetricError, Problem, SuiteError, SystemFailure
from mtcheck.suite.loader import check_suite, load_suite
from mtcheck.suite.model import Check
from mtcheck.systems import check_system, make_system

HEADER = "version: 1\nname: demo\nsource_lang: en\ntarget_lang: en\n"
SECRET = "TOPSECRET-first-line"


def _suite(folder: Path, check: str = "{metric: chrf, min: 1}", *, system: str | None = None) -> Path:
    """``folder/suites/demo.mt.yaml`` with one case and one check (line 7), next to ``folder/SECRET.txt``."""
    (folder / "SECRET.txt").write_text(SECRET + "\n", encoding="utf-8")
    path = folder / "suites" / "demo.mt.yaml"
    path.parent.mkdir(exist_ok=True)
    head = HEADER + (f"system: {system}\n" if system else "")
    path.write_text(head + f"cases:\n  - {{id: a, src: x, ref: the cat, hyp: the cat, tags: [t], checks: [{check}]}}\n",
                    encoding="utf-8")
    return path


def _errors(path: Path) -> list[Problem]:
    suite, errors, _ = check_suite(path)
    assert suite is None
    return errors


def _params(path: Path) -> dict[str, Any]:
    return load_suite(path).cases[0].checks[0].params


@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("{metric: 'sam:chrf', min: 1, params: {lexicon: ../SECRET.txt}}", "lexicon '../SECRET.txt' is outside"),
        ("{metric: 'sam:chrf', min: 1, params: {lexicon: /etc/passwd}}", "lexicon '/etc/passwd' is outside"),
        ("{metric: bertscore, min: 0.1, params: {idf: true, idf_sents: /etc/shadow}}", "idf_sents '/etc/shadow' is outside"),
        ("{metric: bertscore, min: 0.1, params: {baseline_path: ../../b.tsv}}", "baseline_path '../../b.tsv' is outside"),
        ("{metric: bertscore, min: 0.1, params: {model: ../models/m}}", "model '../models/m' is outside"),
        ("{metric: 'sam:bertscore', min: 0.1, params: {model: /opt/models/m}}", "model '/opt/models/m' is outside"),
    ],
)
def test_a_path_outside_the_suites_folder_is_a_load_error(tmp_path: Path, check: str, message: str) -> None:
    (problem,) = _errors(_suite(tmp_path, check))
    assert problem.line == 6 and problem.message.startswith("case 'a' check #1: " + message)
    assert f"the suite's folder {tmp_path / 'suites'}" in problem.message
    assert "or give it yourself: --mt-" in problem.fix and SECRET not in str(problem)


def test_the_fix_names_the_users_own_option(tmp_path: Path) -> None:
    fixes = [_errors(_suite(tmp_path, check))[0].fix for check in (
        "{metric: 'sam:chrf', min: 1, params: {lexicon: /x}}",
        "{metric: 'sam:bertscore', min: 0.1, params: {idf_sents: /x}}",
        "{metric: bertscore, min: 0.1, params: {model: /x}}",
    )]
    assert fixes == [
        "move it into that folder (or below), or give it yourself: --mt-sam-lexicon PATH (mtcheck run: --sam-lexicon PATH)",
        "move it into that folder (or below), or give it yourself: --mt-param sam:bertscore.idf_sents=PATH "
        "(mtcheck run: --param sam:bertscore.idf_sents=PATH)",
        "move it into that folder (or below), or give it yourself: --mt-bertscore-model NAME_OR_PATH "
        "(mtcheck run: --bertscore-model NAME_OR_PATH)",
    ]


def test_relative_paths_mean_files_in_the_suites_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = _suite(tmp_path, "{metric: 'sam:bertscore', min: 0.1, params: {lexicon: lex/l.txt, idf_sents: idf.txt, "
                            "baseline_path: ./b.tsv, model: ./models/m}}")
    params = _params(path.relative_to(tmp_path))
    # A bare relative path is the suite's, not the working directory's.
    assert params == {"lexicon": "suites/lex/l.txt", "idf_sents": "suites/idf.txt", "baseline_path": "suites/b.tsv",
                      "model": "suites/models/m"}


def test_an_absolute_path_inside_the_suites_folder_is_fine(tmp_path: Path) -> None:
    lexicon = tmp_path / "suites" / "lex.txt"
    assert _params(_suite(tmp_path, f"{{metric: 'sam:chrf', min: 1, params: {{lexicon: {lexicon}}}}}")) == {
        "lexicon": str(lexicon)}


def test_no_reader_takes_a_suites_path_for_the_home_folder_or_a_hub_name(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = _suite(tmp_path, "{metric: 'sam:bertscore', min: 0.1, params: {lexicon: ~/lex.txt, model: ./org/m}}")
    monkeypatch.chdir(path.parent)
    # "~/lex.txt" would be expanded to the home folder, "org/m" taken for a hub name
    assert _params(Path(path.name)) == {"lexicon": "./~/lex.txt", "model": "./org/m"}


def test_a_link_that_leads_out_is_a_load_error(tmp_path: Path) -> None:
    path = _suite(tmp_path, "{metric: 'sam:chrf', min: 1, params: {lexicon: lex.txt}}")
    (path.parent / "lex.txt").symlink_to(tmp_path / "SECRET.txt")
    (problem,) = _errors(path)
    assert "lexicon 'lex.txt' is a link that leads outside the suite's folder" in problem.message


def test_a_link_that_stays_inside_is_fine(tmp_path: Path) -> None:
    path = _suite(tmp_path, "{metric: 'sam:chrf', min: 1, params: {lexicon: lex.txt}}")
    (path.parent / "real.txt").write_text("good\ta\t0.5\n", encoding="utf-8")
    (path.parent / "lex.txt").symlink_to("real.txt")
    assert _params(path) == {"lexicon": str(path.parent / "lex.txt")}


@pytest.mark.parametrize(
    ("check", "make", "message"),
    [
        ("{metric: bertscore, min: 0.1, params: {idf_sents: fifo}}", os.mkfifo, "is a FIFO, not a regular file"),
        ("{metric: 'sam:chrf', min: 1, params: {lexicon: fifo}}", os.mkfifo, "is a FIFO, not a regular file"),
        ("{metric: 'sam:chrf', min: 1, params: {lexicon: fifo}}", os.mkdir, "is a folder, not a regular file"),
        ("{metric: bertscore, min: 0.1, params: {model: ./fifo}}", os.mkfifo, "is a FIFO, not a folder"),
    ],
)
def test_a_special_file_is_a_load_error(tmp_path: Path, check: str, make: Any, message: str) -> None:
    path = _suite(tmp_path, check)
    make(path.parent / "fifo")
    (problem,) = _errors(path)
    assert message in problem.message and problem.fix.startswith("name a ")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda m, root: (m / "config.json").symlink_to(root / "SECRET.txt"),
         "model './m' holds 'config.json', a link that leads outside the suite's folder"),
        (lambda m, root: (m / "sub").symlink_to(root, target_is_directory=True),
         "model './m' holds 'sub', a link that leads outside the suite's folder"),
        (lambda m, root: os.mkfifo(m / "weights.bin"), "model './m' holds 'weights.bin', which is a FIFO"),
    ],
)
def test_a_model_folder_holds_nothing_that_leads_out(tmp_path: Path, make: Any, message: str) -> None:
    path = _suite(tmp_path, "{metric: bertscore, min: 0.1, params: {model: ./m}}")
    (path.parent / "m").mkdir()
    make(path.parent / "m", tmp_path)
    (problem,) = _errors(path)
    assert message in problem.message


def test_a_model_folder_inside_loads_as_a_path(tmp_path: Path) -> None:
    path = _suite(tmp_path, "{metric: bertscore, min: 0.1, params: {model: m}}")
    (path.parent / "m" / "loop").mkdir(parents=True)
    (path.parent / "m" / "loop" / "again").symlink_to("..", target_is_directory=True)  # a cycle: walked once
    (path.parent / "m" / "config.json").write_text("{}", encoding="utf-8")
    assert _params(path) == {"model": str(path.parent / "m")}


def test_a_hub_model_name_is_kept_with_a_warning(tmp_path: Path) -> None:
    path = _suite(tmp_path, "{metric: bertscore, min: 0.1, params: {model: some-org/some-model}}")
    suite, errors, warnings = check_suite(path)
    assert suite is not None and not errors
    assert suite.cases[0].checks[0].params == {"model": "some-org/some-model"}
    (warning,) = warnings
    assert ("model 'some-org/some-model' is no file or folder in the suite's folder, so it is taken for a Hugging Face "
            "hub name: a run refuses it unless you pass it yourself") in warning.message
    assert warning.fix.startswith("pass --mt-bertscore-model some-org/some-model (mtcheck run: --bertscore-model some-org/")


@pytest.mark.parametrize("value", ["../SECRET.txt", "/etc/passwd", "link.txt"])
def test_an_outputs_file_outside_the_suites_folder_is_a_load_error(tmp_path: Path, value: str) -> None:
    path = _suite(tmp_path, system=f"file:{value}")
    (path.parent / "link.txt").symlink_to(tmp_path / "SECRET.txt")
    (problem,) = _errors(path)
    assert problem.line == 5 and problem.message.startswith(f"suite: system 'file:{value}': the outputs file is ")
    assert "outside the suite's folder" in problem.message
    assert problem.fix.endswith("or give it yourself: --mt-system file:PATH (mtcheck run: --system file:PATH)")


def test_an_outputs_file_in_the_suites_folder_resolves_against_it(tmp_path: Path) -> None:
    assert load_suite(_suite(tmp_path, system="file:out/a.txt")).system == f"file:{tmp_path / 'suites' / 'out' / 'a.txt'}"
    with pytest.raises(SuiteError, match="the outputs file is a FIFO, not a regular file"):
        os.mkfifo(tmp_path / "suites" / "fifo.txt")
        load_suite(_suite(tmp_path, system="file:fifo.txt"))


# --- the user's own settings: trusted, and never a hang on a special file


def test_the_users_outputs_file_may_be_anywhere_but_not_a_fifo(tmp_path: Path) -> None:
    (tmp_path / "out.txt").write_text("the cat\n", encoding="utf-8")
    suite = load_suite(_suite(tmp_path))  # out.txt is outside the suite's folder: the user named it
    assert make_system(f"file:{tmp_path / 'out.txt'}").translate(suite.cases, source_lang="en", target_lang="en",
                                                                suite=suite) == ["the cat"]
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(SystemFailure, match="outputs file '.*fifo' is a FIFO, not a regular file"):
        check_system(f"file:{tmp_path / 'fifo'}")


class _Built(Exception):
    """Raised by the stand-in for get_metric: the metric would have been built (and the hub reached)."""


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    def fake(name: str, params: dict[str, Any], *, target_lang: str | None = None, source_lang: str | None = None) -> Any:
        calls.append(params)
        raise _Built(name)

    monkeypatch.setattr("mtcheck.engine.evaluate.get_metric", fake)
    return calls


@pytest.mark.parametrize("metric", ["bertscore", "sam:bertscore"])
def test_a_suites_hub_model_is_refused_before_any_model_loads(built: list[dict[str, Any]], metric: str) -> None:
    with pytest.raises(MetricError) as info:
        Evaluator(wording=WORDING).metric(Check(metric, 0.1, params={"model": "some-org/some-model"}), "en")
    assert built == []
    # The fix names the user's option only: the suite's params cannot fix it.
    assert str(info.value) == (
        f"{metric}: model 'some-org/some-model' in the suite is no file or folder in the suite's folder, so it is taken "
        "for a Hugging Face hub name, and a suite file never makes mtcheck reach the hub (fix: pass --mt-bertscore-model "
        "some-org/some-model)")


@pytest.mark.parametrize(
    ("metric", "overrides", "model"),
    [
        ("bertscore", {"bertscore": {"model": "some-org/some-model"}}, "some-org/some-model"),
        ("sam:bertscore", {"sam:bertscore": {"model": "other/model"}}, "other/model"),
        ("sam:bertscore", {"sam:*": {"model": "some-org/some-model"}}, "some-org/some-model"),
    ],
)
def test_the_user_allows_a_hub_model_by_naming_it(built: list[dict[str, Any]], metric: str,
                                                  overrides: dict[str, dict[str, Any]], model: str) -> None:
    with pytest.raises(_Built):
        Evaluator(overrides=overrides).metric(Check(metric, 0.1, params={"model": "some-org/some-model"}), "en")
    assert built == [{"model": model}]


def test_a_hub_model_for_plain_bertscore_does_not_allow_sam_bertscore(built: list[dict[str, Any]]) -> None:
    evaluator = Evaluator(overrides={"bertscore": {"model": "some-org/some-model"}})
    with pytest.raises(MetricError, match="taken for a Hugging Face hub name"):
        evaluator.metric(Check("sam:bertscore", 0.1, params={"model": "some-org/some-model"}), "en")


def test_a_local_model_from_the_suite_is_built(built: list[dict[str, Any]]) -> None:
    with pytest.raises(_Built):
        Evaluator().metric(Check("bertscore", 0.1, params={"model": "./suites/models/m"}), "en")
    assert built == [{"model": "./suites/models/m"}]
