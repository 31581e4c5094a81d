"""``mtcheck annotate``: rate a suite's recorded outputs on one of its scales, in the terminal.

:mod:`~mtcheck.annotate.rating_session` decides what to ask and records answers,
:mod:`~mtcheck.annotate.store` writes them into the suite file (comments and
layout kept, atomically), :mod:`~mtcheck.annotate.terminal` does the talking.
Needs ruamel.yaml (the ``annotate`` extra).
"""
from __future__ import annotations

from pathlib import Path


def run(path: str | Path, scale: str, annotator: str, *, redo: bool = False) -> int:
    """Run an interactive session on the terminal; return how many answers were saved."""
    from mtcheck.annotate.rating_session import Session
    from mtcheck.annotate.terminal import annotate

    return annotate(Session(path, scale, annotator, redo=redo))
