"""Issue 22, item 6: outputs clearly not in the declared language are pointed out, once, and never rescored."""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import WriteSuite
from mtcheck import api
from mtcheck.commands.language_mismatch import Mismatch, clear_mismatch, language_uses
from mtcheck.commands.main import main

ENGLISH = [
    "I really do not like this film, it is far too long.",
    "The hotel was lovely and the staff were very friendly.",
    "Honestly he made me sad after everything I did for him.",
]
GERMAN = [
    "Ich mag diesen Film wirklich nicht, er ist viel zu lang.",
    "Das Hotel war wunderschön und das Personal sehr freundlich.",
]
NYNORSK = ["Eg har ikkje tid til å hjelpe deg i dag, men kanskje i morgon."]
BOKMAL = ["Jeg har ikke tid til å hjelpe deg i dag, men kanskje i morgen."]


@pytest.mark.parametrize(
    ("lang", "texts", "expected"),
    [
        ("de", ENGLISH, Mismatch("en", 3, 3)),
        ("DE-at", ENGLISH, Mismatch("en", 3, 3)),
        ("en", ENGLISH, None),
        ("en-GB", ENGLISH, None),
        ("de", GERMAN, None),
        ("de", ENGLISH[:2] + GERMAN, None),  # no language has most lines
        ("de", ["It works.", "Good morning!", "Thanks a lot."], None),  # too short to tell
        ("de", [], None),
        ("no", NYNORSK + BOKMAL, None),
        ("nb", NYNORSK, None),  # Bokmål and Nynorsk are too close to warn about
        ("nn", BOKMAL, None),
    ],
)
def test_only_a_clear_case_is_a_mismatch(lang: str, texts: list[str], expected: Mismatch | None) -> None:
    assert clear_mismatch(lang, texts) == expected


@pytest.mark.parametrize(
    ("metrics", "lang", "uses"),
    [
        (["bleu", "chrf", "not-copy"], "de", []),
        (["sam:bleu"], "de", ["sam: reads German word lists"]),
        (["sam:chrf", "sam:bleu"], "en", ["sam: reads the English lexicon and tagger"]),
        (["sam:bleu"], "fr", ["sam: reads your lexicon, untagged"]),
        (["sam:bertscore", "lang"], "de", ["sam: reads German word lists", "bertscore: picks its model for de",
                                           "lang: expects de"]),
    ],
)
def test_the_warning_names_what_the_language_decides(metrics: list[str], lang: str, uses: list[str]) -> None:
    assert language_uses(metrics, lang) == uses


def _main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _pairs(tmp_path: Path, hyps: list[str]) -> str:
    path = tmp_path / "pairs.jsonl"
    path.write_text("".join(f'{{"hyp": "{h}", "ref": "{h}"}}\n' for h in hyps), encoding="utf-8")
    return str(path)


def test_score_warns_once_and_scores_as_before(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main(["score", "--metric", "sam:bleu", "--lang", "de", "--input", _pairs(tmp_path, ENGLISH),
                            "--json"], capsys)
    assert code == 0
    assert err == ("mtcheck: warning: --lang de but the hypotheses look like en (3 of 3 lines); "
                   "sam: reads German word lists\n")
    values = [api.score(h, h, metric="sam:bleu", lang="de").value for h in ENGLISH]
    assert [float(line.split('"score": ')[1].split(",")[0]) for line in out.splitlines()] == values


@pytest.mark.parametrize(
    ("metric", "lang", "hyp"),
    [("bleu", "de", ENGLISH[0]), ("sam:bleu", "en", ENGLISH[0]), ("sam:bleu", "de", GERMAN[0]),
     ("sam:bleu", "de", "Great film!")],
    ids=["a-metric-that-reads-no-language", "the-declared-language", "german-as-declared", "too-short"],
)
def test_score_is_quiet_unless_it_is_clear_and_matters(metric: str, lang: str, hyp: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _main(["score", "--metric", metric, "--lang", lang, "--hyp", hyp, "--ref", hyp], capsys)
    assert (code, err) == (0, "")


def _case(case_id: str, hyp: str, expect_fail: bool = False) -> str:
    output = f"{{text: {hyp!r}, expect: fail}}" if expect_fail else repr(hyp)
    return f"  - {{id: {case_id}, src: x, ref: {GERMAN[0]!r}, tags: [t], hyps: {{mt: {output}}}}}\n"


def _suite(check: str, cases: str) -> str:
    return f"source_lang: en\ntarget_lang: de\ndefaults: {{checks: [{check}]}}\ncases:\n{cases}"


def test_run_warns_once_per_suite_and_system(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    cases = "".join(_case(f"c{i}", text) for i, text in enumerate(ENGLISH))
    path = write_suite(_suite("{metric: 'sam:chrf', min: 0}", cases))
    code, _, err = _main(["run", str(path), "--no-cache"], capsys)
    assert code == 0
    assert err == ("mtcheck: warning: demo.mt.yaml [mt]: target_lang de but the outputs look like en (3 of 3 lines); "
                   "sam: reads German word lists\n")


@pytest.mark.parametrize(
    ("check", "cases"),
    [
        ("{metric: chrf, min: 0}", "".join(_case(f"c{i}", text) for i, text in enumerate(ENGLISH))),
        ("{metric: 'sam:chrf', min: 0}", _case("good", GERMAN[1]) + "".join(  # 4 of 5 would be clear
            _case(f"wrong{i}", text, expect_fail=True) for i, text in enumerate([*ENGLISH, ENGLISH[0]]))),
    ],
    ids=["no-check-reads-the-language", "only-known-faulty-outputs-are-english"],
)
def test_run_is_quiet_otherwise(check: str, cases: str, write_suite: WriteSuite,
                                capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = _main(["run", str(write_suite(_suite(check, cases))), "--no-cache"], capsys)
    assert "warning" not in err
