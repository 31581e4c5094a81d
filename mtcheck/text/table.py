"""Plain-text tables that fit a width: each column as wide as its widest cell; when a row would be wider than
the width, every row's label cells go on a line of their own above its other cells, so nothing is cut."""
from __future__ import annotations

from collections.abc import Sequence

from mtcheck.text.fit import cut

#: Between two cells.
GAP = "  "
#: Before the other cells of a row whose labels have a line of their own.
INDENT = "    "


def _line(cells: Sequence[str], widths: Sequence[int], align: str) -> str:
    return GAP.join(f"{cell:{a}{w}}" for cell, w, a in zip(cells, widths, align)).rstrip()


def table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str, width: int, labels: int = 1) -> list[str]:
    """``header`` and ``rows`` as lines, cell ``i`` aligned by ``align[i]`` (``<`` or ``>``); the first ``labels``
    cells of a row are its label, put on a line of its own when the row would not fit in ``width``."""
    every = [header, *rows]
    widths = [max(len(row[i]) for row in every) for i in range(len(header))]
    if sum(widths) + len(GAP) * (len(widths) - 1) <= width:
        return [_line(row, widths, align) for row in every]
    rest = widths[labels:]
    lines = []
    for row in every:
        lines.append(cut(GAP.join(row[:labels]), width))
        lines.append(INDENT + _line(row[labels:], rest, align[labels:]))
    return lines
