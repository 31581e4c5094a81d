"""On-disk cache of metric scores, so unchanged segments are not re-scored on every run.

Layout: one small JSON file per score, ``<dir>/<key[:2]>/<key>.json``, where the
key is the SHA-256 of the metric's signature, the hypothesis, the references and
(for metrics that read it) the source. A new metric version or setting changes the
signature and so every key: stale entries are never read, only left behind.

One file per entry keeps concurrency trivial: writers never share a file (each
writes a private temporary file and ``os.replace``s it into place, which is atomic),
readers never see half an entry, and no lock is needed between ``pytest -n``
workers or concurrent runs. The 256 shard directories keep directories small; a
warm lookup of 5,000 entries is 5,000 small reads.

Nothing in the folder is trusted (docs/security.md): an entry that cannot be read
or decoded, is not a regular file, fails its checksum, or holds an implausible
value (NaN, infinite, outside the metric's ``value_range``, a wrong type) is
discarded, recomputed and overwritten, with one :class:`CacheWarning` per run that
names the first such file. Temporary files that a killed writer left behind
(``.KEY.json.mtcheck-XXXXXXXX.tmp``) are removed when the cache is next opened,
once they are :data:`mtcheck.safety.files.STALE_SECONDS` old.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import re
import shutil
import stat
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mtcheck.errors import MtcheckError
from mtcheck.metrics.base import Metric, Score
from mtcheck.resources import cache_root
from mtcheck.safety.files import file_kind, read_regular, remove_stale_temporaries, temporary_beside
from mtcheck.safety.json_input import JsonInputError, parse_json

__all__ = ["CacheWarning", "ScoreCache", "cached_score_batch", "default_cache_dir"]

#: Bump when the entry format changes: old entries then simply stop matching.
FORMAT = 2
_SHARD = re.compile(r"^[0-9a-f]{2}$")

ValueRange = tuple[float, float] | None


class CacheWarning(UserWarning):
    """The score cache could not read or write an entry; the score was computed instead."""


class BadEntry(ValueError):
    """A cache entry that must not be trusted; the message says why."""


def default_cache_dir() -> Path:
    """``<mtcheck cache>/scores`` (``$MTCHECK_CACHE_DIR/scores`` or ``~/.cache/mtcheck/scores``)."""
    return cache_root() / "scores"


def cache_key(metric: Metric, hyp: str, refs: Sequence[str], src: str | None) -> str:
    """The entry key: SHA-256 over everything that can change the score."""
    payload = [FORMAT, metric.signature(), hyp, list(refs), src if metric.needs_source else None]
    return hashlib.sha256(json.dumps(payload, ensure_ascii=False).encode("utf-8")).hexdigest()


def _checksum(key: str, entry: dict[str, Any]) -> str:
    """SHA-256 of the key and the canonical JSON of ``entry`` (without its checksum)."""
    canonical = json.dumps(entry, ensure_ascii=False, allow_nan=True, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(f"{key}\n{canonical}".encode("utf-8")).hexdigest()


#: Relative slack at a range's bounds for float rounding, far below any score's printed precision.
ROUNDING = 1e-12


def implausible(value: object, value_range: ValueRange) -> str | None:
    """Why ``value`` cannot be a score of a metric with ``value_range``, or None when it can."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"value {value!r} is not a number"
    if not math.isfinite(value):
        return f"value {value!r} is not finite"
    if value_range is not None and not _within(value, *value_range):
        return f"value {value!r} is outside the metric's range [{value_range[0]:g}, {value_range[1]:g}]"
    return None


def _within(value: float, low: float, high: float) -> bool:
    """Whether ``value`` lies in [low, high], give or take float rounding at the bounds (sacrebleu's BLEU of two
    identical sentences is 100.00000000000004): a few units in the last place of the bound's magnitude."""
    slack = ROUNDING * max(abs(low), abs(high), 1.0)
    return low - slack <= value <= high + slack


def _to_json(key: str, score: Score, signature: str) -> str:
    """The entry text; ``signature`` is the metric's (the Score may carry a wrapper's own)."""
    entry = {
        "for": signature,
        "metric": score.metric,
        "value": score.value,
        "best_ref": score.best_ref,
        "details": score.details,
        "signature": score.signature,
    }
    return json.dumps({**entry, "sha256": _checksum(key, entry)}, ensure_ascii=False, allow_nan=False)  # as read back


_TYPES: dict[str, type] = {"for": str, "metric": str, "best_ref": int, "details": dict, "signature": str, "sha256": str}


def _from_json(data: bytes, key: str, signature: str, value_range: ValueRange) -> Score:
    """Parse and check an entry; :class:`BadEntry` says why it is not a valid entry for ``key`` and ``signature``."""
    try:
        entry = parse_json(data)
    except JsonInputError as exc:
        raise BadEntry(str(exc)) from None
    if not isinstance(entry, dict) or set(entry) != {*_TYPES, "value"}:
        raise BadEntry("not a score entry")
    for field, kind in _TYPES.items():
        if isinstance(entry[field], bool) or not isinstance(entry[field], kind):
            raise BadEntry(f"{field} is not a {kind.__name__}")
    if entry["for"] != signature:
        raise BadEntry("written for another metric signature")
    checksum = entry.pop("sha256")
    if checksum != _checksum(key, entry):
        raise BadEntry("checksum mismatch: the entry was changed after it was written")
    reason = implausible(entry["value"], value_range)
    if reason or entry["best_ref"] < 0:
        raise BadEntry(reason or "best_ref is negative")
    return Score(entry["metric"], float(entry["value"]), entry["signature"], entry["best_ref"], entry["details"])


