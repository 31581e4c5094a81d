"""Issue 10: nothing non-English is scored with English resources, and each front end names its own option.

A check whose metric has no resource for the target language stops with one error
whose fix is the option of the command being used: ``mtcheck score``, ``mtcheck run``,
``meta-eval``, ``blind-spots``, the pytest plugin, or a suite's ``params:``.
"""
from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.errors import MetricError
from mtcheck.metaeval.core import suite_metrics
from mtcheck.metrics.resources import has_bundled_resources
from mtcheck.suite.loader import load_suite

pytest_plugins = ["pytester"]

GERMAN = """\
version: 1
name: german
source_lang: en
target_lang: fr
scales:
  fluency: {kind: ordinal, values: [1, 2, 3, 4, 5]}
defaults:
  checks:
    - {metric: "sam:bleu", min: 10}
    - {metric: bertscore, min: 0.5}
cases:
  - id: c1
    src: The food is good.
    ref: Das Essen ist gut.
    hyps: {good: Das Essen ist gut., bad: Das Essen ist schlecht.}
    ratings:
      fluency: {good: {a1: 5}, bad: {a1: 2}}
  - id: c2
    src: I am happy.
    ref: Ich bin froh.
    hyps: {good: Ich bin froh., bad: Ich bin traurig.}
    ratings:
      fluency: {good: {a1: 5}, bad: {a1: 1}}
  - id: c3
    src: It works.
    ref: Es funktioniert.
    hyps: {good: Es funktioniert., bad: Es geht nicht.}
    ratings:
      fluency: {good: {a1: 4}, bad: {a1: 2}}
"""
NYNORSK = """\
version: 1
name: nynorsk
source_lang: en
target_lang: nn
cases:
  - id: c1
    src: I do not like coffee.
    ref: Eg likar ikkje kaffi.
    hyp: Eg likar ikkje kaffi.
    checks: [{metric: "sam:bleu", min: 40}]
"""


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _lexicon(tmp_path: Path) -> str:
    path = tmp_path / "de_lexicon.txt"
    path.write_text("gut\ta\t0.6\nschlecht\ta\t-0.7\n", encoding="utf-8")
    return str(path)


# --- one language test --------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "covered"), [("en", True), ("en-GB", True), ("EN_us", True), ("eng", True),
                                               ("de", False), ("enm", False), (None, False), ("", False)])
def test_one_language_test(lang: str | None, covered: bool) -> None:
    assert has_bundled_resources(lang) is covered


def test_meta_eval_adds_sam_only_where_the_metric_can_run(write_suite: Callable[..., Path]) -> None:
    german = load_suite(write_suite(GERMAN))
    assert [c.key for c in suite_metrics(german)] == ["sam:bleu", "bertscore"]
    english = load_suite(write_suite(GERMAN.replace("target_lang: fr", "target_lang: en-GB"), name="en.mt.yaml"))
    assert [c.key for c in suite_metrics(english)] == ["bleu", "sam:bleu", "bertscore", "sam:bertscore"]


# --- mtcheck score and api.score ----------------------------------------------------------------


@pytest.mark.parametrize("metric", ["sam:bleu", "bertscore", "sam:chrf"])
def test_score_needs_lang_for_language_resources(metric: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["score", "--metric", metric, "--hyp", "Das ist gut.", "--ref", "Das ist schlecht."], capsys)
    assert code == 2 and not out
    assert err.startswith(f"mtcheck: error: {metric} needs the target language")
    assert err.rstrip().endswith("(fix: pass --lang LANG, e.g. --lang en)")


def test_score_lexical_metrics_need_no_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["score", "--metric", "chrf", "--hyp", "Das ist gut.", "--ref", "Das ist gut.", "--json"], capsys)
    assert code == 0 and json.loads(out)["score"] == pytest.approx(100.0)


def test_score_sam_on_german_names_the_score_lexicon_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--metric", "sam:bleu", "--lang", "fr", "--hyp", "Das ist gut.", "--ref", "Das ist schlecht."]
    code, _, err = _run(argv, capsys)
    assert code == 2 and "no sentiment lexicon for target language 'fr'" in err
    assert err.rstrip().endswith("(fix: pass --sam-lexicon PATH)") and "--mt-" not in err
    code, out, _ = _run([*argv, "--sam-lexicon", _lexicon(tmp_path), "--json"], capsys)
    payload = json.loads(out)
    assert code == 0 and payload["signature"].startswith("sam:bleu|lang:fr|lex:de_lexicon-unknown-sha256:")
    assert payload["details"]["p"] == pytest.approx(0.65)


def test_score_bertscore_on_german_names_the_model_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["score", "--metric", "bertscore", "--lang", "de", "--hyp", "a", "--ref", "b"], capsys)
    assert code == 2
    assert err == ("mtcheck: error: bertscore: no offline model is known for target language 'de', only an English "
                   "one; give a model for 'de' (fix: pass --bertscore-model NAME_OR_PATH)\n")


def test_score_sam_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--metric", "sam:bleu", "--lang", "en", "--hyp", "The food is good.", "--ref", "The food is bad.",
            "--json"]
    code, out, _ = _run(argv, capsys)
    assert code == 0 and json.loads(out)["signature"].startswith("sam:bleu|lang:en|lex:VADER-")


