"""Fuzzing the command line: every command, on mutated records and with random option
values, exits 0, 1 or 2 and never prints a traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from spadesctl.cli import app
from tests.strategies import fuzz_rules_texts, fuzz_settings, mutated_records

pytest.importorskip("polars")

runner = CliRunner()
_FOLDER = tempfile.TemporaryDirectory(prefix="spadesctl-fuzz-cli-")

words = st.sampled_from(
    ["", "-", "x", "0", "-1", "999999999999", "99999999999999999999", "renege", "SP304",
     "nonsense", "2026-13-45", "player", "games", "win_rate", "a,b", ",", "\x00", "é"]
)  # fmt: skip


def choice(option: str, *values: str) -> st.SearchStrategy[tuple[str, str]]:
    return st.tuples(st.just(option), st.sampled_from(values))


#: (command, options drawn for it); the record file is added at the end.
commands = st.one_of(
    st.tuples(
        st.just(["check"]),
        st.lists(
            st.one_of(
                choice("--format", "text", "json", "ndjson", "xml"),
                st.tuples(st.sampled_from(["--select", "--ignore"]), words),
                st.tuples(st.just("--rules"), fuzz_rules_texts),
                st.tuples(st.just("--statistics")),
                choice("--jobs", "0", "1", "-1", "x", "99999999999999999999"),
            ),
            max_size=3,
        ),
    ),
    st.tuples(
        st.just(["score"]),
        st.lists(
            st.one_of(
                choice("--format", "text", "json", "csv", "xml"),
                st.tuples(st.sampled_from(["--explain", "--apply-penalties"])),
                st.tuples(st.just("--rules"), fuzz_rules_texts),
            ),
            max_size=3,
        ),
    ),
    st.tuples(
        st.just(["stats"]),
        st.lists(
            st.one_of(
                choice("--by", "player", "team", "seat", "game", "event", "x"),
                st.tuples(st.sampled_from(["--player", "--event", "--since", "--until"]), words),
                st.tuples(st.sampled_from(["--sort", "--columns", "--top"]), words),
                choice("--rules", "standard", "jjdd", "x"),
                st.tuples(st.just("--default-rules"), fuzz_rules_texts),
                choice("--format", "table", "csv", "json", "parquet"),
                st.tuples(st.just("--reverse")),
            ),
            max_size=3,
        ),
    ),
    st.tuples(
        st.just(["export", "-o", "-"]),
        st.lists(
            st.one_of(
                choice("--table", "games", "hands", "tricks", "violations"),
                choice("--format", "csv", "ndjson", "parquet"),
                st.tuples(st.just("--default-rules"), fuzz_rules_texts),
            ),
            max_size=3,
        ),
    ),
    st.tuples(
        st.just(["convert"]),
        st.lists(
            st.one_of(
                choice("--to", "spades", "pbn", "xml"),
                st.tuples(st.just("--rules"), fuzz_rules_texts),
            ),
            min_size=1,
            max_size=2,
        ),
    ),
    st.tuples(st.just(["fmt"]), st.lists(st.tuples(st.sampled_from(["--check"])), max_size=1)),
)  # fmt: skip


def _assert_clean_exit(args: list[str], stdin: bytes | None = None) -> None:
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        repr(result.exception),
    )
    assert "Traceback" not in result.output, args


@fuzz_settings(60)
@given(mutated_records(), commands)
def test_every_command_exits_cleanly_on_mutated_records(
    record: tuple[str, bytes], command: tuple[list[str], list[tuple[str, ...]]]
) -> None:
    name, data = record
    path = Path(_FOLDER.name) / name
    path.write_bytes(data)
    words, options = command
    args = [*words, *(part for option in options for part in option), str(path)]
    _assert_clean_exit(args)


@fuzz_settings(30)
@given(mutated_records(), st.sampled_from(["check", "score", "fmt"]))
def test_standard_input_exits_cleanly(record: tuple[str, bytes], command: str) -> None:
    _assert_clean_exit([command, "-"], stdin=record[1])


@fuzz_settings(30)
@given(fuzz_rules_texts)
def test_rules_command_exits_cleanly_on_any_rules_text(text: str) -> None:
    _assert_clean_exit(["rules", text])
    _assert_clean_exit(["generate", "--rules", text, "--hands-only"])
