"""The ruleset keys, read from their declarations on :class:`~spadesctl.rules.Ruleset`.

:data:`KEYS` has one :class:`Key` per field of the ruleset (except ``name``, which is the
preset), in field order, each built from the field's declaration
(:func:`~spadesctl.rules.declare.key`).  ``Key.convert`` turns the text of a value into
the field's value, raising :class:`ValueError` that names the key and its valid values;
``Key.format`` writes a value back as the canonical text ``convert`` accepts.
:func:`docs_table` writes docs/rules.md's key table from the same declarations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Final

from spadesctl.quoting import quoted
from spadesctl.rules.declare import Alias, Express, KeyInfo, ValueKind
from spadesctl.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Key:
    """One ruleset key: its name (the field name), default, and what its declaration says
    (:class:`~spadesctl.rules.declare.KeyInfo`)."""

    name: str
    default: object
    kind: ValueKind
    meaning: str  # one line, as ``spadesctl rules`` prints it
    doc: str  # the docs table's "Meaning" cell
    source: str
    express: Express
    aliases: tuple[Alias, ...]

    @property
    def values(self) -> str:
        """The accepted values, as text for people (``yes, no``; ``0 or more, or off``)."""
        return self.kind.values

    def convert(self, text: str) -> object:
        """The value written ``text``; :class:`ValueError` naming the valid values if none."""
        try:
            return self.kind.parse(text.strip().lower())
        except ValueError:
            raise ValueError(
                f"bad value {quoted(text)} for {self.name}; valid values: {self.values}"
            ) from None

    def format(self, value: object) -> str:
        """The canonical text of ``value`` (what :meth:`convert` turns back into it)."""
        return self.kind.format(value)


def _key(name: str, default: object, info: KeyInfo) -> Key:
    return Key(
        name, default, info.kind, info.meaning, info.doc, info.source, info.express, info.aliases
    )


KEYS: Final[tuple[Key, ...]] = tuple(
    _key(f.name, f.default, f.metadata["key"]) for f in fields(Ruleset) if "key" in f.metadata
)

KEY_BY_NAME: Final[Mapping[str, Key]] = MappingProxyType({k.name: k for k in KEYS})

#: Older key names that still read, each with the key it sets and how.
ALIAS_BY_NAME: Final[Mapping[str, tuple[Key, Alias]]] = MappingProxyType(
    {a.name: (k, a) for k in KEYS for a in k.aliases}
)


def key_name(text: str) -> str:
    """The canonical spelling of a key as written (``Bag-Limit`` -> ``bag_limit``)."""
    return text.strip().lower().replace("-", "_")


def docs_table(presets: Mapping[str, Ruleset]) -> str:
    """docs/rules.md's key table: a row per key, with the presets that change it."""
    base = presets["standard"]
    lines = [
        "| Key | Values | Default | Meaning | Source | Express check | Changed by |",
        "|---|---|---|---|---|---|---|",
    ]
    for k in KEYS:
        changed = ", ".join(
            f"{name} `{k.format(getattr(rules, k.name))}`"
            for name, rules in presets.items()
            if getattr(rules, k.name) != getattr(base, k.name)
        )
        cells = (
            f"`{k.name}`",
            k.values,
            f"`{k.format(getattr(base, k.name))}`",
            k.doc + "".join(f" (`{a.name}` is an older spelling.)" for a in k.aliases),
            k.source,
            k.express.value,
            changed,
        )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
