"""The GEC metrics ``gleu`` and ``gec-f0.5``: golden values, corpus scores, and a source that is required.

GLEU golden values are those of the official script (github.com/cnap/gec-ranking, ``scripts/gleu.py`` and
``scripts/compute_gleu`` as last revised in 2017), derived by working through its definition: the first row by
hand (below), the others with a scratch restatement of the script's steps (sentence: the mean over references of
the smoothed GLEU, ``-d``; corpus: summed statistics, with several references the mean over 500 iterations seeded
``j * 101`` that draw one reference per segment). The edit tables are counted by hand.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtcheck.commands.main import main
from mtcheck.errors import MetricError
from mtcheck.metrics import get_metric

SRC = "Person will never be happy for ever ."
REF = "People will never be happy forever ."
REF2 = "A person will never be happy for ever ."

# (source, output, references, official sentence GLEU)
GLEU_GOLDEN = [
    # By hand: the output is the source (8 tokens), the reference has 7. Matches less kept changed n-grams:
    # 1-grams 5 - 3 (Person, for, ever) = 2 of 8; 2-grams 3 - 4 -> 0 of 7; 3-grams 2 - 4 -> 0 of 6;
    # 4-grams 1 - 4 -> 0 of 5. Zeros read as 1: (2/8 * 1/7 * 1/6 * 1/5) ** (1/4), BP 1 (output longer).
    (SRC, SRC, [REF], 0.18575057999133598),
    (SRC, REF, [REF], 1.0),
    (SRC, "Person will never be happy forever .", [REF], 0.6147881529512643),
    (SRC, "People will never be happy for ever .", [REF], 0.22089591134157885),
    (SRC, "People will not be happy forever .", [REF], 0.488923022434901),
    (SRC, REF, [REF, REF2], 0.663341432046275),
    (SRC, REF2, [REF, REF2], 0.5887370264002514),
    ("He go to school .", "He goes to school .", ["He goes to school ."], 1.0),
]


@pytest.mark.parametrize(("src", "hyp", "refs", "expected"), GLEU_GOLDEN)
def test_sentence_gleu_is_the_official_scripts(src: str, hyp: str, refs: list[str], expected: float) -> None:
    assert get_metric("gleu").score(hyp, refs, src=src).value == pytest.approx(expected, abs=1e-12)


def test_gleu_rewards_a_correction_over_the_untouched_source() -> None:
    scores = [get_metric("gleu").score(hyp, [REF], src=SRC).value for _, hyp, _, _ in GLEU_GOLDEN[:5]]
    assert scores[1] > scores[2] > scores[4] > scores[3] > scores[0]


def test_corpus_gleu_is_the_official_scripts() -> None:
    gleu = get_metric("gleu")
    one = GLEU_GOLDEN[:5]
    single = gleu.corpus_score([h for _, h, _, _ in one], [r for _, _, r, _ in one], [s for s, _, _, _ in one])
    assert single.value == pytest.approx(0.43507647213754436, abs=1e-12)
    assert single.signature.endswith("|level:corpus|iter:1|unicode:nfc")
    two = GLEU_GOLDEN[5:7]  # two references each: 500 seeded draws
    several = gleu.corpus_score([h for _, h, _, _ in two], [r for _, _, r, _ in two], [s for s, _, _, _ in two])
    assert several.value == pytest.approx(0.5822905562955253, abs=1e-12)
    assert "|iter:500|" in several.signature


S_TENSE, R_TENSE = "He go to school yesterday .", "He went to school yesterday ."
S_TWO, R_TWO = "He go to school and she go to work .", "He goes to school and she goes to work ."
# (case, source, output, references, precision, recall, F0.5, index of the reference used)
EDIT_GOLDEN = [
    ("correct", S_TENSE, R_TENSE, [R_TENSE], 1.0, 1.0, 1.0, 0),
    ("missed", S_TENSE, S_TENSE, [R_TENSE], 1.0, 0.0, 0.0, 0),
    ("wrong", S_TENSE, "He goes to school yesterday .", [R_TENSE], 0.0, 0.0, 0.0, 0),
    # go -> went is right, the -> nothing is not needed: P 1/2, R 1, F0.5 = 1.25 * 0.5 / (0.125 + 1) = 5/9
    ("unnecessary", "He go to the school yesterday .", "He went to school yesterday .",
     ["He went to the school yesterday ."], 0.5, 1.0, 5 / 9, 0),
    # one of two edits: P 1, R 1/2, F0.5 = 1.25 * 0.5 / (0.25 + 0.5) = 5/6
    ("half", S_TWO, "He goes to school and she go to work .", [R_TWO], 1.0, 0.5, 5 / 6, 0),
    ("second reference", "He go to school .", "He goes to school .", ["He went to school .", "He goes to school ."],
     1.0, 1.0, 1.0, 1),
    ("nothing to correct", "He went home .", "He went home .", ["He went home ."], 1.0, 1.0, 1.0, 0),
    ("correct text changed", "He went home .", "He went to home .", ["He went home ."], 0.0, 1.0, 0.0, 0),
    # like cat -> likes cats is one edit (adjacent changes merge): half of it is a wrong edit, not half right
    ("adjacent edits merge", "She like cat .", "She likes cat .", ["She likes cats ."], 0.0, 0.0, 0.0, 0),
]


@pytest.mark.parametrize(("case", "src", "hyp", "refs", "precision", "recall", "f", "best"), EDIT_GOLDEN,
                         ids=[row[0] for row in EDIT_GOLDEN])
def test_edit_f05_counts_the_systems_edits_against_the_references(
        case: str, src: str, hyp: str, refs: list[str], precision: float, recall: float, f: float, best: int) -> None:
    score = get_metric("gec-f0.5").score(hyp, refs, src=src)
    assert (score.details["precision"], score.details["recall"]) == (precision, recall)
    assert score.value == pytest.approx(f, abs=1e-12) and score.best_ref == best


def test_edit_f05_explains_the_wrong_and_missed_edits() -> None:
    metric = get_metric("gec-f0.5")
    score = metric.score("He goes to the school yesterday .", [R_TENSE], src="He go to school yesterday .")
    assert metric.explain(score) == [
        "edits: 0 as in the reference, 2 not in it, 1 missed (precision 0.00, recall 0.00)",
        "not in the reference: go -> goes", "not in the reference: ∅ -> the", "missed: go -> went"]


def test_gleu_explains_its_counts() -> None:
    metric = get_metric("gleu")
    head = "n-grams of the output matched, less those kept from the source that the reference changed:"
    # the worked example: its counts before zeros are read as 1
    assert metric.explain(metric.score(SRC, [REF], src=SRC)) == [head, "  2/8, 0/7, 0/6, 0/5 (n = 1 to 4)"]
    # against REF2 only Person (A person) was changed: 7 - 1 of 8, 6 - 1 of 7, 5 - 1 of 6, 4 - 1 of 5, and REF2's
    # 9 tokens give BP exp(1 - 9/8): (6/8 * 5/7 * 4/6 * 3/5) ** (1/4) * exp(-1/8) = 0.6004, the better reference
    assert metric.explain(metric.score(SRC, [REF, REF2], src=SRC)) == [
        head, "  6/8, 5/7, 4/6, 3/5 (n = 1 to 4)", "GLEU by reference: [0.1858, 0.6004]"]


def test_beta_weighs_recall() -> None:
    f1 = get_metric("gec-f0.5", {"beta": 1}).score("He goes to school and she go to work .", [R_TWO], src=S_TWO)
    assert f1.value == pytest.approx(2 / 3) and f1.signature.startswith("gec-f1|")


def test_corpus_edit_f05_sums_the_counts() -> None:
    rows = [EDIT_GOLDEN[3], EDIT_GOLDEN[4]]  # TP 1 + 1, FP 1 + 0, FN 0 + 1: P = R = F = 2/3
    result = get_metric("gec-f0.5").corpus_score([r[2] for r in rows], [r[3] for r in rows], [r[1] for r in rows])
    assert result.value == pytest.approx(2 / 3)
    assert result.details == {"precision": 0.6667, "recall": 0.6667, "tp": 2, "fp": 1, "fn": 1}


def test_corpus_edit_f05_picks_each_segments_reference_for_the_running_totals() -> None:
    # Segment 2's first reference leaves its output's edit wrong and one missed; its second matches it.
    srcs, hyps = ["He go home .", "She like cats ."], ["He goes home .", "She likes cats ."]
    refs = [["He goes home ."], ["She liked cats .", "She likes cats ."]]
    result = get_metric("gec-f0.5").corpus_score(hyps, refs, srcs)
    assert result.value == 1.0 and result.details["tp"] == 2


@pytest.mark.parametrize("name", ["gleu", "gec-f0.5"])
def test_a_segment_without_source_is_one_error(name: str) -> None:
    with pytest.raises(MetricError, match=rf"^{name} compares the output with the source it corrects, and a segment "
                                          r"has no source \(fix: set src=TEXT\)$"):
        get_metric(name).score("He goes home .", ["He goes home ."])


@pytest.mark.parametrize("corpus", [[], ["--corpus"]])
def test_the_command_names_the_line_without_source(tmp_path: Path, corpus: list[str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"hyp": "a b", "ref": "a b", "src": "a c"}) + "\n"
                     + json.dumps({"hyp": "a b", "ref": "a b"}) + "\n", encoding="utf-8")
    assert main(["score", "--metric", "gleu", "--input", str(pairs), *corpus]) == 2
    assert f"{pairs}:2: gleu needs the source segment" in capsys.readouterr().err


def test_a_suites_corpus_check_reads_each_cases_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite = tmp_path / "gec.mt.yaml"
    suite.write_text(f"""version: 1
