"""Read gettext message catalogues (``.mo`` files): real human translations of English UI messages.

A catalogue maps each English message (msgid) to its translation. Only plain messages are
kept: no context (msgctxt), no plural forms, no empty translation. Keyboard accelerators
(GTK's ``_Open``, KDE's ``&Open``) are removed from both sides, as a user never sees them.
"""
from __future__ import annotations

import hashlib
import re
import struct
from dataclasses import dataclass
from pathlib import Path

LOCALE_DIR = Path("usr/share/locale")
_MAGIC = {b"\xde\x12\x04\x95": "<", b"\x95\x04\x12\xde": ">"}
_CHARSET = re.compile(r"charset=([-\w]+)", re.IGNORECASE)
#: One accelerator marker before a letter or digit (GTK ``_``, KDE ``&``).
_ACCELERATOR = re.compile(r"[_&](?=\w)")


class CatalogueError(ValueError):
    """A ``.mo`` file that cannot be read: the message names the file and what is wrong."""


@dataclass(frozen=True)
class Catalogue:
    """One package's translations into one language."""

    package: str  # the catalogue's domain, e.g. ``coreutils``
    lang: str
    path: Path
    sha256: str
    messages: dict[str, str]  # English message -> translation, accelerators removed


def without_accelerator(text: str) -> str:
    """``text`` without its keyboard accelerator, when it has exactly one marker (``_Save`` -> ``Save``)."""
    return _ACCELERATOR.sub("", text) if len(_ACCELERATOR.findall(text)) == 1 else text


def _strings(data: bytes, order: str, count: int, table: int, path: Path) -> list[bytes]:
    out = []
    for index in range(count):
        length, offset = struct.unpack_from(f"{order}II", data, table + 8 * index)
        if offset + length > len(data):
            raise CatalogueError(f"{path}: string {index} lies past the end of the file (truncated .mo file?)")
        out.append(data[offset:offset + length])
    return out


def read_mo(path: Path) -> list[tuple[bytes, bytes]]:
    """Every ``(msgid, translation)`` pair of a ``.mo`` file as raw bytes, in the file's order."""
    data = path.read_bytes()
    order = _MAGIC.get(data[:4])
    if order is None or len(data) < 20:
        raise CatalogueError(f"{path}: not a gettext .mo file (bad magic number); give a compiled catalogue")
    _revision, count, originals, translations = struct.unpack_from(f"{order}IIII", data, 4)
    return list(zip(_strings(data, order, count, originals, path), _strings(data, order, count, translations, path)))


def _charset(pairs: list[tuple[bytes, bytes]]) -> str:
    header = dict(pairs).get(b"", b"").decode("ascii", errors="replace")
    found = _CHARSET.search(header)
    return found.group(1) if found and found.group(1).upper() != "CHARSET" else "utf-8"


def load_catalogue(path: Path, lang: str) -> Catalogue:
    """The plain messages of one ``.mo`` file; entries that do not decode in its declared charset are left out."""
    pairs = read_mo(path)
    charset = _charset(pairs)
    messages: dict[str, str] = {}
    for raw_id, raw_text in pairs:
        if not raw_id or b"\x04" in raw_id or b"\x00" in raw_id or not raw_text:
            continue  # the header, a message with context, or one with plural forms
        try:
            msgid, text = raw_id.decode(charset), raw_text.decode(charset)
        except (UnicodeDecodeError, LookupError):
            continue
        messages[without_accelerator(msgid)] = without_accelerator(text)
    return Catalogue(path.stem, lang, path, hashlib.sha256(path.read_bytes()).hexdigest(), messages)


def catalogue_paths(root: Path, lang: str) -> list[Path]:
    """The ``.mo`` files of ``lang`` under ``root/usr/share/locale``, sorted by name."""
    return sorted((root / LOCALE_DIR / lang / "LC_MESSAGES").glob("*.mo"))
