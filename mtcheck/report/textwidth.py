"""How wide a text will be drawn, estimated without a font file, so an SVG chart can size itself around its labels.

Widths are generous per-character estimates (in em) for the common sans-serif fonts (DejaVu Sans, the
widest of them, Liberation Sans, Arial, Helvetica): a label fits when the browser draws it a little
narrower, never when it draws it wider.
"""
from __future__ import annotations

import unicodedata

_NARROW = frozenset("iljI.,:;'!|()[]{}ftr ")
_WIDE = frozenset("mwMW@%")
#: Width in em of a narrow, a wide, an upper-case, and any other character; East Asian wide characters are 1 em.
NARROW_EM, WIDE_EM, UPPER_EM, OTHER_EM = 0.42, 1.0, 0.8, 0.66
#: Bold text is this much wider.
BOLD = 1.12


def _em(char: str) -> float:
    if char in _NARROW:
        return NARROW_EM
    if char in _WIDE or unicodedata.east_asian_width(char) in ("W", "F"):
        return WIDE_EM
    return UPPER_EM if char.isupper() else OTHER_EM


def text_width(text: str, size: float = 12, bold: bool = False) -> float:
    """Estimated width in pixels of ``text`` drawn at ``size`` pixels (an upper bound for common fonts)."""
    return sum(map(_em, text)) * size * (BOLD if bold else 1.0)


def clip(text: str, width: float, size: float = 12) -> str:
    """``text``, or as much of it as fits in ``width`` pixels followed by an ellipsis."""
    if text_width(text, size) <= width:
        return text
    kept = ""
    for char in text:
        if text_width(kept + char + "\u2026", size) > width:
            break
        kept += char
    return kept + "\u2026"
