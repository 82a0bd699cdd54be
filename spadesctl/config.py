"""The configuration file: a league keeps its house rules once, beside its records.

``spadesctl.toml``, or the ``[tool.spadesctl]`` table of ``pyproject.toml``, in the
current directory or the nearest parent (the first directory holding either; in one
directory ``spadesctl.toml`` wins), as ruff finds its configuration.  It holds::

    rules = "standard nil=50"     # or a house-rules file: rules = "house.toml"
    select = ["SP3", "score-mismatch"]
    ignore = ["unknown-option"]
    jobs = 2

or the house rules as a table of their own (``[rules]``, or
``[tool.spadesctl.rules]``: ``preset = "standard"`` and keys).  A relative path is
relative to the configuration file.  Options on the command line win: ``--rules`` and
``--jobs`` replace the file's, ``--select`` replaces its ``select``, ``--ignore`` adds to
its ``ignore``.  ``--config PATH`` reads that file instead, ``--isolated`` none at all.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from spadesctl.errors import SpadesctlError

#: The file names looked for, in order, in each directory.
CONFIG_FILE: Final = "spadesctl.toml"
PYPROJECT: Final = "pyproject.toml"
_KEYS: Final = ("rules", "select", "ignore", "jobs")


class ConfigError(SpadesctlError, ValueError):
    """A configuration file that cannot be read or holds something wrong; the message
    starts with its path."""


@dataclass(frozen=True, slots=True)
class Config:
    """The settings of a configuration file (``None``/empty: not set)."""

    rules: str | None = None  # rules text, or the path of a house-rules file
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    jobs: int | None = None
    path: Path | None = None  # where they were read from


#: No configuration file.
NO_CONFIG: Final = Config()


def find_config(start: Path) -> Path | None:
    """The configuration file of ``start`` (a directory): its own, or its nearest
    parent's; a ``pyproject.toml`` counts only if it has a ``[tool.spadesctl]`` table."""
    for directory in (start, *start.parents):
        own = directory / CONFIG_FILE
        if own.is_file():
            return own
        project = directory / PYPROJECT
        if project.is_file() and _has_tool_table(project):
            return project
    return None


def _has_tool_table(path: Path) -> bool:
    try:
        tool = _read(path).get("tool", {})
    except ConfigError:
        return True  # a broken pyproject.toml is reported when it is read
    return isinstance(tool, Mapping) and "spadesctl" in tool


def _read(path: Path) -> dict[str, object]:
    try:
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not a valid TOML file: {exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not a valid TOML file: it is not UTF-8 text") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from None


def load_config(path: Path) -> Config:
    """The settings of one configuration file (``spadesctl.toml`` or a ``pyproject.toml``)."""
    data = _read(path)
    if path.name == PYPROJECT:
        tool = data.get("tool", {})
        table = tool.get("spadesctl", {}) if isinstance(tool, Mapping) else {}
    else:
        table = data
    if not isinstance(table, Mapping):
        raise ConfigError(f"{path}: [tool.spadesctl] must be a table")
    unknown = sorted(set(table) - set(_KEYS))
    if unknown:
        raise ConfigError(
            f"{path}: unknown setting {unknown[0]!r}; the settings: {', '.join(_KEYS)}"
        )
    return Config(
        rules=_rules(path, table.get("rules")),
        select=_names(path, "select", table.get("select")),
        ignore=_names(path, "ignore", table.get("ignore")),
        jobs=_jobs(path, table.get("jobs")),
        path=path,
    )


def _rules(path: Path, value: object) -> str | None:
    from spadesctl.rules.parse import RulesError, format_rules, rules_from_table

    if value is None:
        return None
    if isinstance(value, Mapping):
        try:
            return format_rules(rules_from_table(value))
        except RulesError as exc:
            raise ConfigError(f"{path}: rules: {exc}") from None
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{path}: rules must be rules text, a .toml file or a table")
    if value.strip().lower().endswith(".toml"):
        return str(path.parent / value.strip())
    return value


def _names(path: Path, setting: str, value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: {setting} must be a list of diagnostic names or codes")
    return tuple(value)


def _jobs(path: Path, value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(f"{path}: jobs must be a whole number, 0 or more")
    return value


def resolve_config(config: str | None, isolated: bool, cwd: Path | None = None) -> Config:
    """The settings a command runs with: none with ``isolated``; the file ``config``
    names; else the one found from ``cwd`` (the current directory) up."""
    if isolated:
        return NO_CONFIG
    if config is not None:
        return load_config(Path(config))
    found = find_config((cwd or Path.cwd()).absolute())
    return NO_CONFIG if found is None else load_config(found)


__all__ = [
    "CONFIG_FILE",
    "NO_CONFIG",
    "Config",
    "ConfigError",
    "find_config",
    "load_config",
    "resolve_config",
]