name: gec
source_lang: en
target_lang: en
cases:
  - id: tense
    src: "{S_TENSE}"
    ref: "{R_TENSE}"
    hyps: {{fixed: "{R_TENSE}"}}
    checks: [{{metric: gec-f0.5, min: 1}}, {{metric: gleu, min: 0.99}}]
  - id: two
    src: "{S_TWO}"
    ref: "{R_TWO}"
    hyps: {{fixed: "He goes to school and she go to work ."}}
    checks: [{{metric: gec-f0.5, min: 0.8}}]
corpus:
  - {{metric: gec-f0.5, min: 0.9}}
  - {{metric: gleu, min: 0.5}}
""", encoding="utf-8")
    assert main(["run", str(suite)]) == 0
    out = capsys.readouterr().out
    # TP 2, FP 0, FN 1: P 1, R 2/3, F0.5 = 1.25 * 2/3 / (0.25 + 2/3) = 10/11
    assert "gec [fixed] gec-f0.5 >= 0.9: 0.91 over 2 cases passed" in out
    assert "gec [fixed] gleu >= 0.5:" in out


@pytest.mark.parametrize("name", ["gleu", "gec-f0.5"])
def test_sam_wraps_them_as_any_base(name: str) -> None:
    """meta-eval adds sam:M beside each metric of a suite whose language has word lists (gec-sv)."""
    plain = get_metric(name).score(R_TENSE, [R_TENSE], src=S_TENSE)
    wrapped = get_metric(f"sam:{name}", {"lang": "en"}).score(R_TENSE, [R_TENSE], src=S_TENSE)
    assert plain.value == wrapped.value == 1.0 and f"|base:{name}" in wrapped.signature


@pytest.mark.parametrize(("name", "params", "message"), [
    ("gec-f0.5", {"beta": 0}, "beta must be above 0"),
    ("gleu", {"max_ngram_order": 0}, "max_ngram_order must be between 1 and 9"),
    ("gleu", {"iterations": 0}, "iterations must be 1 or more"),
])
def test_a_bad_setting_is_one_error(name: str, params: dict[str, int], message: str) -> None:
    with pytest.raises(MetricError, match=message):
        get_metric(name, params)
