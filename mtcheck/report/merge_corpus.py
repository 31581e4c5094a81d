"""The corpus checks of a merged run: judged again over the merged case records, as one whole run judges them.

A shard cannot judge a corpus check (it holds only part of a suite's cases): its report lists each as skipped, and
``report merge`` judges them from the suite files the records name. Each must be here as the jobs ran it (the
SHA-256 their records carry): a suite whose corpus checks the jobs had, but which is missing or changed, cannot be
judged, and the merge is an error, never a pass.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtcheck.engine.corpus_checks import CorpusResult, corpus_results
from mtcheck.engine.record import CaseRecord
from mtcheck.errors import MtcheckError
from mtcheck.safety.files import read_regular
from mtcheck.suite.loader import check_suite

if TYPE_CHECKING:
    from mtcheck.engine.evaluate import Evaluator
    from mtcheck.suite.model import Suite


def _digest(path: str) -> str | None:
    """The SHA-256 of the suite file at ``path`` now (read again: it may have changed since the jobs ran), or None."""
    try:
        return hashlib.sha256(read_regular(Path(path))).hexdigest()
    except (OSError, ValueError):
        return None


def _suite(path: str, digest: str | None, had: list[str]) -> Suite | None:
    """The suite at ``path`` as the jobs ran it; None when it is not here but the jobs had no corpus check in it
    (``had``: the keys of those they had); raises :class:`MtcheckError` when they had some."""
    suite = check_suite(path)[0] if digest is not None and _digest(path) == digest else None
    if suite is not None or not had:
        return suite
    raise MtcheckError(f"suite {path} is not here as the jobs ran it (missing, or changed since), so its corpus "
                       f"checks ({', '.join(dict.fromkeys(had))}) cannot be judged and the merge has no verdict "
                       "(fix: merge in a checkout of the commit the jobs ran)")


def merged_corpus(records: Sequence[CaseRecord], evaluator: Evaluator,
                  jobs: Sequence[dict[str, Any]]) -> list[CorpusResult]:
    """The corpus checks of the records' suites judged over the records (learned metrics scored by ``evaluator``,
    with the settings the jobs ran with); ``jobs``: the corpus results of the jobs' reports, which name the checks
    they had. Raises :class:`MtcheckError` for a suite with corpus checks that is not here as the jobs ran it."""
    suites = []
    for path, digest in {record.path: record.suite_sha256 for record in records}.items():
        suite = _suite(path, digest, [str(result.get("key") or result.get("metric")) for result in jobs
                                      if result["path"] == path])
        if suite is not None and suite.corpus:
            suites.append(suite)
    return corpus_results(suites, records, evaluator)
