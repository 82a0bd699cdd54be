"""A registry of named formats (record formats, output formats), looked up by name or
by a file's suffix, whose implementations are imported only when first used.

A format is declared by a frozen value (its name, suffixes, one line of help, and where
its code lives, ``"package.module:attribute"``); the command-line choices and help are
built from the registry, so adding a format is its module plus one ``register`` call.
The registries are module-level values, like :mod:`codecs`' search functions: the
formats that ship are registered when :mod:`spadesctl.record_formats` and
:mod:`spadesctl.emit` are imported, and a test or a plugin registers more with
:meth:`Registry.register` (:meth:`Registry.registered` undoes it at the end of a block).
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from pathlib import PurePath
from typing import Any, Generic, Protocol, TypeVar

from spadesctl.errors import SpadesctlError


class Named(Protocol):
    """What the registry needs of a format."""

    @property
    def name(self) -> str: ...
    @property
    def suffixes(self) -> tuple[str, ...]: ...
    @property
    def help(self) -> str: ...


F = TypeVar("F", bound=Named)


class UnknownFormatError(SpadesctlError, LookupError):
    """A format name that is not registered; the message lists those that are."""


def import_target(target: str) -> Any:
    """The object a ``"package.module:attribute"`` reference names (imported now)."""
    module, _, attribute = target.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


class Registry(Generic[F]):
    """Formats of one kind, in the order they were registered (the order of ``--help``)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._formats: dict[str, F] = {}

    def register(self, fmt: F) -> F:
        """Add ``fmt``; a second format of the same name is a mistake (``ValueError``)."""
        if fmt.name in self._formats:
            raise ValueError(f"{self.kind} format {fmt.name!r} is registered already")
        self._formats[fmt.name] = fmt
        return fmt

    def unregister(self, name: str) -> None:
        del self._formats[name]

    @contextlib.contextmanager
    def registered(self, fmt: F) -> Iterator[F]:
        """``fmt`` registered for the duration of the block (for tests)."""
        self.register(fmt)
        try:
            yield fmt
        finally:
            self.unregister(fmt.name)

    def __iter__(self) -> Iterator[F]:
        return iter(tuple(self._formats.values()))

    def __contains__(self, name: object) -> bool:
        return name in self._formats

    def names(self) -> tuple[str, ...]:
        return tuple(self._formats)

    def get(self, name: str) -> F:
        """The format called ``name``; :class:`UnknownFormatError` lists the others."""
        try:
            return self._formats[name]
        except KeyError:
            known = ", ".join(self._formats)
            raise UnknownFormatError(
                f"unknown {self.kind} format {name!r} (known: {known})"
            ) from None

    def for_name(self, path: str) -> F | None:
        """The format a file name's suffix says (``.PBN`` as ``.pbn``), if any."""
        suffix = PurePath(path).suffix.lower()
        if not suffix:
            return None
        return next((f for f in self if suffix in f.suffixes), None)

    def suffixes(self) -> tuple[str, ...]:
        """Every suffix of every format, in registration order."""
        return tuple(s for f in self for s in f.suffixes)

    def help(self) -> str:
        """``name: help; name: help`` for a ``--format`` option's help."""
        return "; ".join(f"{f.name}: {f.help}" for f in self)


__all__ = ["Named", "Registry", "UnknownFormatError", "import_target"]
