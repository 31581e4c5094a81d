"""On-disk cache of metric scores, so unchanged segments are not re-scored on every run.

Layout: one small JSON file per score, ``<dir>/<key[:2]>/<key>.json``, where the
key is the SHA-256 of the metric's signature, the hypothesis, the references and
(for metrics that read it) the source. A new metric version or setting changes the
signature and so every key: stale entries are never read, only left behind.

One file per entry keeps concurrency trivial: writers never share a file (each
writes a private temporary file and ``os.replace``s it into place, which is atomic),
readers never see half an entry, and no lock is needed between ``pytest -n``
workers or concurrent runs. The 256 shard directories keep directories small; a
warm lookup of 5,000 entries is 5,000 small reads. A file that cannot be parsed is
reported with a :class:`CacheWarning`, recomputed and overwritten.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path

from mtcheck.metrics.base import Metric, Score
from mtcheck.resources import cache_root

__all__ = ["CacheWarning", "ScoreCache", "cached_score_batch", "default_cache_dir"]

#: Bump when the entry format changes: old entries then simply stop matching.
FORMAT = 1
_SHARD = re.compile(r"^[0-9a-f]{2}$")


class CacheWarning(UserWarning):
    """The score cache could not read or write an entry; the score was computed instead."""


def default_cache_dir() -> Path:
    """``<mtcheck cache>/scores`` (``$MTCHECK_CACHE_DIR/scores`` or ``~/.cache/mtcheck/scores``)."""
    return cache_root() / "scores"


def cache_key(metric: Metric, hyp: str, refs: Sequence[str], src: str | None) -> str:
    """The entry key: SHA-256 over everything that can change the score."""
    payload = [FORMAT, metric.signature(), hyp, list(refs), src if metric.needs_source else None]
    return hashlib.sha256(json.dumps(payload, ensure_ascii=False).encode("utf-8")).hexdigest()


def _to_json(score: Score, signature: str) -> str:
    """The entry text; ``signature`` is the metric's (the Score may carry a wrapper's own)."""
    entry = {
        "for": signature,
        "metric": score.metric,
        "value": score.value,
        "best_ref": score.best_ref,
        "details": score.details,
        "signature": score.signature,
    }
    return json.dumps(entry, ensure_ascii=False, allow_nan=True)


def _from_json(text: str, signature: str) -> Score:
    """Parse an entry; ValueError/KeyError/TypeError when it is not a valid entry for ``signature``."""
    data = json.loads(text)
    if data["for"] != signature:
        raise ValueError("entry was written for another metric signature")
    return Score(data["metric"], float(data["value"]), data["signature"], int(data["best_ref"]), dict(data["details"]))


class ScoreCache:
    """A directory of cached scores (default: :func:`default_cache_dir`).

    ``hits`` and ``misses`` count lookups since creation, for run summaries.
    """

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.hits = 0
        self.misses = 0

    def path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str, signature: str) -> Score | None:
        """The cached score under ``key``, or None (a corrupt entry warns and counts as missing)."""
        path = self.path(key)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.misses += 1
            return None
        except OSError as exc:
            warnings.warn(f"score cache: cannot read {path}: {exc}; recomputing", CacheWarning, stacklevel=2)
            self.misses += 1
            return None
        try:
            score = _from_json(text, signature)
        except (ValueError, KeyError, TypeError) as exc:
            warnings.warn(f"score cache: ignoring corrupt entry {path} ({exc}); recomputing", CacheWarning, stacklevel=2)
            self.misses += 1
            return None
        self.hits += 1
        return score

    def put(self, key: str, score: Score, signature: str) -> None:
        """Store ``score`` (computed by a metric with ``signature``) atomically; problems warn and skip it."""
        path = self.path(key)
        try:
            text = _to_json(score, signature)
        except (TypeError, ValueError) as exc:
            warnings.warn(f"score cache: {score.metric} details are not JSON ({exc}); not cached", CacheWarning, stacklevel=2)
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, path)
        except OSError as exc:
            warnings.warn(f"score cache: cannot write {path}: {exc}; not cached", CacheWarning, stacklevel=2)

    def clear(self) -> int:
        """Delete every entry (only mtcheck's shard directories); return how many entries there were."""
        if not self.directory.is_dir():
            return 0
        removed = 0
        for shard in self.directory.iterdir():
            if shard.is_dir() and _SHARD.match(shard.name):
                removed += sum(1 for entry in shard.glob("*.json") if not entry.name.startswith(".tmp-"))
                shutil.rmtree(shard, ignore_errors=True)
        return removed

    def __len__(self) -> int:
        if not self.directory.is_dir():
            return 0
        return sum(
            1
            for shard in self.directory.iterdir()
            if shard.is_dir() and _SHARD.match(shard.name)
            for entry in shard.glob("*.json")
            if not entry.name.startswith(".tmp-")
        )


def cached_score_batch(
    metric: Metric,
    hyps: Sequence[str],
    refs: Sequence[Sequence[str]],
    srcs: Sequence[str | None] | None,
    cache: ScoreCache | None,
) -> list[Score]:
    """``metric.score_batch`` with a cache: look every segment up, score the misses in ONE
    batch call (each distinct segment once), store them, and return scores in input order."""
    if cache is None:
        return metric.score_batch(hyps, refs, srcs)
    if len(hyps) != len(refs):
        raise ValueError(f"{metric.name}: {len(hyps)} hypotheses but {len(refs)} reference lists")
    groups = [[r] if isinstance(r, str) else list(r) for r in refs]
    sources = list(srcs) if srcs is not None else [None] * len(hyps)
    signature = metric.signature()
    keys = [cache_key(metric, h, g, s) for h, g, s in zip(hyps, groups, sources)]
    found: dict[str, Score] = {}
    todo: dict[str, int] = {}
    for index, key in enumerate(keys):
        if key in found or key in todo:
            continue
        score = cache.get(key, signature)
        if score is None:
            todo[key] = index
        else:
            found[key] = score
    if todo:
        missing = list(todo.values())
        fresh = metric.score_batch([hyps[i] for i in missing], [groups[i] for i in missing], [sources[i] for i in missing])
        for key, score in zip(todo, fresh):
            cache.put(key, score, signature)
            found[key] = score
    return [found[key] for key in keys]
