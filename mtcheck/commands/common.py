"""Exit codes and the score cache of the ``mtcheck`` sub-commands that score suites.

The options they share are declared once in :mod:`mtcheck.config.settings`.
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtcheck.engine.score_cache import ScoreCache

#: 0 ok; 1 failed cases or missed known-faulty outputs; 2 usage and input errors, and checks that cannot be
#: computed; 5 nothing to check (as pytest's "no tests collected").
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_NOTHING = 0, 1, 2, 5
SUITES_HELP = "suite files or directories holding *.mt.yaml files"


def cache_of(args: argparse.Namespace) -> ScoreCache | None:
    """The score cache that the options of :data:`mtcheck.config.settings.SCORE_CACHE` asked for."""
    from mtcheck.engine.run_settings import score_cache

    return score_cache(enabled=not args.no_cache, directory=args.cache_dir, clear=args.clear_cache)
