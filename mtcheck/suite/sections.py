"""Suite keys that a feature owns, such as ``perturb:``: registered by the feature, unknown to the loader.

A feature of mtcheck adds a key to cases and to ``defaults:`` by naming its
parser in :data:`SECTIONS` (a lazy :class:`mtcheck.registry.Registry`, so the
name is text and the suite layer imports no feature); a third party names its
parser in the ``mtcheck.suite_sections`` entry-point group of its own package::

    [project.entry-points."mtcheck.suite_sections"]
    glossary = "my_feature.config:parse_glossary"

The parser is called as ``parser(report, owner, what)``, with the case or
``defaults`` mapping that holds the key; it reports problems through
``report`` and returns the parsed value, or None when the value is invalid.
The registry is read, and a parser imported, only when a mapping holds a key
of its own, so suites that use no section pay nothing. The parser's module
also holds ``SCHEMA``, the JSON schema of the section's value, which
:mod:`mtcheck.suite.schema_gen` puts into the editors' suite schema.
"""
from __future__ import annotations

from collections.abc import Callable, Set
from typing import Any

from mtcheck.errors import MtcheckError
from mtcheck.registry import Entry, Registry
from mtcheck.suite.fields import Reporter, check_keys
from mtcheck.suite.yamlsource import LMap

GROUP = "mtcheck.suite_sections"
#: ``parser(report, owner, what)``: the parsed section of ``owner``, or None when it is invalid (reported).
SectionParser = Callable[[Reporter, LMap, str], Any]
#: Each section key with its parser; the parser's module may import, of the suite layer, only
#: ``suite.fields`` and ``suite.yamlsource`` (``tests/test_registry.py`` checks it).
SECTIONS = Registry("section", [
    Entry("perturb", "mtcheck.perturb.config:parse_perturb", "a case's perturbation settings (docs/perturbations.md)"),
], error=MtcheckError, group=GROUP)


def registered() -> Registry:
    """The section registry (one function, so a test can put another in its place)."""
    return SECTIONS


def _extra_keys(owner: LMap, own_keys: Set[str]) -> list[str]:
    """The keys of ``owner`` that are not its own, in order; none, found at once, for most mappings."""
    return [] if owner.keys() <= own_keys else [key for key in owner if key not in own_keys]


def check_section_keys(report: Reporter, owner: LMap, own_keys: Set[str], what: str) -> None:
    """Report each key of ``owner`` that is neither one of ``own_keys`` nor a registered section."""
    if _extra_keys(owner, own_keys):  # else every key is one of its own (most cases): nothing to report
        check_keys(report, owner, {*own_keys, *registered().names()}, what)


def _parser(report: Reporter, owner: LMap, key: str) -> SectionParser | None:
    try:
        return registered().resolve(key)
    except ImportError as exc:
        report.add(owner, key, f"the {key!r} section needs a package that is not installed ({exc.name})",
                   "install it with: pip install 'mtcheck[all]'")
        return None


def parse_sections(report: Reporter, owner: LMap, own_keys: Set[str], what: str) -> dict[str, Any]:
    """The registered sections ``owner`` holds, each parsed by its feature: ``{key: value}`` (invalid ones left out)."""
    sections: dict[str, Any] = {}
    for key in _extra_keys(owner, own_keys):
        known = key in registered()  # False: an unknown key, which check_section_keys reports
        parser = _parser(report, owner, key) if known else None
        value = parser(report, owner, what) if parser else None
        if value is not None:
            sections[key] = value
    return sections
