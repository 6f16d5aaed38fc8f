"""Every numeric option is checked at the command line: a value out of range is a usage error
(exit 2) naming the option and its range, before any work starts."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from dukec.cli import main

BAD = [
    (["play", "--ply-limit", "0"], "'--ply-limit': 0 is not in the range 1<=x<=1000000"),
    (["play", "--ply-limit", "-1"], "'--ply-limit': -1 is not in the range 1<=x<=1000000"),
    (["play", "--seed", "-1"], "'--seed': -1 is not in the range 0<=x<=18446744073709551615"),
    (["bench", "--ply-limit", "-1"], "'--ply-limit': -1 is not in the range 1<=x<=1000000"),
    (["bench", "--games", "0"], "'--games': 0 is not in the range x>=1"),
    (["bench", "--seed", "2" + "0" * 20], "'--seed': 2" + "0" * 20 + " is not in the range"),
    (["perft", "--depth", "-1"], "'--depth': -1 is not in the range 0<=x<=20"),
    (["perft", "--depth", "21"], "'--depth': 21 is not in the range 0<=x<=20"),
    (["balance", "--games", "0"], "'--games' / '-n': 0 is not in the range x>=1"),
    (["balance", "--seed", "-5"], "'--seed': -5 is not in the range 0<=x<=18446744073709551615"),
    (["balance", "--budget", "0"], "'--budget': 0 is not in the range x>=1"),
    (["balance", "--ply-limit", "0"], "'--ply-limit': 0 is not in the range 1<=x<=1000000"),
    (["balance", "--workers", "0"], "'--workers' / '-j': 0 is not in the range x>=1"),
    (["balance", "--elo-margin", "0"], "'--elo-margin': 0.0 is not in the range 0<x<=1000"),
    (["balance", "--width", "0.6"], "'--width': 0.6 is not in the range 0<x<=0.5"),
    (["balance", "--width", "nan"], "'--width': 'nan' is not a number"),
    (["value", "Footman", "--games", "0"], "'--games' / '-n': 0 is not in the range x>=2"),
    (
        ["value", "Footman", "--seed", "-1"],
        "'--seed': -1 is not in the range 0<=x<=18446744073709551615",
    ),
    (["value", "Footman", "--workers", "0"], "'--workers' / '-j': 0 is not in the range x>=1"),
    (["value", "Footman", "--budget", "0"], "'--budget': 0 is not in the range x>=1"),
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
