"""``mtcheck score --input``: a JSON Lines file of pairs in, one JSON object per pair out (docs/scoring.md)."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.commands.main import main

from helpers import NO_BERT_SCORE, NO_BERTSCORE_MODEL

PAIRS = [
    {"id": "cat", "hyp": "the cat is on the mat", "ref": "the cat sat on the mat"},
    {"hyp": "I do not like green eggs", "refs": ["I do not like green eggs and ham", "I like green eggs"], "src": "x"},
    {"id": 7, "hyp": "", "ref": "ett två tre"},
    {"id": "rtl-שלום", "hyp": "😍 שלום", "ref": "😍 שלום", "src": "مرحبا"},
]
CHRF_SIGNATURE = "chrf|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0|refs:best|unicode:nfc"
SAM_EN = [
    {"id": "s1", "hyp": "My study skills are awesome.", "ref": "My study skills are terrible."},
    {"id": "s2", "hyp": "I am happy with the hotel.", "refs": ["I am glad about the hotel.", "I am not happy with the hotel."]},
]


def _write(tmp_path: Path, lines: list[dict] | str, name: str = "pairs.jsonl") -> Path:
    path = tmp_path / name
    text = lines if isinstance(lines, str) else "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    path.write_text(text, encoding="utf-8")
    return path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _alone(pair: dict, argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    """The ``--json`` output of scoring ``pair`` alone with ``--hyp``/``--ref``/``--src``."""
    refs = [pair["ref"]] if "ref" in pair else pair["refs"]
    src = ["--src", pair["src"]] if "src" in pair else []
    code, out, err = _run(["score", *argv, "--hyp", pair["hyp"], *(x for r in refs for x in ("--ref", r)), *src, "--json"], capsys)
    assert code == 0, err
    return json.loads(out)


def test_one_line_per_pair_in_order_with_ids_echoed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["score", "--metric", "chrf", "--input", str(_write(tmp_path, PAIRS)), "--json"], capsys)
    assert (code, err) == (0, "")
    assert out.endswith("\n")
    lines = out.splitlines()
    assert lines[0] == (
        f'{{"id": "cat", "metric": "chrf", "score": 61.9251512899325, "signature": "{CHRF_SIGNATURE}", '
        '"best_ref": 0, "details": {}}'
    )
    records = [json.loads(line) for line in lines]
    assert [r.get("id") for r in records] == ["cat", None, 7, "rtl-שלום"]
    assert "id" not in records[1]
    assert list(records[0]) == ["id", "metric", "score", "signature", "best_ref", "details"]
    assert list(records[1]) == ["metric", "score", "signature", "best_ref", "details"]
    assert [r["score"] for r in records] == [61.9251512899325, 84.83823099949603, 0.0, 100.0]
    assert records[1]["best_ref"] == 1
    assert "rtl-שלום" in out  # UTF-8 as is, not \u escapes


@pytest.mark.parametrize(
    "argv",
    [
        ["--metric", "bleu"], ["--metric", "bleu", "--param", "max_ngram_order=2"], ["--metric", "chrf++"],
        ["--metric", "ter"], ["--metric", "exact", "--param", "lowercase=true"], ["--metric", "characTER"],
        ["--metric", "length-ratio"], ["--metric", "sam:chrf", "--lang", "en"],
    ],
)
def test_each_line_is_what_scoring_its_pair_alone_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    pairs = PAIRS + SAM_EN
    code, out, err = _run(["score", *argv, "--input", str(_write(tmp_path, pairs)), "--json"], capsys)
    assert code == 0, err
    for line, pair in zip(out.splitlines(), pairs, strict=True):
        expected = _alone(pair, argv, capsys)
        assert json.loads(line) == ({"id": pair["id"], **expected} if "id" in pair else expected)


def test_sam_needs_lang_and_uses_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(_write(tmp_path, SAM_EN))
    code, out, err = _run(["score", "--metric", "sam:bleu", "--input", path, "--json"], capsys)
    assert (code, out) == (2, "")
    assert err == "mtcheck: error: sam:bleu needs the target language (fix: pass --lang LANG, e.g. --lang en)\n"
    code, out, _ = _run(["score", "--metric", "sam:bleu", "--lang", "en", "--input", path, "--json"], capsys)
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0 and first["id"] == "s1" and second["id"] == "s2"
    assert first["signature"].startswith("sam:bleu|lang:en|")
    assert first["details"]["p"] > 0 and first["score"] < first["details"]["base"]  # awesome vs terrible: penalised


def test_text_output_has_one_line_per_pair_then_the_signature(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["score", "--metric", "chrf", "--input", str(_write(tmp_path, PAIRS))], capsys)
    assert code == 0
    assert out.splitlines() == [
        "line 1 (cat): chrf = 61.9252",
        "line 2: chrf = 84.8382",
        "line 3 (7): chrf = 0.0000",
        "line 4 (rtl-שלום): chrf = 100.0000",
        f"signature: {CHRF_SIGNATURE}",
    ]


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    data = "".join(json.dumps(p) + "\n" for p in PAIRS[:2]).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code, out, _ = _run(["score", "--metric", "chrf", "--input", "-", "--json"], capsys)
    assert code == 0
    assert [json.loads(line)["score"] for line in out.splitlines()] == [61.9251512899325, 84.83823099949603]


def test_stdin_errors_are_named_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"hyp": "a", "ref": "a"}\n[]\n'), encoding="utf-8"))
    code, out, err = _run(["score", "--input", "-", "--json"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("mtcheck: error: <stdin>:2: a list is not a pair (fix: ")


def test_stdin_of_a_real_process_with_a_bom_and_crlf() -> None:
    data = '\ufeff{"id": 1, "hyp": "😍 שלום", "ref": "😍 שלום"}\r\n{"hyp": "a b", "ref": "a c"}\r\n'
    proc = subprocess.run(
        [sys.executable, "-m", "mtcheck.commands.main", "score", "--metric", "bleu", "--input", "-", "--json"],
        input=data.encode("utf-8"), capture_output=True,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode("utf-8").splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["id"] == 1 and json.loads(lines[0])["score"] == pytest.approx(100)


def test_preset_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pairs = [{"id": "p1", "hyp": "You killed him.", "ref": "you [have] killed (her/him)"}, {"hyp": "x", "ref": "y"}]
    code, out, _ = _run(["score", "--preset", "puzzle", "--input", str(_write(tmp_path, pairs)), "--json"], capsys)
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first == {"id": "p1", **_alone(pairs[0], ["--preset", "puzzle"], capsys)}
    assert second == _alone(pairs[1], ["--preset", "puzzle"], capsys)
    assert list(first) == ["id", "preset", "scores", "signature", "hypothesis", "references"]
    assert first["scores"]["exact_match"] == 1.0
    code, out, _ = _run(["score", "--preset", "puzzle", "--input", str(tmp_path / "pairs.jsonl")], capsys)
    assert out.splitlines()[0] == "line 1 (p1): bleu2 = 1.0000, characTER = 1.0000, chrf3 = 1.0000, exact_match = 1.0000"
    assert out.splitlines()[2].startswith("signature: puzzle|")


def test_preset_puzzle_takes_one_reference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, [{"hyp": "a", "ref": "a"}, {"hyp": "a", "refs": ["a", "b"]}])
    code, out, err = _run(["score", "--preset", "puzzle", "--input", str(path), "--json"], capsys)
    assert (code, out) == (2, "")
    assert err == (f"mtcheck: error: {path}:2: the puzzle preset takes one reference, the solution, not 2 "
                   '(fix: give it as "ref", with its [optional] and (a/b) alternatives)\n')


def test_a_value_that_is_not_finite_is_null(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, [{"hyp": "abc", "ref": ""}])
    _, out, _ = _run(["score", "--metric", "length-ratio", "--input", str(path), "--json"], capsys)
    assert json.loads(out)["score"] is None and "Infinity" not in out


GOOD = '{"hyp": "a", "ref": "a"}'
FIX_OBJECT = 'write one JSON object per line, e.g. {"hyp": "...", "ref": "..."}'
FIX_REF = 'give one reference as "ref": "...", or several as "refs": [...]'


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("", "", f"no pairs to score: the input is empty (fix: {FIX_OBJECT})"),
        ("\n \n", "", f"no pairs to score: the input is empty (fix: {FIX_OBJECT})"),
        (f"{GOOD}\nnope\n", ":2:1", f"not valid JSON: Expecting value (fix: {FIX_OBJECT})"),
        (f'{GOOD}\n{{"hyp": "a", "ref": "a"\n', ":2:24", f"not valid JSON: Expecting ',' delimiter (fix: {FIX_OBJECT})"),
        (f"{GOOD}\n\n{GOOD}\n", ":2", "blank line (fix: remove it: every line holds one pair)"),
        (f"{GOOD}\n[{GOOD}]\n", ":2", f"a list is not a pair (fix: {FIX_OBJECT})"),
        ('"a"\n', ":1", f"a string is not a pair (fix: {FIX_OBJECT})"),
        ('{"ref": "a"}\n', ":1", 'no "hyp" (fix: give the hypothesis, e.g. {"hyp": "...", "ref": "..."})'),
        ('{"hyp": "a", "ref": "a", "refs": ["a"]}\n', ":1", f'both "ref" and "refs" (fix: {FIX_REF})'),
        ('{"hyp": "a"}\n', ":1", f'no "ref" or "refs" (fix: {FIX_REF})'),
        ('{"hyp": 3, "ref": "a"}\n', ":1", '"hyp" must be a string, not a number (fix: quote it, e.g. {"hyp": "...", "ref": "..."})'),
        ('{"hyp": "a", "ref": null}\n', ":1", '"ref" must be a string, not null'),
        ('{"hyp": "a", "refs": "a"}\n', ":1", '"refs" must be a list of strings, not a string'),
        ('{"hyp": "a", "refs": []}\n', ":1", '"refs" is empty (fix: give at least one reference)'),
        ('{"hyp": "a", "refs": ["a", 1]}\n', ":1", '"refs"[1] must be a string, not a number'),
        ('{"hyp": "a", "ref": "a", "src": ["a"]}\n', ":1", '"src" must be a string, not a list'),
        ('{"hyp": "a", "ref": "a", "id": 1.5}\n', ":1", '"id" must be a string or an integer, not a number'),
        ('{"hyp": "a", "ref": "a", "id": true}\n', ":1", '"id" must be a string or an integer, not a boolean'),
        ('{"hyp": "a", "ref": "a", "id": null}\n', ":1", '"id" must be a string or an integer, not null'),
        ('{"hyp": "a", "ref": "a", "refz": "b"}\n', ":1", "unknown key 'refz' (fix: did you mean 'ref'?)"),
        ('{"hyp": "a", "ref": "a", "hyp": "b"}\n', ":1", "key 'hyp' is given twice (fix: give each key once)"),
        ('{"hyp": "\\ud800", "ref": "a"}\n', ":1", "\"hyp\" holds a lone surrogate escape ('\\ud800')"),
        ("[" * 100_000 + "\n", ":1", "not valid JSON: nested too deeply"),
    ],
)
def test_bad_input_is_one_error_before_any_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str, message: str
) -> None:
    path = _write(tmp_path, text)
    code, out, err = _run(["score", "--metric", "chrf", "--input", str(path), "--json"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"mtcheck: error: {path}{where}: {message}")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_bytes_that_are_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pairs.jsonl"
    path.write_bytes(GOOD.encode() + b'\n{"hyp": "\xff", "ref": "a"}\n')
    code, out, err = _run(["score", "--input", str(path), "--json"], capsys)
    assert (code, out) == (2, "")
    assert err == f"mtcheck: error: {path}:2:10: not UTF-8 text (byte 0xff) (fix: save the file as UTF-8)\n"


def test_a_metric_that_reads_the_source_names_the_line_without_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, [{"hyp": "a", "ref": "b", "src": "a"}, {"hyp": "a", "ref": "b"}])
    code, out, err = _run(["score", "--metric", "not-copy", "--input", str(path), "--json"], capsys)
    assert (code, out) == (2, "")
    assert err == (f'mtcheck: error: {path}:2: not-copy needs the source segment, and this pair has no "src" '
                   '(fix: give "src" on every line)\n')


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("missing.jsonl", "no such file (fix: name a JSON Lines file of pairs, or - for standard input)"),
        (".", "cannot read it: is a folder, not a regular file (fix: name a regular file, or pipe the pairs to --input -)"),
    ],
)
def test_an_input_that_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, target: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(["score", "--input", target, "--json"], capsys)
    assert (code, out, err) == (2, "", f"mtcheck: error: {target}: {message}\n")


@pytest.mark.parametrize("extra", [["--hyp", "a"], ["--ref", "a"], ["--src", "a"]])
def test_input_excludes_hyp_ref_and_src(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    code, out, err = _run(["score", "--input", str(_write(tmp_path, PAIRS)), *extra], capsys)
    assert (code, out) == (2, "")
    assert err == "mtcheck: error: --input reads hyp, ref or refs, and src from each line: leave out --hyp, --ref and --src\n"


def test_the_metric_scores_the_whole_file_in_one_batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mtcheck.metrics.lexical import ChrFMetric

    calls: list[int] = []
    original = ChrFMetric._score_pairs

    def counting(self: ChrFMetric, hyps, refs, srcs):  # type: ignore[no-untyped-def]
        calls.append(len(hyps))
        return original(self, hyps, refs, srcs)

    monkeypatch.setattr(ChrFMetric, "_score_pairs", counting)
    from mtcheck.engine.pairs import read_pairs

    scores = api.score_pairs(read_pairs(str(_write(tmp_path, PAIRS))), metric="chrf")
    assert calls == [5]  # one call, every (hypothesis, reference) pair: line 2 has two references
    assert [s.value for s in scores] == [61.9251512899325, 84.83823099949603, 0.0, 100.0]


def test_bertscore_lines_match_each_pair_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("bert_score", reason=NO_BERT_SCORE)
    from mtcheck.metrics.bertscore import default_model_dir

    if default_model_dir() is None:
        pytest.skip(NO_BERTSCORE_MODEL)
    pairs = [  # lengths far apart: bert-score's own batch would pad the short ones and raise their values
        {"id": "long", "hyp": "My order was excellent but the price is too high.", "ref": "The novel felt boring."},
        {"id": "short", "hyp": "The ending was perfect.", "refs": ["The update was boring but the price is too high.", "Fine."]},
        {"id": "blank", "hyp": "", "ref": "The film is great."},
    ]
    argv = ["--metric", "bertscore", "--lang", "en"]
    code, out, err = _run(["score", *argv, "--input", str(_write(tmp_path, pairs)), "--json"], capsys)
    assert code == 0, err
    for line, pair in zip(out.splitlines(), pairs, strict=True):
        record, alone = json.loads(line), _alone(pair, argv, capsys)
        assert record.pop("id") == pair["id"]
        assert record.pop("score") == pytest.approx(alone.pop("score"), abs=1e-6)
        details, alone_details = record["details"], alone["details"]
        assert details.pop("warnings", None) == alone_details.pop("warnings", None)  # (approx compares numbers only)
        assert details == pytest.approx(alone_details, abs=2e-6)
        assert record["signature"] == alone["signature"] and record["best_ref"] == alone["best_ref"]
