"""NLTK's averaged-perceptron POS tagging, five times faster, with the same tags, without importing NLTK.

Importing ``nltk.tag.perceptron`` imports the ``nltk`` package, which pulls in ``scipy.stats``:
about a second per process, more than SAM's first pass over 2,000 new pairs. The tagger needs
only the trained weights (shipped by ``textblob-aptagger``) and NLTK 3.10's feature template
and word normalisation, which :class:`PerceptronTagger` restates.

``AveragedPerceptron.predict`` adds each feature's weights label by label into a dict
and picks the best of 45 labels with a Python ``max``. :class:`DensePerceptron` keeps
each feature's weights as a numpy row over the labels (built on the feature's first
use) and adds rows: per label, the same additions in the same order (a label the
feature has no weight for adds 0.0, which changes no sum), and ``argmax`` over the
labels in reverse order breaks ties as NLTK does (the greatest label wins).

The weights are held packed (:class:`PackedWeights`: one array of every weight, rows found by feature), and a
tagger turns into bytes and back (:meth:`PerceptronTagger.to_bytes`): read from mtcheck's cache folder
(:mod:`mtcheck.resources.derived`), that loads in a fraction of the time of unpickling the shipped weights.
"""
from __future__ import annotations

import json
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, repeat

import numpy as np

__all__ = ["DensePerceptron", "PackedWeights", "PerceptronTagger"]


@dataclass(frozen=True, eq=False)
class PackedWeights:
    """A perceptron's weights: feature ``f``'s are ``values[bounds[i]:bounds[i + 1]]`` for the labels numbered
    ``columns[bounds[i]:bounds[i + 1]]`` (``i = index[f]``); ``labels`` in the order ``argmax`` breaks ties
    (sorted, greatest first)."""

    labels: tuple[str, ...]
    index: dict[str, int]
    bounds: array
    columns: np.ndarray
    values: np.ndarray

    @classmethod
    def from_weights(cls, weights: Mapping[str, Mapping[str, float]], classes: set[str]) -> PackedWeights:
        """Pack NLTK's weights (feature -> label -> weight) over ``classes``."""
        labels = tuple(sorted(classes, reverse=True))
        number = {label: k for k, label in enumerate(labels)}
        bounds, columns, values = array("q", [0]), array("B"), array("d")
        for row in weights.values():
            columns.extend(number[label] for label in row)
            values.extend(row.values())
            bounds.append(len(values))
        return cls(labels, {feature: k for k, feature in enumerate(weights)}, bounds,
                   np.frombuffer(columns, dtype=np.uint8), np.frombuffer(values, dtype=np.float64))

    def rows(self, numbers: np.ndarray) -> np.ndarray:
        """The weights of each feature numbered in ``numbers`` (:attr:`index`'s numbers; -1: a feature never seen)
        over :attr:`labels`, one row each (0.0 where it has none), gathered in one pass over the packed arrays."""
        table = np.zeros((len(numbers), len(self.labels)))
        at = np.flatnonzero(numbers >= 0)
        bounds = np.frombuffer(self.bounds, dtype=np.int64)
        starts, ends = bounds[numbers[at]], bounds[numbers[at] + 1]
        lengths = ends - starts
        cells = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths - starts, lengths)
        table[np.repeat(at, lengths), self.columns[cells]] = self.values[cells]
        return table

    def row(self, feature: str) -> np.ndarray | None:
        """The weights of ``feature`` over :attr:`labels` (0.0 where it has none); None for a feature never seen."""
        at = self.index.get(feature)
        if at is None:
            return None
        start, end = self.bounds[at], self.bounds[at + 1]
        row = np.zeros(len(self.labels))
        row[self.columns[start:end]] = self.values[start:end]
        return row


