"""Issue 22, item 5: ``mtcheck validate`` checks everything ``mtcheck run`` checks before it scores a case.

Each suite of the table is one that ``run`` cannot score: a check's metric cannot be built
(no resource for the target language, a lexicon or model folder missing or broken, a
language's name where a code belongs, ...). ``validate`` rejects it with the check's file,
line and a fix, and ``run`` reports the very same cause; both build the metric through
:meth:`mtcheck.engine.evaluate.Evaluator.metric`. With the option that fixes it, both accept it.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.config.advice import SUITE_WORDING

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SUITE = """\
source_lang: en
target_lang: {lang}
cases:
  - id: a
    src: I love this film.
    ref: {text}
    hyp: {text}
    tags: [sentiment]
    checks:
      - {check}
"""
CHECK_LINE = 10
TEXTS = {"en": "I love this film.", "fr": "J'adore ce film.", "tlh": "I love this film."}


def _lexicon(folder: Path, name: str = "lex.txt", fixture: str = "tiny_columns.txt") -> None:
    shutil.copy(FIXTURES / "lexicons" / fixture, folder / name)


def _model(folder: Path, *files: str) -> None:
    """A model folder ``m`` holding ``files`` (a config that names its layers; the others empty)."""
    (folder / "m").mkdir()
    for name in files:
        (folder / "m" / name).write_text('{"num_hidden_layers": 2}' if name == "config.json" else "", encoding="utf-8")


@dataclass(frozen=True)
class Unbuildable:
    name: str
    lang: str
    check: str
    cause: str
    prepare: Callable[[Path], None] = lambda folder: None


UNBUILDABLE = [
    Unbuildable("sam-on-fr", "fr", "{metric: 'sam:bleu', min: 1}",
                "SAM has no sentiment lexicon for target language 'fr'"),
    Unbuildable("bertscore-on-fr", "fr", "{metric: bertscore, min: 0.1}",
                "no offline model is known for target language 'fr'"),
    Unbuildable("sam-bertscore-on-fr-with-a-lexicon", "fr", "{metric: 'sam:bertscore', min: 0.1, params: {lexicon: lex.txt}}",
                "no offline model is known for target language 'fr'", _lexicon),
    Unbuildable("aligned-penalty-without-word-lists", "fr",
                "{metric: 'sam:bleu', min: 1, params: {lexicon: lex.txt, penalty: aligned}}",
                "penalty 'aligned' has no negators or intensifiers for target language 'fr'", _lexicon),
    Unbuildable("lexicon-missing", "en", "{metric: 'sam:bleu', min: 1, params: {lexicon: missing.txt}}",
                "sentiment lexicon not found"),
    Unbuildable("lexicon-malformed", "en", "{metric: 'sam:chrf', min: 1, params: {lexicon: lex.txt}}",
                "lex.txt:4: the score is not a number", lambda f: _lexicon(f, fixture="malformed_score.txt")),
    Unbuildable("model-folder-missing", "en", "{metric: bertscore, min: 0.1, params: {model: ./nowhere}}",
                "/nowhere' does not exist"),
    Unbuildable("model-folder-without-config", "en", "{metric: bertscore, min: 0.1, params: {model: ./m}}",
                "has no config.json", lambda f: _model(f, "model.safetensors", "vocab.txt")),
    Unbuildable("model-folder-without-weights", "en", "{metric: bertscore, min: 0.1, params: {model: ./m}}",
                "/m' has no weights (a *.safetensors or *.bin file)", lambda f: _model(f, "config.json", "vocab.txt")),
    Unbuildable("model-folder-without-tokenizer", "en", "{metric: bertscore, min: 0.1, params: {model: ./m}}",
                "/m' has no tokenizer", lambda f: _model(f, "config.json", "model.safetensors")),
    Unbuildable("rescaling-a-local-model-without-baseline", "en",
                "{metric: bertscore, min: 0.1, params: {model: ./m, rescale_with_baseline: true}}",
                "rescale_with_baseline with a local model needs baseline_path",
                lambda f: _model(f, "config.json", "model.safetensors", "vocab.txt")),
    Unbuildable("hub-model-name", "en", "{metric: bertscore, min: 0.1, params: {model: some-org/some-model}}",
                "taken for a Hugging Face hub name"),
    Unbuildable("language-name-in-params", "en", "{metric: lang, min: 1, params: {lang: English}}",
                "target language 'English' is not a language code (fix: did you mean 'en'?)"),
    Unbuildable("language-the-detector-lacks", "tlh", "{metric: lang, min: 1}",
                "cannot identify the target language 'tlh'"),
]


def _main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _suite(tmp_path: Path, case: Unbuildable) -> Path:
    case.prepare(tmp_path)
    path = tmp_path / f"{case.name}.mt.yaml"
    path.write_text(SUITE.format(lang=case.lang, text=TEXTS[case.lang], check=case.check), encoding="utf-8")
    return path


@pytest.mark.parametrize("case", UNBUILDABLE, ids=lambda c: c.name)
def test_validate_rejects_what_run_cannot_build(case: Unbuildable, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = _suite(tmp_path, case)
    code, out, _ = _main(["validate", str(path)], capsys)
    assert code == 1
    (error,) = [line for line in out.splitlines() if line.startswith("error: ")]
    assert error.startswith(f"error: {path}:{CHECK_LINE}: ") and case.cause in error and "(fix: " in error
    assert out.splitlines()[-1] == f"failed: {path} (1 error)"
    (problem,) = api.validate([path], wording=SUITE_WORDING)[0].errors

    code, _, err = _main(["run", str(path), "--no-cache"], capsys)
    assert code == 2
    assert f"cannot be computed: {problem.message}" in err  # the same cause, word for word


def test_the_option_that_fixes_a_check_fixes_it_for_both(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _suite(tmp_path, UNBUILDABLE[0])
    _lexicon(tmp_path)
    lexicon = ["--sam-lexicon", str(tmp_path / "lex.txt")]
    assert _main(["validate", str(path), *lexicon], capsys)[1].splitlines()[-1] == f"ok: {path} (1 case, 1 output)"
    code, out, err = _main(["run", str(path), "--no-cache", *lexicon], capsys)
    assert code == 0 and "cannot be computed" not in err and out.splitlines()[-1] == "PASSED: 1 passed"


def test_a_default_check_is_one_error_at_its_line(write_suite: Callable[..., Path]) -> None:
    path = write_suite(textwrap.dedent("""\
        source_lang: en
        target_lang: fr
        defaults:
          checks: [{metric: "sam:chrf", min: 1}]
        cases:
          - {id: a, src: x, ref: y, hyp: y}
          - {id: b, src: x, ref: y, hyp: y}
          - {id: c, src: x, ref: y, hyp: y, checks: [{metric: chrf, min: 1}]}
        """))
    (result,) = api.validate([path])
    assert result.suite is None
    assert [(p.line, p.message.split(":")[0]) for p in result.errors] == [(4, "sam")]


def test_validate_checks_the_run_options(write_suite: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    path = str(write_suite(SUITE.format(lang="en", text=TEXTS["en"], check="{metric: chrf, min: 1}")))
    assert _main(["validate", path], capsys)[0] == 0
    code, out, err = _main(["validate", path, "--system", "cmd:no-such-mt-program"], capsys)
    assert (code, out) == (2, "") and "cannot find the program 'no-such-mt-program'" in err
    code, _, err = _main(["validate", path, "--param", "chrf.betta=2"], capsys)
    assert code == 2 and "metric 'chrf' has no setting 'betta' (did you mean 'beta'?)" in err


VALIDATE_AND_LIST_MODULES = """\
import sys
from mtcheck import api
(result,) = api.validate([sys.argv[1]])
assert not result.errors, result.errors
print(sorted(m for m in ("torch", "transformers", "bert_score", "py3langid", "nltk") if m in sys.modules))
"""


@pytest.mark.parametrize(
    ("check", "prepare"),
    [("{metric: chrf, min: 1}", lambda f: None),
     ("{metric: bertscore, min: 0.1, params: {model: ./m}}", lambda f: _model(f, "config.json", "model.safetensors", "vocab.txt"))],
    ids=["lexical", "bertscore-with-a-model-folder"],
)
def test_validate_loads_no_model(check: str, prepare: Callable[[Path], None], tmp_path: Path) -> None:
    prepare(tmp_path)
    path = tmp_path / "s.mt.yaml"
    path.write_text(SUITE.format(lang="en", text=TEXTS["en"], check=check), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", VALIDATE_AND_LIST_MODULES, str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
