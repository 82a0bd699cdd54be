"""The exit status of every command: 0 clean, 1 problems found, 2 usage or I/O error."""

from __future__ import annotations

import enum


class ExitStatus(enum.IntEnum):
    CLEAN = 0
    PROBLEMS = 1
    USAGE = 2


__all__ = ["ExitStatus"]