class ScoreCache:
    """A directory of cached scores (default: :func:`default_cache_dir`).

    ``hits`` and ``misses`` count lookups since creation, for run summaries.
    Opening one removes stale temporary files (see :func:`mtcheck.safety.files.remove_stale_temporaries`).
    """

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.hits = 0
        self.misses = 0
        self._warned: set[str] = set()
        self._remove_stale_temporaries()

    def path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def _warn(self, kind: str, message: str) -> None:
        """One :class:`CacheWarning` per kind of problem and cache: the first names its file, the rest are quiet."""
        if kind not in self._warned:
            self._warned.add(kind)
            warnings.warn(f"{message} (further such problems in {self.directory} are not reported this run)",
                          CacheWarning, stacklevel=3)

    def get(self, key: str, signature: str, value_range: ValueRange = None) -> Score | None:
        """The cached score under ``key``, or None; an entry that cannot be trusted warns and counts as missing."""
        path = self.path(key)
        try:
            score = _from_json(read_regular(path), key, signature, value_range)
        except FileNotFoundError:
            self.misses += 1
            return None
        except (OSError, BadEntry) as exc:
            self._warn("read", f"score cache: discarded {path} ({exc}); recomputing it")
            self.misses += 1
            return None
        self.hits += 1
        return score

    def put(self, key: str, score: Score, signature: str, value_range: ValueRange = None) -> None:
        """Store ``score`` (computed by a metric with ``signature``) atomically; problems warn and skip it.

        A value the cache would refuse to read back (see :func:`implausible`) is not stored.
        """
        if implausible(score.value, value_range):
            return
        path = self.path(key)
        try:
            text = _to_json(key, score, signature)
        except (TypeError, ValueError) as exc:
            self._warn("details", f"score cache: {score.metric} details are not JSON ({exc}); not cached")
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = temporary_beside(path)
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    out.write(text)
                os.replace(temporary, path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as exc:
            self._warn("write", f"score cache: cannot write {path}: {exc}; not cached")

    def _shards(self) -> list[Path]:
        """mtcheck's shard directories (none when the cache folder does not exist yet)."""
        if not self.directory.is_dir():
            return []
        return [shard for shard in self.directory.iterdir() if _SHARD.match(shard.name) and shard.is_dir()]

    def _remove_stale_temporaries(self) -> None:
        """Delete the temporary files of killed writers in every shard (best effort)."""
        try:
            shards = self._shards()
        except OSError:
            return  # an unreadable cache: every lookup will say so
        for shard in shards:
            remove_stale_temporaries(shard)

    def clear(self) -> int:
        """Delete every entry (only mtcheck's shard directories); return how many entries there were.

        Raises :class:`MtcheckError` naming the folder when it cannot be emptied.
        """
        try:
            mode = self.directory.stat().st_mode
        except FileNotFoundError:
            return 0
        except OSError as exc:  # a path through a file: "Not a directory"
            raise self._cannot_clear(exc) from None
        if not stat.S_ISDIR(mode):  # else nothing would be cleared and the run would go on as if it had been
            raise MtcheckError(f"cannot clear the score cache {self.directory}: it is {file_kind(mode)}, not a folder "
                               f"(fix: move it away, or name a folder with --cache-dir / --mt-cache-dir)")
        removed = 0
        try:
            for shard in self._shards():
                removed += sum(1 for _ in shard.glob("*.json"))
                shutil.rmtree(shard)
        except OSError as exc:
            raise self._cannot_clear(exc) from None
        return removed

    def _cannot_clear(self, exc: OSError) -> MtcheckError:
        return MtcheckError(f"cannot clear the score cache {self.directory}: {exc} (fix: make the folder writable, "
                            f"delete it by hand, or use another with --cache-dir / --mt-cache-dir)")

    def __len__(self) -> int:
        return sum(1 for shard in self._shards() for _ in shard.glob("*.json"))


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
    signature, value_range = metric.signature(), metric.value_range
    keys = [cache_key(metric, h, g, s) for h, g, s in zip(hyps, groups, sources)]
    found: dict[str, Score] = {}
    todo: dict[str, int] = {}
    for index, key in enumerate(keys):
        if key in found or key in todo:
            continue
        score = cache.get(key, signature, value_range)
        if score is None:
            todo[key] = index
        else:
            found[key] = score
    if todo:
        missing = list(todo.values())
        fresh = metric.score_batch([hyps[i] for i in missing], [groups[i] for i in missing], [sources[i] for i in missing])
        for key, score in zip(todo, fresh):
            cache.put(key, score, signature, value_range)
            found[key] = score
    return [found[key] for key in keys]
