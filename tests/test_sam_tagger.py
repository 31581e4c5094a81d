"""SAM's fast tagging gives NLTK's tags: the dense perceptron, the resumable tag loop, its cache, and many
sentences tagged together."""
from __future__ import annotations

import importlib.util
import random

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("textblob_aptagger") is None, reason="no tagger weights (pip install textblob-aptagger)")
nltk_perceptron = pytest.importorskip("nltk.tag.perceptron", reason="NLTK is not installed (pip install nltk)")

from mtcheck.sentiment import analyse, tokenise  # noqa: E402
from mtcheck.sentiment import analysis as analysis_module  # noqa: E402
from mtcheck.sentiment.analysis import analyse_like  # noqa: E402
from mtcheck.sentiment.perceptron import DensePerceptron  # noqa: E402
from mtcheck.sentiment.tagger import _tagger, pos_tags, shipped_weights, tags_of_many, weights_path  # noqa: E402

PerceptronTagger = nltk_perceptron.PerceptronTagger


@pytest.fixture(scope="module")
def nltk_tagger() -> PerceptronTagger:
    """NLTK's own tagger on the shipped weights (read from the pickle itself, not mtcheck's packed copy),
    predicting the NLTK way."""
    weights, tagdict, classes = shipped_weights(weights_path().read_bytes())
    tagger = PerceptronTagger(load=False)
    tagger.model.weights, tagger.model.classes = weights, classes
    tagger.tagdict, tagger.classes = tagdict, classes
    return tagger


def _vocabulary() -> list[str]:
    """Words the model saw in training (most not in its tag dictionary), odd shapes, made-up words."""
    seen = sorted(feature[len("i word "):] for feature in _tagger().model.weights.index if feature.startswith("i word "))
    odd = ["Zorblax", "1999", "42", "3.14", "well-known", "-dash", "n't", "'s", "!", ",", "😀", "", "Paris", "UNHAPPY"]
    return seen[::7] + odd


def test_the_fast_tagger_gives_nltks_tags(nltk_tagger: PerceptronTagger) -> None:
    rng = random.Random(20261122)
    vocabulary = _vocabulary()
    for _ in range(400):
        tokens = [rng.choice(vocabulary) for _ in range(rng.randint(1, 30))]
        expected = [tag for _, tag in nltk_tagger.tag(tokens)]
        assert pos_tags(tokens) == expected, tokens
        assert pos_tags(tokens) == expected, tokens  # again, from the prediction cache


def test_dense_prediction_breaks_ties_and_counts_as_nltk_does() -> None:
    """Small models with whole-number weights tie often; counts of 0 and 2 are weighted as NLTK weights them."""
    rng = random.Random(3)
    labels = ["A", "B", "C", "D"]
    for _ in range(300):
        weights = {f"f{i}": {label: float(rng.randint(-2, 2)) for label in rng.sample(labels, rng.randint(0, 4))}
                   for i in range(6)}
        features = {f"f{i}": rng.choice([0, 1, 1, 2]) for i in rng.sample(range(8), 5)}  # f6, f7: unknown
        nltk_model = nltk_perceptron.AveragedPerceptron(weights)
        nltk_model.classes = set(labels)
        assert DensePerceptron.from_weights(weights, set(labels)).predict(features) == nltk_model.predict(features)[0]


def test_a_prefix_is_the_whole_analysis_cut_short(nltk_tagger: PerceptronTagger) -> None:
    """``analyse(text, k)`` tags no further than k, and a longer request resumes: same tags either way."""
    rng = random.Random(7)
    vocabulary = _vocabulary()
    for _ in range(60):
        text = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(1, 20)))
        words = tokenise(text)
        expected = [tag for _, tag in nltk_tagger.tag(list(words))]
        for count in sorted(rng.sample(range(len(words) + 2), k=min(3, len(words) + 2))):
            prefix = analyse(text, count)
            assert [t.tag for t in prefix] == expected[:count]
        assert analyse(text)[: len(prefix)] == prefix


def test_a_sentence_analysed_like_another_gets_its_own_tags(nltk_tagger: PerceptronTagger) -> None:
    """``analyse_like(hyp, ref)`` takes the reference's tokens as far as the hypothesis's words agree and two
    words before, then tags on: NLTK's tags and the tokens of ``analyse`` itself, whatever the edit."""
    rng = random.Random(11)
    vocabulary = _vocabulary()
    for number in range(150):
        ref = [rng.choice(vocabulary) for _ in range(rng.randint(1, 15))]
        hyp = list(ref)
        at = rng.randrange(len(ref) + 1)
        edit = rng.choice(["swap", "insert", "drop", "copy"])
        if edit == "swap" and at < len(hyp):
            hyp[at] = rng.choice(vocabulary)
        elif edit == "insert":
            hyp.insert(at, rng.choice(vocabulary))
        elif edit == "drop" and at < len(hyp):
            del hyp[at]
        ref_text, hyp_text = " ".join(ref) + f" r{number}", " ".join(hyp) + f" h{number}"
        analyse(ref_text, rng.randrange(len(ref) + 1))  # the reference partly analysed before, or not at all
        tokens = analyse_like(hyp_text, ref_text)
        words = tokenise(hyp_text)
        assert [t.tag for t in tokens] == [tag for _, tag in nltk_tagger.tag(list(words))], (ref_text, hyp_text)
        assert tokens == analyse(hyp_text) == analysis_module._Analysis(hyp_text).first(len(words)), (ref_text, hyp_text)


