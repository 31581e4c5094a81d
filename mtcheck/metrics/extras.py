"""The packages an optional metric or tokenizer needs, checked without importing them.

``pip install mtcheck`` brings the lexical metrics, SAM and METEOR; the learned metrics
need torch and transformers, installed by an extra. A metric checks for them when it
is built (``validate`` builds every check's metric), so a missing package is one error
naming the extra that installs it, never an ImportError in the middle of a run.
"""
from __future__ import annotations

import importlib.util

from mtcheck.errors import MetricError

#: The extra with torch and transformers: COMET, CometKiwi, xCOMET and MetricX need nothing more.
LEARNED = "learned"
#: The modules of the extra ``LEARNED``.
LEARNED_MODULES = ("torch", "transformers")


def missing_modules(modules: tuple[str, ...]) -> list[str]:
    """Those of ``modules`` that are not installed (their modules are not imported)."""
    return [module for module in modules if importlib.util.find_spec(module) is None]


def require(what: str, modules: tuple[str, ...], extra: str) -> None:
    """Raise :class:`MetricError` naming ``pip install 'mtcheck[EXTRA]'`` when one of ``modules`` is missing."""
    missing = missing_modules(modules)
    if missing:
        raise MetricError(f"{what} needs {' and '.join(missing)}, which {'is' if len(missing) == 1 else 'are'} "
                          "not installed", fix=f"pip install 'mtcheck[{extra}]'")
