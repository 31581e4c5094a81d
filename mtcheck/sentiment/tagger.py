"""English POS tagging, offline: NLTK's averaged-perceptron tagger with the weights that
the ``textblob-aptagger`` package ships (MIT, Penn Treebank tags, ~8 MB).
Loaded once per process, without importing NLTK, from a packed copy of the weights in mtcheck's cache folder
(about a third of the time of unpickling them: ~0.05 s against ~0.14 s); it predicts with
:class:`~mtcheck.sentiment.perceptron.DensePerceptron` (NLTK's tags, five times faster).
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import pickle
import sys
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from mtcheck.errors import MetricError
from mtcheck.resources.derived import derived

if TYPE_CHECKING:  # imported where a sentence is tagged: numpy's import (~0.1 s) is for runs that tag
    from mtcheck.sentiment.perceptron import PerceptronTagger

_WEIGHTS = "trontagger-0.1.0.pickle"
_SEPARATOR = "\0"
_INSTALL_HINT = "pip install --force-reinstall textblob-aptagger"


def tagger_ident() -> str:
    """Tagger and lemmatiser names and versions, for metric signatures."""
    versions = []
    for package, short in (("textblob-aptagger", "aptagger"), ("nltk", "nltk"), ("lemminflect", "lemminflect")):
        try:
            versions.append(f"{short}-{importlib.metadata.version(package)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{short}-missing")
    return "+".join(versions)


def lemmatiser_ident() -> str:
    """The lemmatiser of the languages in :mod:`mtcheck.languages` and its version, for signatures."""
    try:
        return f"simplemma-{importlib.metadata.version('simplemma')}"
    except importlib.metadata.PackageNotFoundError:
        return "simplemma-missing"


@lru_cache(maxsize=1)
def _tagger() -> PerceptronTagger:
    """The tagger, read from its packed copy in mtcheck's cache folder (made from the shipped weights on first use;
    :mod:`mtcheck.resources.derived` checks it and makes it again when it is stale or damaged)."""
    from mtcheck.sentiment.perceptron import PerceptronTagger

    path = weights_path()
    try:
        return PerceptronTagger.from_bytes(derived(f"{_WEIGHTS}-packed-1-{sys.byteorder}", path, _packed))
    except OSError as exc:
        raise MetricError(f"SAM's POS tagger cannot read its weights {path} ({exc}) (fix: {_INSTALL_HINT})") from None


def weights_path() -> Path:
    """The weights ``textblob-aptagger`` ships, located without importing it (its __init__ needs an old TextBlob)."""
    spec = importlib.util.find_spec("textblob_aptagger")
    if spec is None or not spec.submodule_search_locations:
        raise MetricError(f"SAM's POS tagger needs the 'textblob-aptagger' package (fix: {_INSTALL_HINT})")
    return Path(list(spec.submodule_search_locations)[0]) / _WEIGHTS


def shipped_weights(data: bytes) -> tuple[dict[str, dict[str, float]], dict[str, str], set[str]]:
    """NLTK's weights (feature -> label -> weight), tag dictionary and classes from the bytes of the shipped pickle."""
    return pickle.loads(data)  # weights shipped by an installed package


def _packed(data: bytes) -> bytes:
    """The tagger of the shipped pickle's bytes, packed (:meth:`PerceptronTagger.to_bytes`)."""
    from mtcheck.sentiment.perceptron import DensePerceptron, PerceptronTagger

    weights, tagdict, classes = shipped_weights(data)
    return PerceptronTagger(DensePerceptron.from_weights(weights, classes), tagdict).to_bytes()


def pos_tags(tokens: Sequence[str]) -> list[str]:
    """Penn Treebank tags for ``tokens`` (one English sentence or tweet)."""
    return list(iter_pos_tags(tokens))


def iter_pos_tags(tokens: Sequence[str], known: Sequence[str] = ()) -> Iterator[str]:
    """The tags of :func:`pos_tags`, each computed when it is asked for (the tagger loads now); with
    ``known``, the tags of the first tokens (already computed), the tags after them.

    NLTK's ``PerceptronTagger.tag`` loop: a token's tag depends on the tags before it and
    on the words up to two after it, so stopping early leaves the rest untagged and
    changes no tag given.
    """
    return _tags(_tagger(), tokens, known) if len(tokens) > len(known) else iter(())


