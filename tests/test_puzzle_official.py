"""``puzzle-official`` against ``puzzle``: one golden test per difference, and a reconstruction of the script's formulas.

Every expected value below is worked out in its comment from the definitions in
docs/puzzle-preset.md. The reconstruction at the end re-derives the evaluation
script's scores from the published descriptions of its parts (written again
here, independently of mtcheck's code) and checks both agree on every bundled
puzzle case.
"""
from __future__ import annotations

import json
import math
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from mtcheck.commands.main import main
from mtcheck.metrics import get_metric
from mtcheck.presets import puzzle_official
from mtcheck.presets.puzzle import score_puzzle, score_puzzle_official

from helpers import reference_levenshtein

SUITES = Path(__file__).resolve().parent.parent / "suites"
PERFECT = {"bleu2": 1.0, "characTER": 1.0, "chrf3": 1.0, "exact_match": 1.0}


def f_beta(matches: int, hyp_total: int, ref_total: int) -> float:
    """chrF's per-order F-score (beta = 2) from counts: 5PR / (4P + R), 0 without a match."""
    if not matches:
        return 0.0
    p, r = matches / hyp_total, matches / ref_total
    return 5 * p * r / (4 * p + r)


def chrf_from(*orders: tuple[int, int, int]) -> float:
    """chrF-3 from (matches, hypothesis n-grams, reference n-grams) of orders 1-3."""
    return sum(f_beta(*order) for order in orders) / 3


DIFFERENCES = [
    pytest.param(
        # The script turns [have] into (have/ ); dropping it leaves "you  killed him" (two spaces), so EM fails.
        # Split-based BLEU and CharacTER and space-free chrF still see a perfect match.
        "You [have] killed him.", "You killed him.", {**PERFECT, "exact_match": 0.0}, PERFECT, id="optional-gap"),
    pytest.param(
        # The script replaces both copies of (him/her) at once: its texts are the literal one, "i saw him and him"
        # and "i saw her and her". Pooled BLEU: unigrams 5/5 (him and her each occur twice in some text), bigrams
        # i-saw, saw-him, him-and (text 2) and and-her (text 3) 4/4 -> 1. chrF, CharacTER: best text
        # "i saw him and him": 11/13, 10/12, 9/11 character n-grams; e->i, r->m: 2 edits / 17 characters.
        "I saw (him/her) and (him/her).", "I saw him and her.",
        {"bleu2": 1.0, "characTER": 1 - 2 / 17, "chrf3": chrf_from((11, 13, 13), (10, 12, 12), (9, 11, 11)),
         "exact_match": 0.0}, PERFECT, id="identical-groups"),
    pytest.param(
        # The script deletes ".SG" only: "I.M" becomes "im". BLEU vs "im came home": 2/3 unigrams, 1/2 bigrams;
        # CharacTER: one insertion / 11 characters.
        "I.SG.M came home.", "I came home.",
        {"bleu2": math.sqrt(2 / 3 * 1 / 2), "characTER": 1 - 1 / 11,
         "chrf3": chrf_from((9, 9, 10), (7, 8, 9), (6, 7, 8)), "exact_match": 0.0}, PERFECT, id="stacked-tags"),
    pytest.param(
        # ".2PL-" is not in the script's list: the solution becomes "we2pl- worked". BLEU: 1/2 unigrams, 0/1 bigrams
        # smoothed to 1/2; CharacTER: 4 insertions / 9 characters.
        "We.2PL- worked.", "We worked.",
        {"bleu2": math.sqrt(1 / 2 * 1 / 2), "characTER": 1 - 4 / 9,
         "chrf3": chrf_from((8, 8, 12), (6, 7, 11), (4, 6, 10)), "exact_match": 0.0}, PERFECT, id="tag-list"),
    pytest.param(
        # The script expands the answer too, and its "he sang" matches. puzzle scores the answer as written:
        # BLEU 1/2 unigrams, 0/1 bigrams -> 1/2; CharacTER: delete "(", "/she)": 6 edits / 13 characters.
        "He sang.", "(he/she) sang", PERFECT,
        {"bleu2": 0.5, "characTER": 1 - 6 / 13, "chrf3": chrf_from((6, 12, 6), (4, 11, 5), (2, 10, 4)),
         "exact_match": 0.0}, id="answer-expanded"),
    pytest.param(
        # The script's answer is "yes  i do " (the comma and full stop leave their spaces); puzzle collapses them.
        "Yes, I do.", "Yes , I do .", {**PERFECT, "exact_match": 0.0}, PERFECT, id="white-space"),
    pytest.param(
        # puzzle reads the suite syntax's escapes: the solution is "a (b) c". The script keeps the backslashes:
        # BLEU vs "a \(b\) c": 2/3 unigrams, 0/2 bigrams -> 1/(2*2); CharacTER: 2 deletions / 7 characters.
        r"a \(b\) c", "a (b) c",
        {"bleu2": math.sqrt(2 / 3 * 1 / 4), "characTER": 1 - 2 / 7,
         "chrf3": chrf_from((5, 5, 7), (2, 4, 6), (0, 3, 5)), "exact_match": 0.0}, PERFECT, id="escapes"),
    pytest.param(
        # The script needs text on both sides of a slash, so "(a/)" is text; for puzzle it is "a" or nothing.
        # Official BLEU vs "(a/) b": 1/1 unigrams, 0/1 bigrams -> 1/2, BP exp(1 - 2/1); chrF: 1 of 1 and 5
        # characters, order 1 only; CharacTER: 5 insertions / 1 character, capped at 1.
        # puzzle: "b" is one word (BLEU sqrt(1 * 1/2)) of one character (chrF 1/3).
        "(a/) b", "b",
        {"bleu2": math.exp(1 - 2) * math.sqrt(1 * 1 / 2), "characTER": 0.0,
         "chrf3": chrf_from((1, 1, 5), (0, 0, 4), (0, 0, 3)), "exact_match": 0.0},
        {"bleu2": math.sqrt(1 / 2), "characTER": 1.0, "chrf3": 1 / 3, "exact_match": 1.0}, id="empty-choice"),
]


