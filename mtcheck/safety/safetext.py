"""Untrusted text made safe to show: suite texts, system outputs and error messages on a terminal, in Markdown
and in HTML.

A terminal obeys control characters: ``ESC[1A ESC[2K`` moves up and erases the FAIL line above, an OSC
sequence sets the window title or a hyperlink, a bidi override (U+202E) shows ``txt.exe`` as ``exe.txt``.
:func:`visible` writes each such character as a visible escape (``\\x1b``, ``\\u202e``), so what is shown is
what the text holds; line feeds and tabs stay.
"""
from __future__ import annotations

import html
import re

#: C0 controls but tab and line feed, DEL, C1 controls, and the bidi embeddings, overrides and isolates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character (but ``\\n`` and ``\\t``) and bidi control written as an escape."""
    return _UNSAFE.sub(_escaped, text)


def html_text(text: str, quote: bool = True) -> str:
    """``text`` as HTML text: :func:`visible`, then ``<``, ``>``, ``&`` (and with ``quote``, quotes) escaped."""
    return html.escape(visible(text), quote=quote)
