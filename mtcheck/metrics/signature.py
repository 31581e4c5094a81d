"""A score's reproducibility signature, as fields: ``name|key:value|...`` in the sacrebleu style.

Caches, baselines and reports key on the string form, so ``str()`` of a
:class:`Signature` is the contract: the same settings give the same text,
byte for byte, from one release to the next.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Signature:
    """A metric's name and every setting and library version its value depends on, in order.

    Library versions are fields like any other, named after the library
    (``nltk:3.9``, ``mtcheck:0.1.0``; sacrebleu's own is ``version``). A value is
    text as written; it may hold ``|`` and ``:`` (SAM holds its base metric's
    whole signature as ``base:...``).
    """

    name: str
    fields: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, name: str, *fields: tuple[str, object]) -> Signature:
        """``Signature(name, fields)`` with each value written with ``str()``."""
        return cls(name, tuple((key, str(value)) for key, value in fields))

    def __str__(self) -> str:
        return "|".join([self.name, *(f"{key}:{value}" for key, value in self.fields)])

    def plus(self, *fields: tuple[str, object]) -> Signature:
        """This signature with ``fields`` added at the end."""
        return Signature.of(self.name, *self.fields, *fields)

    def ends_with(self, key: str, value: str) -> bool:
        """True when the text ends in ``|key:value`` (in the last field, or at the end of a value that holds a signature)."""
        return str(self).endswith(f"|{key}:{value}")


def fields_of(text: str) -> tuple[tuple[str, str], ...]:
    """The fields of ``key:value|key:value`` text another library formats (sacrebleu's signature)."""
    return tuple((key, value) for key, _, value in (part.partition(":") for part in text.split("|")))
