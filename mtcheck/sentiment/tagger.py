"""English POS tagging, offline: NLTK's averaged-perceptron tagger with the weights that
the ``textblob-aptagger`` package ships (MIT, Penn Treebank tags, ~8 MB, loads in ~0.3 s
once NLTK is imported). Loaded once per process.
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import pickle
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from mtcheck.errors import MetricError

_WEIGHTS = "trontagger-0.1.0.pickle"
_INSTALL_HINT = "pip install 'mtcheck[sam]'"


def tagger_ident() -> str:
    """Tagger and lemmatiser names and versions, for metric signatures."""
    versions = []
    for package, short in (("textblob-aptagger", "aptagger"), ("nltk", "nltk"), ("lemminflect", "lemminflect")):
        try:
            versions.append(f"{short}-{importlib.metadata.version(package)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{short}-missing")
    return "+".join(versions)


@lru_cache(maxsize=1)
def _tagger() -> Any:
    # Locate the weights without importing textblob_aptagger (its __init__ needs an old TextBlob).
    spec = importlib.util.find_spec("textblob_aptagger")
    if spec is None or not spec.submodule_search_locations:
        raise MetricError(f"SAM's POS tagger needs the 'textblob-aptagger' package (fix: {_INSTALL_HINT})")
    path = Path(list(spec.submodule_search_locations)[0]) / _WEIGHTS
    try:
        from nltk.tag.perceptron import PerceptronTagger
    except ImportError:
        raise MetricError(f"SAM's POS tagger needs the 'nltk' package (fix: {_INSTALL_HINT})") from None
    with path.open("rb") as handle:
        weights, tagdict, classes = pickle.load(handle)  # weights shipped by an installed package
    tagger = PerceptronTagger(load=False)
    tagger.model.weights, tagger.model.classes = weights, classes
    tagger.tagdict, tagger.classes = tagdict, classes
    return tagger


def pos_tags(tokens: Sequence[str]) -> list[str]:
    """Penn Treebank tags for ``tokens`` (one English sentence or tweet)."""
    if not tokens:
        return []
    return [tag for _, tag in _tagger().tag(list(tokens))]
