"""Agreement statistics against published worked examples, and the ``mtcheck agreement`` command."""
from __future__ import annotations

import json

import pytest

from mtcheck.metaeval.agreement import (
    LEVELS, cohen_kappa, coincidences, krippendorff_alpha, pair_count, percent_agreement, suite_agreement,
)
from mtcheck.commands.main import main
from mtcheck.suite.loader import load_suite

from helpers import WriteSuite


def _units(*observers: list[int | None]) -> list[dict[str, int]]:
    """Reliability data given observer by observer (rows), ``None`` for a missing value."""
    names = "ABCDEFG"
    return [{names[i]: v for i, v in enumerate(column) if v is not None} for column in zip(*observers)]


# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section E: four observers,
# twelve units, values 1-5, missing values. Published: nominal 0.743, ordinal 0.815,
# interval 0.849, ratio 0.797.
KRIPPENDORFF_E = _units(
    [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
)

# Krippendorff (2011), section A: two observers, binary data, ten units. Published alpha = 0.095.
BINARY_A = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0]
BINARY_B = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0]


@pytest.mark.parametrize(("level", "published"), [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849), ("ratio", 0.797)])
def test_krippendorff_worked_example(level: str, published: float) -> None:
    assert krippendorff_alpha(KRIPPENDORFF_E, level) == pytest.approx(published, abs=5e-4)


def test_krippendorff_coincidence_matrix() -> None:
    # The paper's coincidence matrix for section E (unit 12 has one value and is not pairable).
    values, matrix = coincidences(KRIPPENDORFF_E)
    assert values == [1, 2, 3, 4, 5]
    expected = [
        [7, 4 / 3, 1 / 3, 1 / 3, 0],
        [4 / 3, 10, 4 / 3, 1 / 3, 0],
        [1 / 3, 4 / 3, 8, 1 / 3, 0],
        [1 / 3, 1 / 3, 1 / 3, 4, 0],
        [0, 0, 0, 0, 3],
    ]
    assert [x for row in matrix.tolist() for x in row] == pytest.approx([x for row in expected for x in row])
    assert matrix.sum() == pytest.approx(40)  # n: pairable values


def test_krippendorff_binary_example() -> None:
    assert krippendorff_alpha(_units(BINARY_A, BINARY_B)) == pytest.approx(0.095, abs=5e-4)


def test_cohen_kappa_binary_by_hand() -> None:
    # Same data: p_o = 6/10; marginals A (0.8, 0.2), B (0.6, 0.4): p_e = 0.56; kappa = 0.04 / 0.44.
    assert cohen_kappa(list(zip(BINARY_A, BINARY_B))) == pytest.approx(0.04 / 0.44)


def test_cohen_kappa_textbook_example() -> None:
    # Fleiss, Levin & Paik, Statistical Methods for Rates and Proportions (3rd ed., 2003), ch. 18:
    # two diagnosticians, 100 patients, psychotic/neurotic/organic. Cell proportions
    # (rows: first rater) .75 .01 .04 / .05 .04 .01 / 0 0 .10; p_o = .89, p_e = .66,
    # kappa = .23 / .34 = 0.68.
    cells = {("P", "P"): 75, ("P", "N"): 1, ("P", "O"): 4, ("N", "P"): 5, ("N", "N"): 4, ("N", "O"): 1, ("O", "O"): 10}
    pairs = [pair for pair, count in cells.items() for _ in range(count)]
    assert cohen_kappa(pairs) == pytest.approx(0.23 / 0.34)
    assert round(cohen_kappa(pairs), 2) == 0.68


def test_weighted_kappa_by_hand() -> None:
    # Counts (rows: first rater; categories 1, 2, 3): 2 1 0 / 0 2 1 / 1 0 3; n = 10; marginals .3 .3 .4 both ways.
    # unweighted: p_o = .7, p_e = .34 -> .36/.66 = 6/11
    # linear (|i-j|): observed .1+.1+2(.1) = .4; expected 2(.09) + 2(2 * .12) + 2(.12) = .9 -> 1 - .4/.9 = 5/9
    # quadratic ((i-j)^2): observed .1+.1+4(.1) = .6; expected 2(.09) + 2(4 * .12) + 2(.12) = 1.38 -> 1 - .6/1.38 = 13/23
    cells = {(1, 1): 2, (1, 2): 1, (2, 2): 2, (2, 3): 1, (3, 1): 1, (3, 3): 3}
    pairs = [pair for pair, count in cells.items() for _ in range(count)]
    assert cohen_kappa(pairs) == pytest.approx(6 / 11)
    assert cohen_kappa(pairs, "linear") == pytest.approx(5 / 9)
    assert cohen_kappa(pairs, "quadratic") == pytest.approx(13 / 23)
    with pytest.raises(ValueError, match="unknown kappa weights"):
        cohen_kappa(pairs, "cubic")


def test_undefined_values() -> None:
    same = [{"a": 3, "b": 3}, {"a": 3, "b": 3}]
    assert krippendorff_alpha(same) is None  # no variation: D_e = 0
    assert cohen_kappa([(3, 3), (3, 3)]) is None
    assert cohen_kappa([]) is None
    assert krippendorff_alpha([{"a": 1}, {"b": 2}]) is None  # nothing pairable
    assert percent_agreement([{"a": 1}]) is None
    with pytest.raises(ValueError, match="unknown level"):
        krippendorff_alpha(KRIPPENDORFF_E, "cardinal")