@pytest.mark.parametrize(("solution", "answer", "official", "puzzle"), DIFFERENCES)
def test_each_difference(solution: str, answer: str, official: dict[str, float], puzzle: dict[str, float]) -> None:
    assert score_puzzle_official(answer, solution).as_dict() == pytest.approx(official, abs=1e-12)
    assert score_puzzle(answer, solution).as_dict() == pytest.approx(puzzle, abs=1e-12)


def test_nested_groups() -> None:
    # The script's first "group" is "(does (the/a)" (it may hold a "(" but no ")"), so it never produces
    # "does the woman hit my father". Pooled BLEU: every n-gram of the answer is in
    # "does the woman hit my father woman)" (7 words, the closest length): BP exp(1 - 7/6).
    # CharacTER against that text: insert " woman)", 7 edits / 28 characters.
    solution, answer = "(Does (the/a) woman hit my father?/Does my father see (the/a) woman?)", "Does the woman hit my father?"
    official = score_puzzle_official(answer, solution)
    assert "does the woman hit my father" not in official.references
    assert "does the woman hit my father woman)" in official.references
    assert (official.bleu2, official.characTER, official.exact_match) == pytest.approx((math.exp(1 - 7 / 6), 1 - 7 / 28, 0.0))
    fixed = score_puzzle(answer, solution)
    assert fixed.references[1:4] == ("does (the/a) woman hit my father", "does the woman hit my father", "does a woman hit my father")
    assert fixed.as_dict() == PERFECT


def test_references_of_the_recipe_example() -> None:
    # The script also keeps the untouched "(have/ )" text and the double-spaced texts of a dropped [have];
    # the recipe lists six references, as puzzle does. The scores agree here.
    official = score_puzzle_official("you danced with her.", "You.SG [have] killed (her/him).")
    assert official.references == ("you (have/ ) killed (her/him)", "you have killed (her/him)", "you have killed her",
                                   "you have killed him", "you  killed (her/him)", "you  killed her", "you  killed him")
    assert official.as_dict() == score_puzzle("you danced with her.", "You.SG [have] killed (her/him).").as_dict()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You.SG [have] killed (her/him).", "you (have/ ) killed (her/him)"),
        ("  We.PL2- will sing. ", "we will sing"),  # ".PL2-" goes before ".PL2" and ".PL"
        ("He.3SG came.", "he3sg came"),
        ("Yes , I do .", "yes  i do "),
        ("PLAN.PLUS", "planus"),  # tags are deleted wherever they occur
    ],
)
def test_official_preprocessing(text: str, expected: str) -> None:
    assert puzzle_official.preprocess(text) == expected


