"""METEOR on the offline WordNet, against the SAM paper's examples (Saadany et al.)."""
from __future__ import annotations

import pytest

from mtcheck.errors import MetricError
from mtcheck.metrics import get_metric
from mtcheck.metrics.meteor import METEORMetric
from mtcheck.resources import wordnet

from helpers import NO_WORDNET

pytestmark = pytest.mark.skipif(not wordnet.find_sources(), reason=NO_WORDNET)

EXAMPLE_1 = ("The weather is sunny, what a happy day", "The sun is shining, what a cheerful day")
EXAMPLE_2 = ("I’m not sure why, but I feel so happy today", "I don’t get it, but I feel so sad today")
EXAMPLE_3 = (
    "If he had blown himself up in your country, God would forgive him",
    "If he had blown himself up in your country, God would not forgive",
)


@pytest.fixture(scope="module", autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory):
    """Assemble WordNet in a temporary cache, not in the user's ~/.cache."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MTCHECK_CACHE_DIR", str(tmp_path_factory.mktemp("mtcheck-cache")))
        wordnet.load_wordnet.cache_clear()
        yield


@pytest.fixture(scope="module")
def meteor() -> METEORMetric:
    return METEORMetric()


# The paper reports 0.46, 0.48 and 0.92 (to two decimals). NLTK's METEOR with
# whitespace tokens reproduces all three: 0.465, 0.484, 0.9209. Splitting off
# punctuation (tokenize="regex") adds matched comma/apostrophe tokens and moves
# examples 1 and 2 well away from the paper (0.568, 0.577), so whitespace stays
# the default. Both WordNet sources give these same values.
@pytest.mark.parametrize(
    ("tokenize", "pair", "expected", "paper"),
    [
        ("whitespace", EXAMPLE_1, 0.4650, 0.46),
        ("whitespace", EXAMPLE_2, 0.4840, 0.48),
        ("whitespace", EXAMPLE_3, 0.9209, 0.92),
        ("regex", EXAMPLE_1, 0.5679, 0.46),
        ("regex", EXAMPLE_2, 0.5769, 0.48),
        ("regex", EXAMPLE_3, 0.9269, 0.92),
    ],
)
def test_paper_examples(tokenize: str, pair: tuple[str, str], expected: float, paper: float) -> None:
    score = METEORMetric(tokenize=tokenize).score(pair[0], [pair[1]])
    assert score.value == pytest.approx(expected, abs=1e-4)
    if tokenize == "whitespace":
        assert round(score.value, 2) == paper


def test_the_dropped_negation_is_what_is_unmatched(meteor: METEORMetric) -> None:
    score = meteor.score(*EXAMPLE_3)
    assert score.details["unmatched_hyp"] == ["him"]
    assert score.details["unmatched_ref"] == ["not"]
    assert any("not" in line for line in meteor.explain(score))


@pytest.mark.parametrize(
    ("hyp", "ref", "matched"),
    [
        ("a fast auto", "a fast car", True),  # same WordNet synset (car.n.01)
        # glad.s.01 holds both "glad" and "happy", yet NLTK runs its WordNet stage on the
        # Porter stems left by the stem stage ("happi"), so this synonym pair never matches.
        ("a glad day", "a happy day", False),
        ("a cheerful day", "a happy day", False),  # the paper's point: not a synset of happy
        ("a sad day", "a happy day", False),
        ("the dogs bark", "the dog barks", True),  # Porter stems
    ],
)
def test_synonym_and_stem_matching(meteor: METEORMetric, hyp: str, ref: str, matched: bool) -> None:
    score = meteor.score(hyp, [ref])
    assert (score.details["unmatched_hyp"] == []) is matched


@pytest.mark.parametrize(
    ("hyp", "ref", "expected"),
    [
        ("", "a reference", 0.0),
        ("a hypothesis", "", 0.0),
        ("", "", 0.0),  # NLTK's METEOR has no matches to count, so even two empty segments score 0
    ],
)
def test_empty_segments(meteor: METEORMetric, hyp: str, ref: str, expected: float) -> None:
    assert meteor.score(hyp, [ref]).value == expected


def test_values_are_in_unit_range_and_identity_is_near_one(meteor: METEORMetric) -> None:
    same = meteor.score(EXAMPLE_3[1], [EXAMPLE_3[1]]).value
    assert 0.99 < same <= 1.0
    for hyp, ref in (EXAMPLE_1, EXAMPLE_2, EXAMPLE_3):
        assert 0.0 <= meteor.score(hyp, [ref]).value <= 1.0


def test_best_of_several_references(meteor: METEORMetric) -> None:
    score = meteor.score(EXAMPLE_3[0], ["something else entirely", EXAMPLE_3[1]])
    assert score.best_ref == 1
    assert score.value == pytest.approx(0.9209, abs=1e-4)


def test_batch_equals_single(meteor: METEORMetric) -> None:
    pairs = [EXAMPLE_1, EXAMPLE_2, EXAMPLE_3]
    batch = meteor.score_batch([h for h, _ in pairs], [[r] for _, r in pairs])
    assert batch == [meteor.score(h, [r]) for h, r in pairs]


def test_case_is_ignored(meteor: METEORMetric) -> None:
    assert meteor.score("GOD WOULD FORGIVE", ["god would forgive"]) == meteor.score("god would forgive", ["god would forgive"])


def test_signature_names_versions_source_and_parameters(meteor: METEORMetric) -> None:
    signature = meteor.signature()
    info = wordnet.load_wordnet()[1]
    assert signature.startswith("meteor|nltk:")
    assert f"wordnet:{info.source}-3.0" in signature
    assert "alpha:0.9|beta:3|gamma:0.5|tok:whitespace" in signature
    others = {METEORMetric(alpha=0.8).signature(), METEORMetric(tokenize="regex").signature(), signature}
    assert len(others) == 3


def test_building_and_signing_read_no_wordnet(monkeypatch: pytest.MonkeyPatch) -> None:
    """WordNet loads on the first score, so a run whose scores are all cached never loads it;
    the signature is the one the loaded copy gives (cached scores stay valid)."""
    from importlib.metadata import version

    info = wordnet.load_wordnet()[1]
    expected = (f"meteor|nltk:{version('nltk')}|wordnet:{info.source}-{info.version}"
                "|alpha:0.9|beta:3|gamma:0.5|tok:whitespace|case:lc|refs:best|unicode:nfc")

    def refuse(*args: object) -> None:
        raise AssertionError("WordNet was loaded")

    monkeypatch.setattr("mtcheck.metrics.meteor.load_wordnet", refuse)
    metric = get_metric("meteor")
    assert metric.signature() == expected
    with pytest.raises(AssertionError, match="WordNet was loaded"):
        metric.score(*EXAMPLE_3)


def test_parameters_change_the_value() -> None:
    default = METEORMetric().score(*EXAMPLE_3).value
    no_penalty = METEORMetric(gamma=0.0).score(*EXAMPLE_3).value
    assert no_penalty > default


@pytest.mark.parametrize("params", [{"tokenize": "nltk"}, {"alpha": 1.5}, {"gamma": -0.1}, {"beta": -1}])
def test_bad_parameters(params: dict) -> None:
    with pytest.raises(MetricError):
        METEORMetric(**params)


def test_registry_builds_it() -> None:
    assert isinstance(get_metric("meteor", {"tokenize": "regex"}), METEORMetric)
