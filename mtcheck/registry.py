"""Lazy registries: a name maps to ``"module:attr"`` and metadata; the attribute is imported on first use.

Metrics, systems, report renderers, perturbation kinds and suite sections are
each one :class:`Registry`. Listing the names, reading an entry's metadata
(help text, languages, capabilities) or suggesting a name imports nothing; only
:meth:`Registry.load` imports the module that holds the attribute. Where third
parties may plug in (metrics, suite sections), the registry also reads an
entry-point group, merged after the built-in entries, the first time a name is
not among them or the whole list is asked for.
"""
from __future__ import annotations

import difflib
import importlib
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

#: How a missing package is fixed, in every "needs a package that is not installed" error.
INSTALL_FIX = "install it with: pip install 'mtcheck[all]'"


def import_target(target: str) -> Any:
    """The attribute ``"package.module:attr"`` names, its module imported now if need be (ImportError when missing)."""
    module_name, _, attr = target.partition(":")
    # sys.modules first: the suite loader asks once per check, and import_module's own lookup costs 10x more
    return getattr(sys.modules.get(module_name) or importlib.import_module(module_name), attr)


@dataclass(frozen=True)
class Entry:
    """One registered name: ``target`` is ``"package.module:attr"``; ``meta`` what callers may ask without loading it."""

    name: str
    target: str
    help: str = ""
    meta: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def module(self) -> str:
        """The module that holds the registered attribute."""
        return self.target.partition(":")[0]


class Registry:
    """Names of one ``kind`` of thing (``"metric"``, ``"report"``) with the attribute each one loads.

    ``error`` builds the exception of this kind (e.g. ``MetricError``) from a
    message; ``group`` is the entry-point group third parties add names
    through, or None where only mtcheck registers them.
    """

    def __init__(self, kind: str, entries: Iterable[Entry], *, error: Callable[[str], Exception],
                 group: str | None = None) -> None:
        self.kind = kind
        self.group = group
        self._error = error
        self._entries = {entry.name: entry for entry in entries}
        self._plugins_read = group is None

    def _read_plugins(self) -> None:
        """Add the entry points of ``group`` that name no built-in entry (read once, and only when asked for)."""
        if self._plugins_read:
            return
        self._plugins_read = True
        from importlib.metadata import entry_points

        for point in entry_points(group=self.group):
            self._entries.setdefault(point.name, Entry(point.name, point.value))

    def __contains__(self, name: object) -> bool:
        if name not in self._entries:
            self._read_plugins()
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def names(self) -> list[str]:
        """Every registered name, built-in ones first, in the order they were registered."""
        self._read_plugins()
        return list(self._entries)

    def entries(self) -> list[Entry]:
        """Every entry, in the order of :meth:`names`."""
        self._read_plugins()
        return list(self._entries.values())

    def suggestion(self, name: str) -> str:
        """How to fix an unknown name: ``did you mean 'chrf'?``, or the list of known names."""
        known = self.names()
        close = difflib.get_close_matches(name, known, n=1)
        return f"did you mean {close[0]!r}?" if close else f"known {self.kind}s: {', '.join(known)}"

    def entry(self, name: str) -> Entry:
        """The entry of ``name``; the registry's error naming the known names when there is none."""
        if name not in self:
            raise self._error(f"unknown {self.kind} {name!r} ({self.suggestion(name)})")
        return self._entries[name]

    def resolve(self, name: str) -> Any:
        """The attribute ``name`` is registered for, imported now if need be (ImportError when a package is missing)."""
        return import_target(self.entry(name).target)

    def load(self, name: str) -> Any:
        """:meth:`resolve`, with a missing package as the registry's error naming it and the fix."""
        try:
            return self.resolve(name)
        except ImportError as exc:
            raise self._error(
                f"{self.kind} {name!r} needs a package that is not installed ({exc.name}); {INSTALL_FIX}"
            ) from exc
