"""The exit status of every command: 0 clean, 1 problems found, 2 usage or I/O error."""

from __future__ import annotations

import enum


class ExitStatus(enum.IntEnum):
    CLEAN = 0
    PROBLEMS = 1
    USAGE = 2

    @classmethod
    def of(cls, failed: object, problems: object) -> ExitStatus:
        """2 when an input or the output ``failed`` (a true count), else 1 when
        ``problems`` were found, else 0."""
        if failed:
            return cls.USAGE
        return cls.PROBLEMS if problems else cls.CLEAN


__all__ = ["ExitStatus"]
