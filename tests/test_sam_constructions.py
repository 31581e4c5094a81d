"""Quiet on correct output: a negation that intensifies or affirms ("can't wait", "couldn't be happier",
"anything but slow") reads as its language's construction table declares, and a negated opposite that says the
same ("not bad at all" for "good") costs nothing; the flips beside them still cost what they did, and a construction's
declared meaning counts against its own words read literally ("can wait" for "can't wait")."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.errors import MetricError
from mtcheck.metrics import get_metric
from mtcheck.resources import wordnet
from mtcheck.sentiment.aligned import CONSTRUCTION, NEGATED_OPPOSITE, aligned_penalty
from mtcheck.sentiment.analysis import analyse
from mtcheck.sentiment.constructions import FOLDER, constructions_for, read_constructions
from mtcheck.sentiment.context import context_words
from mtcheck.sentiment.lexicon import load_lexicon

from helpers import NO_WORDNET

# (hypothesis, reference, expected p)
GOLDEN = [
    # negation that intensifies or affirms is no dropped or added negation (issue #39's examples)
    ("I can't wait for the weekend.", "I am really looking forward to the weekend.", 0.0),
    ("I couldn't be happier with the hotel.", "I am very happy with the hotel.", 0.0),
    ("It could not have been better.", "It was very good.", 0.0),
    ("The service was anything but slow.", "The service was fast.", 0.0),
    ("The food was not bad at all.", "The food was good.", 0.0),
    ("Not only cheap but also good.", "Cheap and good.", 0.0),
    # a word with polarity for a neutral word of the same sense ("problem" -0.425, "issue" none: a synonym group)
    ("There were no issues with the delivery.", "There were no problems with the delivery.", 0.0),
    # the flips beside them still cost
    ("The service was anything but fast.", "The service was fast.", 0.5),
    # a construction's meaning against its own words read literally: eager for "can wait", certain for "doubt"
    ("I can wait for the weekend.", "I can't wait for the weekend.", 0.5),
    ("I cannot wait for the weekend.", "I can wait for the weekend.", 0.5),
    ("There is no doubt about it.", "There is doubt about it.", 0.5),
    ("I could be happier with the hotel.", "I couldn't be happier with the hotel.", 0.16875),  # '=': its degree
    # ... but literal words of the meaning's sign keep what their own polarities cost, and the same construction
    # on both sides decides nothing
    ("I agree.", "I could not agree more.", 0.09375),
    ("I can't wait.", "I can not wait.", 0.0),
    ("It could not be worse.", "It could not be better.", 0.675),  # both intensified, opposites
    ("The food was bad.", "The food was good.", 0.55),
    ("The service was slow.", "The service was fast.", 0.5),
    ("The food was not good.", "The food was good.", 0.5),
]


def _penalty(hyp: str, ref: str):
    return aligned_penalty(hyp, ref, load_lexicon("default"), context_words("en"), lang="en")


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
@pytest.mark.parametrize("hyp, ref, p", GOLDEN)
def test_golden(hyp: str, ref: str, p: float) -> None:
    assert _penalty(hyp, ref).p == pytest.approx(p, abs=1e-6)
    assert _penalty(ref, hyp).p == pytest.approx(p, abs=1e-6)  # the rules are symmetric


def test_a_construction_reads_its_words_as_declared() -> None:
    found = constructions_for("en").found(analyse("I couldn't be happier with the hotel."))
    assert [(start, c.text, c.reading) for start, c in found] == [(1, "could not be <JJR|RBR>", ("=", "very", "=", "="))]
    keys = context_words("en").keys(analyse("The service was anything but slow."))  # type: ignore[union-attr]
    assert keys[3:6] == ["_plain_", "not", "slow"]  # "but" negates "slow" and ends no clause
    assert constructions_for("xx").items == ()  # a language without a table has none


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_a_negated_opposite_names_its_relation() -> None:
    pair = next(p for p in _penalty("The food was not bad at all.", "The food was good.").pairs
                if p.ref is not None and p.ref.text == "good")
    assert (pair.hyp.text, pair.relation, pair.change) == ("bad", NEGATED_OPPOSITE, 0.0)  # type: ignore[union-attr]


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_the_explanation_names_the_negated_opposite() -> None:
    metric = get_metric("sam:chrf", {}, target_lang="en")
    lines = metric.explain(metric.score("The food was not bad at all.", ["The food was good."]))
    assert any("negated-opposite: opposites, one negated, that say the same" in line for line in lines)


@pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)
def test_the_explanation_names_the_construction_and_its_meaning() -> None:
    metric = get_metric("sam:chrf", {}, target_lang="en")
    score = metric.score("I can wait for the weekend.", ["I can't wait for the weekend."])
    worst = _penalty("I can wait for the weekend.", "I can't wait for the weekend.").worst_pair
    assert worst is not None and worst.hyp is None and worst.ref.text == "n't"  # type: ignore[union-attr]
    assert (worst.relation, worst.change) == (CONSTRUCTION, 1.0)
    assert any("* not#r (s +0.000) → - [dropped, construction: 'can not wait' means + eager" in line
               and "the other side reads its words literally] change 1.000" in line for line in metric.explain(score))


def test_every_bundled_table_reads() -> None:
    for path in sorted(FOLDER.glob("*.txt")):
        assert read_constructions(path).items, path


@pytest.mark.parametrize("line", [
    "can not wait\t= -\t+ eager",  # one reading short
    "can not wait\t= - =",  # no meaning
    "can not wait\t= - =\tpositive",  # a meaning that is no polarity
])
def test_a_malformed_line_is_one_error_naming_file_and_line(tmp_path: Path, line: str) -> None:
    path = tmp_path / "xx.txt"
    text = f"# a table\nanything but\t- not\t- not\n{line}\n"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MetricError) as caught:
        read_constructions(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:3: expected a pattern, a tab, how each of its 3 word(s) reads")
    assert "its meaning (+, -, 0, =" in message and "\n" not in message
    assert path.read_text(encoding="utf-8") == text  # read, never rewritten
