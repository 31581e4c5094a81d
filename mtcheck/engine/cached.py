"""A property computed on first read and kept on the object, as :func:`functools.cached_property` is, without the
lock Python 3.11 takes on each first read (Python 3.12 dropped it): a run reads two per case."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached(Generic[T]):  # noqa: N801 - named like the decorator it replaces
    """``@cached`` on a method of a class whose objects have a ``__dict__`` (frozen dataclasses too): the first
    read calls it and stores the value in the object's ``__dict__``, which later reads find before this."""

    def __init__(self, compute: Callable[[Any], T]):
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value
