"""The corpus checks of a merged run: judged again over the merged case records, as one whole run judges them.

A shard cannot judge a corpus check (it holds only part of a suite's cases), so ``report merge`` does, from the
suite files the records name: each must be here as the jobs ran it (the SHA-256 their records carry), else its
corpus checks cannot be read and a note says so.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mtcheck.engine.corpus_checks import CorpusResult, corpus_results
from mtcheck.engine.record import CaseRecord
from mtcheck.safety.files import read_regular
from mtcheck.suite.loader import check_suite

if TYPE_CHECKING:
    from mtcheck.engine.evaluate import Evaluator


def _digest(path: str) -> str | None:
    """The SHA-256 of the suite file at ``path`` now (read again: it may have changed since the jobs ran), or None."""
    try:
        return hashlib.sha256(read_regular(Path(path))).hexdigest()
    except (OSError, ValueError):
        return None


def merged_corpus(records: Sequence[CaseRecord], evaluator: Evaluator) -> tuple[list[CorpusResult], list[str]]:
    """The corpus checks of the records' suites judged over the records (learned metrics scored by ``evaluator``,
    with the settings the jobs ran with), and a note for each suite file that is not here as the jobs ran it."""
    suites, notes = [], []
    for path, digest in {record.path: record.suite_sha256 for record in records}.items():
        suite = check_suite(path)[0] if digest is not None and _digest(path) == digest else None
        if suite is None:
            notes.append(f"suite {path} is not here as the jobs ran it (missing or changed): its corpus checks, if "
                         "any, are not judged (fix: merge in a checkout of the commit the jobs ran)")
        elif suite.corpus:
            suites.append(suite)
    return corpus_results(suites, records, evaluator), notes
