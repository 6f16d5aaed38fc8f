"""Commands of this area (filled in by its owner)."""

import click

COMMANDS: list[click.Command] = []