#: A sentence that ends with the same words as one tagged before it: ``(start, shift, tags)``, where ``start`` is the
#: position of its third word of that common ending (at least 2), ``shift`` what to add to a position of this sentence
#: to find the same word in the other, and ``tags`` the other's tags.
Follow = tuple[int, int, Sequence[str]]


def tags_of_many(sentences: Sequence[Sequence[str]], known: Sequence[Sequence[str]] = (),
                 follows: Sequence[Follow | None] = ()) -> list[list[str]]:
    """The tags :func:`pos_tags` gives each of ``sentences`` (after ``known[k]``, the tags of sentence ``k``'s first
    words, already computed), tagged together position by position: the words of every sentence at one position that
    the tag dictionary lacks are predicted at once
    (:meth:`~mtcheck.sentiment.perceptron.DensePerceptron.predict_many`), each given the tags before it in its own
    sentence, as :func:`iter_pos_tags` gives them one by one. With ``follows[k]`` (:data:`Follow`), sentence ``k``
    takes the rest of its tags from a sentence tagged before it that ends with the same words, as :func:`_followed`
    says."""
    tagger = _tagger()
    contexts = [(*tagger.START, *(tagger.normalize(word) for word in words), *tagger.END) for words in sentences]
    tags = [list(known[k]) if k < len(known) else [] for k in range(len(sentences))]
    following = [follows[k] if k < len(follows) else None for k in range(len(sentences))]
    for i in range(max(map(len, sentences), default=0)):
        asked, features = [], []
        for k, words in enumerate(sentences):
            if i >= len(words) or i < len(tags[k]) or following[k] and _followed(tags[k], i, following[k]):
                continue
            found = tagger.tagdict.get(words[i])
            if found:
                tags[k].append(found)
                continue
            prev, prev2 = (*reversed(tags[k][-2:]), *tagger.START)[:2]
            asked.append(k)
            features.append(tagger.features(words[i], contexts[k][i : i + 5], prev, prev2))
        for k, tag in zip(asked, tagger.model.predict_many(features)):
            tags[k].append(tag)
    return tags


def _followed(tags: list[str], i: int, follow: Follow | None) -> bool:
    """Whether the sentence of ``tags`` (tagged up to position ``i``) takes its tags from ``i`` on from the sentence
    ``follow`` names, and if so takes them. A tag depends on the word, the two tags before it and the normalised
    words from two before it to two after it (:meth:`~mtcheck.sentiment.perceptron.PerceptronTagger.features`):
    from ``start`` on those words (the end of the sentence included) are the other's, so where the two tags before
    ``i`` are the other's too, each tag from ``i`` on is the other's, one after another."""
    if follow is None or i < follow[0]:
        return False
    start, shift, other = follow
    if tags[i - 2:i] != list(other[i - 2 + shift:i + shift]):
        return False
    tags.extend(other[i + shift:])
    return True


def _tags(tagger: PerceptronTagger, tokens: Sequence[str], known: Sequence[str]) -> Iterator[str]:
    prev, prev2 = (*reversed(known[-2:]), *tagger.START)[:2]
    context = (*tagger.START, *(tagger.normalize(word) for word in tokens), *tagger.END)
    for i, word in enumerate(tokens[len(known):], len(known)):
        tag = tagger.tagdict.get(word) or _tag_of(tagger, word, context[i : i + 5], prev, prev2)
        yield tag
        prev2, prev = prev, tag


def _tag_of(tagger: PerceptronTagger, word: str, window: tuple[str, ...], prev: str, prev2: str) -> str:
    """The perceptron's tag for ``word`` given the two tags before it and the normalised words around it
    (``window[2]`` is its own); cached by the eight joined into one string, a key that leaves nothing for the
    garbage collector to walk (a tuple key left two objects a prediction), unless one holds the separator."""
    key = _SEPARATOR.join((word, *window, prev, prev2))
    if key.count(_SEPARATOR) != 7:
        return tagger.model.predict(tagger.features(word, window, prev, prev2))
    return _predicted(key)


@lru_cache(maxsize=200_000)
def _predicted(key: str) -> str:
    """The tag of :func:`_tag_of`'s ``key``. Cached: hypotheses share most contexts with their references."""
    word, *window, prev, prev2 = key.split(_SEPARATOR)
    tagger = _tagger()
    return tagger.model.predict(tagger.features(word, tuple(window), prev, prev2))
