"""The on-disk score cache: hits, misses, one batch call, invalidation, corruption and concurrency."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest

from mtcheck.commands.main import main
from mtcheck.engine.score_cache import CacheWarning, ScoreCache, _checksum, cache_key, cached_score_batch, default_cache_dir, implausible
from mtcheck.errors import MtcheckError
from mtcheck.metrics.base import Metric
from mtcheck.safety.files import STALE_SECONDS

from helpers import CHARACTER_SUITE as SUITE

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


class RangedMetric(CountingMetric):
    """A CountingMetric with a declared range, returning ``value`` when given."""

    value_range: ClassVar[tuple[float, float] | None] = (0.0, 10.0)

    def __init__(self, value: float | None = None):
        super().__init__()
        self.value = value

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        return (self.value, {}) if self.value is not None else super()._score_one(hyp, ref, src)


pytest_plugins = ["pytester"]


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


@pytest.mark.parametrize(
    "garbage",
    [b"", b"{not json", b'{"for": "counting|v:1"}', b"[1, 2]", b'{"for": "other|v:9", "metric": "x"}',
     b"\xff\xfe{", '{"for": "caf\u00e9"}'.encode("latin-1")],
)
def test_a_corrupt_entry_warns_naming_its_file_and_is_recomputed(cache: ScoreCache, garbage: bytes) -> None:
    metric = CountingMetric()
    expected = cached_score_batch(metric, ["a"], [["x"]], None, cache)
    path = cache.path(cache_key(metric, "a", ["x"], None))
    path.write_bytes(garbage)
    with pytest.warns(CacheWarning, match=f"discarded {re.escape(str(path))}"):
        again = cached_score_batch(metric, ["a"], [["x"]], None, cache)
    assert again == expected
    assert len(metric.calls) == 2
    assert json.loads(path.read_text(encoding="utf-8"))["for"] == metric.signature()


def _tamper(path: Path, change: Callable[[dict[str, Any]], None], *, reseal: bool) -> None:
    """Edit an entry in place; with ``reseal``, recompute its checksum as a careful forger would."""
    entry = json.loads(path.read_text(encoding="utf-8"))
    change(entry)
    if reseal:
        entry.pop("sha256")
        entry["sha256"] = _checksum(path.stem, entry)
    path.write_text(json.dumps(entry, allow_nan=True), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "reseal", "reason"),
    [
        (lambda e: e.update(value=0.0), False, "checksum mismatch"),
        (lambda e: e.update(details={"note": "forged"}), False, "checksum mismatch"),
        (lambda e: e.update(value=float("nan")), True, "NaN is not a JSON number"),
        (lambda e: e.update(value=float("inf")), True, "Infinity is not a JSON number"),
        (lambda e: e.update(value=-1.0), True, "outside the metric's range"),
        (lambda e: e.update(value="0.5"), True, "not a number"),
        (lambda e: e.update(value=True), True, "not a number"),
        (lambda e: e.update(best_ref="0"), True, "best_ref is not a int"),
        (lambda e: e.update(details=[]), True, "details is not a dict"),
        (lambda e: e.pop("sha256"), False, "not a score entry"),
    ],
)
def test_a_tampered_or_implausible_entry_is_discarded(
    cache: ScoreCache, change: Callable[[dict[str, Any]], None], reseal: bool, reason: str
) -> None:
    metric = RangedMetric()
    expected = cached_score_batch(metric, ["a"], [["x"]], None, cache)
    path = cache.path(cache_key(metric, "a", ["x"], None))
    _tamper(path, change, reseal=reseal)
    with pytest.warns(CacheWarning, match=re.escape(reason)):
        assert cached_score_batch(metric, ["a"], [["x"]], None, cache) == expected
    assert len(metric.calls) == 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cached_score_batch(metric, ["a"], [["x"]], None, ScoreCache(cache.directory)) == expected


def test_an_entry_moved_to_another_key_fails_its_checksum(cache: ScoreCache) -> None:
    metric = CountingMetric()
    cached_score_batch(metric, ["a", "bbbb"], [["x"], ["x"]], None, cache)
    short, long = (cache.path(cache_key(metric, h, ["x"], None)) for h in ("a", "bbbb"))
    long.write_bytes(short.read_bytes())
    with pytest.warns(CacheWarning, match="checksum mismatch"):
        assert cached_score_batch(metric, ["bbbb"], [["x"]], None, cache)[0].value == 4.0


def test_many_bad_entries_give_one_warning_per_run(cache: ScoreCache) -> None:
    metric = CountingMetric()
    hyps, refs = [f"h{i}" for i in range(50)], [["x"]] * 50
    cached_score_batch(metric, hyps, refs, None, cache)
    for entry in cache.directory.glob("*/*.json"):
        entry.write_bytes(b"\xff")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cached_score_batch(metric, hyps, refs, None, ScoreCache(cache.directory))
    assert [str(w.message).count("discarded") for w in caught] == [1]
    assert "not reported this run" in str(caught[0].message)


def test_a_value_the_cache_would_refuse_is_not_stored(cache: ScoreCache) -> None:
    metric = RangedMetric(value=float("nan"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cached_score_batch(metric, ["a"], [["x"]], None, cache)
        cached_score_batch(metric, ["a"], [["x"]], None, cache)
    assert len(cache) == 0 and len(metric.calls) == 2


def test_stale_temporary_files_are_removed_on_open_and_fresh_ones_kept(cache: ScoreCache) -> None:
    cached_score_batch(CountingMetric(), HYPS, REFS, None, cache)
    shard = next(p for p in cache.directory.iterdir() if p.is_dir())
    stale, fresh = shard / f".{'a' * 64}.json.mtcheck-killed.tmp", shard / f".{'b' * 64}.json.mtcheck-writing.tmp"
    stale.write_text('{"half', encoding="utf-8")
    fresh.write_text('{"half', encoding="utf-8")
    old = time.time() - STALE_SECONDS - 60
    os.utime(stale, (old, old))
    reopened = ScoreCache(cache.directory)
    assert not stale.exists() and fresh.exists()
    assert len(reopened) == 3
    assert reopened.clear() == 3
    assert not fresh.exists()


def test_clearing_a_cache_that_cannot_be_emptied_names_the_folder(
    cache: ScoreCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached_score_batch(CountingMetric(), HYPS, REFS, None, cache)

    def refuse(path: Any, *args: Any, **kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(shutil, "rmtree", refuse)
    with pytest.raises(MtcheckError, match=f"cannot clear the score cache {re.escape(str(cache.directory))}: .*fix:"):
        cache.clear()


def test_clearing_a_cache_that_is_not_a_folder_says_so(tmp_path: Path) -> None:
    # Regression: a file where the cache folder belongs was "cleared" of nothing, silently.
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(MtcheckError, match=r"file: it is a regular file, not a folder \(fix: move it away, or name a folder"):
        ScoreCache(tmp_path / "file").clear()
    with pytest.raises(MtcheckError, match=r"cannot clear the score cache .*file/scores: .*Not a directory.*\(fix:"):
        ScoreCache(tmp_path / "file" / "scores").clear()


def test_clear_cache_on_a_read_only_cache_is_exit_2_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "scores"
    cached_score_batch(CountingMetric(), HYPS, REFS, None, ScoreCache(directory))
    suite = tmp_path / "demo.mt.yaml"
    suite.write_text(SUITE, encoding="utf-8")
    monkeypatch.setattr(shutil, "rmtree", lambda path, *a, **k: (_ for _ in ()).throw(PermissionError(13, "denied")))
    assert main(["run", str(suite), "--clear-cache", "--cache-dir", str(directory)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mtcheck: error: cannot clear the score cache {directory}") and err.count("\n") == 1


def test_clear_cache_on_a_read_only_cache_is_a_pytest_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(conftest="""
        import shutil

        def _refuse(path, *args, **kwargs):
            raise PermissionError(13, "denied", str(path))

        shutil.rmtree = _refuse
    """)
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    (pytester.path / "scores" / "ab").mkdir(parents=True)
    result = pytester.runpytest_subprocess("--mt-clear-cache", "--mt-cache-dir", "scores")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: cannot clear the score cache scores: *"])
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()


def test_every_cached_metric_declares_a_range_its_scores_keep() -> None:
    from mtcheck.metrics import get_metric

    assert get_metric("sam:chrf", {"lang": "en"}).value_range == get_metric("chrf", {}).value_range  # SAM only scales down
    for name in ("characTER", "bleu", "chrf", "ter", "exact"):
        metric = get_metric(name, {})
        assert metric.value_range is not None, name
        for score in metric.score_batch(["the cat", "", "a a a a a a a"], [["the cat sat"], ["x"], ["b"]]):
            assert implausible(score.value, metric.value_range) is None, (name, score.value)


def test_bleu_of_identical_sentences_is_cached_and_read_back(cache: ScoreCache) -> None:
    """sacrebleu gives 100.00000000000004 for identical sentences: float rounding at the bound, a score the cache
    must keep, or every rerun scores every exact copy again (and ``sam:bleu`` analyses it again)."""
    from mtcheck.metrics import get_metric

    metric = get_metric("bleu", {})
    first = cached_score_batch(metric, ["the cat sat on the mat"], [["the cat sat on the mat"]], None, cache)
    assert first[0].value > 100
    assert implausible(first[0].value, metric.value_range) is None
    assert implausible(100.001, metric.value_range) is not None  # slack for rounding, not for a wrong score
    key = cache_key(metric, "the cat sat on the mat", ["the cat sat on the mat"], None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = ScoreCache(cache.directory).get(key, metric.signature(), metric.value_range)
    assert again is not None and again.value == first[0].value


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
    from mtcheck.engine.score_cache import ScoreCache, cached_score_batch
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
    assert not list(directory.glob("*/*.tmp"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for entry in directory.glob("*/*.json"):
            json.loads(entry.read_text(encoding="utf-8"))
