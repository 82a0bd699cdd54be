"""Tidy tables of many records, and statistics over them (polars).

Importing this package imports polars: only the commands that need it (``stats``,
``export``) import it, inside the command, so that ``spadesctl --help`` stays fast.

- :mod:`~spadesctl.tables.schema`: the four tables' columns and types;
- :mod:`~spadesctl.tables.builder`: columnar builders, one DataFrame per batch;
- :mod:`~spadesctl.tables.adapter`: a replayed and scored game to rows;
- :mod:`~spadesctl.tables.corpus`: files to batches, in parallel across processes;
- :mod:`~spadesctl.tables.stats`: statistics by player, team, seat, game or event;
- :mod:`~spadesctl.tables.writers`: CSV, NDJSON and Parquet, written as batches come.
"""

from __future__ import annotations
