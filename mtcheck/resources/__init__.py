"""Offline resources (WordNet, cache locations) that metrics need at run time."""
from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_root"]


def cache_root() -> Path:
    """mtcheck's user cache directory: ``$MTCHECK_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtcheck``, else ``~/.cache/mtcheck``."""
    explicit = os.environ.get("MTCHECK_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "mtcheck"
