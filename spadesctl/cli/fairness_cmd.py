"""``spadesctl fairness``: do the deals look like a fair shuffle?

The options are declared here; :func:`spadesctl.tables.query.run_fairness` does the work
(docs/stats.md, "Deal fairness", says how to read it).
"""

from __future__ import annotations

import sys
from dataclasses import replace

import typer

from spadesctl.cli import options as opt
from spadesctl.cli.app import Command, app
from spadesctl.cli.engine_options import AddressOption, EngineChoice, EngineOption, engine_of
from spadesctl.cli.errors import EXIT_CLEAN, EXIT_PROBLEMS, fail
from spadesctl.cli.game_filters import NO_FILTERS, GameFilters, game_filters
from spadesctl.cli.progress import Progress
from spadesctl.cli.stats_cmd import FormatOption, OutputOption, report_failures, report_filters


@app.command(
    "fairness",
    cls=Command,
    epilog="""Examples:

\b
  spadesctl fairness league/
  spadesctl fairness --player Ann league/
  spadesctl fairness --format csv -o tests.csv hands.parquet
  spadesctl fairness shards/ --engine ray --address head:6379""",
)
@game_filters("this player's hands")
def fairness(
    paths: opt.TablePathsArgument,
    filters: GameFilters = NO_FILTERS,
    rules: opt.RulesOption = None,
    output_format: FormatOption = None,
    output: OutputOption = None,
    jobs: opt.JobsOption = 0,
    engine: EngineOption = EngineChoice.local,
    address: AddressOption = None,
) -> None:
    """Test whether the recorded deals look like a fair shuffle.

    Per seat and player: spade length, high cards, aces, voids and jokers against their
    exact chance laws (chi-square, Holm-corrected), and runs of weak hands.  Exits 0 when
    every game was read (whatever the verdict), 1 when some could not be, 2 for usage
    and I/O errors.
    """
    from spadesctl.cli.stats_cmd import write_result
    from spadesctl.tables import query
    from spadesctl.tables.fairness import SHOWN_COLUMNS

    try:
        fmt = query.output_format(
            output_format.value if output_format is not None else None, output
        )
        result = query.run_fairness(
            tuple(paths),
            query.filters(*filters.values()),
            query.ruleset_option(rules),
            jobs,
            lambda total: Progress(total, "reading (KiB)", enabled=None),
            engine_of(engine, address),
        )
    except query.QueryError as exc:
        fail(str(exc))
    if fmt == "table":
        result = replace(result, table=result.table.select(SHOWN_COLUMNS))
    write_result(result, fmt, output)
    report_failures(result.failures, result.games_read)
    report_filters(result)
    sys.stdout.flush()
    raise typer.Exit(EXIT_PROBLEMS if result.failures else EXIT_CLEAN)
