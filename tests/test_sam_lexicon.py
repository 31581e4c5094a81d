"""SAM lexicons: both SentiWords layouts, the VADER default, the env var, and bad files."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.errors import MetricError
from mtcheck.sentiment import ENV_VAR, load_lexicon
from mtcheck.sentiment import lexicon as lexicon_module
from mtcheck.sentiment.lexicon import find_lexicon

DATA = Path(__file__).resolve().parents[1] / "fixtures" / "lexicons"


@pytest.mark.parametrize("name", ["tiny_hashpos.txt", "tiny_columns.txt"])
def test_both_layouts_give_the_same_entries(name: str) -> None:
    lexicon = load_lexicon(DATA / name)
    assert lexicon.has_pos and len(lexicon) == 8
    assert lexicon.lookup("joy", "n") == 0.9
    assert lexicon.lookup("not", "r") == -0.25
    assert lexicon.lookup("joy", "v") is None
    assert lexicon.lookup("joy", None) is None
    assert len(lexicon.sha256) == 64 and lexicon.ident.startswith(f"{Path(name).stem}-unknown-sha256:")


def test_surface_form_is_tried_after_the_lemma() -> None:
    lexicon = load_lexicon(DATA / "tiny_hashpos.txt")
    assert lexicon.lookup("gooder", "a", "good") == 0.6


def test_default_is_vader_rescaled_without_pos() -> None:
    lexicon = load_lexicon("default")
    assert lexicon.name == "VADER" and not lexicon.has_pos
    assert lexicon.lookup("happiness", "n") == pytest.approx(2.6 / 4)
    assert lexicon.lookup("happiness", "v") == pytest.approx(2.6 / 4)  # no POS: any tag matches
    assert all(-1.0 <= s <= 1.0 for s in lexicon.entries.values())


def test_loaded_once_per_process() -> None:
    assert load_lexicon(DATA / "tiny_hashpos.txt") is load_lexicon(str(DATA / "tiny_hashpos.txt"))
    assert load_lexicon("default") is load_lexicon("vader")


@pytest.mark.parametrize("name", ["default", "tiny_hashpos.txt", "tiny_columns.txt", "sentiwords_header.txt"])
def test_a_lexicon_is_named_without_parsing_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Signatures need only the ident, so a run whose SAM scores are all cached parses no lexicon."""
    spec = name if name == "default" else DATA / name
    expected = load_lexicon(spec).ident
    if name == "sentiwords_header.txt":
        assert expected.startswith("SentiWords-1.1-sha256:")
    monkeypatch.setattr(lexicon_module, "_load_cached", lambda *key: pytest.fail("the lexicon was parsed"))
    assert find_lexicon(spec).ident == expected


def test_env_var_is_used_when_no_param(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(DATA / "tiny_columns.txt"))
    assert load_lexicon().source.endswith("tiny_columns.txt")
    assert load_lexicon(DATA / "tiny_hashpos.txt").source.endswith("tiny_hashpos.txt")  # a param wins
    monkeypatch.delenv(ENV_VAR)
    assert load_lexicon().name == "VADER"


def test_missing_file_names_path_and_origin(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with pytest.raises(MetricError, match=r"nope\.txt: sentiment lexicon not found \(from the lexicon param\)"):
        load_lexicon(tmp_path / "nope.txt")
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "gone.txt"))
    with pytest.raises(MetricError, match=rf"gone\.txt.*\${ENV_VAR}.*fix:"):
        load_lexicon()


@pytest.mark.parametrize(
    ("name", "line", "message"),
    [
        ("malformed_score.txt", 4, "the score is not a number"),
        ("malformed_pos.txt", 2, "unknown part of speech"),
        ("mixed_layout.txt", 2, "layout changes"),
        ("out_of_range.txt", 2, r"the score is outside \[-1, 1\] \(fix: rescale"),
        ("unknown_layout.csv", 1, r"unknown layout: 1 tab-separated field\(s\) \(fix: "),
    ],
)
def test_bad_files_report_path_line_and_fix(name: str, line: int, message: str) -> None:
    with pytest.raises(MetricError, match=rf"{name}:{line}: {message}") as info:
        load_lexicon(DATA / name)
    assert str(info.value).startswith(str(DATA / name)) and "(fix: " in str(info.value)
    text = (DATA / name).read_text(encoding="utf-8").splitlines()[line - 1]
    assert not any(field.strip() in str(info.value) for field in text.split("\t") if len(field.strip()) > 2), \
        "an error never quotes the file's text"


def test_file_without_entries() -> None:
    with pytest.raises(MetricError, match="no lexicon entries found"):
        load_lexicon(DATA / "no_entries.txt")


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("caf\xe9#n\t0.1\n".encode("latin-1"))
    with pytest.raises(MetricError, match="not UTF-8"):
        load_lexicon(path)


def test_edited_file_is_reloaded(tmp_path: Path) -> None:
    path = tmp_path / "lex.txt"
    path.write_text("joy#n\t0.5\n", encoding="utf-8")
    first = load_lexicon(path)
    path.write_text("joy#n\t0.25\nrage#n\t-0.5\n", encoding="utf-8")
    second = load_lexicon(path)
    assert second.lookup("joy", "n") == 0.25 and first.sha256 != second.sha256
