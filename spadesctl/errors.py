"""The errors spadesctl raises, one hierarchy split by meaning (as python-chess splits
its move errors).

Every error is a :class:`SpadesctlError`, and also an instance of the builtin a caller
would expect: a text that is not notation or a ruleset that cannot be played is a
:class:`ValueError`, a file that cannot be read or written an :class:`OSError`.  So
``except spadesctl.SpadesctlError`` catches whatever spadesctl refuses, and an existing
``except ValueError`` or ``except OSError`` keeps working.

- :class:`NotationSyntaxError`: text that is not valid notation (a card, a holding, a
  token of a line); the readers turn it into a positioned ``syntax-error`` diagnostic.
- :class:`RulesError`: a ruleset that cannot be played (unknown key, bad value,
  impossible mix), or a hand that cannot be scored under it.
- :class:`SpadesctlIOError`: a record that cannot be read (missing, a directory, binary
  data) or an output that cannot be written.

The specific errors subclass these where they are raised: ``NotationError`` (a token of
the grammar, :mod:`spadesctl.notation.parser`), ``ScoringError``
(:mod:`spadesctl.scoring`), ``RecordReadError`` (:mod:`spadesctl.notation`),
``BinaryFileError`` (:mod:`spadesctl.notation.reader`) and ``OutputError``
(:mod:`spadesctl.output`).  The library calls behind the commands refuse a request with
a :class:`SpadesctlError` that keeps its old builtin too: ``QueryError`` (stats),
``ExportError`` (a Parquet export), ``ConfigError``, ``SelectorError``
(``--select``/``--ignore``), ``ReportError``, ``UnknownKindError`` (explain) and
``UnknownFormatError`` (the format registries).
"""

from __future__ import annotations


class SpadesctlError(Exception):
    """Anything spadesctl refuses: bad notation, bad rules, a file it cannot use."""


class NotationSyntaxError(SpadesctlError, ValueError):
    """Text that is not valid notation: ``not a card: 'XH'``."""


class RulesError(SpadesctlError, ValueError):
    """An unknown key or preset, a bad value, or an impossible combination of keys.

    ``problems``: each problem found on its own (rules text with two bad keys has two);
    the message joins them.
    """

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems or (message,)

    @classmethod
    def of(cls, problems: list[str]) -> RulesError:
        """The error of every problem in ``problems`` (at least one)."""
        return cls("; also ".join(problems), tuple(problems))


class SpadesctlIOError(SpadesctlError, OSError):
    """A record that cannot be read, or an output that cannot be written."""


def unreadable(exc: OSError, what: str = "record file") -> str:
    """Why a file could not be opened or read, in words to follow its name and a colon
    (``no such file``; ``is a directory, not a record file``; ``permission denied``)."""
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return f"is a directory, not a {what}"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return f"cannot be read ({exc.strerror or exc})"


__all__ = ["NotationSyntaxError", "RulesError", "SpadesctlError", "SpadesctlIOError", "unreadable"]
