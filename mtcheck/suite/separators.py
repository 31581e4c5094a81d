"""Find Unicode line separators written raw in a suite file, which YAML would not keep as written.

PyYAML follows YAML 1.1, where U+0085 (NEXT LINE), U+2028 (LINE SEPARATOR) and
U+2029 (PARAGRAPH SEPARATOR) end a line like ``\\n``: a raw NEL inside a quoted
text is folded into a space, any of them splits a plain text or a comment, and
each shifts the line numbers of everything after it. YAML 1.2 readers and most
editors take them as ordinary characters. Written as an escape in a
double-quoted string (``"a\\Nb"``) each is read the same way everywhere, so a
raw one is an error with that fix rather than text silently changed.
:func:`dump_yaml` writes suites that way (PyYAML's own dump writes a raw NEL,
which it then reads back as a space).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from mtcheck.errors import Problem
from mtcheck.safety.files import read_regular

#: Each separator, its Unicode name, and its escape in a double-quoted YAML string.
SEPARATORS = {
    "\x85": ("NEXT LINE", "\\N"),
    "\u2028": ("LINE SEPARATOR", "\\L"),
    "\u2029": ("PARAGRAPH SEPARATOR", "\\P"),
}


def separator_problems(path: Path) -> list[Problem]:
    """One problem per kind of separator written raw in ``path``, at its first place (lines counted by ``\\n``).

    A file that cannot be read or decoded gives none: the YAML reader reports why.
    """
    try:
        text = read_regular(path).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return []
    problems = []
    for char, (name, escape) in SEPARATORS.items():
        offset = text.find(char)
        if offset < 0:
            continue
        line_start = text.rfind("\n", 0, offset) + 1
        count = text.count(char)
        times = f" ({count} times in the file)" if count > 1 else ""
        problems.append(Problem(
            str(path), text.count("\n", 0, offset) + 1, offset - line_start + 1,
            f"raw U+{ord(char):04X} ({name}){times}: YAML reads it as a line break, so the text would not be kept as written",
            f'write it as {escape} inside a double-quoted string, e.g. "a{escape}b"',
        ))
    return problems


class _Dumper(yaml.SafeDumper):
    """PyYAML's safe dumper, but a text holding a separator is double-quoted, where the emitter escapes it."""


def _represent_text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = '"' if any(char in text for char in SEPARATORS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _represent_text)


def dump_yaml(data: Any, width: int = 100) -> str:
    """``data`` as YAML for a suite file: UTF-8 text as written, keys in order, separators escaped, long text
    folded after about ``width`` columns."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=width)
