"""Terminal text that fits a width: the terminal's width, names cut to fit, lists and prose folded into lines,
tables of counts."""
from __future__ import annotations

import shutil
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

#: The width when neither ``$COLUMNS`` nor a terminal gives one (output to a file or a pipe).
DEFAULT_WIDTH = 100
#: The narrowest width laid out for: below it, tables would have no room for a name.
MIN_WIDTH = 40


def terminal_width() -> int:
    """``$COLUMNS`` when set, else the terminal's width, else :data:`DEFAULT_WIDTH` (never below :data:`MIN_WIDTH`)."""
    return max(shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns, MIN_WIDTH)


def pytest_width(config: Any) -> int:
    """The width of a pytest session's terminal output (``config``: its ``pytest.Config``): pytest's own
    (``$COLUMNS``, the terminal's, else 80), or :func:`terminal_width` when pytest writes to no terminal."""
    if config.pluginmanager.has_plugin("terminalreporter"):
        return config.get_terminal_writer().fullwidth
    return terminal_width()


def cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, its last one an ellipsis when it was cut."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def pack(items: Iterable[str], width: int, first: str = "", indent: str = "", separator: str = " ") -> list[str]:
    """``items`` joined by ``separator`` in lines of at most ``width`` characters, the first line starting with
    ``first`` and the others with ``indent``. An item too long for any line has a line of its own, whole."""
    lines: list[str] = []
    line, empty = first, True
    for item in items:
        joined = line + ("" if empty else separator) + item
        if len(joined.rstrip()) <= width or (empty and len(indent + item) > width):  # it fits, or fits nowhere better
            line, empty = joined, False
            continue
        lines.append(line.rstrip())
        line, empty = indent + item, False
    lines.append(line.rstrip())
    return lines


def fold(text: str, width: int, first: str = "", indent: str = "") -> list[str]:
    """Prose folded at spaces into lines of at most ``width`` characters (a word longer than a line stays whole)."""
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [first.rstrip()]


def count_table(title: str, rows: dict[str, dict[str, int]], columns: Sequence[str], width: int) -> list[str]:
    """A plain-text table of counts, one row per name, cutting names so that no line is wider than ``width``."""
    cells = "".join(f"  {column:>{max(len(column), 5)}}" for column in columns)
    longest = max(len(title), *(len(name) for name in rows))
    names = max(min(longest, width - len(cells)), len(title))
    lines = [f"{title:<{names}}{cells}"]
    for name, counts in rows.items():
        lines.append(f"{cut(name, names):<{names}}" + "".join(f"  {counts[c]:>{max(len(c), 5)}}" for c in columns))
    return lines
