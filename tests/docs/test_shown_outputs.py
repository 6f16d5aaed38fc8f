"""An output a page shows under a `dukec value` command names the player that command uses: the
one its ``--policy`` gives, else the real default (the examples run shrunk, so the figures
themselves are not compared)."""

from __future__ import annotations

import itertools
import re
import shlex

import pytest

from dukec.api import DEFAULT_POLICY
from tests.docs.blocks import Block, blocks, pages

#: A value report's header line: ``search, 1000 games (500 pairs), seed 1, ...``.
HEADER = re.compile(r"^(?P<policy>[\w@.+=-]+), (?P<games>\d+) games")


def shown() -> list[tuple[Block, Block]]:
    """Each shell block of `dukec value` commands with the output block just after it."""
    found: list[tuple[Block, Block]] = []
    for page in pages():
        every = blocks(page)
        found.extend(
            (command, output)
            for command, output in itertools.pairwise(every)
            if command.lang == "sh" and output.lang == "text" and "dukec value" in command.body
        )
    return found


def policies(block: Block) -> set[str]:
    """The policies the block's `dukec value` commands play (their --policy, else the default)."""
    found: set[str] = set()
    for line in block.body.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        if words[:2] != ["dukec", "value"]:
            continue
        given = [value for flag, value in itertools.pairwise(words) if flag == "--policy"]
        found.add(given[-1] if given else DEFAULT_POLICY)
    return found


def test_some_value_output_is_shown() -> None:
    assert any(HEADER.match(line) for _, output in shown() for line in output.body.splitlines())


@pytest.mark.parametrize(("command", "output"), shown(), ids=lambda block: block.where)
def test_a_value_output_names_the_policy_its_command_plays(command: Block, output: Block) -> None:
    played = policies(command)
    for line in output.body.splitlines():
        if header := HEADER.match(line):
            assert header["policy"] in played, f"{output.where}: {line[:60]}... from {played}"