def test_sentences_tagged_together_get_their_own_tags(nltk_tagger: PerceptronTagger) -> None:
    """``tags_of_many`` predicts the words of many sentences at one position at once: each sentence gets NLTK's
    tags, whatever the others hold, and from known first tags on it gets the tags after them."""
    rng = random.Random(29)
    vocabulary = _vocabulary()
    sentences = [[rng.choice(vocabulary) for _ in range(rng.randint(0, 25))] for _ in range(300)]
    expected = [[tag for _, tag in nltk_tagger.tag(words)] for words in sentences]
    assert tags_of_many(sentences) == expected
    known = [tags[: rng.randint(0, len(tags))] for tags in expected]
    assert tags_of_many(sentences, known) == expected


def test_a_sentence_ending_as_another_takes_its_tags_from_it_only_where_they_must_agree(
        nltk_tagger: PerceptronTagger, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a ``follows`` entry, a sentence that ends with another's words (after a word swapped, added or dropped)
    takes the other's tags from where its two tags before agree: the tags are NLTK's all the same, and fewer words
    are predicted."""
    rng = random.Random(37)
    vocabulary = _vocabulary()
    others = [[rng.choice(vocabulary) for _ in range(rng.randint(3, 20))] for _ in range(300)]
    sentences = [[rng.choice(vocabulary) for _ in range(rng.randint(0, 3))] + other[rng.randint(0, 3):]
                 for other in others]
    other_tags = [[tag for _, tag in nltk_tagger.tag(other)] for other in others]
    follows = []
    for words, other, tags in zip(sentences, others, other_tags):
        common = next((n for n in range(min(len(words), len(other))) if words[-1 - n] != other[-1 - n]),
                      min(len(words), len(other)))
        start = len(words) - common + 2
        follows.append((start, len(other) - len(words), tags) if start < len(words) else None)
    predicted = []
    model = _tagger().model
    predict_many = model.predict_many
    monkeypatch.setattr(model, "predict_many", lambda rows: predicted.append(len(rows)) or predict_many(rows))
    expected = [[tag for _, tag in nltk_tagger.tag(words)] for words in sentences]
    assert tags_of_many(sentences, follows=follows) == expected
    followed = sum(predicted)
    predicted.clear()
    assert tags_of_many(sentences) == expected
    assert followed < sum(predicted)


def test_pairs_analysed_together_are_analysed_as_one_by_one() -> None:
    """``analyse_pairs`` tags references, then hypotheses from where they leave them, in one batch: the tokens are
    those ``analyse`` gives each sentence alone (a reference partly analysed before, a hypothesis equal to its
    reference or to another pair's, an empty one)."""
    rng = random.Random(31)
    vocabulary = [word for word in _vocabulary() if word.strip()]
    refs, hyps = [], []
    for number in range(120):
        ref = [rng.choice(vocabulary) for _ in range(rng.randint(1, 15))]
        hyp = list(ref)
        hyp[rng.randrange(len(hyp))] = rng.choice(vocabulary)
        refs.append(" ".join(ref) + f" together{number}")
        hyps.append(rng.choice([" ".join(hyp) + f" together{number}", refs[-1], refs[0], ""]))
    analyse(refs[1], 3)
    analysis_module.analyse_pairs(hyps, refs)
    for text in (*hyps, *refs):
        assert analyse(text) == analysis_module._Analysis(text).first(len(tokenise(text))), text


def test_a_token_holding_the_cache_keys_separator_is_tagged_as_nltk_tags_it(nltk_tagger: PerceptronTagger) -> None:
    """Predictions are cached under their context joined by NUL; a token with a NUL is predicted uncached."""
    for tokens in (["I", "like", "x\0y", "very", "much"], ["\0", "good"], ["a", "b\0", "\0c", "d"]):
        assert pos_tags(tokens) == [tag for _, tag in nltk_tagger.tag(tokens)]
        assert pos_tags(tokens) == [tag for _, tag in nltk_tagger.tag(tokens)]


def test_numpy_is_imported_when_a_sentence_is_tagged_not_before() -> None:
    """A run whose SAM scores all come from the score cache builds the metric and tags nothing: no numpy (~0.1 s)."""
    import subprocess
    import sys

    code = ("import sys; from mtcheck.metrics import get_metric; metric = get_metric('sam:bleu', {'lang': 'en'}); "
            "before = 'numpy' in sys.modules; metric.score_batch(['It was good.'], [['It was bad.']]); "
            "print(before, 'numpy' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["False", "True"]
