"""The pytest option of the run history (a light module: the plugin imports it at start-up)."""
from __future__ import annotations

from typing import Any

from mtcheck.config.settings import HISTORY


def add_options(group: Any) -> None:
    """The pytest option of the run history, in the "mtcheck" option group."""
    HISTORY.add_to_pytest(group)
