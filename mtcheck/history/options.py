"""The pytest option of the run history (a light module: the plugin imports it at start-up)."""
from __future__ import annotations

from typing import Any


def add_options(group: Any) -> None:
    """The pytest option of the run history, in the "mtcheck" option group."""
    group.addoption("--mt-history", metavar="FILE_OR_URL", default=None,
                    help="append this run (commit, time, systems, per-suite/tag/metric aggregates, case outcomes) to a "
                         "history: an SQLite file or a postgresql:// URL; 'mtcheck history' shows it (docs/history.md)")
