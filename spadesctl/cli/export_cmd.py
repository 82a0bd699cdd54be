"""``spadesctl export``: one of the tables (games, hands, tricks, violations) to a file.

Batches are written as they come (Parquet in row groups), so a corpus of any size is
exported in bounded memory.  polars is imported inside the command only.
"""

from __future__ import annotations

import enum
from typing import Annotated

import typer

from spadesctl.cli.app import Command, app
from spadesctl.cli.choices import RegistryChoice
from spadesctl.cli.engine_options import AddressOption, EngineChoice, EngineOption, engine_of
from spadesctl.cli.errors import fail
from spadesctl.cli.options import (
    ConfigOption,
    IsolatedOption,
    JobsOption,
    PathsArgument,
    RulesOption,
    checked_rules,
    express_option,
    ruleset,
    settings,
)
from spadesctl.cli.progress import Progress
from spadesctl.cli.stats_cmd import record_inputs, report_failures
from spadesctl.emit import TABLE_FORMATS, choose_format
from spadesctl.output import is_standard_output


class PartitionBy(enum.Enum):
    """``--partition-by`` (``spadesctl.tables.shards.PARTITIONS``; a test keeps them equal)."""

    event = "event"
    date = "date"
    month = "month"
    file = "file"


class Table(enum.Enum):
    games = "games"
    hands = "hands"
    tricks = "tricks"
    violations = "violations"


@app.command(
    "export",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl export league/ --table hands -o hands.parquet
  spadesctl export league/ --table violations -o violations.csv
  spadesctl export game.spades --table tricks --format ndjson -o -
  spadesctl export archive/ --partition-by month -o shards/""",
)
def export(
    paths: PathsArgument,
    output: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The file to write (- for standard output, CSV and NDJSON only).",
        ),
    ],
    table: Annotated[Table, typer.Option("--table", help="Which table to export.")] = Table.hands,
    output_format: Annotated[
        str | None,
        typer.Option(
            "--format",
            click_type=RegistryChoice(TABLE_FORMATS.names),
            help=f"{TABLE_FORMATS.help()}.  [default: from the name of -o "
            f"({', '.join(TABLE_FORMATS.suffixes())}), else parquet]",
        ),
    ] = None,
    rules: RulesOption = None,
    default_rules: Annotated[
        str | None,
        typer.Option("--default-rules", hidden=True, metavar="RULES", callback=checked_rules),
    ] = None,
    partition_by: Annotated[
        PartitionBy | None,
        typer.Option(
            "--partition-by",
            help="Write -o DIR/ as hive-partitioned Parquet shards (DIR/month=2026-11/"
            "part-00000.parquet), one directory per value (docs/scale.md).",
        ),
    ] = None,
    jobs: JobsOption = 0,
    express: Annotated[
        bool,
        express_option(
            "Take the rows of the games the express check settles straight from it",
            "table",
            "builds every row",
        ),
    ] = True,
    engine: EngineOption = EngineChoice.local,
    address: AddressOption = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Export the games, hands, tricks or violations table to a file.

    For notebooks, DuckDB or a warehouse; the columns are described in docs/stats.md.
    Exits 0 when every game was exported, 1 when some could not be read (reported on
    standard error), 2 for usage and I/O errors.
    """
    try:
        fmt = choose_format(TABLE_FORMATS, output_format, output, "parquet")
    except ValueError as exc:
        fail(str(exc))
    if partition_by is not None and (fmt.name != "parquet" or is_standard_output(output)):
        fail("--partition-by writes Parquet shards into a directory: give -o DIR/")
    if fmt.binary and is_standard_output(output):
        others = " or ".join(f.name for f in TABLE_FORMATS if not f.binary)
        fail(
            f"{fmt.name} is a binary format and is not written to standard output: "
            f"give a file with -o, or choose --format {others}"
        )
    found = settings(config, isolated)
    chosen_engine = engine_of(engine, address)
    if default_rules is not None:
        typer.echo("spadesctl: warning: --default-rules is now --rules", err=True)
        rules = rules if rules is not None else default_rules
    default = ruleset(rules if rules is not None else found.rules)
    records, exports = record_inputs(paths)
    if exports:
        fail(f"{exports[0]}: export reads records, not Parquet files")

    from spadesctl.exporting import export_table
    from spadesctl.output import OutputError
    from spadesctl.tables.corpus import total_size
    from spadesctl.tables.schema import TABLE_NAMES
    from spadesctl.tables.shards import shard_key

    name = next(n for n in TABLE_NAMES if n == table.value)
    size = total_size(records)
    progress = Progress(max(size // 1024, 1), "exporting (KiB)", enabled=None if size else False)
    try:
        summary = export_table(
            records,
            name,
            fmt,
            output,
            rules=default,
            jobs=jobs or found.jobs or 0,
            progress=lambda read: progress.advance(read // 1024),
            express=express,
            partition_by=None if partition_by is None else shard_key(partition_by.value),
            engine=chosen_engine,
        )
    except OutputError as exc:
        progress.close()
        fail(str(exc))
    progress.close()
    report_failures(summary.failures, summary.games)
    dropped = summary.dropped_comments(name)
    if dropped is not None:
        typer.echo(f"spadesctl: warning: {dropped}", err=True)
    if not summary.written:
        typer.echo(f"spadesctl: error: {output} not written: an input cannot be read", err=True)
    raise typer.Exit(summary.status)
