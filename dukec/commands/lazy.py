"""A click group whose commands are imported when first used, not when the program starts.

`dukec --help` lists every command with its one-line summary, and `dukec fmt` runs the fmt
command, without importing the modules of the other commands (the engine, the balance search,
rich, jsonschema): each command is named in a table with the module that defines it (in that
module's ``COMMANDS`` list) and the summary the listing shows, and its module is imported only
when the command itself is looked up.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any, NamedTuple

import click


class Entry(NamedTuple):
    """Where a command is defined, the summary ``--help`` lists for it (the first sentence of
    its help, as click would shorten it), and the heading it is listed under."""

    module: str
    summary: str
    group: str = "Designer's commands"


class LazyCommands(MutableMapping[str, click.Command]):
    """A group's commands by name: those of the table are imported on first lookup, those added
    as objects (``add_command``) are kept as they are."""

    def __init__(self, table: Mapping[str, Entry]) -> None:
        self.table = dict(table)
        self.loaded: dict[str, click.Command] = {}

    def __getitem__(self, name: str) -> click.Command:
        found = self.loaded.get(name)
        if found is not None:
            return found
        entry = self.table[name]  # KeyError: no such command
        command = find_command(entry.module, name)
        self.loaded[name] = command
        return command

    def __setitem__(self, name: str, command: click.Command) -> None:
        self.loaded[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self.table.pop(name, None)
        self.loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self.table, *self.loaded]))

    def __len__(self) -> int:
        return len(self.table.keys() | self.loaded.keys())

    def __contains__(self, name: object) -> bool:
        return name in self.table or name in self.loaded

    def summary(self, name: str) -> click.Command:
        """A stand-in with the command's summary as its help, or the command itself once it is
        loaded or when the table does not hold it: what the listing of commands reads."""
        if name in self.loaded or name not in self.table:
            return self[name]
        return click.Command(name, help=self.table[name].summary)


def find_command(module: str, name: str) -> click.Command:
    """The command called ``name`` in the ``COMMANDS`` list of ``module``."""
    commands: list[click.Command] = importlib.import_module(module).COMMANDS
    for command in commands:
        if command.name == name:
            return command
    raise LookupError(f"{module}.COMMANDS has no command {name!r}")


class LazyGroup(click.Group):
    """A group over a table of lazily imported commands (see the module docstring)."""

    commands: LazyCommands

    def __init__(self, name: str | None = None, *, table: Mapping[str, Entry], **kwargs: Any):
        super().__init__(name, **kwargs)
        self.commands = LazyCommands(table)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands as click does, each by its summary, under their headings in the
        table's order of first use: no module is imported."""
        shown = [(name, self.commands.summary(name)) for name in self.list_commands(ctx)]
        shown = [(name, command) for name, command in shown if not command.hidden]
        if not shown:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in shown)
        table = self.commands.table
        headings = list(dict.fromkeys(entry.group for entry in table.values()))
        for heading in headings:
            rows = [
                (name, command.get_short_help_str(limit))
                for name, command in shown
                if name in table and table[name].group == heading
            ]
            if rows:
                with formatter.section(heading):
                    formatter.write_dl(rows)
        others = [(n, c.get_short_help_str(limit)) for n, c in shown if n not in table]
        if others:
            with formatter.section("Commands"):
                formatter.write_dl(others)