class DensePerceptron:
    """A trained perceptron that predicts with numpy rows."""

    def __init__(self, weights: PackedWeights):
        self.weights = weights
        self.classes = set(weights.labels)
        self._labels = weights.labels
        self._rows: dict[str, np.ndarray | None] = {}

    @classmethod
    def from_weights(cls, weights: Mapping[str, Mapping[str, float]], classes: set[str]) -> DensePerceptron:
        """The perceptron of NLTK's ``weights`` (feature -> label -> weight) over ``classes``."""
        return cls(PackedWeights.from_weights(weights, classes))

    def _row(self, feature: str) -> np.ndarray | None:
        """The row of ``feature`` (built on its first use); None for a feature the model never saw."""
        row = self._rows[feature] = self.weights.row(feature)
        return row

    def predict_many(self, rows: Sequence[Iterable[str]]) -> list[str]:
        """The best label for each of ``rows`` (each the features of one word, every count 1, all rows of one
        length), as :meth:`predict` picks it: per label the same additions in the same order, for all rows at once
        (a feature never seen adds a row of 0.0, which changes no sum)."""
        if not rows:
            return []
        numbers = np.fromiter(map(self.weights.index.get, chain.from_iterable(rows), repeat(-1)), dtype=np.int64)
        distinct, index = np.unique(numbers, return_inverse=True)
        index = index.reshape(len(rows), -1)
        table = self.weights.rows(distinct)
        scores = table[index[:, 0]]
        for k in range(1, index.shape[1]):
            scores += table[index[:, k]]
        labels = self._labels
        return [labels[k] for k in scores.argmax(axis=1).tolist()]

    def predict(self, features: dict[str, int]) -> str:
        """The best label for ``features`` (feature -> count), as NLTK's ``predict`` picks it."""
        scores = np.zeros(len(self._labels))
        rows = self._rows
        for feature, value in features.items():
            if not value:
                continue
            row = rows[feature] if feature in rows else self._row(feature)
            if row is not None:
                scores += row if value == 1 else value * row
        return self._labels[int(scores.argmax())]


class PerceptronTagger:
    """NLTK 3.10's ``PerceptronTagger`` as far as tagging goes: ``tagdict`` (word -> its only tag),
    the ``model``, and the features and normalisation it was trained with."""

    START = ("-START-", "-START2-")
    END = ("-END-", "-END2-")

    def __init__(self, model: DensePerceptron, tagdict: dict[str, str]):
        self.model = model
        self.tagdict = tagdict
        self.classes = model.classes

    def to_bytes(self) -> bytes:
        """The tagger as bytes that :meth:`from_bytes` reads back: a JSON header line (labels, tag dictionary,
        lengths), the features joined by newlines, then the packed arrays."""
        weights = self.model.weights
        features = "\n".join(weights.index).encode("utf-8")
        if len(weights.index) != features.count(b"\n") + 1:
            raise ValueError("a feature of the tagger holds a newline; it cannot be packed")
        header = json.dumps({"labels": weights.labels, "tagdict": self.tagdict, "features": len(features),
                             "weights": len(weights.values)}).encode("utf-8")
        return b"".join((header, b"\n", features, weights.bounds.tobytes(), weights.values.tobytes(),
                         weights.columns.tobytes()))

    @classmethod
    def from_bytes(cls, data: bytes) -> PerceptronTagger:
        """The tagger :meth:`to_bytes` wrote; ``ValueError`` for bytes it cannot have written."""
        end = data.index(b"\n")
        header = json.loads(data[:end])
        at = end + 1
        features = data[at:at + header["features"]].decode("utf-8").split("\n")
        at += header["features"]
        bounds = array("q")
        bounds.frombytes(data[at:at + 8 * (len(features) + 1)])
        at += 8 * (len(features) + 1)
        size = header["weights"]
        values = np.frombuffer(data, dtype=np.float64, count=size, offset=at)
        columns = np.frombuffer(data, dtype=np.uint8, count=size, offset=at + 8 * size)
        labels = tuple(header["labels"])
        if at + 9 * size != len(data) or bounds[-1] != size or len(bounds) != len(features) + 1 or (
                size and int(columns.max()) >= len(labels)):
            raise ValueError("packed tagger of inconsistent lengths")
        packed = PackedWeights(labels, dict(zip(features, range(len(features)))), bounds, columns, values)
        return cls(DensePerceptron(packed), header["tagdict"])

    @staticmethod
    def normalize(word: str) -> str:
        """Lower case; hyphenated words, four-digit years and numbers become one symbol each."""
        if "-" in word and word[0] != "-":
            return "!HYPHEN"
        if word.isdigit() and len(word) == 4:
            return "!YEAR"
        if word and word[0].isdigit():
            return "!DIGITS"
        return word.lower()

    @staticmethod
    def features(word: str, window: tuple[str, ...], prev: str, prev2: str) -> dict[str, int]:
        """The features of ``word`` (feature -> count, in NLTK's order) given the two tags before it
        and the five normalised words around it (``window[2]`` is its own). NLTK joins each
        feature's name and values with spaces; no two names start alike, so every count is 1."""
        before, before2, own, after, after2 = window[1], window[0], window[2], window[3], window[4]
        return dict.fromkeys((
            "bias", f"i suffix {word[-3:]}", f"i pref1 {word[0] if word else ''}", f"i-1 tag {prev}",
            f"i-2 tag {prev2}", f"i tag+i-2 tag {prev} {prev2}", f"i word {own}", f"i-1 tag+i word {prev} {own}",
            f"i-1 word {before}", f"i-1 suffix {before[-3:]}", f"i-2 word {before2}", f"i+1 word {after}",
            f"i+1 suffix {after[-3:]}", f"i+2 word {after2}"), 1)
