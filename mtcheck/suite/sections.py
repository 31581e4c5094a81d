"""Suite keys that a feature owns, such as ``perturb:``: registered by the feature, unknown to the loader.

A feature adds a key to cases and to ``defaults:`` by naming its parser in the
``mtcheck.suite_sections`` entry-point group (pyproject.toml)::

    [project.entry-points."mtcheck.suite_sections"]
    perturb = "mtcheck.perturb.config:parse_perturb"

The parser is called as ``parser(report, owner, what)``, with the case or
``defaults`` mapping that holds the key; it reports problems through
``report`` and returns the parsed value, or None when the value is invalid.
The registry is read, and a parser imported, only when a mapping holds a key
of its own, so suites that use no section pay nothing. The parser's module
also holds ``SCHEMA``, the JSON schema of the section's value, which
:mod:`mtcheck.suite.schema_gen` puts into the editors' suite schema.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Set
from typing import TYPE_CHECKING, Any

from mtcheck.suite.fields import Reporter, check_keys
from mtcheck.suite.yamlsource import LMap

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "mtcheck.suite_sections"
#: ``parser(report, owner, what)``: the parsed section of ``owner``, or None when it is invalid (reported).
SectionParser = Callable[[Reporter, LMap, str], Any]


@functools.cache
def registered() -> dict[str, EntryPoint]:
    """Every registered section key with the entry point of its parser (importlib.metadata loads only for a
    suite that holds a key of none of its own)."""
    from importlib.metadata import entry_points

    return {point.name: point for point in entry_points(group=GROUP)}


def _extra_keys(owner: LMap, own_keys: Set[str]) -> list[str]:
    return [key for key in owner if key not in own_keys]


def check_section_keys(report: Reporter, owner: LMap, own_keys: Set[str], what: str) -> None:
    """Report each key of ``owner`` that is neither one of ``own_keys`` nor a registered section."""
    allowed = set(own_keys)
    if _extra_keys(owner, own_keys):
        allowed |= registered().keys()
    check_keys(report, owner, allowed, what)


def _parser(report: Reporter, owner: LMap, key: str, point: EntryPoint) -> SectionParser | None:
    try:
        return point.load()
    except ImportError as exc:
        report.add(owner, key, f"the {key!r} section needs a package that is not installed ({exc.name})",
                   "install it with: pip install 'mtcheck[all]'")
        return None


def parse_sections(report: Reporter, owner: LMap, own_keys: Set[str], what: str) -> dict[str, Any]:
    """The registered sections ``owner`` holds, each parsed by its feature: ``{key: value}`` (invalid ones left out)."""
    sections: dict[str, Any] = {}
    for key in _extra_keys(owner, own_keys):
        point = registered().get(key)  # None: an unknown key, which check_section_keys reports
        parser = _parser(report, owner, key, point) if point else None
        value = parser(report, owner, what) if parser else None
        if value is not None:
            sections[key] = value
    return sections
