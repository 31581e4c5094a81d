"""The on-disk score cache: hits, misses, one batch call, invalidation, corruption and concurrency."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path
from typing import Any, ClassVar

import pytest

from mtcheck.cache import CacheWarning, ScoreCache, cache_key, cached_score_batch, default_cache_dir
from mtcheck.metrics.base import Metric

REPO = Path(__file__).resolve().parents[1]


class CountingMetric(Metric):
    """Value = hypothesis length / best reference length; records every score_batch call."""

    name: ClassVar[str] = "counting"

    def __init__(self, version: str = "1", needs_source: bool = False, details: Any = None):
        self.version = version
        self.needs_source = needs_source  # type: ignore[misc]
        self.details = details
        self.calls: list[list[str]] = []

    def signature(self) -> str:
        return f"counting|v:{self.version}"

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        extra = len(src or "") if self.needs_source else 0
        return (len(hyp) + extra) / max(len(ref), 1), {"note": self.details} if self.details else {}

    def score_batch(self, hyps, refs, srcs=None):
        self.calls.append(list(hyps))
        return super().score_batch(hyps, refs, srcs)


@pytest.fixture
def cache(tmp_path: Path) -> ScoreCache:
    return ScoreCache(tmp_path / "scores")


HYPS = ["a", "bb", "ccc"]
REFS = [["x"], ["yy", "y"], ["zzzz"]]


def test_second_run_is_served_from_the_cache(cache: ScoreCache) -> None:
    metric = CountingMetric()
    first = cached_score_batch(metric, HYPS, REFS, None, cache)
    second = cached_score_batch(metric, HYPS, REFS, None, cache)
    assert metric.calls == [HYPS]
    assert first == second == metric.score_batch(HYPS, REFS)
    assert (cache.hits, cache.misses) == (3, 3)


def test_only_misses_are_scored_in_one_call_and_order_is_kept(cache: ScoreCache) -> None:
    metric = CountingMetric()
    cached_score_batch(metric, HYPS[:2], REFS[:2], None, cache)
    metric.calls.clear()
    hyps, refs = ["new", *HYPS, "other"], [["n"], *REFS, ["o"]]
    scores = cached_score_batch(metric, hyps, refs, None, cache)
    assert metric.calls == [["new", "ccc", "other"]]
    assert scores == metric.score_batch(hyps, refs)


def test_repeated_segments_in_one_batch_are_scored_once(cache: ScoreCache) -> None:
    metric = CountingMetric()
    scores = cached_score_batch(metric, ["a", "a", "b"], [["x"], ["x"], ["x"]], None, cache)
    assert metric.calls == [["a", "b"]]
    assert scores[0] == scores[1]


def test_no_cache_means_a_plain_batch_call() -> None:
    metric = CountingMetric()
    assert cached_score_batch(metric, HYPS, REFS, None, None) == metric.score_batch(HYPS, REFS)
    assert len(metric.calls) == 2


def test_a_signature_change_invalidates(cache: ScoreCache) -> None:
    cached_score_batch(CountingMetric("1"), HYPS, REFS, None, cache)
    changed = CountingMetric("2")
    cached_score_batch(changed, HYPS, REFS, None, cache)
    assert changed.calls == [HYPS]


@pytest.mark.parametrize(
    ("needs_source", "same_key"),
    [(True, False), (False, True)],
)
def test_source_is_in_the_key_only_when_the_metric_reads_it(needs_source: bool, same_key: bool) -> None:
    metric = CountingMetric(needs_source=needs_source)
    assert (cache_key(metric, "h", ["r"], "src 1") == cache_key(metric, "h", ["r"], "src 2")) is same_key


def test_reference_order_and_grouping_are_in_the_key() -> None:
    metric = CountingMetric()
    keys = {cache_key(metric, "h", refs, None) for refs in (["a", "b"], ["b", "a"], ["a b"], ["a"])}
    assert len(keys) == 4


@pytest.mark.parametrize("garbage", ["", "{not json", '{"for": "counting|v:1"}', "[1, 2]", '{"for": "other|v:9", "metric": "x"}'])
def test_a_corrupt_entry_warns_and_is_recomputed(cache: ScoreCache, garbage: str) -> None:
    metric = CountingMetric()
    expected = cached_score_batch(metric, ["a"], [["x"]], None, cache)
    path = cache.path(cache_key(metric, "a", ["x"], None))
    path.write_text(garbage, encoding="utf-8")
    with pytest.warns(CacheWarning, match="corrupt entry"):
        again = cached_score_batch(metric, ["a"], [["x"]], None, cache)
    assert again == expected
    assert len(metric.calls) == 2
    assert json.loads(path.read_text(encoding="utf-8"))["for"] == metric.signature()


def test_details_that_are_not_json_warn_and_are_not_cached(cache: ScoreCache) -> None:
    metric = CountingMetric(details={1, 2})
    with pytest.warns(CacheWarning, match="not JSON"):
        scores = cached_score_batch(metric, ["a"], [["x"]], None, cache)
    assert scores[0].details == {"note": {1, 2}}
    assert len(cache) == 0


def test_clear_removes_entries_and_nothing_else(cache: ScoreCache) -> None:
    cached_score_batch(CountingMetric(), HYPS, REFS, None, cache)
    keep = cache.directory / "README.txt"
    keep.write_text("user file", encoding="utf-8")
    assert len(cache) == 3
    assert cache.clear() == 3
    assert len(cache) == 0
    assert keep.exists()
    assert ScoreCache(cache.directory / "never-made").clear() == 0


def test_default_directory_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MTCHECK_CACHE_DIR", str(tmp_path))
    assert default_cache_dir() == tmp_path / "scores"
    assert ScoreCache().directory == tmp_path / "scores"
    monkeypatch.delenv("MTCHECK_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "mtcheck" / "scores"


def test_values_round_trip_exactly(cache: ScoreCache) -> None:
    metric = CountingMetric()
    hyps, refs = ["abc", "ab", "üñï"], [["abcdefg"], ["abc"], ["xyz"]]
    first = cached_score_batch(metric, hyps, refs, None, cache)
    second = cached_score_batch(metric, hyps, refs, None, ScoreCache(cache.directory))
    assert [s.value for s in first] == [s.value for s in second]


def test_five_thousand_entries(cache: ScoreCache) -> None:
    metric = CountingMetric()
    hyps = [f"hypothesis {i}" for i in range(5000)]
    refs = [[f"reference {i % 97}"] for i in range(5000)]
    cold = cached_score_batch(metric, hyps, refs, None, cache)
    warm = cached_score_batch(metric, hyps, refs, None, ScoreCache(cache.directory))
    assert cold == warm
    assert len(metric.calls) == 1
    assert len(cache) == 5000


WORKER = textwrap.dedent(
    """
    import sys, warnings
    from pathlib import Path
    from mtcheck.cache import ScoreCache, cached_score_batch
    from mtcheck.metrics.base import Metric

    class M(Metric):
        name = "worker"
        def signature(self):
            return "worker|v:1"
        def _score_one(self, hyp, ref, src):
            return len(hyp) / len(ref), {"hyp": hyp}

    warnings.simplefilter("error")
    hyps = [f"segment number {i}" for i in range(300)]
    refs = [["reference"]] * 300
    for _ in range(3):
        scores = cached_score_batch(M(), hyps, refs, None, ScoreCache(Path(sys.argv[1])))
        assert [s.details["hyp"] for s in scores] == hyps
    """
)


def test_concurrent_processes_share_one_cache(tmp_path: Path) -> None:
    directory = tmp_path / "shared"
    workers = [
        subprocess.Popen([sys.executable, "-c", WORKER, str(directory)], cwd=REPO, stderr=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    errors = [worker.communicate()[1] for worker in workers]
    assert [worker.returncode for worker in workers] == [0] * 4, errors
    assert len(ScoreCache(directory)) == 300
    assert not list(directory.glob("*/.tmp-*"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for entry in directory.glob("*/*.json"):
            json.loads(entry.read_text(encoding="utf-8"))