def test_official_expansion_is_bounded() -> None:
    with pytest.raises(ValueError, match="expands to more than 2048 texts; split it into several solutions"):
        puzzle_official.alternatives(" ".join(f"({i}/x{i})" for i in range(11)))


# --- the suite metrics and the command line ------------------------------------------------


def test_suite_metrics_of_both_presets(tmp_path: Path) -> None:
    metric = get_metric("puzzle-official:exact_match")
    assert metric.name == "puzzle-official:exact_match"
    assert metric.signature().startswith("puzzle-official|")
    assert metric.score("You killed him.", ["You [have] killed him."]).value == 0.0
    assert get_metric("puzzle:exact_match").score("You killed him.", ["You [have] killed him."]).value == 1.0


def test_cli_scores_with_either_preset(capsys: pytest.CaptureFixture[str]) -> None:
    for preset, em in (("puzzle", 1.0), ("puzzle-official", 0.0)):
        assert main(["score", "--preset", preset, "--hyp", "You killed him.", "--ref", "You [have] killed him.", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert (out["preset"], out["scores"]["exact_match"]) == (preset, em)
        assert out["signature"].startswith(preset + "|")
    assert main(["score", "--preset", "puzzle-official", "--hyp", "a", "--ref", "a", "--ref", "b"]) == 2
    assert "--preset puzzle-official takes one --ref" in capsys.readouterr().err


# --- reconstruction of the script's formulas from their published descriptions -------------


def described_preprocessing(text: str) -> str:
    """The script's preprocessing as its documentation and comments describe it."""
    text = re.sub(r"\[([^\]]+)\]", r"(\1/ )", text.strip())  # "[word]" becomes "(word/ )"
    for tag in (".SG", ".PL2-", ".PL2", ".PL3", ".PL"):
        text = text.replace(tag, "")
    return re.sub("[.!?,]", "", text.lower())


def described_texts(text: str) -> list[str]:
    """The text, then its first group's options, each replacing every copy of the group, recursively."""
    texts = [text]
    groups = re.findall(r"\([^)\r\n]+/[^)\r\n]+\)", text)
    if groups:
        for option in groups[0][1:-1].split("/"):
            texts += described_texts(text.replace(groups[0], option.strip()))
    return texts


def described_bleu2(hyp: str, refs: list[str]) -> float:
    """Papineni et al. (2002) modified precision over pooled references, NIST geometric smoothing (Chen & Cherry 2014, 3)."""
    h, rs = hyp.split(), [r.split() for r in refs]
    grams = lambda words, n: Counter(zip(*(words[i:] for i in range(n))))  # noqa: E731
    p = [Fraction(sum(min(c, max(grams(r, n)[g] for r in rs)) for g, c in grams(h, n).items()),
                  max(1, len(h) - n + 1)) for n in (1, 2)]
    if p[0] == 0:
        return 0.0
    zeros = [i for i, x in enumerate(p) if x == 0]
    smoothed = [float(x) if x else 1 / (2 ** (zeros.index(i) + 1) * max(1, len(h) - i)) for i, x in enumerate(p)]
    r = sorted((abs(len(x) - len(h)), len(x)) for x in rs)[0][1]
    bp = 1.0 if len(h) > r else math.exp(1 - r / len(h))
    return bp * math.exp(sum(math.log(x) for x in smoothed) / 2)


def described_chrf3(hyp: str, refs: list[str]) -> float:
    """Popović's chrF: per-order character n-gram F-scores (beta 2, no spaces) averaged; best reference."""
    def grams(text: str, n: int) -> Counter[str]:
        chars = "".join(text.split(" ")).strip()
        return Counter(chars[i : i + n] for i in range(len(chars) - n + 1))

    def one(ref: str) -> float:
        total = 0.0
        for n in (1, 2, 3):
            common = sum((grams(hyp, n) & grams(ref, n)).values())
            total += f_beta(common, sum(grams(hyp, n).values()), sum(grams(ref, n).values()))
        return total / 3

    return max([0.0, *map(one, refs)])


def described_cter(hyp: str, ref: str) -> float:
    """Wang et al. (2016): greedy word shifts by whole-edit gain, shift cost + character edits over hypothesis length."""
    original, words, target = hyp.split(), hyp.split(), ref.split()
    if not words:
        return 1.0
    while True:
        moves = []
        for i, j in ((i, j) for i in range(len(words)) for j in range(len(target)) if i != j and words[i] == target[j]):
            n = 1
            while i + n < len(words) and j + n < len(target) and words[i + n] == target[j + n]:
                n += 1
            rest = words[:i] + words[i + n :]
            moved = rest[:j] + words[i : i + n] + rest[j:]
            moves.append((reference_levenshtein(words, target) - reference_levenshtein(moved, target), moved))
        if not moves or max(moves)[0] <= 0:
            break
        words = max(moves)[1]
    cost, k = 0.0, 0
    while k < len(original):  # moved phrases, read off the final order
        later = [p for p in range(k + 1, len(words)) if words[p] == original[k]] if words[k] != original[k] else []
        n = 0
        if later:
            n = 1
            while later[0] + n < len(words) and words[later[0] + n] == original[k + n]:
                n += 1
            cost += sum(len(w) for w in original[k : k + n]) / n
        k += max(n, 1)
    shifted = " ".join(words)
    return min(1.0, (cost + reference_levenshtein(shifted, " ".join(target))) / len(shifted))


def described_scores(answer: str, solution: str) -> dict[str, float]:
    refs = described_texts(described_preprocessing(solution))
    best = {"bleu2": 0.0, "characTER": 0.0, "chrf3": 0.0, "exact_match": 0.0}
    for hyp in described_texts(described_preprocessing(answer)):
        scores = {"bleu2": described_bleu2(hyp, refs), "characTER": 1.0 - min([1.0, *(described_cter(hyp, r) for r in refs)]),
                  "chrf3": described_chrf3(hyp, refs), "exact_match": float(hyp in refs)}
        best = {name: max(best[name], value) for name, value in scores.items()}
    return best


def bundled_cases() -> list[tuple[str, str, str]]:
    cases = []
    for path in sorted(SUITES.glob("puzzles-*.mt.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            for system, hyp in case["hyps"].items():
                cases.append((f"{path.name}:{case['id']}:{system}", case["ref"], hyp if isinstance(hyp, str) else hyp["text"]))
    return cases


def test_reconstruction_agrees_on_every_bundled_puzzle_case() -> None:
    cases = bundled_cases()
    assert len(cases) == 2 * (41 + 42) + 42  # solver-ok and solver-bad per case; Apertium's answer per eu-en case
    for where, solution, answer in cases:
        assert score_puzzle_official(answer, solution).as_dict() == pytest.approx(described_scores(answer, solution), abs=1e-12), where


def test_bleu2_agrees_with_nltk() -> None:
    # The script calls NLTK's sentence_bleu(weights=(0.5, 0.5), smoothing_function=method3); compare where NLTK is installed.
    bleu_score = pytest.importorskip("nltk.translate.bleu_score", reason="NLTK is not installed (pip install nltk)")
    from mtcheck.presets.puzzle_metrics import bleu2

    smoothing = bleu_score.SmoothingFunction().method3
    for where, solution, answer in bundled_cases():
        refs, hyp = puzzle_official.alternatives(puzzle_official.preprocess(solution)), puzzle_official.preprocess(answer)
        expected = bleu_score.sentence_bleu([r.split() for r in refs], hyp.split(), weights=(0.5, 0.5), smoothing_function=smoothing)
        assert bleu2(hyp, refs) == expected, where