def test_perfect_agreement_and_systematic_disagreement() -> None:
    perfect = _units([1, 2, 3, 4], [1, 2, 3, 4])
    assert all(krippendorff_alpha(perfect, level) == pytest.approx(1.0) for level in LEVELS)
    assert cohen_kappa([(1, 1), (2, 2), (3, 3)]) == pytest.approx(1.0)
    flipped = _units([1, 2, 1, 2], [2, 1, 2, 1])
    assert krippendorff_alpha(flipped) < 0


def test_percent_agreement_and_pairs() -> None:
    # unit with three values: pairs (1,1) agree, (1,2) and (1,2) do not
    data = [{"a": 1, "b": 1, "c": 2}, {"a": 5, "b": 5}, {"a": 4}]
    assert pair_count(data) == 4
    assert percent_agreement(data) == pytest.approx(2 / 4)


def test_ordinal_alpha_ignores_the_spacing_of_values() -> None:
    # ordinal alpha depends on ranks only: relabelling 1..5 as 10, 20, 30, 40, 100 changes interval alpha only
    relabel = {1: 10, 2: 20, 3: 30, 4: 40, 5: 100}
    stretched = [{k: relabel[v] for k, v in unit.items()} for unit in KRIPPENDORFF_E]
    assert krippendorff_alpha(stretched, "ordinal") == pytest.approx(krippendorff_alpha(KRIPPENDORFF_E, "ordinal"))
    assert krippendorff_alpha(stretched, "interval") != pytest.approx(krippendorff_alpha(KRIPPENDORFF_E, "interval"))


SUITE = """\
name: rated
source_lang: en
target_lang: en
scales:
  fluency: {kind: ordinal, values: [1, 2, 3, 4, 5]}
  fluency-ab: {kind: pairwise, values: [A, B, equal]}
  unused: {kind: ordinal, values: [1, 2]}
defaults: {checks: [{metric: chrf, min: 1}]}
cases:
  - id: a
    src: x
    ref: y
    hyps: {m1: p, m2: q}
    ratings:
      fluency: {m1: {ann1: 4, ann2: 5}, m2: {ann1: 2, ann2: 2}}
      fluency-ab: {pair: [m1, m2], ann1: A, ann2: A}
  - id: b
    src: x
    ref: y
    hyps: {m1: p, m2: q}
    ratings:
      fluency: {m1: {ann1: 3, ann2: 3}, m2: {ann1: 1}}
      fluency-ab: {pair: [m1, m2], ann1: B, ann2: equal}
"""


def test_suite_agreement(write_suite: WriteSuite) -> None:
    fluency, pairwise, unused = suite_agreement(load_suite(write_suite(SUITE)))
    assert (fluency.items, fluency.annotators, fluency.pairs, fluency.alpha_level) == (4, 2, 3, "ordinal")
    assert fluency.percent == pytest.approx(2 / 3)
    # kappa over the three items both rated: (4,5), (2,2), (3,3) with the scale's five categories
    assert fluency.kappa == pytest.approx(cohen_kappa([(4, 5), (2, 2), (3, 3)]))
    assert fluency.alpha == pytest.approx(krippendorff_alpha([{"x": 4, "y": 5}, {"x": 2, "y": 2}, {"x": 3, "y": 3}], "ordinal"))
    assert (pairwise.items, pairwise.pairs, pairwise.percent, pairwise.alpha_level) == (2, 2, 0.5, "nominal")
    assert pairwise.alpha == pytest.approx(krippendorff_alpha([{"x": "A", "y": "A"}, {"x": "B", "y": "equal"}]))
    assert (unused.items, unused.annotators, unused.percent, unused.kappa, unused.alpha) == (0, 0, None, None, None)


def test_kappa_only_for_exactly_two_annotators(write_suite: WriteSuite) -> None:
    text = SUITE.replace("m2: {ann1: 1}", "m2: {ann1: 1, ann3: 1}")
    fluency = suite_agreement(load_suite(write_suite(text)))[0]
    assert fluency.annotators == 3 and fluency.kappa is None and fluency.alpha is not None


def test_agreement_command(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite(SUITE)
    assert main(["agreement", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["suite", "scale", "kind", "items", "annotators", "pairs", "agreement", "kappa", "alpha"]
    assert lines[1].split() == ["rated", "fluency", "ordinal", "4", "2", "3", "66.7%", "0.571", "0.949", "(ordinal)"]
    assert lines[3].split()[-6:] == ["0", "0", "-", "-", "-", "(ordinal)"]
    assert main(["agreement", "--json", str(path)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["scale"] for r in rows] == ["fluency", "fluency-ab", "unused"]
    assert rows[1]["percent"] == 0.5 and rows[2]["alpha"] is None


def test_agreement_command_on_an_invalid_suite(write_suite: WriteSuite, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_suite(SUITE.replace("ann2: A}", "ann2: C}"))
    assert main(["agreement", str(path)]) == 2
    assert "'C' is not a value of scale 'fluency-ab'" in capsys.readouterr().err
