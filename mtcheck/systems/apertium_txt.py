"""Apertium's plain-text format, read and written as ``apertium-destxt`` and ``apertium-retxt`` do.

``apertium PAIR`` runs ``apertium-destxt | PIPELINE | apertium-retxt``. The deformatter drops NUL bytes, so
it cannot carry the null-flush marks that keep one case in one block of a long-lived pipeline: mtcheck
deformats and reformats each case itself, byte for byte as those two programs do (tests compare them on
random text). The rules: ``\\ [ ] ^ $ @ / < > { }`` are escaped with ``\\``; a run of blanks (space, tab,
``\\r``, ``\\n``, ``~``) other than one space is kept verbatim as a superblank ``[...]``; a period the tagger
reads as the end of a sentence, written ``.[]``, goes before a blank run that ends the text or holds a blank
line, or at the end of text that ends in a word. The reformatter undoes all three:
it unescapes, drops the brackets of superblanks and every ``.[]``.
"""
from __future__ import annotations

import re

#: Characters the deformatter escapes with a backslash.
ESCAPED = frozenset("\\[]^$@/<>{}")
#: A period the deformatter inserts as a sentence end, with the empty superblank that marks it.
SENTENCE_END = ".[]"
_BLANKS = re.compile(r"[ \t\n\r~]+")
_BLANK_LINE = re.compile(r"\n\n|\r\n\r\n")
_FORMATTED = re.compile(r"\\([\\\[\]^$@/<>{}])|\.\[\]|[\[\]]|(.)", re.S)


def _escape(text: str) -> str:
    return "".join("\\" + char if char in ESCAPED else char for char in text)


def deformat(text: str) -> str:
    """``text`` as ``apertium-destxt`` writes it (the stream the pipeline reads)."""
    parts: list[str] = []
    pos = 0
    for blank in _BLANKS.finditer(text):
        parts.append(_escape(text[pos : blank.start()]))
        run = blank.group()
        if blank.end() == len(text) or _BLANK_LINE.search(run):
            parts.append(SENTENCE_END)
        parts.append(" " if run == " " else f"[{run}]")
        pos = blank.end()
    parts.append(_escape(text[pos:]))
    if pos < len(text) or not text:
        parts.append(SENTENCE_END)
    return "".join(parts)


def reformat(stream: str) -> str:
    """The text ``apertium-retxt`` makes of the pipeline's output ``stream``."""
    return "".join(token.group(1) or token.group(2) or "" for token in _FORMATTED.finditer(stream))
