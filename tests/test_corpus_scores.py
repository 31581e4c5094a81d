"""Corpus-level BLEU, chrF and TER (``mtcheck score --input F --corpus``) against sacrebleu's own corpus-level
test vectors, and joint multi-reference sentence BLEU.

The vectors are sacrebleu 2.6.0's (test/test_bleu.py, test_chrf.py, test_ter.py in its source distribution),
each with the published expected value and sacrebleu's tolerance for it; each is also compared with the
sacrebleu call the vector was written for, which mtcheck must equal exactly.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
from sacrebleu.metrics import BLEU, TER

from mtcheck.commands.main import main
from mtcheck.metrics import get_metric

_REFS = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]
_HYPS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]

#: sacrebleu's ``raw_corpus_bleu`` as mtcheck settings: no tokenisation, floor smoothing, effective order.
_RAW = {"tokenize": "none", "smooth_method": "floor", "effective_order": True}
_TER_WMT19 = (
    [
        'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , damit das Bild ungefähr dieselbe Größe aufweist wie die andere Größe .',
        'wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "',
        'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie Werte für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " ein .',
        "Sie können beispielsweise ein Dokument erstellen , das ein Auto über die Bühne enthält .",
        'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
    ],
    [
        'wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu entfernen , damit die Darstellung des Bildes in einer anderen Größe beibehalten wird .',
        'wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "',
        'klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und geben Sie für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " niedrigere Werte ein .',
        "Sie können beispielsweise ein Dokument erstellen , das ein Auto enthalt , das sich über die Bühne bewegt .",
        'wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "',
    ],
)

Vector = tuple[str, list[str], list[list[str]], dict[str, Any], Callable[[], float], float, float]


def _bleu(hyps: list[str], refs: list[list[str]], expected: float, eps: float, mtcheck_params: dict[str, Any],
          **sacrebleu_params: Any) -> Vector:
    return ("bleu", hyps, refs, mtcheck_params, lambda: sacrebleu.corpus_bleu(hyps, refs, **sacrebleu_params).score,
            expected, eps)


def _raw(hyps: list[str], refs: list[list[str]], expected: float, smooth_value: float | None) -> Vector:
    """A ``raw_corpus_bleu`` vector (expected on the 0-1 scale there)."""
    params = {**_RAW, **({} if smooth_value is None else {"smooth_value": smooth_value})}
    return ("bleu", hyps, refs, params, lambda: sacrebleu.raw_corpus_bleu(hyps, refs, smooth_value).score,
            expected * 100, 1e-8 * 100)


def _max_order(order: int, expected: float) -> Vector:
    return ("bleu", _HYPS, _REFS, {"max_ngram_order": order},
            lambda: BLEU(max_ngram_order=order).corpus_score(_HYPS, _REFS).score, expected, 0.005)


def _chrf(hyps: list[str], refs: list[str], expected: float, **settings: Any) -> Vector:
    """A test_chrf.py vector: chrF with beta 3 and the vector's settings (mtcheck's ``whitespace`` is sacrebleu's
    ``not remove_whitespace``)."""
    sacrebleu_settings = {**settings}
    if sacrebleu_settings.pop("whitespace", False):
        sacrebleu_settings["remove_whitespace"] = False
    return ("chrf", hyps, [refs], {"beta": 3, **settings},
            lambda: sacrebleu.corpus_chrf(hyps, [refs], char_order=6, word_order=0, beta=3, **sacrebleu_settings).score,
            expected, 1e-4)


def _ter(hyps: list[str], refs: list[str], expected: float) -> Vector:
    return ("ter", hyps, [refs], {}, lambda: TER().corpus_score(hyps, [refs]).score, 100 * expected, 1e-3)


VECTORS: list[Vector] = [
    # test_bleu.py: test_corpus_bleu_cases
    _bleu(_HYPS, _REFS, 48.530827, 1e-8, {}),
    _bleu(["", "", ""], _REFS, 0.0, 1e-8, {}),
    _bleu(_HYPS, _REFS, 49.1919566, 1e-8, {"tokenize": "none"}, tokenize="none"),
    _bleu(_HYPS, _REFS, 48.530827, 1e-8, {"tokenize": "13a"}, tokenize="13a"),
    _bleu(_HYPS, _REFS, 43.91623493, 1e-8, {"tokenize": "intl"}, tokenize="intl"),
    _bleu(_HYPS, _REFS, 48.530827, 1e-8, {"smooth_method": "none"}, smooth_method="none"),
    # test_raw_bleu, test_effective_order, test_offset
    _raw(["this is a test", "another test"], [["ref1", "ref2"]], 0.0, 0.01),
    _raw(["this is a test"], [["this is a test"]], 1.0, 0.01),
    _raw(["this is a fest"], [["this is a test"]], 0.223606797749979, 0.01),
    _raw(["test"], [["a test"]], 0.3678794411714425, 0.01),
    _raw(["a test"], [["a test"]], 1.0, 0.01),
    _raw(["a little test"], [["a test"]], 0.03218297948685433, 0.01),
    _raw(["am I am a character sequence"], [["I am a symbol string sequence a a"]], 0.0, 0.0),
    _raw(["am I am a character sequence"], [["I am a symbol string sequence a a"]], 0.1555722182, None),
    # test_max_ngram_order (published to two decimals)
    *(_max_order(order, expected) for order, expected in
      ((1, 77.65), (2, 60.50), (3, 53.93), (4, 48.53), (5, 46.14), (6, 43.28))),
    # test_chrf.py: test_cases (eps smoothing)
    *(_chrf(h, r, e, eps_smoothing=True) for h, r, e in [
        (["abcdefg"], ["hijklmnop"], 0.0),
        (["a"], ["b"], 0.0),
        ([""], ["b"], 0.0),
        ([""], ["ref"], 0.0),
        ([""], ["reference"], 0.0),
        (["aa"], ["ab"], 8.3333),
        (["a", "b"], ["a", "c"], 8.3333),
        (["a"], ["a"], 16.6667),
        (["a b c"], ["a b c"], 50.0),
        (["a b c"], ["abc"], 50.0),
        ([" risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists ."],
         ["risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists ."],
         63.361730),
        ([" Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. "],
         ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."], 64.1302698),
        (["Niemand hat die Absicht, eine Mauer zu errichten"], ["Niemand hat die Absicht, eine Mauer zu errichten"], 100.0),
    ]),
    # test_chrf_eff_order
    *(_chrf(h, r, e) for h, r, e in [
        (["a"], ["a"], 100.0),
        ([""], ["reference"], 0.0),
        (["a b c"], ["a b c"], 100.0),
        (["a b c"], ["abc"], 100.0),
        ([""], ["c"], 0.0),
        (["a", "b"], ["a", "c"], 50.0),
        (["aa"], ["ab"], 25.0),
    ]),
    # test_chrf_keep_whitespace
    _chrf(["Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich."],
          ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."], 67.3481606, whitespace=True),
    _chrf(["risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists ."],
          ["risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists ."],
          65.2414427, whitespace=True),
    # test_ter.py
    _ter(["aaaa bbbb cccc dddd"], ["aaaa bbbb cccc dddd"], 0),
    _ter(["dddd eeee ffff"], ["aaaa bbbb cccc"], 1),
    _ter([""], ["a"], 1),
    _ter(["a"], [""], 1),
    _ter([""], [""], 0),
    _ter(["d e f g h a b c"], ["a b c d e f g h"], 1 / 8),
    _ter(*_TER_WMT19, 0.136),
]


def _pairs_file(tmp_path: Path, hyps: list[str], streams: list[list[str]]) -> Path:
    """A JSON Lines file of the vector: one line per hypothesis, with its reference from every stream."""
    path = tmp_path / "pairs.jsonl"
    lines = [{"hyp": hyp, "refs": [stream[i] for stream in streams]} for i, hyp in enumerate(hyps)]
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("vector", VECTORS, ids=[f"{v[0]}-{i}" for i, v in enumerate(VECTORS)])
def test_corpus_score_equals_sacrebleu_on_its_own_vectors(vector: Vector, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    metric, hyps, streams, params, sacrebleu_score, expected, eps = vector
    argv = ["score", "--metric", metric, "--input", str(_pairs_file(tmp_path, hyps, streams)), "--corpus", "--json"]
    for key, value in params.items():
        argv += ["--param", f"{key}={value}"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    record = json.loads(out)
    assert list(record) == ["metric", "score", "signature", "segments", "details"]
    assert record["score"] == sacrebleu_score()
    assert abs(record["score"] - expected) <= eps
    assert record["segments"] == len(hyps)
    assert "|level:corpus|" in record["signature"]


def test_corpus_bleu_is_not_the_mean_of_sentence_bleu() -> None:
    refs = [list(group) for group in zip(*_REFS)]
    sentences = get_metric("bleu").score_batch(_HYPS, refs)
    corpus = get_metric("bleu").corpus_score(_HYPS, refs)
    assert round(sum(s.value for s in sentences) / len(sentences), 2) == 47.52
    assert round(corpus.value, 2) == 48.53
    assert corpus.details["counts"] == [14, 7, 5, 3] and corpus.details["totals"] == [17, 14, 11, 8]
    assert corpus.signature == ("bleu|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0|refs:joint"
                                "|level:corpus|unicode:nfc")


def test_lines_with_different_numbers_of_references_score_as_sacrebleu_does() -> None:
    refs = [["The dog bit the man.", "The dog had bit the man."], ["It was not unexpected."],
            ["The man bit him first.", "The man had bitten the dog."]]
    streams = [[group[0] for group in refs], [group[1] if len(group) > 1 else None for group in refs]]
    result = get_metric("bleu").corpus_score(_HYPS, refs)
    assert result.value == sacrebleu.corpus_bleu(_HYPS, streams).score
    assert result.signature.startswith("bleu|nrefs:var|")


def test_joint_references_give_sacrebleus_multi_reference_sentence_bleu() -> None:
    hyp, refs = _HYPS[2], [stream[2] for stream in _REFS]
    joint = get_metric("bleu", {"references": "joint"}).score(hyp, refs)
    best = get_metric("bleu").score(hyp, refs)
    assert joint.value == sacrebleu.sentence_bleu(hyp, refs).score
    assert (round(joint.value, 2), round(best.value, 2)) == (29.07, 27.78)
    assert joint.signature == "bleu|nrefs:var|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0|refs:joint|unicode:nfc"


def test_joint_references_of_one_reference_equal_the_best_of_one() -> None:
    joint = get_metric("bleu", {"references": "joint"}).score_batch(_HYPS, [[ref] for ref in _REFS[0]])
    best = get_metric("bleu").score_batch(_HYPS, [[ref] for ref in _REFS[0]])
    assert [s.value for s in joint] == [s.value for s in best]
    assert [s.details for s in joint] == [s.details for s in best]


@pytest.mark.parametrize(("argv", "message"), [
    (["--metric", "meteor"], "metric 'meteor' has no corpus-level score (corpus scores: bleu, chrf, chrf++, ter, gleu, gec-f0.5)"),
    (["--metric", "sam:bleu"], "metric 'sam:bleu' has no corpus-level score"),
    (["--preset", "puzzle"], "--corpus scores every line of --input FILE as one corpus"),
    (["--param", "references=all"], "references must be one of best, joint"),
])
def test_corpus_errors_are_one_line(argv: list[str], message: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = _pairs_file(tmp_path, ["a"], [["a"]])
    assert main(["score", "--input", str(path), "--corpus", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and "Traceback" not in err


def test_corpus_needs_a_file_of_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--hyp", "a", "--ref", "a", "--corpus"]) == 2
    assert "give --input" in capsys.readouterr().err


def test_corpus_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--metric", "chrf", "--input", str(_pairs_file(tmp_path, _HYPS, _REFS)), "--corpus"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("chrf = 59.7275 (corpus of 3 segments)\nsignature: chrf|nrefs:2|")
