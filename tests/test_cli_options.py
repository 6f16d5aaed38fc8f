"""Every numeric option is checked at the command line: a value out of range is a usage error
(exit 2) naming the option and its range, before any work starts."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from dukec.cli import main

BAD = [
    (["play", "--ply-limit", "0"], "'--ply-limit': 0 is not in the range 1<=x<=1000000"),
    (["play", "--ply-limit", "-1"], "'--ply-limit': -1 is not in the range 1<=x<=1000000"),
    (["play", "--seed", "-1"], "'--seed': -1 is not in the range 0<=x<=18446744073709551615"),
    (["bench", "--ply-limit", "-1"], "'--ply-limit': -1 is not in the range 1<=x<=1000000"),
    (["bench", "--games", "0"], "'--games': 0 is not in the range 1<=x<=1000000"),
    (["bench", "--seed", "2" + "0" * 20], "'--seed': 2" + "0" * 20 + " is not in the range"),
    (["perft", "--depth", "-1"], "'--depth': -1 is not in the range 0<=x<=20"),
    (["perft", "--depth", "21"], "'--depth': 21 is not in the range 0<=x<=20"),
    (["balance", "--games", "0"], "'--games' / '-n': 0 is not in the range 1<=x<=1000000"),
    (["balance", "--seed", "-5"], "'--seed': -5 is not in the range 0<=x<=18446744073709551615"),
    (["balance", "--budget", "0"], "'--budget': 0 is not in the range 1<=x<=1000000"),
    (["balance", "--ply-limit", "0"], "'--ply-limit': 0 is not in the range 1<=x<=1000000"),
    (["balance", "--workers", "0"], "'--workers' / '-j': 0 is not in the range 1<=x<=256"),
    (["balance", "--elo-margin", "0"], "'--elo-margin': 0.0 is not in the range 0<x<=1000"),
    (["balance", "--width", "0.6"], "'--width': 0.6 is not in the range 0<x<=0.5"),
    (["balance", "--width", "nan"], "'--width': 'nan' is not a number"),
    (["value", "Footman", "--games", "0"], "'--games' / '-n': 0 is not in the range 2<=x<=1000000"),
    (
        ["value", "Footman", "--seed", "-1"],
        "'--seed': -1 is not in the range 0<=x<=18446744073709551615",
    ),
    (["value", "Footman", "--workers", "0"], "'--workers' / '-j': 0 is not in the range 1<=x<=256"),
    (["value", "Footman", "--budget", "0"], "'--budget': 0 is not in the range 1<=x<=1000000"),
    (
        ["value", "Footman", "--evidence-games", "0"],
        "'--evidence-games': 0 is not in the range 1<=x<=50",
    ),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_numeric_options_out_of_range_are_usage_errors(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args, input="")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert f"Error: Invalid value for {message}" in result.stderr


HUGE = [
    (["balance", "-n", str(10**30)], "'--games' / '-n': 10" + "0" * 29 + " is not in the range"),
    (["bench", "--games", str(10**15)], "'--games': 1000000000000000 is not in the range"),
    (["balance", "--budget", str(10**12)], "'--budget': 1000000000000 is not in the range"),
    (["ladder", "--workers", "100000"], "'--workers' / '-j': 100000 is not in the range 1<=x<=256"),
    (["tune", "--candidates", "1001"], "'--candidates': 1001 is not in the range 1<=x<=1000"),
    (["tune", "--beam", "1001"], "'--beam': 1001 is not in the range 1<=x<=1000"),
    (["tune", "--screen-games", str(10**7)], "'--screen-games': 10000000 is not in the range"),
    (["fit-values", "-n", str(10**7)], "'--games' / '-n': 10000000 is not in the range 10<=x<="),
    (["value", "Footman", "--budget", "1000001"], "'--budget': 1000001 is not in the range"),
]


def _refusal(args: list[str]) -> click.UsageError:
    """The usage error parsing ``args`` raises: the command is never invoked, so a number that
    slipped through would fail the test at once instead of starting the work it names."""
    name, *rest = args
    with pytest.raises(click.UsageError) as caught:
        main.commands[name].make_context(name, rest)
    return caught.value


@pytest.mark.parametrize(("args", "message"), HUGE, ids=[" ".join(a)[:40] for a, _ in HUGE])
def test_numbers_too_large_are_usage_errors(args: list[str], message: str) -> None:
    error = _refusal(args)
    assert error.exit_code == 2
    assert f"Invalid value for {message}" in error.format_message()


def _numeric_options() -> list[tuple[str, click.Parameter]]:
    found = []
    for name, command in sorted(main.commands.items()):
        for param in command.params:
            if isinstance(param.type, click.types._NumberParamTypeBase):
                found.append((name, param))
    return found


NUMERIC = _numeric_options()


def test_every_numeric_option_is_bounded_above_and_below() -> None:
    assert len(NUMERIC) >= 40
    unbounded = [
        f"{name} {param.opts[0]}"
        for name, param in NUMERIC
        if not isinstance(param.type, click.types._NumberRangeBase)
        or param.type.min is None
        or param.type.max is None
    ]
    assert unbounded == []


@pytest.mark.parametrize(
    ("name", "param"), NUMERIC, ids=[f"{name} {param.opts[0]}" for name, param in NUMERIC]
)
def test_one_past_every_upper_bound_is_refused_before_any_work(
    name: str, param: click.Parameter
) -> None:
    assert isinstance(param.type, click.types._NumberRangeBase)
    command = main.commands[name]
    arguments = ["Footman" for p in command.params if isinstance(p, click.Argument) and p.required]
    assert param.type.max is not None
    past = param.type.max + (1 if isinstance(param.type, click.IntRange) else 0.5)
    error = _refusal([name, *arguments, param.opts[0], str(past)])
    assert error.exit_code == 2
    assert "is not in the range" in error.format_message()


def test_a_refusal_reads_as_one_error_line() -> None:
    # The options are checked in the order given; the second one is out of range whatever
    # else is, so that no run can start here.
    args = ["balance", "-n", str(10**30), "--ply-limit", "0"]
    result = CliRunner().invoke(main, args, input="")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines()[-1] == (
        f"Error: Invalid value for '--games' / '-n': {10**30} is not in the range 1<=x<=1000000."
    )