def test_api_score_takes_the_language(tmp_path: Path) -> None:
    with pytest.raises(MetricError, match="needs the target language"):
        api.score("Das ist gut.", "Das ist schlecht.", metric="sam:bleu")
    score = api.score("Das ist gut.", "Das ist schlecht.", metric="sam:bleu", lang="fr", lexicon=_lexicon(tmp_path))
    assert "|lang:fr|" in score.signature
    assert api.score("a b", "a b", metric="bleu", lang="fr").value == pytest.approx(100.0)


# --- commands that run suites -------------------------------------------------------------------


def test_run_names_the_run_options_once(write_suite: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["run", str(write_suite(GERMAN)), "--json", "--no-cache"], capsys)
    errors = {c["metric"]: c["error"] for r in json.loads(out)["cases"] for c in r["checks"]}
    assert errors["sam:bleu"].startswith("sam:bleu: SAM has no sentiment lexicon for target language 'fr'")
    assert errors["sam:bleu"].endswith(
        "(fix: pass --sam-lexicon PATH, or set `params: {lexicon: PATH}` on the check in the suite)")
    assert errors["bertscore"].startswith("bertscore: no offline model is known for target language 'fr'")
    assert errors["bertscore"].endswith(
        "(fix: pass --bertscore-model NAME_OR_PATH, or set `params: {model: NAME_OR_PATH}` on the check in the suite)")
    assert all("--mt-" not in e for e in errors.values())
    assert code != 0


def test_meta_eval_error_names_its_option_with_the_metric_once(write_suite: Callable[..., Path],
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["meta-eval", str(write_suite(GERMAN)), "--json", "--bootstrap", "0", "--no-cache"], capsys)
    problems = json.loads(out)["problems"]
    bert = next(p for p in problems if "model" in p)
    assert bert.startswith("german: bertscore: no offline model") and bert.count("bertscore:") == 1
    assert "--bertscore-model NAME_OR_PATH" in bert and "--mt-" not in bert
    sam = next(p for p in problems if "lexicon" in p)
    assert sam.startswith("german: sam:bleu: SAM has no sentiment lexicon") and "--sam-lexicon PATH" in sam
    assert code == 1  # nothing could be meta-evaluated


def test_meta_eval_runs_german_with_the_users_lexicon(write_suite: Callable[..., Path], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["meta-eval", str(write_suite(GERMAN)), "--json", "--bootstrap", "0", "--no-cache",
            "--sam-lexicon", _lexicon(tmp_path)]
    code, out, _ = _run(argv, capsys)
    assert code == 0 and [c["metric"] for c in json.loads(out)["correlations"]] == ["sam:bleu"]


def test_blind_spots_scores_on_the_suite_language_and_reports_errors(
    write_suite: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(["blind-spots", str(write_suite(NYNORSK)), "--kinds", "typo"], capsys)
    assert code == 1
    assert "mtcheck: error: nynorsk: sam:bleu: SAM has no sentiment lexicon for target language 'nn'" in err
    assert "--sam-lexicon PATH" in err and "--mt-" not in err
    assert err.count("mtcheck: error:") == 1  # once, not once per edit


# --- the pytest plugin --------------------------------------------------------------------------


def test_pytest_names_the_plugin_options(pytester: pytest.Pytester) -> None:
    (pytester.path / "german.mt.yaml").write_text(textwrap.dedent(GERMAN), encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--mt-no-cache")
    text = result.stdout.str()
    assert "(fix: pass --mt-sam-lexicon PATH, or set `params: {lexicon: PATH}` on the check in the suite)" in text
    assert "(fix: pass --mt-bertscore-model NAME_OR_PATH, or set `params: {model: NAME_OR_PATH}`" in text
    assert "bertscore: bertscore" not in text


# --- the wording itself, and suites run from Python ---------------------------------------------


def test_wording_names_the_check_metric_for_generic_settings() -> None:
    from mtcheck.config.advice import Wording, named
    from mtcheck.errors import Setting

    wording = Wording(param="pass --param {metric}.{key}={value}", options={"model": "pass --model {value}"}, suite=True)
    error = MetricError("bertscore: cannot load model 'x'", setting=Setting("bertscore", "num_layers", "N"))
    assert wording.reword(error, "sam:bertscore").args[0] == (
        "sam:bertscore: bertscore: cannot load model 'x' (fix: pass --param sam:bertscore.num_layers=N, "
        "or set `params: {num_layers: N}` on the check in the suite)")
    assert wording.reword(wording.reword(error, "bertscore"), "bertscore").args[0].count("bertscore:") == 1
    assert named("bleu", "bleu: x") == "bleu: x" and named("bleu", "x") == "bleu: x"


def test_suites_run_from_python_name_the_suite_params(write_suite: Callable[..., Path]) -> None:
    results = api.run_suites(api.load_suites([write_suite(GERMAN)]))
    errors = {c.check.metric: c.error for r in results for c in r.checks}
    assert errors["sam:bleu"].endswith("(fix: set `params: {lexicon: PATH}` on the check in the suite)")
    assert errors["bertscore"].endswith("(fix: set `params: {model: NAME_OR_PATH}` on the check in the suite)")
